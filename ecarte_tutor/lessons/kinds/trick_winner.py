"""``trick-winner``: who takes a trick of two cards (``{"winner": "leader" | "follower"}``).

The winning card itself is accepted as an answer. The diagnosis says why the card the
learner chose cannot take the trick, from the branch of the engine's own explanation.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, TypedDict

from ...cards import Card, parse_card, parse_suit, shown, suit_name
from ...engine.play import TrickJson, explain_trick, trick_winner
from ...errors import CardNotationError
from ...i18n import current, marked_in, tr, trc
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


ABOVE_ACE = {"K": marked_in("ace ranks below", "the king"), "Q": marked_in("ace ranks below", "the queen"),
             "J": marked_in("ace ranks below", "the knave"), "10": marked_in("ace ranks below", "the ten"),
             "9": marked_in("ace ranks below", "the nine"), "8": marked_in("ace ranks below", "the eight"),
             "7": marked_in("ace ranks below", "the seven")}
"""The ranks an ace ranks below, as "the ace ranks below …" names them (French: « au-dessous du roi, de la dame »)."""


def _shown(card: Card) -> str:
    return shown(card, current())


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
        led, followed = (_shown(parse_card(position[key])) for key in ("led", "followed"))
        return ({"value": "leader", "label": tr("The leader, who led %(card)s", card=led)},
                {"value": "follower", "label": tr("The follower, who played %(card)s", card=followed)})

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
        raise BadResponse(tr("%(card)s is not in this trick; answer 'leader' or 'follower'.", card=_shown(card)),
                          "winner")

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
                named, text=tr("You gave the trick to %(card)s. %(mistake)s", card=chosen, mistake=named.text))
        p = self.position(exercise.position)
        led, followed, trump = parse_card(p["led"]), parse_card(p["followed"]), parse_suit(p["trump"])
        params = params_of(exercise, book)
        _, rules = explain_trick(led, followed, trump, params)
        chosen, other = (led, followed) if given["winner"] == "leader" else (followed, led)
        lang = current()
        slots = {"chosen": _shown(chosen), "other": _shown(other), "suit": suit_name(led.suit, lang)}
        if led.suit == followed.suit:
            # an ace given the trick over a card it ranks below: the ranks above it, from the table's own order
            above = params.rank_order[:params.rank_order.index("A")] if chosen.rank == "A" else ()
            order = book.rules.get(rules[-1])
            if order is not None and order.agreement:  # the table's own order, not the one the course taught first
                label = lower_first(book.text(order.id, "label", lang))
                ranks = " ".join(trc("rank letter", rank) for rank in params.rank_order)  # apart: see rank_order
                text = tr("You gave the trick to %(chosen)s, but both cards are %(suit)s, so rank alone decides: "
                          "this table agreed that “%(agreement)s”, so the ranks run %(order)s, and %(chosen)s ranks "
                          "below %(other)s.", agreement=label, order=ranks, **slots)
            elif above:
                ranks = listed([trc("ace ranks below", ABOVE_ACE[rank]) for rank in above], "and")
                text = tr("You gave the trick to %(chosen)s, but both cards are %(suit)s, so rank alone decides: "
                          "the ace ranks below %(ranks)s, and %(chosen)s ranks below %(other)s.", ranks=ranks, **slots)
            else:
                text = tr("You gave the trick to %(chosen)s, but both cards are %(suit)s, so rank alone decides: "
                          "%(chosen)s ranks below %(other)s.", **slots)
            return Diagnosis(text, rules[-1])
        if other.suit == trump:
            return Diagnosis(tr("You gave the trick to %(chosen)s, but %(other)s is a trump, and a trump beats every "
                                "card of another suit, however high.", **slots), rules[-1])
        return Diagnosis(tr("You gave the trick to %(chosen)s, but %(followed)s neither follows %(suit)s nor is a "
                            "trump, so it cannot win the trick, whatever its rank.", followed=_shown(followed),
                            **slots), rules[-1])

    def words(self, exercise: Exercise, answer: WinnerResponse) -> str:
        position = self.position(exercise.position)
        card = position["led"] if answer["winner"] == "leader" else position["followed"]
        if answer["winner"] == "leader":
            return tr("the leader wins, with %(card)s", card=_shown(parse_card(card)))
        return tr("the follower wins, with %(card)s", card=_shown(parse_card(card)))

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        led, followed = _shown(parse_card(p["led"])), _shown(parse_card(p["followed"]))
        return [trumps_line(p), tr("Led: %(led)s   Played to it: %(followed)s", led=led, followed=followed)]

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        return {"winner": terminal.answer(tr("Who wins the trick: leader or follower (or type the winning card)?"))}
