"""What the interview knows: the facts given, and what follows from them.

The implications of the timeline (:mod:`.timeline`: the data's implications, the
moments' ``requires`` and the laws' presuppositions) are applied until nothing new
follows; facts that cannot all be true of one hand are refused, naming the fewest
answers that clash. Every value known remembers which given facts it rests on, so that
a ruling can say exactly which of the user's answers decided it (``facts_used``).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import combinations
from types import MappingProxyType

from ...errors import QuestionError
from ...i18n import current, tr, trc
from ...rulebook import Condition, FactValue, Kept, RuleBook
from ...wording import Words
from .conditions import matches
from .timeline import implications, readers_of
from .timeline import moments as moments  # where the answers have always read the timeline


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


@dataclass(frozen=True)
class Conflict:
    """Two answers to one fact, or a presupposition broken: what the facts given cannot all say."""

    name: str
    held: FactValue
    wanted: Condition
    behind: frozenset[str]  # the given facts behind both
    says: str | None
    says_at: tuple[str, str] | None = None  # where a translation keeps ``says`` (Implication.says_at)


Forced = Mapping[str, tuple[FactValue, frozenset[str]]]
"""Facts worked out by elimination (:func:`only_answer`): each value, and the given facts it rests on."""


def close(book: RuleBook, given: Mapping[str, FactValue], forced: Forced | None = None) -> Knowledge | Conflict:
    """The given facts (and those ``forced``) and everything that follows from them, or the first contradiction met.

    A value once known never changes, so each implication is applied once, as soon as the last fact
    it reads is known with a value it accepts (the earliest in the data first); one that a value
    refuses is never tried."""
    values = dict(given)
    support = {name: frozenset((name,)) for name in given}
    for name, (value, behind) in (forced or {}).items():
        values[name], support[name] = value, behind
    rules, readers = implications(book), readers_of(book)
    waiting: dict[int, int] = {}  # implication -> the facts it reads not yet known to meet it
    ready: list[int] = []

    def learnt(name: str) -> None:
        reading = readers.get(name)
        if reading is None:
            return
        for index, size in reading.met_by(values[name]):
            left = waiting[index] = waiting.get(index, size) - 1
            if not left:
                heappush(ready, index)

    for name in values:
        learnt(name)
    while ready:  # every fact each of these reads is known and meets its condition
        rule = rules[heappop(ready)]
        behind = frozenset().union(*[support[name] for name in rule.when])
        for name, condition, only in rule.settles:
            if name not in values:
                if only is not None:  # one value follows (a list or bounds may leave only one); otherwise it restricts
                    values[name], support[name] = only, behind
                    learnt(name)
            elif not matches(condition, values[name]):
                return Conflict(name, values[name], condition, behind | support[name], rule.says, rule.says_at)
    return Knowledge(MappingProxyType(values), MappingProxyType(support))


def only_answer(book: RuleBook, given: Mapping[str, FactValue], forced: Forced,
                name: str) -> tuple[FactValue, frozenset[str]] | None:
    """The one answer to ``name`` that the facts known leave possible, with the given facts that rule out the
    others; None when several remain. Asking a question with a single possible answer would be asking what
    the facts already say (the implications run forwards only: this works it out by trying every answer)."""
    possible, behind = [], frozenset[str]()
    for choice in book.facts[name].get("choices", ()):
        found = close(book, {**given, name: choice["value"]}, forced)
        if isinstance(found, Knowledge):
            possible.append(choice["value"])
        else:
            behind |= found.behind - {name}
    return (possible[0], behind) if len(possible) == 1 else None


def table_facts(book: RuleBook, agreements: Iterable[str]) -> dict[str, tuple[FactValue, frozenset[str]]]:
    """The facts the table's agreements settle (``table`` in rules/dispute-facts.yaml): true where the
    agreement was made, resting on no answer of the user's; the story told must fit them."""
    made = set(agreements)
    return {name: (True, frozenset()) for name, agreement in facts_naming(book, "table") if agreement in made}


_FACTS_NAMING: Kept[str, tuple[tuple[str, str], ...]] = Kept("the facts naming an agreement under one key")


def facts_naming(book: RuleBook, key: str) -> tuple[tuple[str, str], ...]:
    """Each fact whose ``key`` (``table``: the agreement settles it; ``agreement``: asked only under it) names an
    agreement, with that agreement, in the book's order (once per rule book and key: every question reads them)."""
    kept = _FACTS_NAMING.of(book)
    found = kept.get(key)
    if found is None:
        found = kept[key] = tuple((name, agreement) for name, spec in book.facts.items()
                                  if isinstance(agreement := spec.get(key), str))
    return found


def refuse_table_facts(book: RuleBook, given: Mapping[str, FactValue]) -> None:
    """A fact the table's agreement settles is not the user's to give: a clear error naming the agreement."""
    for name in given:
        agreement = book.facts[name].get("table")
        if isinstance(agreement, str):
            raise QuestionError("bad-fact-value", tr(
                "“%(question)s” is settled by the table's agreements, not given: make the agreement “%(agreement)s”, "
                "or leave the answer out.", question=Words(book).fact(name),
                agreement=Words(book).agreement_label(agreement)), f"facts.{name}")


def establish(book: RuleBook, given: Mapping[str, FactValue], table: Forced | None = None) -> Knowledge:
    """The given facts (and those the ``table`` settles) and everything that follows from them; contradictions
    are refused, naming the fewest answers that cannot all be true of one hand."""
    found = close(book, given, table)
    if isinstance(found, Knowledge):
        return found
    culprits = sorted(found.behind, key=list(book.facts).index)
    for size in range(1, len(culprits)):
        for names in combinations(culprits, size):
            smaller = close(book, {name: given[name] for name in names}, table)
            if isinstance(smaller, Conflict):
                raise _contradiction(book, smaller, given)
    raise _contradiction(book, found, given)


def _contradiction(book: RuleBook, conflict: Conflict, given: Mapping[str, FactValue]) -> QuestionError:
    words = Words(book)
    culprits = sorted(conflict.behind, key=list(book.facts).index)
    listed = trc("list", "; ").join(words.fact_state(n, given[n]) for n in culprits)
    why = (book.words(*conflict.says_at, current(), conflict.says) if conflict.says_at else conflict.says) \
        if conflict.says else _clash(words, conflict.name, conflict.held, conflict.wanted)
    return QuestionError(
        "conflicting-facts",
        tr("These answers cannot all be true of one hand: %(answers)s. %(why)s Correct one of them.",
           answers=listed, why=why),
        f"facts.{culprits[-1]}" if culprits else "facts", clash=culprits)


def _clash(words: Words, name: str, held: FactValue, wanted: Condition) -> str:
    if isinstance(wanted, (dict, list)):
        return tr("Together they rule out %(held)s: they need %(wanted)s.", held=words.fact_state(name, held),
                  wanted=words.fact_condition(name, wanted))
    if name in words.moments:
        return tr("Together they say both that %(held)s and that %(wanted)s.", held=words.fact_state(name, held),
                  wanted=words.fact_state(name, wanted))
    return tr("Together they give two answers to “%(question)s”: %(held)s, and %(wanted)s.",
              question=words.fact(name), held=words.fact_value(name, held), wanted=words.fact_value(name, wanted))
