"""Points for a hand given up (law 42), worked out by the same scoring as ``kind: score``.

A player who abandons his hand concedes the tricks he had not won: with none won his
adversary marks the vole, with one or two the point. What those are worth, and
whether law 49 (or the profile's own rule) raises them because the player who gave
up had played without proposing or refused the first proposal, is exactly what the
``score`` kind would give the adversary for those tricks, so the two kinds agree.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..fields import other
from ..referee import scoring
from ..referee.citing import Reasons
from ..rulebook import Params, RuleBook
from .knowledge import Knowledge
from .rows import Row


@dataclass(frozen=True)
class Concession:
    points: dict
    reason: str
    reasons: Reasons


def concession_points(row: Row, known: Knowledge, vulnerability: dict, params: Params, book: RuleBook) -> Concession:
    """What the adversary of the offender marks when the offender gives up with ``tricks_won`` tricks."""
    offender = known["offender"]
    won = min(known["tricks_won"], params.point_tricks - 1)  # a row that concedes has fewer than the point
    tricks = {offender: won, other(offender): params.hand_size - won}
    facts = scoring.HandFacts(tricks, vulnerability["elder_played_without_proposing"],
                              vulnerability["dealer_refused_first_proposal"])
    reasons = Reasons(book)
    award = scoring.trick_award(facts, params, reasons)
    points = {"elder": 0, "dealer": 0}
    points[award.seat] = award.points
    return Concession(points, award.reason, reasons)
