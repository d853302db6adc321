"""``exchange``: how many cards each player draws (``{"elder_draws": n, "dealer_draws": m}``).

The diagnosis names the catalogue's mistakes (a stock taken as bottomless, another rule book's
rule for a short stock, the dealer served first); failing those, each player whose draw is off.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final, NotRequired, TypedDict

from ...engine.exchange import ExchangeJson, share_stock
from ...i18n import tr, trn
from ...jsontypes import Question
from ...marks import decides
from ...rulebook import Params, RuleBook
from ..diagnosis import Diagnosis
from ..exercise import ExerciseKind, Form, FormFields, Position, Terminal, params_of
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import SEAT_WORDS, require, whole
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
        elder, dealer = (whole(require(response, key, f'{{"{key}": 2}}'), key,
                               f"the cards {SEAT_WORDS[key.removesuffix('_draws')]} draws") for key in KEYS)
        return {"elder_draws": elder, "dealer_draws": dealer}

    def under(self, exercise: Exercise, params: Params, book: RuleBook) -> DrawsResponse:
        p = self.position(exercise.position)
        shared = share_stock(p["stock"], p["elder_discards"], p.get("dealer_discards"), params)
        return {"elder_draws": shared.elder_draws, "dealer_draws": shared.dealer_draws}

    def slots(self, case: Case, given: DrawsResponse) -> dict[str, object]:
        params = params_of(case.exercise, case.book)
        p = self.position(case.exercise.position)
        stock, elder, dealer = p["stock"], p["elder_discards"], p.get("dealer_discards") or 0
        then = (tr("the dealer then plays his hand as it stands") if params.short_stock_dealer ==
                "plays-without-exchange" else tr("the dealer then takes what is left"))
        # what the learner served in full: both discards, or the elder's alone when the dealer discards none
        both = dealer > 0
        return {"stock": stock, "stock_cards": trn("%(count)d card", "%(count)d cards", stock), "dealer_then": then,
                "served_in_full": tr("You served both players in full") if both else
                tr("You gave the elder hand a card for each of the %(count)s he discarded", count=elder),
                "short_of": tr("not enough for both exchanges") if both else
                tr("not enough for his %(count)s", count=elder)}

    @decides("exchange.discard-and-draw", "exchange.short-stock")
    def diagnose(self, exercise: Exercise, given: DrawsResponse, expected: DrawsResponse, answer: ExchangeJson,
                 book: RuleBook) -> Diagnosis:
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        if named:  # the learner's draws said back, then the mistake that gives them
            said = tr("You had the elder hand draw %(elder)s and the dealer %(dealer)s.", elder=given["elder_draws"],
                      dealer=given["dealer_draws"])
            return replace(named, text=f"{said} {named.text}")  # two sentences, each whole
        p = self.position(exercise.position)
        stock, elder, dealer = p["stock"], p["elder_discards"], p.get("dealer_discards") or 0
        rule = "exchange.short-stock" if stock < elder + dealer else "exchange.discard-and-draw"
        texts = []
        if given["elder_draws"] != expected["elder_draws"]:
            texts.append(tr("You had the elder hand draw %(given)s, but he draws one card for each of the "
                            "%(elder)s he discarded, as far as the %(stock)s cards of the stock go.",
                            given=given["elder_draws"], elder=elder, stock=stock))
        if given["dealer_draws"] != expected["dealer_draws"]:
            texts.append(self._dealer_served(exercise, book, given["dealer_draws"]))
        return Diagnosis(" ".join(texts), rule)

    def _dealer_served(self, exercise: Exercise, book: RuleBook, given: int) -> str:
        """The dealer's draw said back, and why he draws what he draws here, from the share of this very stock (law
        28, law 38): one whole sentence for each case."""
        p, params = self.position(exercise.position), params_of(exercise, book)
        stock, elder, dealer = p["stock"], p["elder_discards"], p.get("dealer_discards") or 0
        share = share_stock(stock, elder, dealer, params)
        left = stock - share.elder_draws
        slots = {"given": given, "takes": share.elder_draws, "stock": stock, "left": left, "dealer": dealer,
                 "draws": share.dealer_draws, "keeps": share.dealer_takes_back}
        if left == 0:
            return tr("You had the dealer draw %(given)s, but the elder hand, served first, takes %(takes)s of the "
                      "%(stock)s cards and leaves %(left)s: nothing is left for the dealer, who plays his hand as it "
                      "stands.", **slots)
        if share.dealer_must_play:  # law 38 under the club code: he keeps his hand as it is
            return tr("You had the dealer draw %(given)s, but the elder hand, served first, takes %(takes)s of the "
                      "%(stock)s cards and leaves %(left)s, too few for the %(dealer)s he meant to discard, so the "
                      "dealer draws nothing and plays his hand as it stands.", **slots)
        if dealer == 0:
            return tr("You had the dealer draw %(given)s, but the elder hand, served first, takes %(takes)s of the "
                      "%(stock)s cards and leaves %(left)s, and he discards nothing, so he draws nothing.", **slots)
        if share.dealer_takes_back:
            return tr("You had the dealer draw %(given)s, but the elder hand, served first, takes %(takes)s of the "
                      "%(stock)s cards and leaves %(left)s, so he draws those %(draws)s and keeps %(keeps)s of the "
                      "cards he meant to discard.", **slots)
        return tr("You had the dealer draw %(given)s, but he draws one card for each of the %(dealer)s he discarded: "
                  "the elder hand, served first, takes %(takes)s of the %(stock)s cards and leaves %(left)s, enough "
                  "to serve him.", **slots)

    def words(self, exercise: Exercise, answer: DrawsResponse) -> str:
        return tr("the elder hand draws %(elder)s, the dealer %(dealer)s", elder=answer["elder_draws"],
                  dealer=answer["dealer_draws"])

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        response: Question = {key: form.get(key, "").strip() for key in KEYS}
        return response, dict(response)

    def form_data(self, exercise: Exercise, answer: DrawsResponse) -> FormFields:
        return {key: str(answer[key]) for key in KEYS}

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        lines = [tr("Cards left in the stock: %(count)s", count=p["stock"]),
                 tr("The elder hand discards %(count)s", count=p["elder_discards"])]
        dealer = p.get("dealer_discards")
        if dealer is not None:  # none: he never gets as far as discarding (lesson 4), not a wish to keep all five
            lines.append(tr("The dealer then wants to discard %(count)s", count=dealer) if dealer
                         else tr("The dealer discards none"))
        return lines

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        elder, dealer = read_two(terminal, "Cards drawn: type the elder hand's number, then the dealer's (e.g. 3 2)")
        return {"elder_draws": elder, "dealer_draws": dealer}
