"""The rule book's pages, the other tabs of "is this legal?", the house banner and the progress pages in French
(issue 42). Each page is rendered in English and in French: the French page holds no word of the English one but
those both languages write alike, and the English page is as it was (no French, no ``lang="en"`` marks).

What the French page still shows in English is data no French loader reads yet (a variant's choice in its source's
words, a reading, another source's view, the bibliography's summaries, the "where used" index): each such element is
marked ``lang="en"``, so that a screen reader says it as English, and is left out of the comparison here. The
explanations the engine writes for the pool and the short stock are helper fr-engine's (engine/), also left out.
"""
from __future__ import annotations

import re
from datetime import datetime

import pytest
from test_french_pages import NEVER_FRENCH, SHARED, visible_words

from ecarte_tutor.i18n import speaking
from ecarte_tutor.web import bookparts

MARKED_ENGLISH = re.compile(r'<(\w+)\b[^>]*\blang="en"[^>]*>.*?</\1>', re.S)
EXPLANATION = re.compile(r'<p class="explanation">.*?</p>', re.S)
LESSONS_PARTS = re.compile(r'(<ol class="lesson-list">.*?</ol>|<ul class="practice-rules">.*?</ul>)', re.S)
"""On /progress, the lessons' titles and the rules under review (templates/lessons/_parts.html's rule_link, with
web/progress.py's "when"): helpers fr-lessons-code's and fr-engine's, left out here."""

ALIKE = SHARED | {
    # French words the English pages hold too: the game's own (jeux de règle, la vole, le piquet) and words
    # written alike in both languages
    "de", "jeu", "jeux", "règle", "vole", "piquet", "on", "page", "pages", "Pages", "points", "Point", "Sources",
    "source", "guide", "guides", "maximum", "documents", "suit", "plus", "question", "et", "le", "face", "incorrect",
    "propose", "refuse", "part", "donne", "Code", "non", "Jouer", "cookie", "possible", "ou", "jouer", "écarté",
    "change", "écart", "condition", "surplus", "moment", "six", "section", "option", "whist", "main", "Gain", "gain",
    "figures",
    # names: of books, of clubs
    "Portland", "Turf", "Britannica", "Hoyle", "UTC", "JSON", "QR", "README", "host",
    "Quick", "start", "Ann", "Bob", "Cid", "zzz", "E", "mail", "e"}
"""Words a French page may share with the English one (besides test_french_pages.SHARED): names given in the
address (the pool's players), and French words the English pages hold as the game's own."""

BOOK = ["/rules", "/rules/sources", "/rules/disagreements", "/rules/disagreements?profile=french",
        "/rules/play.head-the-trick", "/rules/play.head-the-trick?profile=modern", "/rules/variant.elder-min-discard",
        "/rules/scoring.claim-order", "/rules/zzz", "/rules/part/zzz", "/rules/jeux-de-regle/computed"]
LEGAL = ["/legal/score", "/legal/score?elder_tricks=3&king_turned=on&before_elder=2&before_dealer=4",
         "/legal/score?elder_tricks=5&king_announced_by=elder&before_elder=4&before_dealer=0",
         "/legal/score?elder_tricks=2&elder_played_without_proposing=on",
         "/legal/pool", "/legal/pool?players=Ann,Bob,Cid&results=Ann,Cid,Bob",
         "/legal/pool?players=Ann,Bob,Cid&results=Ann,Ann", "/legal/exchange",
         "/legal/exchange?stock=3&elder_discards=3&dealer_discards=2", "/legal/exchange?stock=8&elder_discards=1"]
PROGRESS = ["/progress/", "/progress/games", "/progress/resume", "/progress/erase"]


def every_part(app) -> list[str]:
    """Every part page of the rule book and of where the sources disagree (the laws' are helper fr-laws')."""
    from ecarte_tutor.web.rules import part_url

    book = app.extensions["ecarte_tutor"].book
    with app.test_request_context():
        return [part_url(part) for kind, parts in bookparts.parts(book).items() if kind != "laws" for part in parts]


def french_words(page: str) -> set[str]:
    page = LESSONS_PARTS.sub(" ", page)
    return set(visible_words(EXPLANATION.sub(" ", MARKED_ENGLISH.sub(" ", page))))


def english_left(app, url: str, client=None) -> list[str]:
    """The words of the English page that its French twin still shows (outside the elements marked English)."""
    english = (client or app.test_client()).get(url + ("&" if "?" in url else "?") + "lang=en")
    french = (client or app.test_client()).get(url + ("&" if "?" in url else "?") + "lang=fr")
    assert french.status_code == english.status_code, url
    page = french.get_data(as_text=True)
    assert '<html lang="fr">' in page, url
    words = french_words(page)
    assert sorted(words & NEVER_FRENCH) == [], f"English words on the French {url}"
    return sorted((words & set(visible_words(english.get_data(as_text=True)))) - ALIKE)


@pytest.mark.parametrize("url", BOOK + LEGAL + PROGRESS)
def test_the_page_in_french_keeps_no_english_word(app, url):
    assert english_left(app, url) == [], url


def test_every_part_of_the_rule_book_in_french(app):
    parts = every_part(app)
    assert len(parts) > 20
    left = {url: found for url in parts if (found := english_left(app, url))}
    assert left == {}


def test_the_progress_of_a_learner_in_french(app):
    """A learner who missed a rule: the course, the review due (one rule: the singular) and a resume code."""
    client = app.test_client()
    assert client.post("/lessons/01-pack-and-ranking/4", data={"cards": ["7S"], "seq": "0"}).status_code == 200
    page = client.get("/progress/?lang=fr").get_data(as_text=True)
    assert "1 règle à revoir maintenant, 1 pas encore acquise." in page and "Leçons commencées : 1 sur" in page
    assert english_left(app, "/progress/", client) == []
    shown = client.post("/progress/code?lang=fr").get_data(as_text=True)
    assert '<html lang="fr">' in shown and "Notez-le maintenant : il n'est montré que cette fois." in shown
    assert not {"Write", "shown", "once", "code"} & french_words(shown) - ALIKE


def test_the_data_not_translated_yet_is_marked_english(client):
    """A variant's choices are in their sources' words: on the French page each stands in an element marked
    English, under French headings; the rule's title and statement are the rule book's French."""
    page = client.get("/rules/disagreements/variants?lang=fr").get_data(as_text=True)
    assert "<h2>Le moins de cartes que le premier en cartes peut écarter</h2>" in page
    assert '<th scope="col">Ce qu\'il dit</th>' in page
    choices = re.findall(r'<td(?: class="current")?>(.*?)<p class="sources">', page, flags=re.S)
    assert choices and all(choice.startswith('<span lang="en">') for choice in choices)
    rule = client.get("/rules/play.head-the-trick?lang=fr").get_data(as_text=True)
    assert "<h1>Monter" in rule and '<p class="sources">Sources : <span lang="en">' in rule


def test_the_english_pages_carry_no_french_and_no_marks(client):
    for url in ["/rules", "/rules/disagreements/variants", "/rules/play.head-the-trick", "/rules/sources",
                "/legal/score", "/legal/pool", "/progress/"]:
        page = client.get(url).get_data(as_text=True)
        assert '<html lang="en">' in page and page.count('lang="en"') == 1, url
        for french in ("Affiché", "Selon", "Sources :", "Marquer", "Poule", "Votre progression", "Règles"):
            assert french not in page, (url, french)


def test_a_part_and_a_rule_are_titled_in_french(client):
    page = client.get("/rules/part/play?lang=fr").get_data(as_text=True)
    assert "<h1>Le jeu de la main" in page and "<title>Le jeu de la main" in page
    assert "Parties : le livre des règles" in page and "Le livre des règles : sommaire" in page


def test_the_house_banner_in_french():
    from conftest import HOUSE_FILE

    from ecarte_tutor.web import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "HOUSE_FILE": str(HOUSE_FILE)})
    page = app.test_client().get("/?lang=fr").get_data(as_text=True)
    banner = re.search(r'<aside class="house" aria-label="Règles de la maison">.*?</aside>', page, flags=re.S)
    assert banner and "avec" in banner.group(0) and " with " not in banner.group(0)
    assert english_left(app, "/legal/score") == []


def test_dates_are_written_the_way_the_page_speaks(app):
    from ecarte_tutor.web.rules import day

    moment = datetime(2026, 12, 7, 9, 5)
    assert day(moment) == "07 December 2026" and day(moment, with_time=True) == "07 December 2026, 09:05"
    with speaking("fr"):
        assert day(moment) == "07 décembre 2026" and day(moment, with_time=True) == "07 décembre 2026, 09:05"


def test_plurals_come_from_the_catalogue(client):
    page = client.get("/legal/score?lang=fr").get_data(as_text=True)
    assert ">1 pli (donneur 4)</option>" in page and ">3 plis (donneur 2)</option>" in page
    assert ">0 pli (donneur 5)</option>" in page  # French: 0 takes the singular


def test_the_jeux_de_regle_weighed_in_french(client):
    """The computed page's words are the catalogue's, its figures the data's; the patterns' labels (rules/strategy/,
    no French loader yet) are marked English."""
    page = client.get("/rules/jeux-de-regle/computed?lang=fr").get_data(as_text=True)
    assert "<h1>Les jeux de règle, pesés</h1>" in page and "Intervalle à 95 %" in page
    assert re.search(r"\d+ % sur \d+</td>", page) and "gagnent à refuser" in page
    assert re.search(r'<th scope="row" lang="en">three trumps or more</th>', page)
    assert "profil Londres (le code du club)" in page


def test_a_finished_game_on_the_progress_pages_in_french(app):
    """A game played out at the practice table, then its listing and its page in French: the date the French way,
    the result, the mistakes by rule with the language's colon, and no English word."""
    from conftest import Page
    from test_play import play_out, start

    client = app.test_client()

    def get(url, **kwargs):
        return Page(client.get(url, **kwargs))
    get.post = lambda url, **kwargs: Page(client.post(url, **kwargs))

    play_out(get, start(client, seed=0))
    games = client.get("/progress/games?lang=fr").get_data(as_text=True)
    assert re.search(r"<td>\d\d (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|"
                     r"décembre) \d{4}, \d\d:\d\d UTC</td>", games)
    assert re.search(r"<td>(Vous avez|Le tuteur a) gagné, \d à \d</td>", games)
    assert re.search(r"<li>[^<]+ : \d+</li>", games)
    game = re.search(r'href="(/progress/games/\d+)\?lang=fr"', games).group(1)
    page = client.get(f"{game}?lang=fr").get_data(as_text=True)
    assert re.search(r"\d+ fautes? en \d+ donnes?, relevée", page) and "</a> : " in page
    for url in ("/progress/games", game, "/progress/"):
        assert english_left(app, url, client) == [], url
