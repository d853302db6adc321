"""One timeline for every dispute: what follows from what, and what each irregularity presupposes.

Three kinds of data say what can be true of one hand (docs/laws-and-disputes.md, the timeline):

- the implications of rules/dispute-facts.yaml (the facts that follow from others);
- the moments' ``requires`` (a moment that happened implies those it requires; one that had not
  rules out those that require it);
- each law's ``presupposes`` (rules/laws/*.yaml): what an irregularity it rules on presupposes of
  the hand — a king of trumps is announced only once the trump is turned, a hand is given up
  only in the play with cards left, a wrong count is not five. A single value follows from it; a
  list of values or bounds only has to hold, and the reason (``says``) is given when it does not.

They are worked out once per rule book into :class:`Implication` s, which :mod:`.knowledge` applies.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

from ...bookwords import IMPLICATIONS
from ...rulebook import Condition, FactValue, Kept, RuleBook
from .conditions import matches


@dataclass(frozen=True)
class Implication:
    """If every fact of ``when`` is known and matches, every fact of ``then`` meets its condition:
    a single value follows; a list of values or bounds must hold once the fact is known."""

    when: MappingProxyType[str, Condition]
    then: MappingProxyType[str, Condition]
    says: str | None = None  # why, in a player's words (a law's presupposition)
    # each fact of ``then``, its condition, and the one value the condition leaves it (None when it leaves several)
    settles: tuple[tuple[str, Condition, FactValue | None], ...] = ()
    says_at: tuple[str, str] | None = None  # where a translation keeps ``says`` (RuleBook.words: key, name)


def moments(book: RuleBook) -> tuple[str, ...]:
    """The timeline: every fact with a ``moment``, in the order they happen."""
    return tuple(name for name, spec in book.facts.items() if "moment" in spec)


def _proxy(mapping: dict[str, Condition]) -> MappingProxyType[str, Condition]:
    return MappingProxyType(mapping)


def _data(book: RuleBook) -> list[Implication]:
    rules: list[Implication] = []
    for n, item in enumerate(book.implications):
        says = item.get("says")
        rules.append(Implication(_proxy(dict(item["if"])), _proxy(dict(item["then"])), says.strip() if says else None,
                                 says_at=(IMPLICATIONS, str(n)) if says else None))
    return rules


def _requires(book: RuleBook) -> list[Implication]:
    rules = []
    for name, spec in book.facts.items():
        for earlier in spec.get("moment", {}).get("requires", ()):
            rules.append(Implication(_proxy({name: True}), _proxy({earlier: True})))
            rules.append(Implication(_proxy({earlier: False}), _proxy({name: False})))
    return rules


def _presuppositions(book: RuleBook) -> list[Implication]:
    rules = []
    for rule in book.rules.values():
        for n, item in enumerate(rule.presupposes):
            irregularity = item["irregularity"]
            when: dict[str, Condition] = {"irregularity": irregularity if isinstance(irregularity, str)
                                          else list[FactValue](irregularity), **item.get("when", {})}
            rules.append(Implication(_proxy(when), _proxy(dict(item["then"])), item["says"].strip(),
                                     says_at=(rule.id, f"presupposes.{n}.says")))
    return rules


_IMPLICATIONS: Kept[tuple[()], tuple[Implication, ...]] = Kept("what follows from what, in the order tried")
_READERS: Kept[tuple[()], dict[str, Readers]] = Kept("the implications that each value of a fact meets")


@dataclass(frozen=True)
class Readers:
    """The implications whose ``when`` reads one fact, each as its index and the number of facts it reads:
    those a value meets, found by that value (a value or a list of values in ``when``), and those with
    bounds, tried against it."""

    by_value: dict[tuple[type, FactValue], tuple[tuple[int, int], ...]]
    bounded: tuple[tuple[int, int, Condition], ...]

    def met_by(self, value: FactValue) -> tuple[tuple[int, int], ...]:
        """The implications whose condition on this fact ``value`` meets (index, facts read)."""
        met = self.by_value.get((type(value), value), ())
        if self.bounded:
            met += tuple((index, size) for index, size, condition in self.bounded if matches(condition, value))
        return met


def implications(book: RuleBook) -> tuple[Implication, ...]:
    """The data's implications, the timeline's, then the laws' presuppositions (once per rule book)."""
    kept = _IMPLICATIONS.of(book)
    found = kept.get(())
    if found is None:
        found = kept[()] = tuple(replace(rule, settles=tuple((name, condition, only_value(book, name, condition))
                                                             for name, condition in rule.then.items()))
                                 for rule in _data(book) + _requires(book) + _presuppositions(book))
    return found


def only_value(book: RuleBook, name: str, condition: Condition) -> FactValue | None:
    """The one value ``condition`` leaves fact ``name`` (a value, a list of one, or bounds that meet the fact's own
    at one number: before the first lead, at most 0 of 0 to 5 tricks won is 0), or None when it leaves several."""
    if isinstance(condition, (str, int)):  # bool is an int
        return condition
    if isinstance(condition, list):
        return condition[0] if len(condition) == 1 else None
    spec = book.facts.get(name)
    lows = [b for b in (condition.get("min"), spec.get("min") if spec else None) if isinstance(b, int)]
    highs = [b for b in (condition.get("max"), spec.get("max") if spec else None) if isinstance(b, int)]
    low, high = max(lows, default=None), min(highs, default=None)
    return low if low is not None and low == high else None


def readers_of(book: RuleBook) -> dict[str, Readers]:
    """For each fact, the implications that read it in their ``when``, by the values that meet them
    (about a hundred presuppositions read the irregularity: a value wakes only its own few)."""
    kept = _READERS.of(book)
    found = kept.get(())
    if found is None:
        by_value: dict[str, dict[tuple[type, FactValue], list[tuple[int, int]]]] = {}
        bounded: dict[str, list[tuple[int, int, Condition]]] = {}
        for index, rule in enumerate(implications(book)):
            size = len(rule.when)
            for name, condition in rule.when.items():
                if isinstance(condition, dict):
                    bounded.setdefault(name, []).append((index, size, condition))
                    continue
                # a value meets its own condition only with its own type (conditions.same: True is not 1)
                values = condition if isinstance(condition, list) else [condition]
                for key in dict.fromkeys((type(value), value) for value in values):
                    by_value.setdefault(name, {}).setdefault(key, []).append((index, size))
        found = kept[()] = {name: Readers({key: tuple(indexes) for key, indexes in by_value.get(name, {}).items()},
                                          tuple(bounded.get(name, ())))
                            for name in by_value.keys() | bounded.keys()}
    return found
