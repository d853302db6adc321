"""The words the engine puts in a French template's slots are French (issue 42): seats, counts, "nobody",
"nothing", the profile, the hand's totals. The templates are the rule book's (rules/fr/); this holds what
Python fills them with, over every scoring and hand case of the casebook asked in French."""
import re

import pytest

from ecarte_tutor.asking import ask
from ecarte_tutor.i18n import speaking
from ecarte_tutor.scenarios import load_casebook
from ecarte_tutor.wording import number_word, seat_name, seat_totals, seat_word

# "six" is French too, and "no" and "one" are left to the words around them: "one" alone is checked.
ENGLISH_FILLERS = re.compile(
    r"\b(elder|dealer|non-dealer|nobody|nothing|one|two|three|four|five|seven|eight|nine|ten)\b", re.IGNORECASE)

CASES = [case for case in load_casebook()[0] if case.question.get("kind") in ("score", "hand")]


def _scored_texts(kind: str, answer: dict) -> list[str]:
    """What the scoring engine wrote: a score's explanation and reasons, a hand's score (its referee's own
    messages are sentences still in Python, not slots)."""
    scored = answer if kind == "score" else answer.get("score")
    if not isinstance(scored, dict) or "explanation" not in scored:
        return []
    return [scored["explanation"], *(award["reason"] for award in scored["awards"])]


def test_the_fillers_are_said_in_the_current_language():
    with speaking("en"):
        assert (seat_name("elder"), seat_name("dealer"), seat_name(None)) == (
            "the elder hand (non-dealer)", "the dealer", "nobody")
        assert (seat_word("elder"), number_word(5), number_word(12)) == ("elder", "five", "12")
        assert seat_totals({"elder": 0, "dealer": 3}) == "the elder hand (non-dealer) 0, the dealer 3"
    with speaking("fr"):
        assert (seat_name("elder"), seat_name("dealer"), seat_name(None)) == (
            "le premier en cartes", "le donneur", "personne")
        assert (seat_word("elder"), seat_word("dealer"), number_word(5), number_word(3), number_word(12)) == (
            "premier en cartes", "donneur", "cinq", "trois", "12")
        assert seat_totals({"elder": 0, "dealer": 3}) == "le premier en cartes 0, le donneur 3"


def test_a_french_score_names_seats_counts_and_profile_in_french():
    answer = ask({"kind": "score", "tricks": {"elder": 0, "dealer": 5}, "lang": "fr"})
    assert answer["explanation"] == ("Le donneur a gagné la vole (les cinq plis) : 2. "
                                     "Cette main : le premier en cartes 0, le donneur 2.")
    offered = next(case for case in CASES if case.id == "agreement.offer-declined-and-a-trick-lost").question
    said = ask({**offered, "lang": "fr"})["score"]["explanation"]  # rules/variants.yaml's "The {decliner} …"
    assert said.startswith("Le premier en cartes a refusé le point offert") and "le donneur marque donc 2" in said, said
    free = ask({"kind": "score", "tricks": {"elder": 2, "dealer": 3}, "profile": "modern",
                "elder_played_without_proposing": True, "lang": "fr"})
    assert "profil Moderne" in free["explanation"], free["explanation"]


def test_the_same_score_in_english_is_unchanged():
    answer = ask({"kind": "score", "tricks": {"elder": 0, "dealer": 5}})
    assert answer["explanation"] == ("The dealer won the vole (all five tricks): 2. "
                                     "This hand: the elder hand (non-dealer) 0, the dealer 2.")


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_no_english_filler_in_a_french_score(case):
    kind = case.question["kind"]
    for text in _scored_texts(kind, ask({**case.question, "lang": "fr"})):
        assert not ENGLISH_FILLERS.search(text), text


DISPUTES = [case for case in load_casebook()[0] if case.question.get("kind") == "dispute"]
FRENCH_SENTENCE = re.compile(r"\b(plis|marque|choisit)\b")  # a sentence of a French template or message


def _sentences(case) -> list[str]:
    """The sentences (and bracketed asides) of a case's ruling asked in French; none for a question back."""
    return re.split(r"(?<=[.:;)])\s", ask({**case.question, "lang": "fr"}).get("explanation", ""))


def test_a_french_ruling_says_who_chooses_and_marks_in_french():
    sentences = {sentence for case in DISPUTES for sentence in _sentences(case)}
    assert {"Ici, c'est le donneur qui choisit.", "Le premier en cartes marque 1.",
            "personne ne marque rien pour les plis.", "Le donneur a gagné le point (trois ou quatre plis)",
            "Le donneur marque 2 pour les plis abandonnés."} <= sentences


@pytest.mark.parametrize("case", DISPUTES, ids=[case.id for case in DISPUTES])
def test_no_english_filler_in_a_french_rulings_own_sentences(case):
    # The decision rows' explanations are still English (rules/laws/ not translated yet): only the sentences the
    # engine makes from French templates and messages are held, each with no English seat, count or "nothing".
    for sentence in _sentences(case):
        if FRENCH_SENTENCE.search(sentence):
            assert not ENGLISH_FILLERS.search(sentence), sentence
