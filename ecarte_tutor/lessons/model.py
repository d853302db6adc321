"""Lessons, steps and exercises, read strictly from ``lessons/NN-slug.yaml``.

The file name gives a lesson its number and slug; the file holds the title, a
summary and the steps (schema: ``ecarte_tutor/schemas/lesson.schema.json``).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NotRequired, TypedDict

from .. import paths
from ..errors import DataError
from ..fields import is_whole_number
from ..jsontypes import Question
from ..rulebook import RuleBook
from ..schemas import explain, key_path, schema_errors
from ..yamlio import load_yaml
from .exercise import Choice as Choice
from .exercise import Exercise as Exercise
from .exercise import ExerciseEntry as ExerciseEntry
from .exercise import params_of
from .glossary import glossary_of
from .kinds import EXERCISE_KINDS, KindError
from .reading import LessonError
from .vouched import Unfilled, Vouched, asked

FILE_NAME = re.compile(r"^(?P<number>\d{2})-(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)\.yaml$")


class StepEntry(TypedDict):
    """A step as a lesson file writes it."""

    title: str
    body: str
    cites: NotRequired[list[str]]
    asks: NotRequired[dict[str, Question]]  # questions whose answers its text's placeholders read
    exercise: NotRequired[ExerciseEntry]
    claims: NotRequired[dict[str, object]]  # what its words say of the learner's hand (lessons/claims.py)


class LessonFile(TypedDict):
    """A lesson file (schemas/lesson.schema.json), once it is valid."""

    title: str
    summary: str
    introduces: NotRequired[list[str]]  # glossary term ids
    steps: list[StepEntry]


@dataclass(frozen=True)
class Step:
    """One step: a title, a Markdown body, the rule ids it teaches, and maybe an exercise."""

    index: int  # 1-based position in the lesson
    title: str
    body: str
    cites: tuple[str, ...] = ()
    exercise: Exercise | None = None
    # the texts as the file writes them, placeholders unfilled (title, body, prompt, hint)
    written: dict[str, str] = field(default_factory=dict, compare=False)
    filled: int = 0  # placeholders the engine filled in its texts
    claims: dict[str, object] = field(default_factory=dict, compare=False)  # of the hand its words speak of

    @property
    def texts(self) -> tuple[str, ...]:
        """Every text of the step a learner reads: title, body, and its exercise's prompt, hint and choices."""
        out: tuple[str, ...] = (self.title, self.body)
        if self.exercise:
            out += (self.exercise.prompt, self.exercise.hint, *(c["label"] for c in self.exercise.choices))
        return out


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
    introduces: tuple[str, ...] = ()  # the glossary terms this lesson explains first
    written_summary: str = field(default="", compare=False)  # the summary as written, placeholders unfilled
    path: Path | None = field(default=None, compare=False, repr=False)  # its file: another language's words beside it
    entries: tuple[StepEntry, ...] = field(default=(), compare=False, repr=False)  # the steps as written

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


def _step(index: int, entry: StepEntry, path: Path, book: RuleBook) -> Step:
    """One step, its placeholders filled from the engine (:mod:`.vouched`)."""
    where = f"steps[{index - 1}]"
    exercise = _exercise(entry["exercise"], f"{where}.exercise", path, book) if "exercise" in entry else None
    written = {"title": entry["title"].strip(), "body": entry["body"].strip()}
    if exercise:
        written |= {"prompt": exercise.prompt, "hint": exercise.hint}
    try:
        params = params_of(exercise, book) if exercise else book.params()
        answer = exercise.handler.engine_answer(exercise, book) if exercise and any(
            "{answer." in text for text in written.values()) else None
        vouched = Vouched(book, params, answer, asked(entry.get("asks", {}), book))
        filled = {name: vouched.fill(text) for name, text in written.items()}
    except (Unfilled, LessonError) as exc:
        raise DataError(path, str(exc), key=where) from None
    if exercise:
        exercise = replace(exercise, prompt=filled["prompt"], hint=filled["hint"])
    return Step(index, filled["title"], filled["body"], tuple(entry.get("cites", ())), exercise, written,
                vouched.filled, dict(entry.get("claims", {})))


def load_lesson(path: Path | str, book: RuleBook) -> Lesson:
    """Read and validate one lesson file against ``book``; a defect raises :class:`DataError` naming file and key."""
    path = Path(path)
    match = FILE_NAME.match(path.name)
    if not match:
        raise DataError(path, "a lesson file is named NN-slug.yaml (two digits, a hyphen, a lower-case slug)")
    document: LessonFile = load_yaml(path)
    for error in schema_errors("lesson", document):
        raise DataError(path, explain(error), key=key_path(error))
    glossary = glossary_of(book)
    introduces = tuple(document.get("introduces", ()))
    for i, term in enumerate(introduces):
        if glossary.terms and glossary.get(term) is None:
            raise DataError(path, f"'{term}' is not a term of the glossary ({glossary.file})", key=f"introduces[{i}]")
    steps = tuple(_step(index, entry, path, book) for index, entry in enumerate(document["steps"], 1))
    written_summary = " ".join(document["summary"].split())
    try:
        summary = Vouched(book, book.params()).fill(written_summary)
    except Unfilled as exc:
        raise DataError(path, str(exc), key="summary") from None
    cites: list[str] = []
    for step in steps:
        cites += [c for c in step.cites if c not in cites]
    return Lesson(id=path.stem, number=int(match["number"]), slug=match["slug"], title=document["title"].strip(),
                  summary=summary, steps=steps, cites=tuple(cites), file=path.name, introduces=introduces,
                  written_summary=written_summary, path=path, entries=tuple(document["steps"]))


def in_language(lesson: Lesson, lang: str, book: RuleBook) -> Lesson:
    """``lesson`` in ``lang``: the words of ``lessons/<lang>/<file>`` (:mod:`.lessonwords`), their placeholders filled
    by the engine in that language, and its choices in that language; a text not translated yet stays English.
    The lesson itself when ``lang`` is English or the lesson has no words in it."""
    from ..i18n import speaking
    from .lessonwords import load_words

    words = load_words(lesson.path, lang) if lesson.path else None
    if words is None:
        return lesson
    path = lesson.path
    assert path is not None
    with speaking(lang):
        steps = []
        for index, (step, entry) in enumerate(zip(lesson.steps, lesson.entries, strict=True), 1):
            given = dict(words.steps[index - 1].texts) if index <= len(words.steps) else {}
            if index <= len(words.steps) and words.steps[index - 1].of != step.written.get("title"):
                given = {}  # the translation of another step (the English moved): English until it follows
            local = dict(entry, **{name: given[name] for name in ("title", "body") if name in given})
            if "exercise" in entry:
                local["exercise"] = dict(entry["exercise"], **{name: given[name] for name in ("prompt", "hint")
                                                               if name in given})
            made = _step(index, local, path, book)  # type: ignore[arg-type]
            shown = {name: getattr(made, name) if name in given else getattr(step, name) for name in ("title", "body")}
            exercise = made.exercise
            if exercise is not None and step.exercise is not None:
                exercise = replace(exercise, prompt=exercise.prompt if "prompt" in given else step.exercise.prompt,
                                   hint=exercise.hint if "hint" in given else step.exercise.hint)
            steps.append(replace(made, exercise=exercise, **shown))
        summary = lesson.summary
        if "summary" in words.texts:
            try:
                summary = Vouched(book, book.params()).fill(words.texts["summary"])
            except Unfilled as exc:
                raise DataError(path, str(exc), key="summary") from None
    return replace(lesson, title=words.texts.get("title", lesson.title), summary=summary, steps=tuple(steps))


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
