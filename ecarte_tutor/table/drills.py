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
from dataclasses import dataclass

from ..asking import ask
from ..cards import Card, Suit
from ..engine import hand
from ..engine.deal import Deal
from ..engine.illegal import Illegal
from .settings import TableError
from .view import asked

FRESH, REPLAY = "fresh-deal", "replay-hand"
CALL_WORD, TUTOR_WORD = "L!", "T!"
NOTHING = "-"  # the option word of a call that found nothing irregular
_CARD = re.compile(r"(?:10|[KQJA987])[SHDC]")


@dataclass
class Incident:
    """An irregularity the tutor committed, and how far it has got."""

    code: str
    deal: int  # the hand it belongs to
    at: int  # how many actions that hand had when it was committed
    offender: str  # the tutor's seat then
    cards: tuple = ()  # the cards it concerns
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

    def stops(self, game) -> bool:
        return not self.late


# --- the moments of a hand, as the dispute interview asks them ---------------------------------------


def moments(state: hand.HandState) -> dict:
    """The timeline facts of a hand standing at ``state`` (docs/laws-and-disputes.md): all known to the table."""
    over = state.phase in ("complete", "game-over")
    facts = {
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


def _tricks_since(hp, at: int) -> list[dict]:
    return [a for a in hp.actions[at:] if a["do"] == "card"]


# --- the drills ----------------------------------------------------------------------------------------


class Drill:
    """One irregularity the tutor can commit. Subclasses say when, what is shown, the facts and the remedies."""

    code = ""
    law = 0
    what = ""  # what the tutor does, in a player's words (the review and the referee's verdict say it)
    seen = ""  # what the learner sees happen, said without naming the irregularity: noticing it is the drill
    needs = None  # "tutor-deals" | "learner-deals" | None: the seating the drill needs
    blocking = False  # the learner must answer it before anything else
    lingers = False  # let pass, it can still be called until the hand ends
    hidden = False  # committed silently (a revoke): nothing is said
    tutor_prefers: tuple = ()  # the options the tutor takes when the choice is his, best first

    def fits(self, seats: dict) -> bool:
        if self.needs == "tutor-deals":
            return seats["tutor"] == "dealer"
        if self.needs == "learner-deals":
            return seats["learner"] == "dealer"
        return True

    def ready(self, game, hp) -> bool:
        return False

    def choose(self, game, hp) -> str:
        """The detail of the word (a card, a suit): what the tutor does exactly."""
        return ""

    def stage(self, game, hp, detail: str) -> Incident:
        return Incident(self.code, hp.number, len(hp.actions), hp.seats["tutor"])

    def said(self, incident: Incident) -> str:
        return self.seen

    def facts(self, game, hp, incident: Incident) -> dict:
        return {}

    def apply(self, game, hp, incident: Incident, option: str, ruling: dict) -> None:
        """Carry out ``option`` of the ruling."""

    def miss(self, game, hp, incident: Incident) -> None:
        """The learner let it pass: settle it as a quiet table would."""


def _at_start(hp) -> bool:
    return not hp.actions and not hp.void and hp.state.phase == "proposal"


def _tutor_to_act(hp) -> bool:
    state = hp.state
    return state.phase == "play" and not state.pending and state.to_act() == hp.seats["tutor"]


def _cards(text: str) -> tuple:
    """The cards of a word's detail (``QS``, ``10H9C``), canonical."""
    return tuple(Card.from_str(c) for c in _CARD.findall(text))


class DealerSix(Drill):
    code, law, needs = "dealer-six", 17, "tutor-deals"
    what = "The tutor dealt itself six cards."
    seen = "The tutor deals and takes up its cards."
    tutor_prefers = ("draw-surplus", FRESH)

    def ready(self, game, hp):
        return _at_start(hp) and hp.deal.turn_up.rank != "K"  # law 19: no turned king in a faulty deal

    def stage(self, game, hp, detail):
        return Incident(self.code, hp.number, 0, "dealer", (hp.deal.stock[0],))

    def facts(self, game, hp, incident):
        return {"irregularity": "wrong-card-count", "offender": "dealer", "hand": "dealer", "count": 6,
                "dealer_took_up_hand": True, "wrong_count_origin": "deal"}

    def apply(self, game, hp, incident, option, ruling):
        if option == FRESH:
            set_aside(game, hp, FRESH)
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

    def ready(self, game, hp):
        return _at_start(hp) and hp.deal.turn_up.rank != "K"

    def stage(self, game, hp, detail):
        return Incident(self.code, hp.number, 0, "dealer", (hp.deal.elder[-1],))  # the card not given

    def facts(self, game, hp, incident):
        return {"irregularity": "wrong-card-count", "offender": "dealer", "hand": "elder", "count": 4,
                "wrong_count_origin": "deal"}

    def apply(self, game, hp, incident, option, ruling):
        if option == FRESH:
            set_aside(game, hp, FRESH)
        # complete-from-stock: the missing card is the top of the stock, and the deal goes on


class TwoTurned(Drill):
    code, law, needs = "two-turned", 11, "tutor-deals"
    what = "The tutor turned up two cards for trump."

    def ready(self, game, hp):
        return _at_start(hp)

    def stage(self, game, hp, detail):
        return Incident(self.code, hp.number, 0, "dealer", (hp.deal.turn_up, hp.deal.stock[0]))

    def said(self, incident):
        first, second = incident.cards
        return f"The tutor deals and turns up {first.pretty} and {second.pretty}."

    def facts(self, game, hp, incident):
        return {"irregularity": "several-cards-turned", "offender": "dealer"}

    def apply(self, game, hp, incident, option, ruling):
        if option == FRESH:
            set_aside(game, hp, FRESH)


class DealOutOfTurn(Drill):
    code, law, needs = "deal-out-of-turn", 14, "learner-deals"
    what = "The tutor dealt, though it was your turn to deal."
    seen = "The tutor gathers the cards and deals."

    def ready(self, game, hp):
        return _at_start(hp) and hp.seats["learner"] == "dealer"

    def stage(self, game, hp, detail):
        # the tutor takes the deal: the same cards, the seats the other way round
        hp.seats = {"tutor": "dealer", "learner": "elder"}
        hp.score_before = {hp.seats[p]: game.scores[p] for p in hp.seats}
        game.restart_hand(hp, [], [])
        return Incident(self.code, hp.number, 0, "dealer")

    def facts(self, game, hp, incident):
        return {"irregularity": "deal-out-of-turn", "offender": "dealer"}


class ExposedInExchange(Drill):
    code, law, needs = "exposed-in-exchange", 36, "tutor-deals"
    what = "The tutor exposed one of your new cards while giving them."
    tutor_prefers = ("take-exposed-card",)

    def ready(self, game, hp):
        last = hp.actions[-1] if hp.actions else None
        return (hp.state.phase == "dealer-discard" and last is not None and last["do"] == "discard"
                and last["by"] == "elder" and bool(last["cards"]))

    def choose(self, game, hp):
        drawn = len(hp.actions[-1]["cards"])
        return str(hp.state.hands["elder"][-drawn])  # the first card he drew

    def stage(self, game, hp, detail):
        return Incident(self.code, hp.number, len(hp.actions), "dealer", _cards(detail))

    def said(self, incident):
        return f"As the tutor gives you your new cards, one falls face up: {incident.cards[0].pretty}."

    def facts(self, game, hp, incident):
        return {"irregularity": "card-exposed", "offender": "dealer", "owner": "elder", "turned_as_trump": False}

    def apply(self, game, hp, incident, option, ruling):
        if option != "refuse-exposed-card":
            return
        card = incident.cards[0]
        stock = (*(c for c in hp.deal.stock if c != card), card)  # out of play, at the bottom of the stock
        deal = Deal(hp.deal.elder, hp.deal.dealer, hp.deal.turn_up, stock)
        game.restart_hand(hp, hp.actions, hp.by, deal, frozenset(hp.irregular))


class LeadOutOfTurn(Drill):
    code, law = "lead-out-of-turn", 40
    what = "The tutor led a card out of turn."

    def ready(self, game, hp):
        state = hp.state
        return (state.phase == "play" and not state.current and state.to_act() == hp.seats["learner"]
                and len(state.history) >= max(1, hp.drill_from) and len(state.hands[hp.seats["tutor"]]) > 1)

    def choose(self, game, hp):
        mine = hp.state.hands[hp.seats["tutor"]]
        return str(game.params.ranking.sort(mine)[0])

    def stage(self, game, hp, detail):
        return Incident(self.code, hp.number, len(hp.actions), hp.seats["tutor"], _cards(detail))

    def said(self, incident):
        return f"The tutor leads {incident.cards[0].pretty}."

    def facts(self, game, hp, incident):
        return {"irregularity": "lead-out-of-turn", "offender": incident.offender, "played_to": False,
                "card_led": True, "led_in_turn": False}


class Revoke(Drill):
    code, law = "revoke", 43
    what = "The tutor revoked: it did not follow suit though it could."
    lingers = hidden = True
    tutor_prefers = ("score-as-played",)

    def ready(self, game, hp):
        state = hp.state
        if not _tutor_to_act(hp) or not state.current or len(state.history) < hp.drill_from:
            return False
        led = state.current[0][1]
        mine = state.hands[hp.seats["tutor"]]
        return any(c.suit == led.suit for c in mine) and any(c.suit != led.suit for c in mine)

    def choose(self, game, hp):
        led = hp.state.current[0][1]
        others = [c for c in hp.state.hands[hp.seats["tutor"]] if c.suit != led.suit]
        plain = [c for c in others if c.suit != hp.state.trump] or others
        return str(game.params.ranking.sort(plain)[-1])  # the last card of another suit, in the pack's order

    def stage(self, game, hp, detail):
        card = _cards(detail)[0]
        at = len(hp.actions)
        game._apply("tutor", {"by": hp.seats["tutor"], "do": "card", "card": str(card)}, irregular=True, word=False)
        return Incident(self.code, hp.number, at, hp.seats["tutor"], (card,), late=True)

    def facts(self, game, hp, incident):
        since = _tricks_since(hp, incident.at + 1)
        return {"irregularity": "revoke", "offender": incident.offender, "card_led": False, "to_correct": "revoke",
                "corrected_before_next_lead": not since, "played_to": True}

    def apply(self, game, hp, incident, option, ruling):
        tutor = hp.player(incident.offender)
        if option == "no-penalty":  # corrected before the next lead: the card goes back, the tutor follows
            game.restart_hand(hp, hp.actions[:incident.at], hp.by[:incident.at])
        elif option == REPLAY:
            set_aside(game, hp, REPLAY, cut={tutor: 1})
        else:  # score-as-played: the offender scores one less for the hand
            hp.cut[tutor] = 1


class FalseKing(Drill):
    code, law = "false-king", 25
    what = "The tutor announced the king of trumps without holding it."
    lingers = True
    tutor_prefers = ("score-as-played",)

    def ready(self, game, hp):
        state = hp.state
        king = Card("K", state.trump)
        tutor = hp.seats["tutor"]
        return (_tutor_to_act(hp) and not state.history and not state.played[tutor] and not state.king_turned
                and state.king_announced_by is None and king not in state.hands[tutor]
                and game.scores["tutor"] + 2 < game.params.game_target)

    def stage(self, game, hp, detail):
        king = Card("K", hp.state.trump)
        return Incident(self.code, hp.number, len(hp.actions), hp.seats["tutor"], (king,), point=True)

    def said(self, incident):
        return f"The tutor announces the king of trumps ({incident.cards[0].pretty}) and marks a point."

    def facts(self, game, hp, incident):
        king = incident.cards[0]
        learner = hp.seats["learner"]
        since = [a for a in hp.actions[incident.at:] if a["do"] == "card" and a["by"] == incident.offender]
        return {"irregularity": "false-king-announcement", "offender": incident.offender,
                "offender_played_card": bool(since),
                "adversary_holds_king": king in hp.state.hands[learner] or king in hp.state.played[learner]}

    def apply(self, game, hp, incident, option, ruling):
        incident.point = False  # every option takes the false point off
        tutor = hp.player(incident.offender)
        if option == REPLAY:
            set_aside(game, hp, REPLAY, cut={tutor: 1})
        elif option == "score-as-played":
            hp.cut[tutor] = 1


class NamedSuit(Drill):
    code, law = "named-suit", 41
    what = "The tutor named one suit and led another."
    tutor_prefers = ("play-to-card-led",)

    def ready(self, game, hp):
        state = hp.state
        mine = state.hands[hp.seats["tutor"]]
        return (_tutor_to_act(hp) and not state.current and len(state.history) >= hp.drill_from
                and len({c.suit for c in mine}) > 1)

    def choose(self, game, hp):
        seat = hp.seats["tutor"]
        mine = [o for o in hand.next_actions(hp.state, game.params) if o["by"] == seat and o["do"] == "card"]
        card = Card.from_str(game._tutor_choice(seat, mine)["card"])
        named = next(c.suit for c in hp.state.hands[seat] if c.suit != card.suit)
        return f"{named.letter}{card}"

    def stage(self, game, hp, detail):
        card = _cards(detail[1:])[0]
        at = len(hp.actions)
        game._apply("tutor", {"by": hp.seats["tutor"], "do": "card", "card": str(card)}, word=False)
        return Incident(self.code, hp.number, at, hp.seats["tutor"], (card,), suit=detail[0])

    def said(self, incident):
        named = Suit[incident.suit]
        return f"The tutor said “{named.english}” and led {incident.cards[0].pretty}."

    def facts(self, game, hp, incident):
        return {"irregularity": "named-suit-not-led", "offender": incident.offender, "leader_holds_named_suit": True,
                "played_to": len(hp.actions) > incident.at + 1}

    def apply(self, game, hp, incident, option, ruling):
        if option == "require-named-suit":
            game.restart_hand(hp, hp.actions[:incident.at], hp.by[:incident.at], irregular=frozenset(hp.irregular))
            hp.must_lead = incident.suit


class Abandoned(Drill):
    code, law = "abandoned", 42
    what = "The tutor threw its cards in: it gave up the hand."
    seen = "The tutor throws its cards in."
    blocking = True

    def ready(self, game, hp):
        state = hp.state
        tutor = hp.seats["tutor"]
        return (_tutor_to_act(hp) and not state.current and len(state.history) >= max(1, hp.drill_from)
                and state.tricks[tutor] < 3 and state.tricks[hp.seats["learner"]] < 3)

    def facts(self, game, hp, incident):
        return {"irregularity": "hand-abandoned", "offender": incident.offender, "claimed_to_score": False,
                "tricks_won": hp.state.tricks[incident.offender]}

    def apply(self, game, hp, incident, option, ruling):
        concede(game, hp, ruling)

    def miss(self, game, hp, incident):
        concede(game, hp, true_ruling(game, hp, incident))


class AcceptanceRetracted(Drill):
    code, law, needs = "acceptance-retracted", 27, "tutor-deals"
    what = "The tutor accepted, then wanted to refuse after all."
    blocking = True

    def ready(self, game, hp):
        last = hp.actions[-1] if hp.actions else None
        return hp.state.phase == "elder-discard" and last is not None and last["do"] == "accept" and not last.get(
            "condition")

    def said(self, incident):
        return "The tutor accepts, then says: “No, I refuse after all.”"

    def facts(self, game, hp, incident):
        return {"irregularity": "acceptance-retracted", "offender": "dealer"}

    def miss(self, game, hp, incident):  # the learner agreed: the refusal replaces the acceptance
        actions = [*hp.actions[:-1], {"by": "dealer", "do": "refuse"}]
        game.restart_hand(hp, actions, hp.by)


class Overscore(Drill):
    code, law = "overscore", 51
    what = "The tutor marked a point more than the hand gave it."

    def ready(self, game, hp):
        return False  # committed when the next deal begins (see commit_due)

    def ready_after(self, game, done, hp) -> bool:
        won = sum(e["points"] for e in game.sheet if e["deal"] == done.number and e["player"] == "tutor"
                  and e.get("scored", True))
        return (done.answer is not None and won > 0 and _at_start(hp) and not game.over
                and game.scores["tutor"] + 2 < game.params.game_target)

    def stage(self, game, hp, detail):
        done = game.hands[-2]
        _shift(game, hp, 1)
        game.sheet.append({"deal": done.number, "player": "tutor", "seat": done.seats["tutor"], "points": 1,
                           "claim": "overscore", "reason": "Marked by the tutor for the hand.",
                           "scored": True, "cites": [], "laws": []})
        return Incident(self.code, done.number, len(done.actions), done.seats["tutor"])

    def said(self, incident):
        return "The tutor marks its score for the last hand."

    def facts(self, game, hp, incident):
        return {"irregularity": "overscore", "offender": incident.offender, "admitted": True, "game_over": False,
                "hand_over": True, "next_trump_turned": True}

    def apply(self, game, hp, incident, option, ruling):
        _shift(game, game.current, -1)
        entry = next(e for e in reversed(game.sheet) if e.get("claim") == "overscore")
        entry["scored"] = False
        entry["reason"] = "Marked by the tutor beyond what the hand gave it; called, and taken off the score."


def _shift(game, hp, points: int) -> None:
    """Move the tutor's score by ``points``, in the game and in the deal in progress."""
    seat = hp.seats["tutor"]
    game.scores["tutor"] += points
    hp.score_before[seat] += points
    if hp.state.score is not None:
        hp.state.score[seat] += points


DRILLS: dict[str, Drill] = {d.code: d for d in (
    DealerSix(), ElderFour(), TwoTurned(), DealOutOfTurn(), ExposedInExchange(), LeadOutOfTurn(), Revoke(),
    FalseKing(), NamedSuit(), Abandoned(), AcceptanceRetracted(), Overscore())}


# --- the game's side: planning, committing, letting pass --------------------------------------------


def plan(game, hp) -> None:
    """Choose, from the seed, which drill the tutor commits in this new deal (if drills are on)."""
    codes = [c for c in game.settings.drills if DRILLS[c].fits(hp.seats)]
    if not codes:
        return
    rng = random.Random(f"ecarte-tutor drill {game.settings.seed} {hp.number}")
    hp.drill = rng.choice(codes)
    hp.drill_from = rng.randint(0, 2)


def commit_due(game) -> bool:
    """Let the tutor commit the drill planned for this deal if its moment has come; True when it did."""
    if game.open is not None and not game.open.late:
        return False
    hp = game.current
    done = game.hands[-2] if len(game.hands) > 1 else None
    if (done is not None and done.drill == Overscore.code and done.incident is None and not done.void
            and DRILLS[Overscore.code].ready_after(game, done, hp)):
        _commit(game, done, Overscore.code, "")
        return True
    drill = DRILLS.get(hp.drill) if hp.drill else None
    if drill is None or hp.incident is not None or hp.void or not drill.ready(game, hp):
        return False
    _commit(game, hp, drill.code, drill.choose(game, hp))
    return True


def _commit(game, hp, code: str, detail: str) -> None:
    incident = DRILLS[code].stage(game, hp, detail)
    hp.incident = incident
    game.open = incident
    game.moves.append(f"{TUTOR_WORD}{code}{':' + detail if detail else ''}")
    if not DRILLS[code].hidden:
        game.log.append({"deal": game.current.number, "player": "tutor", "incident": code, "said": incident.said})
    game._decision = None


def awaiting(game) -> bool:
    """Is an irregularity of the tutor's waiting for the learner to call it or let it pass?"""
    return game.open is not None and not game.open.late


def let_pass(game) -> bool:
    """The learner moved on without calling the referee: settle the open irregularity quietly.
    True when there was one waiting (a lingering one stays open until its hand ends)."""
    if not awaiting(game):
        return False
    incident = game.open
    hp = _hand_of(game, incident)
    if incident.drill.lingers:  # still to be called until its hand ends (adjustments writes it off then)
        incident.late = True
        return True
    game.calls.append(_missed(incident))
    game.open = None
    incident.drill.miss(game, hp, incident)
    return True


def _missed(incident: Incident) -> dict:
    return {"deal": incident.deal, "code": incident.code, "law": incident.drill.law, "called": False}


def decision_now(game):
    """The learner's decision while an irregularity waits: his own move (or "go on"), and the call."""
    from .game import Decision

    hp = game.current
    state = hp.state
    seat = hp.seats["learner"]
    options = hand.next_actions(state, game.params)
    to_act = options[0]["by"] if state.pending else state.to_act()
    game.open.stopped = True
    if not game.open.blocking and to_act == seat:
        return Decision(seat, [o for o in options if o["by"] == seat], False, game.view("learner"))
    return Decision(seat, [{"by": seat, "do": "pass"}], True, game.view("learner"))


def _hand_of(game, incident: Incident):
    return next(h for h in game.hands if h.number == incident.deal)


def set_aside(game, hp, how: str, cut: dict | None = None) -> None:
    """A ruling sets this deal aside: the same dealer deals afresh (``fresh-deal``) or the same cards are
    played over (``replay-hand``)."""
    hp.void = how
    game.log.append({"deal": hp.number, "void": how})
    game._new_hand(hp.dealer, hp.deal if how == REPLAY else None)
    fresh = game.current
    if how == REPLAY:
        fresh.drill = None  # the hand played over is played straight
        fresh.cut = dict(cut or {})


def concede(game, hp, ruling: dict) -> None:
    """Law 42: the hand ends; the adversary of the player who gave up marks what the ruling awards."""
    awards = []
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


def adjustments(game, hp, entries: list[dict]) -> list[dict]:
    """Sheet entries a hand's drill adds when it is scored: a false king never called, a penalty cut."""
    out = []
    incident = hp.incident
    if game.open is not None and game.open.deal == hp.number:  # a lingering one nobody called dies with its hand
        game.calls.append(_missed(game.open))
        game.open = None
    if incident is not None and incident.point:
        out.append({"deal": hp.number, "player": "tutor", "seat": incident.offender, "points": 1,
                    "claim": "false-king", "reason": "The tutor's false king: nobody called the referee, so its "
                                                     "point stayed on the score.",
                    "scored": True, "cites": ["law.25"], "laws": [25]})
    for player, cut in hp.cut.items():
        won = sum(e["points"] for e in entries if e["player"] == player and e.get("scored", True)
                  and e.get("claim") not in ("king-turned", "king"))
        if won and cut:
            out.append({"deal": hp.number, "player": player, "seat": hp.seats[player], "points": -min(cut, won),
                        "claim": "penalty", "reason": "One point less for the irregularity (laws 25 and 43).",
                        "scored": True, "cites": [], "laws": [DRILLS[hp.incident.code].law if hp.incident else 43]})
    return out


def marked(game) -> dict:
    """Points on the score beyond the game's own: a false king's point while it stands."""
    incident = game.open
    if incident is not None and incident.point and incident.deal == game.current.number:
        return {"tutor": 1, "learner": 0}
    return {"tutor": 0, "learner": 0}


# --- the referee: grading a call and carrying out the ruling -----------------------------------------


def truth(game, incident: Incident) -> dict:
    """Every fact of the situation, as the game knows it, in the interview's names."""
    hp = _hand_of(game, incident)
    facts = moments(hp.state)
    facts.update(incident.drill.facts(game, hp, incident))
    facts["discovered"] = _discovered(game, facts)
    return {k: v for k, v in facts.items() if v is not None}


def _settles(book) -> dict:
    """What each ``discovered`` value settles (the facts file's implications)."""
    out = {}
    for rule in book.implications:
        condition = rule["if"]
        if list(condition) == ["discovered"]:
            out[condition["discovered"]] = rule["then"]
    return out


def _discovered(game, facts: dict) -> str | None:
    for value, then in _settles(game.book).items():
        if all(facts.get(name) == wanted for name, wanted in then.items()):
            return value
    return None


def true_ruling(game, hp, incident: Incident) -> dict:
    answer = asked({"kind": "dispute", **game.settings.question(), "facts": _asked_facts(game, truth(game, incident))},
                   game.book)
    if answer.get("status") != "ruling":
        raise TableError(f"the facts of the {incident.code} drill do not reach a ruling: {answer.get('need')}")
    return answer


def _asked_facts(game, facts: dict) -> dict:
    """The facts the engine may be told (``discovered`` only when one value fits the moments)."""
    return {k: v for k, v in facts.items() if k in game.book.facts}


def read_answers(game, answers) -> dict:
    """The learner's answers to the interview, typed as the facts file says (bool, int); unknown names refused."""
    if not isinstance(answers, dict):
        raise TableError("The answers of the interview must be facts such as {\"irregularity\": \"revoke\"}.")
    out = {}
    for name, value in answers.items():
        spec = game.book.facts.get(name)
        if spec is None:
            raise TableError(f"'{str(name)[:40]}' is not a fact the interview asks about.")
        out[name] = typed(spec, value)
    return out


def typed(spec: dict, value):
    """A fact's value as its type (the text of a form or a record read as bool or int where it can be)."""
    if isinstance(value, str):
        text = value.strip().lower()
        if spec.get("type") == "boolean" and text in ("true", "false"):
            return text == "true"
        if spec.get("type") == "integer" and text.isdigit():
            return int(text)
        return value.strip()
    return value


def _label(book, name: str, value) -> str:
    for choice in book.facts[name].get("choices", []):
        if choice["value"] == value:
            return choice["label"]
    return str(value)


def assess(game, answers: dict) -> dict:
    """Grade the learner's interview against what really happened, without changing anything.

    ``{"irregular": bool, "facts": [{fact, question, answered, right, truth}], "learner_ruling",
    "ruling" (the true one), "right_ruling", "chooser" (learner | tutor | None), "options"}``.
    """
    answers = read_answers(game, answers)
    book = game.book
    mine = ask_dispute(game, answers)
    incident = game.open
    if incident is None:
        return {"irregular": False, "facts": [], "learner_ruling": mine, "ruling": None, "right_ruling": False,
                "chooser": None, "options": [],
                "text": "Nothing irregular happened: the tutor has kept to the laws since your last call."}
    known = truth(game, incident)
    settles = _settles(book)
    graded = []
    for name, value in answers.items():
        question = " ".join(book.facts[name]["question"].split())
        if name == "discovered":
            right = all(known.get(k) == v for k, v in settles.get(value, {}).items())
        elif name in known:
            right = known[name] == value
        else:
            right = None  # a fact the situation does not turn on
        graded.append({"fact": name, "question": question, "answered": _label(book, name, value), "right": right,
                       "truth": _label(book, name, known[name]) if name in known else None})
    hp = _hand_of(game, incident)
    ruling = true_ruling(game, hp, incident)
    chooser = None if ruling["compulsory"] else hp.player(ruling["chooser"]) if ruling["chooser"] else None
    right_ruling = mine.get("status") == "ruling" and mine.get("case") == ruling["case"]
    return {"irregular": True, "code": incident.code, "law": incident.drill.law, "what": incident.drill.what,
            "facts": graded, "learner_ruling": mine, "ruling": ruling, "right_ruling": right_ruling,
            "chooser": chooser, "options": ruling["options"],
            "text": f"What happened: {incident.drill.what}"}


def ask_dispute(game, facts: dict) -> dict:
    return ask({"kind": "dispute", **game.settings.question(), "facts": facts}, game.book)


def call(game, answers: dict, option: str | None = None) -> dict:
    """The learner calls the referee with his interview ``answers`` and (when the choice is his) an option.

    Returns :func:`assess`'s report with ``option`` (the one carried out). Nothing irregular: the
    call is recorded as a false alarm and nothing changes."""
    if game.over:
        raise TableError("The game is over: there is nothing left to call.")
    report = assess(game, answers)
    answers = read_answers(game, answers)
    text = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in answers.items())
    if any(ch in str(v) for v in answers.values() for ch in " ,:="):
        raise TableError("An answer of the interview holds a character no answer has (space, comma, colon or =).")
    if not report["irregular"]:
        game.moves.append(f"{CALL_WORD}{NOTHING}:{text}")
        game.calls.append({"deal": game.current.number, "code": None, "called": True, "report": report})
        return {**report, "option": None}
    incident = game.open
    hp = _hand_of(game, incident)
    ids = [o["id"] for o in report["options"]]
    if len(ids) == 1:
        chosen = ids[0]
    elif report["chooser"] == "learner":
        if option not in ids:
            raise TableError(f"Choose one of the options the law gives: {', '.join(ids)}.", "option")
        chosen = option
    else:
        chosen = next((o for o in incident.drill.tutor_prefers if o in ids), ids[0])
    game.moves.append(f"{CALL_WORD}{chosen}:{text}")
    game.calls.append({"deal": incident.deal, "code": incident.code, "law": incident.drill.law, "called": True,
                       "report": report, "option": chosen})
    game.open = None
    game.log.append({"deal": game.current.number, "player": "learner", "call": chosen, "code": incident.code})
    incident.drill.apply(game, hp, incident, chosen, report["ruling"])
    game._decision = None
    return {**report, "option": chosen}


# --- the record's words -------------------------------------------------------------------------------


def is_drill_word(word: str) -> bool:
    return isinstance(word, str) and word[1:2] == "!"


def replay_word(game, index: int, word: str) -> None:
    """Stage again a drill word of a record (``T!code:detail`` or ``L!option:answers``)."""
    try:
        if word.startswith(TUTOR_WORD):
            code, _, detail = word[2:].partition(":")
            if code not in DRILLS or code not in game.settings.drills:
                raise TableError(f"Move {index + 1} ({word[:40]}) names no drill of this game.", "moves")
            done = game.hands[-2] if code == Overscore.code and len(game.hands) > 1 else game.current
            _commit(game, done, code, detail)
            return
        if word.startswith(CALL_WORD):
            option, _, text = word[2:].partition(":")
            answers = dict(pair.split("=", 1) for pair in text.split(",") if pair)
            call(game, answers, None if option == NOTHING else option)
            return
    except (ValueError, IndexError, KeyError, Illegal) as exc:
        raise TableError(f"Move {index + 1} ({word[:40]}) cannot be staged: {exc}", "moves") from None
    raise TableError(f"Move {index + 1} ({word[:40]}) is not a move.", "moves")

