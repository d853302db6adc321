"""What the table does when a ruling is carried out, or an irregularity let pass: the effects the drills'
``remedies`` and ``let_pass`` name (rules/laws/*.yaml), and the score of a hand whose tricks a ruling
scores.

A hand given up (law 42) ends with the points its ruling awards; a hand let stand after a revoke or a
false king (laws 43 and 25), or played over, takes its tricks' points from the ruling's option asked
again once the hand is over (:func:`scored`): the referee's ``points`` for that option, never a
second reckoning of the table's. Kings are claimed as the hand claimed them, and never cut.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TypeAlias

from ..engine import scoring
from ..engine.citing import Reasons
from ..engine.deal import Deal
from ..engine.disputes.answers import Ruling
from ..engine.hand import WrittenAction
from ..fields import SEATS
from ..i18n import tr
from ..rulebook import RuleBook
from .deals import FRESH, REPLAY, HandPlay, Incident, Ruled, ScoredHand
from .drills import drill_of, said, shift
from .drilltable import DrillTable
from .truth import true_ruling
from .view import TableDefect

Effect: TypeAlias = Callable[[DrillTable, HandPlay, Incident, Ruling, str], None]


def scores_hand(book: RuleBook, ruling: Ruling, option: str) -> bool:
    """Does ``option`` of the ruling score the hand (``points`` on it in the law's row)?"""
    rule_id, case = ruling["case"].split("/")
    decision = next(d for d in book.rules[rule_id].decisions if d["case"] == case)
    return any(o["id"] == option and "points" in o for o in decision["options"])


def _stand(game: DrillTable, hp: HandPlay, incident: Incident, ruling: Ruling, option: str) -> None:
    """The deal goes on as the referee's record holds it; an option that scores the hand scores it at its end."""
    if scores_hand(game.book, ruling, option):
        hp.ruled = Ruled(incident, option)


def _fresh_deal(game: DrillTable, hp: HandPlay, incident: Incident, ruling: Ruling, option: str) -> None:
    game.set_aside(hp, FRESH)


def _replay_hand(game: DrillTable, hp: HandPlay, incident: Incident, ruling: Ruling, option: str) -> None:
    """The same hands played over, straight; laws 25 and 43: the offender scores one less in the replay too."""
    fresh = game.set_aside(hp, REPLAY)
    fresh.drill = None
    scored_as = drill_of(game.book, incident.code).entry.get("replay_scored_as")
    if scored_as:
        fresh.ruled = Ruled(incident, scored_as)


def _draw_surplus(game: DrillTable, hp: HandPlay, incident: Incident, ruling: Ruling, option: str) -> None:
    """Law 17: a card drawn at random out of the hand holding too many, out of play."""
    extra = incident.cards[0]
    mine = [*hp.deal.dealer, extra]
    drawn = random.Random(f"ecarte-tutor draw {game.settings.seed} {hp.number}").choice(mine)
    kept = tuple(c for c in mine if c != drawn)
    # out of play: kept apart from the stock (engine/deal.py), so no exchange can draw it
    game.restart_hand(hp, [], [], Deal(hp.deal.elder, kept, hp.deal.turn_up, hp.deal.stock[1:],
                                       (*hp.deal.out_of_play, drawn)))
    incident.cards = (extra, drawn)


def _take_back(game: DrillTable, hp: HandPlay, incident: Incident, ruling: Ruling, option: str) -> None:
    """The tutor's card goes back into its hand; the hand goes on from before it."""
    at = incident.at
    game.restart_hand(hp, hp.actions[:at], hp.by[:at], irregular=frozenset(i for i in hp.irregular if i < at))


def _require_suit(game: DrillTable, hp: HandPlay, incident: Incident, ruling: Ruling, option: str) -> None:
    """Law 41: the card goes back and the tutor leads the suit it named."""
    _take_back(game, hp, incident, ruling, option)
    hp.must_lead = incident.suit


def _refuse_card(game: DrillTable, hp: HandPlay, incident: Incident, ruling: Ruling, option: str) -> None:
    """Law 36: the exposed card is refused, the next one given; it goes out of play."""
    card = incident.cards[0]
    stock = tuple(c for c in hp.deal.stock if c != card)  # out of play: apart from the stock, never drawn
    deal = Deal(hp.deal.elder, hp.deal.dealer, hp.deal.turn_up, stock, (*hp.deal.out_of_play, card))
    game.restart_hand(hp, hp.actions, hp.by, deal, frozenset(hp.irregular))


def _concede(game: DrillTable, hp: HandPlay, incident: Incident, ruling: Ruling, option: str) -> None:
    """Law 42: the hand ends; its tricks score what the ruling awards, the kings as the hand claimed them."""
    hp.state.phase = "complete"
    what = drill_of(game.book, incident.code)
    game.end_hand(ruled_score(game, hp, ruling.get("points") or {}, ruling,
                              tr("%(what)s As law %(law)s rules", what=what.what, law=what.law)))


def _take_off(game: DrillTable, hp: HandPlay, incident: Incident, ruling: Ruling, option: str) -> None:
    """Law 51: the excess comes off the score."""
    shift(game, game.current, -1)
    entry = next(e for e in reversed(game.sheet) if e.get("claim") == "overscore")
    entry["scored"] = False
    entry["reason"] = tr("Marked by the tutor beyond what the hand gave it; called, and taken off the score.")


def _retract_answer(game: DrillTable, hp: HandPlay, incident: Incident, ruling: Ruling, option: str) -> None:
    """The learner agreed to the tutor taking its answer back: the refusal replaces the acceptance."""
    actions: list[WrittenAction] = [*hp.actions[:-1], {"by": "dealer", "do": "refuse"}]
    game.restart_hand(hp, actions, hp.by)


STAND = "stand"  # the effect that leaves the deal as the referee's record holds it
EFFECTS: dict[str, Effect] = {STAND: _stand, "deal-again": _fresh_deal, "replay": _replay_hand,
                              "draw-one-out": _draw_surplus, "card-back": _take_back, "require-suit": _require_suit,
                              "refuse-card": _refuse_card, "concede": _concede, "take-off": _take_off,
                              "retract-answer": _retract_answer}
"""The table's effects, by the names the drills' ``remedies`` and ``let_pass`` use (rulefile.schema.json)."""


def carry_out(game: DrillTable, hp: HandPlay, incident: Incident, option: str, ruling: Ruling) -> None:
    """Carry out ``option`` of the ruling on ``incident``, as its drill's ``remedies`` say."""
    drill = drill_of(game.book, incident.code)
    incident.point = False  # a point the tutor marked without earning it comes off, whatever the ruling (law 25)
    effect = drill.entry["remedies"].get(option)
    if effect is None:
        raise TableDefect(f"the {incident.code} drill has no remedy for '{option}' (its remedies, rules/laws)")
    EFFECTS[effect](game, hp, incident, ruling, option)
    shows = drill.entry.get("shows", {})
    if option in shows:  # the ruling lets the learner look at the card the remedy moved
        game.note_incident("learner", incident.code, said(game.book, incident, f"shows.{option}"))


def let_pass(game: DrillTable, hp: HandPlay, incident: Incident) -> None:
    """The learner let it pass: the table settles it as a quiet table would (its drill's ``let_pass``)."""
    effect = drill_of(game.book, incident.code).entry.get("let_pass")
    if effect is not None:
        EFFECTS[effect](game, hp, incident, true_ruling(game, incident), "")


def ruled_score(game: DrillTable, hp: HandPlay, points: Mapping[str, int], ruling: Ruling, why: str) -> ScoredHand:
    """The hand's score with its tricks scored as a ruling says (``points`` by seat, ``why`` its words):
    the kings as the hand claimed them, then the ruling's award, and the game's end as the score says."""
    state = hp.state
    winner = max(SEATS, key=lambda s: (points.get(s, 0), state.tricks[s]))  # the seat it scores, or cut to nothing
    won = points.get(winner, 0)
    scored_words = won or tr("nothing")
    reason = (tr("%(why)s, you score %(points)s for the tricks.", why=why, points=scored_words)
              if hp.player(winner) == "learner" else
              tr("%(why)s, the tutor scores %(points)s for the tricks.", why=why, points=scored_words))
    award = scoring.Award(winner, won, "tricks", reason, reasons=Reasons(game.book).add(*ruling["cites"]))
    facts = scoring.HandFacts(dict(state.tricks), king_turned=state.king_turned,
                              king_announced_by=state.king_announced_by)
    return {"legal": False, "score": scoring.score(facts, hp.score_before, game.params, game.book,
                                                   with_tricks=state.phase != "game-over", ruled=award)}


def scored(game: DrillTable, hp: HandPlay, answer: ScoredHand) -> ScoredHand:
    """The score of a hand that is over: the referee's, or, when a ruling scores its tricks (the hand let
    stand, or played over), the points of the ruling's option asked again on the hand as it ended."""
    ruled = hp.ruled
    if ruled is None or hp.state.phase != "complete":  # a game won by a king inside the hand scores no tricks
        return answer
    ruling = true_ruling(game, ruled.incident, hp)
    option = next((o for o in ruling["options"] if o["id"] == ruled.option), None)
    if option is None or "points" not in option:
        raise TableDefect(f"the ruling {ruling['case']} gives no points for '{ruled.option}' once the hand is over")
    drill = drill_of(game.book, ruled.incident.code)
    return ruled_score(game, hp, option["points"], ruling, tr("%(label)s (law %(law)s)", label=option["label"],
                                                               law=drill.law))
