"""Kind ``analyse`` before the play (engine/analysis_exchange.py): every choice the referee allows, weighed
from what the player to act knows, with the other's exchange made as the tutor makes it."""
import copy
import json
import random
from itertools import combinations

import pytest
from data_under_test import BOOK

from ecarte_tutor import ask
from ecarte_tutor.cards import PACK, parse_card
from ecarte_tutor.engine import analysis_exchange, doubledummy, hand, stakes
from ecarte_tutor.engine.advice import advise
from ecarte_tutor.engine.deal import read_deal
from ecarte_tutor.engine.discarding import choose_discard
from ecarte_tutor.fields import other
from ecarte_tutor.questions.report import RULE_CODES

PARAMS = BOOK.params()
DEAL = {"elder": ["KS", "7S", "QC", "8D", "7H"], "dealer": ["AS", "JD", "9H", "8C", "QH"], "turn_up": "9S",
        "stock": ["QS", "JS", "10S", "8S", "KH", "JH", "AH", "10H", "8H", "KD", "QD", "AD", "10D", "9D", "7D", "KC",
                  "JC", "AC", "10C", "9C", "7C"]}
ACCEPTED = [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}]
ELDER_THREW = [*ACCEPTED, {"by": "elder", "do": "discard", "cards": ["7H", "8D", "QC"]}]


ANSWERS = {}  # an analysis costs a second or so: each question asked once in this module


def analysed(actions, view, deal=DEAL, book=BOOK, **extra):
    question = {"kind": "analyse", "deal": deal, "actions": actions, "view": view, **extra}
    key = (id(book), json.dumps(question, sort_keys=True))
    if key not in ANSWERS:
        ANSWERS[key] = ask(question, book)
    answer = ANSWERS[key]
    assert "error" not in answer, answer
    return copy.deepcopy(answer)


def state_after(actions, deal=DEAL, params=PARAMS):
    state = hand.start(read_deal(deal, params))
    for index, action in enumerate(actions):
        hand.apply(state, hand.read_action(action, index), params)
    return state


def hidden_swapped(deal, view, actions):
    """The same deal with the other hand and the stock cards the viewer never saw shuffled among
    themselves: what he knows is unchanged. (The cards the other threw out stay where they are, so that
    his discard is still his: the analysis reads only how many there were.)"""
    state = state_after(actions, deal)
    seen = set(deal[view]) | {deal["turn_up"]} | {str(c) for c in state.hands[view]}
    seen |= {c for a in actions for c in a.get("cards", [])}
    rival = other(view)
    places = [(rival, i) for i, c in enumerate(deal[rival]) if c not in seen]
    places += [("stock", i) for i, c in enumerate(deal["stock"]) if c not in seen]
    cards = [deal[where][i] for where, i in places]
    random.Random(5).shuffle(cards)
    out = {key: list(value) if isinstance(value, list) else value for key, value in deal.items()}
    for (where, i), card in zip(places, cards, strict=True):
        out[where][i] = card
    return out


# --- the choices are the referee's ------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["london", "modern"])
def test_every_discard_the_referee_allows_is_weighed_and_no_other(profile):
    params = BOOK.params(profile)
    state = state_after(ACCEPTED, params=params)
    offer = next(a for a in hand.next_actions(state, params) if a["do"] == "discard")
    answer = analysed(ACCEPTED, "elder", profile=profile)
    weighed = {frozenset(c["discard"]) for c in answer["choices"]}
    allowed = {frozenset(s) for n in range(offer["min"], offer["max"] + 1) for s in combinations(offer["from"], n)}
    assert weighed == allowed and len(answer["choices"]) == len(allowed)
    assert (frozenset() in weighed) == (params.elder_min_discard == 0)  # the modern rules let him keep his hand


def test_a_profile_that_limits_the_discard_limits_the_choices(modified_book):
    book = modified_book(elder_max_discard=2)
    answer = analysed(ACCEPTED, "elder", book=book)
    assert max(len(c["discard"]) for c in answer["choices"]) == 2
    assert len(answer["choices"]) == 5 + 10


def test_the_decisions_of_a_proposal_are_the_seats_two_choices():
    assert [c["choice"] for c in analysed([], "elder")["choices"]] == ["play", "propose"]
    assert [c["choice"] for c in analysed(ACCEPTED[:1], "dealer")["choices"]] == ["refuse", "accept"]


# --- from the player's view -----------------------------------------------------------------------------


@pytest.mark.parametrize("actions, view", [(ACCEPTED, "elder"), ([], "elder"), (ELDER_THREW, "dealer")],
                         ids=["elder's discard", "elder's proposal", "dealer's discard"])
def test_the_answer_does_not_depend_on_the_cards_the_player_cannot_see(actions, view):
    other_deal = hidden_swapped(DEAL, view, actions)
    assert other_deal != DEAL
    mine, theirs = analysed(actions, view), analysed(actions, view, deal=other_deal)
    assert mine["choices"] == theirs["choices"] and mine["explanation"] == theirs["explanation"]


def test_the_same_question_weighs_the_same_deals_and_says_it_samples():
    first = analysed(ACCEPTED, "elder")
    assert first == ask({"kind": "analyse", "deal": DEAL, "actions": ACCEPTED, "view": "elder"}, BOOK)
    assert first["exact"] is False and first["holdings"] == analysis_exchange.DEALS["discard"]
    assert 0 < first["margin"] < 0.1
    assert f"{first['holdings']:,} deals" in first["explanation"]


def test_a_clear_choice_is_the_best_whatever_the_seed():
    params = PARAMS
    state = state_after(ACCEPTED)
    deal = read_deal(DEAL, params)
    actions = hand.read_actions({"actions": ACCEPTED})
    bests = [analysis_exchange.analyse_exchange(deal, actions, state, "elder", BOOK, params, seed=seed)
             for seed in (1, 2)]
    for answer in bests:
        # keeping the king and the seven of trumps, and throwing out the seven of hearts and the eight of diamonds
        assert any({parse_card("7H"), parse_card("8D")} <= set(choice) for choice in answer.close_point)
        assert not any({parse_card("KS"), parse_card("7S")} & set(choice) for choice in answer.close_point)


# --- what is assumed of the other player, and the scoring ------------------------------------------------


def test_the_dealers_discards_are_the_tutors_and_each_kept_deal_explains_his_count():
    dealer_threw = [*ELDER_THREW, {"by": "dealer", "do": "discard", "cards": ["8C", "9H"]}]
    state = state_after(dealer_threw)
    known = analysis_exchange._known(read_deal(DEAL, PARAMS), hand.read_actions({"actions": dealer_threw}),
                                     state, "elder")
    rng = random.Random(3)
    kept = 0
    for _ in range(300):
        replayed = analysis_exchange._replay(known, rng, PARAMS)
        if replayed is None:
            continue
        world, seen = replayed
        kept += 1
        assert world.discarded["dealer"] == 2 and world.phase == "proposal"
        assert world.hands["elder"] == state.hands["elder"]  # his own cards, and the ones he drew, as they were
        # what each has seen: the elder every card not hidden from him, the dealer his hand and the two cards he
        # threw out in this deal (the tutor's)
        assert seen["elder"] == set(PACK) - set(known.hidden) - {parse_card("9S")}
        assert set(world.hands["dealer"]) < seen["dealer"] and len(seen["dealer"]) == 7
        assert not seen["dealer"] & set(world.hands["elder"])
    assert 0 < kept < 300  # some deals explain two discards by the tutor, some do not


def test_a_king_the_dealer_announced_is_his_in_every_deal_weighed():
    deal = {**DEAL, "elder": ["AS", *DEAL["elder"][1:]], "dealer": ["KS", *DEAL["dealer"][1:]]}
    announced = [*ACCEPTED[:1], {"by": "dealer", "do": "announce-king"}, ACCEPTED[1]]
    state = state_after(announced, deal)
    known = analysis_exchange._known(read_deal(deal, PARAMS), hand.read_actions({"actions": announced}),
                                     state, "elder")
    rng = random.Random(4)
    worlds = [analysis_exchange._replay(known, rng, PARAMS) for _ in range(200)]
    kept = [w[0] for w in worlds if w is not None]
    assert kept and len(kept) < len(worlds)
    assert all(parse_card("KS") in w.hands["dealer"] for w in kept)


def test_after_a_proposal_the_tutor_answers_and_both_discard_as_he_does_then_the_hand_is_played():
    state = state_after([])
    rng = random.Random(8)
    known = analysis_exchange._known(read_deal(DEAL, PARAMS), [], state, "elder")
    playing = analysis_exchange.Playing("double-dummy", 40, 0)
    for _ in range(40):
        world, seen = analysis_exchange._replay(known, rng, PARAMS)
        tricks, points = analysis_exchange._outcome(world, seen, "elder", "propose", BOOK, PARAMS, {}, {}, playing)
        # the same hand played by the referee with the tutor's answers, written out here
        check = world.copy()
        hand.apply(check, {"by": "elder", "do": "propose"}, PARAMS)
        answer = advise(check.hands["dealer"], check.trump, "dealer", BOOK.strategy).advice
        hand.apply(check, {"by": "dealer", "do": answer}, PARAMS)
        while check.phase != "play":
            seat = check.to_act()
            if check.phase == "proposal":
                hand.apply(check, {"by": seat, "do": "stand"}, PARAMS)
                continue
            offer = next(a for a in hand.next_actions(check, PARAMS) if a["do"] == "discard")
            cards = choose_discard(check.hands[seat], check.trump, offer["min"], offer["max"], PARAMS)
            hand.apply(check, {"by": seat, "do": "discard", "cards": cards}, PARAMS)
        values = doubledummy.card_values(check.hands["elder"], check.hands["dealer"], None, check.trump, PARAMS)
        assert tricks == max(values.values())


@pytest.mark.parametrize("number", [1, 2])
def test_playing_stakes_the_penalty_only_at_the_first_proposal(number):
    """The points of each outcome are the scoring's (stakes.consequences), law 49 at the first proposal only."""
    found = stakes.consequences("elder", number, PARAMS, BOOK)
    flags = stakes.facts_after("play", number)
    state = hand.HandState(parse_card("9S"), {"elder": [], "dealer": []}, [])
    state.elder_played_without_proposing = flags["elder_played_without_proposing"]
    for tricks, outcome in ((1, "fails"), (3, "wins-point"), (5, "wins-vole"), (0, "loses-vole")):
        points = analysis_exchange._points({"elder": tricks, "dealer": 5 - tricks}, state, None, BOOK, PARAMS, {})
        assert points == stakes.points(found, "play", outcome)
    failed = stakes.points(found, "play", "fails")["dealer"]
    assert (failed > stakes.points(found, "propose", "fails")["dealer"]) == (number == 1)


def test_the_leaders_tricks_are_the_best_of_his_leads():
    rng = random.Random(21)
    for _ in range(500):
        cards = rng.sample(PACK, 10)
        trump = cards[0].suit
        values = doubledummy.card_values(cards[:5], cards[5:], None, trump, PARAMS)
        assert doubledummy.leader_tricks(cards[:5], cards[5:], trump, PARAMS) == max(values.values())


# --- refused questions -----------------------------------------------------------------------------------


def test_before_the_play_the_view_must_be_the_seat_to_act():
    answer = ask({"kind": "analyse", "deal": DEAL, "actions": ELDER_THREW, "view": "elder"}, BOOK)
    assert answer["error"]["field"] == "view" and "dealer" in answer["error"]["message"]
    # a rule no schema can state (who is to act), so one of the rule codes the API documents
    assert answer["error"]["code"] == "not-to-act" and "not-to-act" in RULE_CODES
    answer = ask({"kind": "analyse", "deal": DEAL, "actions": []}, BOOK)
    assert answer["error"]["code"] == "not-in-play" and "'view'" in answer["error"]["message"]


def test_the_answer_cites_the_decision_and_the_scoring():
    answer = analysed(ACCEPTED, "elder")
    assert {"exchange.discard-and-draw", "strategy.discarding", "scoring.point"} <= set(answer["cites"])
    assert all(rule in BOOK.rules for rule in answer["cites"])
    proposal = analysed([], "elder")
    assert "exchange.propose" in proposal["cites"]
    assert "law.49" in proposal["cites"]  # playing without proposing risks the penalty, as the scoring cites it
