"""Spaced review of the rules a learner got wrong: when each comes back, and which one to practise next.

A rule broken (in a lesson, in practice, in a game at the table) becomes a review item. Its
first practice is due at once; after that FSRS (the scheduler Anki uses, the ``fsrs`` package)
spaces the reviews: a right answer puts the rule off for longer and longer (minutes, then
days, then weeks), a wrong one brings it back soon. A rule stays until it is *mastered*: FSRS
expects the learner to still know it in :data:`MASTERED_DAYS` days. Nothing pushes it out.

Rules of the game itself (:func:`basics`: the ranking, the duties of play, scoring, the king,
the club code's laws) come before optional agreements and profile variants whenever both are
due. Each review grades one *situation* (an exercise, known by :func:`situation_of`): only the
first answer to it counts, so a right answer given after a wrong one had shown the diagnosis
(or the answer) is not mastery, and the same situation is never given twice in a row.

Pure: every function takes the time ``now``; the store (``ecarte_tutor.store``) keeps the items.

>>> from datetime import datetime, timedelta, UTC
>>> now = datetime(2026, 1, 1, tzinfo=UTC)
>>> item = new_item("play.trump-when-void", now, seq=1)
>>> item.is_due(now), item.mastered
(True, False)
>>> item, outcome = review(item, "s1", True, now, seq=2)
>>> outcome, item.due - now
('scheduled', datetime.timedelta(seconds=600))
>>> review(item, "s1", True, item.due, seq=3)[1]  # the same situation again: no credit twice
'seen'
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal, TypeAlias, TypedDict

from fsrs import Card, Rating, Scheduler, State

from ..i18n import tr, trc, trn
from ..rulebook import Rule, RuleBook

# FSRS stability, in days (the time for the chance of recalling a rule to fall to 90%), from which
# a rule counts as mastered: Anki calls a card "mature" from an interval of 21 days. With right
# answers only it is reached at the fourth review, about two weeks after the mistake.
MASTERED_DAYS = 21.0
# Anki's default FSRS parameters and learning steps (1 and 10 minutes, then days). Fuzzing, which
# spreads cards due the same day across nearby days, is off: the same answers give the same dates,
# so this module stays a pure function of its inputs.
SCHEDULER = Scheduler(enable_fuzzing=False)
CARD_ID = 1  # fsrs wants an id per card; an item is known by its rule, so one number serves

Outcome: TypeAlias = Literal["scheduled", "seen", "not-due"]
"""What became of a practice answer: a review was scheduled from it; the situation had been answered
already (no credit twice); or the rule was not due for review (graded, nothing scheduled)."""


class ReviewItemDict(TypedDict):
    rule: str
    due: str
    state: int
    step: int | None
    stability: float | None
    difficulty: float | None
    last_review: str | None
    reviews: int
    lapses: int
    situation: str | None
    seq: int
    added: str


@dataclass(frozen=True)
class ReviewItem:
    """One rule to review, with its FSRS state (``state``, ``step``, ``stability``, ``difficulty``,
    ``due``, ``last_review``: the fields of ``fsrs.Card``)."""

    rule: str
    due: datetime
    added: datetime
    state: int = State.Learning.value
    step: int | None = 0
    stability: float | None = None
    difficulty: float | None = None
    last_review: datetime | None = None
    reviews: int = 0  # reviews scheduled so far
    lapses: int = 0  # of them (and of mistakes elsewhere) wrong
    situation: str | None = None  # the last situation answered on this rule (situation_of)
    seq: int = 0  # the learner's progress counter at the item's last change

    @property
    def mastered(self) -> bool:
        return self.state == State.Review.value and (self.stability or 0.0) >= MASTERED_DAYS

    def is_due(self, now: datetime) -> bool:
        return self.due <= now

    def card(self) -> Card:
        return Card(card_id=CARD_ID, state=State(self.state), step=self.step, stability=self.stability,
                    difficulty=self.difficulty, due=self.due, last_review=self.last_review)

    def scheduled(self, card: Card, *, reviews: int, lapses: int, situation: str | None, seq: int) -> ReviewItem:
        """The item with FSRS's new ``card`` and the counts that go with it."""
        return replace(self, state=card.state.value, step=card.step, stability=card.stability,
                       difficulty=card.difficulty, due=card.due, last_review=card.last_review, reviews=reviews,
                       lapses=lapses, situation=situation, seq=seq)

    def to_dict(self) -> ReviewItemDict:
        return {"rule": self.rule, "due": self.due.isoformat(), "state": self.state, "step": self.step,
                "stability": self.stability, "difficulty": self.difficulty,
                "last_review": self.last_review.isoformat() if self.last_review else None,
                "reviews": self.reviews, "lapses": self.lapses, "situation": self.situation, "seq": self.seq,
                "added": self.added.isoformat()}

    @classmethod
    def from_dict(cls, data: ReviewItemDict) -> ReviewItem:
        """The item :meth:`to_dict` wrote (KeyError, ValueError or TypeError on anything else)."""
        state = State(data["state"]).value
        last = data["last_review"]
        return cls(rule=str(data["rule"]), due=_aware(data["due"]), added=_aware(data["added"]), state=state,
                   step=_int_or_none(data["step"]), stability=_float_or_none(data["stability"]),
                   difficulty=_float_or_none(data["difficulty"]), last_review=_aware(last) if last else None,
                   reviews=int(data["reviews"]), lapses=int(data["lapses"]),
                   situation=str(data["situation"]) if data["situation"] else None, seq=int(data["seq"]))


def new_item(rule: str, now: datetime, seq: int) -> ReviewItem:
    """A rule just got wrong: its first practice is due at once."""
    return ReviewItem(rule=rule, due=now, added=now, seq=seq)


def lapse(item: ReviewItem, now: datetime, seq: int) -> ReviewItem:
    """The rule got wrong again outside its own practice (a lesson, another rule's drill, a game).

    A rule never practised yet stays as it is (due at once); one already reviewed is rated
    *Again*, as Anki rates a card forgotten: it comes back within minutes and its spacing
    starts short again.
    """
    if item.last_review is None:
        return item
    card, _ = SCHEDULER.review_card(item.card(), Rating.Again, now)
    return item.scheduled(card, reviews=item.reviews, lapses=item.lapses + 1, situation=item.situation, seq=seq)


def review(item: ReviewItem, situation: str, correct: bool, now: datetime, seq: int) -> tuple[ReviewItem, Outcome]:
    """The item after a practice answer on ``situation``, and what became of the answer.

    Only the first answer to a situation is a review: right, *Good*; wrong, *Again*. Any later
    answer to the same situation (after a diagnosis, after the answer was shown, or a form sent
    again) changes nothing. An answer on a rule not yet due changes nothing either, so the
    spacing cannot be beaten by answering the same rule over and over.
    """
    if situation == item.situation:
        return item, "seen"
    if not item.is_due(now):
        return item, "not-due"
    card, _ = SCHEDULER.review_card(item.card(), Rating.Good if correct else Rating.Again, now)
    return item.scheduled(card, reviews=item.reviews + 1, lapses=item.lapses + (not correct), situation=situation,
                          seq=seq), "scheduled"


# --- what to practise next ---------------------------------------------------------------------


def is_basic(rule: Rule) -> bool:
    """A rule of the game every player is held to: not an optional agreement, a profile's variant, or advice."""
    return not (rule.optional or rule.agreement or rule.variant or rule.id.startswith(("variant.", "strategy.")))


def basics(book: RuleBook) -> frozenset[str]:
    """The ids of the rules :func:`is_basic` holds for."""
    return frozenset(rule_id for rule_id, rule in book.rules.items() if is_basic(rule))


def in_order(items: Iterable[ReviewItem], basic: Collection[str]) -> list[ReviewItem]:
    """Items in the order they are practised: basics first, then the longest due (the earliest date) first."""
    return sorted(items, key=lambda item: (item.rule not in basic, item.due, item.rule))


def due(items: Iterable[ReviewItem], now: datetime, basic: Collection[str]) -> list[ReviewItem]:
    """The items due at ``now``, in the order they are practised."""
    return in_order((item for item in items if item.is_due(now)), basic)


def next_rule(items: Mapping[str, ReviewItem], now: datetime, basic: Collection[str],
              after: str | None = None) -> str | None:
    """The rule to practise now (None: nothing is due). Rules take turns: the rule ``after`` (the one just
    practised) comes last among those due."""
    waiting = due(items.values(), now, basic)
    if not waiting:
        return None
    others = [item for item in waiting if item.rule != after]
    return (others or waiting)[0].rule


def next_due(items: Iterable[ReviewItem]) -> datetime | None:
    """When the next review falls due (None when there is nothing to review)."""
    return min((item.due for item in items), default=None)


def situation_of(kind: str, position: object) -> str:
    """A short fingerprint of an exercise's situation: the same kind and position, the same fingerprint."""
    text = json.dumps([kind, position], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def waiting_time(when: datetime, now: datetime) -> str:
    """How long until ``when``, in words ("now", "in 10 minutes", "in 3 days")."""
    seconds = (when - now).total_seconds()
    if seconds <= 0:
        return trc("review due", "now")
    if seconds >= 86400:
        return trn("in %(count)d day", "in %(count)d days", round(seconds / 86400))
    if seconds >= 3600:
        return trn("in %(count)d hour", "in %(count)d hours", round(seconds / 3600))
    if seconds >= 60:
        return trn("in %(count)d minute", "in %(count)d minutes", round(seconds / 60))
    return tr("in a minute")


def _aware(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError(f"a time without its zone: {text!r}")
    return moment


def _int_or_none(value: object) -> int | None:
    return None if value is None else int(str(value))


def _float_or_none(value: object) -> float | None:
    return None if value is None else float(str(value))


__all__ = ["MASTERED_DAYS", "Outcome", "ReviewItem", "basics", "due", "in_order", "is_basic", "lapse", "new_item",
           "next_due", "next_rule", "review", "situation_of", "waiting_time"]
