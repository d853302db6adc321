"""What the interview knows: the facts given, and what follows from them.

The implications of rules/dispute-facts.yaml, and those of the timeline (a moment
that happened implies the moments it requires; one that had not happened rules out
the moments that require it), are applied until nothing new follows. Every value
known remembers which given facts it rests on, so that a ruling can say exactly
which of the user's answers decided it (``facts_used``).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ...errors import QuestionError
from ...rulebook import Condition, FactValue, RuleBook
from ...wording import Words
from .conditions import matches, same


@dataclass(frozen=True)
class Implication:
    """If every fact of ``when`` is known and matches, the facts of ``then`` take their values."""

    when: MappingProxyType[str, Condition]
    then: MappingProxyType[str, FactValue]


@dataclass(frozen=True)
class Knowledge:
    """Known fact values, and for each the given facts it rests on."""

    values: MappingProxyType[str, FactValue]
    support: MappingProxyType[str, frozenset[str]]  # fact name -> the given fact names it rests on

    def __contains__(self, name: str) -> bool:
        return name in self.values

    def __getitem__(self, name: str) -> FactValue:
        return self.values[name]

    def given_behind(self, names: Iterable[str]) -> frozenset[str]:
        """The given facts that the known values of ``names`` rest on."""
        out: frozenset[str] = frozenset()
        for name in names:
            out |= self.support.get(name, frozenset())
        return out


def moments(book: RuleBook) -> tuple[str, ...]:
    """The timeline: every fact with a ``moment``, in the order they happen."""
    return tuple(name for name, spec in book.facts.items() if "moment" in spec)


def implications(book: RuleBook) -> tuple[Implication, ...]:
    """The data's implications, then the timeline's (worked out once per rule book)."""
    key = ("dispute-implications",)
    found: tuple[Implication, ...] | None = book.derived.get(key)
    if found is None:
        rules = [Implication(MappingProxyType(dict(item["if"])), MappingProxyType(dict(item["then"])))
                 for item in book.implications]
        for name, spec in book.facts.items():
            for earlier in spec.get("moment", {}).get("requires", ()):
                rules.append(Implication(MappingProxyType({name: True}), MappingProxyType({earlier: True})))
                rules.append(Implication(MappingProxyType({earlier: False}), MappingProxyType({name: False})))
        found = book.derived[key] = tuple(rules)
    return found


def establish(book: RuleBook, given: Mapping[str, FactValue]) -> Knowledge:
    """The given facts and everything that follows from them; contradictions are refused."""
    values = dict(given)
    support = {name: frozenset([name]) for name in given}
    rules = implications(book)
    changed = True
    while changed:
        changed = False
        for rule in rules:
            if not all(name in values and matches(cond, values[name]) for name, cond in rule.when.items()):
                continue
            behind = frozenset().union(*(support[name] for name in rule.when))
            for name, value in rule.then.items():
                if name not in values:
                    values[name], support[name] = value, behind
                    changed = True
                elif not same(values[name], value):
                    raise _contradiction(book, name, value, values[name], behind | support[name], given)
    return Knowledge(MappingProxyType(values), MappingProxyType(support))


def _contradiction(book: RuleBook, name: str, wanted: FactValue, held: FactValue, behind: frozenset[str],
                   given: Mapping[str, FactValue]) -> QuestionError:
    words = Words(book)
    culprits = sorted(behind, key=list(book.facts).index)
    listed = "; ".join(words.fact_state(n, given[n]) for n in culprits)
    return QuestionError(
        "conflicting-facts",
        f"These answers cannot all be true of one hand: {listed}. {_clash(words, name, held, wanted)} "
        "Correct one of them.",
        f"facts.{culprits[-1]}" if culprits else "facts")


def _clash(words: Words, name: str, held: FactValue, wanted: FactValue) -> str:
    if name in words.moments:
        return f"Together they say both that {words.fact_state(name, held)} and that {words.fact_state(name, wanted)}."
    return (f"Together they give two answers to “{words.fact(name)}”: {words.fact_value(name, held)}, and "
            f"{words.fact_value(name, wanted)}.")
