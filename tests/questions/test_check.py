"""A question's check: fastjsonschema's compiled yes agrees with jsonschema, whose errors are reported."""
import copy

import pytest
from hypothesis import HealthCheck, given, settings

from ecarte_tutor.engine.kinds import KINDS
from ecarte_tutor.questions.check import inline, question_check

from .mutations import near_questions
from .samples import ANSWERED


def checked(book, question):
    kind = question.get("kind") if isinstance(question, dict) else None
    return question_check(book, kind, KINDS[kind].schema) if kind in KINDS else None


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(question=near_questions())
def test_the_compiled_check_agrees_with_jsonschema(book, question):
    """A question the compiled check passes is never looked at again: it must meet the schema. (One it refuses
    is read by jsonschema, so a refusal of a valid question would cost time, not a wrong answer; it agrees on
    those too.)"""
    check = checked(book, question)
    if check is not None:
        before = copy.deepcopy(question)
        assert check.passes(question) == check.validator.is_valid(question), question
        assert question == before, "the check changed the question (a default written into it)"


def test_every_sample_passes_and_a_broken_one_does_not(book):
    for kind, question in ANSWERED.items():
        check = question_check(book, kind, KINDS[kind].schema)
        assert check.passes(question) and check.validator.is_valid(question), question
    play = question_check(book, "play", KINDS["play"].schema)
    base = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D"], "card": "7S"}
    for question in ({**base, "trump": ["H"]}, {**base, "hand": [["QS"]]}, {**base, "hand": ["QS", {"a": 1}]},
                     {**base, "card": {"card": "7S"}}, {**base, "kind": ["play"]}, {**base, "hand": ["QS", "QS"]},
                     {**base, "colour": "red"}, {**base, "hand": ["QS", "6H"]}):
        assert not play.passes(question) and not play.validator.is_valid(question), question
    for question in ({**base, "hand": ["q♠", "7s", "8D"]}, {**base, "profile": " London "}):
        assert play.passes(question) and play.validator.is_valid(question), question


def test_references_are_followed_once_and_a_cycle_is_refused():
    documents = {"a": {"$defs": {"x": {"type": "string"}}, "properties": {"p": {"$ref": "#/$defs/x", "maxLength": 2}}},
                 "loop": {"$ref": "#/$defs/l", "$defs": {"l": {"$ref": "#/$defs/l"}}}}

    def resolve(ref, base):
        node = documents[base]
        for part in ref.partition("#")[2].strip("/").split("/"):
            node = node[part]
        return node, base

    assert inline(documents["a"], "a", resolve) == {
        "properties": {"p": {"allOf": [{"type": "string"}], "maxLength": 2, "x-ref": "#/$defs/x"}}}
    with pytest.raises(ValueError, match="too deeply"):
        inline(documents["loop"], "loop", resolve)


def test_a_broken_question_schema_is_a_data_error_naming_its_file(book):
    from ecarte_tutor.errors import DataError
    from ecarte_tutor.questions.check import check_every_kind

    assert check_every_kind(book, {"play": "play.schema.json"}) == ["play"]
    with pytest.raises(DataError, match="nowhere.schema.json"):
        check_every_kind(book, {"play": "nowhere.schema.json"})
