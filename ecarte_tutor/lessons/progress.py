"""A learner's progress through the course: a small immutable value the caller stores.

The site keeps it in a signed cookie, the terminal in memory; nothing here does I/O.
Per lesson it remembers the steps done, the exercises answered right at the first
try, and the exercises answered wrongly and not yet right (so that a later right
answer is not counted as a first try). A counter, ``seq``, goes up with every change
and never down (a reset too counts up): a page drawn from the progress can carry it,
so that progress older than the page shows itself (see ``ecarte_tutor.web.lessons``).

It also remembers the rules the learner broke (``practice``): each rule id with the
number of right answers still owed on it (:data:`RIGHT_TO_CLEAR` after a mistake), so
the lessons can offer a drill on exactly those rules. Only ids and counts are kept.

>>> p = Progress().record("01-pack-and-ranking", 2, correct=False).record("01-pack-and-ranking", 2, correct=True)
>>> p.lesson("01-pack-and-ranking").first_try
frozenset()
>>> Progress.from_dict(p.to_dict()) == p
True
>>> p.seq
2
>>> Progress.from_dict("garbage") == Progress()
True
"""
from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, NotRequired, TypedDict

if TYPE_CHECKING:
    from .model import Lesson

LESSON_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
RULE_ID = re.compile(r"^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$")
RIGHT_TO_CLEAR = 2  # right answers that clear a rule broken
MAX_PRACTICE = 12  # rules remembered at once: the oldest goes first (and the cookie stays small)
MAX_LESSONS = 200  # a cookie never legitimately holds more; garbage beyond this is dropped
MAX_STEP = 200
MAX_SEQ = 2 ** 53  # a counter beyond any learner's answers (and exact in any JSON reader)


class LessonProgressDict(TypedDict):
    done: list[int]
    first_try: list[int]
    missed: list[int]


class ProgressDict(TypedDict):
    """:meth:`Progress.to_dict`: what the site's cookie holds."""

    seq: int
    lessons: dict[str, LessonProgressDict]
    practice: NotRequired[list[list[str | int]]]  # [rule id, right answers owed]


class Summary(TypedDict):
    """:meth:`Progress.summary`: one lesson's counts."""

    steps: int
    done: int
    exercises: int
    first_try: int
    complete: bool


@dataclass(frozen=True)
class LessonProgress:
    """Steps done, exercises right at the first try, exercises missed and not yet right (1-based)."""

    done: frozenset[int] = frozenset()
    first_try: frozenset[int] = frozenset()
    missed: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.done or self.missed)

    def to_dict(self) -> LessonProgressDict:
        return {"done": sorted(self.done), "first_try": sorted(self.first_try), "missed": sorted(self.missed)}


@dataclass(frozen=True)
class Progress:
    """Progress in every lesson started, by lesson id."""

    lessons: MappingProxyType[str, LessonProgress] = field(default_factory=lambda: MappingProxyType({}))
    seq: int = 0  # changes so far: each one adds 1
    practice: tuple[tuple[str, int], ...] = ()  # (rule id, right answers still owed), oldest mistake first

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Progress) and (self.seq, dict(self.lessons), self.practice) == \
            (other.seq, dict(other.lessons), other.practice)

    def __hash__(self) -> int:
        return hash((self.seq, tuple(sorted(self.lessons.items(), key=lambda item: item[0])), self.practice))

    def lesson(self, lesson_id: str) -> LessonProgress:
        """Progress in one lesson (empty if not started)."""
        return self.lessons.get(lesson_id, LessonProgress())

    def _with(self, lesson_id: str, value: LessonProgress) -> Progress:
        lessons = dict(self.lessons)
        if value:
            lessons[lesson_id] = value
        else:
            lessons.pop(lesson_id, None)
        return Progress(MappingProxyType(lessons), self.seq + 1, self.practice)

    def _practising(self, owed: dict[str, int]) -> Progress:
        pairs = tuple(owed.items())[-MAX_PRACTICE:]
        return self if pairs == self.practice else Progress(self.lessons, self.seq + 1, pairs)

    def record(self, lesson_id: str, step: int, correct: bool | None = None) -> Progress:
        """Progress after one event at 1-based ``step``.

        ``correct=None``: a step without exercise was read. ``True``/``False``: an exercise was
        answered right/wrong. A step already done stays as it was (reviewing changes nothing).
        """
        now = self.lesson(lesson_id)
        if step in now.done:
            return self
        if correct is False:
            return self._with(lesson_id, LessonProgress(now.done, now.first_try, now.missed | {step}))
        first = now.first_try | {step} if correct is True and step not in now.missed else now.first_try
        return self._with(lesson_id, LessonProgress(now.done | {step}, first, now.missed - {step}))

    def missed_rule(self, rule_id: str | None) -> Progress:
        """Progress after a wrong answer that broke ``rule_id`` (None: no rule to note)."""
        if not rule_id:
            return self
        owed = dict(self.practice)
        owed.pop(rule_id, None)  # the latest mistake goes last, so the oldest is dropped first
        owed[rule_id] = RIGHT_TO_CLEAR
        return self._practising(owed)

    def practised(self, rule_id: str, correct: bool, broke: str | None = None) -> Progress:
        """Progress after a practice exercise on ``rule_id``: right, one fewer owed; wrong, it and the rule
        the answer ``broke`` are owed in full again."""
        owed = dict(self.practice)
        if rule_id not in owed:
            return self.missed_rule(broke) if not correct else self
        if correct:
            owed[rule_id] -= 1
            if not owed[rule_id]:
                del owed[rule_id]
            return self._practising(owed)
        owed[rule_id] = RIGHT_TO_CLEAR
        return self._practising(owed).missed_rule(broke)

    def next_to_practise(self, after: str | None = None) -> str | None:
        """The rule to practise next: the one after ``after`` in the list (so rules take turns), or the first."""
        owed = [rule for rule, _ in self.practice]
        if not owed:
            return None
        return owed[(owed.index(after) + 1) % len(owed)] if after in owed else owed[0]

    def owed(self, rule_id: str) -> int:
        """Right answers still owed on ``rule_id`` (0: nothing to practise)."""
        return dict(self.practice).get(rule_id, 0)

    def reset(self, lesson_id: str | None = None) -> Progress:
        """Forget one lesson's progress, or everything when ``lesson_id`` is None."""
        if lesson_id is None:
            return Progress(seq=self.seq + 1)  # the rules to practise go too
        return self._with(lesson_id, LessonProgress())

    def summary(self, lesson: Lesson) -> Summary:
        """Counts for one :class:`~ecarte_tutor.lessons.model.Lesson`: steps, done, exercises, first_try, complete."""
        now = self.lesson(lesson.id)
        exercises = {s.index for s in lesson.exercises}
        total = len(lesson.steps)
        done = len({i for i in now.done if 1 <= i <= total})
        return {"steps": total, "done": done, "exercises": len(exercises),
                "first_try": len(now.first_try & exercises), "complete": done == total}

    def to_dict(self) -> ProgressDict:
        """A JSON-ready dict: the counter, lesson id -> lists of step numbers, and [rule id, owed] pairs."""
        out: ProgressDict = {"seq": self.seq,
               "lessons": {lesson_id: value.to_dict() for lesson_id, value in sorted(self.lessons.items())}}
        if self.practice:
            out["practice"] = [list(pair) for pair in self.practice]
        return out

    @classmethod
    def from_dict(cls, data: object, lessons: Iterable[Lesson] | None = None,
                  rules: Collection[str] | None = None) -> Progress:
        """Rebuild from :meth:`to_dict` output, dropping whatever is malformed instead of failing.

        With ``lessons`` (the course), unknown lesson ids and step numbers beyond a lesson's
        length are dropped too; with ``rules`` (ids), rules to practise not among them.
        """
        known = {lesson.id: len(lesson.steps) for lesson in lessons} if lessons is not None else None
        if not isinstance(data, dict):
            return cls()
        entries = data.get("lessons")
        if not isinstance(entries, dict):
            return cls()
        seq = data.get("seq")
        seq = seq if isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq <= MAX_SEQ else 0
        out: dict[str, LessonProgress] = {}
        for lesson_id, value in list(entries.items())[:MAX_LESSONS]:
            if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id) or not isinstance(value, dict):
                continue
            if known is not None and lesson_id not in known:
                continue
            limit = known[lesson_id] if known is not None else MAX_STEP
            done = _steps(value.get("done"), limit)
            first = _steps(value.get("first_try"), limit) & done
            missed = _steps(value.get("missed"), limit) - done
            entry = LessonProgress(done, first, missed)
            if entry:
                out[lesson_id] = entry
        return cls(MappingProxyType(out), seq, _practice(data.get("practice"), rules))


def _practice(value: object, rules: Collection[str] | None) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, list):
        return ()
    owed: dict[str, int] = {}
    for pair in value[:MAX_PRACTICE]:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and RULE_ID.match(pair[0])):
            continue
        rule_id, count = pair
        if (rules is None or rule_id in rules) and isinstance(count, int) and not isinstance(count, bool) \
                and 1 <= count <= RIGHT_TO_CLEAR:
            owed[rule_id] = count
    return tuple(owed.items())


def _steps(value: object, limit: int) -> frozenset[int]:
    if not isinstance(value, list):
        return frozenset()
    return frozenset(v for v in value[:MAX_STEP] if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= limit)
