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

from dataclasses import dataclass
from types import MappingProxyType

from ...rulebook import Condition, FactValue, Kept, RuleBook


@dataclass(frozen=True)
class Implication:
    """If every fact of ``when`` is known and matches, every fact of ``then`` meets its condition:
    a single value follows; a list of values or bounds must hold once the fact is known."""

    when: MappingProxyType[str, Condition]
    then: MappingProxyType[str, Condition]
    says: str | None = None  # why, in a player's words (a law's presupposition)


def moments(book: RuleBook) -> tuple[str, ...]:
    """The timeline: every fact with a ``moment``, in the order they happen."""
    return tuple(name for name, spec in book.facts.items() if "moment" in spec)


def _proxy(mapping: dict[str, Condition]) -> MappingProxyType[str, Condition]:
    return MappingProxyType(mapping)


def _data(book: RuleBook) -> list[Implication]:
    rules: list[Implication] = []
    for item in book.implications:
        says = item.get("says")
        rules.append(Implication(_proxy(dict(item["if"])), _proxy(dict(item["then"])), says.strip() if says else None))
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
        for item in rule.presupposes:
            irregularity = item["irregularity"]
            when: dict[str, Condition] = {"irregularity": irregularity if isinstance(irregularity, str)
                                          else list[FactValue](irregularity), **item.get("when", {})}
            rules.append(Implication(_proxy(when), _proxy(dict(item["then"])), item["says"].strip()))
    return rules


_IMPLICATIONS: Kept[tuple[()], tuple[Implication, ...]] = Kept("what follows from what, in the order tried")
_READERS: Kept[tuple[()], dict[str, tuple[int, ...]]] = Kept("the implications that read each fact")


def implications(book: RuleBook) -> tuple[Implication, ...]:
    """The data's implications, the timeline's, then the laws' presuppositions (once per rule book)."""
    kept = _IMPLICATIONS.of(book)
    found = kept.get(())
    if found is None:
        found = kept[()] = tuple(_data(book) + _requires(book) + _presuppositions(book))
    return found


def readers_of(book: RuleBook) -> dict[str, tuple[int, ...]]:
    """For each fact, the implications (by index) that read it in their ``when``."""
    kept = _READERS.of(book)
    found = kept.get(())
    if found is None:
        readers: dict[str, list[int]] = {}
        for index, rule in enumerate(implications(book)):
            for name in rule.when:
                readers.setdefault(name, []).append(index)
        found = kept[()] = {name: tuple(indexes) for name, indexes in readers.items()}
    return found
