"""An exchange decision weighed by the compiled core (``_core``), one call per step, the loops inside it.

What :mod:`.analysis_exchange` does deal by deal in Python, the core does for every deal at once: it draws
the deals with Python's own generator (the same seed gives the same deals), replays the other's discards
as the tutor makes them, runs each choice to the play and plays it out: by the hidden-card model (each
player choosing each card from his own worlds, :mod:`.hidden`), or double dummy for the tests' and the
bench's baseline. Everything the
rule book decides stays in Python and is handed over as data, worked out once per question:

- the actions before the decision that move cards (:func:`events`): the discard limits and the draws
  the referee gave them;
- the flow after each choice (:func:`program`): the referee itself is run on the real deal, with a
  discard of each possible size at each tutor's turn, so who draws how many and when play begins come
  from ``hand.apply``; the tutor's cards are chosen in the core as :func:`.discarding.choose_discard`
  chooses them (the tests check it card for card);
- the dealer's answer to a proposal: the rule book's patterns (the ``advice`` kind's :func:`.advice.advise`),
  compiled once into a table the core reads (:func:`compile_patterns`; the tests check it against ``advise``);
- the points of each outcome: :func:`.scoring.score`, once per outcome seen.

The hidden-card model (issue 38, item 2) builds on the same parts: :func:`deal_worlds` gives a player's
possible worlds at any decision, and ``_core.card_values`` weighs a card in each.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from types import ModuleType

from ..cards import Card, Suit
from ..fields import other
from ..rulebook import Params
from ..strategy import SEAT_ADVICE, Strategy
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


class Program:
    """The referee's flow after one choice, as the core's nodes (docs in _core_exchange.h). A discard's node 0
    is left without its cards: the flow depends only on how many, so one program serves every discard of a
    size, the cards added by :func:`programs`."""

    def __init__(self, params: Params, leaves: dict[Flags, int]):
        self.params, self.leaves = params, leaves
        self.nodes: list[Node] = []

    def start(self, state: hand.HandState, viewer: str, choice: tuple[Card, ...] | str, verb: str) -> list[Node]:
        state = state.copy()
        if isinstance(choice, str):
            hand.apply(state, {"by": viewer, "do": verb}, self.params)
            self._after(state)  # node 0
            return self.nodes
        self.nodes.append(())  # node 0: his discard; node 1: what follows it
        before = state.discarded[viewer]
        hand.apply(state, {"by": viewer, "do": "discard", "cards": list(choice)}, self.params)
        self.nodes[0] = (0, SEAT_INDEX[viewer], state.discarded[viewer] - before, 1)
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
                step = state.copy()
                hand.apply(step, {"by": "dealer", "do": verb}, self.params)
                branches.append(self._after(step))
            self.nodes[at] = (2, *branches)
        else:
            seat = state.to_act()
            assert seat is not None
            low, high = _limits(state, seat, self.params)
            nexts, draws = [0] * 6, [0] * 6
            for count in range(low, min(high, len(state.hands[seat])) + 1):
                step = state.copy()
                before = step.discarded[seat]
                hand.apply(step, {"by": seat, "do": "discard", "cards": step.hands[seat][:count]}, self.params)
                draws[count] = step.discarded[seat] - before
                nexts[count] = self._after(step)
            self.nodes[at] = (1, SEAT_INDEX[seat], low, high, *nexts, *draws)
        return at


Shape = str | int  # a choice as its flow sees it: the word, or how many cards are thrown out
_FLOWS: dict[int, tuple[Params, dict[tuple[object, ...], tuple[list[list[Node]], dict[Flags, int]]]]] = {}


def flow_key(value: object) -> object:
    """What the referee's flow reads of a state (its phase, counts and facts): every card left out, its place
    kept, and whether the turn-up is a king."""
    if isinstance(value, hand.HandState):
        return value.king_turned, *(flow_key(getattr(value, f.name)) for f in fields(value))
    if isinstance(value, Card):
        return None
    if isinstance(value, list | tuple):
        return tuple(flow_key(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((key, flow_key(item)) for key, item in value.items()))
    return value


def programs(state: hand.HandState, viewer: str, choices: Sequence[tuple[Card, ...] | str], verbs: dict[str, str],
             layout: Layout, params: Params) -> tuple[list[list[Node]], dict[Flags, int]]:
    """Each choice's program, and the leaves they share (by the facts the referee records). Worked out by the
    referee once per flow (:func:`flow_key`) and parameters, then kept: the same params object stands for the
    same rules (``RuleBook.params`` gives it again)."""
    shapes: list[Shape] = [c if isinstance(c, str) else len(c) for c in choices]
    kept, by_flow = _FLOWS.get(id(params), (None, {}))
    if kept is not params:
        by_flow = {}
        _FLOWS[id(params)] = (params, by_flow)  # the params kept: its id stays its own
    key = (viewer, flow_key(state), tuple(shapes))
    found = by_flow.get(key)
    if found is None:
        leaves: dict[Flags, int] = {}
        made: dict[Shape, list[Node]] = {}
        for shape, choice in zip(shapes, choices, strict=True):
            if shape not in made:
                made[shape] = Program(params, leaves).start(state, viewer, choice,
                                                            verbs[choice] if isinstance(choice, str) else "discard")
        found = by_flow[key] = ([made[shape] for shape in shapes], leaves)
    nodes, leaves = found
    return ([program if isinstance(choice, str) else
             [(*program[0], *(layout.index(c) for c in choice)), *program[1:]]
             for choice, program in zip(choices, nodes, strict=True)], leaves)


MAX_COUNTS, RULE_INTS = 6, 14 + 3 * 6 + 4  # a compiled pattern's row (_core_exchange.h, "the jeux de règle")
_TABLES: dict[tuple[int, tuple[str, ...]], tuple[Strategy, bytes | None]] = {}  # by strategy and rank order


def compile_patterns(strategy: Strategy, order: Sequence[str]) -> bytes | None:
    """The jeux de règle as the table the core evaluates (``_core.advise``), for this rank order; None for
    patterns the table cannot hold (more counts than it has room for), which Python then answers."""

    def bits(ranks: Sequence[str]) -> int:
        return sum(1 << (7 - order.index(rank)) for rank in ranks)

    rows = [[len(strategy.patterns), *(SEAT_ADVICE[seat].index(strategy.defaults[seat]["advice"])
                                       for seat in ("elder", "dealer"))]]
    for pattern in strategy.patterns:
        when = pattern.when
        counts, guarded = when.get("count", []), when.get("guarded", [])
        if len(counts) > MAX_COUNTS:
            return None
        trumps, suit = when.get("trumps", {}), when.get("suit")
        row = [SEAT_INDEX[pattern.seat], SEAT_ADVICE[pattern.seat].index(pattern.advice), int(pattern.king_exception),
               trumps.get("min", 0), trumps.get("max", 8), int(when["trump_king"]) if "trump_king" in when else -1]
        if suit is None:
            row += [0, 0, 8, -1, 0, -1]
        else:
            cards = suit.get("cards", {})
            row += [1, cards.get("min", 0), cards.get("max", 8), bits(suit["any_of"]) if "any_of" in suit else -1,
                    bits(suit.get("all_of", [])), bits(suit["others_in"]) if "others_in" in suit else -1]
        row += [len(counts), len(guarded)]
        for entry in counts:
            row += [bits(entry["ranks"]), entry.get("min", 0), entry.get("max", 8)]
        row += [0] * (14 + 3 * MAX_COUNTS - len(row))
        row += [1 << (7 - order.index(rank)) for rank in guarded[:3]]
        rows.append(row)
    return b"".join(array("i", row + [0] * (RULE_INTS - len(row))).tobytes() for row in rows)


def patterns_table(strategy: Strategy, order: tuple[str, ...]) -> bytes | None:
    """:func:`compile_patterns`, made once per rule book's patterns and rank order."""
    key = (id(strategy), order)
    found = _TABLES.get(key)
    if found is None or found[0] is not strategy:
        found = _TABLES[key] = (strategy, compile_patterns(strategy, order))  # the strategy kept: its id stays
    return found[1]


def answers(core: ModuleType, worlds: bytes, trump: Suit, layout: Layout, strategy: Strategy,
            order: tuple[str, ...]) -> bytes:
    """A byte per deal: 1 when the dealer, answering a proposal as the tutor does (:func:`.advice.advise`), would
    accept; the core reads the patterns compiled, or Python matches them where they would not compile."""
    table = patterns_table(strategy, order)
    if table is not None:
        return bytes(core.advise_worlds(worlds, SEAT_INDEX["dealer"], table, layout.king_bit))
    cards = {bit: card for card, bit in layout.raw.items()}
    return bytes(int(advise([cards[1 << b] for b in range(32) if dealer >> b & 1], trump, "dealer",
                            strategy).advice == "accept")
                 for _, dealer, _ in core.worlds_hands(worlds))


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
          points_of: Callable[[dict[str, int], Flags, str | None], dict[str, int]], worlds: int = 0,
          utility_of: Callable[[Flags], tuple[tuple[int, ...], tuple[int, ...]]] | None = None) -> Weighed:
    """Every choice of ``viewer`` played out over ``wanted`` deals of the ``hidden`` cards: the play by the
    hidden-card model with ``worlds`` per decision (each seat's points by his tricks: ``utility_of``), double
    dummy when 0."""
    core = doubledummy.CORE
    assert core is not None
    trump = state.trump
    layout = Layout.of(trump, params)
    rival = other(viewer)
    size = len(getattr(known_deal, rival))
    deals, kept = core.deal_worlds(
        seed, wanted, tries, [layout.index(c) for c in hidden], SEAT_INDEX[rival],
        doubledummy.mask(state.hands[viewer], layout.raw), size,
        [-1 if c is None else layout.index(c) for c in stock], events(known_deal, actions, viewer, params),
        layout.suit_index, layout.king_bit)
    flows, leaves = programs(state, viewer, choices, verbs, layout, params)
    needs_answer = any(node[0] == 2 for program in flows for node in program)
    accepts = (answers(core, deals, trump, layout, strategy, params.ranking.order) if needs_answer and kept
               else bytes(kept))
    duties = doubledummy.Duties.of(params).code
    flags = {leaf: facts for facts, leaf in leaves.items()}
    playing = None
    if worlds:
        assert utility_of is not None
        playing = (worlds, layout.raw[state.trump_card], [utility_of(flags[leaf]) for leaf in range(len(flags))])
    codes = core.play_out(deals, flows, accepts, layout.suit_index, layout.king_bit,
                          state.king_turned, duties, playing)
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


def utilities(flags: Flags, points_of: Callable[[dict[str, int], Flags, str | None], dict[str, int]],
              params: Params) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The elder's and the dealer's points less the other's by their final tricks, with the facts of a leaf
    (the king left out: the play cannot change who holds it): what each weighs his cards by."""
    rows: dict[str, list[int]] = {"elder": [], "dealer": []}
    for elder in range(params.hand_size + 1):
        scored = points_of({"elder": elder, "dealer": params.hand_size - elder}, flags, None)
        rows["elder"].append(scored["elder"] - scored["dealer"])
    rows["dealer"] = [-rows["elder"][params.hand_size - tricks] for tricks in range(params.hand_size + 1)]
    return tuple(rows["elder"]), tuple(rows["dealer"])
