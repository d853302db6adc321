"""Issue 43 by ear and by keyboard, in Chromium: the check of what a screen reader is handed, read from the
browser's own accessibility tree (tests/web/heard.py); each change of state said; and the tasks done with Tab, Space
and Enter alone, the focus landing on what changed.

Every state the browser gate walks (test_browser_axe.PAGES) is heard on the gate's own visit of it
(test_browser_axe.test_every_family_at_phone_and_desktop: heard.said_and_heard), not loaded a second time here.
"""
from __future__ import annotations

import heard
import pytest
from states import one_step_of_each_kind
from test_browser_axe import _game_in_play, _token


@pytest.fixture(scope="module")
def tab(browser_context):
    """One page for the module's visits (a new page each costs more than the visit)."""
    page = browser_context.new_page()
    yield page
    if not browser_context.hung:
        page.close(run_before_unload=True)


def test_the_check_hears_what_a_screen_reader_would_misread(page, base_url):
    """heard.misheard finds a drawn card read raw, a card code, a suit alone, a card said twice, two names run
    together and a title with a card in it; the notation help, quoted typing and a text box's value are the player's
    keys, and pass."""
    page.goto(base_url + "/legal/")
    assert heard.misheard(page) == []
    page.evaluate("""() => { const main = document.querySelector('main');
        const p = document.createElement('p'); p.textContent = 'Lead A♥ then QS; trumps ♠.'; main.append(p);
        const b = document.createElement('button'); b.setAttribute('aria-label', 'ace of hearts, ace of hearts');
        main.append(b); document.title = 'You played 7♣';
        const q = document.createElement('p'); q.innerHTML = 'Throw out <span class="sr">king of spades</span>' +
            '<span class="sr">seven of spades</span>'; main.append(q); }""")
    found = heard.misheard(page)
    for piece in ("A♥", "QS", "♠.", "ace of hearts, ace of hearts", "7♣", "king of spadesseven"):
        assert any(piece in f for f in found), (piece, found)
    page.goto(base_url + "/legal/trick?trump=H&led=JS&followed=ZZ&step=1")
    page.problems.clear()  # the 400 itself
    page.get_by_role("textbox").first.fill("Q♠")
    assert heard.misheard(page) == [], "the notation help and the player's typing are his keys"


def _title_and_said(tab) -> tuple[str, str]:
    tab.wait_for_function("() => document.getElementById('announce').textContent.length > 0", timeout=3000)
    said = tab.evaluate(heard.SAID)
    assert said["title"].startswith(said["region"]), said
    assert heard.unspoken(said["region"]) == [], said
    return said["title"], said["region"]


def test_a_wrong_answer_of_each_exercise_kind_is_said(tab, browser_context, base_url):
    """Sent with nothing chosen, every kind of exercise says so in its title and live region (not only its alert)."""
    refused = []
    for kind, url in one_step_of_each_kind().items():
        browser_context.clear_cookies()
        tab.goto(base_url + url)
        before = tab.title()
        button = tab.locator("form.step-form button[type=submit]:not([name])").first
        if not button.count() or not button.is_enabled():  # an order sent only whole, a choice by its own button
            continue
        refused.append(kind)
        with tab.expect_navigation():
            button.click()
        title, said = _title_and_said(tab)
        assert title != before and said.startswith(("Please check your answer", "Not yet")), (kind, title, said)
    assert len(refused) >= 6, refused


def test_a_game_is_played_by_keyboard_and_each_move_is_said(tab, browser_context, base_url):
    """At /play, Tab reaches the hand and Enter plays a card; the page comes back at the table (#answer), the move
    said in the live region and the title, and the next Tab goes on from there, not from the top of the page."""
    browser_context.clear_cookies()
    tab.goto(base_url + f"/play/game?g={_token(_game_in_play())}")
    before = tab.title()
    for _ in range(80):
        tab.keyboard.press("Tab")
        if tab.evaluate("document.activeElement.matches('#your-hand button.cardbtn')"):
            break
    else:
        pytest.fail("Tab never reaches a card of the hand")
    heard_card = tab.evaluate("document.activeElement.querySelector('.sr').textContent")
    with tab.expect_navigation():
        tab.keyboard.press("Enter")
    assert tab.url.endswith("#answer")
    title, said = _title_and_said(tab)
    assert title != before and heard_card in said, (heard_card, said)
    tab.keyboard.press("Tab")
    assert tab.evaluate("!!document.activeElement.closest('#answer') || "
                        "!!(document.getElementById('answer').compareDocumentPosition(document.activeElement) & 4)"), \
        "the next Tab goes on from the table, not from the top of the page"


def test_a_lesson_exercise_by_keyboard_lands_on_its_feedback(tab, browser_context, base_url):
    """Tab to a card, Space to tick it, Enter on the button: the feedback is said, and Tab goes on from it."""
    browser_context.clear_cookies()
    tab.goto(base_url + "/lessons/01-pack-and-ranking/4")
    for _ in range(80):
        tab.keyboard.press("Tab")
        if tab.evaluate("document.activeElement.matches('[data-picker=cards] input')"):
            break
    else:
        pytest.fail("Tab never reaches a card to tick")
    tab.keyboard.press("Space")
    for _ in range(40):
        tab.keyboard.press("Tab")
        if tab.evaluate("document.activeElement.matches('form.step-form button[type=submit]')"):
            break
    with tab.expect_navigation():
        tab.keyboard.press("Enter")
    title, said = _title_and_said(tab)
    assert said and tab.locator("#feedback").count() == 1
    tab.keyboard.press("Tab")
    assert tab.evaluate("!(document.getElementById('answer').compareDocumentPosition(document.activeElement) & 2)"), \
        "the next Tab goes on from the answer, not from the top of the page"


@pytest.mark.parametrize("path", ["/play/", "/lessons/01-pack-and-ranking/4", "/legal/", "/dispute/", "/marque/",
                                  "a game", "a score sheet"])
def test_tab_goes_through_the_page_and_out_again(tab, browser_context, base_url, path):
    """No focus trap: Tab visits each control once and comes round to the start (or leaves the page)."""
    import marque_states

    browser_context.clear_cookies()
    tab.goto(base_url + (f"/play/game?g={_token(_game_in_play())}" if path == "a game" else
                         "/marque/" if path == "a score sheet" else path))
    if path == "a score sheet":
        marque_states.start_sheet(tab, tab.url)
    count = tab.evaluate("""() => [...document.querySelectorAll(
        'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]')]
        .filter(e => e.checkVisibility() && !e.disabled && e.tabIndex >= 0).length""")
    seen = []
    for _ in range(count + 5):
        tab.keyboard.press("Tab")
        here = tab.evaluate("""() => { const e = document.activeElement;
            return e === document.body ? 'body' : e.outerHTML.slice(0, 90); }""")
        if seen and here in (seen[0], "body"):
            assert len(seen) >= count / 3, f"Tab left after {len(seen)} of {count} controls"  # radios: one stop a group
            break
        assert here not in seen[-3:], f"the focus is stuck at {here}"
        seen.append(here)
    else:
        pytest.fail(f"Tab did not come round after {len(seen)} stops ({count} controls)")


def _tab_to(tab, selector: str, stops: int = 80) -> None:
    for _ in range(stops):
        tab.keyboard.press("Tab")
        if tab.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
    pytest.fail(f"Tab never reaches {selector}")


def test_the_dispute_interview_by_keyboard(tab, browser_context, base_url):
    """The first question's answers are folded by the moment of the hand: Tab to a moment, Enter opens it, Tab to an
    answer, Enter sends it. The next question (or the ruling) is said, and Tab goes on from it, not from the top."""
    browser_context.clear_cookies()
    tab.goto(base_url + "/dispute/")
    _tab_to(tab, "details.stage summary")
    tab.keyboard.press("Enter")
    _tab_to(tab, "details.stage[open] button[type=submit]")
    answer = tab.evaluate("document.activeElement.textContent.trim()")
    with tab.expect_navigation():
        tab.keyboard.press("Enter")
    title, said = _title_and_said(tab)
    assert said.startswith((f"You answered: {answer}", "The ruling: ")) and tab.url.endswith("#answer"), said
    tab.keyboard.press("Tab")
    assert tab.evaluate("!(document.getElementById('answer').compareDocumentPosition(document.activeElement) & 2)"), \
        "the next Tab goes on from the question, not from the top of the page"
