"""Points for a hand given up (law 42), worked out by the same scoring as ``kind: score``.

A player who abandons his hand concedes the tricks he had not won: with none won his
adversary marks the vole, with one or two the point. What those are worth, and
whether law 49 (or the profile's own rule) raises them because the player who gave
up had played without proposing or refused the first proposal, is exactly what the
``score`` kind would give the adversary for those tricks, so the two kinds agree.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from ...fields import other
from ...rulebook import Params, RuleBook
from .. import scoring
from ..citing import Reasons
from .knowledge import Knowledge
from .rows import CONCESSION_FACTS, Row


@dataclass(frozen=True)
class Concession:
    points: dict[str, int]
    reason: str
    reasons: Reasons


def concession_points(row: Row, known: Knowledge, vulnerability: dict[str, bool], params: Params,
                      book: RuleBook) -> Concession:
    """What the adversary of the offender marks when the offender gives up with ``tricks_won`` tricks."""
    offender, tricks_won = known["offender"], known["tricks_won"]
    assert isinstance(offender, str) and isinstance(tricks_won, int)  # a seat, and a whole number (dispute-facts)
    won = min(tricks_won, params.point_tricks - 1)  # a row that concedes has fewer than the point
    tricks = {offender: won, other(offender): params.hand_size - won}
    facts = scoring.HandFacts(tricks, vulnerability["elder_played_without_proposing"],
                              vulnerability["dealer_refused_first_proposal"],
                              dealer_refused_later_proposal=vulnerability["dealer_refused_later_proposal"])
    reasons = Reasons(book)
    award = scoring.trick_award(facts, params, reasons)
    points = {"elder": 0, "dealer": 0}
    points[award.seat] = award.points
    return Concession(points, award.reason, reasons)


def concession_facts(row: Row, known: Knowledge, params: Params, book: RuleBook) -> list[str]:
    """The vulnerability facts that change what the adversary scores for a conceded hand.

    Under each profile's scoring only some of them matter (law 49 raises the point but not
    the vole; the modern guide never makes the elder vulnerable...): those are asked, and
    only those are used. A fact matters when, the others fixed as known (or either way when
    unknown), its two values give different points.
    """
    relevant = []
    for name in CONCESSION_FACTS:
        others = [other for other in CONCESSION_FACTS if other != name]
        for combo in product(*[[known[n] is True] if n in known else [True, False] for n in others]):
            results = set()
            for value in (True, False):
                values = {**dict(zip(others, combo, strict=True)), name: value}
                if sum(values.values()) > 1:
                    continue  # at most one holds: no proposal, the first refused, or a later one refused
                points = concession_points(row, known, values, params, book).points
                results.add(tuple(sorted(points.items())))
            if len(results) > 1:
                relevant.append(name)
                break
    return relevant
