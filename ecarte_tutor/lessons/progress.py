"""A learner's progress through the course: a small immutable value the caller keeps.

The site keeps it in the store (``ecarte_tutor.store``), the terminal in memory; nothing here
does I/O. Per lesson it remembers, step by step, whether the step is done, whether its
exercise was answered right at the first try, and whether it was answered wrongly and not yet
right (so that a later right answer is not counted as a first try). A counter, ``seq``, goes up
with every change and never down (a reset too counts up), and each step and review item notes
the ``seq`` of its own last change: a page drawn from the progress carries the counter, so that
an answer from a page older than the last change to its own exercise shows itself
(:meth:`Progress.stale`) while answers in other tabs, on other exercises, all count.

It also holds the rules to review (``reviews``: rule id -> :class:`~.review.ReviewItem`, with
its FSRS state): every rule the learner broke, until mastered (:mod:`.review`).

>>> p = Progress().record("01-pack-and-ranking", 2, correct=False).record("01-pack-and-ranking", 2, correct=True)
>>> p.lesson("01-pack-and-ranking").first_try
frozenset()
>>> Progress.from_dict(p.to_dict()) == p
True
>>> p.seq, p.stale(1, "01-pack-and-ranking", 2), p.stale(2, "01-pack-and-ranking", 2), p.stale(None)
(2, 'changed', None, 'missing')
>>> Progress.from_dict("garbage") == Progress()
True
"""
from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, NotRequired, TypeAlias, TypedDict

from ..i18n import tr
from . import review as spaced
from .review import Outcome, ReviewItem, ReviewItemDict

if TYPE_CHECKING:
    from .model import Lesson

LESSON_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
RULE_ID = re.compile(r"^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$")
MAX_LESSONS = 200  # no course has more; garbage beyond this is dropped
MAX_STEP = 200
MAX_REVIEWS = 1000  # far beyond the rule book's rules; a bound on what from_dict reads
MAX_SEQ = 2 ** 53  # a counter beyond any learner's answers (and exact in any JSON reader)

Staleness: TypeAlias = Literal["missing", "ahead", "changed"]
"""Why a page's counter cannot be answered from: it sent none; it is ahead of the progress (the page came
from progress since erased, or from elsewhere); or its exercise changed after the page was drawn."""


class LessonProgressDict(TypedDict):
    done: list[int]
    first_try: list[int]
    missed: list[int]
    changed: NotRequired[list[list[int]]]  # [step, seq of its last change]


class ProgressDict(TypedDict):
    """:meth:`Progress.to_dict`: the learner's whole progress as JSON."""

    seq: int
    lessons: dict[str, LessonProgressDict]
    reset_seq: NotRequired[int]
    reviews: NotRequired[list[ReviewItemDict]]
    last_situation: NotRequired[str]
    practice: NotRequired[list[list[str | int]]]  # the cookie of earlier releases: [rule id, right answers owed]


class Summary(TypedDict):
    """:meth:`Progress.summary`: one lesson's counts."""

    steps: int
    done: int
    missed: int  # answered wrong (or skipped) and not yet answered right: neither done nor still unseen
    exercises: int
    first_try: int
    complete: bool


def summary_words(summary: Summary) -> str:
    """One lesson's counts as a sentence, the same in the terminal and on the lesson's page."""
    # a step answered wrong twice was shown its answer but is not done: say so, or it reads as skipped
    slots = {"done": summary["done"], "steps": summary["steps"], "missed": summary["missed"],
             "first": summary["first_try"], "exercises": summary["exercises"]}
    if summary["missed"] and summary["exercises"]:
        return tr("%(done)s of %(steps)s steps done (%(missed)s answered wrong, to try again); %(first)s of "
                  "%(exercises)s exercises right first time.", **slots)
    if summary["missed"]:
        return tr("%(done)s of %(steps)s steps done (%(missed)s answered wrong, to try again).", **slots)
    if summary["exercises"]:
        return tr("%(done)s of %(steps)s steps done; %(first)s of %(exercises)s exercises right first time.", **slots)
    return tr("%(done)s of %(steps)s steps done.", **slots)


@dataclass(frozen=True)
class StepRecord:
    """One step: done, right at the first try, answered wrongly and not yet right; ``seq``: its last change."""

    done: bool = False
    first_try: bool = False
    missed: bool = False
    seq: int = 0


@dataclass(frozen=True)
class LessonProgress:
    """The steps of one lesson that something happened to, by 1-based number."""

    steps: MappingProxyType[int, StepRecord] = field(default_factory=lambda: MappingProxyType({}))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LessonProgress) and dict(self.steps) == dict(other.steps)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.steps.items())))

    def __bool__(self) -> bool:
        return bool(self.steps)

    @property
    def done(self) -> frozenset[int]:
        return frozenset(n for n, s in self.steps.items() if s.done)

    @property
    def first_try(self) -> frozenset[int]:
        return frozenset(n for n, s in self.steps.items() if s.first_try)

    @property
    def missed(self) -> frozenset[int]:
        return frozenset(n for n, s in self.steps.items() if s.missed)

    def changed(self, step: int) -> int:
        """The progress counter at the last change to ``step`` (0: never changed)."""
        record = self.steps.get(step)
        return record.seq if record else 0

    def to_dict(self) -> LessonProgressDict:
        return {"done": sorted(self.done), "first_try": sorted(self.first_try), "missed": sorted(self.missed),
                "changed": [[n, self.steps[n].seq] for n in sorted(self.steps)]}


@dataclass(frozen=True)
class Progress:
    """Progress in every lesson started, by lesson id, and the rules to review, by rule id."""

    lessons: MappingProxyType[str, LessonProgress] = field(default_factory=lambda: MappingProxyType({}))
    seq: int = 0  # changes so far: each one adds 1
    reset_seq: int = 0  # the counter at the last reset: a page drawn before it answers nothing
    reviews: MappingProxyType[str, ReviewItem] = field(default_factory=lambda: MappingProxyType({}))
    last_situation: str | None = None  # the last practice situation answered (never given twice in a row)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Progress) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.seq, self.reset_seq, self.last_situation, tuple(sorted(self.lessons.items())),
                     tuple(sorted(self.reviews.items()))))

    def _key(self) -> tuple[object, ...]:
        return self.seq, self.reset_seq, self.last_situation, dict(self.lessons), dict(self.reviews)

    def lesson(self, lesson_id: str) -> LessonProgress:
        """Progress in one lesson (empty if not started)."""
        return self.lessons.get(lesson_id, LessonProgress())

    # --- changes ---------------------------------------------------------------------------------

    def record(self, lesson_id: str, step: int, correct: bool | None = None) -> Progress:
        """Progress after one event at 1-based ``step``.

        ``correct=None``: a step without exercise was read. ``True``/``False``: an exercise was
        answered right/wrong. A step already done stays as it was (reviewing changes nothing).
        """
        now = self.lesson(lesson_id).steps.get(step, StepRecord())
        if now.done:
            return self
        seq = self.seq + 1
        if correct is False:
            if now.missed:
                return self
            value = StepRecord(missed=True, seq=seq)
        else:
            value = StepRecord(done=True, first_try=correct is True and not now.missed, seq=seq)
        steps = dict(self.lesson(lesson_id).steps)
        steps[step] = value
        lessons = dict(self.lessons)
        lessons[lesson_id] = LessonProgress(MappingProxyType(steps))
        return replace(self, lessons=MappingProxyType(lessons), seq=seq)

    def _reviewing(self, item: ReviewItem, seq: int, situation: str | None = None) -> Progress:
        reviews = dict(self.reviews)
        reviews[item.rule] = item
        return replace(self, reviews=MappingProxyType(reviews), seq=seq,
                       last_situation=situation if situation is not None else self.last_situation)

    def missed_rule(self, rule_id: str | None, now: datetime) -> Progress:
        """Progress after a wrong answer that broke ``rule_id`` (None: no rule to note): the rule is to review."""
        if not rule_id:
            return self
        item = self.reviews.get(rule_id)
        seq = self.seq + 1
        changed = spaced.new_item(rule_id, now, seq) if item is None else spaced.lapse(item, now, seq)
        return self if changed == item else self._reviewing(changed, seq)

    def practised(self, rule_id: str, situation: str, correct: bool, broke: str | None,
                  now: datetime) -> tuple[Progress, Outcome | None]:
        """Progress after a practice answer on ``rule_id`` in ``situation``, and what came of it for the rule's
        review (None: the rule is not to review). A wrong answer also notes the rule it ``broke``."""
        item = self.reviews.get(rule_id)
        if situation == self.last_situation and (item is None or item.situation == situation):
            return self, "seen" if item is not None else None  # the same answer sent again: nothing changes
        seq = self.seq + 1
        outcome: Outcome | None = None
        progress = self if situation == self.last_situation else replace(self, seq=seq, last_situation=situation)
        if item is not None:
            item, outcome = spaced.review(item, situation, correct, now, seq)
            if outcome == "scheduled":
                progress = self._reviewing(item, seq, situation)
        if not correct and broke and broke != rule_id:
            progress = progress.missed_rule(broke, now)
        return progress, outcome

    def reset(self) -> Progress:
        """Forget every lesson's progress and the rules to review; the counter goes on counting."""
        return Progress(seq=self.seq + 1, reset_seq=self.seq + 1)

    # --- questions -------------------------------------------------------------------------------

    def stale(self, page_seq: int | None, lesson_id: str | None = None, step: int | None = None,
              rule: str | None = None) -> Staleness | None:
        """Why an answer from a page drawn at ``page_seq`` cannot count (None: it can).

        The exercise is a lesson's step (``lesson_id``, ``step``) or a practice on ``rule``. Changes to
        other exercises since the page was drawn do not matter: two tabs on two exercises both count.
        """
        if page_seq is None:
            return "missing"
        if page_seq > self.seq:
            return "ahead"
        changed = self.reset_seq
        if lesson_id is not None and step is not None:
            changed = max(changed, self.lesson(lesson_id).changed(step))
        if rule is not None and rule in self.reviews:
            changed = max(changed, self.reviews[rule].seq)
        return "changed" if page_seq < changed else None

    def due(self, now: datetime, basic: Collection[str]) -> list[ReviewItem]:
        """The rules due for review at ``now``, in the order they are practised (basics first)."""
        return spaced.due(self.reviews.values(), now, basic)

    def to_review(self, basic: Collection[str]) -> list[ReviewItem]:
        """Every rule not yet mastered, in the order they are practised."""
        return spaced.in_order((item for item in self.reviews.values() if not item.mastered), basic)

    def next_to_practise(self, now: datetime, basic: Collection[str], after: str | None = None) -> str | None:
        """The rule to practise now (None: nothing due); the rule ``after`` comes last, so rules take turns."""
        return spaced.next_rule(self.reviews, now, basic, after)

    def summary(self, lesson: Lesson) -> Summary:
        """Counts for one :class:`~ecarte_tutor.lessons.model.Lesson`: steps, done, missed, exercises, first_try,
        complete."""
        now = self.lesson(lesson.id)
        exercises = {s.index for s in lesson.exercises}
        total = len(lesson.steps)
        done = len({i for i in now.done if 1 <= i <= total})
        return {"steps": total, "done": done, "missed": len({i for i in now.missed if 1 <= i <= total}),
                "exercises": len(exercises), "first_try": len(now.first_try & exercises), "complete": done == total}

    # --- JSON --------------------------------------------------------------------------------------

    def to_dict(self) -> ProgressDict:
        """A JSON-ready dict: the counters, lesson id -> lists of step numbers, and the review items."""
        out: ProgressDict = {"seq": self.seq,
                             "lessons": {key: value.to_dict() for key, value in sorted(self.lessons.items())}}
        if self.reset_seq:
            out["reset_seq"] = self.reset_seq
        if self.reviews:
            out["reviews"] = [self.reviews[rule].to_dict() for rule in sorted(self.reviews)]
        if self.last_situation:
            out["last_situation"] = self.last_situation
        return out

    @classmethod
    def from_dict(cls, data: object, lessons: Iterable[Lesson] | None = None,
                  rules: Collection[str] | None = None, now: datetime | None = None) -> Progress:
        """Rebuild from :meth:`to_dict` output, dropping whatever is malformed instead of failing.

        With ``lessons`` (the course), unknown lesson ids and step numbers beyond a lesson's
        length are dropped too; with ``rules`` (ids), review items not among them. The practice
        list of earlier releases' cookies (``practice``) becomes review items due at ``now`` (when given).
        """
        known = {lesson.id: len(lesson.steps) for lesson in lessons} if lessons is not None else None
        if not isinstance(data, dict) or not isinstance(data.get("lessons"), dict):
            return cls()
        seq = _count(data.get("seq"))
        out: dict[str, LessonProgress] = {}
        for lesson_id, value in list(data["lessons"].items())[:MAX_LESSONS]:
            if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id) or not isinstance(value, dict):
                continue
            if known is not None and lesson_id not in known:
                continue
            entry = _lesson(value, known[lesson_id] if known is not None else MAX_STEP, seq)
            if entry:
                out[lesson_id] = entry
        reviews = _reviews(data.get("reviews"), rules, seq)
        if now is not None:
            for rule_id in _legacy_practice(data.get("practice"), rules):
                reviews.setdefault(rule_id, spaced.new_item(rule_id, now, seq))
        situation = data.get("last_situation")
        return cls(MappingProxyType(out), seq, min(_count(data.get("reset_seq")), seq), MappingProxyType(reviews),
                   situation if isinstance(situation, str) and situation.isalnum() and len(situation) <= 64 else None)


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEQ else 0


def _lesson(value: dict[object, object], limit: int, seq: int) -> LessonProgress:
    done = _steps(value.get("done"), limit)
    first = _steps(value.get("first_try"), limit) & done
    missed = _steps(value.get("missed"), limit) - done
    changed: dict[int, int] = {}
    pairs = value.get("changed")
    for pair in pairs[:MAX_STEP] if isinstance(pairs, list) else ():
        if isinstance(pair, list) and len(pair) == 2 and _steps(pair[:1], limit):
            changed[pair[0]] = min(_count(pair[1]), seq)
    steps = {n: StepRecord(done=n in done, first_try=n in first, missed=n in missed, seq=changed.get(n, 0))
             for n in sorted(done | missed)}
    return LessonProgress(MappingProxyType(steps))


def _reviews(value: object, rules: Collection[str] | None, seq: int) -> dict[str, ReviewItem]:
    out: dict[str, ReviewItem] = {}
    for entry in value[:MAX_REVIEWS] if isinstance(value, list) else ():
        try:
            item = ReviewItem.from_dict(entry)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
        if RULE_ID.match(item.rule) and (rules is None or item.rule in rules):
            out[item.rule] = replace(item, seq=min(item.seq, seq))
    return out


def _legacy_practice(value: object, rules: Collection[str] | None) -> list[str]:
    pairs = value[:MAX_REVIEWS] if isinstance(value, list) else []
    return [pair[0] for pair in pairs if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
            and RULE_ID.match(pair[0]) and (rules is None or pair[0] in rules)]


def _steps(value: object, limit: int) -> frozenset[int]:
    if not isinstance(value, list):
        return frozenset()
    return frozenset(v for v in value[:MAX_STEP] if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= limit)
