"""A card out of play (law 17's surplus card, law 36's refused card) never comes back by the stock.

The deal keeps it apart (``deal.out_of_play``): however many exchanges empty the stock, under every
profile and the agreements that change how many exchanges there are, no hand ever draws it, the stock's
size counts without it, and law 38 counts the cards that can really be drawn.
"""
import random

import pytest

from ecarte_tutor import ask
from ecarte_tutor.cards import PACK
from ecarte_tutor.engine import analysis, analysis_exchange, holdings
from ecarte_tutor.engine import hand as hand_kind
from ecarte_tutor.engine.deal import read_deal
from ecarte_tutor.rulebook import default_rulebook

ELDER = ["KS", "QS", "JS", "8H", "8D"]
DEALER = ["7S", "AC", "10C", "9C", "7D"]
TURN_UP = "9H"
REST = [str(c) for c in PACK if str(c) not in ELDER + DEALER + [TURN_UP]]


def deal_with(aside: list[str]) -> dict:
    """The fixed deal with ``aside`` out of play; the stock is the rest (where the card used to lie: its bottom)."""
    stock = [c for c in REST if c not in aside]
    return {"elder": ELDER, "dealer": DEALER, "turn_up": TURN_UP, "stock": stock, "out_of_play": aside}


ASIDE = [REST[-1]]  # the card that lay at the very bottom of the stock: the last one an exchange would reach


def hand(deal: dict, actions: list[dict], **extra) -> dict:
    return ask({"kind": "hand", "deal": deal, "actions": actions, **extra})


def discard(seat: str, cards: list[str]) -> dict:
    return {"by": seat, "do": "discard", "cards": cards}


def test_a_deal_counts_the_stock_without_its_cards_out_of_play():
    answer = hand(deal_with(ASIDE), [])
    assert answer["state"]["stock_size"] == 20
    assert answer["state"]["out_of_play"] == ASIDE  # echoed, so a client can show what both players see
    assert hand({**deal_with([]), "stock": REST}, [])["state"]["out_of_play"] == []
    refused = hand({**deal_with(ASIDE), "stock": REST}, [])["error"]  # 33 cards: the stock still holds it
    assert refused["code"] == "bad-deal" and refused["field"] == "deal.stock"
    assert "20 undealt cards, the 1 card out of play apart" in refused["message"]
    refused = hand({**deal_with(ASIDE), "out_of_play": [ELDER[0]]}, [])["error"]  # out of play and in a hand
    assert refused["code"] == "bad-deal" and "out of play" in refused["message"]


def _drain(profile: str, agreements: list[str], greedy: bool, aside: list[str]) -> list[dict]:
    """Propose, accept and discard until the exchange ends (each discard its most, or its least above none,
    for as many exchanges as the rules allow), checking every state on the way; the states seen."""
    deal, actions, states = deal_with(aside), [], []
    extra = {"profile": profile, **({"agreements": agreements} if agreements else {})}
    for _ in range(60):
        answer = hand(deal, actions, **extra)
        state = answer["state"]
        states.append(state)
        held = state["hands"]["elder"] + state["hands"]["dealer"]
        assert not set(aside) & set(held), (profile, agreements, actions)
        drawn = sum(state["discarded"].values())
        assert state["stock_size"] == len(REST) - len(aside) - drawn  # never counted, never drawn
        if state["phase"] == "play":
            return states
        move = next(a for a in answer["next"] if a["do"] in ("propose", "accept", "discard"))
        if move["do"] == "discard":
            count = move["max"] if greedy else max(move["min"], 1)
            move = discard(move["by"], move["from"][:count])
        actions.append(move)
    raise AssertionError(f"the exchange never ended: {actions}")


@pytest.mark.parametrize("profile", ["london", "french", "modern", "finnish"])
@pytest.mark.parametrize("agreements", [[], ["single-exchange"]])
@pytest.mark.parametrize("greedy", [True, False])
def test_no_exchange_ever_draws_a_card_out_of_play_even_when_the_stock_is_emptied(profile, agreements, greedy):
    states = _drain(profile, agreements, greedy, ASIDE)
    if not agreements:  # exchange after exchange until the stock is used up
        assert states[-1]["stock_size"] == 0
    assert states[0]["stock_size"] == 20


def test_two_cards_out_of_play_stay_out_through_a_whole_emptied_stock():
    states = _drain("modern", [], False, [REST[-1], REST[3]])
    assert states[-1]["stock_size"] == 0 and states[0]["stock_size"] == 19


def _to_two_left() -> list[dict]:
    """Two full exchanges and a third in which the dealer takes three: two cards left of the twenty."""
    stock = [c for c in REST if c not in ASIDE]
    elder, dealer, actions = list(ELDER), list(DEALER), []
    for dealer_takes in (5, 3):
        actions += [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}, discard("elder", elder)]
        elder, stock = stock[:5], stock[5:]
        actions.append(discard("dealer", dealer[:dealer_takes]))
        dealer, stock = dealer[dealer_takes:] + stock[:dealer_takes], stock[dealer_takes:]
    assert len(stock) == 2
    return actions + [{"by": "elder", "do": "propose"}]


def test_law_38_counts_only_the_cards_that_can_be_drawn():
    """Two cards are left, not three: the elder's three discards are served two, and under the club code the
    dealer plays as he is, exactly as the ``exchange`` kind says for a stock of two."""
    deal = deal_with(ASIDE)
    elder = hand(deal, _to_two_left())["state"]["hands"]["elder"]
    actions = _to_two_left() + [{"by": "dealer", "do": "accept"}, discard("elder", elder[:3])]
    state = hand(deal, actions)["state"]
    told = ask({"kind": "exchange", "stock": 2, "elder_discards": 3})
    assert state["taken_back"]["elder"] == told["elder_takes_back"] == 1
    assert state["stock_size"] == told["stock_left"] == 0
    assert state["phase"] == "play"  # law 38 (london): the dealer plays his hand as it is
    assert ASIDE[0] not in state["hands"]["elder"] + state["hands"]["dealer"]


def test_an_acceptance_on_condition_lapses_when_only_the_cards_in_play_fall_short():
    """Law 38: 'if there are cards enough'. Two cards can be drawn; the elder's two would leave the dealer
    none, so the acceptance falls away, though the card out of play would have made three."""
    deal = deal_with(ASIDE)
    start = _to_two_left()
    elder = hand(deal, start)["state"]["hands"]["elder"]
    actions = start + [{"by": "dealer", "do": "accept", "condition": "enough-cards"}, discard("elder", elder[:2])]
    state = hand(deal, actions)["state"]
    assert state["phase"] == "play" and state["hands"]["elder"] == elder and state["stock_size"] == 2
    assert state["discarded"]["elder"] == 10  # the two exchanges before; nothing changed hands on this one


def test_the_play_never_places_a_card_out_of_play_in_the_unseen_hand():
    """What the elder knows of the dealer's hand in play: the card out of play is none of the cards he may hold,
    and the ``analyse`` kind weighs the position from his side with it left out."""
    book = default_rulebook()
    params = book.params("london")
    deal = deal_with(["7C"])
    actions = [{"by": "elder", "do": "stand"}]
    position = analysis.read_position({"deal": deal, "actions": actions}, params)
    known = holdings.knowledge(position.state, "elder", position.held["elder"], params)
    assert "7C" not in {str(c) for c in known.candidates}
    assert len(known.candidates) == 32 - 5 - 1 - 1  # the pack less his five, the turn-up and the card out of play
    answer = ask({"kind": "analyse", "deal": deal, "actions": actions, "view": "elder"})
    assert {c["card"] for c in answer["cards"]} <= set(ELDER)


def test_the_exchange_analysis_deals_its_worlds_without_the_card_out_of_play():
    """At the elder's first decision, the cards he has not seen are the dealer's five and the twenty of the stock:
    every deal the analysis makes of them leaves the card out of play apart, and the ``analyse`` kind answers."""
    book = default_rulebook()
    params = book.params("london")
    deal = read_deal(deal_with(["7C"]), params)
    known = analysis_exchange._known(deal, [], hand_kind.start(deal, params), "elder")
    assert len(known.hidden) == 5 + 20 and "7C" not in {str(c) for c in known.hidden}
    rng = random.Random(41)
    for _ in range(50):
        cards = list(known.hidden)
        rng.shuffle(cards)
        world = known.deal_with(cards)
        assert world.out_of_play == deal.out_of_play and len(world.stock) == 20
        assert "7C" not in {str(c) for c in (*world.elder, *world.dealer, *world.stock)}
    answer = ask({"kind": "analyse", "deal": deal_with(["7C"]), "actions": [], "view": "elder"})
    assert {c["choice"] for c in answer["choices"]} == {"play", "propose"}
