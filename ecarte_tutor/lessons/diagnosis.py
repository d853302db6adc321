"""Saying what is wrong in a wrong answer, rather than only that it is wrong.

Each exercise kind writes its own :class:`Diagnosis`. Several kinds find it the same way:
they change one fact of the position at a time and ask the engine again; when the
changed position's answer is the learner's, the fact changed is the one he overlooked
(a turned king left out, a window of a law misread). :func:`overlooked` is that search.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from ..jsontypes import Question
from ..rulebook import RuleBook
from .reading import LessonError

if TYPE_CHECKING:  # the kinds import this module
    from .kinds.base import Asked, ExerciseKind, Position
    from .model import Exercise

A = TypeVar("A", bound="Asked")
R = TypeVar("R", bound=Mapping[str, object])


@dataclass(frozen=True)
class Diagnosis:
    """What is wrong, in a player's words (never the whole answer), and the rule the mistake breaks."""

    text: str
    rule: str | None = None
    mistakes: tuple[str, ...] = ()  # the catalogue mistakes it names (rules/course/mistakes.yaml)


@dataclass(frozen=True)
class Alternative:
    """The position with one fact changed, and what a learner who answered for it overlooked."""

    position: Question
    text: str
    rule: str | None = None  # None: the rule cited by one answer and not the other


def overlooked(kind: ExerciseKind[Any, A, R], exercise: Exercise, given: R, answer: A,
               alternatives: Iterable[Alternative], book: RuleBook) -> Diagnosis | None:
    """The first alternative whose engine answer agrees with ``given``, as a diagnosis (None if none does)."""
    for alternative in alternatives:
        changed = replace(exercise, position=alternative.position)
        try:
            other = kind.engine_answer(changed, book)
        except LessonError:
            continue  # a changed position the engine cannot rule on is no explanation
        if not kind.agree(changed, given, kind.expected(changed, other)):
            continue
        return Diagnosis(alternative.text, alternative.rule or _differing_rule(answer, other, book))
    return None


def _differing_rule(answer: Asked, other: Asked, book: RuleBook) -> str | None:
    """The rule that sets the two answers apart: a variant cited on which their profiles differ; else a
    rule one cites and the other does not (a law last)."""
    mine, theirs = answer.get("cites", []), other.get("cites", [])
    profiles = (answer.get("profile"), other.get("profile"))
    for rule_id in mine + theirs:
        rule = book.rules.get(rule_id)
        if rule and rule.variant and profiles[0] != profiles[1] and \
                len({rule.variant["profiles"][p]["value"] for p in profiles}) > 1:
            return rule_id
    differing = [c for c in mine if c not in theirs] + [c for c in theirs if c not in mine]
    return next((c for c in differing if not c.startswith("law.")), differing[0] if differing else None)


def profile_alternatives(position: Position, book: RuleBook,
                         words: Callable[[str, str], str]) -> list[Alternative]:
    """The position under each other profile; ``words(theirs, ours)`` says what answering by it means.
    The rule noted is the variant, cited with the position, on which the two profiles differ."""
    ours = position.get("profile") or book.default_profile
    return [Alternative(changed(position, profile=theirs),
                        words(profile_words(book, theirs), profile_words(book, ours)))
            for theirs in book.profiles if theirs != ours]


def profile_words(book: RuleBook, profile: str) -> str:
    """A profile as a player names it: "London rules" (its title up to any bracket)."""
    return f"{book.profiles[profile].title.split(' (')[0]} rules"


def changed(position: Mapping[str, object], **facts: object) -> Question:
    """A copy of ``position`` with ``facts`` set (a value of None removes the fact)."""
    out = {**position, **facts}
    return {key: value for key, value in out.items() if value is not None}
