"""The session cookie: malformed content ignored, a counter against older copies, a year's expiry, no caching,
and redirects that never name the Host the client sent."""
import base64
import json
import re
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime

import pytest
from conftest import progress_of
from data_under_test import LIBRARY

from ecarte_tutor.lessons import expected_answer
from ecarte_tutor.web.progress import LEARNER

STEP = "/lessons/01-pack-and-ranking/4"  # an exercise: QS is the right answer, 7S a wrong one


def signed(app, raw: bytes) -> str:
    """A cookie carrying the app's valid signature over ``raw`` (what only a holder of the key could make)."""
    serializer = app.session_interface.get_signing_serializer(app)
    payload = base64.urlsafe_b64encode(raw).rstrip(b"=")
    return serializer.make_signer(serializer.salt).sign(payload).decode()


@pytest.mark.parametrize("raw", [
    b'"a string"', b"[1, 2, 3]", b"42", b"null", b"not json", b'{" t": [1]}', b'{"x": {" unknown-tag": 1}}',
    b'{"x": {" d": "not a date"}}', b'{"progress": {"seq": "9", "lessons": {"01-pack-and-ranking": "x"}}}',
    b'{"progress": [1, 2]}', b'{"learner": 42}', b'{"learner": "no-such-learner"}',
])
@pytest.mark.parametrize("url", ["/lessons/", STEP, "/lessons/01-pack-and-ranking/1", "/progress/"])
def test_a_signed_but_malformed_cookie_is_ignored_like_a_forged_one(app, client, raw, url):
    client.set_cookie("session", signed(app, raw))
    assert client.get(url).status_code == 200
    assert client.post(STEP, data={"cards": ["QS"], "seq": "0"}).status_code == 200
    assert progress_of(app, client).lesson("01-pack-and-ranking").first_try == {4}  # counted from nothing


def test_an_earlier_releases_cookie_is_taken_into_the_store_once(app, client):
    """The cookie of earlier releases held the whole progress; its learner keeps it (and the cookie proves the
    signing helper makes cookies the app accepts: the test above would prove nothing otherwise)."""
    client.set_cookie("session", signed(app, json.dumps({"progress": {"seq": 3, "lessons": {
        "01-pack-and-ranking": {"done": [4], "first_try": [4], "missed": []}},
        "practice": [["play.head-the-trick", 2]]}}).encode()))
    old_cookie = client.get_cookie("session").value
    store = app.extensions["ecarte_tutor_store"]
    before = store.status().learners
    for _ in range(3):  # read, again and again: shown from the cookie, nothing made
        assert "1 of 4 exercises right first time" in client.get("/lessons/").get_data(as_text=True)
    assert store.status().learners == before
    assert client.post("/lessons/01-pack-and-ranking/1").status_code == 303  # an act: the learner is made
    with client.session_transaction() as session:
        assert "progress" not in session and session[LEARNER]
        key = session[LEARNER]
    progress = progress_of(app, client)
    assert progress.seq == 4 and set(progress.reviews) == {"play.head-the-trick"}
    assert progress.lesson("01-pack-and-ranking").done == {1, 4}
    assert "2 of 4" not in client.get("/lessons/").get_data(as_text=True)
    for _ in range(3):  # the old cookie sent again (a client that keeps no new cookie): the same learner
        client.set_cookie("session", old_cookie)
        assert client.post("/lessons/01-pack-and-ranking/1").status_code == 303
        with client.session_transaction() as session:
            assert session[LEARNER] == key
    assert store.status().learners == before + 1, "one learner for one old cookie, however often it comes"


def test_an_earlier_releases_cookie_answers_from_the_page_it_draws(app, client):
    """The page is drawn from the cookie's progress (its counter, 3): its answer counts, on top of it."""
    client.set_cookie("session", signed(app, json.dumps({"progress": {"seq": 3, "lessons": {
        "01-pack-and-ranking": {"done": [1], "first_try": [], "missed": []}}}}).encode()))
    page = client.get(STEP)
    assert page_seq(page) == 3
    assert client.post(STEP, data={"cards": ["QS"], "seq": page_seq(page)}).status_code == 200
    lesson = progress_of(app, client).lesson("01-pack-and-ranking")
    assert lesson.done == {1, 4} and lesson.first_try == {4}


def page_seq(response) -> int:
    return int(re.search(r'name="seq" value="(\d+)"', response.get_data(as_text=True)).group(1))


def test_an_older_cookie_cannot_earn_right_first_time_again(app, client):
    client.post("/lessons/01-pack-and-ranking/1")  # a step read: the learner exists, and the cookie names him
    before = client.get_cookie("session").value
    page = client.get(STEP)
    wrong = client.post(STEP, data={"cards": ["7S"], "seq": page_seq(page)})
    assert wrong.status_code == 200 and progress_of(app, client).lesson("01-pack-and-ranking").missed == {4}
    client.set_cookie("session", before)  # put back the cookie from before the wrong answer
    right = client.post(STEP, data={"cards": ["QS"], "seq": page_seq(wrong)})
    assert right.status_code == 200  # counted, against the server's progress: right, but not first time
    lesson = progress_of(app, client).lesson("01-pack-and-ranking")
    assert 4 in lesson.done and lesson.first_try == frozenset()


def test_a_page_from_progress_this_browser_no_longer_has_is_a_409(app, client):
    page = client.get(STEP)
    wrong = client.post(STEP, data={"cards": ["7S"], "seq": page_seq(page)})
    client.delete_cookie("session")  # as after erasing: this browser names no learner
    response = client.post(STEP, data={"cards": ["QS"], "seq": page_seq(wrong)})
    assert response.status_code == 409 and "not counted" in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers  # nothing was made or changed
    assert progress_of(app, client).seq == 0


def test_an_answer_from_an_older_page_of_the_same_exercise_is_a_409(app, client):
    old_page = client.get(STEP)
    client.post(STEP, data={"cards": ["7S"], "seq": page_seq(old_page)})
    response = client.post(STEP, data={"cards": ["QS"], "seq": page_seq(old_page)})  # Back, then answer again
    assert response.status_code == 409 and "answered since this page was drawn" in response.get_data(as_text=True)
    lesson = progress_of(app, client).lesson("01-pack-and-ranking")
    assert lesson.missed == {4} and lesson.done == frozenset()
    again = client.post(STEP, data={"cards": ["QS"], "seq": page_seq(response)})  # from the page the 409 drew
    assert again.status_code == 200
    assert progress_of(app, client).lesson("01-pack-and-ranking").first_try == frozenset()


def test_answers_from_two_tabs_on_two_exercises_both_count(app, client):
    other = "/lessons/01-pack-and-ranking/5"
    first, second = client.get(STEP), client.get(other)  # two tabs, drawn from the same progress
    assert page_seq(first) == page_seq(second)
    assert client.post(STEP, data={"cards": ["QS"], "seq": page_seq(first)}).status_code == 200
    exercise = LIBRARY.lessons[0].step(5).exercise
    right = exercise.handler.form_data(exercise, expected_answer(exercise, LIBRARY.book))
    assert client.post(other, data={**right, "seq": page_seq(second)}).status_code == 200
    assert progress_of(app, client).lesson("01-pack-and-ranking").first_try == {4, 5}


@pytest.mark.parametrize("seq", [None, "", "x", "-1", "1" * 40, "٣"])
def test_a_missing_or_unreadable_page_counter_is_a_409(app, client, seq):
    data = {"cards": ["QS"]} if seq is None else {"cards": ["QS"], "seq": seq}
    response = client.post(STEP, data=data)
    assert response.status_code == 409
    assert "without the page's progress counter" in response.get_data(as_text=True).replace("&#39;", "'")
    assert progress_of(app, client).seq == 0


def test_the_cookie_says_it_lasts_a_year(client):
    response = client.post(STEP, data={"cards": ["QS"], "seq": "0"})
    cookie = response.headers["Set-Cookie"]
    expires = parsedate_to_datetime(re.search(r"Expires=([^;]+)", cookie).group(1))
    assert expires - datetime.now(UTC) > timedelta(days=364)
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_the_cookie_is_sent_again_only_when_progress_changes(client):
    client.post(STEP, data={"cards": ["QS"], "seq": "0"})
    assert "Set-Cookie" not in client.get("/lessons/").headers


@pytest.mark.parametrize("method, url", [("GET", "/lessons/"), ("GET", STEP), ("POST", STEP),
                                         ("GET", "/lessons/01-pack-and-ranking/"), ("POST", "/lessons/reset")])
def test_pages_that_read_or_set_the_session_are_not_cached(client, method, url):
    client.post(STEP, data={"cards": ["QS"], "seq": "0"})
    response = client.open(url, method=method, data={"cards": ["QS"]})
    assert response.headers["Cache-Control"] == "private, no-store"
    assert "Cookie" in response.headers.get("Vary", "")


@pytest.mark.parametrize("url", ["/", "/rules", "/legal/", "/api/openapi.json"])
def test_pages_that_ignore_the_session_stay_cacheable(client, url):
    client.post(STEP, data={"cards": ["QS"], "seq": "0"})
    assert "no-store" not in client.get(url).headers.get("Cache-Control", "")


@pytest.mark.parametrize("method, url, target", [
    ("GET", "/lessons", "/lessons/"), ("GET", "/casebook", "/casebook/"), ("GET", "/dispute?x=1", "/dispute/?x=1"),
    ("POST", "/lessons/reset", "/lessons/"),
])
def test_redirects_are_relative_whatever_the_host_header(client, method, url, target):
    response = client.open(url, method=method, headers={"Host": "evil.example"})
    assert response.status_code in (301, 302, 303, 307, 308)
    assert response.headers["Location"] == target
