"""The practice table (/play) and the score sheet (/marque) in French (issue 42).

A game is played to its end in French through the test client, random legal moves from a fixed seed, each page
fetched in French and in English at the same moment of the same game: the French page says ``<html lang="fr">``,
its own words (headings, labels, buttons, the table's story and reviews) hold none of the English page's, and no
sentence of the table's or the sheet's catalogue is left in English on it. What the page shows of other
data still in English (the jeux de règle's names, a profile's king window: :data:`ELSEWHERE`) is named, so that it
is the only English allowed. The
English page keeps its English words and has none of the French ones.
"""
from __future__ import annotations

import html
import random
import re
from functools import cache
from urllib.parse import urlencode, urlsplit

import pytest
from conftest import Page
from test_french_pages import SHARED, visible_words
from test_play import forms
from werkzeug.datastructures import MultiDict

from ecarte_tutor import datawords
from ecarte_tutor.languages import extracted, parallels
from ecarte_tutor.marque import words
from ecarte_tutor.rulebook import load_rulebook
from ecarte_tutor.yamlio import load_yaml

MINE = ("ecarte_tutor/table/", "ecarte_tutor/web/play.py", "ecarte_tutor/web/marque.py",
        "ecarte_tutor/templates/play/", "ecarte_tutor/templates/marque/")
"""Where the sentences of this area are said: none of them may be left in English on a French page."""
OWN = r"<(h1|h2|h3|legend|button|label|summary|th|dt|caption)\b[^>]*>(.*?)</\1>"
"""The elements whose words are the page's own (no data of another catalogue in them)."""
ELSEWHERE = {
    "patterns": r"Hoffmann's rules for [a-z' ]+",
    "king window": r"a king led first may be announced[^.]*\.",
}
"""English still on a French /play page that other data say (docs/languages.md, "Where French stands"): the names
of the jeux de règle (rules/strategy, no French loader yet) and a profile's king window. Cut out before the page is
read for English."""


@cache
def my_sentences() -> list[re.Pattern[str]]:
    """Each English sentence of this area — the catalogue's messages said here, and the texts of the data files
    translated in parallel (the sheet's words, the table's endings, the parting deals and verdicts) — its slots
    any text: found on a French page, it was not translated."""
    texts = [message if isinstance(message, str) else message[1] for (_context, message), places in extracted().items()
             if any(place.startswith(MINE) for place in places)]
    for parallel in parallels(load_rulebook(), "fr"):
        texts += datawords.flat(load_yaml(parallel.english)).values()
    found = []
    for text in texts:
        if len(text.split()) < 3:
            continue
        parts = [" ".join(part.split()) for part in re.split(r"%\(\w+\)[sd]|%%|\{\w+\}", text)]
        pattern = ".{0,80}?".join(re.escape(part) for part in parts if part)
        if len(pattern) > 12:
            found.append(re.compile(pattern))
    return found


class _Fetched:
    """A page's HTML, as :class:`conftest.Page` reads a response."""

    status_code = 200

    def __init__(self, page: str):
        self.page = page

    def get_data(self, as_text: bool = True) -> str:
        return self.page


def page_text(page: str) -> str:
    """The visible words, as the site's tests read them (cards as drawn, their spoken names left out)."""
    return Page(_Fetched(page)).text


ALSO_FRENCH = {"de", "règle", "jeux", "Club", "marque", "La", "Anne", "Bob", "signature", "moment", "page", "score"}
"""Words a French page shares with the English one: les jeux de règle and la marque are French in English too,
words both languages write alike, the players' names."""


def own_words(page: str) -> set[str]:
    return {word for _, inner in re.findall(OWN, page, flags=re.S) for word in visible_words(inner)}


def english_left(french: str, english: str) -> list[str]:
    """What the French page says in English: the English page's words among its own, and this area's sentences."""
    assert '<html lang="fr">' in french
    left = sorted((own_words(french) & set(visible_words(english))) - SHARED - ALSO_FRENCH)
    text = page_text(french)
    for pattern in ELSEWHERE.values():
        text = re.sub(pattern, " ", text)
    sentences = [p.pattern[:60] for p in my_sentences() if p.search(text)]
    return left + sentences


def moves(page: str) -> list[dict]:
    return [f for f in forms(Page(_Fetched(page))) if urlsplit(f["action"]).path == "/play/move"]


def both(client, url: str) -> tuple[str, str]:
    """The same page in French and in English."""
    path = re.sub(r"[?&]lang=\w+", "", url)
    join = "&" if "?" in path else "?"
    french = client.get(f"{path}{join}lang=fr")
    english = client.get(f"{path}{join}lang=en")
    assert french.status_code == english.status_code, url
    french_page, english_page = french.get_data(as_text=True), english.get_data(as_text=True)
    for word in FRENCH_ONLY:  # what was worked out for one language is never served in the other (judging's cache)
        assert word not in english_page, (url, word)
    return french_page, english_page


FRENCH_ONLY = ("tuteur", "Mettons que", "D'après ce que", "Vous jouez", " pli", "Donne ")


def play_in_french(client, seed: int, **settings) -> list[str]:
    """Play a game to its end in French, random legal moves; every page's English left, by page."""
    rng = random.Random(seed)
    query = {"level": "club", "dealer": "tutor", "seed": seed, "lang": "fr", **settings}
    response = client.get("/play/new?" + urlencode(query, doseq=True))
    assert response.status_code == 303
    url, problems, over = response.headers["Location"], [], False
    for _ in range(300):
        french, english = both(client, url)
        problems += [f"{url[:40]}…: {word}" for word in english_left(french, english)]
        for link in re.findall(r'href="(/play/(?:review|summary)\?[^"]*)"', french):
            review_fr, review_en = both(client, html.unescape(link))
            problems += [f"{link[:40]}…: {word}" for word in english_left(review_fr, review_en)]
        offered = moves(french)
        if not offered:
            over = "La partie est finie" in french and ("Vous gagnez" in french or "Le tuteur gagne" in french)
            break
        form = rng.choice(offered)
        extra = rng.sample(form["boxes"], rng.randint(1, len(form["boxes"]))) if form["boxes"] else \
            [rng.choice(form["buttons"])] if form["buttons"] else []
        moved = client.post(form["action"], data=MultiDict([*form["hidden"], *extra]))
        assert moved.status_code == 303, moved.get_data(as_text=True)[:300]
        url = moved.headers["Location"]
    assert over, "the game did not end"
    return problems


@pytest.mark.parametrize("seed, settings", [(7, {}), (3, {"level": "beginner", "dealer": "learner"}),
                                            (11, {"level": "book"})])
def test_a_whole_game_in_french_meets_no_english_word_of_the_table(client, seed, settings):
    assert play_in_french(client, seed, **settings) == []


DRILLS = r'<option value="(?!all")[a-z][a-z-]+"[^>]*>[^<]*</option>'
"""The start form's drills, each named by its law's words (rules/laws: their French is the law files')."""
STRICT = ["/play/", "/play/new?level=grandmaster&dealer=x&seed=abc&drills=juggling", "/marque/",
          "/play/review?g=x&deal=1", "/play/resume/999999"]


@pytest.mark.parametrize("url", STRICT)
def test_the_table_s_own_pages_are_french_through_and_through(client, url):
    french, english = (re.sub(DRILLS, "", page) for page in both(client, url))
    assert '<html lang="fr">' in french and '<html lang="en">' in english
    left = sorted((set(visible_words(french)) & set(visible_words(english))) - SHARED - ALSO_FRENCH
                  - {"grandmaster", "juggling", "abc", "beginner", "book", "x"})
    assert left == []


def test_a_french_game_says_its_moves_its_score_and_its_end_in_french(client):
    response = client.get("/play/new?" + urlencode({"level": "beginner", "dealer": "tutor", "seed": 0, "lang": "fr"}))
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Donne 1 contre le tuteur" in page and "le tuteur joue au niveau débutant" in page
    assert "Pourquoi ? Une ligne par choix" in page and "Appeler l'arbitre" in page
    assert "(partie en 5)" in page


def test_the_english_game_keeps_its_words(client):
    response = client.get("/play/new?" + urlencode({"level": "beginner", "dealer": "tutor", "seed": 0}))
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert '<html lang="en">' in page and "Deal 1 against the tutor" in page and "Why? One line for each choice" in page
    for french in ("tuteur", "Donne", "Pourquoi", "pli", "atout", "retourne"):
        assert french not in page, french


def test_the_score_sheet_in_french(client):
    data = {"player1": "Anne", "player2": "Bob", "match": "rubber", "first_dealer": "player1", "profile": "london"}
    sheet = urlsplit(client.post("/marque/?lang=fr", data=data).headers["Location"]).path
    hand = {"dealer": "Anne", "proposals": "played-without-proposing", "king": "turned", "outcome": "played",
            "tricks_elder": "1", "tricks_dealer": "4"}
    assert client.post(f"{sheet}/hands?lang=fr", data=hand).status_code == 303
    for url in (sheet, f"{sheet}/entries/1", f"{sheet}/print"):
        french, english = both(client, url)
        assert english_left(french, english) == [], url
        assert "Anne dealt" not in french and ("Anne a donné" in french or url.endswith("/print"))
    french, english = both(client, sheet)
    assert "une partie liée (la meilleure de trois parties)" in french and "Bob donne ensuite" in french
    assert "a rubber (the best of three games)" in english and "donne" not in english


def test_the_sheet_s_words_fall_back_to_english_text_by_text(tmp_path, monkeypatch):
    from ecarte_tutor.i18n import speaking

    partial = tmp_path / "words.fr.yaml"
    partial.write_text('match:\n  game: "une partie"\n', encoding="utf-8")
    monkeypatch.setattr(words, "translation_file", lambda lang: partial)
    words._catalogue_in.cache_clear()
    try:
        with speaking("fr"):
            assert words.say("match", "game") == "une partie"
            assert words.say("match", "pool") == "a pool of three"  # not translated yet: the English
        assert words.say("match", "game") == "one game"
    finally:
        words._catalogue_in.cache_clear()
