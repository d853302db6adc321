"""Cross-checks between the course and the rule book (used by the tests and ``ecarte-tutor check``)."""
from __future__ import annotations

from collections.abc import Iterable

from ..rulebook import RuleBook
from .grading import BadResponse, LessonError, engine_answer, expected_answer, same_answer
from .model import Lesson


def lesson_problems(lessons: Iterable[Lesson], book: RuleBook) -> list[str]:
    """One line per defect: an unknown rule id, a position the engine cannot answer, a stated answer
    that differs from the engine's, or a defect the kind finds (a dispute's right remedies not offered)."""
    problems: list[str] = []
    for lesson in lessons:
        for step in lesson.steps:
            where = f"{lesson.file} step {step.index}"
            problems += [f"{where}: cites unknown rule '{rule_id}'" for rule_id in step.cites
                         if rule_id not in book.rules]
            exercise = step.exercise
            if exercise is None:
                continue
            try:
                answer = engine_answer(exercise, book)
                expected = expected_answer(exercise, book)
            except (LessonError, KeyError) as exc:
                problems.append(f"{where}: {exc}")
                continue
            problems += [f"{where}: the engine cites unknown rule '{rule_id}'"
                         for rule_id in answer.get("cites", []) if rule_id not in book.rules]
            defects = exercise.handler.problems(exercise, expected)
            if defects:
                problems += [f"{where}: {defect}" for defect in defects]
                continue
            if exercise.expected is not None:
                try:
                    agree = same_answer(exercise, exercise.expected, expected)
                except BadResponse as exc:
                    problems.append(f"{where}: the stated answer cannot be read: {exc.message}")
                    continue
                if not agree:
                    problems.append(f"{where}: the lesson says {exercise.expected}, the engine says {expected}")
    return problems
