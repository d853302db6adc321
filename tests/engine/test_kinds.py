"""The kinds of question (engine/kinds.py): each handler returns a frozen dataclass whose one
``as_json()`` is the answer ``ask()`` sends on."""
import dataclasses
import typing
from collections import defaultdict

import pytest

from ecarte_tutor.agreements import read_agreements
from ecarte_tutor.asking import ask
from ecarte_tutor.engine.kinds import KINDS
from ecarte_tutor.library import load_library


@pytest.fixture(scope="module")
def questions_by_kind():
    found = defaultdict(list)
    for case in load_library().scenarios:
        found[case.question["kind"]].append(case.question)
    return found


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_answers_with_a_frozen_dataclass_whose_json_ask_sends(kind, book, questions_by_kind):
    questions = [q for q in questions_by_kind[kind] if "error" not in ask(q, book)]
    assert questions, f"no worked case asks a {kind} question that is answered"
    for question in questions[:40]:
        profile = question.get("profile", book.default_profile)
        outcome = KINDS[kind].answer(question, book, book.params(profile, read_agreements(question, book)))
        assert dataclasses.is_dataclass(outcome) and type(outcome).__dataclass_params__.frozen
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(outcome, dataclasses.fields(outcome)[0].name, None)
        sent = ask(question, book)
        sent.pop("profile")
        sent.pop("agreements", None)
        assert outcome.as_json() == sent
        assert outcome.as_json() is not outcome.as_json()  # a fresh object each call: ask() completes it


def _keys(shape: type) -> tuple[set[str], set[str]]:
    """The required keys of a TypedDict and all of them (read from the hints: under postponed annotations
    Python 3.11's ``__required_keys__`` counts a ``NotRequired`` key as required)."""
    hints = typing.get_type_hints(shape, include_extras=True)
    optional = {key for key, hint in hints.items() if typing.get_origin(hint) is typing.NotRequired}
    return set(hints) - optional, set(hints)


def _declared(outcome) -> type:
    """The TypedDict that the outcome's ``as_json`` says it returns (declared beside the handler)."""
    shape = typing.get_type_hints(type(outcome).as_json)["return"]
    assert typing.is_typeddict(shape), f"{type(outcome).__name__}.as_json returns {shape}, not its kind's TypedDict"
    return shape


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_json_of_every_kind_has_the_shape_declared_beside_its_handler(kind, book, questions_by_kind):
    """Every key required is sent, nothing is sent the TypedDict does not name, and at the top level each value
    has the type declared: what the lessons and the table read is what the engine writes."""
    seen = set()
    for question in questions_by_kind[kind]:
        if "error" in ask(question, book):
            continue
        profile = question.get("profile", book.default_profile)
        outcome = KINDS[kind].answer(question, book, book.params(profile, read_agreements(question, book)))
        shape = _declared(outcome)
        sent = outcome.as_json()
        required, named = _keys(shape)
        assert required <= set(sent) <= named, (shape, set(sent) ^ named)
        hints = typing.get_type_hints(shape)
        for key, value in sent.items():
            wanted = typing.get_origin(hints[key]) or hints[key]
            if typing.is_typeddict(wanted):
                wanted = dict
            if wanted in (list, dict, str, int, bool, float):
                assert isinstance(value, wanted), (key, value)
        seen.add(shape.__name__)
    assert seen


def test_a_json_that_strays_from_its_declared_shape_is_caught(book):
    """The check above fails on an answer with a key its TypedDict lacks."""
    question = {"kind": "exchange", "stock": 3, "elder_discards": 2}
    outcome = KINDS["exchange"].answer(question, book, book.params("london", []))
    shape = _declared(outcome)
    sent = {**outcome.as_json(), "dealer_must_play": False}
    assert not set(sent) <= _keys(shape)[1]
    assert "dealer_may_draw" not in _keys(shape)[0]  # NotRequired is read as such
