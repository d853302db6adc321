"""Double-dummy search: the tricks each side takes from here with every card known and best play.

Only the cards still in the two hands (and a card led to the trick in progress) matter, so a
position is searched in a *normalised* form: a 32-bit mask per hand, one byte per suit (the trump
suit in the top byte), and in each suit the cards still in play renumbered from the suit's top bit
down. A 9 that is the highest spade left is then the same as a king; positions that differ only
by cards already gone share one entry of the transposition table; and two cards of one hand with
no other card in play between them are interchangeable, so only one of them is searched.

The duties of the follower (follow suit, head the trick, trump when void) are the rule book's
``must_*`` parameters; tests check :func:`legal_replies` and the trick winner against
``play.duty`` and ``play.trick_winner`` card for card.

The search is alpha-beta over whole tricks (the leader maximises his tricks over his leads, the
follower minimises over his legal replies), fail-soft, with a table of proven bounds
``(low, high)`` per normalised position and the player to lead. The table outlives a question:
its entries are facts about positions, whoever asks.

The same search runs compiled (``_core``, built from ``_core.c`` by ``pip install``): :func:`card_values`
and :func:`leader_tricks` use it when it is built, and this module's :class:`Solver` otherwise; the
tests check the two card for card, and the benches time one against the other (:func:`use_core`).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType

from ..cards import Card, Suit
from ..marks import decides
from ..rulebook import Params

TRUMPS = 0xFF << 24  # the trump suit's byte
NOT_SUIT_TOP = 0x7F7F7F7F  # every bit but the top one of each suit byte
TABLE_LIMIT = 400_000  # entries kept before the table is emptied (about 60 MB at most)

BITS = [1 << i for i in range(32)]
SUIT_OF = {b: 0xFF << (8 * (i // 8)) for i, b in enumerate(BITS)}  # the suit byte of a card
ABOVE = {b: SUIT_OF[b] & ~((b << 1) - 1) for b in BITS}  # the higher cards of its suit
BELOW = {b: SUIT_OF[b] & (b - 1) for b in BITS}  # the lower cards of its suit
KEEP = {b: ~(BELOW[b] | b) & 0xFFFFFFFF for b in BITS}  # what stays put when the card leaves


def _load_core() -> ModuleType | None:
    try:
        from . import _core  # type: ignore[attr-defined]  # a C extension: no stub
    except ImportError:  # installed where no C compiler was found: the Python search answers alike
        return None
    return _core  # type: ignore[no-any-return]


CORE = _load_core()
_BUILT = CORE


def use_core(on: bool) -> None:
    """Answer with the compiled core (when built) or with the Python search: the benches' baseline."""
    global CORE
    CORE = _BUILT if on else None


def run_heads(cards: int) -> int:
    """One card of each run of touching cards (the highest): the others play the same."""
    return cards & ~(cards & (cards >> 1) & NOT_SUIT_TOP)


def run_head(card: int, cards: int) -> int:
    """The card of ``cards`` that stands for ``card``: the top of its run."""
    while card & NOT_SUIT_TOP and card << 1 & cards:
        card <<= 1
    return card


def drop(cards: int, card: int) -> int:
    """``cards`` once ``card`` has left play: the lower cards of its suit move up one place."""
    return (cards & KEEP[card]) | ((cards & BELOW[card]) << 1)


@decides("play.trick-winner", "pack.trump-suit")
def follower_wins(followed: int, led: int) -> bool:
    if followed & SUIT_OF[led]:
        return followed > led
    return bool(followed & TRUMPS) and not led & TRUMPS


@dataclass(frozen=True)
class Duties:
    """The follower's duties in force (the rule book's ``must_*`` parameters)."""

    follow: bool
    head: bool
    trump: bool

    @classmethod
    @decides("play.follow-suit", "play.head-the-trick", "play.trump-when-void")
    def of(cls, params: Params) -> Duties:
        return cls(bool(params.must_follow_suit), bool(params.must_head_trick), bool(params.must_trump_when_void))

    @property
    def code(self) -> int:
        """The duties as the compiled core reads them: one bit each."""
        return int(self.follow) | int(self.head) << 1 | int(self.trump) << 2


def legal_replies(hand: int, led: int, duties: Duties) -> int:
    """The cards of ``hand`` that may be played to ``led`` (``play.duty`` on masks)."""
    same = hand & SUIT_OF[led]
    if same and duties.follow:
        if duties.head:
            higher = same & ABOVE[led]
            if higher:
                return higher
        return same
    if not same and duties.trump and not led & TRUMPS:
        trumps = hand & TRUMPS
        if trumps:
            return trumps
    return hand


class Solver:
    """Alpha-beta over tricks with a table of bounds, for one set of duties."""

    def __init__(self, duties: Duties):
        self.duties = duties
        self.table: dict[int, tuple[int, int]] = {}

    def lead_values(self, lead: int, other: int) -> dict[int, int]:
        """For each card the leader may lead (one per run), the tricks he then takes (exact)."""
        self._make_room()
        count = lead.bit_count()
        return {card: self._after_lead(lead ^ card, other, card, count, -1, count + 1)
                for card in _high_first(run_heads(lead))}

    def reply_values(self, hand: int, rest: int, led: int) -> dict[int, int]:
        """For each legal reply (one per run) to ``led``, the tricks the follower then takes (exact).

        ``rest`` is the leader's hand without ``led``; the follower holds one card more than it.
        """
        self._make_room()
        left = rest.bit_count()  # tricks after this one
        values = {}
        for card in _high_first(run_heads(legal_replies(hand, led, self.duties))):
            mine, theirs = _after_trick(hand ^ card, rest, led, card)
            if follower_wins(card, led):
                values[card] = 1 + self._search(mine, theirs, -1, left + 1)
            else:
                values[card] = left - self._search(theirs, mine, -1, left + 1)
        return values

    def _make_room(self) -> None:
        """Empty the table once it is large: a bound on memory (its entries are found again fast)."""
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()

    # --- the search ------------------------------------------------------------------------------

    def _search(self, lead: int, other: int, alpha: int, beta: int) -> int:
        """Tricks the leader takes, fail-soft within (alpha, beta)."""
        key = lead << 32 | other
        count = lead.bit_count()
        low, high = self.table.get(key, (0, count))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        if count == 1:
            value = 0 if follower_wins(other, lead) else 1
            self.table[key] = (value, value)
            return value
        alpha, beta = max(alpha, low), min(beta, high)
        best = -1
        leads = run_heads(lead)
        while leads:
            card = 1 << (leads.bit_length() - 1)  # trumps and high cards first: they cut off soonest
            leads ^= card
            value = self._after_lead(lead ^ card, other, card, count, max(alpha, best), beta)
            if value > best:
                best = value
                if best >= beta:
                    break
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best

    def _after_lead(self, rest: int, other: int, led: int, count: int, alpha: int, beta: int) -> int:
        """The leader's tricks (of ``count``) once he has led ``led``: the follower's best reply."""
        worst = count + 1
        replies = run_heads(legal_replies(other, led, self.duties))
        left = count - 1
        while replies:
            card = replies & -replies  # lowest first: the cheapest way to win, or to lose
            replies ^= card
            mine, theirs = _after_trick(rest, other ^ card, led, card)
            ceiling = min(beta, worst)
            if follower_wins(card, led):
                value = left - self._search(theirs, mine, left - ceiling, left - alpha)
            else:
                value = 1 + self._search(mine, theirs, alpha - 1, ceiling - 1)
            if value < worst:
                worst = value
                if worst <= alpha:
                    break
        return worst


def _after_trick(first: int, second: int, led: int, followed: int) -> tuple[int, int]:
    """Both hands renumbered once the trick's two cards have left play (the lower card first, so
    that removing it does not move the other)."""
    low, high = (led, followed) if led < followed else (followed, led)
    return drop(drop(first, low), high), drop(drop(second, low), high)


def _high_first(cards: int) -> Iterator[int]:
    while cards:
        card = 1 << (cards.bit_length() - 1)
        cards ^= card
        yield card


_SOLVERS: dict[Duties, Solver] = {}


def solver_for(params: Params) -> Solver:
    """The solver (and its table) for the duties of ``params``; shared by every question under them."""
    duties = Duties.of(params)
    solver = _SOLVERS.get(duties)
    if solver is None:
        solver = _SOLVERS[duties] = Solver(duties)
    return solver


@decides("pack.rank-order")
def normalise(trump: Suit, params: Params, *groups: Iterable[Card]) -> dict[Card, int]:
    """Each card of ``groups`` (iterables of the cards in play) -> its bit in the normalised form."""
    order = [suit for suit in Suit if suit is not trump] + [trump]
    strength = params.ranking.strength
    by_suit: dict[Suit, list[Card]] = {suit: [] for suit in order}
    for group in groups:
        for card in group:
            by_suit[card.suit].append(card)
    bits: dict[Card, int] = {}
    for byte, suit in enumerate(order):
        top = 8 * byte + 7
        for place, card in enumerate(sorted(by_suit[suit], key=lambda c: -strength[c.rank])):
            bits[card] = 1 << (top - place)
    return bits


@lru_cache(maxsize=64)
def raw_bits(trump: Suit, order: tuple[str, ...]) -> dict[Card, int]:
    """Every card -> its bit in the compiled core's raw form: a byte per suit (the trump suit's on top,
    the others in :func:`normalise`'s order), the strongest rank of ``order`` in the byte's top bit."""
    suits = [suit for suit in Suit if suit is not trump] + [trump]
    return {Card(rank, suit): 1 << (8 * byte + 7 - place)
            for byte, suit in enumerate(suits) for place, rank in enumerate(order)}


def mask(cards: Iterable[Card], bits: dict[Card, int]) -> int:
    total = 0
    for card in cards:
        total |= bits[card]
    return total


def card_values(to_act: Sequence[Card], other: Sequence[Card], led: Card | None, trump: Suit,
                params: Params) -> dict[Card, int]:
    """For each legal card of the player to act, the tricks left that he takes with best play.

    The same question as ``minimax.card_values`` (``led`` is the other's card on the table, or
    None when the player to act leads), answered by the search; keys follow ``to_act``'s order.
    """
    if CORE is not None:
        raw = raw_bits(trump, params.ranking.order)
        found = CORE.card_values(mask(to_act, raw), mask(other, raw), 0 if led is None else raw[led],
                                 Duties.of(params).code)
        return {card: found[raw[card]] for card in to_act if raw[card] in found}
    solver = solver_for(params)
    bits = normalise(trump, params, to_act, other, () if led is None else (led,))
    mine, theirs = mask(to_act, bits), mask(other, bits)
    if led is None:
        legal, values = mine, solver.lead_values(mine, theirs)
    else:
        legal, values = legal_replies(mine, bits[led], solver.duties), solver.reply_values(mine, theirs, bits[led])
    return {card: values[run_head(bits[card], legal)] for card in to_act if bits[card] & legal}


def leader_tricks(leader: Sequence[Card], other: Sequence[Card], trump: Suit, params: Params) -> int:
    """The tricks the leader takes from here with best play on both sides: the best of
    :func:`card_values` for his leads, searched once as a whole (``analyse`` before the play)."""
    if CORE is not None:
        raw = raw_bits(trump, params.ranking.order)
        return int(CORE.leader_tricks(mask(leader, raw), mask(other, raw), Duties.of(params).code))
    solver = solver_for(params)
    solver._make_room()
    bits = normalise(trump, params, leader, other)
    count = len(leader)
    return solver._search(mask(leader, bits), mask(other, bits), -1, count + 1)
