"""Every worked case in scenarios/ gets the answer it states."""
import pytest
from data_under_test import LIBRARY

from ecarte_tutor import ask
from ecarte_tutor.scenarios import mismatches

CASES = LIBRARY.scenarios


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_scenario(case, book):
    answer = ask(case.question, book)
    assert mismatches(case.expect, answer) == [], f"{case.file}: {case.name}\nanswer: {answer}"


def test_explanation_omits_fails_on_a_phrase_said():
    assert mismatches({"explanation_omits": ["accepted exchange"]}, {"explanation": "after an accepted exchange"}) \
        == ["explanation says 'accepted exchange': 'after an accepted exchange'"]
    assert mismatches({"explanation_omits": "vole"}, {"explanation": "the point"}) == []


def test_explanation_mentions_one_phrase_as_a_whole():
    # A phrase written without a list was checked letter by letter: "vole" passed on "I love it".
    assert mismatches({"explanation_mentions": "vole"}, {"explanation": "I love it"}) == [
        "explanation does not mention 'vole': 'I love it'"]
    assert mismatches({"explanation_mentions": "vole"}, {"explanation": "the elder wins the vole"}) == []
    assert mismatches({"explanation_mentions": ["vole", "point"]}, {"explanation": "the vole"}) == [
        "explanation does not mention 'point': 'the vole'"]
