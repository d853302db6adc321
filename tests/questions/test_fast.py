"""The check generated from a schema says yes exactly when jsonschema finds no error."""
import pytest
from hypothesis import HealthCheck, given, settings

from ecarte_tutor.engine.kinds import KINDS
from ecarte_tutor.questions.check import question_check
from ecarte_tutor.questions.fast import SchemaError, compile_check
from ecarte_tutor.questions.formats import FIXED

from .mutations import near_questions


def checked(book, question):
    kind = question.get("kind") if isinstance(question, dict) else None
    return question_check(book, kind, KINDS[kind].schema) if kind in KINDS else None


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(question=near_questions())
def test_the_fast_check_agrees_with_jsonschema(book, question):
    check = checked(book, question)
    if check is not None:
        assert check.fast(question) == check.validator.is_valid(question), question


def test_the_fast_check_refuses_what_jsonschema_refuses_here(book):
    check = question_check(book, "hand", KINDS["hand"].schema)
    action = {"by": "elder", "do": "card", "card": "KS"}
    deal = {"elder": ["KS"], "dealer": [], "turn_up": "9H", "stock": []}
    for question in ({"kind": "hand", "deal": deal, "actions": [action]},
                     {"kind": "hand", "deal": deal, "actions": [{**action, "cards": []}]},
                     {"kind": "hand", "deal": deal, "actions": [{"by": "elder", "do": "discard"}]},
                     {"kind": "hand", "deal": {**deal, "elder": ["KS", "KS"]}, "actions": []}):
        assert check.fast(question) is False and check.validator.is_valid(question) is False


def resolve_nothing(ref, base):
    raise AssertionError(ref)


@pytest.mark.parametrize("schema, problem", [
    ({"type": "object", "dependentRequired": {"a": ["b"]}}, "dependentRequired"),
    ({"type": "string", "format": "colour"}, "colour"),
    ({"enum": [1, 2]}, "strings, true, false and null"),
    ({"type": "object", "additionalProperties": {"type": "string"}}, "additionalProperties"),
])
def test_a_keyword_the_fast_check_cannot_decide_is_refused_when_compiled(schema, problem):
    with pytest.raises(SchemaError, match=problem):
        compile_check(schema, "test", resolve_nothing, FIXED)


def test_annotations_are_ignored_and_if_then_else_is_decided():
    schema = {"description": "a number or text", "x-note": 1, "if": {"type": "string"},
              "then": {"maxLength": 2}, "else": {"type": "integer", "minimum": 0}}
    check = compile_check(schema, "test", resolve_nothing, FIXED)
    assert [check(v) for v in ("ab", "abc", 3, -1, 2.0, 2.5, None)] == [True, False, True, False, True, False, False]


@pytest.mark.parametrize("condition", [True, False])
def test_an_if_that_is_a_boolean_schema_is_decided(condition):
    """``"if": true`` (or false) is a schema like any other: it once crashed the generator with a TypeError."""
    from jsonschema import Draft202012Validator

    schema = {"if": condition, "then": {"maxLength": 2}, "else": {"type": "integer"}}
    check = compile_check(schema, "test", resolve_nothing, FIXED)
    values = ("ab", "abc", 3)
    assert [check(v) for v in values] == [Draft202012Validator(schema).is_valid(v) for v in values]
    assert [check(v) for v in values] == ([True, False, True] if condition else [False, False, True])


def test_a_broken_question_schema_is_a_data_error_naming_its_file(book):
    from ecarte_tutor.errors import DataError
    from ecarte_tutor.questions.check import check_every_kind

    assert check_every_kind(book, {"play": "play.schema.json"}) == ["play"]
    with pytest.raises(DataError, match="nowhere.schema.json"):
        check_every_kind(book, {"play": "nowhere.schema.json"})


def test_a_value_that_cannot_be_hashed_fails_only_the_branch_that_looks_it_up(book):
    """Enums and a format's common values are looked up in sets: a list or an object there raises TypeError
    inside the generated code, which answers False for that branch alone, so an agreement written as an
    object still passes the branch that takes objects, and a list of cards as the API writes them passes
    in one look-up."""
    play = question_check(book, "play", KINDS["play"].schema)
    score = question_check(book, "score", KINDS["score"].schema)
    base = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D"], "card": "7S"}
    for question in ({**base, "trump": ["H"]}, {**base, "hand": [["QS"]]}, {**base, "hand": ["QS", {"a": 1}]},
                     {**base, "card": {"card": "7S"}}, {**base, "kind": ["play"]}, {**base, "hand": ["QS", "QS"]}):
        assert play.fast(question) is False and play.validator.is_valid(question) is False, question
    for question in (base, {**base, "hand": ["q♠", "7s", "8D"]},
                     {"kind": "score", "tricks": {"elder": 3, "dealer": 2}, "agreements": [{"game-target": 7}]}):
        check = play if question["kind"] == "play" else score
        assert check.fast(question) is True and check.validator.is_valid(question) is True, question
