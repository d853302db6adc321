"""The referee's own sentences in French (issue 42): every answer kind's explanations and errors, the score, pool
and exchange pages, and the error pages said before a page is drawn; the English as it always was.

What other areas still leave in English (a law's decision row, a dispute fact's question, the jeux de règle's
advice) is named where a test meets it, and left out of the words looked for.
"""
from __future__ import annotations

import html
import re

import pytest
from test_french_pages import NEVER_FRENCH, SHARED, visible_words

from ecarte_tutor import ask
from ecarte_tutor.cards import PACK
from ecarte_tutor.engine import hand as refereed
from ecarte_tutor.engine import wagers
from ecarte_tutor.i18n import speaking
from ecarte_tutor.wording import card_name, kind_name, listed

ELDER = ["KS", "QS", "JS", "8H", "8D"]
DEALER = ["7S", "AC", "10C", "9C", "7D"]
DEAL = {"elder": ELDER, "dealer": DEALER, "turn_up": "9H",
        "stock": [str(c) for c in PACK if str(c) not in [*ELDER, *DEALER, "9H"]]}


def card(seat, shown):
    return {"by": seat, "do": "card", "card": shown}


STAND = {"by": "elder", "do": "stand"}
PROPOSE, ACCEPT = {"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}
VOLE = [STAND, card("elder", "KS"), card("dealer", "7S"), card("elder", "QS"), card("dealer", "7D"),
        card("elder", "JS"), card("dealer", "AC"), card("elder", "8H"), card("dealer", "10C"), card("elder", "8D"),
        card("dealer", "9C")]
QUESTIONS = {
    "hand: to act": {"kind": "hand", "deal": DEAL, "actions": [PROPOSE]},
    "hand: out of turn": {"kind": "hand", "deal": DEAL, "actions": [{"by": "dealer", "do": "propose"}]},
    "hand: revoke": {"kind": "hand", "deal": DEAL, "actions": [STAND, card("elder", "KS"), card("dealer", "AC")]},
    "hand: not in hand": {"kind": "hand", "deal": DEAL, "actions": [STAND, card("elder", "KH")]},
    "hand: no king": {"kind": "hand", "deal": DEAL, "actions": [STAND, {"by": "elder", "do": "announce-king"}]},
    "hand: not now": {"kind": "hand", "deal": DEAL, "actions": [ACCEPT]},
    "hand: dealer leads": {"kind": "hand", "deal": DEAL, "actions": [card("dealer", "7S")]},
    "hand: discard count": {"kind": "hand", "deal": DEAL,
                            "actions": [PROPOSE, ACCEPT, {"by": "elder", "do": "discard", "cards": []}]},
    "hand: not agreed": {"kind": "hand", "deal": DEAL, "actions": [STAND, {"by": "elder", "do": "double"}]},
    "hand: over": {"kind": "hand", "deal": DEAL, "actions": [*VOLE, card("elder", "8D")]},
    "hand: bad deal": {"kind": "hand", "deal": {"elder": ELDER}, "actions": []},
    "exchange: short": {"kind": "exchange", "stock": 3, "elder_discards": 2, "dealer_discards": 3},
    "exchange: taken back": {"kind": "exchange", "stock": 3, "elder_discards": 5},
    "exchange: empty": {"kind": "exchange", "stock": 0, "elder_discards": 1},
    "exchange: French rules": {"kind": "exchange", "stock": 3, "elder_discards": 2, "dealer_discards": 3,
                               "profile": "french"},
    "exchange: again": {"kind": "exchange", "stock": 12, "elder_discards": 1, "dealer_discards": 1},
    "exchange: dealer to come": {"kind": "exchange", "stock": 12, "elder_discards": 1},
    "pool: next": {"kind": "pool", "players": ["Anne", "Bob", "Cléo"], "results": ["Anne"]},
    "pool: won": {"kind": "pool", "players": ["Anne", "Bob", "Cléo"], "results": ["Anne", "Anne"]},
    "pool: sitting out": {"kind": "pool", "players": ["Anne", "Bob", "Cléo"], "results": ["Cléo"]},
    "pool: same names": {"kind": "pool", "players": ["Anne", "Bob", "bob"]},
    "pack: correct": {"kind": "pack", "cards": [str(c) for c in PACK]},
    "pack: no card": {"kind": "pack", "cards": ["ZZ"]},
    "record: revoke": {"kind": "record", "trump": "H", "tricks": [{"leader": "elder", "led": "KS", "followed": "7D"},
                                                                  {"leader": "elder", "led": "QD", "followed": "7S"}]},
    "record: out of turn": {"kind": "record", "trump": "H", "tricks": [{"leader": "dealer", "led": "KS",
                                                                        "followed": "7S"}]},
    "record: clean": {"kind": "record", "trump": "H", "tricks": [{"leader": "elder", "led": "KS", "followed": "7S"}]},
    "record: not trumped": {"kind": "record", "trump": "H", "tricks": [
        {"leader": "elder", "led": "KS", "followed": "7D"}, {"leader": "dealer", "led": "8H", "followed": "QS"}]},
    "score: tricks": {"kind": "score", "tricks": {"elder": 3, "dealer": 3}},
    "score: king twice": {"kind": "score", "tricks": {"elder": 3, "dealer": 2}, "king_turned": True,
                          "king_announced_by": "elder"},
    "score: not a flag": {"kind": "score", "tricks": {"elder": 3, "dealer": 2}, "king_turned": "yes"},
    "dispute: no such fact": {"kind": "dispute", "facts": {"irregulariti": "revoke"}},
    "play: unknown profile": {"kind": "play", "trump": "H", "hand": ["QS"], "profile": "zz"},
    "play: unknown field": {"kind": "play", "trump": "H", "hand": ["QS"], "hnad": ["QS"]},
    "play: not a list": {"kind": "play", "trump": "H", "hand": "QS"},
}
ENGLISH = re.compile(r"\b(?:" + "|".join(sorted(NEVER_FRENCH | {"must", "has", "was", "should", "dealer's", "elder",
                                                                "stock", "game", "hands", "pack"})) + r")\b")
"""English words no French sentence holds (the API's own names, 'dealer', 'hand' as a field, are quoted)."""
QUOTED = re.compile(r"« [a-z-]+ »|'[^']*'|\"[^\"]*\"|\{[^}]*\}|\b\w+\[\d+\](?:\.\w+)?")


def sentences(answer, path=""):
    """Every explanation and error message of an answer, with where it is."""
    if isinstance(answer, dict):
        for key, value in answer.items():
            yield from sentences(value, f"{path}.{key}")
    elif isinstance(answer, list):
        for i, value in enumerate(answer):
            yield from sentences(value, f"{path}[{i}]")
    elif isinstance(answer, str) and path.endswith(("explanation", "message")):
        yield path, answer


@pytest.mark.parametrize("name", list(QUESTIONS))
def test_every_answer_kind_explains_and_refuses_in_french(name):
    answer = ask({**QUESTIONS[name], "lang": "fr"})
    said = list(sentences(answer))
    assert said, answer
    for path, text in said:
        words = ENGLISH.findall(QUOTED.sub(" ", text))  # the API's names a message quotes are no English words
        assert words == [], f"{name} {path}: {text}"


def test_the_english_answers_say_what_they_said():
    """The catalogue's English is the sentence the code wrote before: a sample, word for word."""
    assert ask(QUESTIONS["exchange: short"])["explanation"] == (
        "The stock holds 3 cards; the elder hand is served first and draws 2 for his 2 discards. The stock cannot "
        "cover both exchanges, so the dealer takes nothing and must play his hand as it is (he keeps any cards he "
        "had meant to discard). No further proposal is possible: the exchange is over.")
    assert ask(QUESTIONS["hand: out of turn"])["explanation"] == (
        "Action 0 (dealer propose) is not allowed: It is the elder's turn to act, not the dealer's.")
    assert ask(QUESTIONS["hand: discard count"])["first_illegal"]["explanation"] == (
        "Under the London rules the elder discards 1 to 5 cards here, not 0.")
    assert ask(QUESTIONS["record: out of turn"])["explanation"] == (
        "At trick 1 the dealer led K♠, but the elder hand (non-dealer) should have led.")
    assert ask(QUESTIONS["pool: next"])["explanation"].endswith(
        " Anne won the last game: one more win in a row takes the pool.")
    assert ask(QUESTIONS["play: unknown field"])["error"]["message"] == (
        "'hnad' is not a field of a play question (did you mean 'hand'?).")


def test_a_french_answer_names_cards_seats_and_rules_the_french_way():
    out_of_turn = ask({**QUESTIONS["hand: out of turn"], "lang": "fr"})
    assert out_of_turn["explanation"] == ("L'action 0 (le donneur propose) n'est pas permise : C'est au premier en "
                                          "cartes d'agir, non au donneur.")
    king = ask({**QUESTIONS["hand: no king"], "lang": "fr"})["first_illegal"]["explanation"]
    assert king == "Le premier en cartes n'a pas R♥, le roi d'atout."
    count = ask({**QUESTIONS["hand: discard count"], "lang": "fr"})["first_illegal"]["explanation"]
    assert count == "Selon les règles de Londres, le premier en cartes écarte ici de 1 à 5 cartes, et non 0."
    record = ask({**QUESTIONS["record: revoke"], "lang": "fr"})["explanation"]
    assert "le donneur a joué 7♦ sur R♠ sans fournir" in record and "un pique" in record and "renonce" in record


def test_plurals_come_from_the_catalogue():
    one = ask({"kind": "exchange", "stock": 1, "elder_discards": 1, "lang": "fr"})["explanation"]
    assert one.startswith("Le talon a 1 carte ; le premier en cartes est servi le premier et en prend 1 pour 1 carte "
                          "écartée.")
    clean = ask({**QUESTIONS["record: clean"], "lang": "fr"})["explanation"]
    assert clean.startswith("Rien dans ce pli (1) ne prouve")
    assert ask(QUESTIONS["record: clean"])["explanation"].startswith("Nothing in these 1 trick proves")


def test_every_verb_of_a_hand_has_its_words():
    assert set(refereed.ACTION_WORDS) == set(refereed.VERBS)
    assert set(wagers.VERBS) <= set(refereed.ACTION_WORDS)


def test_the_vocabulary_speaks_the_language_asked():
    assert listed(["a", "b", "c"]) == "a, b and c" and listed(["a", "b"], "or") == "a or b"
    assert card_name("QS") == "the queen of spades" and kind_name("pool") == "Pools of three or more"
    with speaking("fr"):
        assert listed(["a", "b", "c"]) == "a, b et c" and listed(["a", "b"], "or") == "a ou b"
        assert (card_name("QS"), card_name("AH"), card_name("JD")) == ("la dame de pique", "l'as de cœur",
                                                                       "le valet de carreau")
        assert kind_name("pool") == "Poules à trois ou plus"


PAGES = [
    "/legal/score",
    "/legal/score?elder_tricks=3",
    "/legal/score?elder_tricks=5&elder_played_without_proposing=on&king_announced_by=elder",
    "/legal/score?elder_tricks=3&before_elder=4&before_dealer=2",
    "/legal/score?elder_tricks=3&before_elder=4",
    "/legal/score?elder_tricks=3&king_announced_by=nobody",
    "/legal/pool",
    "/legal/pool?players=Anne,Bob,Cl%C3%A9o&results=Anne",
    "/legal/pool?players=Anne,Bob,Cl%C3%A9o&results=Anne,Anne",
    "/legal/pool?players=Anne,Bob&results=Anne",
    "/legal/pool?players=Anne,Bob,Cl%C3%A9o&results=Cl%C3%A9o",
    "/legal/exchange",
    "/legal/exchange?stock=3&elder_discards=2&dealer_discards=3",
    "/legal/exchange?stock=12&elder_discards=1",
    "/legal/exchange?stock=0&elder_discards=1",
    "/legal/exchange?stock=3&elder_discards=9",
]
ECHOED = {"Anne", "Bob", "Cléo", "nobody"}
"""What a page repeats of its address: the players' names, a value refused."""
ALIKE = SHARED | {"Point", "points", "vole", "possible", "face"}
"""Words French writes as English does (la vole, le point, possible, face cachée)."""


@pytest.mark.parametrize("url", PAGES)
def test_the_score_pool_and_exchange_pages_in_french_keep_no_english_word(client, url):
    joined = url + ("&" if "?" in url else "?") + "lang=fr"
    english, french = client.get(url), client.get(joined)
    assert french.status_code == english.status_code
    page = french.get_data(as_text=True)
    assert '<html lang="fr">' in page
    words = set(visible_words(page)) - ECHOED
    left = sorted((set(visible_words(english.get_data(as_text=True))) & words) - ALIKE)
    assert left == [], f"English left on {joined}: {left}"
    assert sorted(words & NEVER_FRENCH) == [], f"English words on {joined}"


def test_the_english_score_pool_and_exchange_pages_have_no_french(client):
    for url in PAGES:
        page = client.get(url).get_data(as_text=True)
        assert '<html lang="en">' in page
        for french in ("premier en cartes", "donneur", "talon", "poule", "Partie", "plis"):
            assert french not in page, (url, french)
    page = client.get("/legal/exchange?stock=3&elder_discards=2&dealer_discards=3").get_data(as_text=True)
    assert "Elder hand draws 2, dealer draws 0" in page and "The exchange is over: no further proposal" in page
    page = client.get("/legal/score?elder_tricks=0").get_data(as_text=True)
    assert "0 tricks (dealer 5)" in page and "1 trick (dealer 4)" in page


def test_an_unknown_language_is_refused_in_the_visitors_language(client):
    french = client.get("/legal/?lang=klingon", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert french.status_code == 400
    text = html.unescape(french.get_data(as_text=True))
    assert "Langue inconnue, « klingon » : choisissez l'une de en, fr." in text and '<html lang="fr">' in text
    english = client.get("/legal/?lang=klingon")
    assert "Unknown language 'klingon': choose one of en, fr." in html.unescape(english.get_data(as_text=True))


def test_a_form_from_another_site_is_refused_in_french(client):
    response = client.post("/progress/erase?lang=fr", data={"confirm": "yes"},
                           headers={"Sec-Fetch-Site": "cross-site"})
    assert response.status_code == 403
    text = html.unescape(response.get_data(as_text=True))
    assert "Ce formulaire vient d'un autre site" in text and "Rien n'a été changé" in text


def test_progress_refusals_are_in_french(client):
    erase = client.post("/progress/erase?lang=fr", data={})
    assert erase.status_code == 400
    assert "Cochez la case pour confirmer" in html.unescape(erase.get_data(as_text=True))
    resume = client.post("/progress/resume?lang=fr", data={"code": "abc"})
    assert "Un code de reprise a 20 lettres et chiffres" in html.unescape(resume.get_data(as_text=True))
    nothing = client.post("/progress/code?lang=fr")
    assert "Rien à transporter pour l'instant" in html.unescape(nothing.get_data(as_text=True))


def test_the_last_resort_page_is_in_the_visitors_language_too(app, monkeypatch):
    """A fault whose error page fails as well answers in plain text, in the page's language."""
    from ecarte_tutor.web import errors, legal

    def broken(*_args, **_kwargs):
        raise RuntimeError("a fault for the test")

    monkeypatch.setattr(legal, "ask", broken)
    monkeypatch.setattr(errors, "render_template", broken)
    client = app.test_client()
    for lang, said in (("fr", "Quelque chose n'a pas marché de notre côté"),
                       ("en", "Something went wrong on our side")):
        response = client.get(f"/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S&lang={lang}")
        assert response.status_code == 500 and response.mimetype == "text/plain"
        assert response.get_data(as_text=True).startswith(said)


def test_a_ruling_that_holds_whatever_an_answer_says_so_in_french():
    """The clauses of a ruling that did not need an answer, and the sources that disagree, in French; the decision
    row's own sentence and the facts' questions are the law files' (not yet loaded in French)."""
    question = {"kind": "dispute", "profile": "finnish", "facts": {
        "irregularity": "hand-abandoned", "offender": "elder", "tricks_won": 1, "claimed_to_score": False,
        "adversary_offended": "none", "dealer_refused_first_proposal": False, "dealer_refused_later_proposal": False}}
    french = ask({**question, "lang": "fr"})["explanation"]
    assert "Le donneur marque 2 pour les plis abandonnés." in french
    assert "qui n'a donc pas été posée : si « " in french and " ; si « " in french
    assert "Toutes les sources ne s'accordent pas avec les lois 42 et 49 et avec la règle « " in french
    english = ask(question)["explanation"]
    assert "which was therefore not asked: if “" in english and "Not every source agrees with laws 42 and 49 and with" \
        " the rule “" in english
