"""An exchange decision weighed by the compiled core (``_core``), one call per step, the loops inside it.

What :mod:`.analysis_exchange` does deal by deal in Python, the core does for every deal at once: it draws
the deals with Python's own generator (the same seed gives the same deals), replays the other's discards
as the tutor makes them, runs each choice to the play and searches the play double dummy. Everything the
rule book decides stays in Python and is handed over as data, worked out once per question:

- the actions before the decision that move cards (:func:`events`): the discard limits and the draws
  the referee gave them;
- the flow after each choice (:func:`program`): the referee itself is run on the real deal, with a
  discard of each possible size at each tutor's turn, so who draws how many and when play begins come
  from ``hand.apply``; the tutor's cards are chosen in the core as :func:`.discarding.choose_discard`
  chooses them (the tests check it card for card);
- the dealer's answer to a proposal: :func:`.advice.advise` on each hand the deals give him, asked once
  per shape of hand (the jeux de règle never name a plain suit);
- the points of each outcome: :func:`.scoring.score`, once per outcome seen.

The hidden-card model (issue 38, item 2) builds on the same parts: :func:`deal_worlds` gives a player's
possible worlds at any decision, and ``_core.card_values`` weighs a card in each.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType

from ..cards import RANKS, Card, Suit
from ..fields import other
from ..rulebook import Params
from ..strategy import Strategy
from . import doubledummy, hand
from .advice import advise
from .deal import Deal

SEAT_INDEX = {"elder": 0, "dealer": 1}
PLAIN_VERBS = {"propose", "stand", "accept", "refuse", "discard", "announce-king"}
Node = tuple[int, ...]
Flags = tuple[bool, bool, bool]  # played without proposing, refused the first proposal, refused a later one


def usable(actions: Sequence[hand.Action], seed: int) -> bool:
    """Whether the core can weigh this decision: the plain exchange (no wager, no conditional acceptance,
    whose lapse moves cards back) and a seed Python's generator takes as one 32-bit word."""
    return (doubledummy.CORE is not None and 0 <= seed < 2 ** 32
            and all(a["do"] in PLAIN_VERBS and "condition" not in a for a in actions))


def _index(bit: int) -> int:
    return bit.bit_length() - 1


@dataclass(frozen=True)
class Layout:
    """The core's raw card bits for this trump and rank order, with what its tutor needs to know."""

    raw: dict[Card, int]
    suit_index: list[int]  # by byte: the Suit enum's index (ties of rank are broken in that order)
    king_bit: int  # the king's bit inside a byte

    @classmethod
    def of(cls, trump: Suit, params: Params) -> Layout:
        order = params.ranking.order
        suits = [suit for suit in Suit if suit is not trump] + [trump]
        return cls(doubledummy.raw_bits(trump, order), [list(Suit).index(s) for s in suits], 7 - order.index("K"))

    def index(self, card: Card) -> int:
        return _index(self.raw[card])


def events(deal: Deal, actions: Sequence[hand.Action], viewer: str, params: Params) -> list[tuple[int, ...]]:
    """The actions before the decision that move cards, as the core replays them in each deal."""
    state = hand.start(deal)
    rival = other(viewer)
    out: list[tuple[int, ...]] = []
    for action in actions:
        if action["do"] == "discard":
            low, high = _limits(state, action["by"], params)
            before = state.discarded[action["by"]]
            hand.apply(state, action, params)
            draws = state.discarded[action["by"]] - before
            out.append((0, draws) if action["by"] == viewer else (1, len(action["cards"]), low, high, draws))
        else:
            hand.apply(state, action, params)
            if action["do"] == "announce-king" and action["by"] == rival:
                out.append((2,))
    return out


def _limits(state: hand.HandState, seat: str, params: Params) -> tuple[int, int]:
    offer = next(a for a in hand.next_actions(state, params) if a["do"] == "discard")
    return offer["min"], offer["max"]


def _copy(state: hand.HandState) -> hand.HandState:
    from .analysis_exchange import _copy as copy  # one copy of the state, the Python path's
    return copy(state)


class Program:
    """The referee's flow after one choice, as the core's nodes (docs in _core_exchange.h)."""

    def __init__(self, layout: Layout, params: Params, leaves: dict[Flags, int]):
        self.layout, self.params, self.leaves = layout, params, leaves
        self.nodes: list[Node] = []

    def start(self, state: hand.HandState, viewer: str, choice: tuple[Card, ...] | str, verb: str) -> list[Node]:
        state = _copy(state)
        if isinstance(choice, str):
            hand.apply(state, {"by": viewer, "do": verb}, self.params)
            self._after(state)  # node 0
            return self.nodes
        self.nodes.append(())  # node 0: his discard; node 1: what follows it
        before = state.discarded[viewer]
        hand.apply(state, {"by": viewer, "do": "discard", "cards": list(choice)}, self.params)
        draws = state.discarded[viewer] - before
        self.nodes[0] = (0, SEAT_INDEX[viewer], draws, 1, *(self.layout.index(c) for c in choice))
        self._after(state)
        return self.nodes

    def _after(self, state: hand.HandState) -> int:
        """The node for ``state`` (the others' turns follow as the tutor takes them), numbered in order."""
        while state.phase == "proposal":  # this round of the exchange is over: nobody proposes again
            hand.apply(state, {"by": "elder", "do": "stand"}, self.params)
        at = len(self.nodes)
        self.nodes.append(())
        if state.phase == "play":
            facts = (state.elder_played_without_proposing, state.dealer_refused_first_proposal,
                     state.dealer_refused_later_proposal)
            self.nodes[at] = (3, self.leaves.setdefault(facts, len(self.leaves)))
        elif state.phase == "response":
            branches = []
            for verb in ("accept", "refuse"):
                step = _copy(state)
                hand.apply(step, {"by": "dealer", "do": verb}, self.params)
                branches.append(self._after(step))
            self.nodes[at] = (2, *branches)
        else:
            seat = state.to_act()
            assert seat is not None
            low, high = _limits(state, seat, self.params)
            nexts, draws = [0] * 6, [0] * 6
            for count in range(low, min(high, len(state.hands[seat])) + 1):
                step = _copy(state)
                before = step.discarded[seat]
                hand.apply(step, {"by": seat, "do": "discard", "cards": step.hands[seat][:count]}, self.params)
                draws[count] = step.discarded[seat] - before
                nexts[count] = self._after(step)
            self.nodes[at] = (1, SEAT_INDEX[seat], low, high, *nexts, *draws)
        return at


_ANSWERS: dict[int, tuple[Strategy, dict[tuple[int, tuple[str, ...]], int]]] = {}  # by strategy: by shape


def named_ranks(strategy: Strategy) -> set[str]:
    """Every rank some pattern names (in any condition): the ranks the jeux de règle tell apart."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str) and value in RANKS:
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    for pattern in strategy.patterns:
        walk(pattern.when)
    return found


def answer_key(core: ModuleType, worlds: bytes, layout: Layout, strategy: Strategy,
               order: tuple[str, ...]) -> memoryview:
    """The dealer's hand in each deal as the jeux de règle see it (``_core.answer_keys``)."""
    named = sum(1 << (7 - order.index(rank)) for rank in named_ranks(strategy))
    return memoryview(core.answer_keys(worlds, 1, named, layout.king_bit)).cast("I")


def hand_of_key(key: int, layout: Layout) -> list[Card]:
    """A hand with the shape ``key`` stands for."""
    cards = {bit: card for card, bit in layout.raw.items()}
    return [cards[1 << b] for b in range(32) if key >> b & 1]


def answers(core: ModuleType, worlds: bytes, trump: Suit, layout: Layout, strategy: Strategy,
            order: tuple[str, ...]) -> bytes:
    """A byte per deal: 1 when the dealer, answering a proposal as the tutor does, would accept."""
    keys = answer_key(core, worlds, layout, strategy, order)
    _, known = _ANSWERS.setdefault(id(strategy), (strategy, {}))  # the strategy kept: its id stays its own
    out = bytearray(len(keys))
    for i, key in enumerate(keys):
        found = known.get((key, order))  # no suit is named: one shape, whatever the trump
        if found is None:
            advice = advise(hand_of_key(key, layout), trump, "dealer", strategy).advice
            found = known[(key, order)] = int(advice == "accept")
        out[i] = found
    return bytes(out)


@dataclass
class Weighed:
    """What the core gives back: per choice, the viewer's tricks and net points deal by deal (as codes)."""

    worlds: int
    codes: bytes
    tricks: list[int]  # by code: the viewer's tricks
    points: list[int]  # by code: the viewer's points less the other's


def weigh(known_deal: Deal, hidden: Sequence[Card], stock: Sequence[Card | None], actions: Sequence[hand.Action],
          state: hand.HandState, viewer: str, choices: Sequence[tuple[Card, ...] | str], verbs: dict[str, str],
          wanted: int, tries: int, seed: int, strategy: Strategy, params: Params,
          points_of: Callable[[dict[str, int], Flags, str | None], dict[str, int]]) -> Weighed:
    """Every choice of ``viewer`` played out over ``wanted`` deals of the ``hidden`` cards."""
    core = doubledummy.CORE
    assert core is not None
    trump = state.trump
    layout = Layout.of(trump, params)
    rival = other(viewer)
    size = len(getattr(known_deal, rival))
    worlds, kept = core.deal_worlds(
        seed, wanted, tries, [layout.index(c) for c in hidden], SEAT_INDEX[rival],
        doubledummy.mask(state.hands[viewer], layout.raw), size,
        [-1 if c is None else layout.index(c) for c in stock], events(known_deal, actions, viewer, params),
        layout.suit_index, layout.king_bit)
    leaves: dict[Flags, int] = {}
    programs = [Program(layout, params, leaves).start(state, viewer, choice,
                                                      verbs[choice] if isinstance(choice, str) else "discard")
                for choice in choices]
    needs_answer = any(node[0] == 2 for program in programs for node in program)
    accepts = (answers(core, worlds, trump, layout, strategy, params.ranking.order) if needs_answer and kept
               else bytes(kept))
    duties = doubledummy.Duties.of(params).code
    codes = core.play_out(worlds, [list(p) for p in programs], accepts, layout.suit_index, layout.king_bit,
                          state.king_turned, duties)
    flags = {leaf: facts for facts, leaf in leaves.items()}
    top = 8 * 3 * max(1, len(leaves))
    tricks, points = [0] * top, [0] * top
    for code in set(memoryview(codes).cast("H")) if kept else ():
        leaf, rest = divmod(code, 24)
        holder_index, elder = divmod(rest, 8)
        holder = (None, "elder", "dealer")[holder_index]
        won = {"elder": elder, "dealer": params.hand_size - elder}
        scored = points_of(won, flags[leaf], holder)
        tricks[code], points[code] = won[viewer], scored[viewer] - scored[rival]
    return Weighed(kept, codes, tricks, points)
