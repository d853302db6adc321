"""The site in French (issue 42): the language chosen like the profile, and the slice translated end to end.

The slice is the home page, "is this legal?" (``/legal/``) and "who wins the trick?" (``/legal/trick``) with
their verdicts, refusals and explanations, the page chrome and the error pages. Each is rendered in English and
in French: the French page holds no word of the English one but the few that are the same in both languages
(:data:`SHARED`), and the English page is the page it always was (``<html lang="en">``, no language in its
links, no French).
"""
from __future__ import annotations

import html
import re

import pytest

SLICE = [
    "/",
    "/legal/",
    "/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S",
    "/legal/?trump=H&led=JS&hand=QS&hand=7S&card=QS",
    "/legal/?trump=H&led=JS&hand=AS&hand=7S",
    "/legal/?trump=H&led=JS&hand=QS&hand=KS&hand=7S",
    "/legal/?trump=H&led=JS&hand=9S",
    "/legal/?trump=H&led=JS&hand=KH&hand=7D&card=7D",
    "/legal/?trump=H&led=JS&hand=7D&hand=8C",
    "/legal/?trump=H&led=JH&hand=7D&hand=8C",
    "/legal/?trump=H&hand=7D&hand=8C",
    "/legal/?trump=H&hand=QS&hand=7S&step=2",
    "/legal/?trump=H&hand=QS&hand=7S&led=JS&step=1",
    "/legal/?trump=H&led=JS&hand=QS&hand=QS",
    "/legal/?trump=H&led=JS&hand=QS&hand=7S&card=8S",
    "/legal/?trump=Z&hand=ZZ",
    "/legal/?hand=QS",
    "/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S&profile=french&agree=&agree=ace-high",
    "/legal/?trump=H&led=JS&hand=QS&hand=7S&agree=&agree-game-target=99",
    "/legal/trick",
    "/legal/trick?trump=H&led=JS&followed=QS",
    "/legal/trick?trump=H&led=JS&followed=7H",
    "/legal/trick?trump=H&led=JH&followed=KS",
    "/legal/trick?trump=H&led=JS&followed=KD",
    "/legal/trick?trump=H&led=JS&step=2",
    "/legal/trick?trump=H&led=JS&followed=JS",
    "/legal/?trump=H&hand=QS&profile=zz",
    "/legal/?trump=H&hand=QS&hnad=7S",
    "/legal/?trump=H&hand=QS&step=9",
    "/nowhere",
]
SHARED = {"Écarté", "Tutor", "JSON", "API", "POST", "api", "ask", "Options", "Cavendish", "Hoffmann", "Français",
          "English", "A", "D", "C", "S", "H", "T", "K", "Q", "J", "R", "V", "Z", "ZZ", "QQ",
          # words both languages write alike (the French "as" is the ace)
          "club", "code", "sources", "table", "site", "point", "Points", "double", "conventions", "as", "questions",
          "a", "Page", "blog", "minimum"}
"""Words a French page may share with the English one: names, the API's own, the card notation (K Q J is
still how a card is typed, "QS"), and the words both languages write alike."""
NEVER_FRENCH = {"the", "The", "you", "You", "your", "Your", "of", "and", "is", "be", "with", "not", "this", "which",
                "when", "for", "may", "card", "cards", "trick", "trump", "trumps", "led", "hand", "play", "rule"}
"""English words that are no French word at all: none may stand on a French page, shared or not."""
ECHOED = {"/legal/?trump=H&hand=QS&profile=zz": {"zz"},
          "/legal/?trump=H&hand=QS&hnad=7S": {"hnad", "agree", "game", "target", "card", "hand", "led", "profile",
                                               "step", "trump", "page"},
          "/legal/?trump=H&hand=QS&step=9": {"step"}}
"""What a refusal repeats of its address: the value given, and the names of the address's fields (ids, as the
API's field names, never translated)."""


def visible_words(page: str) -> list[str]:
    """The words a reader meets: text and the labels a screen reader says; code and the answer's JSON left out."""
    page = re.sub(r"<(script|style|pre|code)\b.*?</\1>", " ", page, flags=re.S)
    labels = " ".join(re.findall(r'(?:aria-label|title|alt|name="description" content)="([^"]*)"', page))
    text = re.sub(r"<[^>]+>", " ", page)
    return [word.strip("'") for word in re.findall(r"[A-Za-zÀ-ÿœŒ']+", html.unescape(f"{text} {labels}"))]


def test_a_page_is_english_by_default_and_unchanged(client):
    page = client.get("/").get_data(as_text=True)
    assert '<html lang="en">' in page
    assert "lang=fr" not in page.replace('href="/?lang=fr" hreflang="fr"', "")  # only the switch names French
    assert "Écarté, by the book" in page and "Apprendre" not in page


@pytest.mark.parametrize("url", SLICE)
def test_the_slice_in_french_keeps_no_english_word(client, url):
    joined = url + ("&" if "?" in url else "?") + "lang=fr"
    english = client.get(url)
    french = client.get(joined)
    assert french.status_code == english.status_code
    page = french.get_data(as_text=True)
    assert '<html lang="fr">' in page
    words = set(visible_words(page)) - ECHOED.get(url, set())
    left = sorted((set(visible_words(english.get_data(as_text=True))) & words) - SHARED)
    assert left == [], f"English left on {joined}: {left}"
    assert sorted(words & NEVER_FRENCH) == [], f"English words on {joined}"


def test_the_english_slice_is_the_english_of_before(client):
    """The English pages say what they said: no French word, no language in their links but the switch."""
    for url in SLICE:
        page = client.get(url).get_data(as_text=True)
        assert '<html lang="en">' in page
        for french in ("Apprendre", "permise", "entamé", "Décidé par", "atout", "Atout"):
            assert french not in page, (url, french)


def test_links_keep_the_language_so_a_shared_ruling_keeps_it(client):
    page = client.get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S&lang=fr").get_data(as_text=True)
    links = re.findall(r'<a [^>]*href="(/[^"]*)"', page)
    assert links and all("lang=fr" in link or "lang=en" in link for link in links if not link.startswith("/api/"))
    assert 'name="lang" value="fr"' in page or "lang=fr" in page


def test_the_browsers_language_is_offered_on_a_first_visit(client):
    response = client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"})
    assert '<html lang="fr">' in response.get_data(as_text=True)
    assert "Accept-Language" in response.headers.get("Vary", "")
    english = client.get("/", headers={"Accept-Language": "de, en;q=0.5"})
    assert '<html lang="en">' in english.get_data(as_text=True)


def test_the_language_chosen_is_remembered_and_can_be_changed_back(app):
    client = app.test_client()
    client.get("/?lang=fr")
    assert '<html lang="fr">' in client.get("/legal/").get_data(as_text=True)  # no lang in the address
    client.get("/?lang=en")
    assert '<html lang="en">' in client.get("/legal/", headers={"Accept-Language": "fr"}).get_data(as_text=True)


def test_the_language_never_touches_the_session(app):
    """Remembered in a cookie of its own: a page that ignores the session stays cacheable, and says it varies."""
    client = app.test_client()
    first = client.get("/legal/?lang=fr")
    assert "ecarte_tutor_lang=fr" in first.headers["Set-Cookie"] and "session=" not in first.headers["Set-Cookie"]
    response = client.get("/legal/")
    assert "Set-Cookie" not in response.headers
    assert "private" not in response.headers.get("Cache-Control", "")
    assert {"Accept-Language", "Cookie"} <= set(response.headers["Vary"].replace(" ", "").split(","))


def test_an_unknown_language_is_a_clear_400(client):
    response = client.get("/legal/?lang=klingon")
    assert response.status_code == 400
    assert "Unknown language 'klingon': choose one of en, fr." in html.unescape(response.get_data(as_text=True))


def test_the_profile_stays_independent_of_the_language(client):
    page = client.get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S&profile=french&lang=fr").get_data(as_text=True)
    assert "Décidé selon <strong>Français (conventions explicites)</strong>" in page
    page = client.get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S&lang=fr").get_data(as_text=True)
    assert "Londres (le code du club)" in page


def test_a_french_verdict_draws_and_says_its_cards_the_french_way(client):
    page = client.get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S&lang=fr").get_data(as_text=True)
    assert "<title>Non : sept de pique ne peut pas être jouée. · Est-ce permis ? · Écarté Tutor</title>" in page
    assert '<span class="rank">V</span><span class="pip">♠</span>' in page  # the knave is drawn V
    assert '<span class="sr">dame de pique</span>' in page



def test_the_answer_shown_as_json_says_its_french_cards_too(client):
    """The answer's JSON on a French page: its explanation writes the figures the French way (V♠, D♠), and each is
    heard by its French name, as the API's codes are (one spoken name per card, issue 43)."""
    page = client.get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S&lang=fr").get_data(as_text=True)
    shown = page[page.index("<pre>"):page.index("</pre>")]
    assert '<span aria-hidden="true">V♠</span><span class="sr">valet de pique</span>' in shown
    assert '<span aria-hidden="true">D♠</span><span class="sr">dame de pique</span>' in shown
    assert '<span aria-hidden="true">QS</span><span class="sr">dame de pique</span>' in shown

def test_the_api_answers_in_the_language_of_the_question(client):
    answer = client.post("/api/ask", json={"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S"],
                                           "lang": "fr"}).get_json()
    assert answer["explanation"].startswith("V♠ est entamé et vous avez du pique")
    refused = client.post("/api/ask", json={"kind": "play", "trump": "H", "hand": ["QS"], "lang": "xx"})
    assert refused.status_code == 400 and refused.get_json()["error"]["code"] == "unknown-lang"
    spec = client.get("/api/openapi.json").get_json()
    assert "lang" in json_text(spec)


def json_text(value) -> str:
    import json

    return json.dumps(value)
