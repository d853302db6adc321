"""A learner's progress through the course: a small immutable value the caller stores.

The site keeps it in a signed cookie, the terminal in memory; nothing here does I/O.
Per lesson it remembers the steps done, the exercises answered right at the first
try, and the exercises answered wrongly and not yet right (so that a later right
answer is not counted as a first try). A counter, ``seq``, goes up with every change
and never down (a reset too counts up): a page drawn from the progress can carry it,
so that progress older than the page shows itself (see ``ecarte_tutor.web.lessons``).

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
from dataclasses import dataclass, field
from types import MappingProxyType

LESSON_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
MAX_LESSONS = 200  # a cookie never legitimately holds more; garbage beyond this is dropped
MAX_STEP = 200
MAX_SEQ = 2 ** 53  # a counter beyond any learner's answers (and exact in any JSON reader)


@dataclass(frozen=True)
class LessonProgress:
    """Steps done, exercises right at the first try, exercises missed and not yet right (1-based)."""

    done: frozenset = frozenset()
    first_try: frozenset = frozenset()
    missed: frozenset = frozenset()

    def __bool__(self) -> bool:
        return bool(self.done or self.missed)

    def to_dict(self) -> dict:
        return {"done": sorted(self.done), "first_try": sorted(self.first_try), "missed": sorted(self.missed)}


@dataclass(frozen=True)
class Progress:
    """Progress in every lesson started, by lesson id."""

    lessons: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    seq: int = 0  # changes so far: each one adds 1

    def __eq__(self, other) -> bool:
        return isinstance(other, Progress) and (self.seq, dict(self.lessons)) == (other.seq, dict(other.lessons))

    def __hash__(self) -> int:
        return hash((self.seq, tuple(sorted(self.lessons.items(), key=lambda item: item[0]))))

    def lesson(self, lesson_id: str) -> LessonProgress:
        """Progress in one lesson (empty if not started)."""
        return self.lessons.get(lesson_id, LessonProgress())

    def _with(self, lesson_id: str, value: LessonProgress) -> Progress:
        lessons = dict(self.lessons)
        if value:
            lessons[lesson_id] = value
        else:
            lessons.pop(lesson_id, None)
        return Progress(MappingProxyType(lessons), self.seq + 1)

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

    def reset(self, lesson_id: str | None = None) -> Progress:
        """Forget one lesson's progress, or everything when ``lesson_id`` is None."""
        if lesson_id is None:
            return Progress(seq=self.seq + 1)
        return self._with(lesson_id, LessonProgress())

    def summary(self, lesson) -> dict:
        """Counts for one :class:`~ecarte_tutor.lessons.model.Lesson`: steps, done, exercises, first_try, complete."""
        now = self.lesson(lesson.id)
        exercises = {s.index for s in lesson.exercises}
        total = len(lesson.steps)
        done = len({i for i in now.done if 1 <= i <= total})
        return {"steps": total, "done": done, "exercises": len(exercises),
                "first_try": len(now.first_try & exercises), "complete": done == total}

    def to_dict(self) -> dict:
        """A JSON-ready dict: the counter, and lesson id -> lists of step numbers."""
        return {"seq": self.seq,
                "lessons": {lesson_id: value.to_dict() for lesson_id, value in sorted(self.lessons.items())}}

    @classmethod
    def from_dict(cls, data, lessons=None) -> Progress:
        """Rebuild from :meth:`to_dict` output, dropping whatever is malformed instead of failing.

        With ``lessons`` (the course), unknown lesson ids and step numbers beyond a lesson's
        length are dropped too.
        """
        known = {lesson.id: len(lesson.steps) for lesson in lessons} if lessons is not None else None
        entries = data.get("lessons") if isinstance(data, dict) else None
        if not isinstance(entries, dict):
            return cls()
        seq = data.get("seq")
        seq = seq if isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq <= MAX_SEQ else 0
        out = {}
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
        return cls(MappingProxyType(out), seq)


def _steps(value, limit: int) -> frozenset:
    if not isinstance(value, list):
        return frozenset()
    return frozenset(v for v in value[:MAX_STEP] if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= limit)
