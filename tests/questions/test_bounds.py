"""Every question costs about the same to check: absurd sizes refused at once, a bounded number of messages
worked out, nothing echoed at length (issue 22, M1 and L7). Times are measured in bench/fuzz_api.py; these
tests count the work instead."""
import pytest

from ecarte_tutor import ask
from ecarte_tutor.engine.kinds import KINDS
from ecarte_tutor.errors import EXCERPT, QuestionError, excerpt
from ecarte_tutor.questions import report
from ecarte_tutor.questions.bounds import UNBOUNDED
from ecarte_tutor.questions.check import question_check
from ecarte_tutor.questions.report import json_key
from ecarte_tutor.rulebook import default_rulebook

from .samples import ANSWERED

PLAY = ANSWERED["play"]
DISPUTE = {"kind": "dispute", "facts": {"irregularity": "revoke"}}


def error(question):
    answer = ask(question)
    assert "error" in answer, answer
    return answer["error"]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_has_finite_bounds_that_its_sample_meets(kind):
    bounds = question_check(default_rulebook(), kind, KINDS[kind].schema).bounds
    assert UNBOUNDED not in (bounds.items, bounds.fields, bounds.text, bounds.depth)
    assert bounds.problem(ANSWERED[kind]) is None


@pytest.mark.parametrize("question, field, words", [
    ({**PLAY, "hand": [f"Z{i}" for i in range(5000)]}, "hand", "holds 5,000 items"),
    ({**PLAY, "led": "x" * 60_000}, "led", "is 60,000 characters long"),
    ({**PLAY, "hand": [[[[[[[]]]]]]]}, "hand[0][0][0][0][0]", "nests values 6 deep"),
    ({**DISPUTE, "facts": {f"fact_{i}": True for i in range(5000)}}, "facts", "has 5,000 fields"),
    ({**PLAY, "x" * 60_000: 1}, None, "whose name is 60,000 characters long"),
])
def test_a_value_over_the_kinds_bounds_is_refused_naming_it(question, field, words):
    found = error(question)
    assert found["field"] == field and words in found["message"]
    assert found["code"] in ("bad-field", "unknown-field", "unknown-fact")
    assert len(found["message"]) < 300


def test_thousands_of_unknown_facts_cost_one_suggestion(monkeypatch):
    calls = []
    real = report.nearest
    monkeypatch.setattr(report, "nearest", lambda name, names: calls.append(name) or real(name, names))
    bounds = question_check(default_rulebook(), "dispute", KINDS["dispute"].schema).bounds
    facts = {f"discoverd{i}": True for i in range(2 * bounds.fields - 1)}
    found = error({**DISPUTE, "facts": {**facts, "irregularity": "revoke"}})
    assert found["code"] == "unknown-fact" and found["field"] == "facts.discoverd0"  # the first, as written
    assert "Did you mean 'discovered'?" in found["message"]
    assert calls == ["discoverd0"]


def test_a_long_unknown_name_gets_no_suggestion_and_is_not_echoed_whole():
    name = "discovered" * 5
    found = error({**DISPUTE, "facts": {name: True}})
    assert found["code"] == "unknown-fact"
    assert "Did you mean" not in found["message"] and name not in found["message"]
    assert name[:EXCERPT] in found["message"]


def test_duplicates_are_found_among_values_that_cannot_be_sorted_or_hashed():
    found = error({"kind": "pack", "cards": [{"a": 1}, 2, "KS", {"a": 1.0}]})
    assert found["code"] in ("duplicate-card", "bad-card", "bad-field")
    check = question_check(default_rulebook(), "pack", KINDS["pack"].schema)
    errors = list(check.validator.evolve(schema={"uniqueItems": True}).iter_errors([{"a": [1]}, {"a": [1.0]}]))
    assert [e.validator for e in errors] == ["uniqueItems"]
    assert not list(check.validator.evolve(schema={"uniqueItems": True}).iter_errors([True, 1, {"a": 1}, {"b": 1}]))


def test_json_key_equals_as_json_schema_does():
    assert json_key(1) == json_key(1.0) and json_key(True) != json_key(1) and json_key(None) != json_key(False)
    assert json_key({"a": 1, "b": [2]}) == json_key({"b": [2.0], "a": 1}) and json_key([1, 2]) != json_key([2, 1])


def test_excerpt_cuts_long_and_deep_values():
    assert excerpt("KS") == "'KS'"
    long = excerpt("y" * 60_000)
    assert long.startswith("'" + "y" * EXCERPT + "'") and "60,000 characters" in long and len(long) < 100
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    assert len(excerpt(deep)) < 100
    assert len(excerpt(list(range(10_000)))) < 100


def test_no_error_message_or_field_is_unbounded():
    found = QuestionError("bad-field", "m" * 100_000, "f" * 100_000)
    assert len(found.message) <= 4001 and len(found.field) <= 201


@pytest.mark.parametrize("question", [
    {"kind": "k" * 60_000},
    {**PLAY, "profile": "p" * 10_000},
    {**PLAY, "trump": "s" * 150},
    {**DISPUTE, "facts": {"irregularity": "r" * 150}},
    {**PLAY, "agreements": ["a" * 150]},
])
def test_an_echoed_value_is_cut_to_an_excerpt(question):
    found = error(question)
    assert len(found["message"]) < 1000, found
    assert "k" * (EXCERPT + 1) not in found["message"] and "p" * (EXCERPT + 1) not in found["message"]
    assert "r" * (EXCERPT + 1) not in found["message"] and "a" * (EXCERPT + 1) not in found["message"]
