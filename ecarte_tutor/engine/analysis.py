"""Kind ``analyse``: what best play gives from a position of the play (docs/api.md).

The position is the ``hand`` referee's own state after the question's actions. Without ``view``
every card is known and each legal card of the player to act is searched double dummy
(:mod:`.doubledummy`). With ``view`` the other hand is unknown: each consistent holding of it
(:mod:`.holdings`) is searched and the results are averaged, every holding counting once; when the
holdings fall into too many classes to search them all, a sample drawn with a seed fixed by the
position stands in, and the answer gives its 95 % margin.
"""
from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import sqrt
from typing import Literal, NotRequired, TypedDict

from ..cards import Card, Suit
from ..errors import QuestionError
from ..fields import SEATS, other, read_seat, require
from ..jsontypes import Question
from ..marks import decides
from ..rulebook import Params, RuleBook
from . import analysis_exchange, doubledummy, hand, hidden, holdings, play
from .citing import Citing, Explained, Reasons
from .deal import Deal, read_deal
from .illegal import Illegal
from .saying import Saying

FIELDS = ("kind", "profile", "agreements", "lang", "deal", "actions", "view", "model")
EXACT_CLASSES = 3000  # classes of holdings searched one by one; beyond that, a sample
SAMPLE_SIZE = 2000  # holdings drawn when sampling (margin for a share: at most ±2.2 points)
Z95 = 1.96  # the normal quantile of a two-sided 95 % interval
DUTY_PARAMS = ("must_follow_suit", "must_head_trick", "must_trump_when_void")
# A card played, judged by these figures at a deal's review (table.review), in the rule book's words (the strategy
# section's ``says``): from the player's own view, then with both hands known.
CARD_AMONG_BEST = Saying("strategy", "card-among-best", "card", "chance")
CARD_NEARLY_BEST = Saying("strategy", "card-nearly-best", "card", "chance", "best", "best_chance")
CARD_WORSE = Saying("strategy", "card-worse", "card", "chance", "best", "best_chance")
CARD_KNOWN_WORSE = Saying("strategy", "card-known-worse", "card", "tricks", "best", "best_tricks")
CARD_KNOWN_SAME = Saying("strategy", "card-known-same", "card", "tricks")


class Figures(TypedDict):
    """What one card (or, None, the other player's best card) gives over the holdings searched."""

    expected_tricks: float
    p_point: float
    p_vole: float
    p_trick: float  # at least one trick over the hand: the other's vole stopped
    p_point_interval: NotRequired[list[float]]  # when sampled
    margin: NotRequired[float]  # when sampled


@dataclass
class Position:
    """The hand replayed up to the question's last action, in its play phase."""

    state: hand.HandState
    held: dict[str, set[Card]]  # seat -> every card that seat has held this hand (dealt or drawn)
    deal: Deal
    actions: list[hand.Action]

    @property
    def to_act(self) -> str:
        seat = self.state.to_act()
        assert seat is not None  # in play, someone is always to act
        return seat

    @property
    def led(self) -> Card | None:
        return self.state.current[0][1] if self.state.current else None


def read_position(question: Question, params: Params) -> Position:
    """Replay the question's deal and actions with the ``hand`` referee; the play must be under way."""
    position = replay(question, params)
    _in_play(position.state)
    return position


def replay(question: Question, params: Params) -> Position:
    """The question's deal and actions replayed with the ``hand`` referee, whatever the phase."""
    deal = read_deal(require(question, "deal"), params)
    actions = hand.read_actions(question)
    state = hand.start(deal)
    held = {seat: set(state.hands[seat]) for seat in SEATS}
    for index, action in enumerate(actions):
        try:
            hand.apply(state, action, params)
        except Illegal as illegal:
            raise QuestionError("illegal-action", f"actions[{index}] ({action['by']} {action['do']}) is not allowed: "
                                f"{illegal.explanation} Only a legally played position can be analysed; "
                                "the kind 'hand' referees the actions.", f"actions[{index}]") from None
        for seat in SEATS:
            held[seat].update(state.hands[seat])
    return Position(state, held, deal, actions)


def _in_play(state: hand.HandState) -> None:
    if state.phase == "complete":
        raise QuestionError("not-in-play", "The hand is over (every trick played, or ended by a wager): there is "
                                           "nothing left to analyse.", "actions")
    if state.phase != "play":
        raise QuestionError("not-in-play", f"The hand is in its {state.phase} phase: the exchange is not over. "
                                           "Before the play, analyse weighs a proposal, an answer to one or a "
                                           "discard, from the 'view' of the seat to act.", "actions")


class CardTricks(TypedDict):
    """A legal card and the tricks it secures with best play, every card known."""

    card: str
    tricks: int


class DoubleDummyJson(Explained):
    """The ``analyse`` kind's answer as sent, every card known (docs/api.md)."""

    to_act: str
    cards: list[CardTricks]
    best: list[str]
    point: bool
    vole: bool
    tricks_won: dict[str, int]
    line: list[hand.TrickRecord]
    model: str


class CardFigures(Figures):
    """A legal card and what it gives over the holdings the seat cannot tell apart."""

    card: str


class ViewedJson(Explained):
    """The ``analyse`` kind's answer as sent from one seat's ``view`` (docs/api.md)."""

    to_act: str
    view: str
    cards: list[CardFigures]  # the cards of the seat to act, when it is the viewer's
    best: list[str]
    best_point: list[str]
    point: bool
    vole: bool
    expected_tricks: float
    p_point: float  # of the seat to act
    holdings: int
    exact: bool
    margin: float
    tricks_won: dict[str, int]
    ruled_out: list[str]
    model: str  # "hidden" or "double-dummy": how the cards after this one are chosen


@dataclass(frozen=True)
class DoubleDummyAnswer:
    """The ``analyse`` kind's answer with every card known: the tricks each legal card of the seat to act
    secures with best play, the best cards, whether they win the point or the vole, a best line, and why."""

    to_act: str
    cards: tuple[tuple[Card, int], ...]  # each legal card, in the usual order, with the tricks it secures
    best: tuple[Card, ...]
    point: bool
    vole: bool
    tricks_won: dict[str, int]
    line: list[hand.TrickRecord]
    citing: Citing
    explanation: str

    def as_json(self) -> DoubleDummyJson:
        """The answer as docs/api.md gives it."""
        return {"to_act": self.to_act,
                "cards": [{"card": card.notation, "tricks": tricks} for card, tricks in self.cards],
                "best": [card.notation for card in self.best], "point": self.point, "vole": self.vole,
                "tricks_won": dict(self.tricks_won), "line": self.line, "model": "double-dummy", **self.citing,
                "explanation": self.explanation}


@dataclass(frozen=True)
class ViewedAnswer:
    """The ``analyse`` kind's answer from one player's ``view``: what each legal card of the seat to act gives
    over the holdings the viewer cannot tell apart (or, the other to act, what his best card gives), the
    cards best for tricks and for the point, how many holdings were searched, what the play ruled out, and why."""

    to_act: str
    view: str
    cards: tuple[tuple[Card, Figures], ...]
    best: tuple[Card, ...]
    best_point: tuple[Card, ...]
    point: bool
    vole: bool
    expected_tricks: float
    p_point: float
    holdings: int
    exact: bool
    margin: float
    tricks_won: dict[str, int]
    ruled_out: tuple[Card, ...]
    citing: Citing
    explanation: str
    model: str = "double-dummy"

    def as_json(self) -> ViewedJson:
        """The answer as docs/api.md gives it."""
        return {"to_act": self.to_act, "view": self.view,
                "cards": [{"card": card.notation, **figures} for card, figures in self.cards],
                "best": [card.notation for card in self.best],
                "best_point": [card.notation for card in self.best_point],
                "point": self.point, "vole": self.vole, "expected_tricks": self.expected_tricks,
                "p_point": self.p_point, "holdings": self.holdings, "exact": self.exact, "margin": self.margin,
                "tricks_won": dict(self.tricks_won), "ruled_out": [card.notation for card in self.ruled_out],
                "model": self.model, **self.citing, "explanation": self.explanation}


def answer_analyse(question: Question, book: RuleBook, params: Params) \
        -> DoubleDummyAnswer | ViewedAnswer | analysis_exchange.ExchangeAnswer:
    """Kind ``analyse``: the tricks each legal card of the player to act leads to, with best play."""
    unknown = [name for name in question if name not in FIELDS]
    if unknown:
        raise QuestionError("unknown-field", f"'{unknown[0]}' is not a field of an analyse question "
                                             f"(fields: {', '.join(FIELDS)}).", str(unknown[0]))
    view = question.get("view")
    view = None if view is None else read_seat(view, "view")
    model = _read_model(question.get("model"), view)
    position = replay(question, params)
    if view is not None and position.state.phase in analysis_exchange.PHASES:
        return analysis_exchange.analyse_exchange(position.deal, position.actions, position.state, view, book,
                                                  params, model=model)
    _in_play(position.state)
    if view is None:
        return _double_dummy(position, book, params)
    if model == "hidden":
        return _hidden(position, view, book, params)
    return _viewed(position, view, book, params)


def _read_model(value: object, view: str | None) -> str:
    """The model the figures come from: the hidden-card one by default for a view, double dummy when every
    card is known (docs/api.md)."""
    if value is None:
        return "hidden" if view is not None else "double-dummy"
    if value not in hidden.MODELS:
        raise QuestionError("bad-field", f"'model' is one of {', '.join(hidden.MODELS)}, not {value!r}.", "model")
    if value == "hidden" and view is None:
        raise QuestionError("bad-field", "model 'hidden' weighs a decision from one player's side: give 'view' "
                                         "(without it every card is known, and the answer is double dummy).",
                            "model")
    return str(value)


# --- every card known -----------------------------------------------------------------------------


def _double_dummy(position: Position, book: RuleBook, params: Params) -> DoubleDummyAnswer:
    state, seat = position.state, position.to_act
    values = doubledummy.card_values(state.hands[seat], state.hands[other(seat)], position.led, state.trump,
                                     params)
    won = state.tricks[seat]
    order = params.ranking.sort(values)
    totals = {card: won + values[card] for card in order}
    top = max(totals.values())
    best = [card for card in order if totals[card] == top]
    line, line_rules = principal_line(state, best[0], params)
    reasons = _reasons(book, params, position).add(*line_rules)
    _add_outcome_rules(reasons, params)
    text = [_situation(position),
            "With every card known and both sides at their best, " + _verdicts(seat, totals, params),
            "A best line (led–followed, then the trick's winner): "
            + "; ".join(f"{t['led']}–{t['followed']} {t['winner']}" for t in _pretty(line)) + "."]
    return DoubleDummyAnswer(to_act=seat, cards=tuple((card, totals[card]) for card in order), best=tuple(best),
                             point=top >= params.point_tricks, vole=top >= params.hand_size,
                             tricks_won=dict(state.tricks), line=line, citing=reasons.fields(),
                             explanation=" ".join(text))


def principal_line(state: hand.HandState, first: Card, params: Params) -> tuple[list[hand.TrickRecord], list[str]]:
    """The rest of the hand played double dummy, ``first`` being the next card: its tricks, and the
    rule ids of the duties that bound the follower on the way. Ties go to the first card in the
    usual order (suit, then rank), so the line is the same whoever asks."""
    hands = {seat: list(state.hands[seat]) for seat in SEATS}
    current = list(state.current)
    leader = state.leader
    card: Card | None = first
    line: list[hand.TrickRecord] = []
    rules: list[str] = []
    while hands[leader] or current:
        seat = other(current[0][0]) if current else leader
        led = current[0][1] if current else None
        if card is None:
            values = doubledummy.card_values(hands[seat], hands[other(seat)], led, state.trump, params)
            top = max(values.values())
            card = next(c for c in params.ranking.sort(values) if values[c] == top)
        if led is not None:
            duty = play.duty(hands[seat], led, state.trump, params)
            if duty.kind.binds:  # a duty that narrows the follower's choice in a line
                rules += duty.rule_ids
        hands[seat].remove(card)
        current.append((seat, card))
        card = None
        if len(current) == 2:
            (lead_seat, lead_card), (follow_seat, follow_card) = current
            won = play.trick_winner(lead_card, follow_card, state.trump, params) == "follower"
            leader = follow_seat if won else lead_seat
            line.append({"leader": lead_seat, "led": lead_card.notation, "followed": follow_card.notation,
                         "winner": leader})
            current = []
    return line, rules


# --- one player's view ----------------------------------------------------------------------------


def _viewed(position: Position, viewer: str, book: RuleBook, params: Params) -> ViewedAnswer:
    state, seat = position.state, position.to_act
    known = holdings.knowledge(state, viewer, position.held[viewer], params)
    # the card on the table splits the runs too: the other may be the one to answer it
    gaps = holdings.Gaps.of(known, [*state.hands[viewer], *([position.led] if position.led else [])], params)
    exact = gaps.class_count() <= EXACT_CLASSES
    classes = gaps.every_class() if exact else gaps.sample(SAMPLE_SIZE, weighing_seed(position, viewer))
    tally = _Tally(state.tricks[seat], params)
    mine = tuple(state.hands[viewer])
    if doubledummy.CORE is not None:  # the same loop, compiled: one call for every holding
        _core_tally(tally, gaps, None if exact else list(classes), mine, position.led, viewer == seat, state.trump,
                    params)
    else:
        values: Mapping[Card, int] | Mapping[None, int]  # by card of the viewer, or None: the other's best card
        for holding, weight in classes:
            if viewer == seat:
                values = doubledummy.card_values(mine, holding, position.led, state.trump, params)
            else:  # the other acts: he knows his cards, and plays his best card for this holding
                values = {None: max(doubledummy.card_values(holding, mine, position.led, state.trump,
                                                            params).values())}
            tally.add(values, weight)
    # the cards of the player to act, or None for the other's best card
    order: Sequence[Card | None] = ([None] if viewer != seat else
                                    params.ranking.sort(c for c in tally.sums if c is not None))
    figures = {card: tally.figures(card, exact) for card in order}
    best = _highest(order, figures, "expected_tricks")
    best_point = _highest(order, figures, "p_point")  # the point is what scores: it may favour another card
    lead = figures[best[0]]
    # his own duty if the viewer acts (the other's depends on the cards he cannot see), what the
    # other's play proved, then the duties every line searched obeys
    reasons = _reasons(book, params, position) if viewer == seat else Reasons(book)
    reasons.add(*(rule for _, rules in known.ruled_out for rule in rules))
    reasons.add(*(params.rule_for(duty) for duty in DUTY_PARAMS if params[duty]))
    _add_outcome_rules(reasons, params)
    return ViewedAnswer(
        to_act=seat, view=viewer,
        cards=tuple((card, figures[card]) for card in order if card is not None),
        best=tuple(card for card in best if card is not None),
        best_point=tuple(card for card in best_point if card is not None),
        point=any(f["p_point"] == 1 for f in figures.values()),
        vole=any(f["p_vole"] == 1 for f in figures.values()),
        expected_tricks=lead["expected_tricks"], p_point=lead["p_point"],
        holdings=tally.total if exact else SAMPLE_SIZE, exact=exact,
        margin=max(f.get("margin", 0.0) for f in figures.values()),
        tricks_won=dict(state.tricks),
        ruled_out=tuple(params.ranking.sort(c for c, _ in known.ruled_out)),
        citing=reasons.fields(),
        explanation=_view_text(position, viewer, known, exact, figures, best, best_point))


def _hidden(position: Position, viewer: str, book: RuleBook, params: Params) -> ViewedAnswer:
    """The view's figures under the hidden-card model (:mod:`.hidden`): each card of the seat to act (or,
    the other to act, his choice) played on the same deals, every later card chosen from what its player
    sees."""
    state, seat = position.state, position.to_act
    known = holdings.knowledge(state, viewer, position.held[viewer], params)
    weighed = hidden.weigh(hidden.start(state, position.held, viewer, book, params), params,
                           weighing_seed(position, viewer), hidden.DEALS, hidden.WORLDS)
    order: Sequence[Card | None] = (list(weighed.cards) if viewer != seat else
                                    params.ranking.sort(c for c in weighed.cards if c is not None))
    figures = {card: _hidden_figures(weighed.outcomes(card), params) for card in order}
    best = _highest(order, figures, "expected_tricks")
    best_point = _highest(order, figures, "p_point")
    lead = figures[best[0]]
    reasons = _reasons(book, params, position) if viewer == seat else Reasons(book)
    reasons.add(*(rule for _, rules in known.ruled_out for rule in rules))
    reasons.add(*(params.rule_for(duty) for duty in DUTY_PARAMS if params[duty]))
    _add_outcome_rules(reasons, params)
    text = [_situation(position), f"Weighed over {weighed.deals:,} deals of the cards the {viewer} has not seen, "
            f"each played to the end with both players choosing every card from what each can see (his own "
            f"cards, the cards played, what the play has shown), each weighing {weighed.worlds} hands the other "
            "may hold at every decision."]
    if viewer != seat:
        text.append(f"The {seat} then takes {lead['expected_tricks']:.2f} tricks on average and wins the point in "
                    f"{_percent(lead['p_point'])} of the deals.")
    else:
        text.append("On average: " + "; ".join(
            f"{card.pretty} {figures[card]['expected_tricks']:.2f} tricks, the point in "
            f"{_percent(figures[card]['p_point'])}" for card in order if card is not None) + ".")
    return ViewedAnswer(
        to_act=seat, view=viewer, cards=tuple((card, figures[card]) for card in order if card is not None),
        best=tuple(c for c in best if c is not None), best_point=tuple(c for c in best_point if c is not None),
        point=any(f["p_point"] == 1 for f in figures.values()), vole=any(f["p_vole"] == 1 for f in figures.values()),
        expected_tricks=lead["expected_tricks"], p_point=lead["p_point"], holdings=weighed.deals, exact=False,
        margin=max(f.get("margin", 0.0) for f in figures.values()), tricks_won=dict(state.tricks),
        ruled_out=tuple(params.ranking.sort(c for c, _ in known.ruled_out)), citing=reasons.fields(),
        explanation=" ".join(text), model="hidden")


def _hidden_figures(outcomes: Sequence[int], params: Params) -> Figures:
    count = len(outcomes)
    point = hidden.share(outcomes, params.point_tricks)
    low, high = wilson(point, count)
    return {"expected_tricks": round(sum(outcomes) / count, 4), "p_point": round(point, 4),
            "p_vole": round(hidden.share(outcomes, params.hand_size), 4),
            "p_trick": round(hidden.share(outcomes, 1), 4), "p_point_interval": [round(low, 4), round(high, 4)],
            "margin": round((high - low) / 2, 4)}


def _highest(order: Sequence[Card | None], figures: Mapping[Card | None, Figures],
             name: Literal["expected_tricks", "p_point"]) -> list[Card | None]:
    top = max(figures[card][name] for card in order)
    return [card for card in order if figures[card][name] == top]


def _core_tally(tally: _Tally, gaps: holdings.Gaps, drawn: list[tuple[holdings.Holding, int]] | None,
                mine: tuple[Card, ...], led: Card | None, viewer_acts: bool, trump: Suit, params: Params) -> None:
    """:class:`_Tally`'s sums from the compiled core: every class of ``gaps`` (or the ``drawn`` sample)."""
    core = doubledummy.CORE
    assert core is not None
    raw = doubledummy.raw_bits(trump, params.ranking.order)
    cards = {bit: card for card, bit in raw.items()}
    runs = None if drawn is not None else [[raw[card] for card in run] for run in gaps.runs]
    sample = None if drawn is None else [(doubledummy.mask(holding, raw), weight) for holding, weight in drawn]
    total, sums = core.tally(doubledummy.mask(mine, raw), 0 if led is None else raw[led],
                             doubledummy.mask(gaps.required, raw), runs, gaps.need, sample, viewer_acts, tally.won,
                             params.point_tricks, params.hand_size, doubledummy.Duties.of(params).code)
    tally.total = total
    for bit, (tricks, points, voles, any_trick) in sums.items():
        card = cards[bit] if bit else None
        tally.sums[card], tally.points[card], tally.voles[card], tally.any[card] = tricks, points, voles, any_trick


class _Tally:
    """Weighted sums per card of the player to act: tricks, points and voles."""

    def __init__(self, won: int, params: Params):
        self.won, self.params = won, params
        self.total = 0
        self.sums: dict[Card | None, int] = {}
        self.points: dict[Card | None, int] = {}
        self.voles: dict[Card | None, int] = {}
        self.any: dict[Card | None, int] = {}  # at least one trick

    def add(self, values: Mapping[Card, int] | Mapping[None, int], weight: int) -> None:
        self.total += weight
        for card, value in values.items():
            tricks = self.won + value
            self.sums[card] = self.sums.get(card, 0) + weight * tricks
            self.points[card] = self.points.get(card, 0) + weight * (tricks >= self.params.point_tricks)
            self.voles[card] = self.voles.get(card, 0) + weight * (tricks >= self.params.hand_size)
            self.any[card] = self.any.get(card, 0) + weight * (tricks >= 1)

    def figures(self, card: Card | None, exact: bool) -> Figures:
        share = self.points[card] / self.total
        out: Figures = {"expected_tricks": round(self.sums[card] / self.total, 4), "p_point": round(share, 4),
                        "p_vole": round(self.voles[card] / self.total, 4),
                        "p_trick": round(self.any[card] / self.total, 4)}
        if not exact:
            low, high = wilson(share, self.total)
            out["p_point_interval"], out["margin"] = [round(low, 4), round(high, 4)], round((high - low) / 2, 4)
        return out


def wilson(share: float, count: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a share observed in ``count`` draws (sound near 0 and 1)."""
    spread = z * z / count
    centre = (share + spread / 2) / (1 + spread)
    half = z * sqrt(share * (1 - share) / count + spread / (4 * count)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def weighing_seed(position: Position, viewer: str) -> int:
    """A seed fixed by what the viewer knows, so the same question draws the same sample (and the hidden-card
    weighing the same deals: :mod:`.parting` replays them)."""
    state = position.state
    seen = sorted(c.notation for c in position.held[viewer]) + [state.trump_card.notation]
    seen += [c.notation for s in SEATS for c in state.played[s]]
    return zlib.crc32(" ".join([viewer, *seen]).encode())


# --- reasons and words ----------------------------------------------------------------------------


def _reasons(book: RuleBook, params: Params, position: Position) -> Reasons:
    """The duty deciding the player to act's legal cards, first."""
    state, seat = position.state, position.to_act
    return Reasons(book).add(*play.duty(state.hands[seat], position.led, state.trump, params).rule_ids)


@decides("play.trick-winner", "pack.rank-order", "scoring.point", "scoring.vole", "deal.five-cards")
def _add_outcome_rules(reasons: Reasons, params: Params) -> None:
    """What turns cards into tricks and tricks into the point or the vole (``point_tricks`` and
    ``hand_size`` decide ``point`` and ``vole`` throughout this module)."""
    reasons.add("play.trick-winner", params.rule_for("rank_order"), params.rule_for("point_tricks"),
                params.rule_for("vole_value"))


def _situation(position: Position) -> str:
    state, seat = position.state, position.to_act
    doing = f"play to {position.led.pretty}" if position.led else "lead"
    return (f"The {seat} is to {doing}; tricks so far: elder {state.tricks['elder']}, "
            f"dealer {state.tricks['dealer']}.")


def _count(tricks: int) -> str:
    return "no trick" if tricks == 0 else f"{tricks} trick" + ("" if tricks == 1 else "s")


def _verdicts(seat: str, totals: dict[Card, int], params: Params) -> str:
    """'9♥ secures 3 tricks (the point); 7♣ only 2', best first, then what that means for each side."""
    groups: dict[int, list[Card]] = {}
    for card, tricks in totals.items():
        groups.setdefault(tricks, []).append(card)
    ranked = sorted(groups, reverse=True)
    top = ranked[0]
    if len(ranked) == 1:
        text = f"whatever the {seat} plays ({play.card_list(groups[top])}), he takes {_count(top)}"
    else:
        many = len(groups[top]) > 1
        text = (f"{play.card_list(groups[top])} {'each secure' if many else 'secures'} {_count(top)}"
                + "".join(f"; {play.card_list(groups[t])} only {t}" for t in ranked[1:]))
    rival, rest = other(seat), params.hand_size - top
    if top >= params.hand_size:
        return text + f". The {seat} can force the vole."
    if top >= params.point_tricks:
        return text + f". The {seat} can force the point."
    if rest >= params.hand_size:
        return text + f". The {rival} wins the vole whatever the {seat} does."
    if rest >= params.point_tricks:
        return text + f". The {seat} must lose the point: the {rival} can hold him to {_count(top)}."
    return text + "."


def _pretty(line: list[hand.TrickRecord]) -> list[hand.TrickRecord]:
    return [{**trick, "led": Card.from_str(trick["led"]).pretty, "followed": Card.from_str(trick["followed"]).pretty}
            for trick in line]


def _view_text(position: Position, viewer: str, known: holdings.Knowledge, exact: bool,
               figures: Mapping[Card | None, Figures], best: Sequence[Card | None],
               best_point: Sequence[Card | None]) -> str:
    seat, hidden = position.to_act, other(viewer)
    text = [_situation(position)]
    scope = (f"all {known.holdings:,} holdings of the {hidden}'s {known.size} cards" if exact else
             f"a fixed sample of {SAMPLE_SIZE:,} of the {known.holdings:,} holdings of the {hidden}'s "
             f"{known.size} cards")
    text.append(f"Knowing only his own cards, the turn-up and the cards played, the {viewer} weighs {scope} "
                "consistent with them, each searched with best play on both sides.")
    if known.ruled_out:
        text.append(f"The {hidden}'s play rules out " + ", ".join(c.pretty for c, _ in known.ruled_out) + ".")
    if known.required:
        text.append(f"The {hidden} announced {known.required[0].pretty} and still holds it.")
    if viewer != seat:
        figure = figures[None]
        text.append(f"The {seat}, who knows his own cards, then takes {figure['expected_tricks']:.2f} tricks on "
                    f"average and wins the point in {_percent(figure['p_point'])} of them.")
    else:  # the viewer acts: the figures are for his cards (None stands only for the other's best card)
        cards = [card for card in figures if card is not None]
        most, point = [c for c in best if c is not None], [c for c in best_point if c is not None]
        text.append("On average: " + "; ".join(
            f"{card.pretty} {figures[card]['expected_tricks']:.2f} tricks, the point in "
            f"{_percent(figures[card]['p_point'])}" for card in cards) + ".")
        text.append(f"Most tricks: {play.card_list(most)}; best chance of the point: {play.card_list(point)}.")
    if not exact:
        card = best_point[0]
        low, high = figures[card]["p_point_interval"]
        whose = f"with {card.pretty}" if card is not None else f"for the {seat}"
        text.append(f"From the sample, the chance of the point {whose} lies between {_percent(low)} and "
                    f"{_percent(high)} (95 % interval).")
    return " ".join(text)


def _percent(share: float) -> str:
    return f"{100 * share:.1f} %"
