"""``rank-order``: put cards of different ranks in order, highest first (``{"order": ["KH", "QH", ...]}``).

No ``ask()`` kind decides it: the rank order in force comes from the rule book. On the site
the cards are tapped one after another (each tap a plain GET, so no script is needed); the
order so far travels in the ``order`` field. The diagnosis names the first pair out of order.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, TypedDict

from ...cards import Card, parse_card, shown
from ...engine.citing import Explained
from ...i18n import current, marked_in, tr, trc
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
        above_last = tr("%(rank)s (%(card)s)", rank=_name(order[-2]), card=_shown(order[-2])) if len(order) > 1 else ""
        return {"first": _shown(order[0]), "above_last": above_last}

    def engine_answer(self, exercise: Exercise, book: RuleBook) -> RankAnswer:
        params = params_of(exercise, book)
        cards = [parse_card(c) for c in self.position(exercise.position)["cards"]]
        order = sorted(cards, key=lambda c: params.rank_order.index(c.rank))
        ranks = " ".join(trc("rank letter", rank) for rank in params.rank_order)
        if "A" in {c.rank for c in cards} and not params.ranking.ace_above_knave:
            text = tr("Within a suit the ranks run %(ranks)s, highest first, so the order is %(cards)s. The ace "
                      "comes below the knave and above the ten.", ranks=ranks, cards=pretty(order))
        else:
            text = tr("Within a suit the ranks run %(ranks)s, highest first, so the order is %(cards)s.",
                      ranks=ranks, cards=pretty(order))
        return {"order": [str(c) for c in order], "cites": [params.rule_for("rank_order")], "laws": [],
                "explanation": text}

    def expected(self, exercise: Exercise, answer: RankAnswer) -> OrderResponse:
        return {"order": list(answer["order"])}

    def normalize(self, exercise: Exercise, response: object) -> OrderResponse:
        order = card_list(require(response, "order", '{"order": ["KH", "QH"]}'), "order")
        given = [parse_card(c) for c in self.position(exercise.position)["cards"]]
        if sorted(map(str, order)) != sorted(map(str, given)):
            raise BadResponse(tr("Put exactly these cards in order: %(cards)s.", cards=pretty(given)), "order")
        return {"order": [str(c) for c in order]}

    def diagnose(self, exercise: Exercise, given: OrderResponse, expected: OrderResponse, answer: RankAnswer,
                 book: RuleBook) -> Diagnosis:
        params = params_of(exercise, book)
        order = [parse_card(c) for c in given["order"]]
        wrong = [(a, b) for a, b in zip(order, order[1:], strict=False) if params.ranking.higher(b, a)]
        high, low = wrong[0]
        text = tr("You put %(high)s above %(low_after_above)s, but %(low)s ranks higher (%(low_card)s beats "
                  "%(high_card)s).", high=_name(high), low_after_above=_name_after_above(low), low=_name(low),
                  low_card=_shown(low), high_card=_shown(high))
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        if named:  # the first pair the wrong way round, then the mistake that put it there
            return replace(named, text=f"{text} {named.text}")  # two sentences, each whole
        if high.rank == "A" and not params.ranking.ace_above_knave:
            text += " " + tr("The ace is not the top card: it comes below the knave.")
        if len(wrong) > 1:  # each other pair named, so the learner sees every slip, not a count of them
            pairs = [tr("%(high)s above %(low_after_above)s (%(low_card)s beats %(high_card)s)", high=_name(a),
                        low_after_above=_name_after_above(b), low_card=_shown(b), high_card=_shown(a))
                     for a, b in wrong[1:]]
            joined = listed(pairs, "and")
            text += " " + tr("You also put %(pairs)s.", pairs=joined)
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
        return [cards_line(tr("Cards"), self.position(exercise.position)["cards"])]

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        return {"order": terminal.answer(tr("Type these cards from the highest to the lowest")).replace(",", " ")
                .split()}


THE_RANK = {"K": marked_in("the rank", "the king"), "Q": marked_in("the rank", "the queen"),
            "J": marked_in("the rank", "the knave"), "A": marked_in("the rank", "the ace"),
            "10": marked_in("the rank", "the ten"), "9": marked_in("the rank", "the nine"),
            "8": marked_in("the rank", "the eight"), "7": marked_in("the rank", "the seven")}
"""A rank as a sentence names it: "the queen" (« la dame »)."""
AFTER_ABOVE = {"K": marked_in("rank after above", "the king"), "Q": marked_in("rank after above", "the queen"),
               "J": marked_in("rank after above", "the knave"), "A": marked_in("rank after above", "the ace"),
               "10": marked_in("rank after above", "the ten"), "9": marked_in("rank after above", "the nine"),
               "8": marked_in("rank after above", "the eight"), "7": marked_in("rank after above", "the seven")}
"""A rank after "above": "above the king" (« au-dessus du roi », « de la dame »)."""


def _name(card: Card) -> str:
    return trc("the rank", THE_RANK[card.rank])


def _name_after_above(card: Card) -> str:
    return trc("rank after above", AFTER_ABOVE[card.rank])


def _shown(card: Card) -> str:
    return shown(card, current())

