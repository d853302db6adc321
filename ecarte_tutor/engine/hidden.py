"""The hidden-card model of the play: each player chooses each card from what he can see.

What a player sees: his own cards, the turn-up, the cards he has held and thrown out, every card played,
what the other's play has proved he cannot hold (the duties' own test, card by card, as
:func:`.holdings.knowledge` reads it: had he held that card, the card he answered with would have been
illegal) and a king of trumps the other announced. Never the other's hand.

At each decision of either side, the player to act draws ``worlds`` hands for the other from the cards he
may hold (every such hand equally likely), weighs each of his legal cards double dummy in each, and plays
the card that scores him most points over them (his points less the other's by his final tricks, from the
scoring: :func:`utilities`); ties go to the lowest card, plain suits before trumps. The worlds come from a
seed made of what he knows (:func:`decision_seed`), so a player who knows the same plays the same card in
every deal: the core looks a decision met before up instead of weighing it again. A decision is weighed
from the viewer's side over ``deals`` deals of the cards he has not seen (and the other's discards, when
he threw some out), each of his cards played on the same deals.

What the model leaves out, said in docs/api.md: what the other's proposing, standing, accepting and
discarding say about his hand (his hand is drawn from every hand his play allows).

The compiled core (``_core.hidden_values``) runs the loop; :func:`reference_values` is the same model
in Python on the rule book's own functions (``play.duty``, ``play.trick_winner``, the Python search),
step for step with the same draws, for the tests to check the core against.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from math import sqrt

from ..cards import Card, Suit
from ..fields import SEATS, other
from ..rulebook import Params, RuleBook
from . import doubledummy, holdings, play
from .hand import HandState
from .scoring import HandFacts, score

MODELS = ("hidden", "double-dummy")
DEALS = 1000  # deals weighed for an ``analyse`` question
WORLDS = 30  # worlds each player weighs at each later decision
MASK64 = (1 << 64) - 1
ALL_CARDS = 0xFFFFFFFF


# --- the draws (as _core_hidden.h makes them) --------------------------------------------------------


class Splitmix:
    """splitmix64: the core's generator, step for step."""

    def __init__(self, seed: int):
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return (self.next() * n) >> 64


def draw_cards(rng: Splitmix, pool: int, count: int) -> int:
    """``count`` bits of ``pool`` at random (a partial Fisher-Yates over its bits, lowest first)."""
    bits = [i for i in range(32) if pool >> i & 1]
    out = 0
    for i in range(min(count, len(bits))):
        j = i + rng.below(len(bits) - i)
        bits[i], bits[j] = bits[j], bits[i]
        out |= 1 << bits[i]
    return out


def draw_world(rng: Splitmix, pool: int, count: int) -> int:
    """``count`` bits of ``pool`` at random from one output of ``rng`` (a fresh one every eight picks): each pick
    takes the high part of the word times the bits left, the low part goes on to the next."""
    bits = [i for i in range(32) if pool >> i & 1]
    out, word = 0, 0
    for i in range(min(count, len(bits))):
        if i % 8 == 0:
            word = rng.next()
        j, word = divmod(word * (len(bits) - i), 1 << 64)
        j += i
        bits[i], bits[j] = bits[j], bits[i]
        out |= 1 << bits[i]
    return out


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


DECISION_SALT = 0x6A09E667F3BCC908


def renumber(in_play: int, cards: int) -> int:
    """``cards`` among ``in_play`` moved up within each suit's byte, the cards outside ``in_play`` gone (the
    search's normalised masks)."""
    out = 0
    for byte in range(4):
        play, place = in_play >> (8 * byte) & 0xFF, 7
        for bit in range(7, -1, -1):
            if play >> bit & 1:
                if cards >> (8 * byte + bit) & 1:
                    out |= 1 << (8 * byte + place)
                place -= 1
    return out


def decision_seed(mine: int, led: int, known: int, pool: int, need: int) -> int:
    """The seed of a decision's worlds: what the player knows (his cards, the card led, the cards he knows the
    other holds, those the other may hold), renumbered, so two decisions alike but for cards out of play draw
    the same worlds."""
    in_play = mine | led | known | pool
    z = _mix(DECISION_SALT ^ (renumber(in_play, mine) << 32 | renumber(in_play, pool)))
    z = _mix(z ^ (renumber(in_play, known) << 32 | renumber(in_play, led)))
    return _mix(z ^ need)


# --- a position as the core takes it -----------------------------------------------------------------


@dataclass(frozen=True)
class Start:
    """A decision of the play from the viewer's side, in the core's raw masks (seat 0 the elder)."""

    viewer: int
    first: int  # the viewer's cards to weigh; 0: the seat to act (the other) chooses by the model
    hands: tuple[int, int]  # the other's is 0: drawn for each deal
    unseen: tuple[int, int]
    barred: tuple[int, int]
    known: tuple[int, int]
    led: int
    leader: int
    tricks: tuple[int, int]
    pool: int  # where the other's hand is drawn from
    need: int
    discards: int  # the other's discards, drawn from the pool too
    seen: int  # what the other has seen besides his own hand and discards (the turn-up, the cards played)
    utility: tuple[tuple[int, ...], tuple[int, ...]]
    duties: int
    trump: Suit
    order: tuple[str, ...]

    def args(self) -> tuple[object, ...]:
        pairs = [self.hands, self.unseen, self.barred, self.known]
        return (self.viewer, self.first, (*[tuple(p) for p in pairs], self.led, self.leader, self.tricks),
                (self.pool, self.need, self.discards, self.seen))


def utilities(state: HandState, book: RuleBook, params: Params) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's points less the other's by his final tricks (0 to the hand's size), by the scoring and
    the facts the hand has recorded (law 49's stake when the elder played without proposing), the king
    of trumps left out: the play cannot change it."""
    out = []
    for seat in SEATS:
        row = []
        for tricks in range(params.hand_size + 1):
            facts = HandFacts({seat: tricks, other(seat): params.hand_size - tricks},
                              state.elder_played_without_proposing, state.dealer_refused_first_proposal,
                              dealer_refused_later_proposal=state.dealer_refused_later_proposal)
            points = score(facts, None, params, book)["points"]
            row.append(points[seat] - points[other(seat)])
        out.append(tuple(row))
    return out[0], out[1]


def start(state: HandState, held: dict[str, set[Card]], viewer: str, book: RuleBook, params: Params) -> Start:
    """What the core needs to weigh the decision of ``state`` (in play) from ``viewer``'s side; ``held``:
    every card each seat has held this hand."""
    raw = doubledummy.raw_bits(state.trump, params.ranking.order)
    rival = other(viewer)
    to_act = state.to_act()
    played = [c for s in SEATS for c in state.played[s]]
    seen_by_all = doubledummy.mask([state.trump_card, *played], raw)
    known = holdings.knowledge(state, viewer, held[viewer], params)
    # what the other knows of the viewer's hand: the same test on the viewer's play, whatever he holds
    theirs = holdings.knowledge(state, rival, set(), params)
    masks = {viewer: (doubledummy.mask(state.hands[viewer], raw),
                      ALL_CARDS & ~(doubledummy.mask(held[viewer], raw) | seen_by_all),
                      doubledummy.mask((c for c, _ in known.ruled_out), raw), doubledummy.mask(known.required, raw)),
             rival: (0, 0, doubledummy.mask((c for c, _ in theirs.ruled_out), raw),
                     doubledummy.mask(theirs.required, raw))}
    led = state.current[0][1] if state.current else None
    hands, unseen, barred, knows = (tuple(masks[s][k] for s in SEATS) for k in range(4))
    first = 0
    if to_act == viewer:
        first = doubledummy.mask(play.duty(state.hands[viewer], led, state.trump, params).legal, raw)
    return Start(viewer=SEATS.index(viewer), first=first, hands=_pair(hands), unseen=_pair(unseen),
                 barred=_pair(barred), known=_pair(knows), led=0 if led is None else raw[led],
                 leader=SEATS.index(state.current[0][0] if state.current else state.leader),
                 tricks=(state.tricks[SEATS[0]], state.tricks[SEATS[1]]),
                 pool=doubledummy.mask(known.candidates, raw), need=known.size - len(known.required),
                 discards=state.discarded[rival], seen=seen_by_all, utility=utilities(state, book, params),
                 duties=doubledummy.Duties.of(params).code, trump=state.trump, order=params.ranking.order)


def _pair(values: tuple[int, ...]) -> tuple[int, int]:
    return values[0], values[1]


# --- weighing ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Weighed:
    """The viewer's final tricks, deal by deal, after each card weighed (None: the other chose)."""

    cards: tuple[Card | None, ...]
    tricks: tuple[tuple[int, ...], ...]  # by card, then deal
    deals: int
    worlds: int

    def outcomes(self, card: Card | None) -> tuple[int, ...]:
        return self.tricks[self.cards.index(card)]


def weigh(begin: Start, params: Params, seed: int, deals: int = DEALS, worlds: int = WORLDS) -> Weighed:
    """The decision of ``begin`` weighed over ``deals`` deals (the compiled core, else the reference)."""
    core = doubledummy.CORE
    if core is None:
        return reference_values(begin, params, seed, deals, worlds)
    codes = core.hidden_values(seed & MASK64, deals, worlds, begin.duties, [list(u) for u in begin.utility],
                               *begin.args())
    cards = _cards(begin)
    count = len(cards)
    return Weighed(cards, tuple(tuple(codes[i::count]) for i in range(count)), deals, worlds)


def _cards(begin: Start) -> tuple[Card | None, ...]:
    if not begin.first:
        return (None,)
    by_bit = {bit: card for card, bit in doubledummy.raw_bits(begin.trump, begin.order).items()}
    return tuple(by_bit[1 << i] for i in range(32) if begin.first >> i & 1)


def other_hands(begin: Start, seed: int, deals: int) -> list[int]:
    """The other's hand in each of the first ``deals`` deals of a weighing with ``seed`` (the outer draws replayed
    once, in order)."""
    outer = Splitmix(seed)
    return [_draw(begin, outer)[0] for _ in range(deals)]


def _draw(begin: Start, outer: Splitmix) -> tuple[int, int]:
    """The next deal's draws: the other's hand, and the cards thrown out that the viewer has not seen."""
    theirs = begin.known[begin.viewer] | draw_cards(outer, begin.pool, begin.need)
    return theirs, draw_cards(outer, begin.pool & ~theirs, begin.discards)


def _skip(begin: Start, outer: Splitmix, deals: int) -> None:
    """``outer`` moved past ``deals`` deals: their draws made, no table set."""
    for _ in range(deals):
        _draw(begin, outer)


# --- the reference: the same model on the rule book's functions ---------------------------------------


@dataclass
class _Table:
    hands: list[list[Card]]
    unseen: list[set[Card]]
    barred: list[set[Card]]
    known: list[set[Card]]
    led: Card | None
    leader: int
    tricks: list[int] = field(default_factory=lambda: [0, 0])

    def copy(self) -> _Table:
        return replace(self, hands=[list(h) for h in self.hands], unseen=[set(s) for s in self.unseen],
                       barred=[set(s) for s in self.barred], known=[set(s) for s in self.known],
                       tricks=list(self.tricks))


def reference_values(begin: Start, params: Params, seed: int, deals: int, worlds: int) -> Weighed:
    """:func:`weigh` in Python: ``play.duty`` for the legal cards and what a card proves,
    ``play.trick_winner`` for the tricks, :func:`.doubledummy.card_values` for each world."""
    rules = _Rules(begin.trump, begin.utility, params, begin.order)
    outer = Splitmix(seed)
    firsts: list[Card | None] = [*rules.cards(begin.first)] or [None]
    out: list[list[int]] = [[] for _ in firsts]
    for _ in range(deals):
        base = _deal_table(begin, rules, outer)
        for index, card in enumerate(firsts):
            table = base.copy()
            _play_out(table, rules, card, worlds, viewer=begin.viewer)
            out[index].append(table.tricks[begin.viewer])
    return Weighed(tuple(firsts), tuple(tuple(o) for o in out), deals, worlds)


@dataclass(frozen=True)
class Trick:
    """A trick of a replay: its leader and winner (0 the elder, 1 the dealer), the cards led and followed."""

    leader: int
    led: Card
    followed: Card
    winner: int

    def card_of(self, seat: int) -> Card:
        return self.led if seat == self.leader else self.followed


@dataclass(frozen=True)
class Replay:
    """One deal of a weighing played out after one card: the other's hand in it, and every trick from the
    one in progress on (``first``: its number in the hand, from 1)."""

    card: Card | None
    theirs: tuple[Card, ...]
    first: int
    tricks: tuple[Trick, ...]
    won: int  # the viewer's tricks at the end of the hand

    def number(self, index: int) -> int:
        return self.first + index


def replay(begin: Start, params: Params, seed: int, deal: int, card: Card | None, worlds: int) -> Replay:
    """Deal ``deal`` of a weighing with ``seed`` played out after ``card`` (the viewer's) as :func:`weigh`
    plays it, trick by trick: the same draws, the rule book's own functions (the search compiled when
    built). Its tricks at the end are the weighing's for that deal and card."""
    return Replayer(begin, params, seed, worlds)(deal, card)


class Replayer:
    """:func:`replay` for several deals of one weighing, taken in increasing order: the draws of the deals before
    one are made once for all of them, not again for each (a parting reads two lines of each of dozens of deals)."""

    def __init__(self, begin: Start, params: Params, seed: int, worlds: int):
        self.begin, self.params, self.seed, self.worlds = begin, params, seed, worlds
        self.rules = _Rules(begin.trump, begin.utility, params, begin.order)
        self.outer = Splitmix(seed)
        self.deal, self.table = -1, _Table([], [], [], [], None, 0)  # the last deal's table, as dealt

    def __call__(self, deal: int, card: Card | None) -> Replay:
        if deal < self.deal:
            raise ValueError(f"deal {deal} comes before deal {self.deal}: replay the deals in increasing order")
        if deal > self.deal:
            _skip(self.begin, self.outer, deal - self.deal - 1)
            self.deal, self.table = deal, _deal_table(self.begin, self.rules, self.outer)
        table, viewer = self.table.copy(), self.begin.viewer
        theirs = tuple(self.params.ranking.sort(table.hands[1 - viewer]))
        trace: list[Trick] = []
        _play_out(table, self.rules, card, self.worlds, trace, viewer)
        return Replay(card, theirs, sum(self.begin.tricks) + 1, tuple(trace), table.tricks[viewer])


def reference_play(hands: dict[str, list[Card]], seen: dict[str, set[Card]], turn_up: Card, king_turned: bool,
                   utility: tuple[tuple[int, ...], tuple[int, ...]], params: Params, worlds: int) -> int:
    """The elder's tricks when a hand is played from its first lead by the hidden-card model, each player
    knowing the cards he has ``seen`` (held, drawn and thrown out), the turn-up and a king of trumps the
    other holds (he announces it): the play at the end of an exchange as ``_core.play_out`` plays it, in
    Python."""
    trump = turn_up.suit
    king = Card("K", trump)
    every = set(doubledummy.raw_bits(trump, params.ranking.order))
    table = _Table([list(hands[s]) for s in SEATS], [every - seen[s] - {turn_up} for s in SEATS], [set(), set()],
                   [{king} if not king_turned and king in hands[other(s)] else set() for s in SEATS], None, 0)
    _play_out(table, _Rules(trump, utility, params, params.ranking.order), None, worlds)
    return table.tricks[0]


def _deal_table(begin: Start, rules: _Rules, outer: Splitmix) -> _Table:
    """The next deal of a weighing: the other's hand and discards drawn, the table set."""
    rival = 1 - begin.viewer
    theirs, thrown = _draw(begin, outer)
    hands = [0, 0]
    hands[begin.viewer], hands[rival] = begin.hands[begin.viewer], theirs
    unseen = [0, 0]
    unseen[begin.viewer], unseen[rival] = begin.unseen[begin.viewer], ALL_CARDS & ~(theirs | thrown | begin.seen)
    return _Table([rules.cards(h) for h in hands], [set(rules.cards(u)) for u in unseen],
                  [set(rules.cards(b)) for b in begin.barred], [set(rules.cards(k)) for k in begin.known],
                  rules.by_bit[begin.led] if begin.led else None, begin.leader, list(begin.tricks))


def _play_out(table: _Table, rules: _Rules, card: Card | None, worlds: int, trace: list[Trick] | None = None,
              viewer: int = 0) -> None:
    """The hand to its end from ``table``: ``card`` first (the ``viewer``'s), then each card as the model
    chooses it; each trick finished goes to ``trace``."""
    if card is not None:
        rules.play(table, viewer, card, trace)
    while table.hands[0] or table.hands[1]:
        seat = 1 - table.leader if table.led else table.leader
        rules.play(table, seat, rules.choose(table, seat, worlds), trace)


class _Rules:
    """The reference's moves, on the rule book's functions."""

    def __init__(self, trump: Suit, utility: tuple[tuple[int, ...], tuple[int, ...]], params: Params,
                 order: Sequence[str]):
        self.trump, self.utility, self.params = trump, utility, params
        self.raw = doubledummy.raw_bits(trump, order)
        self.by_bit = {bit: card for card, bit in self.raw.items()}

    def cards(self, bits: int) -> list[Card]:
        return [self.by_bit[1 << i] for i in range(32) if bits >> i & 1]

    def legal(self, hand: Sequence[Card], led: Card | None) -> list[Card]:
        return play.duty(list(hand), led, self.trump, self.params).legal

    def choose(self, table: _Table, seat: int, worlds: int) -> Card:
        legal = sorted(self.legal(table.hands[seat], table.led), key=self.raw.__getitem__)
        if len(legal) == 1:
            return legal[0]
        known = table.known[seat]
        pool = doubledummy.mask(table.unseen[seat] - table.barred[seat] - known, self.raw)
        by_bit = self.by_bit
        need = len(table.hands[1 - seat]) - len(known)
        points = self.utility[seat][table.tricks[seat]:]
        sums = dict.fromkeys(legal, 0)
        rng = Splitmix(decision_seed(doubledummy.mask(table.hands[seat], self.raw),
                                     self.raw[table.led] if table.led else 0, doubledummy.mask(known, self.raw), pool,
                                     need))
        for _ in range(worlds):
            drawn = draw_world(rng, pool, need)
            theirs = [*known, *(by_bit[1 << i] for i in range(32) if drawn >> i & 1)]
            values = doubledummy.card_values(table.hands[seat], theirs, table.led, self.trump, self.params)
            for card in legal:
                sums[card] += points[values[card]]
        top = max(sums.values())
        return next(card for card in legal if sums[card] == top)

    def play(self, table: _Table, seat: int, card: Card, trace: list[Trick] | None = None) -> None:
        watcher = 1 - seat
        table.hands[seat].remove(card)
        table.unseen[watcher].discard(card)
        table.known[watcher].discard(card)
        if table.led is None:
            table.led, table.leader = card, seat
            return
        led = table.led
        for held in table.unseen[watcher] - table.barred[watcher]:  # would his card have been legal with it?
            if card not in self.legal([card, held], led):
                table.barred[watcher].add(held)
        won = play.trick_winner(led, card, self.trump, self.params) == "follower"
        winner = seat if won else table.leader
        if trace is not None:
            trace.append(Trick(table.leader, led, card, winner))
        table.tricks[winner] += 1
        table.leader, table.led = winner, None


# --- figures -------------------------------------------------------------------------------------------


def share(outcomes: Sequence[int], least: int) -> float:
    return sum(t >= least for t in outcomes) / len(outcomes)


def paired(better: Sequence[int], worse: Sequence[int], least: int | None) -> tuple[float, float]:
    """The mean gap between two cards deal by deal (in the point won when ``least`` is the point's
    tricks, else in tricks) and its standard error: the deals are the same for both."""
    def value(t: int) -> int:
        return t if least is None else int(t >= least)

    gaps = [value(a) - value(b) for a, b in zip(better, worse, strict=True)]
    count = len(gaps)
    mean = sum(gaps) / count
    spread = sum((g - mean) ** 2 for g in gaps) / (count - 1) if count > 1 else 0.0
    return mean, sqrt(spread / count)


