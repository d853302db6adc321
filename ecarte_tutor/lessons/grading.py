"""Grading an exercise: the engine decides what is right, the learner's response is compared with it.

Each kind (:mod:`ecarte_tutor.lessons.kinds`) asks the engine, reads the response into a
canonical form and, when it is wrong, says what is wrong. A response that cannot be read
raises :class:`BadResponse`, which is not a wrong answer but a request to type it again.

A wrong answer is answered in two steps: the first time with the diagnosis and a hint
naming the rule, the :data:`ANSWER_AFTER`-th time with the answer and its reason.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..engine.citing import Explained
from ..rulebook import RuleBook
from .diagnosis import Diagnosis
from .kinds import best_card
from .model import Exercise, Lesson
from .reading import BadResponse, LessonError

ANSWER_AFTER = 2  # wrong tries before the answer is shown: the first gets a diagnosis and a hint instead

__all__ = ["ANSWER_AFTER", "BadResponse", "Feedback", "LessonError", "engine_answer", "expected_answer", "grade",
           "same_answer", "work_out"]


@dataclass(frozen=True)
class Feedback:
    """The verdict on one response: right or not, the right answer, the engine's reasons and the diagnosis."""

    correct: bool
    expected: Mapping[str, object]  # in the kind's response form
    explanation: str
    cites: list[str] = field(default_factory=list)
    laws: list[int] = field(default_factory=list)
    answer: Mapping[str, object] = field(default_factory=dict, compare=False)  # the engine's full answer
    given: Mapping[str, object] = field(default_factory=dict, compare=False)  # the learner's response, canonical
    diagnosis: Diagnosis | None = None  # what is wrong (None when right)


def engine_answer(exercise: Exercise, book: RuleBook) -> Explained:
    """The engine's full answer to the exercise's position."""
    answer: Explained = exercise.handler.engine_answer(exercise, book)
    return answer


def expected_answer(exercise: Exercise, book: RuleBook) -> Mapping[str, object]:
    """The engine's answer to ``exercise``, in the kind's response form (see the package docstring)."""
    expected: Mapping[str, object] = exercise.handler.expected(exercise, engine_answer(exercise, book))
    return expected


def same_answer(exercise: Exercise, a: object, b: object) -> bool:
    """Whether two answers in response form agree (legal cards and remedies compare as sets)."""
    kind = exercise.handler
    agree: bool = kind.agree(exercise, kind.normalize(exercise, a), kind.normalize(exercise, b))
    return agree


def grade(exercise: Exercise, response: object, book: RuleBook) -> Feedback:
    """Compare ``response`` with the engine's answer; :class:`BadResponse` if it cannot be read."""
    kind = exercise.handler  # the values below are in this kind's shapes, and go back to it
    answer: Explained = kind.engine_answer(exercise, book)
    expected: Mapping[str, object] = kind.expected(exercise, answer)
    given: Mapping[str, object] = kind.normalize(exercise, response)  # the engine's answer is canonical already
    correct: bool = kind.agree(exercise, given, expected)
    diagnosis: Diagnosis | None = None if correct else kind.diagnose(exercise, given, expected, answer, book)
    return Feedback(correct=correct, expected=expected, explanation=kind.explanation(answer),
                    cites=list(answer.get("cites", [])), laws=list(answer.get("laws", [])), answer=answer,
                    given=given, diagnosis=diagnosis)


def work_out(lessons: Iterable[Lesson], book: RuleBook) -> dict[str, dict[str, object]]:
    """Every card-play step graded on every card of its hand, so that the analyses and words each answer reads are
    worked out (``best_card.worked_out`` gives them, to be kept: seconds a step, once per change of the data)."""
    for lesson in lessons:
        for step in lesson.steps:
            exercise = step.exercise
            if exercise is not None and exercise.handler.name == best_card.BestCard.name:
                for choice in exercise.choices:
                    grade(exercise, {best_card.BestCard.field: choice["value"]}, book)
    return best_card.worked_out()
