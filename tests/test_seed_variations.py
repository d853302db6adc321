"""Each variation of seed 000 (the English rulebook's "Variations") is playable, not only described.

Issue 14's bar: a rule, an agreement (or a kind) that changes answers, cases through ``ask()``
that the casebook shows, and a lesson step that the engine grades.
"""
import pytest
from data_under_test import BOOK, LIBRARY

from ecarte_tutor import ask

# variation -> (its rule, the agreement that turns it on, or the kind that answers it)
VARIATIONS = {
    "ace high": ("variant.ace-high", {"agreement": "ace-high"}),
    "doubling": ("variant.doubling", {"agreement": "doubling"}),
    "offering the point": ("variant.offering-the-point", {"agreement": "offer-the-point"}),
    "pool écarté": ("variant.pool-ecarte", {"kind": "pool"}),
    "French bystanders": ("variant.french-bystanders", {"agreement": "bystanders-advise"}),
}


def names_agreement(question: dict, name: str) -> bool:
    return any(item == name or isinstance(item, dict) and name in item for item in question.get("agreements", []))


def without(question: dict, name: str) -> dict:
    """``question`` with the agreement ``name`` taken out of its agreements."""
    kept = [item for item in question["agreements"] if not names_agreement({"agreements": [item]}, name)]
    return {**question, "agreements": kept}


def uses(question: dict, how: dict) -> bool:
    if "kind" in how:
        return question.get("kind") == how["kind"]
    return names_agreement(question, how["agreement"])


@pytest.mark.parametrize("variation", VARIATIONS)
def test_the_variation_has_its_rule_and_agreement(variation):
    rule_id, how = VARIATIONS[variation]
    assert rule_id in BOOK.rules
    if "agreement" in how:
        assert BOOK.agreements[how["agreement"]].id == rule_id


@pytest.mark.parametrize("variation", VARIATIONS)
def test_cases_through_ask_exercise_it_and_the_casebook_has_them(variation):
    rule_id, how = VARIATIONS[variation]
    cases = [case for case in LIBRARY.scenarios if uses(case.question, how)]
    assert cases, f"no scenario uses {variation}"
    for case in cases:
        answer = ask(case.question, BOOK)
        assert "error" not in answer or case.expect.get("error"), case.id
    # The agreement changes behaviour: some case answers differently without it.
    if "agreement" in how:
        changed = [case for case in cases
                   if ask(without(case.question, how["agreement"]), BOOK) != ask(case.question, BOOK)]
        assert changed, f"no case of {variation} is answered differently without the agreement"


@pytest.mark.parametrize("variation", VARIATIONS)
def test_a_lesson_step_teaches_it_and_the_engine_grades_it(variation):
    _, how = VARIATIONS[variation]
    exercises = [step.exercise for lesson in LIBRARY.lessons for step in lesson.steps
                 if step.exercise is not None and (uses(step.exercise.position, how)
                                                   or "kind" in how and step.exercise.kind == how["kind"])]
    assert exercises, f"no lesson exercise uses {variation}"
