"""Irregularity drills: on request the tutor breaks a law of the club code at a seeded moment.

The learner must notice it and call the referee (the page offers it at every decision), answer the
dispute interview as he would at the table, and choose among the options the law gives. The game
knows what really happened, so :func:`assess` grades each answer of his interview against those
facts and the ``dispute`` engine's ruling on them; :func:`call` then carries out the option chosen
(a fresh deal, the hand played over, a card taken back, a penalty scored…). An irregularity the
learner lets pass is settled as a quiet table would settle it, and the review says it was missed.

How a drill lives in the game: when a deal is made, :func:`plan` picks (from the game's seed and
the deal's number) which drill the tutor will commit in it and from which trick. At each step of
the game :func:`commit_due` asks the drill whether its moment has come (:meth:`Drill.ready`, a
pure test of the position); when it has, the tutor commits it and the move is written in the
record as a word ``T!<code><detail>``, so :meth:`Game.replay` stages it again exactly. The
learner's call is written ``L!<option>:<fact>=<value>,…`` (``L!-`` when nothing was wrong).

The referee's record of the hand stays a legal one: an irregularity is staged beside it (six cards
shown, two turn-ups, a card led out of turn, a point marked…) and the ruling or the letting pass
decides what enters it. The one exception is a revoke nobody calls: its card goes on the trick
without the referee (``engine.hand.place_card``), as at a table nobody watches, and the hand is
scored from what was tracked. The card a ruling puts out of play (law 17's surplus, law 36's
refused card) goes to the bottom of the stock, since a deal must hold the 32 cards: only an
exchange that took every card of the stock would reach it.
"""
from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias, cast

from ..cards import Card, Suit
from ..engine import hand
from ..engine.deal import Deal
from ..engine.disputes.answers import Ruling
from ..engine.hand import WrittenAction
from ..engine.scoring import AwardFields
from ..jsontypes import Answer
from ..marks import decides, option_id
from ..rulebook import FactValue, RuleBook
from .settings import TableError
from .view import asked

if TYPE_CHECKING:  # the game plays the drills
    from .game import Game, HandPlay

FRESH, REPLAY = option_id("fresh-deal"), option_id("replay-hand")
CALL_WORD, TUTOR_WORD = "L!", "T!"
NOTHING = "-"  # the option word of a call that found nothing irregular
_CARD = re.compile(r"(?:10|[KQJA987])[SHDC]")
Facts: TypeAlias = dict[str, FactValue]
"""Facts of a situation, by their names in the dispute interview (rules/dispute-facts.yaml)."""


@dataclass
class Incident:
    """An irregularity the tutor committed, and how far it has got."""

    code: str
    deal: int  # the hand it belongs to
    at: int  # how many actions that hand had when it was committed
    offender: str  # the tutor's seat then
    cards: tuple[Card, ...] = ()  # the cards it concerns
    suit: str | None = None  # law 41: the suit named
    late: bool = False  # let pass once, still to be called until the hand ends (a revoke, a false king)
    point: bool = False  # a point the tutor marked without earning it, still on the score
    stopped: bool = False  # the learner has been shown it (a decision was offered since)

    @property
    def drill(self) -> Drill:
        return DRILLS[self.code]

    @property
    def blocking(self) -> bool:
        return self.drill.blocking

    @property
    def said(self) -> str:
        return self.drill.said(self)

    def stops(self, game: Game) -> bool:
        return not self.late


# --- the moments of a hand, as the dispute interview asks them ---------------------------------------


def moments(state: hand.HandState) -> Facts:
    """The timeline facts of a hand standing at ``state`` (docs/laws-and-disputes.md): all known to the table."""
    over = state.phase in ("complete", "game-over")
    facts: Facts = {
        "deal_begun": True, "trump_turned": True, "elder_looked": True,
        "elder_proposed": state.proposals > 0,
        "dealer_answered": state.proposals > 0 and state.phase != "response",
        "exchange_made": sum(state.discarded.values()) > 0,
        "exchange_over": state.phase in ("play", *("complete", "game-over")),
        "first_lead": bool(state.history or state.current),
        "dealer_played": bool(state.played["dealer"]),
        "hand_over": over,
        "played_again": len(state.played["dealer"]) > 1,
        "next_trump_turned": False,
        "elder_played_without_proposing": state.elder_played_without_proposing,
        "dealer_refused_first_proposal": state.dealer_refused_first_proposal,
        "dealer_refused_later_proposal": state.dealer_refused_later_proposal,
    }
    return facts


def _tricks_since(hp: HandPlay, at: int) -> list[WrittenAction]:
    return [a for a in hp.actions[at:] if a["do"] == "card"]


# --- the drills ----------------------------------------------------------------------------------------


class Drill:
    """One irregularity the tutor can commit. Subclasses say when, what is shown, the facts and the remedies."""

    code = ""
    law = 0
    what = ""  # what the tutor does, in a player's words (the review and the referee's verdict say it)
    seen = ""  # what the learner sees happen, said without naming the irregularity: noticing it is the drill
    needs: str | None = None  # "tutor-deals" | "learner-deals" | None: the seating the drill needs
    blocking = False  # the learner must answer it before anything else
    lingers = False  # let pass, it can still be called until the hand ends
    hidden = False  # committed silently (a revoke): nothing is said
    tutor_prefers: tuple[str, ...] = ()  # the options the tutor takes when the choice is his, best first

    def fits(self, seats: Mapping[str, str]) -> bool:
        if self.needs == "tutor-deals":
            return seats["tutor"] == "dealer"
        if self.needs == "learner-deals":
            return seats["learner"] == "dealer"
        return True

    def ready(self, game: Game, hp: HandPlay) -> bool:
        return False

    def choose(self, game: Game, hp: HandPlay) -> str:
        """The detail of the word (a card, a suit): what the tutor does exactly."""
        return ""

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, len(hp.actions), hp.seats["tutor"])

    def said(self, incident: Incident) -> str:
        return self.seen

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        return {}

    def apply(self, game: Game, hp: HandPlay, incident: Incident, option: str, ruling: Ruling) -> None:
        """Carry out ``option`` of the ruling: here a fresh deal; any other option leaves the deal as it
        stands (the referee's record already holds it as the law puts it right)."""
        if option == FRESH:
            set_aside(game, hp, FRESH)

    def miss(self, game: Game, hp: HandPlay, incident: Incident) -> None:
        """The learner let it pass: settle it as a quiet table would."""


def _at_start(hp: HandPlay) -> bool:
    return not hp.actions and not hp.void and hp.state.phase == "proposal"


def _tutor_to_act(hp: HandPlay) -> bool:
    state = hp.state
    return state.phase == "play" and not state.pending and state.to_act() == hp.seats["tutor"]


def _cards(text: str) -> tuple[Card, ...]:
    """The cards of a word's detail (``QS``, ``10H9C``), canonical."""
    return tuple(Card.from_str(c) for c in _CARD.findall(text))


class DealerSix(Drill):
    code, law, needs = "dealer-six", 17, "tutor-deals"
    what = "The tutor dealt itself six cards."
    seen = "The tutor deals and takes up its cards."
    tutor_prefers = (option_id("draw-surplus"), FRESH)

    def ready(self, game: Game, hp: HandPlay) -> bool:
        return _at_start(hp) and hp.deal.turn_up.rank != "K"  # law 19: no turned king in a faulty deal

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, 0, "dealer", (hp.deal.stock[0],))

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        return {"irregularity": "wrong-card-count", "offender": "dealer", "hand": "dealer", "count": 6,
                "dealer_took_up_hand": True, "wrong_count_origin": "deal"}

    def apply(self, game: Game, hp: HandPlay, incident: Incident, option: str, ruling: Ruling) -> None:
        if option != option_id("draw-surplus"):
            super().apply(game, hp, incident, option, ruling)
            return
        extra = incident.cards[0]
        mine = [*hp.deal.dealer, extra]
        drawn = random.Random(f"ecarte-tutor draw {game.settings.seed} {hp.number}").choice(mine)
        kept = tuple(c for c in mine if c != drawn)
        stock = (*hp.deal.stock[1:], drawn)  # out of play: at the bottom of the stock (see the module's notes)
        game.restart_hand(hp, [], [], Deal(hp.deal.elder, kept, hp.deal.turn_up, stock))
        incident.cards = (extra, drawn)


class ElderFour(Drill):
    code, law, needs = "elder-four", 16, "tutor-deals"
    what = "The tutor dealt you only four cards."
    seen = "The tutor deals."

    def ready(self, game: Game, hp: HandPlay) -> bool:
        return _at_start(hp) and hp.deal.turn_up.rank != "K"

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, 0, "dealer", (hp.deal.elder[-1],))  # the card not given

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        return {"irregularity": "wrong-card-count", "offender": "dealer", "hand": "elder", "count": 4,
                "wrong_count_origin": "deal"}

    # complete-from-stock: the missing card is the top of the stock, and the deal goes on (Drill.apply)


class TwoTurned(Drill):
    code, law, needs = "two-turned", 11, "tutor-deals"
    what = "The tutor turned up two cards for trump."

    def ready(self, game: Game, hp: HandPlay) -> bool:
        return _at_start(hp)

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, 0, "dealer", (hp.deal.turn_up, hp.deal.stock[0]))

    def said(self, incident: Incident) -> str:
        first, second = incident.cards
        return f"The tutor deals and turns up {first.pretty} and {second.pretty}."

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        return {"irregularity": "several-cards-turned", "offender": "dealer"}


class DealOutOfTurn(Drill):
    code, law, needs = "deal-out-of-turn", 14, "learner-deals"
    what = "The tutor dealt, though it was your turn to deal."
    seen = "The tutor gathers the cards and deals."

    def ready(self, game: Game, hp: HandPlay) -> bool:
        return _at_start(hp) and hp.seats["learner"] == "dealer"

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        # the tutor takes the deal: the same cards, the seats the other way round
        hp.seats = {"tutor": "dealer", "learner": "elder"}
        hp.score_before = {hp.seats[p]: game.scores[p] for p in hp.seats}
        game.restart_hand(hp, [], [])
        return Incident(self.code, hp.number, 0, "dealer")

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        return {"irregularity": "deal-out-of-turn", "offender": "dealer"}


class ExposedInExchange(Drill):
    code, law, needs = "exposed-in-exchange", 36, "tutor-deals"
    what = "The tutor exposed one of your new cards while giving them."
    tutor_prefers = (option_id("take-exposed-card"),)

    def ready(self, game: Game, hp: HandPlay) -> bool:
        last = hp.actions[-1] if hp.actions else None
        return (hp.state.phase == "dealer-discard" and last is not None and last["do"] == "discard"
                and last["by"] == "elder" and bool(last["cards"]))

    def choose(self, game: Game, hp: HandPlay) -> str:
        drawn = len(hp.actions[-1]["cards"])
        return str(hp.state.hands["elder"][-drawn])  # the first card he drew

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, len(hp.actions), "dealer", _cards(detail))

    def said(self, incident: Incident) -> str:
        return f"As the tutor gives you your new cards, one falls face up: {incident.cards[0].pretty}."

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        return {"irregularity": "card-exposed", "offender": "dealer", "owner": "elder", "turned_as_trump": False,
                "exposed_while": "exchange"}

    def apply(self, game: Game, hp: HandPlay, incident: Incident, option: str, ruling: Ruling) -> None:
        if option != option_id("refuse-exposed-card"):
            return
        card = incident.cards[0]
        stock = (*(c for c in hp.deal.stock if c != card), card)  # out of play, at the bottom of the stock
        deal = Deal(hp.deal.elder, hp.deal.dealer, hp.deal.turn_up, stock)
        game.restart_hand(hp, hp.actions, hp.by, deal, frozenset(hp.irregular))


class LeadOutOfTurn(Drill):
    code, law = "lead-out-of-turn", 40
    what = "The tutor led a card out of turn."

    def ready(self, game: Game, hp: HandPlay) -> bool:
        state = hp.state
        return (state.phase == "play" and not state.current and state.to_act() == hp.seats["learner"]
                and len(state.history) >= max(1, hp.drill_from) and len(state.hands[hp.seats["tutor"]]) > 1)

    def choose(self, game: Game, hp: HandPlay) -> str:
        mine = hp.state.hands[hp.seats["tutor"]]
        return str(game.params.ranking.sort(mine)[0])

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, len(hp.actions), hp.seats["tutor"], _cards(detail))

    def said(self, incident: Incident) -> str:
        return f"The tutor leads {incident.cards[0].pretty}."

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        return {"irregularity": "lead-out-of-turn", "offender": incident.offender, "played_to": False,
                "card_led": True, "led_in_turn": False}


class Revoke(Drill):
    code, law = "revoke", 43
    what = "The tutor revoked: it did not follow suit though it could."
    lingers = hidden = True
    tutor_prefers = (option_id("score-as-played"),)

    def ready(self, game: Game, hp: HandPlay) -> bool:
        state = hp.state
        if not _tutor_to_act(hp) or not state.current or len(state.history) < hp.drill_from:
            return False
        led = state.current[0][1]
        mine = state.hands[hp.seats["tutor"]]
        return any(c.suit == led.suit for c in mine) and any(c.suit != led.suit for c in mine)

    def choose(self, game: Game, hp: HandPlay) -> str:
        led = hp.state.current[0][1]
        others = [c for c in hp.state.hands[hp.seats["tutor"]] if c.suit != led.suit]
        plain = [c for c in others if c.suit != hp.state.trump] or others
        return str(game.params.ranking.sort(plain)[-1])  # the last card of another suit, in the pack's order

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        card = _cards(detail)[0]
        at = len(hp.actions)
        game._apply("tutor", {"by": hp.seats["tutor"], "do": "card", "card": str(card)}, irregular=True, word=False)
        return Incident(self.code, hp.number, at, hp.seats["tutor"], (card,), late=True)

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        since = _tricks_since(hp, incident.at + 1)
        return {"irregularity": "revoke", "offender": incident.offender, "card_led": False, "to_correct": "revoke",
                "corrected_before_next_lead": not since, "played_to": True}

    def apply(self, game: Game, hp: HandPlay, incident: Incident, option: str, ruling: Ruling) -> None:
        tutor = hp.player(incident.offender)
        if option == option_id("no-penalty"):  # corrected before the next lead: the card goes back, the tutor follows
            game.restart_hand(hp, hp.actions[:incident.at], hp.by[:incident.at])
        elif option == REPLAY:
            set_aside(game, hp, REPLAY, cut={tutor: 1})
        else:  # score-as-played: the offender scores one less for the hand
            hp.cut[tutor] = 1


class FalseKing(Drill):
    code, law = "false-king", 25
    what = "The tutor announced the king of trumps without holding it."
    lingers = True
    tutor_prefers = (option_id("score-as-played"),)

    def ready(self, game: Game, hp: HandPlay) -> bool:
        state = hp.state
        king = Card("K", state.trump)
        tutor = hp.seats["tutor"]
        return (_tutor_to_act(hp) and not state.history and not state.played[tutor] and not state.king_turned
                and state.king_announced_by is None and king not in state.hands[tutor]
                and game.scores["tutor"] + 2 < game.params.game_target)

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        king = Card("K", hp.state.trump)
        return Incident(self.code, hp.number, len(hp.actions), hp.seats["tutor"], (king,), point=True)

    def said(self, incident: Incident) -> str:
        return f"The tutor announces the king of trumps ({incident.cards[0].pretty}) and marks a point."

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        king = incident.cards[0]
        learner = hp.seats["learner"]
        since = [a for a in hp.actions[incident.at:] if a["do"] == "card" and a["by"] == incident.offender]
        return {"irregularity": "false-king-announcement", "offender": incident.offender,
                "offender_played_card": bool(since),
                "adversary_holds_king": king in hp.state.hands[learner] or king in hp.state.played[learner]}

    def apply(self, game: Game, hp: HandPlay, incident: Incident, option: str, ruling: Ruling) -> None:
        incident.point = False  # every option takes the false point off
        tutor = hp.player(incident.offender)
        if option == REPLAY:
            set_aside(game, hp, REPLAY, cut={tutor: 1})
        elif option == option_id("score-as-played"):
            hp.cut[tutor] = 1


class NamedSuit(Drill):
    code, law = "named-suit", 41
    what = "The tutor named one suit and led another."
    tutor_prefers = (option_id("play-to-card-led"),)

    def ready(self, game: Game, hp: HandPlay) -> bool:
        state = hp.state
        mine = state.hands[hp.seats["tutor"]]
        return (_tutor_to_act(hp) and not state.current and len(state.history) >= hp.drill_from
                and len({c.suit for c in mine}) > 1)

    def choose(self, game: Game, hp: HandPlay) -> str:
        seat = hp.seats["tutor"]
        mine = [o for o in hand.next_actions(hp.state, game.params) if o["by"] == seat and o["do"] == "card"]
        card = Card.from_str(game._tutor_choice(seat, mine)["card"])
        named = next(c.suit for c in hp.state.hands[seat] if c.suit != card.suit)
        return f"{named.letter}{card}"

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        card = _cards(detail[1:])[0]
        at = len(hp.actions)
        game._apply("tutor", {"by": hp.seats["tutor"], "do": "card", "card": str(card)}, word=False)
        return Incident(self.code, hp.number, at, hp.seats["tutor"], (card,), suit=detail[0])

    def said(self, incident: Incident) -> str:
        assert incident.suit is not None  # staged with the suit named (stage)
        named = Suit[incident.suit]
        return f"The tutor said “{named.english}” and led {incident.cards[0].pretty}."

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        return {"irregularity": "named-suit-not-led", "offender": incident.offender, "leader_holds_named_suit": True,
                "played_to": len(hp.actions) > incident.at + 1}

    def apply(self, game: Game, hp: HandPlay, incident: Incident, option: str, ruling: Ruling) -> None:
        if option == option_id("require-named-suit"):
            game.restart_hand(hp, hp.actions[:incident.at], hp.by[:incident.at], irregular=frozenset(hp.irregular))
            hp.must_lead = incident.suit


class Abandoned(Drill):
    code, law = "abandoned", 42
    what = "The tutor threw its cards in: it gave up the hand."
    seen = "The tutor throws its cards in."
    blocking = True

    def ready(self, game: Game, hp: HandPlay) -> bool:
        state = hp.state
        tutor = hp.seats["tutor"]
        return (_tutor_to_act(hp) and not state.current and len(state.history) >= max(1, hp.drill_from)
                and state.tricks[tutor] < 3 and state.tricks[hp.seats["learner"]] < 3)

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        # At the practice table every card is refereed and a king cannot be claimed falsely, so
        # the adversary cannot have revoked or announced a king he lacked (law 42 with 43 and 25).
        return {"irregularity": "hand-abandoned", "offender": incident.offender, "claimed_to_score": False,
                "tricks_won": hp.state.tricks[incident.offender], "adversary_offended": "none"}

    def apply(self, game: Game, hp: HandPlay, incident: Incident, option: str, ruling: Ruling) -> None:
        concede(game, hp, ruling)

    def miss(self, game: Game, hp: HandPlay, incident: Incident) -> None:
        concede(game, hp, true_ruling(game, hp, incident))


class AcceptanceRetracted(Drill):
    code, law, needs = "acceptance-retracted", 27, "tutor-deals"
    what = "The tutor accepted, then wanted to refuse after all."
    blocking = True

    def ready(self, game: Game, hp: HandPlay) -> bool:
        last = hp.actions[-1] if hp.actions else None
        return hp.state.phase == "elder-discard" and last is not None and last["do"] == "accept" and not last.get(
            "condition")

    def said(self, incident: Incident) -> str:
        return "The tutor accepts, then says: “No, I refuse after all.”"

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        return {"irregularity": "acceptance-retracted", "offender": "dealer"}

    def miss(self, game: Game, hp: HandPlay, incident: Incident) -> None:
        # the learner agreed: the refusal replaces the acceptance
        actions: list[WrittenAction] = [*hp.actions[:-1], {"by": "dealer", "do": "refuse"}]
        game.restart_hand(hp, actions, hp.by)


class Overscore(Drill):
    code, law = "overscore", 51
    what = "The tutor marked a point more than the hand gave it."

    def ready(self, game: Game, hp: HandPlay) -> bool:
        return False  # committed when the next deal begins (see commit_due)

    def ready_after(self, game: Game, done: HandPlay, hp: HandPlay) -> bool:
        won = sum(e["points"] for e in game.sheet if e["deal"] == done.number and e["player"] == "tutor"
                  and e.get("scored", True))
        return (done.answer is not None and won > 0 and _at_start(hp) and not game.over
                and game.scores["tutor"] + 2 < game.params.game_target)

    def stage(self, game: Game, hp: HandPlay, detail: str) -> Incident:
        done = game.hands[-2]
        _shift(game, hp, 1)
        game.sheet.append({"deal": done.number, "player": "tutor", "seat": done.seats["tutor"], "points": 1,
                           "claim": "overscore", "reason": "Marked by the tutor for the hand.",
                           "scored": True, "cites": [], "laws": []})
        return Incident(self.code, done.number, len(done.actions), done.seats["tutor"])

    def said(self, incident: Incident) -> str:
        return "The tutor marks its score for the last hand."

    def facts(self, game: Game, hp: HandPlay, incident: Incident) -> Facts:
        return {"irregularity": "overscore", "offender": incident.offender, "admitted": True, "game_over": False,
                "hand_over": True, "next_trump_turned": True}

    def apply(self, game: Game, hp: HandPlay, incident: Incident, option: str, ruling: Ruling) -> None:
        _shift(game, game.current, -1)
        entry = next(e for e in reversed(game.sheet) if e.get("claim") == "overscore")
        entry["scored"] = False
        entry["reason"] = "Marked by the tutor beyond what the hand gave it; called, and taken off the score."


def _shift(game: Game, hp: HandPlay, points: int) -> None:
    """Move the tutor's score by ``points``, in the game and in the deal in progress."""
    seat = hp.seats["tutor"]
    game.scores["tutor"] += points
    hp.score_before[seat] += points
    if hp.state.score is not None:
        hp.state.score[seat] += points


OVERSCORE = Overscore()  # committed when a deal is over, not during one (incidents.commit_due)
DRILLS: dict[str, Drill] = {d.code: d for d in (
    DealerSix(), ElderFour(), TwoTurned(), DealOutOfTurn(), ExposedInExchange(), LeadOutOfTurn(), Revoke(),
    FalseKing(), NamedSuit(), Abandoned(), AcceptanceRetracted(), OVERSCORE)}


# --- what the drills share: the deal in question, setting a deal aside, a hand given up ---------------


def hand_of(game: Game, incident: Incident) -> HandPlay:
    """The deal an irregularity belongs to."""
    return next(h for h in game.hands if h.number == incident.deal)


def set_aside(game: Game, hp: HandPlay, how: str, cut: dict[str, int] | None = None) -> None:
    """A ruling sets this deal aside: the same dealer deals afresh (``fresh-deal``) or the same cards are
    played over (``replay-hand``)."""
    hp.void = how
    game.log.append({"deal": hp.number, "void": how})
    game._new_hand(hp.dealer, hp.deal if how == REPLAY else None)
    fresh = game.current
    if how == REPLAY:
        fresh.drill = None  # the hand played over is played straight
        fresh.cut = dict(cut or {})


@decides("king.announce")
def concede(game: Game, hp: HandPlay, ruling: Ruling) -> None:
    """Law 42: the hand ends; the adversary of the player who gave up marks what the ruling awards."""
    awards: list[AwardFields] = []
    for seat in ("elder", "dealer"):
        kings = (hp.state.score or hp.score_before)[seat] - hp.score_before[seat]
        if kings:
            awards.append({"seat": seat, "points": kings, "claim": "king", "reason": "The king of trumps.",
                           "scored": True, "cites": ["king.announce"], "laws": []})
    for seat, points in (ruling.get("points") or {}).items():
        if points:
            awards.append({"seat": seat, "points": points, "claim": "abandoned",
                           "reason": f"The {'tutor' if hp.player(seat) != 'tutor' else 'learner'} gave up the hand: "
                                     f"law 42 gives its adversary {points}.",
                           "scored": True, "cites": ruling["cites"], "laws": ruling["laws"]})
    hp.state.phase = "complete"
    game._finish_hand({"legal": False, "score": {"awards": awards, "winner": None, "explanation": ruling["explanation"],
                                                 "points": {s: sum(a["points"] for a in awards if a["seat"] == s)
                                                            for s in ("elder", "dealer")},
                                                 "cites": ruling["cites"], "laws": ruling["laws"]}})


# --- what really happened: the facts of the situation and the ruling on them -------------------------


def truth(game: Game, incident: Incident) -> Facts:
    """Every fact of the situation, as the game knows it, in the interview's names."""
    hp = hand_of(game, incident)
    facts = moments(hp.state)
    facts.update(incident.drill.facts(game, hp, incident))
    discovered = _discovered(game, facts)
    if discovered is not None:
        facts["discovered"] = discovered
    return facts


def settles(book: RuleBook) -> dict[str, dict[str, FactValue]]:
    """What each ``discovered`` value settles (the facts file's implications)."""
    out: dict[str, dict[str, FactValue]] = {}
    for rule in book.implications:
        condition = rule["if"]
        value = condition.get("discovered")
        if list(condition) == ["discovered"] and isinstance(value, str):  # a choice: one value, a name
            out[value] = rule["then"]
    return out


def _discovered(game: Game, facts: Mapping[str, FactValue]) -> str | None:
    for value, then in settles(game.book).items():
        if all(facts.get(name) == wanted for name, wanted in then.items()):
            return value
    return None


def true_ruling(game: Game, hp: HandPlay, incident: Incident) -> Ruling:
    answer = asked({"kind": "dispute", **game.settings.question(), "facts": _asked_facts(game, truth(game, incident))},
                   game.book, Answer)
    if answer.get("status") != "ruling":
        raise TableError(f"the facts of the {incident.code} drill do not reach a ruling: {answer.get('need')}")
    return cast(Ruling, answer)  # a ruling of the interview (engine/disputes/answers.py)


def _asked_facts(game: Game, facts: Facts) -> Facts:
    """The facts the engine may be told (``discovered`` only when one value fits the moments)."""
    return {k: v for k, v in facts.items() if k in game.book.facts}
