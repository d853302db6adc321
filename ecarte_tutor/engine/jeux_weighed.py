"""The jeux de règle set against computation: each pattern of the list weighed on random hands.

For each pattern of ``rules/strategy/patterns.yaml`` (the elder's jeux de règle and the dealer's rules for
answering a proposal), ``HANDS`` random hands that the pattern decides (the first of the seat's patterns to
fit, as ``advice`` reads the list) are drawn, each with a random turn-up. Each hand's decision is weighed by
:func:`.analysis_exchange.deal_by_deal` over ``DEALS`` deals of the cards its holder has not seen: the
elder plays without proposing or proposes, the dealer refuses or accepts a first proposal; after a
proposal the dealer answers by the list and both discard as the tutor does; the play by the hidden-card
model. A hand is *worth playing as dealt* when playing (refusing) scores more points on average over its
deals than proposing (accepting). A pattern's figure is the share of its hands worth playing, with a 95 %
interval over the hands, and the mean gain in points a hand.

Then ``OFF_LIST`` random hands that no pattern of the seat decides, grouped by their shape (trumps, the
king of trumps, plain court cards): the groups worth playing as often as the list's weakest pattern.

The figures are data (``rules/strategy/computed.yaml``), made by ``ecarte-tutor strategy compute`` and
shown at ``/rules/jeux-de-regle/computed``; ``check`` reads the file for its shape and for its freshness
(:func:`fingerprint`: the patterns, the rules in force and this model's settings), and ``advice`` cites it
where it and the list disagree (:func:`disagreement`).
"""
from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import sqrt
from pathlib import Path
from typing import Any

from ..cards import PACK, Card, Suit
from ..errors import DataError
from ..rulebook import Params, RuleBook
from ..strategy import PATTERNS_FILE, SEAT_ADVICE, Pattern, Strategy
from . import analysis_exchange, doubledummy, exchange_core, hand
from .advice import advise
from .deal import Deal
from .jeux_data import (  # the data's side, kept apart so that advice reads it without this module
    _LOADED,
    DEALS,
    HANDS,
    LEAST_GROUP,
    MODEL,
    OFF_LIST,
    SEED,
    computed_file,
    fingerprint,
    shape,
)

Z95 = 1.96
ACTIONS: dict[str, list[hand.Action]] = {"elder": [], "dealer": [{"by": "elder", "do": "propose"}]}


def wilson(hits: int, count: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share seen ``hits`` times in ``count``."""
    if not count:
        return 0.0, 1.0
    share, spread = hits / count, Z95 * Z95 / count
    middle = (share + spread / 2) / (1 + spread)
    half = Z95 * sqrt(share * (1 - share) / count + spread / (4 * count)) / (1 + spread)
    return max(0.0, middle - half), min(1.0, middle + half)


# --- drawing hands --------------------------------------------------------------------------------------


def _decider(strategy: Strategy, params: Params) -> Callable[[list[Card], Suit, str], Pattern | None]:
    """The pattern that decides a hand for a seat (None: none fits), by the compiled table when the core is
    built (the tests check it against :func:`.advice.advise`), else by ``advise``."""
    core = doubledummy.CORE
    order = params.ranking.order
    table = exchange_core.patterns_table(strategy, order) if core is not None else None
    if core is None or table is None:
        return lambda cards, trump, seat: advise(cards, trump, seat, strategy).pattern
    layouts = {suit: exchange_core.Layout.of(suit, params) for suit in Suit}

    def decide(cards: list[Card], trump: Suit, seat: str) -> Pattern | None:
        layout = layouts[trump]
        _, index = core.advise(doubledummy.mask(cards, layout.raw), exchange_core.SEAT_INDEX[seat], table,
                               layout.king_bit)
        return strategy.patterns[index] if index >= 0 else None
    return decide


def _hands(rng: random.Random, seat: str, wanted: Callable[[Pattern | None], bool], count: int,
           decide: Callable[[list[Card], Suit, str], Pattern | None]) -> Iterator[tuple[Deal, Pattern | None]]:
    """``count`` random deals whose ``seat`` hand the list decides as ``wanted`` says."""
    found = 0
    while found < count:
        cards = rng.sample(PACK, len(PACK))
        mine, turn_up = cards[:5], cards[10]
        pattern = decide(mine, turn_up.suit, seat)
        if not wanted(pattern):
            continue
        found += 1
        other = cards[5:10]
        elder, dealer = (mine, other) if seat == "elder" else (other, mine)
        yield Deal(tuple(elder), tuple(dealer), turn_up, tuple(cards[11:])), pattern


# --- weighing one hand ----------------------------------------------------------------------------------


def gain(deal: Deal, seat: str, book: RuleBook, params: Params, seed: int) -> float:
    """Points a hand gained on average by playing as dealt (refusing) rather than proposing (accepting)."""
    state = hand.start(deal)
    actions = ACTIONS[seat]
    for index, action in enumerate(actions):
        hand.apply(state, hand.read_action(dict(action), index), params)
    choices, outcomes = analysis_exchange.deal_by_deal(deal, list(actions), state, seat, book, params, seed, DEALS,
                                                       MODEL)
    committing, exchanging = SEAT_ADVICE[seat]
    firm = next(c for c in choices if c == committing)
    soft = next(c for c in choices if c == exchanging)
    gaps = [a[1] - b[1] for a, b in zip(outcomes[firm], outcomes[soft], strict=True)]
    return sum(gaps) / len(gaps)


@dataclass
class Tally:
    """Hands weighed: how many, how many worth playing as dealt, and the sum and squares of the gains."""

    hands: int = 0
    worth: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, points: float) -> None:
        self.hands += 1
        self.worth += points > 0
        self.total += points
        self.squares += points * points

    def as_data(self) -> dict[str, Any]:
        low, high = wilson(self.worth, self.hands)
        mean = self.total / self.hands if self.hands else 0.0
        spread = (self.squares - self.hands * mean * mean) / (self.hands - 1) if self.hands > 1 else 0.0
        return {"hands": self.hands, "worth_playing": self.worth,
                "share": round(self.worth / self.hands, 4) if self.hands else 0.0,
                "interval": [round(low, 4), round(high, 4)], "gain": round(mean, 3),
                "gain_error": round(sqrt(max(0.0, spread) / self.hands), 3) if self.hands else 0.0}


def _decided_by(pattern: Pattern) -> Callable[[Pattern | None], bool]:
    return lambda found: found is pattern


def compute(book: RuleBook, progress: Callable[[str], None] | None = None,
            today: datetime.date | None = None) -> dict[str, Any]:
    """Every pattern and the hands off the list weighed: the data ``rules/strategy/computed.yaml`` holds."""
    strategy = book.strategy
    if strategy is None:
        raise DataError(book.root / PATTERNS_FILE, "the rule book has no jeux de règle to weigh")
    params = book.params()
    decide = _decider(strategy, params)
    rng = random.Random(SEED)
    patterns = []
    bars: dict[str, float] = {}
    for pattern in strategy.patterns:
        tally = Tally()
        for index, (deal, _) in enumerate(_hands(rng, pattern.seat, _decided_by(pattern), HANDS, decide)):
            tally.add(gain(deal, pattern.seat, book, params, SEED + index))
        entry = {"seat": pattern.seat, "id": pattern.id, "advice": pattern.advice, **tally.as_data()}
        patterns.append(entry)
        if pattern.advice == SEAT_ADVICE[pattern.seat][0]:
            bars[pattern.seat] = min(bars.get(pattern.seat, 1.0), entry["share"])
        if progress:
            progress(f"{pattern.seat} {pattern.id}: {entry['share']:.0%} of {HANDS} hands worth playing as dealt")
    off_list: dict[str, list[dict[str, Any]]] = {}
    for seat in ("elder", "dealer"):
        groups: dict[str, Tally] = {}
        everything = Tally()
        for index, (deal, _) in enumerate(_hands(rng, seat, lambda found: found is None, OFF_LIST, decide)):
            cards = list(getattr(deal, seat))
            points = gain(deal, seat, book, params, SEED + index)
            groups.setdefault(shape(cards, deal.turn_up.suit), Tally()).add(points)
            everything.add(points)
        rows = [{"group": key, **tally.as_data()} for key, tally in sorted(groups.items())
                if tally.hands >= LEAST_GROUP]
        bar = bars.get(seat, 0.5)
        off_list[seat] = [{"group": "all", **everything.as_data()},
                          *sorted((r for r in rows if r["share"] >= bar), key=lambda r: -r["share"])]
        if progress:
            progress(f"{seat}: {OFF_LIST} hands off the list, {len(off_list[seat]) - 1} groups worth playing as "
                     f"often as the list's weakest ({bar:.0%})")
    return {"fingerprint": fingerprint(book), "model": MODEL, "deals": DEALS, "worlds": analysis_exchange.WORLDS,
            "hands": HANDS, "off_list_hands": OFF_LIST, "seed": SEED, "profile": params.profile,
            "date": (today or datetime.date.today()).isoformat(), "bars": bars, "patterns": patterns,
            "off_list": off_list}


# --- the data kept ----------------------------------------------------------------------------------------


def write(book: RuleBook, data: dict[str, Any]) -> Path:
    import yaml

    path = computed_file(book)
    header = ("# The jeux de règle weighed by the tutor (ecarte_tutor/engine/jeux_weighed.py).\n"
              "# Made by 'ecarte-tutor strategy compute'; 'ecarte-tutor check' checks it is fresh. Do not edit.\n")
    path.write_text(header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    _LOADED.clear()
    return path



