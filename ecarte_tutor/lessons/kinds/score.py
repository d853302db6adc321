"""``score``: what each player scores for a hand (``{"points": {"elder": x, "dealer": y}}``).

The diagnosis first looks for the one fact the learner's count leaves out (the turned
king, the announced king, the penalty, the end of the game, another profile's rules) by
asking the engine again without it; failing that it names the seat whose count is off
and the claims that seat has, from the engine's awards.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict, TypeVar

from ...engine.scoring import AwardFields, Scored
from ...fields import SEATS, other
from ...jsontypes import Question
from ...marks import decides
from ...rulebook import RuleBook
from ..diagnosis import Alternative, Diagnosis, changed, overlooked, profile_alternatives
from ..reading import SEAT_WORDS, BadResponse, require, whole
from .base import Asked, Cited, ExerciseKind, Form, FormFields, Position, Terminal, params_of

if TYPE_CHECKING:
    from ..model import Exercise

CLAIM_WORDS = {"turned-king": "the king turned up", "announced-king": "the king of trumps announced",
               "tricks": "the tricks"}


class ScorePosition(Position):
    """A ``score`` question without its kind: the tricks by seat, and what else happened in the hand."""

    tricks: dict[str, int]
    elder_played_without_proposing: NotRequired[bool]
    dealer_refused_first_proposal: NotRequired[bool]
    king_turned: NotRequired[bool]
    king_announced_by: NotRequired[str]
    score_before: NotRequired[dict[str, int]]


class ScoreAnswer(Scored, Asked):
    pass


class PointsResponse(TypedDict):
    points: dict[str, int]  # elder, dealer


P = TypeVar("P", bound=Position)
A = TypeVar("A", bound=Cited)


class PointsKind(ExerciseKind[P, A, PointsResponse]):
    """A kind answered by the points of each seat for a hand: typed as two numbers, the elder's first."""

    def normalize(self, exercise: Exercise, response: object) -> PointsResponse:
        points = require(response, "points", '{"points": {"elder": 1, "dealer": 0}}')
        if not isinstance(points, dict):
            raise BadResponse("'points' must give the points of the elder and of the dealer.", "points")
        return {"points": {seat: whole(points.get(seat), f"points.{seat}") for seat in SEATS}}

    def words(self, exercise: Exercise, answer: PointsResponse) -> str:
        return f"elder hand {answer['points']['elder']}, dealer {answer['points']['dealer']}"

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        points = {seat: form.get(f"points_{seat}", "").strip() for seat in SEATS}
        return {"points": points}, {"points": dict(points)}

    def form_data(self, exercise: Exercise, answer: PointsResponse) -> FormFields:
        return {f"points_{seat}": str(answer["points"][seat]) for seat in SEATS}

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        elder, dealer = read_two(terminal, "Points for this hand: type the elder hand's, then the dealer's (e.g. 1 0)")
        return {"points": {"elder": elder, "dealer": dealer}}


class Score(PointsKind[ScorePosition, ScoreAnswer]):
    name = "score"
    ask_kind = "score"

    def expected(self, exercise: Exercise, answer: ScoreAnswer) -> PointsResponse:
        return {"points": {seat: answer["points"][seat] for seat in SEATS}}

    @decides("scoring.only-winner-scores")
    def diagnose(self, exercise: Exercise, given: PointsResponse, expected: PointsResponse, answer: ScoreAnswer,
                 book: RuleBook) -> Diagnosis:
        alternatives = _alternatives(exercise, self.position(exercise.position), book)
        found = overlooked(self, exercise, given, answer, alternatives, book)
        if found:
            return found
        mine, right = given["points"], expected["points"]
        if (mine["elder"], mine["dealer"]) == (right["dealer"], right["elder"]):
            return Diagnosis("You have the two scores the wrong way round: what you gave the elder hand is the "
                             "dealer's, and the other way about. Look again at who took the tricks and who had the "
                             "king.", "scoring.only-winner-scores")
        seat = next(s for s in SEATS if mine[s] != right[s])
        claims = [a for a in answer["awards"] if a["seat"] == seat and a["scored"]]
        if not claims:
            return Diagnosis(f"You gave {SEAT_WORDS[seat]} {mine[seat]}, but nothing {SEAT_WORDS[seat]} did in "
                             "this hand scores.", "scoring.only-winner-scores")
        what = " and ".join(CLAIM_WORDS[a["claim"]] for a in claims)
        return Diagnosis(f"Your count for {SEAT_WORDS[seat]} is off (you gave {mine[seat]}). What {SEAT_WORDS[seat]} "
                         f"claims this hand: {what}. Count each again.",
                         _claim_rule(claims[0], self.position(exercise.position)))

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        tricks = p["tricks"]
        lines = [f"Tricks: elder hand {tricks.get('elder')}, dealer {tricks.get('dealer')}"]
        if p.get("elder_played_without_proposing"):
            lines.append("The elder hand played without proposing.")
        if p.get("dealer_refused_first_proposal"):
            lines.append("The dealer refused the first proposal.")
        if p.get("king_turned"):
            lines.append("A king was turned up for trumps.")
        if p.get("king_announced_by"):
            lines.append(f"The king of trumps was announced by {SEAT_WORDS[p['king_announced_by']]}.")
        if p.get("score_before"):
            before = p["score_before"]
            lines.append(f"Score before the hand: elder hand {before.get('elder')}, dealer {before.get('dealer')}")
        return lines


def read_two(terminal: Terminal, prompt: str) -> tuple[int, int]:
    """Two whole numbers typed on one line, the elder hand's first (asked again until they read)."""
    while True:
        numbers = terminal.answer(prompt).replace(",", " ").split()
        if len(numbers) == 2 and all(n.isdigit() for n in numbers):
            return int(numbers[0]), int(numbers[1])
        terminal.say("Type two whole numbers: the elder hand's first, then the dealer's.")


@decides("king.announce", "king.turned-up", "scoring.penalty")
def _alternatives(exercise: Exercise, p: ScorePosition, book: RuleBook) -> list[Alternative]:
    """The position ``p`` without each fact a count can leave out, each with what leaving it out means."""
    params = params_of(exercise, book)
    out: list[Alternative] = []
    if p.get("king_turned"):
        out.append(Alternative(changed(p, king_turned=None), "You left out the king turned up for trumps: it scores "
                               "for the dealer, whoever takes the tricks.", "king.turned-up"))
    announced = p.get("king_announced_by")
    if announced:
        name = SEAT_WORDS[announced]
        out.append(Alternative(changed(p, king_announced_by=None), f"You left out the king of trumps that {name} "
                               "announced: it scores for him, whoever takes the tricks.", "king.announce"))
        out.append(Alternative(changed(p, king_announced_by=other(announced)), f"You gave the king's point to the "
                               f"wrong player: it belongs to {name}, who announced it.", "king.announce"))
    if p.get("elder_played_without_proposing"):
        out.append(Alternative(changed(p, elder_played_without_proposing=None), "You left out the penalty: the elder "
                               "hand played without proposing and then failed to take the point, which makes the "
                               "dealer's point worth more.", "scoring.penalty"))
    if p.get("dealer_refused_first_proposal"):
        out.append(Alternative(changed(p, dealer_refused_first_proposal=None), "You left out the penalty: the dealer "
                               "refused the first proposal and then failed to take the point, which makes the elder "
                               "hand's point worth more.", "scoring.penalty"))
    before = p.get("score_before")
    if before:
        out.append(Alternative(changed(p, score_before=None), f"You counted every claim, but the game ended during "
                               f"this hand: once a player reaches {params.game_target} (the elder hand had "
                               f"{before.get('elder')} and the dealer {before.get('dealer')} before it), the claims "
                               "that come after are not scored.", params.rule_for("game_target")))
    out += profile_alternatives(p, book, lambda theirs, ours: f"You counted it as the {theirs} do; this exercise "
                                f"follows the {ours}, which count it differently.")
    tricks = p["tricks"]
    winner = next((s for s in SEATS if isinstance(tricks.get(s), int) and tricks[s] >= params.point_tricks), None)
    if winner and tricks[winner] == params.hand_size:
        out.append(Alternative(changed(p, tricks={winner: params.hand_size - 1, other(winner): 1}),
                               f"You counted {SEAT_WORDS[winner]}'s five tricks as a plain point: all five tricks make "
                               "the vole, which is worth more.", params.rule_for("vole_value")))
    elif winner:
        out.append(Alternative(changed(p, tricks={winner: params.hand_size, other(winner): 0}),
                               f"You counted a vole for {SEAT_WORDS[winner]}, but {tricks[winner]} tricks are only the "
                               "point: the vole needs all five.", params.rule_for("point_value")))
    return out


@decides("king.announce", "king.turned-up", "scoring.penalty", "scoring.point", "scoring.vole")
def _claim_rule(award: AwardFields, position: ScorePosition) -> str:
    if award["claim"] == "turned-king":
        return "king.turned-up"
    if award["claim"] == "announced-king":
        return "king.announce"
    if position.get("elder_played_without_proposing") or position.get("dealer_refused_first_proposal"):
        return "scoring.penalty"
    return "scoring.vole" if position["tricks"].get(award["seat"]) == 5 else "scoring.point"
