"""A whole game at /play in Chromium, by clicking: one irregularity called and ruled right, one illegal
card tried and refused, then play to the end of the game. Screenshots at phone and desktop widths."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from test_browser import (
    PHONE,
    form_heights,
    open_stage,
    shoot,
    smallest,
    tap_targets,
    too_small,
)

from ecarte_tutor.rulebook import default_rulebook
from ecarte_tutor.table import Game
from ecarte_tutor.table.truth import truth as drill_truth
from ecarte_tutor.web import tokens

SECRET = "browser-tests"  # the key the session's servers sign with (conftest.py: BROWSER_SECRET)


def game_of(url: str) -> Game:
    token = parse_qs(urlsplit(url).query)["g"][0]
    return Game.replay(tokens.opened(token, SECRET), default_rulebook())


def click(tab, locator) -> None:
    with tab.expect_navigation():
        locator.click()


def first_move(tab) -> None:
    """The first thing the tab offers: a card, a discard of one card, or the first button."""
    cards = tab.locator("#your-hand button.cardbtn")
    if cards.count():
        click(tab, cards.first)
        return
    discard = tab.locator("form.discard")
    if discard.count():
        discard.locator("input[type=checkbox]").first.check()
        click(tab, discard.get_by_role("button", name="Throw out and draw"))
        return
    click(tab, tab.locator("form.choice-form button").first)


def call_the_referee(tab) -> None:
    """Answer the interview with what really happened, as the game knows it, by clicking."""
    game = game_of(tab.url)
    truth = drill_truth(game, game.open)
    click(tab, tab.locator("#call-referee"))
    for _ in range(12):
        if tab.locator("#question").count() == 0:
            break
        fact = tab.locator("form.step-form button[name]").first.get_attribute("name")
        label = next(c["label"] for c in game.book.facts[fact]["choices"] if c["value"] == truth[fact])
        open_stage(tab, label)
        click(tab, tab.get_by_role("button", name=label, exact=True))
    assert "You saw it right" in tab.locator("#grade").inner_text()
    assert "Law 17" in tab.locator("#grade").inner_text()
    shoot(tab, "play-referee-ruling")
    click(tab, tab.locator("#ruling-form button").filter(has_text="A fresh deal").first)


def try_an_illegal_card(tab) -> bool:
    """Where a card must follow a lead and some cards may not: try one in "let me try" mode."""
    if "Play to the trick" not in tab.locator("#decision-title").inner_text():
        return False
    legal = {b.get_attribute("value") for b in tab.locator("#your-hand button.cardbtn").all()}
    held = tab.locator("#your-hand .card").count()
    if held <= len(legal):
        return False
    before = tab.url
    click(tab, tab.locator("#let-me-try"))
    illegal = [b for b in tab.locator("#your-hand button.cardbtn").all() if b.get_attribute("value") not in legal]
    click(tab, illegal[0])
    refusal = tab.locator("#refusal")
    assert "The referee refuses" in refusal.inner_text() and "Law " in refusal.inner_text()
    # nothing changed: the page the refusal answers (a move is a POST) shows the game of the page before
    shown = tab.locator("#share-link").input_value()
    assert parse_qs(urlsplit(shown).query)["g"] == parse_qs(urlsplit(before).query)["g"]
    tab.goto(before)
    return True


def test_play_a_whole_game_by_clicking(page, base_url):
    page.goto(f"{base_url}/play/")
    page.get_by_label("Beginner: plays legal but plain cards").check()
    page.get_by_label("The tutor deals first").check()
    page.locator("#field-drills").select_option("dealer-six")
    page.locator("#field-seed").fill("0")
    click(page, page.get_by_role("button", name="Deal the first hand"))
    assert page.locator("#tutor-seat .card.back").count() == 6  # the tutor dealt itself six cards
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "play-game")
    page.locator("#why summary").click()
    assert page.locator("#why li").count() >= 2

    call_the_referee(page)
    assert "The referee has ruled (Law 17" in page.locator("#called").inner_text()
    assert "Deal 2" in page.locator("main").inner_text()

    refused = False
    for _ in range(500):
        if page.locator("#result").count():
            break
        if not refused:
            refused = try_an_illegal_card(page)
        first_move(page)
    else:
        raise AssertionError("the game did not end")
    assert refused, "no chance to try an illegal card in the whole game"
    assert "win" in page.locator("#result").inner_text()
    click(page, page.locator("#summary-link"))
    assert "called the referee 1 time" in page.locator("#drill-count").inner_text()


def test_the_game_is_played_without_javascript(browser_context, base_url):
    tab = browser_context.new_page()
    try:
        tab.route("**/*.js", lambda route: route.abort())
        tab.goto(f"{base_url}/play/new?level=beginner&dealer=tutor&seed=4")
        story = tab.locator("#story").inner_text()
        first_move(tab)
        assert tab.locator("#story").inner_text() != story  # the move was made by a plain form
        assert tab.locator("#share-link").count() == 1 and tab.locator("[data-copy]").is_hidden()
    finally:
        tab.close()


def test_each_kind_of_decision_fits_a_phone(page, base_url):
    """The game's decisions at 390×844 (propose or play, the cards to throw out, the card to play), as the
    game goes: each within two screens, everything a finger taps in it at least 44×44 px."""
    seen: dict = {}
    for seed in range(6):
        page.goto(f"{base_url}/play/new?level=beginner&dealer=tutor&seed={seed}")
        for _ in range(40):
            if page.locator("#result").count() or len(seen) == 3:
                break
            kind = ("discard" if page.locator("form.discard").count() else
                    "card" if page.locator("#your-hand button.cardbtn").count() else "choice")
            if kind not in seen:
                targets, height = tap_targets(page, "#decision"), max(form_heights(page, "#decision", unfold=True))
                seen[kind] = (height, targets)
                print(f"play decision ({kind}) at 390x844: {height:.0f} px tall; {len(targets)} tap targets, "
                      f"smallest {smallest(targets)}")
                shoot(page, f"form-play-{kind}")
                assert too_small(targets) == [], f"{kind}: tap targets under 44 px on a phone"
                assert height <= 2 * PHONE["height"]
            first_move(page)
        if len(seen) == 3:
            break
    assert set(seen) == {"choice", "discard", "card"}, f"only {sorted(seen)} met in six games"


def _first_choice(game: Game) -> dict:
    """The learner's first legal choice, as a move (a discard: the first card he may throw out)."""
    choice = {k: v for k, v in game.decision().choices[0].items() if k in ("do", "card", "from")}
    if choice["do"] == "discard":
        choice["cards"] = choice.pop("from")[:1]
    return choice


def _just_before(ends) -> tuple[Game, dict]:
    """A game one move of the learner's before ``ends(game)`` holds, and that move."""
    book = default_rulebook()
    game = Game.start(book, seed=2, level="beginner", first_dealer="tutor")
    while game.decision() is not None:
        before, move = Game.replay(game.record(), book), _first_choice(game)
        assert game.play(move) is None
        if ends(game):
            return before, move
    raise AssertionError("it never happened")


def _make(tab, move: dict) -> None:
    """Make ``move`` on the page by clicking, as a finger would."""
    if move["do"] == "card":
        click(tab, tab.locator(f'#your-hand button.cardbtn[value="{move["card"]}"]'))
    elif move["do"] == "discard":
        form = tab.locator("form.discard")
        form.locator(f'input[type=checkbox][value="{move["cards"][0]}"]').check()
        click(tab, form.get_by_role("button", name="Throw out and draw"))
    else:
        click(tab, tab.locator(f'form.choice-form:has(input[name="do"][value="{move["do"]}"]) button'))


def _in_view(tab, selector: str) -> bool:
    box = tab.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= tab.viewport_size["height"]


def test_the_live_region_says_how_a_deal_and_the_game_ended_and_the_score_stays_in_view(page, base_url):
    from playwright.sync_api import expect  # here: without playwright the fixtures skip the test, saying why

    for ends, said in ((lambda g: len([h for h in g.hands if h.answer]) == 1, r"^Deal 1 is over: you score \d+, "
                        r"the tutor \d+\."), (lambda g: g.over, r"(You win|The tutor wins), (\d+) to (\d+)\.")):
        before, move = _just_before(ends)
        page.goto(f"{base_url}/play/game?g={tokens.seal(before.record(), SECRET)}")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the learner's thumb is down at his hand
        _make(page, move)
        assert _in_view(page, "#score"), "the score line is out of view after the move"
        expect(page.locator("#announce")).to_have_text(re.compile(said))  # site.js fills it once loaded
        found = re.search(said, page.locator("#announce").text_content())
        if found.lastindex == 3:  # the game's end: the winner's score first, as the result line says it
            winner, won, lost = found.groups()
            assert int(won) > int(lost)
            assert page.locator("#result").inner_text().startswith(found.group(0))
