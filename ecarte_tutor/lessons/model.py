"""Lessons, steps and exercises, read strictly from ``lessons/NN-slug.yaml``.

The file name gives a lesson its number and slug; the file holds the title, a
summary and the steps (schema: ``ecarte_tutor/schemas/lesson.schema.json``).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NotRequired, TypedDict, cast

from .. import paths
from ..errors import DataError
from ..fields import is_whole_number
from ..jsontypes import Question
from ..rulebook import RuleBook
from ..schemas import explain, key_path, schema_errors
from ..yamlio import load_yaml
from .kinds import EXERCISE_KINDS, KindError
from .kinds.base import AnyKind

FILE_NAME = re.compile(r"^(?P<number>\d{2})-(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.yaml$")


class ExerciseEntry(TypedDict):
    """An exercise as a lesson file writes it (schemas/lesson.schema.json), or a drill makes it."""

    kind: str
    prompt: str
    position: Question
    hint: str
    choices: NotRequired[list[str]]  # dispute exercises: the remedy option ids offered
    expected: NotRequired[dict[str, object]]


class StepEntry(TypedDict):
    """A step as a lesson file writes it."""

    title: str
    body: str
    cites: NotRequired[list[str]]
    exercise: NotRequired[ExerciseEntry]


class LessonFile(TypedDict):
    """A lesson file (schemas/lesson.schema.json), once it is valid."""

    title: str
    summary: str
    steps: list[StepEntry]


class Choice(TypedDict):
    """One thing a learner may pick: the value sent, and its label."""

    value: str
    label: str


@dataclass(frozen=True)
class Exercise:
    """One exercise: a position in card notation, what the learner must answer, and a hint.

    ``position`` is the question ``ask()`` receives, without ``kind``; ``expected`` is the
    answer the YAML states (or None), in the response form of the kind.
    """

    kind: str
    prompt: str
    position: Question
    hint: str
    choices: tuple[Choice, ...] = ()
    expected: dict[str, object] | None = None

    @property
    def handler(self) -> AnyKind:
        """The object that reads, grades, diagnoses and shows this kind of exercise."""
        return EXERCISE_KINDS[self.kind]

    @property
    def ask_kind(self) -> str | None:
        """The ``ask()`` kind that decides this exercise (None for rank-order)."""
        return self.handler.ask_kind

    @property
    def profile(self) -> str | None:
        # as the position names it: ask() (the engine's answer) and params_of check it
        return cast("str | None", self.position.get("profile"))


@dataclass(frozen=True)
class Step:
    """One step: a title, a Markdown body, the rule ids it teaches, and maybe an exercise."""

    index: int  # 1-based position in the lesson
    title: str
    body: str
    cites: tuple[str, ...] = ()
    exercise: Exercise | None = None


@dataclass(frozen=True)
class Lesson:
    """One lesson of the course; ``cites`` is every rule id its steps cite, in order of first use."""

    id: str  # the file stem, e.g. "01-pack-and-ranking"
    number: int
    slug: str
    title: str
    summary: str
    steps: tuple[Step, ...]
    cites: tuple[str, ...] = field(default=())
    file: str = ""

    def step(self, index: int) -> Step:
        """The step at 1-based ``index``; IndexError outside 1..len(steps)."""
        if not 1 <= index <= len(self.steps):
            raise IndexError(f"lesson {self.id} has steps 1 to {len(self.steps)}, not {index}")
        return self.steps[index - 1]

    @property
    def exercises(self) -> tuple[Step, ...]:
        """The steps that end with an exercise."""
        return tuple(s for s in self.steps if s.exercise is not None)


def exercise_from(entry: ExerciseEntry, book: RuleBook) -> Exercise:
    """An exercise from its YAML entry (or a generated one); :class:`KindError` names a key it cannot use."""
    kind = entry["kind"]
    choices = EXERCISE_KINDS[kind].choices(entry, book)
    return Exercise(kind=kind, prompt=entry["prompt"].strip(), position=dict(entry["position"]),
                    hint=entry["hint"].strip(), choices=choices, expected=entry.get("expected"))


def _exercise(entry: ExerciseEntry, where: str, path: Path, book: RuleBook) -> Exercise:
    try:
        return exercise_from(entry, book)
    except KindError as exc:
        raise DataError(path, str(exc), key=f"{where}.{exc.key}") from None


def load_lesson(path: Path | str, book: RuleBook) -> Lesson:
    """Read and validate one lesson file against ``book``; a defect raises :class:`DataError` naming file and key."""
    path = Path(path)
    match = FILE_NAME.match(path.name)
    if not match:
        raise DataError(path, "a lesson file is named NN-slug.yaml (two digits, a hyphen, a lower-case slug)")
    document: LessonFile = load_yaml(path)
    for error in schema_errors("lesson", document):
        raise DataError(path, explain(error), key=key_path(error))
    steps: list[Step] = []
    cites: list[str] = []
    for index, entry in enumerate(document["steps"], 1):
        exercise = None
        if "exercise" in entry:
            exercise = _exercise(entry["exercise"], f"steps[{index - 1}].exercise", path, book)
        step_cites = tuple(entry.get("cites", ()))
        cites += [c for c in step_cites if c not in cites]
        steps.append(Step(index, entry["title"].strip(), entry["body"].strip(), step_cites, exercise))
    return Lesson(id=path.stem, number=int(match["number"]), slug=match["slug"], title=document["title"].strip(),
                  summary=" ".join(document["summary"].split()), steps=tuple(steps), cites=tuple(cites),
                  file=path.name)


def load_lessons(root: Path | str | None, book: RuleBook) -> list[Lesson]:
    """Every lesson under ``root`` (None: the bundled ``lessons/``), in course order, read against ``book``.

    Numbers and slugs must be unique; a file not named NN-slug.yaml is an error.
    """
    root = Path(root) if root else paths.lessons_dir()
    if not root.is_dir():
        raise DataError(root, "no lessons folder here")
    lessons = [load_lesson(path, book) for path in sorted(root.glob("*.yaml"))]
    numbers: dict[int, str] = {}
    slugs: dict[str, str] = {}
    for lesson in lessons:
        if lesson.number in numbers:
            raise DataError(root / lesson.file,
                            f"lesson number {lesson.number} is also used by {numbers[lesson.number]}")
        if lesson.slug in slugs:
            raise DataError(root / lesson.file, f"slug '{lesson.slug}' is also used by {slugs[lesson.slug]}")
        numbers[lesson.number], slugs[lesson.slug] = lesson.file, lesson.file
    return sorted(lessons, key=lambda lesson: lesson.number)


def find_lesson(lessons: Iterable[Lesson], key: object) -> Lesson | None:
    """The lesson named by its id (``03-trump``), slug (``trump``) or number (``3``, ``03``), or None."""
    text = str(key).strip().lower()
    for lesson in lessons:
        if text in (lesson.id, lesson.slug) or (is_whole_number(text) and int(text) == lesson.number):
            return lesson
    return None
