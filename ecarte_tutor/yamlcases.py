"""The worked cases and lesson exercises of one YAML file, run by the engine, each failure named by file and line.

A scenarios file (``scenarios/**.yaml``, with ``cases``) gives one run per case: the case's question
asked of ``ask()``, its answer compared with the one it states (:func:`~ecarte_tutor.scenarios.mismatches`).
A lesson file (``lessons/NN-slug.yaml``, with ``steps``) gives one run per step: the defects
:func:`~ecarte_tutor.lessons.lesson_problems` finds in it (an unknown rule, an exercise the engine
answers otherwise). ``ecarte-tutor check FILE`` prints them, as ``openfisca test`` does, and the
test suite collects them as items of their own (the ``conftest.py`` at the repository's root).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from .asking import ask
from .engine.kinds import KINDS
from .errors import DataError
from .lessons import lesson_problems, load_lesson, load_lessons
from .rulebook import RuleBook
from .scenarios import Scenario, load_scenario_file, mismatches
from .yamlio import item_lines, load_yaml


@dataclass(frozen=True)
class Run:
    """One case or step of a file, run: where it stands, what it is, and what went wrong (nothing: it passed)."""

    file: str
    line: int
    name: str  # the case's id, or "step N: its title"
    problems: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.problems

    def report(self) -> str:
        """The failure as a reader follows it: ``file:line: name`` and each problem below."""
        return "\n".join([f"{self.file}:{self.line}: {self.name}", *(f"  {problem}" for problem in self.problems)])


def kind_of_file(path: Path) -> str:
    """``"scenarios"`` or ``"lesson"``, by what the file holds (a DataError for any other file)."""
    document = load_yaml(path)
    if isinstance(document, dict) and "cases" in document:
        return "scenarios"
    if isinstance(document, dict) and "steps" in document:
        return "lesson"
    raise DataError(path, "is neither a file of worked cases (cases:) nor a lesson (steps:)")


@dataclass(frozen=True)
class Pending:
    """One case or step of a file, not yet run: where it stands, what it is, and how to run it."""

    file: str
    line: int
    name: str
    runs: Callable[[], tuple[str, ...]]  # its problems (none: it passes)

    def run(self) -> Run:
        return Run(self.file, self.line, self.name, self.runs())


def pending(path: Path | str, book: RuleBook, name: str | None = None) -> list[Pending]:
    """Every case or step of the file at ``path``, to run against ``book``; ``name`` is how reports name the
    file (default: the path as given). A file that cannot be read raises :class:`DataError`."""
    path = Path(path)
    shown = name or path.as_posix()
    if kind_of_file(path) == "scenarios":
        lines = {case_id: line for case_id, line, _ in item_lines(path, "cases", "id")}
        return [Pending(shown, lines.get(case.id, 1), case.id, partial(case_problems, case, book))
                for case in load_scenario_file(path)]
    return _lesson_steps(path, book, shown)


def run_file(path: Path | str, book: RuleBook, name: str | None = None) -> list[Run]:
    """Every case or step of the file at ``path``, run against ``book``."""
    return [entry.run() for entry in pending(path, book, name)]


def case_problems(case: Scenario, book: RuleBook) -> tuple[str, ...]:
    """What the engine's answer to a worked case changes from the answer it states (nothing: it passes)."""
    kind = case.question.get("kind")
    if kind not in KINDS:
        return (f"asks a question of kind {kind!r}, which the engine does not answer (the kinds: {', '.join(KINDS)})",)
    return tuple(mismatches(case.expect, ask(case.question, book)))


def _lesson_steps(path: Path, book: RuleBook, file: str) -> list[Pending]:
    """Each step of one lesson, with the defects the course's checks find in it (worked out once, on first run)."""
    lesson = load_lesson(path, book)
    lines = {int(str(index)) + 1: line for index, line, _ in item_lines(path, "steps")}
    step_of = re.compile(rf"^{re.escape(lesson.file)} step (\d+)(?: \S+)?: ")

    @cache
    def problems() -> dict[int, tuple[str, ...]]:
        """The lesson's problems by step; 0 for those of the lesson as a whole."""
        found: dict[int, list[str]] = {}
        course = load_lessons(path.parent, book)  # the terms earlier lessons introduce are taught
        for problem in lesson_problems([lesson], book, course):
            match = step_of.match(problem)
            if match:
                found.setdefault(int(match[1]), []).append(problem[match.end():])
            elif problem.startswith(lesson.file):  # the course's other checks speak of other files too
                found.setdefault(0, []).append(problem[len(lesson.file):].lstrip(": "))
        return {index: tuple(items) for index, items in found.items()}

    steps = [Pending(file, lines.get(step.index, 1), f"step {step.index}: {step.title}",
                     partial(lambda index: problems().get(index, ()), step.index)) for step in lesson.steps]
    return [*steps, Pending(file, 1, "the lesson as a whole", lambda: problems().get(0, ()))]


def failed(runs: Sequence[Run]) -> list[Run]:
    return [run for run in runs if not run.passed]
