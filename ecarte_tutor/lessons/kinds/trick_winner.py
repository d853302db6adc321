"""``trick-winner``: who takes a trick of two cards (``{"winner": "leader" | "follower"}``).

The winning card itself is accepted as an answer. The diagnosis says why the card the
learner chose cannot take the trick, from the branch of the engine's own explanation.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, TypedDict

from ...cards import RANK_NAMES, parse_card, parse_suit
from ...engine.play import TrickJson, explain_trick, trick_winner
from ...errors import CardNotationError
from ...jsontypes import Question
from ...rulebook import Params, RuleBook
from ...wording import listed, lower_first
from ..diagnosis import Diagnosis
from ..exercise import OneChoice, Position, Terminal, params_of, trumps_line
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import BadResponse, require, word

if TYPE_CHECKING:
    from ..exercise import Choice, Exercise, ExerciseEntry

WINNERS = ("leader", "follower")


class TrickPosition(Position):
    """A ``trick`` question without its kind: trumps, the card led and the card played to it."""

    trump: str
    led: str
    followed: str


class WinnerResponse(TypedDict):
    winner: str  # leader | follower


class TrickWinner(OneChoice[TrickPosition, TrickJson, WinnerResponse]):
    name = "trick-winner"
    ask_kind = "trick"
    field = "winner"

    def choices(self, entry: ExerciseEntry, book: RuleBook) -> tuple[Choice, ...]:
        position = self.position(entry["position"])
        led, followed = (parse_card(position[key]).pretty for key in ("led", "followed"))
        return ({"value": "leader", "label": f"The leader, who led {led}"},
                {"value": "follower", "label": f"The follower, who played {followed}"})

    def expected(self, exercise: Exercise, answer: TrickJson) -> WinnerResponse:
        return {"winner": answer["winner"]}

    def normalize(self, exercise: Exercise, response: object) -> WinnerResponse:
        value = require(response, "winner", '{"winner": "leader"}')
        try:  # the winning card itself is a fair way to answer
            card = parse_card(value)
        except CardNotationError:
            return {"winner": word(value, WINNERS, "winner")}
        position = self.position(exercise.position)
        if card == parse_card(position["led"]):
            return {"winner": "leader"}
        if card == parse_card(position["followed"]):
            return {"winner": "follower"}
        raise BadResponse(f"{card.pretty} is not in this trick; answer 'leader' or 'follower'.", "winner")

    def under(self, exercise: Exercise, params: Params, book: RuleBook) -> WinnerResponse:
        p = self.position(exercise.position)
        return {"winner": trick_winner(parse_card(p["led"]), parse_card(p["followed"]), parse_suit(p["trump"]),
                                       params)}

    def slots(self, case: Case, given: WinnerResponse) -> dict[str, object]:
        p = self.position(case.exercise.position)
        led, followed = parse_card(p["led"]), parse_card(p["followed"])
        chosen, other = (led, followed) if given["winner"] == "leader" else (followed, led)
        return {"chosen": chosen.pretty, "other": other.pretty}

    def diagnose(self, exercise: Exercise, given: WinnerResponse, expected: WinnerResponse, answer: TrickJson,
                 book: RuleBook) -> Diagnosis:
        case = case_of(self, exercise, answer, book)
        named = diagnosis_of(mistakes_named(case, given))
        if named:
            chosen = self.slots(case, given)["chosen"]
            return named if str(chosen) in named.text else replace(
                named, text=f"You gave the trick to {chosen}. {named.text}")
        p = self.position(exercise.position)
        led, followed, trump = parse_card(p["led"]), parse_card(p["followed"]), parse_suit(p["trump"])
        params = params_of(exercise, book)
        _, rules = explain_trick(led, followed, trump, params)
        chosen, other = (led, followed) if given["winner"] == "leader" else (followed, led)
        start = f"You gave the trick to {chosen.pretty}, but"
        if led.suit == followed.suit:
            # an ace given the trick over a card it ranks below: the ranks above it, from the table's own order
            above = params.rank_order[:params.rank_order.index("A")] if chosen.rank == "A" else ()
            note = f" the ace ranks below {listed([f'the {RANK_NAMES[rank]}' for rank in above])}, and" \
                if above else ""
            order = book.rules.get(rules[-1])
            if order is not None and order.agreement:  # the table's own order, not the one the course taught first
                label = order.agreement["label"]
                note = (f" this table agreed that “{lower_first(label)}”, so the ranks run "
                        f"{' '.join(params.rank_order)}, and")
            return Diagnosis(f"{start} both cards are {led.suit.english}, so rank alone decides:{note} "
                             f"{chosen.pretty} ranks below {other.pretty}.", rules[-1])
        if other.suit == trump:
            return Diagnosis(f"{start} {other.pretty} is a trump, and a trump beats every card of another suit, "
                             "however high.", rules[-1])
        return Diagnosis(f"{start} {followed.pretty} neither follows {led.suit.english} nor is a trump, so it "
                         "cannot win the trick, whatever its rank.", rules[-1])

    def words(self, exercise: Exercise, answer: WinnerResponse) -> str:
        position = self.position(exercise.position)
        card = position["led"] if answer["winner"] == "leader" else position["followed"]
        return f"the {answer['winner']} wins, with {parse_card(card).pretty}"

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        led, followed = parse_card(p["led"]).pretty, parse_card(p["followed"]).pretty
        return [trumps_line(p), f"Led: {led}   Played to it: {followed}"]

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        return {"winner": terminal.answer("Who wins the trick: leader or follower (or type the winning card)?")}
