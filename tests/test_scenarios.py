"""How a worked case's answer is compared with the one it states (scenarios.mismatches).

The cases themselves run as test items of their own, each named by its file and line: pytest collects
``scenarios/**.yaml`` (the ``conftest.py`` at the repository's root, ecarte_tutor.yamlcases).
"""
from ecarte_tutor.scenarios import mismatches


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
