"""Practice on the rules a learner broke: fresh exercises, seeded, made at random and graded by the engine.

``drill_for(rule_id, book)`` is the :class:`~.base.RuleDrill` of a rule, or None; ``drillable(book)``
the ids that have one; ``drill_exercise(rule_id, seed, book)`` the exercise a seed gives (the
same seed, the same exercise: a practice page is a pure function of its URL);
``fresh_drill(rule_id, seed, avoid, book)`` the first from ``seed`` on whose situation is not in
``avoid`` (the situations just answered: none comes twice in a row).
"""
from __future__ import annotations

import random
from collections.abc import Collection

from ...rulebook import RuleBook
from ..diagnosis import is_advice
from ..grading import Feedback, engine_answer
from ..kinds import KindError
from ..model import Exercise, exercise_from
from ..reading import LessonError
from ..review import situation_of
from . import advice, cardplay, exchange, play, pool, scoring, wagers  # noqa: F401 - each registers its drills
from .base import ATTEMPTS, REGISTRY, RuleDrill
from .disputes import law_drill

__all__ = ["RuleDrill", "drill_exercise", "drill_for", "drillable", "fresh_drill", "situation", "to_practise"]

FRESH_TRIES = 20  # seeds tried for a situation not just answered; a drill has far more than two situations


def drill_for(rule_id: str, book: RuleBook) -> RuleDrill | None:
    """The drill of ``rule_id``: a registered maker, or, for a rule with a decision table, its situations."""
    if rule_id in REGISTRY and rule_id in book.rules:
        return REGISTRY[rule_id]
    rule = book.rules.get(rule_id)
    return law_drill(rule) if rule is not None and rule.decisions else None


def drillable(book: RuleBook) -> frozenset[str]:
    """Every rule id a drill can practise."""
    return frozenset(r for r in book.rules if drill_for(r, book) is not None)


def to_practise(feedback: Feedback, book: RuleBook) -> str | None:
    """The rule a wrong answer broke, when a drill can practise it (None otherwise, and for a right answer).

    A choice the rules allow that the advice rates lower broke no rule: it is practised on its piece of advice
    (rules/strategy.yaml) when it names one, never on what the choice was judged by (the point's scoring)."""
    diagnosis = feedback.diagnosis
    rule = diagnosis.rule if diagnosis else None
    if diagnosis is not None and diagnosis.advice and not is_advice(book, rule):
        return None
    return rule if rule and drill_for(rule, book) is not None else None


def drill_exercise(rule_id: str, seed: int, book: RuleBook) -> Exercise:
    """The exercise on ``rule_id`` that ``seed`` gives; :class:`LessonError` if the rule has no drill
    or its maker finds nothing the engine rules on by that rule (a defect the tests look for)."""
    found = drill_for(rule_id, book)
    if found is None:
        raise LessonError(f"there is no practice for the rule '{rule_id}'")
    rng = random.Random(f"{rule_id}#{seed}")  # a string seed: the same on every run and machine
    for _ in range(ATTEMPTS):
        try:
            exercise = exercise_from(found.make(rng, book), book)
            answer = engine_answer(exercise, book)
        except (KindError, LessonError):
            continue
        if set(found.cited) & set(answer.get("cites", [])):
            return exercise
    raise LessonError(f"no exercise on '{rule_id}' came of seed {seed} after {ATTEMPTS} tries")


def situation(exercise: Exercise) -> str:
    """The fingerprint of an exercise's situation (:func:`~ecarte_tutor.lessons.review.situation_of`)."""
    return situation_of(exercise.kind, [exercise.position, list(exercise.choices)])


def fresh_drill(rule_id: str, seed: int, avoid: Collection[str | None], book: RuleBook) -> tuple[int, Exercise]:
    """The seed and exercise on ``rule_id`` from ``seed`` on whose situation is not in ``avoid``."""
    found = seed, drill_exercise(rule_id, seed, book)
    for number in range(seed + 1, seed + FRESH_TRIES):
        if situation(found[1]) not in avoid:
            break
        found = number, drill_exercise(rule_id, number, book)
    return found
