"""The session cookie: malformed content ignored, a counter against older copies, a year's expiry, no caching,
and redirects that never name the Host the client sent."""
import base64
import json
import re
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime

import pytest

from ecarte_tutor.web.lessons import PROGRESS_KEY

STEP = "/lessons/01-pack-and-ranking/4"  # an exercise: QS is the right answer, 7S a wrong one


def signed(app, raw: bytes) -> str:
    """A cookie carrying the app's valid signature over ``raw`` (what only a holder of the key could make)."""
    serializer = app.session_interface.get_signing_serializer(app)
    payload = base64.urlsafe_b64encode(raw).rstrip(b"=")
    return serializer.make_signer(serializer.salt).sign(payload).decode()


@pytest.mark.parametrize("raw", [
    b'"a string"', b"[1, 2, 3]", b"42", b"null", b"not json", b'{" t": [1]}', b'{"x": {" unknown-tag": 1}}',
    b'{"x": {" d": "not a date"}}', b'{"progress": {"seq": "9", "lessons": {"01-pack-and-ranking": "x"}}}',
    b'{"progress": [1, 2]}',
])
@pytest.mark.parametrize("url", ["/lessons/", STEP, "/lessons/01-pack-and-ranking/1"])
def test_a_signed_but_malformed_cookie_is_ignored_like_a_forged_one(app, client, raw, url):
    client.set_cookie("session", signed(app, raw))
    assert client.get(url).status_code == 200
    assert client.post(STEP, data={"cards": ["QS"]}).status_code == 200
    assert progress(client)["lessons"]["01-pack-and-ranking"]["first_try"] == [4]  # counted from nothing


def test_the_signing_helper_makes_cookies_the_app_accepts(app, client):
    """The test above would prove nothing if its cookies failed their signature instead."""
    client.set_cookie("session", signed(app, json.dumps({PROGRESS_KEY: {"seq": 3, "lessons": {
        "01-pack-and-ranking": {"done": [4], "first_try": [4], "missed": []}}}}).encode()))
    assert "1 of 4 exercises right first time" in client.get("/lessons/").get_data(as_text=True)


def progress(client) -> dict:
    with client.session_transaction() as session:
        return session[PROGRESS_KEY]


def page_seq(response) -> int:
    return int(re.search(r'name="seq" value="(\d+)"', response.get_data(as_text=True)).group(1))


def test_an_older_cookie_cannot_earn_right_first_time_again(client):
    before = client.get_cookie("session")  # no progress yet
    page = client.get(STEP)
    wrong = client.post(STEP, data={"cards": ["7S"], "seq": page_seq(page)})
    assert wrong.status_code == 200 and progress(client)["lessons"]["01-pack-and-ranking"]["missed"] == [4]
    newer = client.get_cookie("session").value
    # Put back the cookie from before the wrong answer and answer right from the page now shown.
    if before is None:
        client.delete_cookie("session")
    response = client.post(STEP, data={"cards": ["QS"], "seq": page_seq(wrong)})
    assert response.status_code == 409
    assert "not counted" in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers  # the newer progress in the browser is left alone
    client.set_cookie("session", newer)
    right = client.post(STEP, data={"cards": ["QS"], "seq": page_seq(wrong)})
    assert right.status_code == 200
    assert progress(client)["lessons"]["01-pack-and-ranking"]["first_try"] == []  # right, but not first time


def test_an_answer_from_an_older_page_is_counted_against_the_newer_progress(client):
    old_page = client.get(STEP)
    client.post(STEP, data={"cards": ["7S"], "seq": page_seq(old_page)})
    response = client.post(STEP, data={"cards": ["QS"], "seq": page_seq(old_page)})  # Back, then answer again
    assert response.status_code == 200
    lesson = progress(client)["lessons"]["01-pack-and-ranking"]
    assert lesson["done"] == [4] and lesson["first_try"] == []


@pytest.mark.parametrize("seq", ["", "x", "-1", "1" * 40, "٣"])
def test_an_unreadable_page_counter_is_no_counter(client, seq):
    assert client.post(STEP, data={"cards": ["QS"], "seq": seq}).status_code == 200


def test_the_cookie_says_it_lasts_a_year(client):
    response = client.post(STEP, data={"cards": ["QS"]})
    cookie = response.headers["Set-Cookie"]
    expires = parsedate_to_datetime(re.search(r"Expires=([^;]+)", cookie).group(1))
    assert expires - datetime.now(UTC) > timedelta(days=364)
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_the_cookie_is_sent_again_only_when_progress_changes(client):
    client.post(STEP, data={"cards": ["QS"]})
    assert "Set-Cookie" not in client.get("/lessons/").headers


@pytest.mark.parametrize("method, url", [("GET", "/lessons/"), ("GET", STEP), ("POST", STEP),
                                         ("GET", "/lessons/01-pack-and-ranking/"), ("POST", "/lessons/reset")])
def test_pages_that_read_or_set_the_session_are_not_cached(client, method, url):
    client.post(STEP, data={"cards": ["QS"]})
    response = client.open(url, method=method, data={"cards": ["QS"]})
    assert response.headers["Cache-Control"] == "private, no-store"
    assert "Cookie" in response.headers.get("Vary", "")


@pytest.mark.parametrize("url", ["/", "/rules", "/legal/", "/api/openapi.json"])
def test_pages_that_ignore_the_session_stay_cacheable(client, url):
    client.post(STEP, data={"cards": ["QS"]})
    assert "no-store" not in client.get(url).headers.get("Cache-Control", "")


@pytest.mark.parametrize("method, url, target", [
    ("GET", "/lessons", "/lessons/"), ("GET", "/casebook", "/casebook/"), ("GET", "/dispute?x=1", "/dispute/?x=1"),
    ("POST", "/lessons/reset", "/lessons/"),
])
def test_redirects_are_relative_whatever_the_host_header(client, method, url, target):
    response = client.open(url, method=method, headers={"Host": "evil.example"})
    assert response.status_code in (301, 302, 303, 307, 308)
    assert response.headers["Location"] == target
