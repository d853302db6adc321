"""Turning the rule ids a decision used into ``cites`` and ``laws`` (API.md)."""
from __future__ import annotations

from ..rulebook import LAW_SECTION, RuleBook


class Reasons:
    """Rule ids in the order applied, without repeats; law numbers follow from the law ids."""

    def __init__(self, book: RuleBook):
        self.book = book
        self.ids: list[str] = []

    def add(self, *rule_ids: str) -> "Reasons":
        for rule_id in rule_ids:
            if rule_id not in self.book.rules:
                # A cited id that the rule book lacks is a defect in the engine or the data.
                raise KeyError(f"the engine cites {rule_id!r}, which is not in the rule book")
            if rule_id not in self.ids:
                self.ids.append(rule_id)
        return self

    def law(self, *numbers: int) -> "Reasons":
        for number in numbers:
            if number in self.book.laws:
                self.add(self.book.laws[number].id)
        return self

    @property
    def laws(self) -> list[int]:
        return sorted({self.book.rules[i].law for i in self.ids if self.book.rules[i].section == LAW_SECTION})

    def fields(self) -> dict:
        """The ``cites`` and ``laws`` fields of an answer."""
        return {"cites": list(self.ids), "laws": self.laws}
