"""Points for a hand given up (law 42), worked out by the same scoring as ``kind: score``.

A player who abandons his hand concedes the tricks he had not won: with none won his
adversary marks the vole, with one or two the point. What those are worth, and
whether law 49 (or the profile's own rule) raises them because the player who gave
up had played without proposing or refused the first proposal, is exactly what the
``score`` kind would give the adversary for those tricks, so the two kinds agree.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product

from ...fields import SEAT_NAMES, other
from ...rulebook import Params, RuleBook
from ...wording import Words
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


def conceded(row: Row, known: Knowledge, params: Params, book: RuleBook) -> Concession:
    """The points of a hand given up, with a reason that states only what the question told.

    Each vulnerability fact is read as given (or implied). One left unknown was not asked because
    no answer changes the points (:func:`concession_facts`); the reason then keeps only what every
    answer would say, and when each answer would say more, names the question left open instead
    of presuming an answer (under the Finnish profile, playing without proposing and an accepted
    exchange both commit the elder, for different reasons).
    """
    unknown = [name for name in CONCESSION_FACTS if name not in known]
    fixed = {name: known[name] is True for name in CONCESSION_FACTS if name in known}
    found = {combo: concession_points(row, known, values, params, book)
             for combo, values in _answers(fixed, unknown)}
    results = list(found.values())
    first = results[0]
    assert all(c.points == first.points for c in results)  # the facts that change the points were asked
    told = [s for s in _sentences(first.reason) if all(s in _sentences(c.reason) for c in results)]
    reasons = _deciding(row, known, params, book)
    if any(_sentences(c.reason) == told for c in results):
        return Concession(first.points, " ".join(told), reasons)  # some answer would add nothing to it
    words = Words(book)
    open_ = [i for i in range(len(unknown))
             if any(_flip(combo, i) in found and found[_flip(combo, i)].reason != found[combo].reason
                    for combo in found)] or list(range(len(unknown)))
    seat = max(first.points, key=lambda s: first.points[s])
    questions = " and ".join(f"“{words.fact(unknown[i])}”" for i in open_)
    told = told or [f"{SEAT_NAMES[seat].capitalize()} marks {first.points[seat]} for the tricks conceded."]
    if len(open_) == 1:  # one question left open: what each answer would have said
        (i,) = open_
        each = {combo[i]: c.reason for combo, c in found.items()}
        told.append(f"That holds whatever the answer to {questions}, which was therefore not asked: " + "; ".join(
            f"if “{words.fact_value(unknown[i], value)}”, {_lower(each[value]).rstrip('.')}"
            for value in (True, False)) + ".")
    else:
        told.append(f"That holds whatever the answers to {questions}, which were therefore not asked.")
    return Concession(first.points, " ".join(told), reasons)


def _deciding(row: Row, known: Knowledge, params: Params, book: RuleBook) -> Reasons:
    """The rules cited for the points: read from the facts that change them alone (the others as not
    holding), so that an answer that changes no point changes no citation either (``facts_used``)."""
    relevant = concession_facts(row, known, params, book)
    values = {name: name in relevant and known[name] is True for name in CONCESSION_FACTS}
    return concession_points(row, known, values, params, book).reasons


def _answers(fixed: dict[str, bool], free: list[str]) -> Iterator[tuple[tuple[bool, ...], dict[str, bool]]]:
    """Every answer to the ``free`` commitment facts that fits the ``fixed`` ones: at most one holds
    (no proposal, the first refused, or a later one refused)."""
    for combo in product([True, False], repeat=len(free)):
        values = {**fixed, **dict(zip(free, combo, strict=True))}
        if sum(values.values()) <= 1:
            yield combo, values


def _flip(combo: tuple[bool, ...], i: int) -> tuple[bool, ...]:
    return combo[:i] + (not combo[i],) + combo[i + 1:]


def _lower(sentence: str) -> str:
    return sentence[0].lower() + sentence[1:] if sentence[:4] == "The " else sentence


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.)])\s+(?=[A-Z(])", text) if s]
