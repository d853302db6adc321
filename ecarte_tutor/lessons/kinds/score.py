"""``score``: what each player scores for a hand (``{"points": {"elder": x, "dealer": y}}``).

The diagnosis first names the catalogue's mistakes the count shows (a king left out, tricks
counted as points, the penalty added to the vole, another rule book...: each made by the engine
on this very hand); failing those, for each seat whose count is off, whether it is too high or
too low and every claim that seat has, from the engine's awards.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, TypeVar, cast

from ...engine.citing import Explained
from ...engine.scoring import AwardFields, Scored, read_facts, score
from ...fields import SEATS
from ...i18n import marked, marked_in, tr, trc
from ...jsontypes import Question
from ...marks import decides
from ...rulebook import Params, RuleBook
from ..diagnosis import Diagnosis
from ..exercise import ExerciseKind, Form, FormFields, Position, Terminal, params_of
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import SEAT_WORDS, BadResponse, require, whole

if TYPE_CHECKING:
    from ..exercise import Exercise


class ScorePosition(Position):
    """A ``score`` question without its kind: the tricks by seat, and what else happened in the hand."""

    tricks: dict[str, int]
    elder_played_without_proposing: NotRequired[bool]
    dealer_refused_first_proposal: NotRequired[bool]
    king_turned: NotRequired[bool]
    king_announced_by: NotRequired[str]
    score_before: NotRequired[dict[str, int]]


class PointsResponse(TypedDict):
    points: dict[str, int]  # elder, dealer


P = TypeVar("P", bound=Position)
A = TypeVar("A", bound=Explained)


class PointsKind(ExerciseKind[P, A, PointsResponse]):
    """A kind answered by the points of each seat for a hand: typed as two numbers, the elder's first."""

    def normalize(self, exercise: Exercise, response: object) -> PointsResponse:
        points = require(response, "points", '{"points": {"elder": 1, "dealer": 0}}')
        if not isinstance(points, dict):
            raise BadResponse("'points' must give the points of the elder and of the dealer.", "points")
        return {"points": {seat: whole(points.get(seat), f"points.{seat}", f"{SEAT_WORDS[seat]}'s points")
                           for seat in SEATS}}

    def words(self, exercise: Exercise, answer: PointsResponse) -> str:
        return tr("elder hand %(elder)s, dealer %(dealer)s", elder=answer["points"]["elder"],
                  dealer=answer["points"]["dealer"])

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        points = {seat: form.get(f"points_{seat}", "").strip() for seat in SEATS}
        return {"points": points}, {"points": dict(points)}

    def form_data(self, exercise: Exercise, answer: PointsResponse) -> FormFields:
        return {f"points_{seat}": str(answer["points"][seat]) for seat in SEATS}

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        elder, dealer = read_two(terminal, "Points for this hand: type the elder hand's, then the dealer's (e.g. 1 0)")
        return {"points": {"elder": elder, "dealer": dealer}}

    def awards(self, answer: A) -> list[AwardFields]:
        """The engine's awards for the hand (each with its reason, worked out for this very hand)."""
        return list(cast(Scored, answer)["awards"])

    def slots(self, case: Case, given: PointsResponse) -> dict[str, object]:
        # what the tricks score in this very hand, in the engine's words: a point a penalty raised is said
        # raised (law 49), never the plain point's value alone
        tricks = next((a for a in self.awards(case.answer) if a["claim"] == "tricks"), None)
        return {"tricks_award": tricks["reason"] if tricks else ""}


class Score(PointsKind[ScorePosition, Scored]):
    name = "score"
    ask_kind = "score"

    def expected(self, exercise: Exercise, answer: Scored) -> PointsResponse:
        return {"points": {seat: answer["points"][seat] for seat in SEATS}}

    def under(self, exercise: Exercise, params: Params, book: RuleBook) -> PointsResponse:
        p = self.position(exercise.position)
        before = p.get("score_before")
        scored = score(read_facts(dict(p), params), dict(before) if before else None, params, book)
        return {"points": {seat: scored["points"][seat] for seat in SEATS}}

    def slots(self, case: Case, given: PointsResponse) -> dict[str, object]:
        p = self.position(case.exercise.position)
        out = super().slots(case, given)
        king = "dealer" if p.get("king_turned") else p.get("king_announced_by")
        if king:
            how = tr("turned up") if p.get("king_turned") else trc("king announced by", ANNOUNCED_BY[king])
            out |= {"king_how": how, "king_seat": score_seat(king),
                    "king_ends_game": _king_ends_game(case.answer, king, p)}
        risky = risk_taker(p)
        if risky:
            out["risk"] = trc("risk", RISK_WORDS[risky])
        params = params_of(case.exercise, case.book)
        winner = next((s for s in SEATS if p["tricks"].get(s, 0) >= params.point_tricks), None)
        if winner:
            out["winner"] = score_seat(winner)
        if risky and winner and winner != risky:
            out |= _penalty_cost(params, p, winner)
        return out

    @decides("scoring.only-winner-scores")
    def diagnose(self, exercise: Exercise, given: PointsResponse, expected: PointsResponse, answer: Scored,
                 book: RuleBook) -> Diagnosis:
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        if named:
            return replace(named, text=f"{gave(given)} {named.text}")
        return count_off(given, expected, answer["awards"], self.position(exercise.position))

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        tricks = p["tricks"]
        lines = [tr("Tricks: elder hand %(elder)s, dealer %(dealer)s", elder=tricks.get("elder"),
                    dealer=tricks.get("dealer"))]
        if p.get("elder_played_without_proposing"):
            lines.append(tr("The elder hand played without proposing."))
        if p.get("dealer_refused_first_proposal"):
            lines.append(tr("The dealer refused the first proposal."))
        if p.get("king_turned"):
            lines.append(tr("A king was turned up for trumps."))
        if p.get("king_announced_by"):
            lines.append(tr("The king of trumps was announced by the elder hand.") if p["king_announced_by"] == "elder"
                         else tr("The king of trumps was announced by the dealer."))
        if p.get("score_before"):
            before = p["score_before"]
            lines.append(tr("Score before the hand: elder hand %(elder)s, dealer %(dealer)s",
                            elder=before.get("elder"), dealer=before.get("dealer")))
        return lines


def read_two(terminal: Terminal, prompt: str) -> tuple[int, int]:
    """Two whole numbers typed on one line, the elder hand's first (asked again until they read)."""
    while True:
        numbers = terminal.answer(prompt).replace(",", " ").split()
        if len(numbers) == 2 and all(n.isdigit() for n in numbers):
            return int(numbers[0]), int(numbers[1])
        terminal.say("Type two whole numbers: the elder hand's first, then the dealer's.")


def gave(given: PointsResponse) -> str:
    """The learner's count, said back to him."""
    return tr("You gave the elder hand %(elder)s and the dealer %(dealer)s.", elder=given["points"]["elder"],
              dealer=given["points"]["dealer"])


RISKS = {"elder": "elder_played_without_proposing", "dealer": "dealer_refused_first_proposal"}
RISK_WORDS = {"elder": marked_in("risk", "the elder hand played without proposing"),
              "dealer": marked_in("risk", "the dealer refused the first proposal")}
"""The risk a seat took (law 49), as the mistakes' {risk} says it (``trc("risk", …)``)."""
SEAT_NAMES = {"elder": marked_in("score seat", "the elder hand"), "dealer": marked_in("score seat", "the dealer")}
"""A seat as a score's sentences name it (French: « le premier en cartes », « le donneur »)."""
TO_SEAT = {"elder": marked_in("score seat given to", "the elder hand"),
           "dealer": marked_in("score seat given to", "the dealer")}
"""A seat after "You gave" (French: « au premier en cartes », « au donneur »)."""
ANNOUNCED_BY = {"elder": marked_in("king announced by", "announced by the elder hand"),
                "dealer": marked_in("king announced by", "announced by the dealer")}
OWN_CLAIM = {"elder": marked("the elder hand's %(claim)s"), "dealer": marked("the dealer's %(claim)s")}
"""A seat's claim ("the dealer's vole": « la vole du donneur »)."""
CLAIM_NOUNS = {"turned-king": marked_in("claim", "turned king"), "announced-king": marked_in("claim", "king"),
               "vole": marked_in("claim", "vole"), "point": marked_in("claim", "point")}


def score_seat(seat: str) -> str:
    """A seat as a score's sentences name it, in the language spoken."""
    return trc("score seat", SEAT_NAMES[seat])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def risk_taker(facts: Mapping[str, object]) -> str | None:
    """The seat that took the risk of law 49 in a hand whose facts (a position, or a refereed hand's state) these
    are: played without proposing, or refused the first proposal; None when neither did."""
    return next((seat for seat, fact in RISKS.items() if facts.get(fact)), None)


@decides("scoring.only-winner-scores", "scoring.claim-order")
def count_off(given: PointsResponse, expected: PointsResponse, awards: list[AwardFields],
              position: ScorePosition) -> Diagnosis:
    """What a count no catalogue mistake explains gets: for each seat whose count is off, whether it
    is too high or too low, and every claim that seat has this hand (or that it has none)."""
    texts: list[str] = []
    rule: str | None = None
    for seat in SEATS:
        mine, right = given["points"][seat], expected["points"][seat]
        if mine == right:
            continue
        slots = {"to": trc("score seat given to", TO_SEAT[seat]), "seat": score_seat(seat), "mine": mine,
                 "right": right}
        claims = [a for a in awards if a["seat"] == seat and a["scored"]]
        too_late = [a for a in awards if a["seat"] == seat and not a["scored"]]
        if not claims and too_late:  # he won something, but the game was over before it was scored (law 48)
            # the engine's own reasons, whole sentences, after the learner's count said back
            texts.append(tr("You gave %(to)s %(mine)s, but nothing %(seat)s won counts this hand.", **slots) + " "
                         + " ".join(a["reason"] for a in too_late) + _game_ended_by(awards, position))
            rule = rule or "scoring.claim-order"
            continue
        if not claims:
            texts.append(_nothing_scores(slots, awards))
            rule = rule or "scoring.only-winner-scores"
            continue
        # the engine's own reason for each claim says its worth this hand (a penalty's raise with it, law 49)
        why = " ".join(a["reason"] for a in claims)
        texts.append(tr("You gave %(to)s %(mine)s, more than the %(right)s he scores.", **slots) if mine > right
                     else tr("You gave %(to)s %(mine)s, less than the %(right)s he scores.", **slots))
        texts.append(why)
        texts.append(tr("Nothing else scores for him this hand."))
        rule = rule or _claim_rule(claims[-1], position)
    return Diagnosis(" ".join(texts), rule)


def _nothing_scores(slots: dict[str, object], awards: list[AwardFields]) -> str:
    """Nothing a seat did scores: only the winner of the point scores for the tricks; and whose the king's point is,
    when this hand has one."""
    king = next((a for a in awards if a["claim"] in ("turned-king", "announced-king")), None)
    if king is None:
        return tr("You gave %(to)s %(mine)s, but nothing %(seat)s did in this hand scores: only the player who wins "
                  "the point scores for the tricks.", **slots)
    if king["claim"] == "turned-king":
        return tr("You gave %(to)s %(mine)s, but nothing %(seat)s did in this hand scores: only the player who wins "
                  "the point scores for the tricks, and the king of trumps scores for %(king_seat)s, who turned it "
                  "up.", king_seat=score_seat(king["seat"]), **slots)
    return tr("You gave %(to)s %(mine)s, but nothing %(seat)s did in this hand scores: only the player who wins the "
              "point scores for the tricks, and the king of trumps scores for %(king_seat)s, who held it and "
              "announced it.", king_seat=score_seat(king["seat"]), **slots)


def _game_ended_by(awards: list[AwardFields], position: ScorePosition) -> str:
    """Which claim, scored before, ended the game (claims are scored in a fixed order, law 48), as a sentence."""
    scored = [a for a in awards if a["scored"]]
    if not scored:
        return ""
    last = scored[-1]
    own = _cap(tr(OWN_CLAIM[last["seat"]], claim=_claim_noun(last, position)))
    return " " + tr("%(claim)s, scored before it, had already won him the game, and nothing is scored once the game "
                    "is won.", claim=own)


@decides("king.announce", "king.turned-up", "scoring.penalty", "scoring.point", "scoring.vole")
def _claim_rule(award: AwardFields, position: ScorePosition) -> str:
    if award["claim"] == "turned-king":
        return "king.turned-up"
    if award["claim"] == "announced-king":
        return "king.announce"
    if position.get("elder_played_without_proposing") or position.get("dealer_refused_first_proposal"):
        return "scoring.penalty"
    return "scoring.vole" if position["tricks"].get(award["seat"]) == 5 else "scoring.point"


def _king_ends_game(answer: Mapping[str, Any], seat: str, position: ScorePosition) -> str:
    """What else the king's point does in this hand, as the engine scored it: when it takes its holder to the
    game, the claims after it are not scored (law 48's order), and forgetting it puts them back."""
    awards = list(answer.get("awards", []))
    king = next((i for i, award in enumerate(awards) if award["claim"] in ("turned-king", "announced-king")), None)
    if king is None:
        return ""
    unscored = awards[king + 1:]
    # the king's own point takes its holder to the game: it is scored, and nothing after it is
    if answer.get("winner") != seat or not awards[king]["scored"] or not unscored or \
            any(award["scored"] for award in unscored):
        return ""
    claims = f" {trc('list', 'and')} ".join(tr(OWN_CLAIM[award["seat"]], claim=_claim_noun(award, position))
                                           for award in unscored)
    slots = {"seat": score_seat(seat), "score": answer["score_after"][seat], "claims": claims}
    if len(unscored) == 1:
        return " " + tr("With it %(seat)s reaches %(score)s and wins the game, so %(claims)s is not scored.", **slots)
    return " " + tr("With it %(seat)s reaches %(score)s and wins the game, so %(claims)s are not scored.", **slots)


def _claim_noun(award: AwardFields, position: ScorePosition) -> str:
    """A claim as a noun after its holder's name: the dealer's "vole", "point" or "turned king"."""
    if award["claim"] != "tricks":
        return trc("claim", CLAIM_NOUNS[award["claim"]])
    return trc("claim", CLAIM_NOUNS["vole" if _took_every_trick(award["seat"], position) else "point"])


def _took_every_trick(seat: str, position: ScorePosition) -> bool:
    """The seat's tricks are every trick of the hand: the vole."""
    return position["tricks"].get(seat, 0) == sum(position["tricks"].values())


@decides("scoring.penalty")
def _penalty_cost(params: Params, position: ScorePosition, winner: str) -> dict[str, object]:
    """What the penalty does to the adversary's win in this hand (law 49, or the profile's variant): the point,
    or the vole, with its value and without, and the rule that sets it."""
    vole = _took_every_trick(winner, position)
    won, raised, plain, parameter = ("vole", params.vulnerable_vole_value, params.vole_value, "vulnerable_vole_value") \
        if vole else ("point", params.vulnerable_point_value, params.point_value, "vulnerable_point_value")
    rule = params.rule_for(parameter) if vole else "scoring.penalty"
    cost = tr("the vole his adversary wins is worth %(raised)s instead of %(plain)s", raised=raised, plain=plain) \
        if vole else tr("the point his adversary wins is worth %(raised)s instead of %(plain)s", raised=raised,
                        plain=plain)
    return {"penalty_cost": cost, "penalty_rule": rule}
