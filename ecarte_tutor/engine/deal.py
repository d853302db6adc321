"""Reading and checking a deal for the ``hand`` kind: 32 distinct cards, 5 and 5, turn-up, stock, and the
cards a ruling put out of play.

A card out of play (law 17's surplus card drawn at random, law 36's exposed card refused) is a card of
the pack that is in no hand and not in the stock: it is kept apart from the stock, so no exchange can
draw it, the stock's size counts without it, and law 38 counts the cards that can really be drawn.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, shown
from ..errors import QuestionError
from ..fields import read_card, read_cards
from ..i18n import current, tr, trn
from ..marks import decides
from ..rulebook import Params
from ..wording import seat_word


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: two hands, the turn-up, the stock (top first), and any card a ruling put out of play."""

    elder: tuple[Card, ...]
    dealer: tuple[Card, ...]
    turn_up: Card
    stock: tuple[Card, ...]
    out_of_play: tuple[Card, ...] = ()  # never drawn, never dealt: the stock is the pack without them


@decides("deal.five-cards", "deal.turn-up", "deal.stock")
def read_deal(value: object, params: Params) -> Deal:
    """Check a deal as docs/api.md describes; every defect is a ``bad-deal`` error naming the field."""
    if not isinstance(value, dict):
        raise QuestionError("bad-deal", tr("'deal' must be an object with elder, dealer, turn_up and stock."), "deal")
    size = params.hand_size
    hands: dict[str, tuple[Card, ...]] = {}
    for seat in ("elder", "dealer"):
        if value.get(seat) is None:
            raise QuestionError("bad-deal", tr("The deal needs the %(seat)s's %(count)d cards.", seat=seat_word(seat),
                                               count=size), f"deal.{seat}")
        cards = read_cards(value[seat], f"deal.{seat}", distinct=False)
        if len(cards) != size:
            raise QuestionError("bad-deal", tr("The %(seat)s must be dealt %(count)d cards, not %(given)d.",
                                               seat=seat_word(seat), count=size, given=len(cards)), f"deal.{seat}")
        hands[seat] = tuple(cards)
    if value.get("turn_up") is None:
        raise QuestionError("bad-deal", tr("The deal needs the turn-up card."), "deal.turn_up")
    turn_up = read_card(value["turn_up"], "deal.turn_up")
    stock = tuple(read_cards(value.get("stock", []), "deal.stock", distinct=False))
    aside = tuple(read_cards(value.get("out_of_play", []), "deal.out_of_play", distinct=False))
    if len(aside) > params.stock_size:
        raise QuestionError("bad-deal", tr("At most %(most)d cards can be out of play, not %(given)d.",
                                           most=params.stock_size, given=len(aside)), "deal.out_of_play")
    expected_stock = params.stock_size - len(aside)
    if len(stock) != expected_stock:
        raise QuestionError("bad-deal", trn("The stock must hold the %(undealt)d undealt cards, the %(count)d card "
                                            "out of play apart, not %(given)d.",
                                            "The stock must hold the %(undealt)d undealt cards, the %(count)d cards "
                                            "out of play apart, not %(given)d.", len(aside), undealt=expected_stock,
                                            given=len(stock)) if aside else
                            tr("The stock must hold the %(undealt)d undealt cards, not %(given)d.",
                               undealt=expected_stock, given=len(stock)), "deal.stock")
    where: dict[Card, str] = {}
    places = [(f"deal.{seat}", place, hands[seat]) for seat, place in (("elder", tr("in the elder hand")),
                                                                       ("dealer", tr("in the dealer's hand")))]
    places += [("deal.turn_up", tr("as the turn-up"), (turn_up,)), ("deal.stock", tr("in the stock"), stock),
               ("deal.out_of_play", tr("out of play"), aside)]
    for name, place, group in places:
        for i, card in enumerate(group):
            field = name if name == "deal.turn_up" else f"{name}[{i}]"
            if card in where:
                shown_card = shown(card, current())
                raise QuestionError("bad-deal", tr("%(card)s is dealt twice: %(first)s and again %(second)s.",
                                                   card=shown_card, first=where[card], second=place)
                                    if where[card] == place else
                                    tr("%(card)s is dealt twice: %(first)s and %(second)s.", card=shown_card,
                                       first=where[card], second=place), field)
            where[card] = place
    return Deal(hands["elder"], hands["dealer"], turn_up, stock, aside)
