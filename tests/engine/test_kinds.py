"""The kinds of question (engine/kinds.py): each typed handler returns a frozen dataclass whose one
``as_json()`` is the answer ``ask()`` sends on."""
import dataclasses
from collections import defaultdict

import pytest

from ecarte_tutor.agreements import read_agreements
from ecarte_tutor.asking import ask
from ecarte_tutor.engine.kinds import KINDS
from ecarte_tutor.library import load_library

TYPED = {"play", "trick", "score", "pack", "record", "pool", "analyse"}
"""The kinds whose handler returns a typed outcome; the others (exchange, hand, dispute, advice) still return
their JSON."""


@pytest.fixture(scope="module")
def questions_by_kind():
    found = defaultdict(list)
    for case in load_library().scenarios:
        found[case.question["kind"]].append(case.question)
    return found


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_typed_kind_answers_with_a_frozen_dataclass_whose_json_ask_sends(kind, book, questions_by_kind):
    questions = [q for q in questions_by_kind[kind] if "error" not in ask(q, book)]
    assert questions, f"no worked case asks a {kind} question that is answered"
    for question in questions[:40]:
        profile = question.get("profile", book.default_profile)
        outcome = KINDS[kind].answer(question, book, book.params(profile, read_agreements(question, book)))
        if kind not in TYPED:
            assert isinstance(outcome, dict)
            continue
        assert dataclasses.is_dataclass(outcome) and type(outcome).__dataclass_params__.frozen
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(outcome, dataclasses.fields(outcome)[0].name, None)
        sent = ask(question, book)
        sent.pop("profile")
        sent.pop("agreements", None)
        assert outcome.as_json() == sent
