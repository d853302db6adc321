"""What a screen reader and a keyboard meet in the HTML of every page family (issue 23), read through
the test client: the families are crawled (tests/web/crawl.py), so a new page is checked once linked.

The browser tests (test_browser_axe.py, test_browser_a11y.py) check the same pages as drawn.
"""
from __future__ import annotations

import html
import re

import pytest
from crawl import crawl

from ecarte_tutor.web import create_app

SUIT = re.compile("[♠♥♦♣]")


@pytest.fixture(scope="module")
def pages():
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret"})
    client = app.test_client()
    found = crawl(app, ["/", "/legal/score?elder_tricks=2&king_turned=on", "/legal/exchange?stock=3&elder_discards=3"],
                  per_family=3, languages=1)  # and one page of each route in French (issue 42)
    return [(page.url, client.get(page.url).get_data(as_text=True)) for page in found]


def test_the_crawl_reaches_every_family_of_pages(pages):
    urls = [url for url, _ in pages]
    for expected in ("/rules", "/laws", "/casebook/", "/dispute/", "/legal/score", "/lessons/", "/play/"):
        assert expected in urls
    assert any(url.startswith("/casebook/") and len(url) > 11 for url in urls)


def test_no_title_holds_markup(pages):
    """A <title> is plain text: a macro that draws HTML (the referee's details) once landed in one."""
    bad = {url: title for url, page in pages
           for title in re.findall(r"<title>(.*?)</title>", page, flags=re.S) if re.search(r"[<>]|&lt;", title)}
    assert bad == {}


def unheard_suits(page: str) -> list[str]:
    """The suit symbols of a page a screen reader would read raw ("spade suit"): those not hidden from it
    (aria-hidden, beside their spoken form) and not inside an element it names otherwise (aria-label).
    A select's options are left to the browser's own reading."""
    body = re.sub(r"<(head|script|style|title|option)[^>]*>.*?</\1>", " ", page, flags=re.S)
    body = re.sub(r"<(pre)[^>]*>.*?</\1>", " ", body, flags=re.S)  # the API's JSON, for referees, as it is
    body = re.sub(r'<span class="s-(?:red|black)">(.)</span>', r"\1", body)
    for _ in range(3):  # innermost first: a card's pips sit inside the card
        body = re.sub(r'<span class="(?:rank|pip[^"]*|word)">([^<]*)</span>', r"\1", body)
        body = re.sub(r'<(span|button|a)\b[^>]*\b(?:aria-hidden="true"|aria-label="[^"]*")[^>]*>(?:(?!<\1\b).)*?</\1>',
                      " ", body, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", body))
    return [text[max(0, m.start() - 30):m.end() + 10].strip() for m in SUIT.finditer(text)]


def test_every_suit_symbol_has_a_spoken_form(pages):
    bad = {url: found for url, page in pages if (found := unheard_suits(page))}
    assert bad == {}


def test_the_check_of_suit_symbols_can_fail():
    assert unheard_suits("<p>You throw out A♠.</p>") == ["You throw out A♠."]
    assert unheard_suits('<p>You throw out <span aria-hidden="true">A<span class="s-black">♠</span></span>'
                         '<span class="sr">ace of spades</span>.</p>') == []


def test_no_table_has_an_empty_column_header(pages):
    bad = [url for url, page in pages if re.search(r"<th[^>]*>\s*</th>", page)]
    assert bad == []


def test_a_title_says_cards_in_words():
    from ecarte_tutor.web.markup import title_text

    assert title_text('No: <span class="card mini black" role="img" aria-label="seven of spades">'
                      '<span class="rank">7</span><span class="pip">♠</span></span> may not be played.') == \
        "No: seven of spades may not be played."
    assert title_text('No: <span class="card mini black"><span class="rank" aria-hidden="true">7</span>'
                      '<span class="pip" aria-hidden="true">♠</span><span class="sr">seven of spades</span></span>'
                      ' may not be played.') == "No: seven of spades may not be played."


def test_every_card_has_one_spoken_name(pages):
    """Issue 43: a card is heard once, as "ace of hearts". An aria-label showing a suit symbol was read twice
    ("A♥, ace of hearts": "a heart suit, ace of hearts"); a placeholder with cards is spelled letter by
    letter; a title read "The referee refuses: 8♠"."""
    bad = {}
    for url, page in pages:
        found = [label for label in re.findall(r'aria-label="([^"]*)"', page) if SUIT.search(html.unescape(label))]
        found += re.findall(r'placeholder="[^"]*[♠♥♦♣][^"]*"', page)
        found += [t for t in re.findall(r"<title>(.*?)</title>", page, flags=re.S) if SUIT.search(t)]
        found += re.findall(r'data-say="[^"]*[♠♥♦♣][^"]*"', page)
        if found:
            bad[url] = found
    assert bad == {}


def test_an_empty_score_form_is_asked_for_its_tricks_not_ruled(get):
    """The score form chose "0 tricks" for whoever left it alone, and ruled a vole for the dealer."""
    blank = get("/legal/score")
    chosen = re.search(r'<select id="field-elder_tricks".*?</select>', blank.html, flags=re.S).group(0)
    assert re.search(r'<option value="" selected>', chosen), "no number of tricks is chosen for the reader"
    page = get("/legal/score?elder_tricks=&king_turned=on&before_elder=3")
    assert page.status == 400 and 'id="verdict"' not in page.html
    assert 'id="error-elder_tricks"' in page.html and "Give the tricks the elder hand won." in page.text
    assert 'name="king_turned" checked' in page.html and 'value="3"' in page.html, "what was entered is kept"


def test_after_an_answer_the_title_says_the_verdict_and_the_page_lands_on_it(get):
    page = get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S")
    assert "<title>No: seven of spades may not be played. · Is this legal?" in page.html
    assert 'data-say="No: seven of spades may not be played."' in page.html
    assert 'action="/legal/#answer"' in page.html and 'id="answer"' in page.html
    ruling = get("/dispute/?irregularity=wrong-card-count&trump_turned=false&elder_looked=true&hand=elder&count=3")
    assert re.search(r"<title>The ruling: [^<]*chooses", ruling.html)
    question = get("/dispute/?irregularity=wrong-card-count")
    assert 'data-say="You answered: A hand was dealt' in question.html and 'action="/dispute/#answer"' in question.html


def test_french_terms_are_marked_french(get):
    from ecarte_tutor.web.markup import colour_suits, render_markdown

    assert str(colour_suits("the jeux de règle of Écarté")) == 'the <span lang="fr">jeux de règle</span> of Écarté'
    assert '<span lang="fr">écarté</span>' in str(render_markdown("a card **écarté** is out"))
    lesson = get("/lessons/15-jeux-de-regle/1")
    assert lesson.status == 200 and '<span lang="fr">' in lesson.html


def test_no_heading_skips_a_level(pages):
    """A rule part's rules were h3 under its h1 (axe's heading-order, 68 nodes): a heading goes at most one
    level deeper than the one before it."""
    bad = {}
    for url, page in pages:
        body = re.sub(r"<(pre)[^>]*>.*?</\1>", "", page, flags=re.S)
        levels = [int(level) for level in re.findall(r"<h([1-6])\b", body)]
        jumps = [(a, b) for a, b in zip([0, *levels[:-1]], levels, strict=True) if b > a + 1]
        if jumps:
            bad[url] = jumps
    assert bad == {}


def test_no_two_navigation_landmarks_share_a_name(pages):
    bad = {}
    for url, page in pages:
        names = re.findall(r'<nav\b[^>]*aria-label="([^"]*)"', page)
        if len(names) != len(set(names)) or len(names) != page.count("<nav"):
            bad[url] = names
    assert bad == {}
