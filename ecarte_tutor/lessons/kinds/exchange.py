"""``exchange``: how many cards each player draws (``{"elder_draws": n, "dealer_draws": m}``).

The diagnosis looks for a stock taken as bottomless, another profile's rule for a short
stock, or the dealer served first; failing those it names the player whose draw is off.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Final, NotRequired, TypedDict

from ...jsontypes import Question
from ...marks import decides
from ...rulebook import RuleBook
from ..diagnosis import Alternative, Diagnosis, changed, overlooked, profile_alternatives
from ..reading import require, whole
from .base import Asked, ExerciseKind, Form, FormFields, Position, Terminal
from .score import read_two

if TYPE_CHECKING:
    from ..model import Exercise

KEYS: Final = ("elder_draws", "dealer_draws")


class StockPosition(Position):
    """An ``exchange`` question without its kind: the stock, and what each player discards."""

    stock: int
    elder_discards: int
    dealer_discards: NotRequired[int | None]


class ExchangeAnswer(Asked):
    elder_draws: int
    dealer_draws: int


class DrawsResponse(TypedDict):
    elder_draws: int
    dealer_draws: int


class Exchange(ExerciseKind[StockPosition, ExchangeAnswer, DrawsResponse]):
    name = "exchange"
    ask_kind = "exchange"

    def expected(self, exercise: Exercise, answer: ExchangeAnswer) -> DrawsResponse:
        return {"elder_draws": answer["elder_draws"], "dealer_draws": answer["dealer_draws"]}

    def normalize(self, exercise: Exercise, response: object) -> DrawsResponse:
        elder, dealer = (whole(require(response, key, f'{{"{key}": 2}}'), key) for key in KEYS)
        return {"elder_draws": elder, "dealer_draws": dealer}

    @decides("exchange.discard-and-draw", "exchange.short-stock")
    def diagnose(self, exercise: Exercise, given: DrawsResponse, expected: DrawsResponse, answer: ExchangeAnswer,
                 book: RuleBook) -> Diagnosis:
        p = self.position(exercise.position)
        stock, elder, dealer = p["stock"], p["elder_discards"], p.get("dealer_discards") or 0
        short = stock < elder + dealer
        found = overlooked(self, exercise, given, answer, _alternatives(p, book), book)
        if found:
            return found
        served_first = min(dealer, stock)
        if short and (given["dealer_draws"], given["elder_draws"]) == (served_first, min(elder, stock - served_first)):
            return Diagnosis("You served the dealer first, but the elder hand always draws before the dealer.",
                             "exchange.short-stock")
        rule = "exchange.short-stock" if short else "exchange.discard-and-draw"
        if given["elder_draws"] != expected["elder_draws"]:
            return Diagnosis(f"The elder hand's draw is off (you gave {given['elder_draws']}): he draws one card for "
                             f"each of the {elder} he discarded, as far as the {stock} cards of the stock go.", rule)
        return Diagnosis(f"The dealer's draw is off (you gave {given['dealer_draws']}): he is served after the "
                         "elder hand, from what the stock still holds.", rule)

    def words(self, exercise: Exercise, answer: DrawsResponse) -> str:
        return f"the elder hand draws {answer['elder_draws']}, the dealer {answer['dealer_draws']}"

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        response: Question = {key: form.get(key, "").strip() for key in KEYS}
        return response, dict(response)

    def form_data(self, exercise: Exercise, answer: DrawsResponse) -> FormFields:
        return {key: str(answer[key]) for key in KEYS}

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        lines = [f"Cards left in the stock: {p['stock']}", f"The elder hand discards {p['elder_discards']}"]
        if p.get("dealer_discards") is not None:
            lines.append(f"The dealer then wants to discard {p['dealer_discards']}")
        return lines

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        elder, dealer = read_two(terminal, "Cards drawn: type the elder hand's number, then the dealer's (e.g. 3 2)")
        return {"elder_draws": elder, "dealer_draws": dealer}


@decides("exchange.short-stock")
def _alternatives(p: StockPosition, book: RuleBook) -> list[Alternative]:
    enough = p["elder_discards"] + (p.get("dealer_discards") or 0)  # a stock that serves both in full
    out = [Alternative(changed(p, stock=enough), f"You served both players in full, but the stock holds only "
                       f"{p['stock']} cards, not enough for both exchanges.", "exchange.short-stock")]
    return out + profile_alternatives(p, book, lambda theirs, ours: f"You served them as the {theirs} do; this "
                                      f"exercise follows the {ours}, which treat a short stock differently.")
