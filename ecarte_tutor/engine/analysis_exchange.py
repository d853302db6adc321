"""Kind ``analyse`` before the play: a decision of the exchange weighed from the player's ``view``.

At his discard the player to act may throw out any set of cards the referee allows (``hand.next_actions``,
so the profile's limits and the stock decide, never a second copy); at a proposal the elder may play or
propose, and the dealer refuse or accept. Each choice is weighed over deals of the cards he has not
seen (the other hand, the stock's order), each played to the end of the hand. What is assumed of what
he cannot know, the same for every choice (docs/api.md, "analyse before the play"):

- the other player exchanges as the tutor does (:mod:`.discarding`: trumps and kings kept, the rest
  thrown out, within the limits): a deal in which the tutor in his place would have thrown out another
  number of cards than he did is left out, so his discards tell what the tutor's would (and one in
  which he could not have announced the king of trumps he announced); his proposing, accepting or
  refusing tells nothing;
- a proposal the viewer makes is answered as the tutor answers (the dealer's jeux de règle, the
  ``advice`` kind's :func:`.advice.advise`), and after an acceptance both discard as the tutor does;
- once this round of the exchange is over nobody proposes again: the hand is played;
- the play: the elder leads, and each player chooses each card by the hidden-card model (:mod:`.hidden`:
  from ``WORLDS`` hands of the other's drawn from the cards he has not seen — never held, drawn or thrown
  out, nor the turn-up — as his own play proves them); the king of trumps scores for whoever holds it when
  play begins (he announces it, so the other knows where it is). ``model="double-dummy"`` plays it with
  every card known instead: the tests' and the bench's baseline.

The points of each outcome come from the scoring (:func:`.scoring.score`) with the facts the referee
records for the choice, so law 49's penalties apply where the referee says they do (the first proposal
only). The deals are a sample drawn with a seed fixed by what the viewer knows: ``exact`` is false and
``holdings`` the number of deals weighed; every choice is weighed on the same deals.
"""
from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import sqrt
from typing import Literal, TypedDict, cast

from ..cards import PACK, Card
from ..errors import QuestionError
from ..fields import SEATS, other
from ..marks import decides
from ..rulebook import Params, RuleBook
from . import doubledummy, exchange_core, hand, hidden
from .advice import advise
from .citing import Citing, Explained, Reasons
from .deal import Deal
from .discarding import DISCARD_RULE, choose_discard
from .illegal import Illegal
from .scoring import HandFacts, score

PHASES = ("proposal", "response", "elder-discard", "dealer-discard")
DECISIONS = {"proposal": "propose-or-play", "response": "accept-or-refuse", "elder-discard": "discard",
             "dealer-discard": "discard"}
CHOICES = {"proposal": ("play", "propose"), "response": ("refuse", "accept")}
VERBS = {"play": "stand", "propose": "propose", "refuse": "refuse", "accept": "accept"}
DEALS = {"discard": 600, "propose-or-play": 1200, "accept-or-refuse": 1200}  # deals weighed per question
WORLDS = hidden.WORLDS  # the worlds each player weighs at each card of the play after the exchange
TRIES = 50  # draws allowed per deal kept, before the other's discards are judged unexplained
Z95 = 1.96

Choice = tuple[Card, ...] | str  # a discard, or a word: play, propose, refuse, accept
Scored = dict[tuple[object, ...], tuple[dict[str, int], tuple[str, ...]]]  # by outcome: points, cites
Discards = dict[tuple[object, ...], list[Card]]  # the tutor's discards, by seat, hand and stock
Figure = Literal["expected_tricks", "p_point", "expected_points"]


class ChoiceFigures(TypedDict):
    """What one choice gives the viewer over the deals weighed."""

    expected_tricks: float
    p_point: float
    p_vole: float
    p_trick: float
    expected_points: float  # his points less the other's, king included


class WrittenChoice(ChoiceFigures, total=False):
    """One choice as the answer writes it: the discard (its cards) or the word, then its figures."""

    discard: list[str]
    choice: str


Written = str | list[str]  # a choice as the answer writes it: a word, or a discard's cards


class ExchangeAnalysisJson(Explained):
    """The ``analyse`` kind's answer as sent at a decision of the exchange (docs/api.md)."""

    to_act: str
    view: str
    decision: str
    cards: list[object]  # always empty: no card is played at this decision
    choices: list[WrittenChoice]
    best: list[Written]
    best_point: list[Written]
    best_score: list[Written]
    close_point: list[Written]
    close_score: list[Written]
    point: bool
    vole: bool
    expected_tricks: float
    p_point: float
    holdings: int
    exact: bool
    margin: float
    model: str


@dataclass(frozen=True)
class Known:
    """What the viewer knows before the play: the hand so far with the unseen cards marked."""

    viewer: str
    deal: Deal
    actions: list[hand.Action]
    hidden: tuple[Card, ...]  # the cards he has not seen, in the pack's order
    stock: tuple[Card | None, ...]  # the stock as dealt: the cards he drew, None where he has not seen

    def deal_with(self, cards: Sequence[Card]) -> Deal:
        """The deal with ``cards`` (a shuffle of the hidden ones) in the places he has not seen."""
        rival = other(self.viewer)
        size = len(getattr(self.deal, rival))
        rest = iter(cards[size:])
        stock = tuple(card if card is not None else next(rest) for card in self.stock)
        hands = {self.viewer: getattr(self.deal, self.viewer), rival: tuple(cards[:size])}
        return Deal(hands["elder"], hands["dealer"], self.deal.turn_up, stock, self.deal.out_of_play)


@dataclass(frozen=True)
class ExchangeAnswer:
    """The ``analyse`` kind's answer at a decision of the exchange (docs/api.md)."""

    to_act: str
    view: str
    decision: str
    choices: tuple[tuple[Choice, ChoiceFigures], ...]
    best: tuple[Choice, ...]  # most tricks on average
    best_point: tuple[Choice, ...]  # the best chance of the point
    best_score: tuple[Choice, ...]  # the most points on average
    close_point: tuple[Choice, ...]  # the choices the sample cannot tell from the best for the point
    close_score: tuple[Choice, ...]  # the same for the points
    holdings: int
    margin: float
    citing: Citing
    explanation: str
    model: str = "hidden"  # how the play after the exchange is chosen

    def as_json(self) -> ExchangeAnalysisJson:
        lead = dict(self.choices)[self.best[0]]
        return {"to_act": self.to_act, "view": self.view, "decision": self.decision,
                "cards": [],  # no card is played at this decision
                "choices": [_entry(choice, figures) for choice, figures in self.choices],
                "best": [_written(c) for c in self.best], "best_point": [_written(c) for c in self.best_point],
                "best_score": [_written(c) for c in self.best_score],
                "close_point": [_written(c) for c in self.close_point],
                "close_score": [_written(c) for c in self.close_score],
                "point": any(f["p_point"] == 1 for _, f in self.choices),
                "vole": any(f["p_vole"] == 1 for _, f in self.choices),
                "expected_tricks": lead["expected_tricks"], "p_point": lead["p_point"],
                "holdings": self.holdings, "exact": False, "margin": self.margin,
                "model": self.model,  # the play after the exchange (docs/api.md)
                **self.citing, "explanation": self.explanation}


def _written(choice: Choice) -> Written:
    return choice if isinstance(choice, str) else [c.notation for c in choice]


def _entry(choice: Choice, figures: ChoiceFigures) -> WrittenChoice:
    # the word or the cards first, as a reader looks for them, then the figures (a cast: mypy cannot
    # see that the unpacked figures complete the choice)
    if isinstance(choice, str):
        return cast(WrittenChoice, {"choice": choice, **figures})
    return cast(WrittenChoice, {"discard": [c.notation for c in choice], **figures})


def analyse_exchange(deal: Deal, actions: list[hand.Action], state: hand.HandState, viewer: str, book: RuleBook,
                     params: Params, seed: int | None = None, model: str = "hidden",
                     deals: int | None = None) -> ExchangeAnswer:
    """Weigh every choice of ``viewer``, who is to act in ``state`` (the hand after ``actions``), the play
    after it by ``model`` over ``deals`` deals (by default as many as the decision and the model call for)."""
    if state.to_act() != viewer:
        raise QuestionError("not-to-act", f"Before the play, 'view' must be the seat to act ({state.to_act()}): "
                                         "the analysis weighs his choices.", "view")
    if state.pending:
        raise QuestionError("not-in-play", "An offer waits for its answer: the exchange analysis weighs a "
                                           "proposal, an answer to one or a discard.", "actions")
    if book.strategy is None:
        raise QuestionError("no-strategy", "This rule book has no jeux de règle (rules/strategy/patterns.yaml), "
                                           "by which the other player's exchange is judged.", "profile")
    known = _known(deal, actions, state, viewer)
    decision = DECISIONS[state.phase]
    choices = _choices(state, viewer, params)
    seed = _seed(known) if seed is None else seed
    kept: Scored = {}
    playing = Playing(model, DEALS[decision] if deals is None else deals, WORLDS if model == "hidden" else 0)
    if exchange_core.usable(actions, seed):  # the same deals and outcomes, compiled: one call per step
        figures, point_close, score_close, worlds = _weigh_in_core(known, state, viewer, choices, seed, book, params,
                                                                   kept, playing)
    else:
        figures, point_close, score_close, worlds = _weigh(known, viewer, choices, seed, book, params, kept, playing)
    best = _highest(choices, figures, "expected_tricks")
    best_point = _highest(choices, figures, "p_point")
    best_score = _highest(choices, figures, "expected_points")
    margin = max(_margin(f["p_point"], worlds) for f in figures.values())
    reasons = _reasons(book, params, state, viewer, {r for _, rules in kept.values() for r in rules})
    return ExchangeAnswer(to_act=viewer, view=viewer, decision=decision,
                          choices=tuple((c, figures[c]) for c in choices), best=tuple(best),
                          best_point=tuple(best_point), best_score=tuple(best_score),
                          close_point=tuple(point_close(best_point[0])),
                          close_score=tuple(score_close(best_score[0])), holdings=worlds,
                          margin=round(margin, 4), citing=reasons.fields(),
                          explanation=explanation_for(state, viewer, decision, figures, best_point, best_score,
                                                      worlds, model),
                          model=model)


Closeness = Callable[[Choice], list[Choice]]  # the choices the sample cannot tell from a given best one


@dataclass(frozen=True)
class Playing:
    """How a decision is weighed: the play's model, the deals and the worlds per card of the play."""

    model: str
    deals: int
    worlds: int


def _weigh(known: Known, viewer: str, choices: list[Choice], seed: int, book: RuleBook, params: Params,
           kept: Scored, playing: Playing) -> tuple[dict[Choice, ChoiceFigures], Closeness, Closeness, int]:
    """Every choice weighed deal by deal in Python: the figures, the closeness to a best choice (for the
    point, for the points), and how many deals were weighed."""
    outcomes = _python_outcomes(known, viewer, choices, seed, book, params, kept, playing)
    worlds = len(outcomes[choices[0]])
    _no_deal(worlds, viewer)
    point = {c: [int(tricks >= params.point_tricks) for tricks, _ in outcomes[c]] for c in choices}
    net = {c: [points for _, points in outcomes[c]] for c in choices}
    return ({choice: _figures(outcomes[choice], params) for choice in choices},
            lambda top: _close(choices, point, top), lambda top: _close(choices, net, top), worlds)


Outcomes = dict[Choice, list[tuple[int, int]]]  # by choice, deal by deal: the viewer's tricks and net points


def _python_outcomes(known: Known, viewer: str, choices: list[Choice], seed: int, book: RuleBook, params: Params,
                     kept: Scored, playing: Playing) -> Outcomes:
    """Every choice played out deal by deal in Python."""
    rng = random.Random(seed)
    outcomes: Outcomes = {choice: [] for choice in choices}  # deal by deal
    worlds, tries = 0, 0
    while worlds < playing.deals and tries < TRIES * playing.deals:
        tries += 1
        replayed = _replay(known, rng, params)
        if replayed is None:
            continue
        world, seen = replayed
        tutor: Discards = {}  # the other's hand is the same whatever the viewer chooses: his discard, once
        for choice in choices:
            outcomes[choice].append(_outcome(world, seen, viewer, choice, book, params, kept, tutor, playing))
        worlds += 1
    return outcomes


def deal_by_deal(deal: Deal, actions: list[hand.Action], state: hand.HandState, viewer: str, book: RuleBook,
                 params: Params, seed: int, deals: int, model: str = "hidden") -> tuple[list[Choice], Outcomes]:
    """Every choice of ``viewer`` and its outcomes deal by deal over ``deals`` deals (the same deals for every
    choice): what a verdict kept as data is worked out from (lessons/exchange_verdicts.py)."""
    if book.strategy is None:
        raise QuestionError("no-strategy", "This rule book has no jeux de règle.", "profile")
    known = _known(deal, actions, state, viewer)
    choices = _choices(state, viewer, params)
    playing = Playing(model, deals, WORLDS if model == "hidden" else 0)
    kept: Scored = {}
    if not exchange_core.usable(actions, seed):
        return choices, _python_outcomes(known, viewer, choices, seed, book, params, kept, playing)

    def points_of(tricks: dict[str, int], flags: exchange_core.Flags, holder: str | None) -> dict[str, int]:
        return _points_for(tricks, flags, holder, book, params, kept)

    weighed = exchange_core.weigh(known.deal, known.hidden, known.stock, known.actions, state, viewer, choices, VERBS,
                                  deals, TRIES * deals, seed, book.strategy, params, points_of, playing.worlds,
                                  lambda flags: _utility(flags, book, params))
    codes = list(memoryview(weighed.codes).cast("H"))
    count = weighed.worlds
    return choices, {choice: [(weighed.tricks[code], weighed.points[code]) for code in codes[i * count:(i + 1) * count]]
                     for i, choice in enumerate(choices)}


def _weigh_in_core(known: Known, state: hand.HandState, viewer: str, choices: list[Choice], seed: int,
                   book: RuleBook, params: Params, kept: Scored,
                   playing: Playing) -> tuple[dict[Choice, ChoiceFigures], Closeness, Closeness, int]:
    """:func:`_weigh` by the compiled core: the same deals (Python's generator, the same seed), the same
    outcomes deal by deal (tests/engine/test_core.py)."""
    core = doubledummy.CORE
    assert core is not None and book.strategy is not None

    def points_of(tricks: dict[str, int], flags: exchange_core.Flags, holder: str | None) -> dict[str, int]:
        return _points_for(tricks, flags, holder, book, params, kept)

    weighed = exchange_core.weigh(known.deal, known.hidden, known.stock, known.actions, state, viewer, choices, VERBS,
                                  playing.deals, TRIES * playing.deals, seed, book.strategy, params, points_of,
                                  playing.worlds, lambda flags: _utility(flags, book, params))
    worlds = weighed.worlds
    _no_deal(worlds, viewer)
    sums = core.summary(weighed.codes, len(choices), weighed.tricks, weighed.points, params.point_tricks,
                        params.hand_size)
    figures: dict[Choice, ChoiceFigures] = {
        choice: {"expected_tricks": round(tricks / worlds, 4), "p_point": round(point / worlds, 4),
                 "p_vole": round(vole / worlds, 4), "p_trick": round(trick / worlds, 4),
                 "expected_points": round(net / worlds, 4)}
        for choice, (tricks, point, vole, trick, net) in zip(choices, sums, strict=True)}
    won_point = [int(t >= params.point_tricks) for t in weighed.tricks]

    def close(values: list[int]) -> Closeness:
        def within(top: Choice) -> list[Choice]:
            paired = core.paired(weighed.codes, len(choices), choices.index(top), values)
            return [choice for choice, (total, squares) in zip(choices, paired, strict=True)
                    if _within_margin(total, squares, worlds)]
        return within

    return figures, close(won_point), close(weighed.points), worlds


def _no_deal(worlds: int, viewer: str) -> None:
    if not worlds:
        raise QuestionError("unexplained-exchange", f"No deal of the cards the {viewer} has not seen explains the "
                                                    f"{other(viewer)}'s discards as the tutor would make them, so "
                                                    "his exchange cannot be weighed.", "actions")


# --- what the viewer knows, and the deals consistent with it ----------------------------------------


def _known(deal: Deal, actions: list[hand.Action], state: hand.HandState, viewer: str) -> Known:
    mine = set(getattr(deal, viewer))
    drawn = {card for card in deal.stock if card in state.hands[viewer]}
    # a card he drew and threw out again at a later exchange he has seen too
    drawn |= {card for action in actions if action["by"] == viewer for card in action.get("cards", [])
              if card in deal.stock}
    seen = mine | drawn | {deal.turn_up} | set(deal.out_of_play)  # out of play: neither his hand nor the stock
    return Known(viewer, deal, actions, tuple(c for c in PACK if c not in seen),
                 tuple(card if card in drawn else None for card in deal.stock))


Seen = dict[str, set[Card]]  # by seat, the cards he has seen: held, drawn or thrown out (the turn-up left out)


def _replay(known: Known, rng: random.Random, params: Params) -> tuple[hand.HandState, Seen] | None:
    """One deal of the unseen cards, replayed to the viewer's decision with the other's discards made
    as the tutor makes them, with what each has seen; None when those do not come to the number of cards
    he threw out, or when an action of his could not have been made with that hand (the king of trumps
    he announced)."""
    cards = list(known.hidden)
    rng.shuffle(cards)
    state = hand.start(known.deal_with(cards))
    rival = other(known.viewer)
    seen = {known.viewer: set(PACK) - set(known.hidden) - {known.deal.turn_up},
            rival: set(state.hands[rival]) | set(known.deal.out_of_play)}  # both know a card out of play is in no hand
    for action in known.actions:
        if action["by"] == rival and action["do"] == "discard":
            made = _tutor_discard(state, rival, params)
            if len(made) != len(action["cards"]):
                return None
            action = {"by": rival, "do": "discard", "cards": made}
        try:
            hand.apply(state, action, params)
        except Illegal:
            return None
        seen[rival] |= set(state.hands[rival])
    return state, seen


def _tutor_discard(state: hand.HandState, seat: str, params: Params, tutor: Discards | None = None) -> list[Card]:
    """The tutor's discard for ``seat``, within the limits the referee offers (kept in ``tutor``)."""
    key = (seat, tuple(state.hands[seat]), len(state.stock))
    found = tutor.get(key) if tutor is not None else None
    if found is None:
        offer = next(a for a in hand.next_actions(state, params) if a["do"] == "discard")
        found = choose_discard(state.hands[seat], state.trump, offer["min"], offer["max"], params)
        if tutor is not None:
            tutor[key] = found
    return list(found)


def _choices(state: hand.HandState, viewer: str, params: Params) -> list[Choice]:
    if state.phase in CHOICES:
        return list(CHOICES[state.phase])
    offer = next(a for a in hand.next_actions(state, params) if a["do"] == "discard")
    cards = params.ranking.sort(state.hands[viewer])
    return [tuple(subset) for size in range(offer["min"], offer["max"] + 1) for subset in combinations(cards, size)]


# --- one deal played out --------------------------------------------------------------------------


def _outcome(world: hand.HandState, seen: Seen, viewer: str, choice: Choice, book: RuleBook, params: Params,
             kept: Scored, tutor: Discards, playing: Playing) -> tuple[int, int]:
    """The viewer's tricks and his points less the other's, after ``choice`` in this deal."""
    state = world.copy()
    seen = {seat: set(cards) for seat, cards in seen.items()}
    if isinstance(choice, str):
        hand.apply(state, {"by": viewer, "do": VERBS[choice]}, params)
    else:
        hand.apply(state, {"by": viewer, "do": "discard", "cards": list(choice)}, params)
        seen[viewer] |= set(state.hands[viewer])
    strategy = book.strategy
    assert strategy is not None  # analyse_exchange refused a book without one
    while state.phase != "play":
        seat = state.to_act()
        assert seat is not None
        if state.phase == "proposal":  # this round of the exchange is over: nobody proposes again
            action: hand.Action = {"by": seat, "do": "stand"}
        elif state.phase == "response":
            action = {"by": seat, "do": advise(state.hands[seat], state.trump, seat, strategy).advice}
        else:
            action = {"by": seat, "do": "discard", "cards": _tutor_discard(state, seat, params, tutor)}
        hand.apply(state, action, params)
        seen[seat] |= set(state.hands[seat])
    if playing.model == "hidden":
        flags = (state.elder_played_without_proposing, state.dealer_refused_first_proposal,
                 state.dealer_refused_later_proposal)
        utility = _utility(flags, book, params)
        elder = hidden.reference_play(state.hands, seen, state.trump_card, state.king_turned, utility, params,
                                      playing.worlds)
    else:
        elder = doubledummy.leader_tricks(state.hands["elder"], state.hands["dealer"], state.trump, params)
    tricks = {"elder": elder, "dealer": params.hand_size - elder}
    king = Card("K", state.trump)
    holder = None if state.king_turned else next((s for s in SEATS if king in state.hands[s]), None)
    points = _points(tricks, state, holder, book, params, kept)
    return tricks[viewer], points[viewer] - points[other(viewer)]


def _points(tricks: dict[str, int], state: hand.HandState, holder: str | None, book: RuleBook, params: Params,
            kept: Scored) -> dict[str, int]:
    """The points of the hand by the scoring, the facts the referee recorded for the choice included."""
    flags = (state.elder_played_without_proposing, state.dealer_refused_first_proposal,
             state.dealer_refused_later_proposal)
    return _points_for(tricks, flags, holder, book, params, kept)


def _points_for(tricks: dict[str, int], flags: tuple[bool, bool, bool], holder: str | None, book: RuleBook,
                params: Params, kept: Scored) -> dict[str, int]:
    """:func:`_points` from the three facts the choice recorded (played without proposing, refused the
    first proposal, refused a later one), kept in ``kept`` with their citations."""
    key = (tricks["elder"], flags[0], flags[1], flags[2], holder)
    found = kept.get(key)
    if found is None:
        known = _scored(book, params)
        found = known.get(key)
        if found is None:  # the facts made only here: most outcomes were scored before (a question asks some 50)
            facts = HandFacts(tricks, flags[0], flags[1], dealer_refused_later_proposal=flags[2],
                              king_announced_by=holder)
            scored = score(facts, None, params, book)
            found = known[key] = (dict(scored["points"]), tuple(scored["cites"]))
        kept[key] = found
    return found[0]


def _utility(flags: exchange_core.Flags, book: RuleBook, params: Params) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What each seat weighs his cards by in the play after this choice (:func:`.exchange_core.utilities`);
    not an outcome of the answer's, so nothing is kept for its citations."""
    return exchange_core.utilities(flags, lambda won, f, holder: _points_for(won, f, holder, book, params, {}),
                                   params)


_SCORED: dict[tuple[int, int], tuple[RuleBook, Params, Scored]] = {}


def _scored(book: RuleBook, params: Params) -> Scored:
    """Every outcome scored so far under this book and these parameters, kept across questions (the same
    params object stands for the same rules: ``RuleBook.params`` gives it again)."""
    found = _SCORED.get((id(book), id(params)))
    if found is None or found[0] is not book or found[1] is not params:
        found = _SCORED[id(book), id(params)] = (book, params, {})  # both kept: their ids stay their own
    return found[2]


def _figures(outcomes: list[tuple[int, int]], params: Params) -> ChoiceFigures:
    """The viewer's tricks and net points on average over the deals, and how often he won the point,
    the vole and at least one trick."""
    count = len(outcomes)

    def share(least: int) -> float:
        return round(sum(tricks >= least for tricks, _ in outcomes) / count, 4)

    return {"expected_tricks": round(sum(t for t, _ in outcomes) / count, 4), "p_point": share(params.point_tricks),
            "p_vole": share(params.hand_size), "p_trick": share(1),
            "expected_points": round(sum(p for _, p in outcomes) / count, 4)}


def _close(choices: Sequence[Choice], values: dict[Choice, list[int]], top: Choice) -> list[Choice]:
    """The choices whose figure the sample cannot tell from the best's: deal by deal (every choice was
    weighed on the same deals) the difference from the best is within its 95 % margin."""
    out = []
    for choice in choices:
        gaps = [b - a for a, b in zip(values[choice], values[top], strict=True)]
        mean = sum(gaps) / len(gaps)
        spread = sum((g - mean) ** 2 for g in gaps) / max(1, len(gaps) - 1)
        if mean <= Z95 * sqrt(spread / len(gaps)):
            out.append(choice)
    return out


def _within_margin(total: int, squares: int, count: int) -> bool:
    """:func:`_close`'s test from the sums of the gaps and of their squares (exact integers)."""
    mean = total / count
    spread = (count * squares - total * total) / (count * max(1, count - 1))
    return mean <= Z95 * sqrt(spread / count)


def _highest(choices: Sequence[Choice], figures: dict[Choice, ChoiceFigures], name: Figure) -> list[Choice]:
    top = max(figures[c][name] for c in choices)
    return [c for c in choices if figures[c][name] == top]


def _margin(share: float, count: int) -> float:
    """Half the Wilson 95 % interval of a share seen in ``count`` deals (:func:`.analysis.wilson`)."""
    spread = Z95 * Z95 / count
    return float(Z95 * sqrt(share * (1 - share) / count + spread / (4 * count)) / (1 + spread))


def _seed(known: Known) -> int:
    """A seed fixed by what the viewer knows, so the same question weighs the same deals."""
    seen = [known.viewer, known.deal.turn_up.notation, *sorted(c.notation for c in getattr(known.deal, known.viewer))]
    seen += [c.notation if c else "-" for c in known.stock]
    seen += [f"{a['by']}:{a['do']}:{len(a.get('cards', []))}" for a in known.actions]
    return zlib.crc32(" ".join(seen).encode())


# --- reasons and words ----------------------------------------------------------------------------


@decides("exchange.propose", "exchange.accept-or-refuse", "exchange.discard-and-draw", "play.trick-winner",
         "scoring.point", "scoring.vole", DISCARD_RULE)
def _reasons(book: RuleBook, params: Params, state: hand.HandState, viewer: str, cites: set[str]) -> Reasons:
    """The rule of the decision (and for a discard its limits), the tutor's exchange assumed of the other,
    then what turns cards into tricks and tricks into points (the scoring's own citations)."""
    reasons = Reasons(book)
    if state.phase in CHOICES:
        reasons.add("exchange.propose" if state.phase == "proposal" else "exchange.accept-or-refuse")
    else:
        reasons.add("exchange.discard-and-draw", params.rule_for(f"{viewer}_min_discard"),
                    params.rule_for(f"{viewer}_max_discard"))
    reasons.add(*(r for r in (DISCARD_RULE,) if r in book.rules))
    reasons.add("play.trick-winner", params.rule_for("rank_order"), params.rule_for("point_tricks"),
                params.rule_for("vole_value"))
    reasons.add(*sorted(cites))
    return reasons


ASSUMED = ("the {rival} exchanges as the tutor does (he keeps trumps and kings and throws out the rest, "
           "so his discards say what he kept); a proposal is answered as the tutor answers it; after this "
           "exchange nobody proposes again; then the elder leads, and the king of trumps scores for whoever "
           "holds it")
PLAY = {"hidden": "in the play each player chooses every card from what he can see (his own cards, those he has "
                  "held and thrown out, the turn-up, the cards played), never from the other's hand",
        "double-dummy": "in the play both sides choose every card as if they saw each other's hand"}


def words_for(choice: Choice) -> str:
    """A choice in a player's words: "throwing out 7♣ 8♦", "playing without proposing"."""
    if isinstance(choice, str):
        return {"play": "playing", "propose": "proposing", "refuse": "refusing", "accept": "accepting"}[choice]
    return "throwing out " + " ".join(c.pretty for c in choice)


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def explanation_for(state: hand.HandState, viewer: str, decision: str, figures: dict[Choice, ChoiceFigures],
                    best_point: Sequence[Choice], best_score: Sequence[Choice], worlds: int, model: str) -> str:
    """The answer's explanation: what is weighed and assumed, the figures of the best choices, the best."""
    doing = {"discard": "discard", "propose-or-play": "propose or play", "accept-or-refuse": "accept or refuse"}
    text = [f"The {viewer} is to {doing[decision]}. Knowing only his own cards and the turn-up (and what he has "
            f"drawn), he weighs a fixed sample of {worlds:,} deals of the cards he has not seen, each played to "
            f"the end. Assumed: {ASSUMED.format(rival=other(viewer))}; {PLAY[model]}."]
    ranked = sorted(figures, key=lambda c: (-figures[c]["p_point"], -figures[c]["expected_tricks"]))
    shown = ranked[:3] if decision == "discard" else ranked
    text.append("; ".join(f"{_upper_first(words_for(c))}: the point in {100 * figures[c]['p_point']:.1f} %, "
                          f"{figures[c]['expected_tricks']:.2f} tricks and {figures[c]['expected_points']:+.2f} "
                          "points on average" for c in shown) + ".")
    text.append(f"Best chance of the point: {' or '.join(words_for(c) for c in best_point)}; most points on "
                f"average: {' or '.join(words_for(c) for c in best_score)}.")
    return " ".join(text)
