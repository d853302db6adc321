"""Plain minimax over the referee's own functions: slow, and right by construction.

Every card is tried, every reply the referee's ``play.duty`` allows, with ``play.trick_winner``
deciding each trick; no pruning, no renumbering of the cards, no interchangeable cards. The fast
search (:mod:`.doubledummy`) is checked against it in the tests and timed beside it in
``bench/analyse_bench.py``. ``memo`` (a dict) only remembers finished positions, so the tests can
afford whole hands; the bench's baseline runs without it.
"""
from __future__ import annotations

from ..cards import Card, Suit
from ..rulebook import Params
from . import play

Memo = dict[tuple[frozenset[Card], frozenset[Card]], int]  # (cards of the player to lead, the other's) -> tricks


def card_values(to_act: tuple[Card, ...], other: tuple[Card, ...], led: Card | None, trump: Suit,
                params: Params, memo: Memo | None = None) -> dict[Card, int]:
    """For each legal card of the player to act, the tricks left that he takes with best play.

    ``led`` is the other player's card on the table (then ``to_act`` follows), or None (he leads).
    """
    legal = play.duty(list(to_act), led, trump, params).legal
    return {card: _after(to_act, other, led, card, trump, params, memo) for card in legal}


def tricks(lead: tuple[Card, ...], other: tuple[Card, ...], trump: Suit, params: Params,
           memo: Memo | None = None) -> int:
    """The tricks left that the player to lead takes with best play on both sides."""
    if not lead:
        return 0
    key = (frozenset(lead), frozenset(other))
    if memo is not None and key in memo:
        return memo[key]
    value = max(card_values(lead, other, None, trump, params, memo).values())
    if memo is not None:
        memo[key] = value
    return value


def _after(to_act: tuple[Card, ...], other: tuple[Card, ...], led: Card | None, card: Card, trump: Suit,
           params: Params, memo: Memo | None) -> int:
    """Tricks the player to act takes once he has played ``card``."""
    mine = tuple(c for c in to_act if c is not card)
    if led is None:  # he leads: the other answers as best he can for himself
        replies = card_values(other, mine, card, trump, params, memo)
        return len(to_act) - max(replies.values())
    won = play.trick_winner(led, card, trump, params) == "follower"
    if won:
        return 1 + tricks(mine, other, trump, params, memo)
    return len(mine) - tricks(other, mine, trump, params, memo)
