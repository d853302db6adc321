"""Dealing from a seeded shuffle: the same seed gives the same deals, so a game can be replayed and shared.

Each deal of a game shuffles a fresh pack with a generator seeded by the game's seed and the
deal's number (Python's string seeding hashes the text with SHA-512: the same on every machine
and version). The dealer then gives the cards as the rule book says (``deal.five-cards``: two
rounds, three then two), turns up the next card (``deal.turn-up``) and leaves the rest as the
stock, top first (``deal.stock``).
"""
from __future__ import annotations

import random

from ..cards import PACK, Card
from ..engine.deal import Deal
from ..marks import decides
from ..rulebook import Params

MAX_SEED = 2**53 - 1  # a seed travels in JSON: keep it a whole number every JSON reader reads exactly


def shuffled(seed: int, number: int) -> list[Card]:
    """The pack as shuffled for deal ``number`` (0-based) of the game with ``seed``."""
    pack = list(PACK)
    random.Random(f"ecarte-tutor table {seed} deal {number}").shuffle(pack)
    return pack


@decides("deal.five-cards", "deal.turn-up", "deal.stock")
def deal(seed: int, number: int, params: Params) -> Deal:
    """Deal ``number`` of the game: the elder served first in each round, then the turn-up, then the stock."""
    pack = shuffled(seed, number)
    size = params.hand_size
    rounds = (size - size // 2, size // 2)  # three then two (deal.five-cards: either pattern, kept all game)
    hands: dict[str, list[Card]] = {"elder": [], "dealer": []}
    top = 0
    for count in rounds:
        for seat in ("elder", "dealer"):
            hands[seat] += pack[top:top + count]
            top += count
    turn_up = pack[top]
    stock = pack[top + 1:top + 1 + params.stock_size]
    return Deal(tuple(hands["elder"]), tuple(hands["dealer"]), turn_up, tuple(stock))


def deal_question(value: Deal) -> dict[str, str | list[str]]:
    """A deal as the ``hand`` and ``analyse`` kinds read it (the cards out of play, when a ruling set some aside)."""
    question: dict[str, str | list[str]] = {
        "elder": [c.notation for c in value.elder], "dealer": [c.notation for c in value.dealer],
        "turn_up": value.turn_up.notation, "stock": [c.notation for c in value.stock]}
    if value.out_of_play:
        question["out_of_play"] = [c.notation for c in value.out_of_play]
    return question
