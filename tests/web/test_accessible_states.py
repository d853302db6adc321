"""Issue 43, read through the test client: the states of a page a reader meets part-way (an exercise half
done, a form sent back, the referee's questions, a refusal), each card heard by one name, each change of
state said in the title and the live region; and the glossary's index. The browser gate
(test_browser_a11y.py, test_browser_axe.py) walks the same states as drawn.
"""
from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import pytest
from itsdangerous import URLSafeSerializer
from states import one_step_of_each_kind, rank_order_states

from ecarte_tutor.rulebook import default_rulebook
from ecarte_tutor.table import Game
from ecarte_tutor.web import tokens

SUIT = re.compile("[♠♥♦♣]")


def title(page: str) -> str:
    return html.unescape(re.search(r"<title>(.*?)</title>", page, flags=re.S).group(1))


def said(page: str) -> str:
    return html.unescape(re.search(r'data-say="([^"]*)"', page).group(1))


def test_a_rank_order_card_is_named_by_its_content_alone(app, client):
    """The tap buttons had aria-label "K♥, king of hearts": axe's label-in-name failed on the placed cards,
    and eSpeak said the card twice. Their name is now their content: the card drawn, hidden, and its name."""
    states = rank_order_states(app)
    assert any("order=" in url for url in states) and len(states) >= 8
    for url in states:
        page = client.get(url).get_data(as_text=True)
        buttons = re.findall(r'<button type="(?:submit|button)" class="tap[^"]*"[^>]*>(.*?)</button>', page, flags=re.S)
        assert buttons, url
        for button in buttons:
            heard = re.sub(r"<[^>]+>", "", re.sub(r'<span[^>]*aria-hidden="true"[^>]*>.*?</span></span>|'
                                                  r'<span class="place" aria-hidden="true">\d+</span>', "", button))
            assert re.fullmatch(r"(ace|king|queen|knave|ten|nine|eight|seven) of (hearts|spades|diamonds|clubs)"
                                r"(, placed \d)?", heard), (url, heard)
        assert not re.search(r'class="tap(?: placed)?"[^>]*aria-label', page)


@pytest.mark.parametrize("kind", ["rank-order", "legal-cards", "score", "exchange", "trick-winner"])
def test_an_exercise_sent_with_no_answer_says_so_in_its_title_and_live_region(client, answer, kind):
    url = one_step_of_each_kind()[kind]
    before = title(client.get(url).get_data(as_text=True))
    sent = answer(url, {"tries": "0"})
    page = sent.get_data(as_text=True)
    assert sent.status_code == 400 and 'class="error-box" role="alert"' in page
    assert title(page).startswith("Please check your answer: ") and title(page) != before
    assert said(page).startswith("Please check your answer: ") and not SUIT.search(said(page))


def _token(game: Game) -> str:
    return URLSafeSerializer("test-secret", salt=tokens.SALT).dumps(game.record())


def _move(game: Game) -> None:
    choice = dict(game.decision().choices[0])
    if choice["do"] == "discard":
        choice["cards"] = choice["from"][:1]
    assert game.play(choice) is None


def test_the_referees_refusal_says_the_card_in_words(client):
    """ "The referee refuses: 8♠" was said as "8 spade suit" in the heading, the title and the live region."""
    game = Game.start(default_rulebook(), seed=0, level="beginner", first_dealer="tutor")
    for _ in range(200):
        decision, state = game.decision(), game.current.state
        if state.phase == "play" and state.current and not decision.off_turn:
            legal = {choice.get("card") for choice in decision.choices}
            illegal = [str(card) for card in decision.view.hand if str(card) not in legal]
            if illegal:
                break
        _move(game)
    response = client.post("/play/move", data={"g": _token(game), "do": "card", "card": illegal[0]})
    page = response.get_data(as_text=True)
    heading = re.search(r'<h2 id="refusal-title"[^>]*>(.*?)</h2>', page, flags=re.S).group(1)
    assert re.search(r'<span class="sr">(ace|king|queen|knave|ten|nine|eight|seven) of \w+</span>', heading)
    assert re.search(r"The referee refuses: (ace|king|queen|knave|ten|nine|eight|seven) of \w+", title(page))
    assert not SUIT.search(title(page)) and not SUIT.search(said(page)) and said(page).startswith("The referee refuses")


def test_each_question_of_the_referee_changes_the_title_and_is_said(client):
    game = Game.start(default_rulebook(), seed=4, level="beginner", first_dealer="tutor")
    token = _token(game)
    page = client.get(f"/play/referee?g={token}").get_data(as_text=True)
    first = html.unescape(re.search(r'<h2 id="question">(.*?)</h2>', page).group(1))
    assert title(page).startswith(first) and said(page) == ""
    kinds = set()
    for name, value in re.findall(r'<button type="submit" name="([a-z_]+)" value="([^"]*)"', page):
        after = client.get(f"/play/referee?g={token}&{urlencode({name: html.unescape(value)})}").get_data(as_text=True)
        assert title(after) != title(page) and said(after) and said(after) in title(after)
        if 'id="question"' in after:
            second = html.unescape(re.search(r'<h2 id="question">(.*?)</h2>', after).group(1))
            assert said(after).startswith("You answered: ") and said(after).endswith(second)
        kinds.add('id="question"' in after)
    assert kinds == {True, False}, "some answers lead to a question, some to the referee's word"


def test_the_glossary_opens_with_an_index_and_marks_its_headwords(client):
    page = client.get("/glossary").get_data(as_text=True)
    index = re.search(r'<nav class="jump" aria-label="Glossary by letter">(.*?)</nav>', page, flags=re.S).group(1)
    letters = re.findall(r'href="#(letter-[A-Z])"', index)
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    assert len(letters) >= 10 and set(letters) <= ids
    terms = re.findall(r'<dt id="([^"]+)"><dfn>', page)
    assert len(terms) == page.count("<dt ") and set(re.findall(r'<li><a href="#([^"]+)">', page)) >= set(terms)
    assert page.index("Glossary by letter") < page.index("<dt "), "the index comes first"


def test_printed_pages_leave_out_the_menu_bar():
    from pathlib import Path

    import ecarte_tutor

    css = (Path(ecarte_tutor.__file__).parent / "static" / "css" / "site.css").read_text(encoding="utf-8")
    printed = re.search(r"@media print \{(.*?)\n\}", css, flags=re.S).group(1)
    assert re.search(r"\.top\b[^{]*\{ display: none", printed) or re.search(r"\.top,[^{]*\{ display: none", printed)


# A form of each kind sent back with its message, as a reader sends it: each says so in its title and its live
# region (base.html says "Please check the form", or the error, where a page says nothing of its own).
SENT_BACK = [("get", "/play/new?seed=abc", None, "Please check the form"),
             ("post", "/progress/resume", {"code": "ZZZZ"}, "A resume code has 20 letters"),
             ("post", "/progress/erase", {}, "Tick the box to confirm"),
             ("post", "/marque/", {"player1": "", "player2": ""}, "Please check the form"),
             ("get", "/dispute/?no_such_fact=1", None, "No ruling for these facts: "),
             ("get", "/legal/exchange?stock=40&elder_discards=x", None, "Please check the form"),
             ("get", "/legal/trick?trump=H&led=JS&followed=ZZ&step=1", None, "Please check the form")]


@pytest.mark.parametrize("method, url, data, words", SENT_BACK, ids=[url for _, url, _, _ in SENT_BACK])
def test_every_form_sent_back_says_so_in_its_title_and_live_region(client, answer, method, url, data, words):
    answer("/lessons/01-pack-and-ranking/4", {"cards": ["7S"]})  # a learner, so that his progress has its forms
    response = getattr(client, method)(url, data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and 'role="alert"' in page
    assert said(page).startswith(words) and title(page).startswith(said(page) + " · ")
    assert not SUIT.search(said(page))


@pytest.mark.parametrize("query", ["q=revoke", "q=zzzzqq", "law=43", "page=2"])
def test_a_casebook_search_says_what_it_found(client, query):
    """A status filled as the page loads is not read out: the search's outcome begins the title and is said."""
    page = client.get(f"/casebook/?{query}").get_data(as_text=True)
    assert re.search(r"cases? match|match some|Page \d+ of \d+", said(page)) and title(page).startswith(said(page))


def test_a_hand_entered_on_the_score_sheet_is_said(client):
    """After a hand is entered the sheet comes back with the standing said: "Game 1: Anne 1, Bob 0. …" """
    from test_marque import hand, start

    sheet = start(client)
    assert said(client.get(sheet).get_data(as_text=True)) == ""
    entered = hand(client, sheet, dealer="Anne", tricks_elder="3", tricks_dealer="2")
    assert entered.status_code == 303 and "entered=1" in entered.headers["Location"]
    page = client.get(entered.headers["Location"]).get_data(as_text=True)
    assert re.match(r"Game 1: Anne \d+, Bob \d+\.", said(page)) and title(page).startswith(said(page))


def test_a_title_with_cards_in_it_says_them_in_words(client):
    """A case's title ("The K♠ written twice in the stock") was the page's <title> as it is: "K spade suit"."""
    from data_under_test import LIBRARY
    from heard import unspoken

    cases = [case for case in LIBRARY.scenarios if SUIT.search(case.title)]
    assert len(cases) >= 3
    for case in cases:
        said_title = title(client.get(f"/casebook/{case.id}").get_data(as_text=True))
        assert unspoken(said_title) == [] and re.search(r"(king|queen|knave|ace|ten|nine|eight|seven) of", said_title)


def test_each_tap_of_an_order_says_the_order_so_far(app, client):
    """Each tap of a rank-order exercise is a page of its own: its title and live region say the order so far, in
    words, so that a screen reader hears what the tap did."""
    states = [url for url in rank_order_states(app) if "order=" in url]
    assert len(states) >= 8
    for url in states:
        page = client.get(url).get_data(as_text=True)
        placed = url.split("order=")[1].count("+") + 1
        assert said(page).startswith("Your order, highest first: ") and title(page).startswith(said(page)), url
        assert len(re.findall(r"(?:king|queen|knave|ace|ten|nine|eight|seven) of \w+", said(page))) == placed, url
        assert not SUIT.search(said(page))


def test_undoing_every_tap_or_starting_again_says_the_order_is_empty(app, client):
    """"Start again" (and "Undo the last" on the only card placed) send an empty order: the page says so, where a
    first visit, nothing yet done, says nothing."""
    url = next(url for url in rank_order_states(app) if "order=" in url)
    cleared = url.split("order=")[0] + "order=" + "&".join(url.split("order=")[1].split("&")[1:])
    page = client.get(cleared).get_data(as_text=True)
    assert said(page) == "No card placed yet: tap the highest card." and title(page).startswith(said(page))
    assert said(client.get(url.split("?")[0]).get_data(as_text=True)) == ""
