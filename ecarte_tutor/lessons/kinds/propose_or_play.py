"""``propose-or-play``: the elder's "propose" or "play", the dealer's "accept" or "refuse" (``{"choice": ...}``).

Advice, not law: the engine matches the hand against the jeux de règle. The diagnosis
names the pattern the hand fits, the king of trumps that overrides it, or the patterns a
hand with this many trumps would need.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ...cards import Card, parse_card, parse_suit, shown
from ...engine.advice import AdviceJson
from ...i18n import current, marked, marked_in, tr, trc, trn
from ...jsontypes import Question
from ...rulebook import RuleBook
from ...strategy import Pattern
from ..diagnosis import Diagnosis
from ..exercise import OneChoice, Position, Terminal, trumps_line
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import pretty, require, said_word

if TYPE_CHECKING:
    from ..exercise import Choice, Exercise, ExerciseEntry

ELDER_CHOICES: tuple[Choice, ...] = ({"value": "propose", "label": marked("Propose")},
                                     {"value": "play", "label": marked("Play without proposing")})
DOING = {"play": marked_in("called for", "playing without proposing"), "propose": marked_in("called for", "proposing"),
         "refuse": marked_in("called for", "refusing"), "accept": marked_in("called for", "accepting")}
"""What a hand calls for ("Such a hand calls for {doing}": « demande de proposer »)."""
CHOSEN = {"play": marked_in("chose to", "play without proposing"), "propose": marked_in("chose to", "propose"),
          "refuse": marked_in("chose to", "refuse"), "accept": marked_in("chose to", "accept")}
"""A choice after "You chose to" (« Vous avez choisi de proposer », « d'accepter »)."""
DEALER_CHOICES: tuple[Choice, ...] = ({"value": "refuse", "label": marked("Refuse (play as dealt)")},
                                      {"value": "accept", "label": marked("Accept")})
WORDS = {"propose": marked_in("choice", "propose"), "play": marked_in("choice", "play"),
         "refuse": marked_in("choice", "refuse"), "accept": marked_in("choice", "accept")}
"""A choice as the answer is said back ("You answered propose")."""


class AdvicePosition(Position):
    """An ``advice`` question without its kind: trumps, the hand, and whose it is (the elder's if not said)."""

    trump: str
    hand: list[str]
    seat: NotRequired[str]


class ChoiceResponse(TypedDict):
    choice: str  # propose | play, or (the dealer) accept | refuse


def _seat(position: AdvicePosition) -> str:
    return position.get("seat") or "elder"


class ProposeOrPlay(OneChoice[AdvicePosition, AdviceJson, ChoiceResponse]):
    name = "propose-or-play"
    ask_kind = "advice"
    field = "choice"

    def choices(self, entry: ExerciseEntry, book: RuleBook) -> tuple[Choice, ...]:
        offered = DEALER_CHOICES if _seat(self.position(entry["position"])) == "dealer" else ELDER_CHOICES
        return tuple({"value": choice["value"], "label": tr(choice["label"])} for choice in offered)

    def expected(self, exercise: Exercise, answer: AdviceJson) -> ChoiceResponse:
        return {"choice": answer["advice"]}

    def normalize(self, exercise: Exercise, response: object) -> ChoiceResponse:
        allowed = ("refuse", "accept") if _seat(self.position(exercise.position)) == "dealer" else ("propose", "play")
        return {"choice": said_word(require(response, "choice", '{"choice": "play"}'), allowed, "choice")}

    def slots(self, case: Case, given: ChoiceResponse) -> dict[str, object]:
        p = self.position(case.exercise.position)
        seat, trump = _seat(p), parse_suit(p["trump"])
        strategy = case.book.strategy
        assert strategy is not None  # the engine advised (engine_answer): the book has the jeux de règle
        patterns = {pattern.id: pattern for pattern in strategy.patterns if pattern.seat == seat}
        fitted = patterns.get(case.answer.get("pattern") or "")
        trumps = sum(1 for c in p["hand"] if parse_card(c).suit == trump)
        # only the patterns that advise the choice he made can be the ones "that would allow it"
        wanted = [pt.label for pt in strategy.justifying(seat, given["choice"]) if _allows(pt, trumps)]
        out: dict[str, object] = {"chosen": trc("chose to", CHOSEN[given["choice"]]),
                                  "king": shown(Card("K", trump), current()),
                                  "trumps": trn("%(count)d trump", "%(count)d trumps", trumps),
                                  "needs": "; ".join(wanted) if wanted else tr("more trumps"),
                                  "_rule": strategy.defaults[seat]["rule"],
                                  "patterns_name": strategy.named(seat)}
        if fitted:
            out |= {"pattern": fitted.label, "doing": trc("called for", DOING[fitted.advice]), "_rule": fitted.rule}
        return out

    def diagnose(self, exercise: Exercise, given: ChoiceResponse, expected: ChoiceResponse, answer: AdviceJson,
                 book: RuleBook) -> Diagnosis:
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        assert named is not None  # the other choice always fits one of the three situations
        return named

    def words(self, exercise: Exercise, answer: ChoiceResponse) -> str:
        return trc("choice", WORDS[answer["choice"]]) if answer["choice"] in WORDS else answer["choice"]

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        if _seat(p) == "dealer":
            return [trumps_line(p), tr("You are the dealer. Your hand: %(hand)s", hand=pretty(p["hand"]))]
        return [trumps_line(p), tr("You are the elder hand. Your hand: %(hand)s", hand=pretty(p["hand"]))]

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        words = "accept or refuse" if _seat(self.position(exercise.position)) == "dealer" else "propose or play"
        return {"choice": terminal.answer(f"Your decision: {words}?")}


def _allows(pattern: Pattern, trumps: int) -> bool:
    """Whether a hand with ``trumps`` trumps can fit ``pattern`` at all."""
    limits = pattern.when.get("trumps", {})
    return limits.get("min", 0) <= trumps <= limits.get("max", trumps)
