"""``exchange``: how many cards each player draws (``{"elder_draws": n, "dealer_draws": m}``).

The diagnosis names the catalogue's mistakes (a stock taken as bottomless, another rule book's
rule for a short stock, the dealer served first); failing those, each player whose draw is off.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final, NotRequired, TypedDict

from ...engine.exchange import ExchangeJson, share_stock
from ...jsontypes import Question
from ...marks import decides
from ...rulebook import Params, RuleBook
from ..diagnosis import Diagnosis
from ..exercise import ExerciseKind, Form, FormFields, Position, Terminal, params_of
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import require, whole
from .score import read_two

if TYPE_CHECKING:
    from ..exercise import Exercise

KEYS: Final = ("elder_draws", "dealer_draws")


class StockPosition(Position):
    """An ``exchange`` question without its kind: the stock, and what each player discards."""

    stock: int
    elder_discards: int
    dealer_discards: NotRequired[int | None]


class DrawsResponse(TypedDict):
    elder_draws: int
    dealer_draws: int


class Exchange(ExerciseKind[StockPosition, ExchangeJson, DrawsResponse]):
    name = "exchange"
    ask_kind = "exchange"

    def expected(self, exercise: Exercise, answer: ExchangeJson) -> DrawsResponse:
        return {"elder_draws": answer["elder_draws"], "dealer_draws": answer["dealer_draws"]}

    def normalize(self, exercise: Exercise, response: object) -> DrawsResponse:
        elder, dealer = (whole(require(response, key, f'{{"{key}": 2}}'), key) for key in KEYS)
        return {"elder_draws": elder, "dealer_draws": dealer}

    def under(self, exercise: Exercise, params: Params, book: RuleBook) -> DrawsResponse:
        p = self.position(exercise.position)
        shared = share_stock(p["stock"], p["elder_discards"], p.get("dealer_discards"), params)
        return {"elder_draws": shared.elder_draws, "dealer_draws": shared.dealer_draws}

    def slots(self, case: Case, given: DrawsResponse) -> dict[str, object]:
        params = params_of(case.exercise, case.book)
        then = ("the dealer then plays his hand as it stands" if params.short_stock_dealer == "plays-without-exchange"
                else "the dealer then takes what is left")
        return {"stock": self.position(case.exercise.position)["stock"], "dealer_then": then}

    @decides("exchange.discard-and-draw", "exchange.short-stock")
    def diagnose(self, exercise: Exercise, given: DrawsResponse, expected: DrawsResponse, answer: ExchangeJson,
                 book: RuleBook) -> Diagnosis:
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        if named:  # the learner's draws said back, then the mistake that gives them
            return replace(named, text=f"You had the elder hand draw {given['elder_draws']} and the dealer "
                                       f"{given['dealer_draws']}. {named.text}")
        p = self.position(exercise.position)
        stock, elder, dealer = p["stock"], p["elder_discards"], p.get("dealer_discards") or 0
        rule = "exchange.short-stock" if stock < elder + dealer else "exchange.discard-and-draw"
        texts = []
        if given["elder_draws"] != expected["elder_draws"]:
            texts.append(f"You had the elder hand draw {given['elder_draws']}, but he draws one card for each of "
                         f"the {elder} he discarded, as far as the {stock} cards of the stock go.")
        if given["dealer_draws"] != expected["dealer_draws"]:
            texts.append(f"You had the dealer draw {given['dealer_draws']}, but he is served after the elder hand, "
                         "from what the stock still holds.")
        return Diagnosis(" ".join(texts), rule)

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
