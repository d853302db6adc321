"""What one player knows of the other's hand, and the holdings of the unseen cards consistent with it.

The viewer knows every card he has held (dealt or drawn: those he no longer holds he discarded or
played), the turn-up and every card played. The other hand is some choice of the right number of
the remaining cards, the rest lying in the stock or among the other's discards. The play rules
out more: a card is excluded when, had the other held it at a trick he answered, the card he
played there would have been illegal (``play.duty`` decides, so the inference follows the rule
book's duties: not following proves a void, not trumping proves no trump, not heading proves no
higher card of the suit). A king of trumps the other announced and has not played is his.

Holdings are counted as the rules deal them (every consistent choice equally likely) but searched
by *class*: two unseen cards of one suit with none of the viewer's cards between them play alike,
so a holding is known by how many cards it takes from each such gap.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from math import comb, prod
from typing import TYPE_CHECKING

from ..cards import CANONICAL_CARDS, PACK, Card, Suit
from ..fields import other as other_seat
from ..rulebook import Params
from . import play

if TYPE_CHECKING:  # the hand referee imports this module's users
    from .hand import HandState

Holding = tuple[Card, ...]


@dataclass(frozen=True)
class Knowledge:
    """The viewer's picture of the other hand."""

    size: int  # cards in the other hand
    required: tuple[Card, ...]  # cards he is known to hold (an announced king not yet played)
    candidates: tuple[Card, ...]  # the unseen cards he may hold
    ruled_out: tuple[tuple[Card, list[str]], ...]  # unseen cards his play excludes, with the duty's rule ids

    @property
    def holdings(self) -> int:
        """How many holdings are consistent with what the viewer knows."""
        return comb(len(self.candidates), self.size - len(self.required))


def knowledge(state: HandState, viewer: str, held: set[Card], params: Params) -> Knowledge:
    """What ``viewer`` knows of the other hand in ``state`` (a ``hand.HandState`` in play).

    ``held`` is every card the viewer has held this hand (dealt or drawn).
    """
    other = other_seat(viewer)
    played = state.played[other]
    seen = held | {state.trump_card} | set(played) | set(state.out_of_play)  # a card out of play is in no hand
    unseen = [card for card in PACK if card not in seen]
    required: list[Card] = []
    king = Card("K", state.trump)
    if state.king_announced_by == other and king not in played:
        required.append(king)
    ruled_out: dict[Card, list[str]] = {}
    # Walk his answers from the last back: at each he held what he holds now plus every card he
    # has played since, that trick's own card included (and a card he has led to this trick).
    later = [card for seat, card in state.current if seat == other]
    for trick in reversed(state.history):
        answered = trick["leader"] != other
        his = CANONICAL_CARDS[trick["followed" if answered else "led"]]
        later.append(his)
        if not answered:
            continue
        led = CANONICAL_CARDS[trick["led"]]
        for card in unseen:
            if card not in ruled_out and card not in required:
                duty = play.duty(later + [card], led, state.trump, params)
                if his not in duty.legal:
                    ruled_out[card] = duty.rule_ids
    candidates = tuple(c for c in unseen if c not in ruled_out and c not in required)
    return Knowledge(len(state.hands[other]), tuple(required), candidates, tuple(ruled_out.items()))


@dataclass(frozen=True)
class Gaps:
    """The candidates split into runs that play alike: no card of the viewer (nor the card on the
    table) lies inside a run."""

    runs: tuple[tuple[Card, ...], ...]
    required: tuple[Card, ...]
    need: int  # cards still to choose beyond the required ones

    @classmethod
    def of(cls, known: Knowledge, separators: Iterable[Card], params: Params) -> Gaps:
        strength = params.ranking.strength
        mine = set(separators)
        runs: list[tuple[Card, ...]] = []
        for suit in Suit:
            run: list[Card] = []
            cards = [c for c in (*known.candidates, *mine) if c.suit is suit]
            for card in sorted(cards, key=lambda c: -strength[c.rank]):
                if card in mine:
                    if run:
                        runs.append(tuple(run))
                    run = []
                else:
                    run.append(card)
            if run:
                runs.append(tuple(run))
        return cls(tuple(runs), known.required, known.size - len(known.required))

    def class_count(self) -> int:
        """How many classes there are (without listing them): the ways to spread ``need`` over the runs."""
        ways = [1] + [0] * self.need
        for run in self.runs:
            ways = [sum(ways[n - k] for k in range(min(len(run), n) + 1)) for n in range(self.need + 1)]
        return ways[self.need]

    def holding(self, counts: Sequence[int]) -> Holding:
        """The class's representative: the first ``counts[i]`` cards of each run."""
        return self.required + tuple(card for run, count in zip(self.runs, counts, strict=True) for card in run[:count])

    def every_class(self) -> Iterator[tuple[Holding, int]]:
        """Each class with its weight: how many holdings it stands for."""
        for counts in _spreads(tuple(len(run) for run in self.runs), self.need):
            yield self.holding(counts), prod(comb(len(run), k) for run, k in zip(self.runs, counts, strict=True))

    def sample(self, size: int, seed: int) -> Iterator[tuple[Holding, int]]:
        """``size`` holdings drawn uniformly (with a fixed seed), by class: ``(holding, times drawn)``."""
        rng = random.Random(seed)
        where = {card: i for i, run in enumerate(self.runs) for card in run}
        cards = [card for run in self.runs for card in run]
        drawn: Counter[tuple[int, ...]] = Counter()
        for _ in range(size):
            counts = [0] * len(self.runs)
            for card in rng.sample(cards, self.need):
                counts[where[card]] += 1
            drawn[tuple(counts)] += 1
        for spread in sorted(drawn):
            yield self.holding(spread), drawn[spread]


def _spreads(sizes: tuple[int, ...], need: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``need`` cards from runs of these sizes (counts per run)."""
    if not sizes:
        if need == 0:
            yield ()
        return
    room = sum(sizes[1:])
    for count in range(max(0, need - room), min(sizes[0], need) + 1):
        for rest in _spreads(sizes[1:], need - count):
            yield (count,) + rest
