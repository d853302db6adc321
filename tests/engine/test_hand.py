"""Refereeing a whole hand: deal checks, the exchange, the king, the tricks, the score."""
import pytest

from ecarte_tutor import ask
from ecarte_tutor.cards import PACK

# A fixed deal: hearts trump (9H turned). Elder: K♠ Q♠ J♠ 8♥ 8♦; dealer: 7♠ A♣ 10♣ 9♣ 7♦.
ELDER = ["KS", "QS", "JS", "8H", "8D"]
DEALER = ["7S", "AC", "10C", "9C", "7D"]
TURN_UP = "9H"


def make_deal(elder=ELDER, dealer=DEALER, turn_up=TURN_UP):
    """A deal whose stock is the rest of the pack, in pack order."""
    stock = [str(c) for c in PACK if str(c) not in elder + dealer + [turn_up]]
    return {"elder": elder, "dealer": dealer, "turn_up": turn_up, "stock": stock}


DEAL = make_deal()
STOCK = DEAL["stock"]


def hand(actions, deal=DEAL, **extra):
    return ask({"kind": "hand", "deal": deal, "actions": actions, **extra})


def card(seat, c):
    return {"by": seat, "do": "card", "card": c}


def test_elder_stands_and_wins_the_vole():
    actions = [{"by": "elder", "do": "stand"},
               card("elder", "KS"), card("dealer", "7S"), card("elder", "QS"), card("dealer", "7D"),
               card("elder", "JS"), card("dealer", "AC"), card("elder", "8H"), card("dealer", "10C"),
               card("elder", "8D"), card("dealer", "9C")]
    answer = hand(actions)
    assert answer["legal"] is True and answer["first_illegal"] is None
    assert answer["state"]["phase"] == "complete" and answer["next"] == []
    assert answer["score"]["points"] == {"elder": 2, "dealer": 0}
    assert answer["state"]["elder_played_without_proposing"] is True


def test_a_revoke_is_the_first_illegal_action():
    actions = [{"by": "elder", "do": "stand"}, card("elder", "8D"), card("dealer", "AC")]
    answer = hand(actions)
    assert answer["legal"] is False
    illegal = answer["first_illegal"]
    assert illegal["index"] == 2 and illegal["code"] == "revoke"
    assert {"by": "dealer", "do": "card", "card": "7D"} in illegal["legal_alternatives"]
    assert "7♦" in illegal["explanation"] or "diamonds" in illegal["explanation"]


def test_failing_to_trump_is_failing_to_win_the_trick():
    deal = make_deal(dealer=["7H", "AC", "10C", "9C", "7C"])
    answer = hand([{"by": "elder", "do": "stand"}, card("elder", "8D"), card("dealer", "AC")], deal)
    assert answer["first_illegal"]["code"] == "failed-to-win-trick"
    assert 43 in answer["first_illegal"]["laws"]


def test_acting_out_of_turn():
    answer = hand([{"by": "dealer", "do": "accept"}])
    assert answer["first_illegal"]["code"] in ("out-of-turn", "not-now")
    answer = hand([{"by": "elder", "do": "stand"}, card("dealer", "7S")])
    assert answer["first_illegal"]["code"] == "out-of-turn"


@pytest.mark.parametrize("before", [[], [{"by": "elder", "do": "propose"}],
                                    [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}]])
def test_a_card_the_dealer_leads_during_the_exchange_is_a_lead_out_of_turn(before):
    """Law 40 has no condition about the exchange: the dealer's card before it ends is led out of turn."""
    illegal = hand([*before, card("dealer", "7S")])["first_illegal"]
    assert illegal["index"] == len(before) and illegal["laws"] == [40] and "law.40" in illegal["cites"]
    assert "out of turn" in illegal["explanation"]


def test_proposal_exchange_and_draws_from_the_top():
    actions = [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
               {"by": "elder", "do": "discard", "cards": ["8D", "8H"]},
               {"by": "dealer", "do": "discard", "cards": ["7D"]}]
    answer = hand(actions)
    state = answer["state"]
    assert answer["legal"] and state["phase"] == "proposal"
    assert state["hands"]["elder"][-2:] == STOCK[:2] and state["hands"]["dealer"][-1] == STOCK[2]
    assert state["stock_size"] == 21 - 3


def test_dealer_discarding_none_depends_on_the_profile():
    actions = [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
               {"by": "elder", "do": "discard", "cards": ["8D"]}, {"by": "dealer", "do": "discard", "cards": []}]
    assert hand(actions)["first_illegal"]["code"] == "discard-count"
    assert hand(actions, profile="french")["legal"] is True


def test_dealer_minimum_of_zero_from_the_rule_book(modified_book):
    book = modified_book(dealer_min_discard=0)
    actions = [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
               {"by": "elder", "do": "discard", "cards": ["8D"]}, {"by": "dealer", "do": "discard", "cards": []}]
    assert ask({"kind": "hand", "deal": DEAL, "actions": actions}, book)["legal"] is True


def test_refusing_the_first_proposal_is_recorded():
    answer = hand([{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "refuse"}])
    assert answer["state"]["dealer_refused_first_proposal"] is True and answer["state"]["phase"] == "play"


def test_turned_king_is_marked_for_the_dealer():
    deal = make_deal(turn_up="KH")
    actions = [{"by": "elder", "do": "stand"},
               card("elder", "KS"), card("dealer", "7S"), card("elder", "QS"), card("dealer", "7D"),
               card("elder", "JS"), card("dealer", "AC"), card("elder", "8H"), card("dealer", "10C"),
               card("elder", "8D"), card("dealer", "9C")]
    answer = hand(actions, deal)
    assert answer["state"]["king_turned"] is True
    assert answer["score"]["points"] == {"elder": 2, "dealer": 1}


def test_king_announcement_windows():
    deal = make_deal(elder=["KH", "QS", "JS", "8H", "8D"])
    on_time = [{"by": "elder", "do": "stand"}, {"by": "elder", "do": "announce-king"}]
    assert hand(on_time, deal)["state"]["king_announced_by"] == "elder"
    late = [{"by": "elder", "do": "stand"}, card("elder", "QS"), card("dealer", "7S"),
            {"by": "elder", "do": "announce-king"}]
    assert hand(late, deal)["first_illegal"]["code"] == "king-too-late"
    # law 24: the king led first may be announced until it is played to (london only)
    led_king = [{"by": "elder", "do": "stand"}, card("elder", "KH"), {"by": "elder", "do": "announce-king"}]
    assert hand(led_king, deal)["legal"] is True
    assert hand(led_king, deal, profile="french")["first_illegal"]["code"] == "king-too-late"
    dealer_claims = [{"by": "elder", "do": "stand"}, {"by": "dealer", "do": "announce-king"}]
    assert hand(dealer_claims, deal)["first_illegal"]["code"] == "no-king"


def test_stock_used_up_ends_the_exchange():
    actions = [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}]
    elder, dealer, stock = list(ELDER), list(DEALER), list(STOCK)
    rounds = 0
    while stock:
        take = min(5, len(stock))
        actions.append({"by": "elder", "do": "discard", "cards": elder[:take]})
        elder = elder[take:] + stock[:take]
        stock = stock[take:]
        if not stock:
            break
        take = min(5, len(stock))
        actions.append({"by": "dealer", "do": "discard", "cards": dealer[:take]})
        dealer = dealer[take:] + stock[:take]
        stock = stock[take:]
        if stock:
            actions += [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}]
        rounds += 1
    answer = hand(actions)
    assert answer["legal"], answer["first_illegal"]
    assert answer["state"]["stock_size"] == 0 and answer["state"]["phase"] == "play"
    assert answer["state"]["to_act"] == "elder"


def _two_full_exchanges():
    """Two rounds in which both sides change all five cards: one card is left in the stock."""
    actions, elder, dealer, stock = [], list(ELDER), list(DEALER), list(STOCK)
    for _ in range(2):
        actions += [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
                    {"by": "elder", "do": "discard", "cards": elder},
                    {"by": "dealer", "do": "discard", "cards": dealer}]
        elder, dealer, stock = stock[:5], stock[5:10], stock[10:]
    return actions, elder, dealer, stock


def test_an_elder_discarding_more_than_the_stock_holds_takes_the_surplus_back():
    actions, elder, _, stock = _two_full_exchanges()
    actions += [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
                {"by": "elder", "do": "discard", "cards": elder[:3]}]
    answer = hand(actions)
    state = answer["state"]
    assert answer["legal"] is True and state["phase"] == "play" and state["stock_size"] == 0
    assert state["taken_back"]["elder"] == 2 and len(state["hands"]["elder"]) == 5
    assert stock[0] in state["hands"]["elder"] and elder[0] not in state["hands"]["elder"]
    assert set(elder[1:3]) <= set(state["hands"]["elder"])  # the cards listed last are kept
    assert 38 in answer["laws"] and "exchange.short-stock" in answer["cites"]


def test_a_dealer_wanting_more_than_remains_depends_on_the_profile():
    actions, _, dealer, stock = _two_full_exchanges()
    actions += [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
                {"by": "elder", "do": "discard", "cards": []}, {"by": "dealer", "do": "discard", "cards": dealer[:2]}]
    modern = hand(actions, profile="modern")  # the elder may discard none under modern
    assert modern["legal"] is True and modern["state"]["hands"]["dealer"].count(stock[0]) == 1
    assert modern["state"]["taken_back"]["dealer"] == 1


@pytest.mark.parametrize("deal, field", [
    ({**DEAL, "stock": STOCK[:-1]}, "deal.stock"),
    ({**DEAL, "elder": ELDER[:4]}, "deal.elder"),
    ({**DEAL, "turn_up": "KS"}, "deal.turn_up"),
    ({**DEAL, "stock": STOCK[:-1] + ["KS"]}, "deal.stock[20]"),
])
def test_bad_deals(deal, field):
    answer = hand([], deal)
    assert answer["error"]["code"] == "bad-deal" and answer["error"]["field"] == field


@pytest.mark.parametrize("actions, field", [
    ([{"by": "elder"}], "actions[0].do"),
    ([{"by": "nobody", "do": "stand"}], "actions[0].by"),
    ([{"by": "elder", "do": "stand"}, {"by": "elder", "do": "card", "card": "ZZ"}], "actions[1].card"),
    ([{"by": "elder", "do": "stand"}, {"by": "elder", "do": "card"}], "actions[1].card"),
    (["stand"], "actions[0]"),
])
def test_malformed_actions_are_errors_not_illegal_plays(actions, field):
    answer = hand(actions)
    assert "error" in answer and answer["error"]["field"] == field


def test_law_38_a_dealer_the_stock_cannot_serve_plays_his_hand_under_london():
    elder, dealer, stock = list(ELDER), list(DEALER), list(STOCK)
    actions = [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
               {"by": "elder", "do": "discard", "cards": elder}, {"by": "dealer", "do": "discard", "cards": dealer}]
    elder, dealer, stock = stock[:5], stock[5:10], stock[10:]
    actions += [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
                {"by": "elder", "do": "discard", "cards": elder},
                {"by": "dealer", "do": "discard", "cards": dealer[:3]}]
    elder, dealer, stock = stock[:5], dealer[3:] + stock[5:8], stock[8:]
    assert len(stock) == 3
    actions += [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
                {"by": "elder", "do": "discard", "cards": elder[:1]},
                {"by": "dealer", "do": "discard", "cards": dealer[:3]}]
    london = hand(actions)
    assert london["legal"] and london["state"]["phase"] == "play"
    assert sorted(london["state"]["hands"]["dealer"]) == sorted(dealer)  # no exchange for him
    assert london["state"]["stock_size"] == 2 and london["state"]["taken_back"]["dealer"] == 3
    french = hand(actions, profile="french")
    assert french["state"]["stock_size"] == 0 and french["state"]["taken_back"]["dealer"] == 1


def test_under_london_the_king_may_be_announced_before_play_but_lapses_if_discarded():
    deal = make_deal(elder=["KH", "QS", "JS", "8H", "8D"])
    early = [{"by": "elder", "do": "announce-king"}, {"by": "elder", "do": "stand"}]
    assert hand(early, deal)["state"]["king_announced_by"] == "elder"  # law 23 sets only the deadline
    assert hand(early, deal, profile="french")["first_illegal"]["code"] == "king-too-early"
    discarded = [{"by": "elder", "do": "announce-king"}, {"by": "elder", "do": "propose"},
                 {"by": "dealer", "do": "accept"}, {"by": "elder", "do": "discard", "cards": ["KH"]}]
    answer = hand(discarded, deal)
    assert answer["legal"] and answer["state"]["king_announced_by"] is None
    assert {"by": "elder", "do": "announce-king"} not in answer["next"]


def test_the_king_cannot_be_announced_twice():
    deal = make_deal(elder=["KH", "QS", "JS", "8H", "8D"])
    twice = [{"by": "elder", "do": "stand"}, {"by": "elder", "do": "announce-king"},
             {"by": "elder", "do": "announce-king"}]
    assert hand(twice, deal)["first_illegal"]["code"] == "king-already-announced"


def test_a_late_king_cites_law_24_only_under_london():
    deal = make_deal(elder=["KH", "QS", "JS", "8H", "8D"])
    late = [{"by": "elder", "do": "stand"}, card("elder", "QS"), card("dealer", "7S"),
            {"by": "elder", "do": "announce-king"}]
    assert "king.first-card-exception" in hand(late, deal)["first_illegal"]["cites"]
    assert "king.first-card-exception" not in hand(late, deal, profile="modern")["first_illegal"]["cites"]
