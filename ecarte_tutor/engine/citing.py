"""Turning the rule ids a decision used into ``cites`` and ``laws`` (docs/api.md)."""
from __future__ import annotations

from typing import TypedDict

from ..rulebook import LAW_SECTION, RuleBook


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
