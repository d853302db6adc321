"""``rank-order``: put cards of different ranks in order, highest first (``{"order": ["KH", "QH", ...]}``).

No ``ask()`` kind decides it: the rank order in force comes from the rule book. On the site
the cards are tapped one after another (each tap a plain GET, so no script is needed); the
order so far travels in the ``order`` field. The diagnosis names the first pair out of order.
"""
from __future__ import annotations

from ...cards import RANK_NAMES, parse_card
from ..diagnosis import Diagnosis
from ..reading import BadResponse, card_list, pretty, require
from .base import ExerciseKind, KindError, cards_line, params_of
from .legal_cards import card_choices


class RankOrder(ExerciseKind):
    name = "rank-order"

    def choices(self, entry, book):
        choices = card_choices(entry["position"]["cards"], "position.cards")
        # Only cards of different ranks have one right order (two kings of different suits tie).
        ranks = [choice["value"][:-1] for choice in choices]
        if len(set(ranks)) != len(ranks):
            raise KindError("cards to put in order must all be of different ranks", "position")
        return choices

    def engine_answer(self, exercise, book):
        params = params_of(exercise, book)
        cards = [parse_card(c) for c in exercise.position["cards"]]
        order = sorted(cards, key=lambda c: params.rank_order.index(c.rank))
        text = (f"Within a suit the ranks run {' '.join(params.rank_order)}, highest first, so the order is "
                f"{pretty(order)}.")
        if "A" in {c.rank for c in cards} and not params.ranking.ace_above_knave:
            text += " The ace comes below the knave and above the ten."
        return {"order": [str(c) for c in order], "cites": [params.rule_for("rank_order")], "laws": [],
                "explanation": text}

    def expected(self, exercise, answer):
        return {"order": list(answer["order"])}

    def normalize(self, exercise, response):
        order = card_list(require(response, "order", '{"order": ["KH", "QH"]}'), "order")
        given = [parse_card(c) for c in exercise.position["cards"]]
        if sorted(map(str, order)) != sorted(map(str, given)):
            raise BadResponse(f"Put exactly these cards in order: {pretty(given)}.", "order")
        return {"order": [str(c) for c in order]}

    def diagnose(self, exercise, given, expected, answer, book):
        params = params_of(exercise, book)
        order = [parse_card(c) for c in given["order"]]
        wrong = [(a, b) for a, b in zip(order, order[1:], strict=False) if params.ranking.higher(b, a)]
        high, low = wrong[0]
        text = (f"You put {_name(high)} above {_name(low)}, but {_name(low)} ranks higher "
                f"({low.pretty} beats {high.pretty}).")
        if high.rank == "A" and not params.ranking.ace_above_knave:
            text += " The ace is not the top card: it comes below the knave."
        others = len(wrong) - 1
        if others:
            text += (" Another pair of neighbours is" if others == 1 else f" {others} other pairs of neighbours are") \
                + " the wrong way round too."
        return Diagnosis(text, params.rule_for("rank_order"))

    def words(self, exercise, answer):
        return pretty(answer["order"])

    def placed(self, exercise, form) -> list[str]:
        """The cards tapped so far, in order: those of the exercise, each once (anything else is dropped)."""
        offered = [choice["value"] for choice in exercise.choices]
        out = []
        for token in form.get("order", "").replace(",", " ").split():
            try:
                code = str(parse_card(token))
            except ValueError:
                continue
            if code in offered and code not in out:
                out.append(code)
        return out

    def read_form(self, exercise, form):
        return {"order": form.get("order", "").replace(",", " ").split()}, {"order": self.placed(exercise, form)}

    def form_data(self, exercise, answer):
        return {"order": " ".join(answer["order"])}

    def describe(self, exercise, book):
        return [cards_line("Cards", exercise.position["cards"])]

    def read_typed(self, exercise, terminal):
        return {"order": terminal.answer("Type these cards from the highest to the lowest").replace(",", " ").split()}


def _name(card) -> str:
    return f"the {RANK_NAMES[card.rank]}"

