"""One deal of a game as it is played: the cards, the seats, the actions, and the irregularity the
tutor committed in it, with the lines it gives the score sheet.

Below the game (:mod:`.game`) and its drills (:mod:`.drills`, :mod:`.incidents`), which both read
and change it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from ..cards import Card
from ..engine import hand
from ..engine.deal import Deal
from ..engine.hand import WrittenAction
from ..engine.scoring import AwardFields, Scored
from ..jsontypes import Question
from ..marks import option_id
from ..rulebook import FactValue
from . import dealing
from .incident_codes import IncidentCode
from .settings import Settings

OVER = ("complete", "game-over")  # the hand referee's phases of a hand that is over
FRESH, REPLAY = option_id("fresh-deal"), option_id("replay-hand")  # how a ruling sets a deal aside (HandPlay.void)


class PlayerAward(AwardFields):
    """An award of the referee's score, to the player in its seat."""

    player: str


class SheetEntry(PlayerAward):
    """One line of the score sheet: a claim of a deal, scored or not."""

    deal: int


@dataclass
class Incident:
    """An irregularity the tutor committed (its drill's ``code``), and how far it has got."""

    code: IncidentCode
    deal: int  # the hand it belongs to
    at: int  # how many actions that hand had when it was committed
    offender: str  # the tutor's seat then
    cards: tuple[Card, ...] = ()  # the cards it concerns
    suit: str | None = None  # law 41: the suit named
    late: bool = False  # let pass once, still to be called until the hand ends (a revoke, a false king)
    point: bool = False  # a point the tutor marked without earning it, still on the score
    stopped: bool = False  # the learner has been shown it (a decision was offered since)
    observed: dict[str, FactValue] = field(default_factory=dict)  # what the table saw when it was called
    # The hand's actions when it was committed: a let-pass may rewrite them (law 27: the retracted acceptance
    # becomes the refusal), and a review rules on the moment as it was, not as it was rewritten.
    then: tuple[WrittenAction, ...] = ()


class ScoredHand(TypedDict):
    """A hand that is over, and what it scored: as the referee (the ``hand`` kind) scored it, or as a ruling
    scores its tricks (``legal`` false then, as for a revoke the referee would have stopped at)."""

    legal: bool
    score: Scored


@dataclass(frozen=True)
class Ruled:
    """A hand whose tricks a ruling scores: the irregularity ruled on, and the option whose points it takes
    (the hand let stand, or played over, under laws 25 and 43)."""

    incident: Incident
    option: str


@dataclass
class HandPlay:
    """One deal of the game: who sits where, the cards, the actions, and the referee's answer once over."""

    number: int  # 0-based
    deal: Deal
    seats: dict[str, str]  # player -> seat
    score_before: dict[str, int]  # by seat
    state: hand.HandState
    actions: list[WrittenAction] = field(default_factory=list)  # canonical actions, in order
    by: list[str] = field(default_factory=list)  # the player who made each action
    passed_at: int | None = None  # the learner let the tutor go on when this many actions were made
    answer: ScoredHand | None = None  # once the hand is over
    # irregularity drills (:mod:`.drills`): what the tutor was set to commit in this deal, and what came of it
    drill: IncidentCode | None = None  # the drill's code, chosen by the seed when the deal is made
    drill_from: int = 0  # the drill waits until this many tricks have been played
    incident: Incident | None = None  # the irregularity committed in this deal, once it is
    void: str | None = None  # the ruling that set this deal aside: fresh-deal or replay-hand
    irregular: set[int] = field(default_factory=set)  # indices of actions the referee never saw (a revoke let pass)
    ruled: Ruled | None = None  # a ruling whose option scores this hand's tricks (laws 25, 43)
    must_lead: str | None = None  # a suit the tutor must lead next (law 41)
    def player(self, seat: str) -> str:
        return next(p for p, s in self.seats.items() if s == seat)

    @property
    def over(self) -> bool:
        return self.state.phase in OVER

    @property
    def out_of_play(self) -> tuple[Card, ...]:
        """The cards a ruling put out of play (laws 17, 36): the deal keeps them apart from its stock."""
        return self.deal.out_of_play

    @property
    def stock_shown(self) -> int:
        """The cards of the stock a player can draw: the referee's stock, which never holds a card out of play."""
        return len(self.state.stock)

    @property
    def dealer(self) -> str:
        return self.player("dealer")

    def question(self, settings: Settings, actions: Sequence[Mapping[str, object]] | None = None) -> Question:
        """The ``hand`` question of this deal (its actions, or ``actions``), with the score before it."""
        return {"kind": "hand", **settings.question(), "deal": dealing.deal_question(self.deal),
                "actions": self.actions if actions is None else actions, "score_before": self.score_before}
