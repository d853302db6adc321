"""The decision rows of the rule book, as the interview reads them.

A row belongs to a rule (a law of the club code, or a profile's own rule) and says:
for this irregularity, when these facts hold (``when``) and the irregularity came
to light inside this window of the timeline (``window.after`` moments had
happened, ``window.before`` moments had not), this is the ruling. Where two rows can
both match, one states that it ``precedes`` the other (:mod:`.precedence` checks it). A row may apply
only under some profiles (``profiles``) or only where a profile's parameter has a
given value (``params``): the same parameters the ``hand``, ``exchange`` and
``score`` kinds read, so that the kinds cannot disagree.
"""
from __future__ import annotations

from dataclasses import dataclass
from heapq import heapify, heappop, heappush
from types import MappingProxyType
from typing import overload

from ...fields import SEATS, other
from ...marks import fact_name
from ...rulebook import Agreed, Condition, Decision, Kept, Params, Rule, RuleBook, read_only
from .conditions import matches
from .knowledge import Knowledge

ADVERSARY_OF = "adversary-of-"
CONCESSION = "concession"  # a row whose points are those the profile's scoring gives for tricks conceded
HAND_OVER = fact_name("hand_over")  # an option scoring the tricks as played waits for the hand to be over
CONCESSION_FACTS = (fact_name("elder_played_without_proposing"), fact_name("dealer_refused_first_proposal"),
                    fact_name("dealer_refused_later_proposal"))


@dataclass(frozen=True)
class Row:
    """One decision row, ready for the interview."""

    rule: Rule
    decision: Decision  # read-only at run time
    irregularities: tuple[str, ...]
    conditions: MappingProxyType[str, Condition]  # fact -> condition: the ``when`` facts and the window's moments
    needed: tuple[str, ...]  # the facts the row needs (its points' hand_over too), in the order the interview asks them

    @property
    def case(self) -> str:
        return f"{self.rule.id}/{self.decision['case']}"

    @property
    def concedes(self) -> bool:
        return self.decision.get("points") == CONCESSION


def seat_fact(ref: str | None) -> str | None:
    """The fact a seat reference reads (``adversary-of-hand`` -> ``hand``), or None for a fixed seat."""
    if ref is None or ref in SEATS or ref == CONCESSION:
        return None
    return ref[len(ADVERSARY_OF):] if ref.startswith(ADVERSARY_OF) else ref


@overload
def resolve_seat(ref: str, known: Knowledge) -> str: ...
@overload
def resolve_seat(ref: None, known: Knowledge) -> None: ...
def resolve_seat(ref: str | None, known: Knowledge) -> str | None:
    """A seat reference made concrete: ``adversary-of-offender`` with offender dealer -> elder."""
    name = seat_fact(ref)
    if ref is None or name is None:
        return ref
    seat = known[name]
    assert isinstance(seat, str)  # a seat fact is a choice of elder or dealer (dispute-facts)
    return other(seat) if ref.startswith(ADVERSARY_OF) else seat


def conditions_of(decision: Decision) -> dict[str, Condition]:
    """The row's ``when`` facts and its window, as one mapping of fact -> condition."""
    conditions = dict(decision.get("when", {}))
    window = decision.get("window", {})
    conditions.update({moment: True for moment in window.get("after", ())})
    conditions.update({moment: False for moment in window.get("before", ())})
    return conditions


def _needed(decision: Decision, conditions: dict[str, Condition], order: dict[str, int]) -> tuple[str, ...]:
    """The facts the row needs, in the data's order. Whether the hand is over is among them when an option scores
    the tricks as played: asked in its place on the timeline, before a later moment that only matters once the hand
    is over (the next deal's trump), rather than after every other fact (a revoke found in play was asked both)."""
    names = set(conditions)
    points = decision.get("points")
    refs = [decision.get("chooser"), *(points if isinstance(points, dict) else ())]
    names |= {name for name in map(seat_fact, refs) if name}
    if any(option.get("points", {}).get("tricks") == "played" for option in decision["options"]):
        names.add(HAND_OVER)
    return tuple(sorted(names, key=lambda name: order.get(name, len(order))))


def deciding_rules(book: RuleBook) -> list[Rule]:
    """Rules with decisions: the laws by number, then the other rules in rule-book order."""
    laws = [book.laws[n] for n in sorted(book.laws)]
    others = [rule for rule in book.rules.values() if rule.decisions and rule.law is None]
    return [rule for rule in laws if rule.decisions] + others


_ROWS: Kept[tuple[str, Agreed], tuple[Row, ...]] = Kept("the decision rows in force, by profile and agreements")


def decision_rows(book: RuleBook, params: Params) -> tuple[Row, ...]:
    """Every decision row in force under the profile and agreements of ``params``, in rule-book order."""
    kept = _ROWS.of(book)
    key = (params.profile, params.agreements)  # an agreement may bring rows in force
    found = kept.get(key)
    if found is None:
        order = {name: i for i, name in enumerate(book.facts)}
        rows: list[Row] = []
        for rule in deciding_rules(book):
            if not rule.applies_in(params.profile):
                continue
            for decision in rule.decisions:
                if params.profile not in decision.get("profiles", (params.profile,)):
                    continue
                if not all(matches(cond, params[name]) for name, cond in decision.get("params", {}).items()):
                    continue
                irregularity = decision["irregularity"]
                kinds = (irregularity,) if isinstance(irregularity, str) else tuple(irregularity)
                conditions = conditions_of(decision)
                rows.append(Row(rule, read_only(decision), kinds, MappingProxyType(conditions),
                                _needed(decision, conditions, order)))
        found = kept[key] = tuple(by_precedence(rows))
    return found


def by_precedence(rows: list[Row]) -> list[Row]:
    """``rows`` in rule-book order, except that a row comes before every row it ``precedes`` (the first that
    matches decides, so a row's place in its file never changes a ruling where precedence is stated)."""
    index = {row.case: i for i, row in enumerate(rows)}
    after: dict[int, list[int]] = {}
    waiting = [0] * len(rows)
    for i, row in enumerate(rows):
        for later in row.decision.get("precedes", ()):
            if later in index:
                after.setdefault(i, []).append(index[later])
                waiting[index[later]] += 1
    ready = [i for i, count in enumerate(waiting) if not count]
    heapify(ready)
    order: list[Row] = []
    while ready:
        i = heappop(ready)
        order.append(rows[i])
        for j in after.get(i, ()):
            waiting[j] -= 1
            if not waiting[j]:
                heappush(ready, j)
    if len(order) != len(rows):  # a cycle of precedence: ecarte-tutor check names it; keep the book's order
        return rows
    return order
