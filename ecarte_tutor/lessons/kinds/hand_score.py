"""``hand-score``: what a hand played out, told action by action, scores (``{"points": {...}}``).

The position is a ``hand`` question (the deal and the actions, with the agreements made), so
the hands that the agreements of doubling and offering the point change can be asked about:
a double accepted or declined, the point offered and taken or refused. The engine referees
the whole hand; an exercise whose hand is illegal or unfinished is a lesson defect.

The diagnosis first names the catalogue's mistakes (the wager left out: the engine referees the
hand again without it; tricks counted as points), then reads the wager that ended the hand: the
wrong player paid, the vole claimed for a point conceded, a vulnerable player's extra point left out.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, NotRequired, cast

from ...cards import parse_card, shown
from ...engine.hand import HandJson, ShownState, ShownWagers, answer_hand
from ...engine.scoring import AwardFields
from ...fields import SEATS, other
from ...i18n import current, marked, marked_in, tr, trc, trn
from ...marks import decides
from ...rulebook import Params, RuleBook
from ..diagnosis import Diagnosis
from ..exercise import Position, params_of
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import SEAT_WORDS, LessonError
from ..vouched import NUMBER_WORDS
from .best_card import seat_said, trump_line
from .score import OWN_CLAIM, RISK_WORDS, TO_SEAT, PointsKind, PointsResponse, gave, risk_taker, score_seat

if TYPE_CHECKING:
    from ..exercise import Exercise

DOUBLE, OFFER = "variant.doubling", "variant.offering-the-point"
TRICKS = marked_in("claim", "tricks")
AS_FOR = {"elder": marked("As for the elder hand's %(mine)s: %(why)s."),
          "dealer": marked("As for the dealer's %(mine)s: %(why)s.")}
"""What the learner gave the losing seat, said back before why it scores nothing."""
VERB_WORDS = {"propose": marked("%(seat)s proposes"), "accept": marked("%(seat)s accepts"),
              "refuse": marked("%(seat)s refuses"), "announce-king": marked("%(seat)s announces the king"),
              "double": marked("%(seat)s offers to double the hand"),
              "accept-double": marked("%(seat)s accepts the double"),
              "decline-double": marked("%(seat)s declines the double"),
              "offer-point": marked("%(seat)s offers the point"),
              "accept-offer": marked("%(seat)s takes the point offered"),
              "decline-offer": marked("%(seat)s declines the point offered")}
"""Each action of a hand told, a whole sentence with its seat (said by :func:`_told`)."""


class HandPosition(Position):
    """A ``hand`` question without its kind: the deal, and the actions in the order taken."""

    deal: dict[str, object]
    actions: list[dict[str, object]]
    score_before: NotRequired[dict[str, int]]


class HandScore(PointsKind[HandPosition, HandJson]):
    name = "hand-score"
    ask_kind = "hand"

    def engine_answer(self, exercise: Exercise, book: RuleBook) -> HandJson:
        answer = self.asked(exercise, book)
        if answer.get("legal") is not True or "score" not in answer:
            raise LessonError("the hand-score exercise's hand is illegal or not over: the engine gives it no score")
        return cast(HandJson, answer)  # a finished hand (engine/hand.py), as ask() completes it

    def expected(self, exercise: Exercise, answer: HandJson) -> PointsResponse:
        return {"points": {seat: answer["score"]["points"][seat] for seat in SEATS}}

    def explanation(self, answer: HandJson) -> str:
        return answer["score"]["explanation"]

    def awards(self, answer: HandJson) -> list[AwardFields]:
        return list(answer["score"]["awards"])

    def under(self, exercise: Exercise, params: Params, book: RuleBook) -> PointsResponse | None:
        """The score the engine gives the same hand refereed under other parameters (a rule the learner
        holds wrong); None when the hand is then illegal or unfinished."""
        played = answer_hand({"kind": "hand", **self.position(exercise.position)}, book, params).as_json()
        scored = played.get("score")
        return None if scored is None else {"points": {seat: scored["points"][seat] for seat in SEATS}}

    def slots(self, case: Case, given: PointsResponse) -> dict[str, object]:
        # who took a risk in this very hand (played without proposing, refused the first proposal), as the
        # engine refereed it
        risky = risk_taker(cast(Mapping[str, object], case.answer["state"]))
        return super().slots(case, given) | ({"risk": trc("risk", RISK_WORDS[risky])} if risky else {})

    def diagnose(self, exercise: Exercise, given: PointsResponse, expected: PointsResponse, answer: HandJson,
                 book: RuleBook) -> Diagnosis:
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        if named:
            return replace(named, text=f"{gave(given)} {named.text}")
        mine, right = given["points"], expected["points"]
        state = answer["state"]
        rule = _wager_rule(state["wagers"])
        won = next((s for s in SEATS if right[s] > 0), "elder")  # the seat the hand scores for
        lost = other(won)
        if (mine["elder"], mine["dealer"]) == (right["dealer"], right["elder"]):
            return Diagnosis(gave(given) + " " + tr("You have the two scores the wrong way round: %(why)s.",
                                                    why=_nothing(state, lost)), rule)
        if mine[lost] > 0 and mine[won] == right[won]:
            return Diagnosis(tr("You gave %(to)s %(mine)s, but %(why)s.", to=trc("score seat given to", TO_SEAT[lost]),
                                mine=mine[lost], why=_nothing(state, lost)), rule)
        # Every other count names both numbers the learner gave, then what is wrong with the winner's.
        nothing = " " + tr(AS_FOR[lost], mine=mine[lost], why=_nothing(state, lost)) if mine[lost] else ""
        tricks = _what_tricks_make(params_of(exercise, book))
        wrong = _too_little(state, won, tricks) if mine[won] < right[won] else _too_much(state, won, tricks)
        return Diagnosis(f"{gave(given)} {wrong}{nothing}", rule)

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        deal = p["deal"]
        lines = [trump_line(parse_card(deal["turn_up"])),
                 tr("The elder hand holds %(elder)s; the dealer %(dealer)s", elder=_cards(deal["elder"]),
                    dealer=_cards(deal["dealer"]))]
        return lines + [_told(action, i, p["actions"]) for i, action in enumerate(p["actions"])]


def _cards(cards: object) -> str:
    return " ".join(shown(parse_card(c), current()) for c in cards) if isinstance(cards, list) else ""


def _told(action: dict[str, object], index: int, actions: list[dict[str, object]]) -> str:
    """One action in words: "The dealer offers to double the hand"."""
    by = str(action.get("by"))
    seat = (seat_said(by) if by in SEAT_WORDS else by).capitalize()
    verb = str(action.get("do"))
    if verb == "card":
        return tr("%(seat)s plays %(card)s", seat=seat, card=shown(parse_card(action["card"]), current()))
    if verb == "discard":
        cards = action.get("cards")
        count = len(cards) if isinstance(cards, list) else 0
        return trn("%(seat)s discards %(count)d card and draws as many",
                   "%(seat)s discards %(count)d cards and draws as many", count, seat=seat)
    if verb == "stand":
        proposed = any(a.get("do") == "propose" for a in actions[:index])
        return tr("%(seat)s says “I play”", seat=seat) if proposed else tr("%(seat)s plays without proposing",
                                                                               seat=seat)
    return tr(VERB_WORDS[verb], seat=seat) if verb in VERB_WORDS else f"{seat} {verb}"


@decides("scoring.point")
def _wager_rule(wagers: ShownWagers) -> str:
    """The agreement whose wager shaped the score; the point's rule for a hand without one."""
    if wagers["ended"]:
        return DOUBLE if wagers["ended"][0] == "double-declined" else OFFER
    if wagers["doubled"]:
        return DOUBLE
    return OFFER if wagers["offer_declined_by"] else "scoring.point"


def _nothing(state: ShownState, seat: str) -> str:
    """Why ``seat`` scores nothing for this hand (the wager that ended it, or the tricks he took): a whole clause,
    its seat the subject, that a sentence quotes after "but" or a colon."""
    wagers = state["wagers"]
    ended = wagers["ended"]
    name = score_seat(seat)
    if ended and ended[0] == "double-declined":
        return tr("%(seat)s declined the double, which gives the hand up, and the one who offered it scores", seat=name)
    if ended:
        return tr("%(seat)s offered the point and it was taken, which ends the hand: the taker scores", seat=name)
    if wagers["offer_declined_by"] == seat:
        return tr("%(seat)s declined the point offered and then lost a trick, which gives the hand to the other "
                  "player", seat=name)
    return trn("%(seat)s took only %(count)d trick, and only the player who wins the point scores for the tricks",
               "%(seat)s took only %(count)d tricks, and only the player who wins the point scores for the tricks",
               state["tricks"][seat], seat=name)


def _what_tricks_make(params: Params) -> str:
    """"three or more tricks make the point, all five the vole", from the rule book in force."""
    return tr("%(point)s or more tricks make the point, all %(hand)s the vole",
              point=trc("lesson count", NUMBER_WORDS[params.point_tricks]),
              hand=trc("lesson count", NUMBER_WORDS[params.hand_size]))


def _tricks_of(seat: str) -> str:
    """A seat's tricks ("the dealer's tricks": « les plis du donneur »)."""
    return tr(OWN_CLAIM[seat], claim=trc("claim", TRICKS))


def _too_little(state: ShownState, won: str, tricks: str) -> str:
    """What a count below the winner's leaves out."""
    wagers = state["wagers"]
    lost = other(won)
    if wagers["offer_declined_by"] == lost:
        return tr("%(lost)s declined the point %(won)s offered, and then lost a trick: for that the agreement gives "
                  "%(won)s more than a plain point.", lost=score_seat(lost).capitalize(), won=score_seat(won))
    vulnerable = tr("%(seat)s was vulnerable (%(why)s)", seat=score_seat(lost), why=_why(state, lost)) \
        if _vulnerable(state, lost) else ""
    if wagers["doubled"] and vulnerable:
        return tr("The double was accepted, so what %(tricks)s score is doubled; and %(vulnerable)s, so the extra "
                  "point is doubled with it.", tricks=_tricks_of(won), vulnerable=vulnerable)
    if wagers["doubled"]:
        return tr("The double was accepted, so what %(tricks)s score is doubled.", tricks=_tricks_of(won))
    if vulnerable:
        return tr("You left out that %(vulnerable)s: the point he concedes is worth more.", vulnerable=vulnerable)
    return tr("You counted less than %(won_tricks)s score: %(tricks)s.", won_tricks=_tricks_of(won), tricks=tricks)


def _too_much(state: ShownState, won: str, tricks: str) -> str:
    """What a count above the winner's adds."""
    wagers = state["wagers"]
    name, lost = score_seat(won), score_seat(other(won))
    if wagers["ended"]:
        return tr("The hand stopped before it was played out, so %(seat)s scores it as the point won, never as the "
                  "vole: no more than a point, with the extra one only against a vulnerable player.", seat=name)
    if wagers["doubled"]:
        return tr("A hand is doubled once: double what %(tricks)s score, the extra point against a vulnerable player "
                  "included, and add nothing more.", tricks=_tricks_of(won))
    if wagers["offer_declined_by"]:
        return tr("The agreement fixes what %(won)s scores when %(lost)s, having declined the point, loses a trick, "
                  "whatever the tricks: it is less than you counted.", won=name, lost=lost)
    return tr("You counted more than %(won_tricks)s score: %(tricks)s.", won_tricks=_tricks_of(won), tricks=tricks)


def _vulnerable(state: ShownState, seat: str) -> bool:
    return state["elder_played_without_proposing"] if seat == "elder" else state["dealer_refused_first_proposal"]


def _why(state: ShownState, seat: str) -> str:
    return tr("he had played without proposing") if seat == "elder" else tr("he had refused the first proposal")

