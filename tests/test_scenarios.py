"""How a worked case's answer is compared with the one it states (scenarios.mismatches).

The cases themselves run as test items of their own, each named by its file and line: pytest collects
``scenarios/**.yaml`` (the ``conftest.py`` at the repository's root, ecarte_tutor.yamlcases).
"""
import pytest

from ecarte_tutor.errors import DataError
from ecarte_tutor.rulebook import LAW_SECTION, default_rulebook
from ecarte_tutor.scenarios import (
    Boundary,
    Scenario,
    Side,
    boundary_problems,
    load_casebook,
    load_scenario_file,
    mismatches,
)


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


def test_cites_and_laws_are_compared_exactly():
    # A law missing fails, and so does a law cited besides: issue 37's mutant cited law 38 when the stock exactly
    # covered a discard, and a case that only listed what it wanted could not see it.
    assert mismatches({"laws": [38]}, {"laws": [38]}) == []
    assert mismatches({"laws": [38]}, {"laws": []}) == ["laws: expected [38], got []; [38] not cited"]
    assert mismatches({"laws": []}, {"laws": [38]}) == ["laws: expected [], got [38]; [38] cited besides"]
    assert mismatches({"cites": ["law.23", "law.24"]}, {"cites": ["law.24", "law.23"]}) == []  # in any order
    assert mismatches({"first_illegal": {"laws": [23, 24]}}, {"first_illegal": {"laws": [23]}}) == [
        "first_illegal.laws: expected [23, 24], got [23]; [24] not cited"]


def _case(case_id, expect):
    return Scenario(case_id, "a case for the test", "exchange", "exchange/x.yaml", {"kind": "exchange"}, expect)


CASES = [_case("exchange.covered", {"cites": ["exchange.discard-and-draw"], "laws": [], "dealer_draws": 2}),
         _case("exchange.short", {"cites": ["exchange.short-stock", "law.38"], "laws": [38], "dealer_draws": 0}),
         _case("exchange.short-too", {"cites": ["exchange.short-stock", "law.38"], "laws": [38], "dealer_draws": 0})]
RULES = {"law.38": 38, "exchange.short-stock": None, "exchange.discard-and-draw": None}


def _edge(below, above, rule="law.38", cites=(False, True)):
    return Boundary(rule, "the stock covers the discards, or one card fewer",
                    (Side("covered", tuple(below), cites[0]), Side("short", tuple(above), cites[1])), "exchange/x.yaml")


def test_a_sound_boundary_has_no_problem():
    assert boundary_problems([_edge(["exchange.covered"], ["exchange.short"])], CASES, RULES) == []
    assert boundary_problems([_edge(["exchange.covered"], ["exchange.short"], "exchange.short-stock")], CASES,
                             RULES) == []
    # a side that does not say whether it cites the rule is not held to it
    assert boundary_problems([_edge(["exchange.covered"], ["exchange.short"], cites=(None, None))], CASES, RULES) == []


def test_a_boundary_names_what_is_wrong_with_it():
    where = "exchange/x.yaml › boundary of law.38"
    assert boundary_problems([_edge(["exchange.covered"], ["exchange.short"], "law.99")], CASES, RULES) == [
        "exchange/x.yaml › boundary of law.99: no rule 'law.99' in the rule book"]
    assert boundary_problems([_edge(["exchange.gone"], ["exchange.short"])], CASES, RULES) == [
        f"{where}: no worked case 'exchange.gone'"]
    assert boundary_problems([_edge(["exchange.covered", "exchange.short"], ["exchange.short"], cites=(None, None))],
                             CASES, RULES) == [f"{where}: exchange.short is on both sides"]
    assert boundary_problems([_edge(["exchange.short"], ["exchange.covered"])], CASES, RULES) == [
        f"{where}: exchange.short is on the side that does not cite it (covered), but does",
        f"{where}: exchange.covered is on the side that cites it (short), but does not"]
    assert boundary_problems([_edge(["exchange.short"], ["exchange.short-too"], cites=(True, True))], CASES, RULES) \
        == [f"{where}: exchange.short and exchange.short-too lie on either side of the edge but expect the same answer"]


def test_a_law_is_cited_by_its_number_too():
    # the rule id alone is not enough on the side that cites a law: its number must be among the laws
    case = _case("exchange.short", {"cites": ["law.38"], "laws": [], "dealer_draws": 0})
    assert boundary_problems([_edge(["exchange.covered"], ["exchange.short"])], [CASES[0], case], RULES) == [
        "exchange/x.yaml › boundary of law.38: exchange.short is on the side that cites it (short), but does not"]


def test_the_bundled_boundaries_hold():
    cases, boundaries = load_casebook()
    book = default_rulebook()
    laws = {rule_id: rule.law if rule.section == LAW_SECTION else None for rule_id, rule in book.rules.items()}
    assert len(boundaries) >= 10
    assert {"law.22", "law.23", "law.24", "law.25", "law.38", "law.49"} <= {b.rule for b in boundaries}
    assert boundary_problems(boundaries, cases, laws) == []


def test_a_case_must_state_its_cites_and_laws_unless_it_expects_an_error(tmp_path):
    path = tmp_path / "x.yaml"
    case = ("cases:\n  - id: exchange.no-cites\n    name: A case that states no citation.\n"
            "    title: A case without its cites\n    summary: It says what is drawn but not which rules decide it.\n"
            "    question: {kind: exchange, stock: 5, elder_discards: 3}\n    expect: {elder_draws: 3}\n")
    path.write_text(case, encoding="utf-8")
    with pytest.raises(DataError, match="'cites' is a required property"):
        load_scenario_file(path)
    path.write_text(case.replace("expect: {elder_draws: 3}", "expect: {error: out-of-range}"), encoding="utf-8")
    assert load_scenario_file(path)[0].expect == {"error": "out-of-range"}
