"""Every page speaks a player's language: no id, code or slug outside the folded "For referees" details.

The forbidden vocabulary is built from the data, so it grows with it: every rule id, remedy option
id, case id, source id, dispute fact name and hyphenated fact value, and every error code the code
can raise. Cards are named as a player writes them (Q♠), never by their API code (QS), except where
a page quotes what the user typed or explains how to type a card.
"""
from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import pytest
from data_under_test import BOOK, LIBRARY

import ecarte_tutor
from ecarte_tutor.cards import CARD_HELP, SUIT_HELP
from ecarte_tutor.web.casebook import reopen_url

PACKAGE = Path(ecarte_tutor.__file__).resolve().parent
RAISERS = {"QuestionError", "Illegal", "error_object"}


def error_codes() -> set[str]:
    """The first argument of every ``QuestionError(...)``, ``Illegal(...)`` and ``error_object(...)`` in the code."""
    codes = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in RAISERS and node.args:
                codes |= {n.value for n in ast.walk(node.args[0])
                          if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return codes | {case.expect["error"] for case in LIBRARY.scenarios if "error" in case.expect}


def vocabulary() -> set[str]:
    words = set(BOOK.rules) | set(BOOK.option_labels) | set(BOOK.sources) | error_codes()
    words |= {option["id"] for rule in BOOK.rules.values() for row in rule.decisions for option in row["options"]}
    words |= {case.id for case in LIBRARY.scenarios}
    for name, fact in BOOK.facts.items():
        words.add(name)
        words |= {choice["value"] for choice in fact.get("choices", ()) if isinstance(choice["value"], str)}
    # A word with no dot, hyphen or underscore ("rectify", "elder") is also plain English: it cannot be told apart.
    return {word for word in words if re.search(r"[.\-_]", word)}


VOCABULARY = vocabulary()
ID = re.compile(r"(?<![\w.\-/#])(" + "|".join(map(re.escape, sorted(VOCABULARY, key=len, reverse=True)))
                + r")(?![\w\-]|\.\w)")
CARD_CODE = re.compile(r"(?<![\w♠♥♦♣])(?:10|[KQJA987])[SHDC](?![\w])")
# What a player reads or hears: the text of the page and the labels read out for it.
SPOKEN = re.compile(r'\b(?:aria-label|title)="([^"]*)"')
SPOKEN_ONLY = re.compile(r'<span class="sr">([^<]*)</span>')  # the spoken form beside a drawn card
QUOTED = re.compile(r"“[^”]{0,40}”|\"[^\"]{0,40}\"|'[^'\s]{1,12}'")
NOTATION_HELP = (CARD_HELP, SUIT_HELP, "rank then suit: K Q J A 10 9 8 7 and S H D C")


def player_text(page_html: str) -> str:
    """The words of a page outside the referee's details, with the labels a screen reader speaks."""
    body = re.sub(r'<details class="referee".*?</details>', " ", page_html, flags=re.S)
    body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", body, flags=re.S)
    spoken = " ".join(SPOKEN.findall(body) + SPOKEN_ONLY.findall(body))
    body = re.sub(r'<span class="s-(?:red|black)">(.)</span>', r"\1", SPOKEN_ONLY.sub("", body))
    text = re.sub(r"<[^>]+>", " ", re.sub(r'<span aria-hidden="true">([^<]*)</span>', r"\1", body))
    return html.unescape(re.sub(r"\s+", " ", f"{text} {spoken}"))


def offenders(page_html: str) -> list[str]:
    """The ids, codes and card codes a player would meet on this page."""
    text = player_text(page_html)
    found = [match.group(0) for match in ID.finditer(text)]
    for help_text in NOTATION_HELP:
        text = text.replace(help_text, " ")
    found += [match.group(0) for match in CARD_CODE.finditer(QUOTED.sub(" ", text))]
    return sorted(set(found))


def test_the_check_finds_ids_and_card_codes_and_spares_the_referees_details():
    assert offenders("<p>Decided by <code>play.follow-suit</code>, law.43 and fresh-deal.</p>") == \
        ["fresh-deal", "law.43", "play.follow-suit"]
    assert offenders('<p>who led JS</p><span aria-label="bad-deal">x</span>') == ["JS", "bad-deal"]
    assert offenders(f'<p>{LIBRARY.scenarios[0].id}</p>') == [LIBRARY.scenarios[0].id]
    assert offenders('<details class="referee"><summary>For referees</summary><code>law.43</code> QS</details>') == []
    assert offenders("<p>Q♠ wins; you typed 'QS', “qs” is read as Q♠; law 43; a fresh deal.</p>") == []


def test_the_vocabulary_comes_from_the_data():
    for word in ("play.follow-suit", "law.43", "fresh-deal", "draw-surplus", "score-as-played", "bad-deal",
                 "dispute.law-9.elder-chooses-before-looking", "hoffmann-1909", "wrong-card-count", "elder_looked",
                 "card-not-in-hand", "internal-error"):
        assert word in VOCABULARY, word


def page_urls(app) -> list[str]:
    """One URL for every page a player can reach, each family and each entry of it."""
    urls = ["/", "/rules", "/rules/sources", "/laws", "/casebook/", "/dispute/", "/lessons/",
            "/legal/", "/legal/trick", "/legal/score", "/legal/exchange"]
    urls += [f"/rules{page}?profile={p}" for p in BOOK.profiles for page in ("", "/disagreements")]
    urls += [f"/rules/{rule_id}" for rule_id in BOOK.rules] + [f"/laws/{n}" for n in BOOK.laws]
    with app.app_context():
        casebook = app.extensions["ecarte_tutor"].casebook()
    urls += [f"/casebook/{case.id}" for case in LIBRARY.scenarios]
    urls += [f"/casebook/?law={n}" for n in casebook.laws()] + [f"/casebook/?kind={k}" for k in casebook.kinds()]
    pages = -(-len(casebook) // 25)
    urls += [f"/casebook/?page={n}" for n in range(2, pages + 1)]
    urls += ["/casebook/?q=renege", "/casebook/?q=two+cards+turned", "/casebook/?q=revoke+zzzz"]
    with app.test_request_context():
        urls += sorted({url for case in LIBRARY.scenarios if (url := reopen_url(case.question))})
    for lesson in LIBRARY.lessons:
        urls += [f"/lessons/{lesson.id}/"] + [f"/lessons/{lesson.id}/{step.index}" for step in lesson.steps]
    urls += [  # verdicts and forms sent back with their messages
        "/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S", "/legal/?trump=H&led=JS&hand=QS&hand=7S",
        "/legal/?trump=H&led=&hand=QS&hand=7S", "/legal/?trump=H&led=JS&hand=QS&hand=7S&card=KD",
        "/legal/?trump=H&led=QS&hand=QS", "/legal/?trump=H&led=JS&hand=ZZ&hand=7S", "/legal/?trump=X&led=JS&hand=QS",
        "/legal/?trump=H&led=JS&hand=QS&profile=mars", "/legal/trick?trump=H&led=JS&followed=QS",
        "/legal/trick?trump=H&led=JS&followed=JS", "/legal/trick?trump=H&led=KS",
        "/legal/score?elder_tricks=3&king_turned=on&before_elder=4&before_dealer=4",
        "/legal/score?elder_tricks=2&elder_played_without_proposing=on&dealer_refused_first_proposal=on",
        "/legal/exchange?stock=4&elder_discards=3&dealer_discards=2", "/legal/exchange?stock=40&elder_discards=x",
        # error pages
        "/nowhere", "/rules/no.such-rule", "/laws/99", "/rules?profile=mars", "/casebook/no.such-case",
        "/casebook/?page=two", "/casebook/?page=99", "/casebook/?law=99",
        "/dispute/?irregularity=revoke&no_such_fact=1", "/dispute/?irregularity=nonsense",
        "/dispute/?irregularity=wrong-card-count&discovered=after-turn-up&hand=elder&count=5",
        "/dispute/?irregularity=exchange-count-error&hand=dealer&offender=elder&count=6",
        "/dispute/?profile=mars&irregularity=revoke",
    ]
    return urls


def test_no_page_shows_a_player_an_id_or_a_card_code(app, client):
    urls = page_urls(app)
    assert len(urls) > len(LIBRARY.scenarios) + len(BOOK.rules), "every case and every rule is rendered"
    seen = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code < 500, url
        found = offenders(response.get_data(as_text=True))
        if found:
            seen[url] = found
    assert seen == {}


def test_a_wrong_lesson_answer_names_no_id(client):
    response = client.post("/lessons/01-pack-and-ranking/4", data={"cards": ["7S"], "seq": "0"})
    assert offenders(response.get_data(as_text=True)) == []


@pytest.mark.parametrize("url, ids", [
    ("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S", ["play.head-the-trick", "law.43"]),
    ("/dispute/?irregularity=revoke&corrected_before_next_lead=false&offender=elder&hand_over=false",
     ["law.43", "score-as-played"]),
    ("/casebook/dispute.law-9.elder-chooses-before-looking", ["dispute.law-9.elder-chooses-before-looking", "law.9"]),
    ("/casebook/hand.bad-deal-31-cards", ["bad-deal"]),
    ("/laws/43", ["law.43"]),
    ("/rules/variant.king-window", ["variant.king-window", "king_window"]),
])
def test_a_referee_still_finds_the_ids_in_the_folded_details(get, url, ids):
    page = get(url)
    details = re.search(r'<details class="referee">\s*<summary>For referees</summary>(.*?)</details>', page.html,
                        flags=re.S)
    assert details, f"{url} has no referee details"
    for rule_id in ids:
        assert rule_id in details.group(1)


def test_the_reported_sentences_read_as_a_player_would_say_them(get):
    verdict = get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S")
    assert "J♠ was led" in verdict.text and "Law 43 — Revoking, or not winning a trick when able" in verdict.text
    refused = get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=KD")
    assert "K♦ is not in your hand (Q♠, 7♠)" in refused.text
    ruling = get("/dispute/?irregularity=revoke&corrected_before_next_lead=false&offender=elder&hand_over=false")
    assert "Let the hand stand; the offender scores one less for what he wins by tricks" in ruling.text
    case = get("/casebook/hand.bad-deal-31-cards")
    assert "refused with the error" not in case.text.split("For referees")[0]
