"""``rank-order``: put cards of different ranks in order, highest first (``{"order": ["KH", "QH", ...]}``).

No ``ask()`` kind decides it: the rank order in force comes from the rule book. On the site
the cards are tapped one after another (each tap a plain GET, so no script is needed); the
order so far travels in the ``order`` field. The diagnosis names the first pair out of order.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, TypedDict

from ...cards import RANK_NAMES, Card, parse_card
from ...engine.citing import Explained
from ...jsontypes import Question
from ...rulebook import Params, RuleBook
from ...wording import listed
from ..diagnosis import Diagnosis
from ..exercise import ExerciseKind, Form, FormFields, KindError, Position, Terminal, cards_line, params_of
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import BadResponse, card_list, pretty, require
from .legal_cards import card_choices

if TYPE_CHECKING:
    from ..exercise import Choice, Exercise, ExerciseEntry


class CardsPosition(Position):
    cards: list[str]  # of different ranks


class RankAnswer(Explained):
    """The answer this kind works out itself from the rule book's rank order (no ask() kind gives it)."""

    order: list[str]


class OrderResponse(TypedDict):
    order: list[str]  # highest first


class RankOrder(ExerciseKind[CardsPosition, RankAnswer, OrderResponse]):
    name = "rank-order"

    def choices(self, entry: ExerciseEntry, book: RuleBook) -> tuple[Choice, ...]:
        choices = card_choices(self.position(entry["position"])["cards"], "position.cards")
        # Only cards of different ranks have one right order (two kings of different suits tie).
        ranks = [choice["value"][:-1] for choice in choices]
        if len(set(ranks)) != len(ranks):
            raise KindError("cards to put in order must all be of different ranks", "position")
        return choices

    def under(self, exercise: Exercise, params: Params, book: RuleBook) -> OrderResponse:
        cards = [parse_card(c) for c in self.position(exercise.position)["cards"]]
        return {"order": [str(c) for c in sorted(cards, key=lambda c: params.rank_order.index(c.rank))]}

    def slots(self, case: Case, given: OrderResponse) -> dict[str, object]:
        order = [parse_card(c) for c in given["order"]]
        # the lowest card but the last one, as the learner put them: "below the ten (10♠)", whatever is there
        above_last = f"{_name(order[-2])} ({order[-2].pretty})" if len(order) > 1 else ""
        return {"first": order[0].pretty, "above_last": above_last}

    def engine_answer(self, exercise: Exercise, book: RuleBook) -> RankAnswer:
        params = params_of(exercise, book)
        cards = [parse_card(c) for c in self.position(exercise.position)["cards"]]
        order = sorted(cards, key=lambda c: params.rank_order.index(c.rank))
        text = (f"Within a suit the ranks run {' '.join(params.rank_order)}, highest first, so the order is "
                f"{pretty(order)}.")
        if "A" in {c.rank for c in cards} and not params.ranking.ace_above_knave:
            text += " The ace comes below the knave and above the ten."
        return {"order": [str(c) for c in order], "cites": [params.rule_for("rank_order")], "laws": [],
                "explanation": text}

    def expected(self, exercise: Exercise, answer: RankAnswer) -> OrderResponse:
        return {"order": list(answer["order"])}

    def normalize(self, exercise: Exercise, response: object) -> OrderResponse:
        order = card_list(require(response, "order", '{"order": ["KH", "QH"]}'), "order")
        given = [parse_card(c) for c in self.position(exercise.position)["cards"]]
        if sorted(map(str, order)) != sorted(map(str, given)):
            raise BadResponse(f"Put exactly these cards in order: {pretty(given)}.", "order")
        return {"order": [str(c) for c in order]}

    def diagnose(self, exercise: Exercise, given: OrderResponse, expected: OrderResponse, answer: RankAnswer,
                 book: RuleBook) -> Diagnosis:
        params = params_of(exercise, book)
        order = [parse_card(c) for c in given["order"]]
        wrong = [(a, b) for a, b in zip(order, order[1:], strict=False) if params.ranking.higher(b, a)]
        high, low = wrong[0]
        text = (f"You put {_name(high)} above {_name(low)}, but {_name(low)} ranks higher "
                f"({low.pretty} beats {high.pretty}).")
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        if named:  # the first pair the wrong way round, then the mistake that put it there
            return replace(named, text=f"{text} {named.text}")
        if high.rank == "A" and not params.ranking.ace_above_knave:
            text += " The ace is not the top card: it comes below the knave."
        if len(wrong) > 1:  # each other pair named, so the learner sees every slip, not a count of them
            text += " You also put " + listed([f"{_name(a)} above {_name(b)} ({b.pretty} beats {a.pretty})"
                                             for a, b in wrong[1:]]) + "."
        return Diagnosis(text, params.rule_for("rank_order"))

    def words(self, exercise: Exercise, answer: OrderResponse) -> str:
        return pretty(answer["order"])

    def placed(self, exercise: Exercise, form: Form) -> list[str]:
        """The cards tapped so far, in order: those of the exercise, each once (anything else is dropped)."""
        offered = [choice["value"] for choice in exercise.choices]
        out: list[str] = []
        for token in form.get("order", "").replace(",", " ").split():
            try:
                code = str(parse_card(token))
            except ValueError:
                continue
            if code in offered and code not in out:
                out.append(code)
        return out

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        return {"order": form.get("order", "").replace(",", " ").split()}, {"order": self.placed(exercise, form)}

    def form_data(self, exercise: Exercise, answer: OrderResponse) -> FormFields:
        return {"order": " ".join(answer["order"])}

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        return [cards_line("Cards", self.position(exercise.position)["cards"])]

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        return {"order": terminal.answer("Type these cards from the highest to the lowest").replace(",", " ").split()}


def _name(card: Card) -> str:
    return f"the {RANK_NAMES[card.rank]}"

