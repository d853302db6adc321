"""Reading and checking a deal for the ``hand`` kind: 32 distinct cards, 5 and 5, turn-up, stock."""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..errors import QuestionError
from ..fields import read_card, read_cards
from ..marks import decides
from ..rulebook import Params


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: two hands, the turn-up and the stock (top first)."""

    elder: tuple[Card, ...]
    dealer: tuple[Card, ...]
    turn_up: Card
    stock: tuple[Card, ...]


@decides("deal.five-cards", "deal.turn-up", "deal.stock")
def read_deal(value: object, params: Params) -> Deal:
    """Check a deal as docs/api.md describes; every defect is a ``bad-deal`` error naming the field."""
    if not isinstance(value, dict):
        raise QuestionError("bad-deal", "'deal' must be an object with elder, dealer, turn_up and stock.", "deal")
    size = params.hand_size
    hands: dict[str, tuple[Card, ...]] = {}
    for seat in ("elder", "dealer"):
        if value.get(seat) is None:
            raise QuestionError("bad-deal", f"The deal needs the {seat}'s {size} cards.", f"deal.{seat}")
        cards = read_cards(value[seat], f"deal.{seat}", distinct=False)
        if len(cards) != size:
            raise QuestionError("bad-deal", f"The {seat} must be dealt {size} cards, not {len(cards)}.", f"deal.{seat}")
        hands[seat] = tuple(cards)
    if value.get("turn_up") is None:
        raise QuestionError("bad-deal", "The deal needs the turn-up card.", "deal.turn_up")
    turn_up = read_card(value["turn_up"], "deal.turn_up")
    stock = tuple(read_cards(value.get("stock", []), "deal.stock", distinct=False))
    expected_stock = params.stock_size
    if len(stock) != expected_stock:
        raise QuestionError("bad-deal", f"The stock must hold the {expected_stock} undealt cards, not {len(stock)}.",
                            "deal.stock")
    where: dict[Card, str] = {}
    places = [(f"deal.{seat}", place, hands[seat]) for seat, place in (("elder", "in the elder hand"),
                                                                       ("dealer", "in the dealer's hand"))]
    places += [("deal.turn_up", "as the turn-up", (turn_up,)), ("deal.stock", "in the stock", stock)]
    for name, place, group in places:
        for i, card in enumerate(group):
            field = name if name == "deal.turn_up" else f"{name}[{i}]"
            if card in where:
                again = "again " if where[card] == place else ""
                raise QuestionError("bad-deal", f"{card.pretty} is dealt twice: {where[card]} and {again}{place}.",
                                    field)
            where[card] = place
    return Deal(hands["elder"], hands["dealer"], turn_up, stock)
