"""The tutor's discard at the table (the chooser lives in :mod:`ecarte_tutor.engine.discarding`, which
``analyse`` shares), and how a learner's discard strays from its advice."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card, Suit
from ..engine.discarding import DISCARD_RULE, choose_discard, keeps

__all__ = ["DISCARD_RULE", "avoidable_breach", "choose_discard", "keeps"]


def avoidable_breach(hand: Iterable[Card], discards: Sequence[Card], trump: Suit, low: int) -> list[Card]:
    """The kings and trumps among ``discards`` that the advice would have kept (none when the count
    the profile required left no other choice)."""
    breach = [c for c in discards if keeps(c, trump)]
    others = sum(1 for c in hand if not keeps(c, trump))
    forced = max(0, min(len(discards), low) - others)  # the least the rules made him give up
    return breach[forced:] if len(breach) > forced else []
