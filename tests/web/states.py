"""The states of the lesson exercises no link reaches (issue 43): a rank-order exercise part-way through
(each tap is a GET carrying the order so far: ``?order=KH+QH+JH``), and each kind's form sent with no
answer (its message). Found by following the pages' own taps through the test client, so a new
rank-order step, or a new kind, is walked as soon as a lesson has it.
"""
from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

from ecarte_tutor.lessons.model import load_lessons
from ecarte_tutor.rulebook import default_rulebook

TAP = re.compile(r'<button type="submit" class="tap" name="order" value="([^"]*)"')


def _steps() -> list[tuple[str, str]]:
    """(url, kind) of every exercise step of every lesson."""
    return [(f"/lessons/{lesson.id}/{step.index}", step.exercise.kind)
            for lesson in load_lessons(None, default_rulebook()) for step in lesson.steps if step.exercise]


def rank_order_states(app) -> list[str]:
    """Every state of every rank-order exercise: none placed, then one more card placed each time (the
    first card left, tapped), to all placed."""
    client = app.test_client()
    found = []
    for url, kind in _steps():
        if kind != "rank-order":
            continue
        state = url
        while True:
            found.append(state)
            taps = TAP.findall(client.get(state).get_data(as_text=True))
            if not taps:
                break
            state = f"{url}?{urlencode({'order': unescape(taps[0])})}"
    return found


def one_step_of_each_kind() -> dict[str, str]:
    """The first exercise step of each kind: kind → url."""
    kinds: dict[str, str] = {}
    for url, kind in _steps():
        kinds.setdefault(kind, url)
    return kinds


def send_empty(tab, url: str) -> None:
    """Send the exercise's answer form as it stands (nothing chosen): the page answers with its message."""
    button = tab.locator("form.step-form button[type=submit]:not([name])").first
    if button.count() and button.is_enabled():
        button.click()
        tab.wait_for_load_state()
        if hasattr(tab, "problems"):  # the browser logs the form's 400 as an error: expected here
            tab.problems[:] = [p for p in tab.problems if "status of 400" not in p]


def every_step() -> list[str]:
    """Every step of every lesson: its words differ from step to step (a table, a long word), where the crawl
    samples two."""
    return [f"/lessons/{lesson.id}/{step.index}" for lesson in load_lessons(None, default_rulebook())
            for step in lesson.steps]
