"""Kind ``analyse``: the double-dummy search against plain minimax, and one player's view."""
import itertools
import random

import pytest
from data_under_test import BOOK, PROFILES

from ecarte_tutor import ask
from ecarte_tutor.agreements import read_agreements
from ecarte_tutor.cards import CANONICAL_CARDS, PACK, Suit
from ecarte_tutor.engine import analysis, doubledummy, hand, holdings, minimax, play
from ecarte_tutor.engine.deal import read_deal
from ecarte_tutor.fields import other
from ecarte_tutor.questions.check import question_check

PARAMS = BOOK.params()
AGREEMENT_POSITIONS = 10_000


# --- positions --------------------------------------------------------------------------------------


def random_position(rng, cards_each):
    """Two hands of ``cards_each`` cards, a trump, and maybe a card already led to the trick."""
    cards = rng.sample(PACK, 2 * cards_each)
    to_act, rest = tuple(cards[:cards_each]), tuple(cards[cards_each:])
    led = rest[0] if rng.random() < 0.5 else None
    return to_act, (rest[1:] if led else rest), led, rng.choice(list(Suit))


def played_question(rng, profile="london", tricks=None):
    """A deal and legal actions chosen at random through the referee's ``next``, stopped in the play."""
    params = BOOK.params(profile)
    cards = [c.notation for c in rng.sample(PACK, len(PACK))]
    deal = {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10], "stock": cards[11:]}
    state = hand.start(read_deal(deal, params))
    actions = []
    played = rng.randrange(0, 2 * params.hand_size) if tricks is None else tricks
    while state.phase != "play" or sum(map(len, state.played.values())) < played:
        options = [o for o in hand.next_actions(state, params) if o["do"] != "announce-king"]
        action = dict(rng.choice(options))
        if action["do"] == "discard":
            count = rng.randint(action["min"], action["max"])
            action = {"by": action["by"], "do": "discard", "cards": rng.sample(action["from"], count)}
        actions.append(action)
        hand.apply(state, hand.read_action(action, len(actions) - 1), params)
    return {"kind": "analyse", "profile": profile, "deal": deal, "actions": actions}, state


# --- the search against plain minimax ---------------------------------------------------------------


def test_the_search_agrees_with_plain_minimax_on_ten_thousand_positions():
    rng = random.Random(13)
    memo = {}
    for index in range(AGREEMENT_POSITIONS):
        cards_each = 1 + index % PARAMS.hand_size
        to_act, other_hand, led, trump = random_position(rng, cards_each)
        memo.clear()
        expected = minimax.card_values(to_act, other_hand, led, trump, PARAMS, memo)
        assert doubledummy.card_values(to_act, other_hand, led, trump, PARAMS) == expected, \
            (to_act, other_hand, led, trump)


@pytest.mark.parametrize("duty", ["must_head_trick", "must_trump_when_void", "must_follow_suit"])
def test_the_search_follows_the_rule_book_when_a_duty_is_lifted(modified_book, duty):
    params = modified_book(**{duty: False}).params()
    rng = random.Random(duty)
    for index in range(400):
        to_act, other_hand, led, trump = random_position(rng, 1 + index % 4)
        expected = minimax.card_values(to_act, other_hand, led, trump, params, {})
        assert doubledummy.card_values(to_act, other_hand, led, trump, params) == expected


def test_the_masks_give_the_referees_legal_cards_and_winners():
    rng = random.Random(3)
    duties = doubledummy.Duties.of(PARAMS)
    for _ in range(2000):
        to_act, other_hand, led, trump = random_position(rng, rng.randint(1, 5))
        led = led or other_hand[0]
        bits = doubledummy.normalise(trump, PARAMS, to_act, other_hand, (led,))
        legal = doubledummy.legal_replies(doubledummy.mask(to_act, bits), bits[led], duties)
        assert {c for c in to_act if bits[c] & legal} == set(play.duty(list(to_act), led, trump, PARAMS).legal)
        for card in to_act:
            referee = play.trick_winner(led, card, trump, PARAMS) == "follower"
            assert doubledummy.follower_wins(bits[card], bits[led]) is referee


def test_the_plain_minimax_without_memory_agrees_with_its_memorised_self():
    rng = random.Random(4)
    for index in range(200):
        to_act, other_hand, led, trump = random_position(rng, 1 + index % 3)
        assert minimax.card_values(to_act, other_hand, led, trump, PARAMS) == \
            minimax.card_values(to_act, other_hand, led, trump, PARAMS, {})


# --- the answer, every card known -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_every_legal_card_gets_its_best_play_total(seed):
    rng = random.Random(seed)
    question, state = played_question(rng, PROFILES[seed % len(PROFILES)])
    answer = ask(question)
    seat = state.to_act()
    led = state.current[0][1] if state.current else None
    assert answer["to_act"] == seat
    legal = play.duty(state.hands[seat], led, state.trump, PARAMS).legal
    assert [entry["card"] for entry in answer["cards"]] == [c.notation for c in PARAMS.ranking.sort(legal)]
    values = minimax.card_values(tuple(state.hands[seat]), tuple(state.hands[other(seat)]), led, state.trump,
                                 PARAMS, {})
    assert {e["card"]: e["tricks"] for e in answer["cards"]} == \
        {c.notation: state.tricks[seat] + v for c, v in values.items()}
    top = max(e["tricks"] for e in answer["cards"])
    assert answer["best"] == [e["card"] for e in answer["cards"] if e["tricks"] == top]
    assert answer["point"] is (top >= PARAMS.point_tricks) and answer["vole"] is (top == PARAMS.hand_size)
    assert all(rule_id in BOOK.rules for rule_id in answer["cites"]) and answer["laws"] == []


@pytest.mark.parametrize("seed", range(20))
def test_the_best_line_is_legal_and_gives_the_best_total(seed):
    question, state = played_question(random.Random(100 + seed))
    answer = ask(question)
    seat = answer["to_act"]
    moves = []
    for trick in answer["line"]:
        moves += [{"by": trick["leader"], "do": "card", "card": trick["led"]},
                  {"by": other(trick["leader"]), "do": "card", "card": trick["followed"]}]
    if state.current:  # the line starts with the trick in progress, whose lead is already played
        moves = moves[1:]
    assert moves[0]["card"] == answer["best"][0]
    refereed = ask({"kind": "hand", "deal": question["deal"], "actions": question["actions"] + moves})
    assert refereed["legal"] is True and refereed["state"]["phase"] == "complete"
    assert refereed["state"]["tricks"][seat] == answer["cards"][[c["card"] for c in answer["cards"]].index(
        answer["best"][0])]["tricks"]


def test_agreements_reach_the_search_the_ace_above_the_knave():
    # Hearts trump. The dealer trumps the elder's 7♦ and leads J♠; the elder holds A♠ and 7♠.
    deal = {"elder": ["AS", "7S", "7D", "8D", "9D"], "dealer": ["JS", "KH", "QH", "JH", "10C"], "turn_up": "7H",
            "stock": [c.notation for c in PACK if c.notation not in
                      ("AS", "7S", "7D", "8D", "9D", "JS", "KH", "QH", "JH", "10C", "7H")]}
    actions = [{"by": "elder", "do": "stand"}, {"by": "elder", "do": "card", "card": "7D"},
               {"by": "dealer", "do": "card", "card": "KH"}, {"by": "dealer", "do": "card", "card": "JS"}]
    question = {"kind": "analyse", "deal": deal, "actions": actions}
    assert [c["card"] for c in ask(question)["cards"]] == ["AS", "7S"]  # neither beats the knave
    high = ask({**question, "agreements": ["ace-high"]})
    assert [c["card"] for c in high["cards"]] == ["AS"]  # the ace beats it, so it must be played
    assert high["agreements"] == ["ace-high"] and "variant.ace-high" in high["cites"]
    ace_high = BOOK.params("london", read_agreements({"agreements": ["ace-high"]}, BOOK))
    rng = random.Random(9)
    for index in range(300):
        to_act, other_hand, led, trump = random_position(rng, 1 + index % 4)
        assert doubledummy.card_values(to_act, other_hand, led, trump, ace_high) == \
            minimax.card_values(to_act, other_hand, led, trump, ace_high, {})


def test_the_explanation_names_the_cards_and_what_they_secure():
    deal = {"elder": ["QD", "10D", "10C", "8C", "8H"], "dealer": ["JC", "AH", "JH", "10H", "8D"], "turn_up": "JD",
            "stock": [c.notation for c in PACK if c.notation not in
                      ("QD", "10D", "10C", "8C", "8H", "JC", "AH", "JH", "10H", "8D", "JD")]}
    answer = ask({"kind": "analyse", "deal": deal, "actions": [{"by": "elder", "do": "stand"}]})
    assert answer["best"] == ["QD", "10D", "10C", "8C"] and answer["point"] is True
    assert "8♥ only 2" in answer["explanation"] and "10♣" in answer["explanation"]
    assert {"play.lead", "play.trick-winner", "scoring.point"} <= set(answer["cites"])


# --- errors -----------------------------------------------------------------------------------------


def _hoffmann_deal():
    return {"elder": ["QD", "JD", "KS", "QS", "AS"], "dealer": ["KD", "AD", "AH", "KC", "8S"], "turn_up": "9D",
            "stock": [c.notation for c in PACK if c.notation not in
                      ("QD", "JD", "KS", "QS", "AS", "KD", "AD", "AH", "KC", "8S", "9D")]}


@pytest.mark.parametrize("actions, field", [
    ([], "actions"),
    ([{"by": "elder", "do": "propose"}], "actions"),
    ([{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}], "actions"),
])
def test_before_the_exchange_is_over_there_is_nothing_to_analyse(actions, field):
    answer = ask({"kind": "analyse", "deal": _hoffmann_deal(), "actions": actions})
    assert answer["error"]["code"] == "not-in-play" and answer["error"]["field"] == field
    assert "exchange" in answer["error"]["message"]


def test_a_finished_hand_is_not_in_play():
    question, _ = played_question(random.Random(7), tricks=2 * PARAMS.hand_size - 1)
    state = hand.start(read_deal(question["deal"], PARAMS))
    for action in question["actions"]:
        hand.apply(state, hand.read_action(action, 0), PARAMS)
    last = next(a for a in hand.next_actions(state, PARAMS) if a["do"] == "card")
    answer = ask({**question, "actions": question["actions"] + [last]})
    assert answer["error"]["code"] == "not-in-play"


@pytest.mark.parametrize("change, code, field", [
    ({"view": "north"}, "bad-seat", "view"),
    ({"views": "elder"}, "unknown-field", "views"),
    ({"deal": None}, "missing-field", "deal"),
    ({"deal": {"elder": ["KS"]}}, "bad-deal", "deal.elder"),
    ({"actions": "stand"}, "bad-field", "actions"),
    ({"actions": [{"by": "elder", "do": "stand"}, {"by": "dealer", "do": "card", "card": "8S"}]},
     "illegal-action", "actions[1]"),
    ({"actions": [{"by": "elder", "do": "stand"}, {"by": "elder", "do": "card", "card": "ZZ"}]},
     "bad-card", "actions[1].card"),
])
def test_bad_questions_get_clear_errors(change, code, field):
    question = {"kind": "analyse", "deal": _hoffmann_deal(), "actions": [{"by": "elder", "do": "stand"}], **change}
    answer = ask(question)
    assert answer["error"]["code"] == code and answer["error"]["field"] == field, answer
    assert answer["error"]["message"].endswith(".")


# --- one player's view ------------------------------------------------------------------------------


def _swap(deal, a, b):
    """The deal with cards ``a`` and ``b`` changing places."""
    def place(card):
        return b if card == a else a if card == b else card
    return {seat: [place(c) for c in cards] if isinstance(cards, list) else place(cards)
            for seat, cards in deal.items()}


def _undrawn(question):
    refereed = ask({"kind": "hand", "deal": question["deal"], "actions": question["actions"]})
    return question["deal"]["stock"][len(question["deal"]["stock"]) - refereed["state"]["stock_size"]:]


def _view_setup(seed):
    rng = random.Random(seed)
    question, state = played_question(rng)
    viewer = rng.choice(["elder", "dealer"])
    held = set(CANONICAL_CARDS[c] for c in question["deal"][viewer])
    replay = hand.start(read_deal(question["deal"], PARAMS))
    for action in question["actions"]:
        hand.apply(replay, hand.read_action(action, 0), PARAMS)
        held |= set(replay.hands[viewer])
    return rng, question, state, viewer, holdings.knowledge(state, viewer, held, PARAMS)


@pytest.mark.parametrize("seed", range(30))
def test_the_view_never_uses_the_hidden_cards(seed):
    rng, question, state, viewer, known = _view_setup(seed)
    hidden = [c.notation for c in state.hands[other(viewer)] if c not in known.required]
    spare = [c for c in _undrawn(question) if CANONICAL_CARDS[c] in known.candidates]
    answer = ask({**question, "view": viewer, "model": "double-dummy"})
    assert answer["exact"] is True and answer["holdings"] == known.holdings
    deal = question["deal"]
    for card in rng.sample(hidden, min(len(hidden), len(spare), 3)):
        deal = _swap(deal, card, spare.pop(rng.randrange(len(spare))))
    swapped = {**question, "deal": deal}
    assert ask({"kind": "hand", "deal": deal, "actions": question["actions"]})["legal"] is True
    assert ask({**swapped, "view": viewer, "model": "double-dummy"}) == answer


@pytest.mark.parametrize("seed", range(30))
def test_a_card_ruled_out_by_the_play_would_have_made_it_illegal(seed):
    rng, question, state, viewer, known = _view_setup(1000 + seed)
    hidden = [c.notation for c in state.hands[other(viewer)] if c not in known.required]
    undrawn = set(_undrawn(question))
    for card, _ in known.ruled_out:
        if card.notation in undrawn and hidden:
            deal = _swap(question["deal"], rng.choice(hidden), card.notation)
            assert ask({"kind": "hand", "deal": deal, "actions": question["actions"]})["legal"] is False


@pytest.mark.parametrize("seed", range(12))
def test_the_view_is_the_average_over_every_consistent_holding(seed):
    rng = random.Random(500 + seed)
    question, state = played_question(rng, tricks=rng.randrange(4, 2 * PARAMS.hand_size))
    seat = state.to_act()
    viewer = rng.choice([seat, other(seat)])
    answer = ask({**question, "view": viewer, "model": "double-dummy"})
    known = holdings.knowledge(state, viewer, _held(question, viewer), PARAMS)
    led = state.current[0][1] if state.current else None
    totals, points, count = {}, {}, 0
    mine = tuple(state.hands[viewer])
    for chosen in itertools.combinations(known.candidates, known.size - len(known.required)):
        theirs = known.required + chosen
        if viewer == seat:
            values = minimax.card_values(mine, theirs, led, state.trump, PARAMS, {})
        else:
            values = {None: max(minimax.card_values(theirs, mine, led, state.trump, PARAMS, {}).values())}
        count += 1
        for card, value in values.items():
            tricks = state.tricks[seat] + value
            totals[card] = totals.get(card, 0) + tricks
            points[card] = points.get(card, 0) + (tricks >= PARAMS.point_tricks)
    assert answer["holdings"] == count and answer["exact"] is True
    if viewer == seat:
        got = {e["card"]: (e["expected_tricks"], e["p_point"]) for e in answer["cards"]}
        assert got == {c.notation: (round(totals[c] / count, 4), round(points[c] / count, 4)) for c in totals}
    else:
        assert answer["cards"] == [] and answer["expected_tricks"] == round(totals[None] / count, 4)


def _held(question, viewer):
    replay = hand.start(read_deal(question["deal"], PARAMS))
    held = set(replay.hands[viewer])
    for action in question["actions"]:
        hand.apply(replay, hand.read_action(action, 0), PARAMS)
        held |= set(replay.hands[viewer])
    return held


def test_an_announced_king_is_known_to_be_in_the_announcers_hand():
    deal = _hoffmann_deal()  # the dealer holds K♦, the king of trumps (9♦ turned)
    actions = [{"by": "elder", "do": "stand"}, {"by": "dealer", "do": "announce-king"}]
    answer = ask({"kind": "analyse", "deal": deal, "actions": actions, "view": "elder", "model": "double-dummy"})
    silent = ask({"kind": "analyse", "deal": deal, "actions": actions[:1], "view": "elder", "model": "double-dummy"})
    assert answer["holdings"] < silent["holdings"] and "K♦" in answer["explanation"]


def test_a_large_space_is_sampled_with_a_fixed_seed_and_a_stated_margin(monkeypatch):
    question = {"kind": "analyse", "deal": _hoffmann_deal(), "actions": [{"by": "elder", "do": "stand"}],
                "view": "elder", "model": "double-dummy"}
    exact = ask(question)
    monkeypatch.setattr(analysis, "EXACT_CLASSES", 10)
    sampled = ask(question)
    assert sampled == ask(question)  # the same sample every time
    assert sampled["exact"] is False and sampled["holdings"] == analysis.SAMPLE_SIZE >= 1000
    assert 0 < sampled["margin"] < 0.05 and "95 %" in sampled["explanation"]
    for mine, truth in zip(sampled["cards"], exact["cards"], strict=True):  # within 3.3 standard errors (99.9 %)
        assert abs(mine["p_point"] - truth["p_point"]) <= 1.7 * sampled["margin"], (mine, truth)
        assert abs(mine["expected_tricks"] - truth["expected_tricks"]) < 0.15


def test_a_view_in_the_play_is_weighed_by_the_hidden_card_model_and_says_so():
    rng = random.Random(38)
    question, _ = played_question(rng)
    answer = ask({**question, "view": "elder"})
    assert answer["model"] == "hidden" and answer["exact"] is False and answer["holdings"] == 1000
    assert ask(question)["model"] == "double-dummy"
    assert ask({**question, "view": "elder", "model": "double-dummy"})["model"] == "double-dummy"
    refused = ask({**question, "model": "hidden"})
    assert refused["error"]["code"] == "bad-field" and refused["error"]["field"] == "model"
    # the schema (and so the OpenAPI document) says it too: a question it allows is never refused so
    check = question_check(BOOK, "analyse", "analyse.schema.json")
    assert not check.passes({**question, "model": "hidden"}) and not check.passes({**question, "model": "hidden",
                                                                                     "view": None})
    assert check.passes({**question, "model": "hidden", "view": "elder"})
    assert ask({**question, "view": "elder", "model": "guess"})["error"]["field"] == "model"
