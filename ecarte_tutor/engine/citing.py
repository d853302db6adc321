"""Turning the rule ids a decision used into ``cites`` and ``laws`` (docs/api.md)."""
from __future__ import annotations

from typing import TypedDict

from ..rulebook import LAW_SECTION, Kept, RuleBook


class Citing(TypedDict):
    """The ``cites`` and ``laws`` fields of an answer."""

    cites: list[str]
    laws: list[int]


class Explained(Citing):
    """What every kind's answer gives (docs/api.md): the rules and laws that decided it, and why."""

    explanation: str


class Reasons:
    """Rule ids in the order applied, without repeats; law numbers follow from the law ids."""

    def __init__(self, book: RuleBook):
        self.book = book
        self.ids: list[str] = []
        self._laws: set[int] = set()

    def add(self, *rule_ids: str) -> Reasons:
        for rule_id in rule_ids:
            rule = self.book.rules.get(rule_id)
            if rule is None:
                # A cited id that the rule book lacks is a defect in the engine or the data.
                raise KeyError(f"the engine cites {rule_id!r}, which is not in the rule book")
            if rule_id not in self.ids:
                self.ids.append(rule_id)
                if rule.section == LAW_SECTION and rule.law is not None:  # a law always has its number
                    self._laws.add(rule.law)
        return self

    def law(self, *law_ids: str) -> Reasons:
        """Cite club-code laws (``"law.43"``) that take part, where the rule book has them."""
        return self.add(*(law_id for law_id in law_ids if law_id in self.book.rules))

    @property
    def laws(self) -> list[int]:
        return sorted(self._laws)

    def fields(self) -> Citing:
        """The ``cites`` and ``laws`` fields of an answer."""
        return {"cites": list(self.ids), "laws": self.laws}


_FIELDS: Kept[tuple[str, ...], Citing] = Kept("the cites and laws of a tuple of rule ids")


def fields_for(book: RuleBook, rule_ids: tuple[str, ...]) -> Citing:
    """``Reasons(book).add(*rule_ids).fields()``, worked out once per book and tuple of ids.

    For the hot paths (every play question cites one of a handful of fixed lists); the
    lists are copied, so an answer may be changed without touching the kept one.
    """
    kept = _FIELDS.of(book)
    fields = kept.get(rule_ids)
    if fields is None:
        fields = kept[rule_ids] = Reasons(book).add(*rule_ids).fields()
    return {"cites": list(fields["cites"]), "laws": list(fields["laws"])}
