"""Irregularity drills: on request the tutor breaks a law of the club code at a seeded moment.

The learner must notice it and call the referee (the page offers it at every decision), answer the
dispute interview as he would at the table, and choose among the options the law gives. What each
drill is lives beside its law's decision rows (``drills`` in rules/laws/*.yaml): the law, what the
tutor does and what the learner sees, the facts of the interview it makes true, what the table does
for each remedy and the options the tutor prefers. This module holds what cannot be data: how the
tutor stages each drill (:class:`Staging`: its moment, the cards it takes, what the table shows
while it waits, what it observes of the hand when the referee is called). What really happened is
:mod:`.truth`; the table's effects of a remedy are :mod:`.remedies`. Everything here works through
:class:`~.drilltable.DrillTable`, the game's public face for drills.

When a deal is made, the game picks (from its seed and the deal's number) which drill the tutor will
commit in it and from which trick (:mod:`.incidents`); its move is written in the record as a word
``T!<code><detail>``, so a replay stages it again exactly, and the learner's call as
``L!<option>:<fact>=<value>,…`` (``L!-`` when nothing was wrong).

The referee's record of the hand stays a legal one: an irregularity is staged beside it (six cards
shown, two turn-ups, a card led out of turn, a point marked…) and the ruling or the letting pass
decides what enters it. The one exception is a revoke nobody calls: its card goes on the trick
without the referee (``engine.hand.place_card``), as at a table nobody watches, and the hand is
scored from what was tracked. The card a ruling puts out of play (law 17's surplus, law 36's
refused card) goes into the deal's ``out_of_play`` (engine/deal.py): in no hand and not in the stock,
so no exchange, however many, can draw it, and the stock shown and law 38 count without it.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from ..cards import Card, Suit, shown, suit_name
from ..engine import hand
from ..engine.hand import WrittenAction
from ..i18n import current, tr
from ..rulebook import FactValue, RuleBook, TableDrill
from .deals import HandPlay, Incident
from .drilltable import DrillTable
from .incident_codes import IncidentCode
from .settings import TableError

CALL_WORD, TUTOR_WORD = "L!", "T!"
NOTHING = "-"  # the option word of a call that found nothing irregular
_CARD = re.compile(r"(?:10|[KQJA987])[SHDC]")
Facts: TypeAlias = dict[str, FactValue]
"""Facts of a situation, by their names in the dispute interview (rules/dispute-facts.yaml)."""


@dataclass(frozen=True)
class Staged:
    """What the table shows of an irregularity while it waits, beside the referee's record of the hand."""

    withheld: tuple[Card, ...] = ()  # cards of the learner's hand not given to him
    tutor_extra: int = 0  # cards the tutor holds beyond (or, led out of turn, short of) its hand
    stock: int = 0  # cards the stock holds beyond (or short of) the referee's
    turned: tuple[Card, ...] = ()  # the cards turned up, when more than the trump card
    out_of_turn: Card | None = None  # a card led out of turn, not on the trick


class Staging:
    """How the tutor commits one drill: its moment, what it does, what the table sees, and what the
    facts of the hand are when the referee is called (the drill's ``observed`` facts)."""

    code: ClassVar[IncidentCode]

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        return False

    def choose(self, game: DrillTable, hp: HandPlay) -> str:
        """The detail of the word (a card, a suit): what the tutor does exactly."""
        return ""

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, len(hp.actions), hp.seats["tutor"])

    def observe(self, game: DrillTable, hp: HandPlay, incident: Incident) -> Facts:
        return {}

    def staged(self, incident: Incident) -> Staged:
        return Staged()



def _at_start(hp: HandPlay) -> bool:
    return not hp.actions and not hp.void and hp.state.phase == "proposal"


def _tutor_to_act(hp: HandPlay) -> bool:
    state = hp.state
    return state.phase == "play" and not state.pending and state.to_act() == hp.seats["tutor"]


def _cards(text: str) -> tuple[Card, ...]:
    """The cards of a word's detail (``QS``, ``10H9C``), canonical."""
    return tuple(Card.from_str(c) for c in _CARD.findall(text))


def _tricks_since(hp: HandPlay, at: int) -> list[WrittenAction]:
    return [a for a in hp.actions[at:] if a["do"] == "card"]


class DealerSix(Staging):
    code = IncidentCode.DEALER_SIX

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        return _at_start(hp) and hp.deal.turn_up.rank != "K"  # law 19: no turned king in a faulty deal

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, 0, "dealer", (hp.deal.stock[0],))

    def staged(self, incident: Incident) -> Staged:
        return Staged(tutor_extra=1, stock=-1)  # the sixth card came off the top of the stock


class ElderFour(Staging):
    code = IncidentCode.ELDER_FOUR

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        return _at_start(hp) and hp.deal.turn_up.rank != "K"

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, 0, "dealer", (hp.deal.elder[-1],))  # the card not given

    def staged(self, incident: Incident) -> Staged:
        return Staged(withheld=incident.cards, stock=1)  # the card not given is still on the stock


class TwoTurned(Staging):
    code = IncidentCode.TWO_TURNED

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        return _at_start(hp)

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, 0, "dealer", (hp.deal.turn_up, hp.deal.stock[0]))

    def staged(self, incident: Incident) -> Staged:
        return Staged(turned=incident.cards, stock=-1)  # the second card came off the stock


class DealOutOfTurn(Staging):
    code = IncidentCode.DEAL_OUT_OF_TURN

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        # not with a king turned up: it would be the tutor's, who did not deal in turn, before anyone spoke
        return _at_start(hp) and hp.seats["learner"] == "dealer" and hp.deal.turn_up.rank != "K"

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        # the tutor takes the deal: the same cards, the seats the other way round
        hp.seats = {"tutor": "dealer", "learner": "elder"}
        hp.score_before = {hp.seats[p]: game.scores[p] for p in hp.seats}
        game.restart_hand(hp, [], [])
        return Incident(self.code, hp.number, 0, "dealer")


class ExposedInExchange(Staging):
    code = IncidentCode.EXPOSED_IN_EXCHANGE

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        last = hp.actions[-1] if hp.actions else None
        return (hp.state.phase == "dealer-discard" and last is not None and last["do"] == "discard"
                and last["by"] == "elder" and bool(last["cards"]))

    def choose(self, game: DrillTable, hp: HandPlay) -> str:
        drawn = len(hp.actions[-1]["cards"])
        return str(hp.state.hands["elder"][-drawn])  # the first card he drew

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, len(hp.actions), "dealer", _cards(detail))


class LeadOutOfTurn(Staging):
    code = IncidentCode.LEAD_OUT_OF_TURN

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        state = hp.state
        return (state.phase == "play" and not state.current and state.to_act() == hp.seats["learner"]
                and len(state.history) >= max(1, hp.drill_from) and len(state.hands[hp.seats["tutor"]]) > 1)

    def choose(self, game: DrillTable, hp: HandPlay) -> str:
        mine = hp.state.hands[hp.seats["tutor"]]
        return str(game.params.ranking.sort(mine)[0])

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        return Incident(self.code, hp.number, len(hp.actions), hp.seats["tutor"], _cards(detail))

    def staged(self, incident: Incident) -> Staged:
        return Staged(tutor_extra=-1, out_of_turn=incident.cards[0])  # the card lies face up, out of his hand


class Revoke(Staging):
    code = IncidentCode.REVOKE

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        state = hp.state
        if not _tutor_to_act(hp) or not state.current or len(state.history) < hp.drill_from:
            return False
        led = state.current[0][1]
        mine = state.hands[hp.seats["tutor"]]
        return any(c.suit == led.suit for c in mine) and any(c.suit != led.suit for c in mine)

    def choose(self, game: DrillTable, hp: HandPlay) -> str:
        led = hp.state.current[0][1]
        others = [c for c in hp.state.hands[hp.seats["tutor"]] if c.suit != led.suit]
        plain = [c for c in others if c.suit != hp.state.trump] or others
        return str(game.params.ranking.sort(plain)[-1])  # the last card of another suit, in the pack's order

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        card = _cards(detail)[0]
        at = len(hp.actions)
        game.tutor_plays(card, refereed=False)
        return Incident(self.code, hp.number, at, hp.seats["tutor"], (card,), late=True)

    def observe(self, game: DrillTable, hp: HandPlay, incident: Incident) -> Facts:
        return {"corrected_before_next_lead": not _tricks_since(hp, incident.at + 1)}


class FalseKing(Staging):
    code = IncidentCode.FALSE_KING

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        state = hp.state
        king = Card("K", state.trump)
        tutor = hp.seats["tutor"]
        return (_tutor_to_act(hp) and not state.history and not state.played[tutor] and not state.king_turned
                and state.king_announced_by is None and king not in state.hands[tutor]
                and game.scores["tutor"] + 2 < game.params.game_target)

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        king = Card("K", hp.state.trump)
        return Incident(self.code, hp.number, len(hp.actions), hp.seats["tutor"], (king,), point=True)

    def observe(self, game: DrillTable, hp: HandPlay, incident: Incident) -> Facts:
        king, learner = incident.cards[0], hp.seats["learner"]
        since = [a for a in hp.actions[incident.at:] if a["do"] == "card" and a["by"] == incident.offender]
        return {"offender_played_card": bool(since),
                "adversary_holds_king": king in hp.state.hands[learner] or king in hp.state.played[learner]}


class NamedSuit(Staging):
    code = IncidentCode.NAMED_SUIT

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        state = hp.state
        mine = state.hands[hp.seats["tutor"]]
        return (_tutor_to_act(hp) and not state.current and len(state.history) >= hp.drill_from
                and len({c.suit for c in mine}) > 1)

    def choose(self, game: DrillTable, hp: HandPlay) -> str:
        seat = hp.seats["tutor"]
        mine = [o for o in hand.next_actions(hp.state, game.params) if o["by"] == seat and o["do"] == "card"]
        card = Card.from_str(game.tutor_choice(seat, mine)["card"])
        named = next(c.suit for c in hp.state.hands[seat] if c.suit != card.suit)
        return f"{named.letter}{card}"

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        card = _cards(detail[1:])[0]
        at = len(hp.actions)
        game.tutor_plays(card)
        return Incident(self.code, hp.number, at, hp.seats["tutor"], (card,), suit=detail[0])

    def observe(self, game: DrillTable, hp: HandPlay, incident: Incident) -> Facts:
        return {"played_to": len(hp.actions) > incident.at + 1}


class Abandoned(Staging):
    code = IncidentCode.ABANDONED

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        state = hp.state
        tutor = hp.seats["tutor"]
        return (_tutor_to_act(hp) and not state.current and len(state.history) >= max(1, hp.drill_from)
                and state.tricks[tutor] < 3 and state.tricks[hp.seats["learner"]] < 3)

    # At the practice table every card is refereed and a king cannot be claimed falsely, so the
    # adversary cannot have revoked or announced a king he lacked (law 42 with 43 and 25): its facts say so.


class AcceptanceRetracted(Staging):
    code = IncidentCode.ACCEPTANCE_RETRACTED

    def ready(self, game: DrillTable, hp: HandPlay) -> bool:
        last = hp.actions[-1] if hp.actions else None
        return hp.state.phase == "elder-discard" and last is not None and last["do"] == "accept" and not last.get(
            "condition")


class Overscore(Staging):
    """Committed when the next deal begins, on the deal just scored (``incidents.commit_due``)."""

    code = IncidentCode.OVERSCORE

    def ready_after(self, game: DrillTable, done: HandPlay, hp: HandPlay) -> bool:
        # the point marked beyond the hand must not be the one that reaches the game's target
        return done.answer is not None and _at_start(hp) and not game.over \
            and game.scores["tutor"] + 1 < game.params.game_target

    def stage(self, game: DrillTable, hp: HandPlay, detail: str) -> Incident:
        done = game.hands[-2]
        shift(game, game.current, 1)  # the score the next deal begins from
        game.sheet.append({"deal": done.number, "player": "tutor", "seat": done.seats["tutor"], "points": 1,
                           "claim": "overscore", "reason": tr("Marked by the tutor for the hand."),
                           "scored": True, "cites": [], "laws": []})
        return Incident(self.code, done.number, len(done.actions), done.seats["tutor"])


def shift(game: DrillTable, hp: HandPlay, points: int) -> None:
    """Move the tutor's score by ``points``, in the game and in the deal in progress."""
    seat = hp.seats["tutor"]
    game.scores["tutor"] += points
    hp.score_before[seat] += points
    if hp.state.score is not None:
        hp.state.score[seat] += points


OVERSCORE = Overscore()
STAGINGS: dict[IncidentCode, Staging] = {s.code: s for s in (
    DealerSix(), ElderFour(), TwoTurned(), DealOutOfTurn(), ExposedInExchange(), LeadOutOfTurn(), Revoke(),
    FalseKing(), NamedSuit(), Abandoned(), AcceptanceRetracted(), OVERSCORE)}


def drill_of(book: RuleBook, code: IncidentCode) -> TableDrill:
    """The drill ``code`` of the rule book (its law, facts, words and remedies)."""
    drill = book.table_drills.get(code)
    if drill is None or code not in STAGINGS:
        raise TableError(tr("'%(code)s' is not a drill of the practice table.", code=code), "drills")
    return drill


def said(book: RuleBook, incident: Incident, field: str = "seen") -> str:
    """The drill's words for ``incident`` in the language being spoken: its ``seen`` by default (else its ``what``),
    or another text of its entry by path (``shows.draw-surplus``), the cards and suit filled in the same language."""
    drill = drill_of(book, incident.code)
    english: object = drill.entry
    for part in field.split("."):
        english = english.get(part) if isinstance(english, Mapping) else None
    if english is None and field == "seen":
        field, english = "what", drill.entry["what"]
    lang = current()
    words = book.words(drill.rule.id, f"drills.{incident.code}.{field}", lang, str(english))
    cards = [shown(c, lang) for c in incident.cards] + ["", ""]
    return " ".join(words.format(card=cards[0], second=cards[1],
                                 suit=suit_name(Suit[incident.suit], lang) if incident.suit else "").split())
