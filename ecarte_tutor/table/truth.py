"""What really happened: the facts of a drill's situation as the game knows them, and the dispute
engine's ruling on them.

The learner's call is graded against these facts (:mod:`.incidents`), a remedy is carried out on
this ruling (:mod:`.remedies`), and a hand whose tricks a ruling scores takes its points from the
same ruling asked again once the hand is over, so that the table and the referee give one answer.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from ..engine import hand
from ..engine.disputes.answers import Ruling
from ..engine.disputes.conditions import matches
from ..engine.disputes.knowledge import establish
from ..engine.disputes.points import NOBODY, wager_facts
from ..jsontypes import Answer
from ..rulebook import FactValue, RuleBook
from .deals import HandPlay, Incident
from .drills import STAGINGS, Facts, drill_of
from .drilltable import DrillTable
from .settings import TableError
from .view import asked


def hand_of(game: DrillTable, incident: Incident) -> HandPlay:
    """The deal an irregularity belongs to."""
    return next(h for h in game.hands if h.number == incident.deal)


def moments(state: hand.HandState) -> Facts:
    """The timeline facts of a hand standing at ``state`` (docs/laws-and-disputes.md): all known to the table."""
    over = state.phase in ("complete", "game-over")
    return {
        "deal_begun": True, "trump_turned": True, "elder_looked": True,
        "elder_proposed": state.proposals > 0,
        "dealer_answered": state.proposals > 0 and state.phase != "response",
        "exchange_made": sum(state.discarded.values()) > 0,
        "exchange_over": state.phase in ("play", "complete", "game-over"),
        "first_lead": bool(state.history or state.current),
        "elder_played": bool(state.played["elder"]),
        "dealer_played": bool(state.played["dealer"]),
        "hand_over": over,
        "played_again": len(state.played["dealer"]) > 1,
        "next_trump_turned": False,
        "elder_played_without_proposing": state.elder_played_without_proposing,
        "dealer_refused_first_proposal": state.dealer_refused_first_proposal,
        "dealer_refused_later_proposal": state.dealer_refused_later_proposal,
    }


def scoring_facts(game: DrillTable, hp: HandPlay, offender: str) -> Facts:
    """What the hand's tricks are worth turns on: the offender's tricks, and the wagers of the agreements made."""
    state = hp.state
    facts: Facts = {"tricks_won": state.tricks[offender]}
    made = wager_facts(game.book, game.params)
    if "hand_doubled" in made:
        facts["hand_doubled"] = state.doubled
    if "point_declined_by" in made:
        facts["point_declined_by"] = state.offer_declined_by or NOBODY
    return facts


def truth(game: DrillTable, incident: Incident, hp: HandPlay | None = None) -> Facts:
    """Every fact of the situation, as the game knows it, in the interview's names: the drill's own, the
    tutor's seat as the offender's, what the table observes of the hand, and the hand's moments now,
    with everything the facts file says follows from them (a count of six is too many cards), so that
    every fact the interview can ask on the drill has its true answer.
    ``hp``: the hand the moments and the tricks are read from (a hand played over), when not the incident's."""
    origin = hand_of(game, incident)
    hp = hp or origin
    observed = incident.observed or STAGINGS[incident.code].observe(game, origin, incident)
    facts = {**moments(hp.state), **scoring_facts(game, hp, incident.offender), "offender": incident.offender,
             **drill_of(game.book, incident.code).entry["facts"], **observed}
    discovered = _discovered(game.book, facts)
    if discovered is not None:
        facts["discovered"] = discovered
    return {**facts, **establish(game.book, {k: v for k, v in facts.items() if k in game.book.facts}).values}


def settles(book: RuleBook, irregularity: FactValue) -> dict[str, dict[str, FactValue]]:
    """What each ``discovered`` value settles for ``irregularity`` (the facts file's implications: a turned king
    found while the next deal is cut is read apart from an exposed card found while this one is)."""
    out: dict[str, dict[str, FactValue]] = {}
    for rule in book.implications:
        condition = rule["if"]
        value = condition.get("discovered")
        if set(condition) - {"discovered", "irregularity"} or not isinstance(value, str):  # one value, a name
            continue
        if "irregularity" in condition and not matches(condition["irregularity"], irregularity):
            continue
        out[value] = {name: then for name, then in rule["then"].items() if isinstance(then, (str, int))}
    return out


def _discovered(book: RuleBook, facts: Mapping[str, FactValue]) -> str | None:
    for value, then in settles(book, facts["irregularity"]).items():
        if all(facts.get(name) == wanted for name, wanted in then.items()):
            return value
    return None


def true_ruling(game: DrillTable, incident: Incident, hp: HandPlay | None = None) -> Ruling:
    """The dispute engine's ruling on what really happened (``hp``: as for :func:`truth`)."""
    facts = {k: v for k, v in truth(game, incident, hp).items() if k in game.book.facts}
    answer = asked({"kind": "dispute", **game.settings.question(), "facts": facts}, game.book, Answer)
    if answer.get("status") != "ruling":
        raise TableError(f"the facts of the {incident.code} drill do not reach a ruling: {answer.get('need')}")
    return cast(Ruling, answer)  # a ruling of the interview (engine/disputes/answers.py)
