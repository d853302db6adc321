"""Refereeing a whole hand (kind ``hand``): the deal, the exchange, the king, the tricks, the score.

A :class:`HandState` moves through the phases ``proposal`` → ``response`` →
``elder-discard`` → ``dealer-discard`` → (``proposal`` again) … → ``play`` →
``complete``. :func:`next_actions` lists what may legally come next; an action
outside that list is the hand's first illegal action, explained by its rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NotRequired, TypedDict

from ..cards import Card, Suit, shown
from ..errors import QuestionError, excerpt
from ..fields import SEATS, other, read_card, read_cards, read_seat, read_seat_numbers, require
from ..i18n import current, marked_in, tr, trc, trn
from ..jsontypes import Question
from ..marks import decides
from ..rulebook import Params, RuleBook
from ..wording import phase_word, profile_rules, seat_word
from . import play, scoring, wagers
from .citing import Citing, Explained, Reasons
from .deal import Deal, read_deal
from .exchange import discard_limits, share_stock
from .illegal import Illegal

VERBS = ("propose", "stand", "accept", "refuse", "discard", "announce-king", "card", *wagers.VERBS)
ACTION_WORDS = {
    "propose": marked_in("action", "propose"), "stand": marked_in("action", "stand"),
    "accept": marked_in("action", "accept"), "refuse": marked_in("action", "refuse"),
    "discard": marked_in("action", "discard"), "announce-king": marked_in("action", "announce-king"),
    "card": marked_in("action", "card"), "double": marked_in("action", "double"),
    "offer-point": marked_in("action", "offer-point"), "accept-double": marked_in("action", "accept-double"),
    "decline-double": marked_in("action", "decline-double"), "accept-offer": marked_in("action", "accept-offer"),
    "decline-offer": marked_in("action", "decline-offer")}
"""Each verb as the referee's sentence names an action ("Action 2 (elder discard)"); in English the API's own."""
ENOUGH_CARDS = "enough-cards"  # the one condition a dealer may attach to his acceptance (law 38)
MAX_ACTIONS = 200
# phase -> (the seat that acts, the verbs it may use, the rule that governs the phase)
PHASES = {
    "proposal": ("elder", ("propose", "stand"), "exchange.propose"),
    "response": ("dealer", ("accept", "refuse"), "exchange.accept-or-refuse"),
    "elder-discard": ("elder", ("discard",), "exchange.discard-and-draw"),
    "dealer-discard": ("dealer", ("discard",), "exchange.discard-and-draw"),
    "play": (None, ("card",), "play.lead"),  # in play, the seat follows the trick
}


class Action(TypedDict):
    """One action of the question, read and checked (its cards are cards, not strings)."""

    by: str
    do: str
    cards: NotRequired[list[Card]]  # discard
    card: NotRequired[Card]  # card
    condition: NotRequired[str]  # accept


class WrittenAction(TypedDict):
    """An action as a question writes it (:func:`echo`): cards in canonical notation."""

    by: str
    do: str
    condition: NotRequired[str]
    cards: NotRequired[list[str]]
    card: NotRequired[str]


# An action the hand allows next (``next``, ``legal_alternatives``): seat and verb, and for a
# discard how many cards from which, for a card which one. "from" is a keyword, hence the form.
NextAction = TypedDict("NextAction", {"by": str, "do": str, "min": NotRequired[int], "max": NotRequired[int],
                                      "from": NotRequired[list[str]], "card": NotRequired[str]})


class TrickRecord(TypedDict):
    """A finished trick, as the state shows it (``tricks_played``)."""

    leader: str
    led: str
    followed: str
    winner: str


class FirstIllegal(TypedDict):
    index: int
    action: WrittenAction
    code: str
    cites: list[str]
    laws: list[int]
    explanation: str
    legal_alternatives: list[NextAction]


class TableCard(TypedDict):
    """A card of the trick in progress, and who played it (``current_trick``)."""

    by: str
    card: str


class ShownState(TypedDict):
    """The state as the answer shows it (``state``; :meth:`HandState.to_dict`)."""

    phase: str
    to_act: str | None
    trump: str
    turn_up: str
    hands: dict[str, list[str]]
    stock_size: int
    out_of_play: list[str]  # deal.out_of_play as given: seen by both players, in no hand, never drawn
    proposals: int
    discarded: dict[str, int]
    taken_back: dict[str, int]
    elder_played_without_proposing: bool
    dealer_refused_first_proposal: bool
    dealer_refused_later_proposal: bool
    king_turned: bool
    king_announced_by: str | None
    tricks: dict[str, int]
    tricks_played: list[TrickRecord]
    current_trick: list[TableCard]
    wagers: NotRequired[ShownWagers]  # the hand kind's answer adds the doubling and the offers


class ShownWagers(TypedDict):
    """The doubling and the offers of the point, as the ``hand`` kind's ``state`` shows them."""

    pending: list[str] | None  # [the seat that offered, the verb], while it waits for its answer
    doubled: bool
    offer_declined_by: str | None
    ended: list[str] | None  # [how, the seat that scores]


class HandJson(Explained):
    """The ``hand`` kind's answer as sent (docs/api.md)."""

    legal: bool
    first_illegal: FirstIllegal | None
    state: ShownState
    next: list[NextAction]
    score: NotRequired[scoring.Scored]  # once the hand is over


@dataclass
class HandState:
    """Everything the referee tracks while a hand is played."""

    trump_card: Card
    hands: dict[str, list[Card]]
    stock: list[Card]
    phase: str = "proposal"
    proposals: int = 0
    elder_played_without_proposing: bool = False
    dealer_refused_first_proposal: bool = False
    dealer_refused_later_proposal: bool = False
    king_announced_by: str | None = None
    king_after_first_card: bool = False  # announced once the king itself was played: law 24's exception
    leader: str = "elder"
    current: list[tuple[str, Card]] = field(default_factory=list)  # [(seat, card)] of the trick in progress
    tricks: dict[str, int] = field(default_factory=lambda: {"elder": 0, "dealer": 0})
    history: list[TrickRecord] = field(default_factory=list)  # finished tricks
    played: dict[str, list[Card]] = field(default_factory=lambda: {"elder": [], "dealer": []})
    discarded: dict[str, int] = field(default_factory=lambda: {"elder": 0, "dealer": 0})
    taken_back: dict[str, int] = field(default_factory=lambda: {"elder": 0, "dealer": 0})  # law 38: unreplaced discards
    short_stock: bool = False
    conditional: bool = False  # the dealer accepted this proposal "if there are cards enough" (law 38)
    acceptance_lapsed: bool = False
    # the elder's last exchange: (his discards, the cards he drew), to undo a lapse
    elder_draw: tuple[()] | tuple[list[Card], list[Card]] = ()
    out_of_play: tuple[Card, ...] = ()  # cards a ruling set aside: in no hand and never in the stock (deal.py)
    score: dict[str, int] | None = None  # the game's score as the hand goes, when score_before was given
    winner: str | None = None  # the seat that reached the game target inside the hand
    # doubling and offering the point (agreements; engine/wagers.py)
    pending: tuple[str, str] | None = None  # (offer, seat) waiting for the other player's answer
    double_asked: bool = False
    offer_made: bool = False
    doubled: bool = False
    offer_declined_by: str | None = None
    ended: tuple[str, str] | None = None  # ("double-declined" | "offer-accepted", the seat that scores)

    @property
    def trump(self) -> Suit:
        return self.trump_card.suit

    @property
    def king_turned(self) -> bool:
        return self.trump_card.rank == "K"

    @decides("exchange.propose", "exchange.accept-or-refuse", "exchange.discard-and-draw", "play.lead")
    def to_act(self) -> str | None:
        if self.phase == "play":
            return other(self.current[0][0]) if self.current else self.leader
        return PHASES[self.phase][0] if self.phase in PHASES else None

    def copy(self) -> HandState:
        """A copy whose lists and counts may be changed without touching this state (a play-out replays the
        referee on it: engine.analysis_exchange, engine.exchange_core)."""
        return replace(self, hands={s: list(self.hands[s]) for s in SEATS}, stock=list(self.stock),
                       current=list(self.current), tricks=dict(self.tricks), history=list(self.history),
                       played={s: list(self.played[s]) for s in SEATS}, discarded=dict(self.discarded),
                       taken_back=dict(self.taken_back))

    def to_dict(self) -> ShownState:
        return {
            "phase": self.phase,
            "to_act": self.to_act(),
            "trump": self.trump.letter,
            "turn_up": str(self.trump_card),
            "hands": {seat: [str(c) for c in self.hands[seat]] for seat in SEATS},
            "stock_size": len(self.stock),
            "out_of_play": [str(c) for c in self.out_of_play],
            "proposals": self.proposals,
            "discarded": dict(self.discarded),
            "taken_back": dict(self.taken_back),
            "elder_played_without_proposing": self.elder_played_without_proposing,
            "dealer_refused_first_proposal": self.dealer_refused_first_proposal,
            "dealer_refused_later_proposal": self.dealer_refused_later_proposal,
            "king_turned": self.king_turned,
            "king_announced_by": self.king_announced_by,
            "tricks": dict(self.tricks),
            "tricks_played": self.history,
            "current_trick": [{"by": seat, "card": str(card)} for seat, card in self.current],
        }


def start(deal: Deal, params: Params | None = None, score_before: dict[str, int] | None = None) -> HandState:
    """The hand as dealt; with ``score_before``, a turned-up king that reaches the target ends the game at once."""
    state = HandState(deal.turn_up, {"elder": list(deal.elder), "dealer": list(deal.dealer)}, list(deal.stock),
                      out_of_play=deal.out_of_play)
    if score_before is not None and params is not None:
        state.score = dict(score_before)
        if state.king_turned:
            _claim(state, "dealer", params)
    return state


@decides("scoring.game", "scoring.claim-order")
def _claim(state: HandState, seat: str, params: Params) -> None:
    """A king's point claimed during the hand: the game ends the moment a seat reaches the target."""
    if state.score is None:
        return
    state.score[seat] += params.king_points
    if state.score[seat] >= params.game_target:
        state.winner, state.phase = seat, "game-over"


# --- what may come next ---------------------------------------------------------------------------


def _discard_range(state: HandState, seat: str, params: Params) -> tuple[int, int]:
    """The discards to offer: from the least the stock allows to as many as it can replace."""
    available = len(state.stock)
    low, high = discard_limits(seat, available, params)
    return low, min(high, available)


@decides("variant.king-window", "law.23", "law.24")
def king_window_open(state: HandState, seat: str, params: Params) -> bool:
    """May ``seat`` announce the king of trumps now (laws 23–24, or after the exchange, before the first lead)?"""
    if state.phase in ("complete", "game-over") or state.king_announced_by or state.king_turned:
        return False
    king = Card("K", state.trump)
    if params.king_window == "before-first-lead":
        # the other profiles: once the exchange is over, before the first card is led (king.after-exchange)
        return state.phase == "play" and not state.history and not state.current and king in state.hands[seat]
    # law 23 fixes only the end of the window: any time before its holder plays his first card
    mine = state.played[seat]
    if not mine:
        return king in state.hands[seat]  # law 23: before he plays his first card
    if mine[0] != king or len(mine) > 1:
        return False
    # law 24: the king led first may be announced until it is played to;
    # the king played first by the dealer, until he plays again.
    if seat == "elder" and not state.history:
        return len(state.current) == 1
    return seat == "dealer"


def next_actions(state: HandState, params: Params) -> list[NextAction]:
    """The legal next actions (docs/api.md, ``next``): the announcements open now, then the seat to act's."""
    offers: list[NextAction] = [{"by": seat, "do": verb} for seat, verb in wagers.wager_options(state, params)]
    if state.pending:  # an offer waits for its answer before anything else
        return offers
    kings: list[NextAction] = [{"by": s, "do": "announce-king"} for s in SEATS if king_window_open(state, s, params)]
    return kings + offers + _turn_actions(state, params)


@decides("exchange.propose", "exchange.accept-or-refuse", "exchange.discard-and-draw", "play.lead")
def _turn_actions(state: HandState, params: Params) -> list[NextAction]:
    seat = state.to_act()
    if seat is None:  # the hand is over
        return []
    if state.phase in ("proposal", "response"):
        return [{"by": seat, "do": verb} for verb in PHASES[state.phase][1]]
    if state.phase in ("elder-discard", "dealer-discard"):
        low, high = _discard_range(state, seat, params)
        return [{"by": seat, "do": "discard", "min": low, "max": high,
                 "from": [str(c) for c in state.hands[seat]]}]
    if state.phase == "play":
        led = state.current[0][1] if state.current else None
        legal = play.duty(state.hands[seat], led, state.trump, params).legal
        return [{"by": seat, "do": "card", "card": str(c)} for c in params.ranking.sort(legal)]
    return []


# --- applying one action --------------------------------------------------------------------------


def _enter_play(state: HandState) -> None:
    state.phase, state.leader = "play", "elder"


def _draw(state: HandState, seat: str, discards: list[Card]) -> None:
    if state.king_announced_by == seat and Card("K", state.trump) in discards:
        state.king_announced_by = None  # he no longer holds the king he announced: nothing to mark (law 23)
    for card in discards:
        state.hands[seat].remove(card)
    state.hands[seat].extend(state.stock[:len(discards)])
    del state.stock[:len(discards)]
    state.discarded[seat] += len(discards)


@decides("exchange.propose", "exchange.accept-or-refuse", "exchange.discard-and-draw", "play.lead",
         "play.trick-winner", "law.40", "scoring.game", "scoring.claim-order", "variant.doubling",
         "variant.offering-the-point")
def _check_turn(state: HandState, action: Action) -> None:
    seat, verb = action["by"], action["do"]
    expected = state.to_act()
    if state.phase == "complete":
        raise Illegal("hand-complete", tr("The hand is over: every trick has been played."), ["play.trick-winner"])
    if state.phase == "game-over":
        raise Illegal("game-over", tr("The game is over: the %(seat)s has reached the game's target, so nothing more "
                                      "is played.", seat=seat_word(str(state.winner))),
                      ["scoring.game", "scoring.claim-order"])
    if verb in wagers.VERBS:
        return
    if state.pending:
        answerer = seat_word(other(state.pending[1]))
        raise Illegal("answer-pending", tr("The %(seat)s must first answer the offer to double.", seat=answerer)
                      if state.pending[0] == "double" else
                      tr("The %(seat)s must first answer the offer to give the point.", seat=answerer),
                      [wagers.DOUBLE if state.pending[0] == "double" else wagers.OFFER])
    if verb == "announce-king":
        return
    _, allowed, rule = PHASES[state.phase]
    if verb == "card" and seat == "dealer" and state.phase != "play":
        # the dealer never leads the first trick: a card he leads while the exchange goes on is led out of turn
        raise Illegal("not-now", tr("The exchange is not over, and the first lead is the non-dealer's: a card the "
                                    "dealer leads now is led out of turn, and goes back into his hand as long as "
                                    "nobody has played to it (law 40)."), [rule, "play.lead", "law.40"])
    if verb not in allowed:
        wanted = trc("list", " or ").join(f"'{v}'" for v in allowed)
        raise Illegal("not-now", tr("'%(verb)s' is not possible now: the hand is in its %(phase)s phase and calls "
                                    "for %(wanted)s by the %(seat)s.", verb=verb, phase=phase_word(state.phase),
                                    wanted=wanted, seat=seat_word(str(expected))), [rule])
    if seat != expected:
        laws = ["law.40"] if verb == "card" and not state.current else []  # a lead out of turn
        raise Illegal("out-of-turn", tr("It is the %(expected)s's turn to act, not the %(seat)s's.",
                                        expected=seat_word(str(expected)), seat=seat_word(seat)), [rule, *laws])


def _stock_falls_short(state: HandState, seat: str, count: int, params: Params) -> bool:
    """Can the stock not serve this discard, and (after the elder's) at least the dealer's least?"""
    left = len(state.stock) - count
    return left < 0 or (seat == "elder" and left < params.dealer_min_discard)


@decides("law.38")
def _lapse(state: HandState) -> None:
    """The stock cannot serve the exchange the dealer accepted on condition: no cards change hands on it.

    Our reading of law 38 (rules/laws/discarding.yaml): the proposal counts as not accepted, so an
    elder who has already drawn puts his new cards back on the stock and takes his discards back.
    """
    if state.phase == "dealer-discard" and state.elder_draw:
        discards, drawn = state.elder_draw
        for card in drawn:
            state.hands["elder"].remove(card)
        state.hands["elder"].extend(discards)
        state.stock[:0] = list(drawn)
        state.discarded["elder"] -= len(discards)
    state.acceptance_lapsed = True
    _enter_play(state)


@decides("exchange.discard-and-draw", "exchange.discard-limits", "variant.elder-min-discard",
         "variant.dealer-min-discard", "exchange.short-stock", "exchange.repeat", "variant.single-exchange")
def _apply_discard(state: HandState, action: Action, params: Params) -> None:
    seat = action["by"]
    cards = action["cards"]
    strays = [c for c in cards if c not in state.hands[seat]]
    if strays:
        raise Illegal("card-not-in-hand", tr("%(card)s is not in the %(seat)s's hand.",
                                             card=shown(strays[0], current()), seat=seat_word(seat)),
                      ["exchange.discard-and-draw"])
    low, high = discard_limits(seat, len(state.stock), params)
    count = len(cards)
    if not low <= count <= high:
        raise Illegal("discard-count", trn("Under %(rules)s the %(seat)s discards %(low)d to %(high)d card here, "
                                           "not %(given)d.",
                                           "Under %(rules)s the %(seat)s discards %(low)d to %(high)d cards here, "
                                           "not %(given)d.", high, rules=profile_rules(params.profile),
                                           seat=seat_word(seat), low=low, high=high, given=count),
                      [params.rule_for(f"{seat}_min_discard"), params.rule_for(f"{seat}_max_discard")])
    if state.conditional and _stock_falls_short(state, seat, count, params):
        _lapse(state)  # law 38: an acceptance made on condition of enough cards falls away
        return
    # exchange.short-stock (law 38): a discard larger than the stock is served as far as it goes;
    # the cards listed last are the ones taken back. The dealer's share depends on the profile.
    elder, dealer = (count, None) if seat == "elder" else (0, count)
    share = share_stock(len(state.stock), elder, dealer, params)
    draws = share.draws(seat)
    if seat == "elder":
        state.elder_draw = (cards[:draws], state.stock[:draws])
    _draw(state, seat, cards[:draws])
    state.taken_back[seat] += count - draws
    if share.short:
        state.short_stock = True
    if not state.stock or share.dealer_must_play or (seat == "dealer" and params.single_exchange):
        # the exchange ends by itself (exchange.repeat; law 38 for the dealer; the single-exchange agreement)
        _enter_play(state)
    else:
        state.phase = "dealer-discard" if seat == "elder" else "proposal"


@decides("play.lead", "law.43", "deal.five-cards")
def _apply_card(state: HandState, action: Action, params: Params) -> None:
    seat, card = action["by"], action["card"]
    hand = state.hands[seat]
    if card not in hand:
        raise Illegal("card-not-in-hand", tr("%(card)s is not in the %(seat)s's hand.", card=shown(card, current()),
                                             seat=seat_word(seat)), ["play.lead"])
    led = state.current[0][1] if state.current else None
    duty = play.duty(hand, led, state.trump, params)
    if card not in duty.legal:
        code = ("revoke" if duty.kind.follows_suit and led is not None and card.suit != led.suit
                else "failed-to-win-trick")
        raise Illegal(code, tr("%(card)s may not be played. %(because)s", card=shown(card, current()),
                               because=duty.because), [*duty.rule_ids, play.REVOKE])
    place_card(state, seat, card, params)


def place_card(state: HandState, seat: str, card: Card, params: Params) -> None:
    """Put ``card`` from ``seat``'s hand on the trick, settling the trick when it is complete.

    No duty of play is checked here (:func:`apply` does that first). The practice table calls it
    alone only to stage an irregularity its drills commit on purpose: a revoke nobody has noticed.
    """
    hand = state.hands[seat]
    hand.remove(card)
    state.played[seat].append(card)
    state.current.append((seat, card))
    if len(state.current) == 2:
        (lead_seat, lead_card), (follow_seat, follow_card) = state.current
        who = play.trick_winner(lead_card, follow_card, state.trump, params)
        winner = lead_seat if who == "leader" else follow_seat
        state.tricks[winner] += 1
        state.history.append({"leader": lead_seat, "led": str(lead_card), "followed": str(follow_card),
                              "winner": winner})
        state.current, state.leader = [], winner
        if len(state.history) == params.hand_size:  # one trick per card dealt
            state.phase = "complete"


@decides("king.announce", "king.turned-up", "king.first-card-exception", "law.22", "law.23", "law.24", "law.25",
         "variant.king-window")
def _announce_king(state: HandState, seat: str, params: Params) -> None:
    king = Card("K", state.trump)
    holds = king in state.hands[seat] or (state.played[seat][:1] == [king])
    if state.king_turned:
        raise Illegal("no-king", tr("The king of trumps was turned up: it belongs to the dealer's score and "
                                    "nobody holds it."), ["king.turned-up", "law.22"])
    the_king = shown(king, current())
    if not holds:  # announcing a king one does not hold: law 25's false announcement
        raise Illegal("no-king", tr("The %(seat)s does not hold %(king)s, the king of trumps.", seat=seat_word(seat),
                                    king=the_king), ["king.announce", "law.25"])
    if state.king_announced_by:
        raise Illegal("king-already-announced", tr("%(king)s has already been announced in this hand.",
                                                   king=the_king), ["king.announce"])
    if not king_window_open(state, seat, params):
        rules = ["king.announce", params.rule_for("king_window")]
        if state.phase != "play":
            raise Illegal("king-too-early", tr("The king is announced once the exchange is over, when play begins."),
                          rules)
        if params.king_window == "before-first-lead":
            raise Illegal("king-too-late", tr("Too late to announce %(king)s: under %(rules)s it must be announced "
                                              "before the first card is led.", king=the_king,
                                              rules=profile_rules(params.profile)), rules)
        raise Illegal("king-too-late", tr("Too late to announce %(king)s: it must be announced before its holder "
                                          "plays his first card, or while the king itself is that card.",
                                          king=the_king),
                      rules + ["king.first-card-exception", "law.23", "law.24"])
    state.king_announced_by = seat
    state.king_after_first_card = bool(state.played[seat])  # in time only by law 24
    _claim(state, seat, params)


def apply(state: HandState, action: Action, params: Params) -> None:
    """Carry out one action, or raise :class:`Illegal` leaving the state as it was before it."""
    _check_turn(state, action)
    seat, verb = action["by"], action["do"]
    if verb == "propose":
        state.proposals += 1
        state.phase = "response"
        state.conditional, state.elder_draw = False, ()
    elif verb == "stand":
        state.elder_played_without_proposing = state.proposals == 0
        _enter_play(state)
    elif verb == "accept":
        state.phase = "elder-discard"
        state.conditional = action.get("condition") == ENOUGH_CARDS
    elif verb == "refuse":
        state.dealer_refused_first_proposal = state.proposals == 1
        state.dealer_refused_later_proposal = state.proposals > 1
        _enter_play(state)
    elif verb == "discard":
        _apply_discard(state, action, params)
    elif verb == "announce-king":
        _announce_king(state, seat, params)
    elif verb == "card":
        _apply_card(state, action, params)
    elif verb in wagers.VERBS:
        wagers.apply_wager(state, seat, verb, params)


def score_state(state: HandState, before: dict[str, int] | None, params: Params, book: RuleBook) -> scoring.Scored:
    """The ``score`` of a hand that is over, from what the referee tracked (the ``hand`` kind's ``score``)."""
    facts = scoring.HandFacts(dict(state.tricks), state.elder_played_without_proposing,
                              state.dealer_refused_first_proposal, state.king_turned,
                              dealer_refused_later_proposal=state.dealer_refused_later_proposal,
                              king_announced_by=state.king_announced_by, doubled=state.doubled,
                              offer_declined_by=state.offer_declined_by, ended=state.ended)
    # a game won inside the hand scores the kings claimed so far, and no tricks
    return scoring.score(facts, before, params, book, with_tricks=state.phase == "complete")


# --- reading the question -------------------------------------------------------------------------


def read_action(value: object, index: int) -> Action:
    where = f"actions[{index}]"
    if not isinstance(value, dict):
        raise QuestionError("bad-action", tr("%(field)s must be an object like {\"by\": \"elder\", \"do\": "
                                             "\"propose\"}.", field=where), where)
    seat = read_seat(value.get("by"), f"{where}.by")
    verb = value.get("do")
    if verb not in VERBS:
        raise QuestionError("bad-action", tr("%(field)s.do must be one of %(verbs)s; got %(value)s.", field=where,
                                             verbs=", ".join(VERBS), value=excerpt(verb)), f"{where}.do")
    action: Action = {"by": seat, "do": verb}
    if verb == "discard":
        action["cards"] = read_cards(value.get("cards"), f"{where}.cards")
    if verb == "accept" and value.get("condition") is not None:
        if value["condition"] != ENOUGH_CARDS:
            raise QuestionError("bad-action", tr("%(field)s.condition may only be \"%(condition)s\" (law 38: the "
                                                 "dealer accepts if the stock holds cards enough).", field=where,
                                                 condition=ENOUGH_CARDS), f"{where}.condition")
        action["condition"] = ENOUGH_CARDS
    if verb == "card":
        if value.get("card") is None:
            raise QuestionError("missing-field", tr("%(field)s plays a card but does not say which ('card').",
                                                    field=where), f"{where}.card")
        action["card"] = read_card(value["card"], f"{where}.card")
    return action


def echo(action: Action) -> WrittenAction:
    """An action as read (:func:`read_action`) written back as a question writes it, cards canonical."""
    out: WrittenAction = {"by": action["by"], "do": action["do"]}
    if "condition" in action:
        out["condition"] = action["condition"]
    if "cards" in action:
        out["cards"] = [str(c) for c in action["cards"]]
    if "card" in action:
        out["card"] = str(action["card"])
    return out


def read_actions(question: Question) -> list[Action]:
    """The question's ``actions``, each read and checked (an empty list when absent)."""
    raw = question.get("actions", [])
    if not isinstance(raw, list):
        raise QuestionError("bad-field", tr("'actions' must be a list of actions."), "actions")
    if len(raw) > MAX_ACTIONS:
        raise QuestionError("too-many-actions", tr("A hand has far fewer than %(most)d actions.", most=MAX_ACTIONS),
                            "actions")
    return [read_action(item, i) for i, item in enumerate(raw)]


@dataclass(frozen=True, slots=True)
class RefereedHand:
    """The ``hand`` kind's answer: the first action that was not legal (None when all were), the state
    reached, the actions that may come next, the score once the hand is over, the rules, and why."""

    first_illegal: FirstIllegal | None
    state: ShownState
    next: list[NextAction]
    score: scoring.Scored | None  # once the hand is over
    citing: Citing
    explanation: str

    def as_json(self) -> HandJson:
        """The answer as docs/api.md gives it (``score`` only once the hand is over)."""
        scored: _Score = {} if self.score is None else {"score": self.score}
        return {"legal": self.first_illegal is None, "first_illegal": self.first_illegal, "state": self.state,
                "next": self.next, **scored, **self.citing, "explanation": self.explanation}


class _Score(TypedDict, total=False):
    score: scoring.Scored


@decides("exchange.short-stock", "variant.short-stock-dealer", "law.38", "exchange.propose",
         "exchange.accept-or-refuse", "exchange.discard-and-draw", "play.lead", "variant.doubling",
         "variant.offering-the-point", "king.first-card-exception", "law.24")
def answer_hand(question: Question, book: RuleBook, params: Params) -> RefereedHand:
    """Kind ``hand``: referee a whole hand from the deal and a list of actions."""
    deal = read_deal(require(question, "deal"), params)
    actions = read_actions(question)
    before = question.get("score_before")
    if before is not None:
        before = read_seat_numbers(before, "score_before", low=0, high=params.game_target - 1)
    state = start(deal, params, before)
    first_illegal: FirstIllegal | None = None
    for index, action in enumerate(actions):
        try:
            apply(state, action, params)
        except Illegal as illegal:
            reasons = Reasons(book).add(*(r for r in illegal.rule_ids if r in book.rules))
            first_illegal = {"index": index, "action": echo(action), "code": illegal.code,
                             **reasons.fields(), "explanation": illegal.explanation,
                             "legal_alternatives": next_actions(state, params)}
            break
    shown = state.to_dict()
    offered = next_actions(state, params)
    scored = score_state(state, before, params, book) if state.phase in ("complete", "game-over") else None
    shown["wagers"] = {"pending": list(state.pending) if state.pending else None, "doubled": state.doubled,
                       "offer_declined_by": state.offer_declined_by,
                       "ended": list(state.ended) if state.ended else None}
    if first_illegal:
        reasons = Reasons(book).add(*first_illegal["cites"], *(scored["cites"] if scored else []))
        reasons.add(*in_force(state, [*offered, *first_illegal["legal_alternatives"]], before, params))
        return RefereedHand(first_illegal, shown, offered, scored, reasons.fields(),
                            tr("Action %(index)d (%(by)s %(do)s) is not allowed: %(why)s",
                               index=first_illegal["index"], by=seat_word(first_illegal["action"]["by"]),
                               do=trc("action", ACTION_WORDS.get(first_illegal["action"]["do"],
                                                                 first_illegal["action"]["do"])),
                               why=first_illegal["explanation"]))
    reasons = Reasons(book)
    text = [tr("Every action was legal.") if scored is not None else tr("Every action so far was legal.")]
    if state.acceptance_lapsed:
        reasons.add(*(r for r in ("exchange.short-stock", "law.38") if r in book.rules))
        text.append(tr("The dealer had accepted only if the stock held cards enough; it did not, so his "
                       "acceptance fell away, no cards changed hands on that proposal and play began."))
    if state.short_stock:
        reasons.add(*(r for r in ("exchange.short-stock", params.rule_for("short_stock_dealer"), "law.38")
                      if r in book.rules))
        kept = [tr("the %(seat)s took back %(count)d", seat=seat_word(seat), count=n)
                for seat, n in state.taken_back.items() if n]
        text.append(tr("The stock ran short, so the elder hand was served first and %(kept)s of the cards "
                       "discarded.", kept=trc("list", " and ").join(kept)) if kept else
                    tr("The stock ran short, so the elder hand was served first."))
    if scored is not None:
        reasons.add(*scored["cites"])
        text.append(scored["explanation"])
    else:
        reasons.add(PHASES.get(state.phase, PHASES["play"])[2])
        text.append(tr("The hand is in its %(phase)s phase and the %(seat)s is to act.",
                       phase=phase_word(state.phase), seat=seat_word(str(state.to_act()))))
    if state.king_after_first_card:  # the announcement stood by law 24, not by law 23's deadline
        reasons.add("king.first-card-exception").law("law.24")
        text.append(tr("The king of trumps was announced after its holder had played it as his first card, which "
                       "law 24 still allows while the king is that card."))
    reasons.add(*in_force(state, offered, before, params))
    return RefereedHand(None, shown, offered, scored, reasons.fields(), " ".join(text))


@decides("pack.rank-order", "variant.single-exchange", "scoring.game", wagers.DOUBLE, wagers.OFFER)
def in_force(state: HandState, offered: list[NextAction], before: dict[str, int] | None, params: Params) -> list[str]:
    """The rules of the profile or of an agreement that shaped this answer besides the actions' own:
    the rank order once a trick turned on it, the wagers the hand saw or offers, the single exchange
    once a proposal was made, and the game's target once a king was claimed against a score."""
    rules = []
    by_rank = any(Card.from_str(t["led"]).suit == Card.from_str(t["followed"]).suit for t in state.history)
    if state.current:  # the follower must head the card led with one of its suit, if he can
        leader, led = state.current[0]
        by_rank = by_rank or any(c.suit == led.suit for c in state.hands[other(leader)])
    if by_rank:
        rules.append(params.rule_for("rank_order"))  # a trick won, or a card to head, by rank
    verbs = {o["do"] for o in offered}
    if state.double_asked or verbs & {"double", "accept-double", "decline-double"}:
        rules.append(wagers.DOUBLE)
    if state.offer_made or verbs & {"offer-point", "accept-offer", "decline-offer"}:
        rules.append(wagers.OFFER)
    if params.single_exchange and state.proposals:
        rules.append(params.rule_for("single_exchange"))
    if before is not None and (state.king_turned or state.king_announced_by):
        rules.append(params.rule_for("game_target"))
    return rules
