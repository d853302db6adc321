"""Choosing the cards to throw out, by the rule book's advice (``strategy.discarding``).

"Keep trumps and kings and throw out the rest; at the first exchange never discard a king or a
trump." The chooser throws every other card, the lowest first (so that, should the stock run
short and some discards come back, the better ones return), within the count the profile allows
(``*_min_discard`` / ``*_max_discard``, as the referee's next action gives them). Only when the
profile makes a player discard more than his other cards does a king go, then the lowest trump.

The tutor discards with it at the table, and ``analyse`` assumes the other player does when it
weighs a discard (:mod:`.analysis_exchange`).
"""
from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card, Suit
from ..rulebook import Params

DISCARD_RULE = "strategy.discarding"


def keeps(card: Card, trump: Suit) -> bool:
    """A card the advice keeps: a trump or a king."""
    return card.suit is trump or card.rank == "K"


def choose_discard(hand: Iterable[Card], trump: Suit, low: int, high: int, params: Params) -> list[Card]:
    """The cards to discard, between ``low`` and ``high`` of them, the first to go first."""
    strength = params.ranking.strength
    lowest_first = sorted(hand, key=lambda c: (strength[c.rank], list(Suit).index(c.suit)))
    throw = [c for c in lowest_first if not keeps(c, trump)][:high]
    if len(throw) < low:  # forced past the advice: plain kings before trumps, the lowest trump first
        kept = [c for c in lowest_first if keeps(c, trump)]
        kept.sort(key=lambda c: c.suit is trump)
        throw += kept[:low - len(throw)]
    return throw
