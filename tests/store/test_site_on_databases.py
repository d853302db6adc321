"""The site under gunicorn on SQLite and on PostgreSQL: many tabs at once, a restart, a second device."""
import json
import re
import threading

import pytest
from data_under_test import LIBRARY

from ecarte_tutor.lessons import expected_answer
from store.databases import BACKENDS, database
from store.served import Browser, serving

EXERCISES = [(lesson, step) for lesson in LIBRARY.lessons for step in lesson.exercises][:12]


def right_form(step) -> dict:
    exercise = step.exercise
    return exercise.handler.form_data(exercise, expected_answer(exercise, LIBRARY.book))


def exported(browser) -> dict:
    return json.loads(browser.get("/progress/export.json"))


def at_once(calls) -> list:
    """Run every call in its own thread, all let go together; their results in order."""
    results, gate = [None] * len(calls), threading.Barrier(len(calls))

    def run(i, call):
        gate.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.fixture(scope="module", params=BACKENDS)
def site(request, tmp_path_factory, instances):
    """One server per database for the module's tests that need no restart (each is a learner of its own; a
    start takes seconds: two gunicorn workers warming up). Under pytest-xdist one worker runs the module
    (conftest.py at the root: together)."""
    folder = tmp_path_factory.mktemp("site")
    with database(request.param, folder) as url, \
            serving(url, folder / "instance", instances, "--workers", "2", "--threads", "4") as base:
        yield base


def test_twelve_tabs_answering_at_once_lose_nothing(site):
    browser = Browser(site)
    assert browser.request(f"/lessons/{LIBRARY.lessons[0].id}/1", {})[0] == 303  # a step read: the learner is made
    pages = [(f"/lessons/{lesson.id}/{step.index}", browser.seq(f"/lessons/{lesson.id}/{step.index}"), step)
             for lesson, step in EXERCISES]
    assert len({seq for _, seq, _ in pages}) == 1, "every tab drawn from the same progress"
    results = at_once([lambda url=url, seq=seq, step=step: browser.request(url, {**right_form(step), "seq": seq})
                       for url, seq, step in pages])
    assert [status for status, _, _ in results] == [200] * len(pages)
    progress = exported(browser)["progress"]
    assert progress["seq"] == 1 + len(pages)
    for lesson, step in EXERCISES:
        assert step.index in progress["lessons"][lesson.id]["first_try"]


def test_one_exercise_answered_from_six_tabs_at_once_counts_once(site):
    browser = Browser(site)
    assert browser.request(f"/lessons/{LIBRARY.lessons[0].id}/1", {})[0] == 303  # the learner is made
    lesson, step = EXERCISES[0]
    url = f"/lessons/{lesson.id}/{step.index}"
    seq = browser.seq(url)
    results = at_once([lambda: browser.request(url, {**right_form(step), "seq": seq})] * 6)
    assert sorted(status for status, _, _ in results) == [200] + [409] * 5
    assert all("not counted" in body for status, body, _ in results if status == 409)
    progress = exported(browser)["progress"]
    assert progress["seq"] == 2 and progress["lessons"][lesson.id]["first_try"] == [step.index]


def test_after_a_restart_progress_cookies_and_game_links_still_hold(database_url, tmp_path, instances):
    instance = tmp_path / "instance"
    lesson, step = EXERCISES[0]
    url = f"/lessons/{lesson.id}/{step.index}"
    with serving(database_url, instance, instances) as base:
        browser = Browser(base)
        wrong = {"cards": ["7S"], "seq": browser.seq("/lessons/01-pack-and-ranking/4")}
        assert browser.request("/lessons/01-pack-and-ranking/4", wrong)[0] == 200
        assert browser.request(url, {**right_form(step), "seq": browser.seq(url)})[0] == 200
        status, _, headers = browser.request("/play/new?level=beginner&dealer=tutor&seed=4")
        game_link = headers["Location"]
        code = re.search(r'id="resume-code">([^<]+)<', browser.request("/progress/code", {})[1]).group(1)
    assert (instance / "secret_key").exists()
    with serving(database_url, instance, instances) as base:  # a new start, with no key given: the kept one
        browser.base = base
        after = browser.get("/progress/")
        assert "1 rule due for review now" in after and "right first time" in after
        assert Browser(base).request("/progress/resume", {"code": code})[0] == 303, "its resume code still works"
        assert browser.request(game_link)[0] == 200, "a game link made before the restart still opens"


def test_a_second_device_takes_up_the_same_progress_with_the_resume_code(site):
    phone, laptop = Browser(site), Browser(site)
    assert phone.request("/lessons/01-pack-and-ranking/4",
                         {"cards": ["7S"], "seq": phone.seq("/lessons/01-pack-and-ranking/4")})[0] == 200
    status, page, _ = phone.request("/progress/code", {})
    code = re.search(r'id="resume-code">([^<]+)<', page).group(1)
    link = re.search(r'id="resume-link">([^<]+)<', page).group(1).replace("&amp;", "&")
    assert status == 200 and "<svg" in page and 'class="qr"' in page and link.endswith(f"/progress/resume#code={code}")
    assert "data-fragment-code" in laptop.get(link.split(site, 1)[1].split("#")[0])  # the page's script fills it in
    status, _, headers = laptop.request("/progress/resume", {"code": code.lower().replace("-", " ")})
    assert status == 303 and headers["Location"].startswith("/progress/")
    assert exported(laptop)["progress"] == exported(phone)["progress"]
    seq = laptop.seq("/lessons/01-pack-and-ranking/4")  # answered on the laptop, seen on the phone
    assert laptop.request("/lessons/01-pack-and-ranking/4", {"cards": ["QS"], "seq": seq})[0] == 200
    assert exported(phone)["progress"]["lessons"]["01-pack-and-ranking"]["done"] == [4]
