"""What a hand scores (kind ``score``), point by point, in the order the game claims them.

Point values, who is vulnerable (law 49 and the profiles' variants), the game
target and the claim order all come from the rule book, and so do the words of every
award: templates beside each rule (``says``, :mod:`.saying`), the counts in them filled from the
parameters ("all five tricks" is the hand's size).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NotRequired, TypedDict

from ..errors import QuestionError
from ..fields import SEATS, other, read_bool, read_seat, read_seat_numbers, require
from ..i18n import DEFAULT_LANG, current, tr
from ..jsontypes import Question
from ..marks import decides
from ..rulebook import Params, RuleBook
from ..wording import Words, number_word, seat_name, seat_totals, seat_word
from .citing import Reasons
from .saying import Saying

# Why a seat stands committed to the point, or does not (law 49 and the profiles' variants): rules/scoring.yaml.
DEALER_REFUSED_FIRST = Saying("scoring.penalty", "dealer-refused-first")
FIRST_REFUSAL_FREE = Saying("scoring.penalty", "first-refusal-free")
DEALER_REFUSED_LATER = Saying("scoring.penalty", "dealer-refused-later", "point_tricks")
LATER_REFUSAL_FREE = Saying("scoring.penalty", "later-refusal-free")
ELDER_WITHOUT_PROPOSING = Saying("scoring.penalty", "elder-without-proposing")
NO_PROPOSAL_FREE = Saying("scoring.penalty", "no-proposal-free", "profile")
ELDER_AFTER_ACCEPTANCE = Saying("scoring.penalty", "elder-after-acceptance", "point_tricks")
# What the tricks win, and how the commitment changes it.
POINT = Saying("scoring.point", "point", "won")
VOLE = Saying("scoring.vole", "vole", "hand_size")
WON = Saying("scoring", "won", "Winner", "what", "points")
GIVEN = Saying("scoring", "given", "Winner", "what", "points")  # tricks conceded to him (law 42), not won
LOST_VOLE_SCORES_ALL_THE_SAME = Saying("scoring.penalty", "lost-vole-all-the-same", "Why", "points")
LOST_COMMITTED = Saying("scoring.penalty", "lost-committed", "Winner", "what", "why", "penalty", "points")
LOST_COMMITTED_GIVEN = Saying("scoring.penalty", "lost-committed-given", "Winner", "what", "why", "penalty", "points")
WON_COMMITTED = Saying("scoring.penalty", "won-committed", "Why")
NOT_COMMITTED = Saying("scoring.penalty", "not-committed", "Why")
# The agreements of doubling and offering the point (rules/variants.yaml).
DOUBLE_DECLINED = Saying("variant.doubling", "declined", "seat")
DOUBLED = Saying("variant.doubling", "doubled", "points")
OFFER_TAKEN = Saying("variant.offering-the-point", "taken", "seat")
OFFER_DECLINED_LOST = Saying("variant.offering-the-point", "declined-and-lost", "decliner", "offerer", "points")
OFFER_DECLINED_WON = Saying("variant.offering-the-point", "declined-and-won", "decliner")
# The kings (rules/king.yaml), and the hand's total (rules/scoring.yaml).
KING_TURNED = Saying("king.turned-up", "turned", "points")
KING_ANNOUNCED = Saying("king.announce", "announced", "Seat", "points")
NOT_SCORED = Saying("scoring.game", "not-scored")
THIS_HAND = Saying("scoring", "this-hand", "totals")
SCORE_NOW = Saying("scoring.game", "score-now", "elder", "dealer")
GAME_WON = Saying("scoring.game", "game-won", "Winner", "target")
GAME_WON_COUNTS = Saying("scoring.game", "game-won-counts", "Winner", "target", "value")


class AwardFields(TypedDict):
    """An award as the answer gives it (``awards``), with the rules and laws behind it alone."""

    seat: str
    points: int
    claim: str
    reason: str
    scored: bool
    cites: NotRequired[list[str]]
    laws: NotRequired[list[int]]


class Settled(TypedDict):
    """The points of the hand, and with a score before it, the score after and any game won."""

    points: dict[str, int]
    score_after: NotRequired[dict[str, int]]
    winner: NotRequired[str | None]
    game_value: NotRequired[int]


class Scored(Settled):
    """The answer body of a ``score`` question (also the ``score`` of a completed hand)."""

    awards: list[AwardFields]
    cites: list[str]
    laws: list[int]
    explanation: str


@dataclass
class Award:
    """Points claimed by one seat for one reason."""

    seat: str
    points: int
    claim: str  # turned-king | announced-king | tricks
    reason: str
    scored: bool = True
    reasons: Reasons | None = None  # the rules (and laws) behind this claim alone, for a score sheet

    def to_dict(self) -> AwardFields:
        out: AwardFields = {"seat": self.seat, "points": self.points, "claim": self.claim, "reason": self.reason,
                            "scored": self.scored}
        if self.reasons is not None:
            own = self.reasons.fields()
            out["cites"], out["laws"] = own["cites"], own["laws"]
        return out


@dataclass
class HandFacts:
    """What happened in a hand, as far as scoring needs to know."""

    tricks: dict[str, int]
    elder_played_without_proposing: bool = False
    dealer_refused_first_proposal: bool = False
    king_turned: bool = False
    dealer_refused_later_proposal: bool = False  # a proposal after an accepted exchange
    # the agreements of doubling and offering the point (engine/wagers.py)
    doubled: bool = False
    offer_declined_by: str | None = None
    ended: tuple[str, str] | None = None  # ("double-declined" | "offer-accepted", the seat that scores)
    king_announced_by: str | None = None
    conceded_to: str | None = None  # the seat the tricks of a hand given up were conceded to (law 42), not won
    # A seat's tricks in words where only a range is known ("three or four": a referee's question), for
    # the sentences; the count in ``tricks`` is then one that scores the same.
    tricks_said: tuple[tuple[str, str], ...] = ()


def profile_word(reasons: Reasons, params: Params) -> str:
    """The profile as a sentence names it: "London" (in English its id, as it always was; else its title's first
    words in the current language, "Londres")."""
    if current() == DEFAULT_LANG:
        return params.profile.capitalize()
    return Words(reasons.book).profile(params.profile).split(" (")[0]


@decides("scoring.penalty", "variant.elder-vulnerable", "variant.elder-committed-after-acceptance",
         "variant.dealer-committed-on-later-refusal")
def committed_seat(facts: HandFacts, params: Params, reasons: Reasons) -> tuple[str | None, str]:
    """The seat that staked 2 on winning the point (law 49 and the profile's variants), and why."""
    point_tricks = number_word(params.point_tricks)
    if facts.dealer_refused_first_proposal:
        reasons.add(params.rule_for("dealer_vulnerable_on_first_refusal"))
        if params.dealer_vulnerable_on_first_refusal:
            return "dealer", DEALER_REFUSED_FIRST.say(params)
        return None, FIRST_REFUSAL_FREE.say(params)
    if facts.dealer_refused_later_proposal:
        reasons.add(params.rule_for("dealer_committed_on_later_refusal"))
        if params.dealer_committed_on_later_refusal:  # the last word was the dealer's refusal
            return "dealer", DEALER_REFUSED_LATER.say(params, point_tricks=point_tricks)
        return None, LATER_REFUSAL_FREE.say(params)
    if facts.elder_played_without_proposing:
        reasons.add(params.rule_for("elder_vulnerable_without_proposal"))
        if params.elder_vulnerable_without_proposal:
            return "elder", ELDER_WITHOUT_PROPOSING.say(params)
        return None, NO_PROPOSAL_FREE.say(params, profile=profile_word(reasons, params))
    if params.elder_committed_after_acceptance:
        reasons.add(params.rule_for("elder_committed_after_acceptance"))
        return "elder", ELDER_AFTER_ACCEPTANCE.say(params, point_tricks=point_tricks)
    return None, ""


@decides("scoring.point", "scoring.vole", "scoring.penalty", "variant.vulnerable-vole", "law.48", "law.49")
def trick_award(facts: HandFacts, params: Params, reasons: Reasons) -> Award:
    """The points for the tricks: the point, the vole, or the penalty of law 49."""
    winner = next(seat for seat in SEATS if facts.tricks[seat] >= params.point_tricks)
    won = facts.tricks[winner]
    vole = won == params.hand_size  # every trick of the hand
    reasons.add(params.rule_for("vole_value" if vole else "point_value"))
    reasons.law("law.48")
    committed, why = committed_seat(facts, params, reasons)
    what = VOLE.say(params, hand_size=number_word(params.hand_size)) if vole else \
        POINT.say(params, won=dict(facts.tricks_said).get(winner, won))
    points = params.vole_value if vole else params.point_value
    name = seat_name(winner).capitalize()
    given = facts.conceded_to == winner  # he did not win them all: they were given up to him
    reason = (GIVEN if given else WON).say(params, Winner=name, what=what, points=points)
    if committed == other(winner):
        reasons.add(params.rule_for("vulnerable_vole_value" if vole else "vulnerable_point_value")).law("law.49")
        penalty = params.vulnerable_vole_value if vole else params.vulnerable_point_value
        if penalty == points:
            reason += " " + LOST_VOLE_SCORES_ALL_THE_SAME.say(params, Why=why.capitalize(), points=points)
        else:
            reason = (LOST_COMMITTED_GIVEN if given else LOST_COMMITTED).say(
                params, Winner=name, what=what, why=why, penalty=penalty, points=points)
        points = penalty
    elif committed == winner:
        reason += " " + WON_COMMITTED.say(params, Why=why.capitalize())
    elif why and not committed:
        reason += " " + NOT_COMMITTED.say(params, Why=why[0].upper() + why[1:])
    return Award(winner, points, "tricks", reason)


@decides("variant.doubling", "variant.offering-the-point")
def wager_claim(facts: HandFacts, params: Params, reasons: Reasons) -> Award:
    """The tricks' award as doubling or an offer of the point changed it (seed 000, "Variations")."""
    if facts.ended:
        how, seat = facts.ended
        # a declined double gives the doubler, a taken offer the player who took it, the point as if won
        won = replace(facts, tricks={seat: params.point_tricks, other(seat): params.hand_size - params.point_tricks},
                      ended=None, doubled=False, offer_declined_by=None)
        award = trick_award(won, params, reasons)
        rule = "variant.doubling" if how == "double-declined" else "variant.offering-the-point"
        reasons.add(rule)
        stopped = DOUBLE_DECLINED.say(params, seat=seat_word(other(seat))) if how == "double-declined" else \
            OFFER_TAKEN.say(params, seat=seat_word(seat))
        award.reason = f"{stopped} {award.reason}"
        return award
    award = trick_award(facts, params, reasons)
    decliner = facts.offer_declined_by
    if decliner:
        reasons.add("variant.offering-the-point")
        if facts.tricks[decliner] < params.hand_size:  # bound to the vole, he lost a trick
            offerer = other(decliner)
            return Award(offerer, params.declined_offer_points, "tricks",
                         OFFER_DECLINED_LOST.say(params, decliner=seat_word(decliner), offerer=seat_word(offerer),
                                                 points=params.declined_offer_points))
        award.reason += " " + OFFER_DECLINED_WON.say(params, decliner=seat_word(decliner))
    if facts.doubled:
        reasons.add("variant.doubling")
        award.points *= params.doubling_factor
        award.reason += " " + DOUBLED.say(params, points=award.points)
    return award


@decides("king.turned-up", "king.announce", "scoring.claim-order", "law.22", "law.23", "law.47")
def hand_awards(facts: HandFacts, params: Params, reasons: Reasons, with_tricks: bool = True,
                ruled: Award | None = None) -> list[Award]:
    """Every claim of the hand, in the game's claim order (the tricks too, when they were all played;
    ``ruled``: the tricks' award a referee's ruling gave, laws 25, 42 and 43, instead of their own)."""
    claims: dict[str, Award] = {}
    if facts.king_turned:
        own = Reasons(reasons.book).add("king.turned-up").law("law.22", "law.47")
        claims["turned-king"] = Award("dealer", params.king_points, "turned-king",
                                      KING_TURNED.say(params, points=params.king_points), reasons=own)
    if facts.king_announced_by:
        own = Reasons(reasons.book).add("king.announce").law("law.23", "law.47")
        seat = seat_name(facts.king_announced_by).capitalize()
        claims["announced-king"] = Award(facts.king_announced_by, params.king_points, "announced-king",
                                         KING_ANNOUNCED.say(params, Seat=seat, points=params.king_points), reasons=own)
    if with_tricks and ruled is not None:
        claims["tricks"] = ruled
    elif with_tricks:
        own = Reasons(reasons.book)
        claims["tricks"] = wager_claim(facts, params, own)
        claims["tricks"].reasons = own
    for claim in claims.values():  # the answer cites every claim's rules, in the order found
        if claim.reasons is not None:
            reasons.add(*claim.reasons.ids)
    if len(claims) > 1:
        reasons.add(params.rule_for("claim_order"))
    return [claims[name] for name in params.claim_order if name in claims]


@decides("variant.game-value", "scoring.game-value-scale")
def game_value(loser_score: int, params: Params, reasons: Reasons) -> int:
    """How many games a won game counts for (one; by the loser's score where the profile says so)."""
    reasons.add(params.rule_for("game_value"))
    if params.game_value != "by-loser-score":
        return 1
    reasons.add(params.rule_for("game_value_scale"))
    for step in params.game_value_scale:
        if loser_score <= step["loser_at_most"]:
            return step["value"]
    return 1


@decides("scoring.game", "scoring.claim-order")
def settle(awards: list[Award], before: dict[str, int] | None, params: Params, reasons: Reasons) -> Settled:
    """Apply the awards to the score in order; the game ends the moment a seat reaches the target."""
    points = {seat: 0 for seat in SEATS}
    running = dict(before) if before else None
    winner = None
    for award in awards:
        if winner:
            award.scored = False
            award.reason += " " + NOT_SCORED.say(params)
            continue
        points[award.seat] += award.points
        if running is not None:
            running[award.seat] += award.points
            if running[award.seat] >= params.game_target:
                winner = award.seat
    result: Settled = {"points": points}
    if running is not None:
        reasons.add(params.rule_for("game_target"), params.rule_for("claim_order"))
        result["score_after"] = running
        result["winner"] = winner
        if winner:
            result["game_value"] = game_value(running[other(winner)], params, reasons)
    return result


def score(facts: HandFacts, before: dict[str, int] | None, params: Params, book: RuleBook,
          with_tricks: bool = True, ruled: Award | None = None) -> Scored:
    """The answer body of a ``score`` question (also used for a completed ``hand``, or one whose game
    ended before its tricks were played: then ``with_tricks`` is False; ``ruled``: as for
    :func:`hand_awards`)."""
    reasons = Reasons(book)
    awards = hand_awards(facts, params, reasons, with_tricks, ruled)
    result: Scored = {**settle(awards, before, params, reasons), "awards": [a.to_dict() for a in awards],
                      **reasons.fields(), "explanation": ""}
    text = " ".join(a.reason for a in awards)
    totals = seat_totals({s: result["points"][s] for s in SEATS})
    text += " " + THIS_HAND.say(params, totals=totals)
    if "score_after" in result:
        after = result["score_after"]
        text += " " + SCORE_NOW.say(params, elder=after["elder"], dealer=after["dealer"])
        if result["winner"]:
            winner, value = seat_name(result["winner"]).capitalize(), result["game_value"]
            text += " " + (GAME_WON_COUNTS.say(params, Winner=winner, target=params.game_target, value=value)
                           if value > 1 else GAME_WON.say(params, Winner=winner, target=params.game_target))
    result["explanation"] = text
    return result


@decides("deal.five-cards")
def read_facts(question: Question, params: Params) -> HandFacts:
    tricks_in_hand = params.hand_size  # one trick for each card held
    tricks = read_seat_numbers(require(question, "tricks"), "tricks", low=0, high=tricks_in_hand)
    if sum(tricks.values()) != tricks_in_hand:
        raise QuestionError("bad-tricks", tr("The tricks must add up to %(count)d (a hand has %(count)d tricks); got "
                                             "%(elder)d + %(dealer)d.", count=tricks_in_hand, elder=tricks["elder"],
                                             dealer=tricks["dealer"]), "tricks")
    facts = HandFacts(
        tricks=tricks,
        elder_played_without_proposing=read_bool(question, "elder_played_without_proposing"),
        dealer_refused_first_proposal=read_bool(question, "dealer_refused_first_proposal"),
        dealer_refused_later_proposal=read_bool(question, "dealer_refused_later_proposal"),
        king_turned=read_bool(question, "king_turned"),
        king_announced_by=read_seat(question.get("king_announced_by"), "king_announced_by", allow_none=True),
    )
    if facts.elder_played_without_proposing and facts.dealer_refused_first_proposal:
        raise QuestionError("inconsistent-facts", tr("The dealer cannot have refused a first proposal when the elder "
                                                     "played without proposing."), "dealer_refused_first_proposal")
    if facts.dealer_refused_later_proposal and (facts.elder_played_without_proposing
                                                or facts.dealer_refused_first_proposal):
        raise QuestionError("inconsistent-facts", tr("A later proposal can be refused only after a first one was "
                                                     "accepted: not when the elder played without proposing or the "
                                                     "first was refused."), "dealer_refused_later_proposal")
    if facts.king_turned and facts.king_announced_by:
        raise QuestionError("inconsistent-facts", tr("There is one king of trumps: if it was turned up, nobody can "
                                                     "hold it and announce it."), "king_announced_by")
    return facts


@dataclass(frozen=True, slots=True)
class ScoreAnswer:
    """The ``score`` kind's answer: what :func:`score` works out (the points, each award, the score after
    and any game won when a score before was given, the rules and why)."""

    scored: Scored

    def as_json(self) -> Scored:
        return self.scored.copy()  # ask() completes its answer: the score itself stays as worked out


def answer_score(question: Question, book: RuleBook, params: Params) -> ScoreAnswer:
    """Kind ``score``."""
    facts = read_facts(question, params)
    before = question.get("score_before")
    if before is not None:
        before = read_seat_numbers(before, "score_before", low=0, high=params.game_target - 1)
    return ScoreAnswer(score(facts, before, params, book))
