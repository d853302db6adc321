"""An action the rules forbid at this point of a hand (raised by the hand referee and its helpers)."""
from __future__ import annotations

from collections.abc import Sequence


class Illegal(Exception):
    """An action the rules forbid at this point of the hand, with the rules (laws among them) that forbid it."""

    def __init__(self, code: str, explanation: str, rule_ids: Sequence[str] = ()):
        super().__init__(explanation)
        self.code, self.explanation, self.rule_ids = code, explanation, rule_ids
