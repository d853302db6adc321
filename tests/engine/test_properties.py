"""Properties of the referee that must hold for every position, under every profile (hypothesis)."""
from data_under_test import (
    BOOK,  # noqa: E402
    PROFILES,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte_tutor import ask
from ecarte_tutor.cards import PACK
from ecarte_tutor.engine import play
from ecarte_tutor.engine.deal import read_deal
from ecarte_tutor.engine.hand import apply, next_actions, start

CARDS = [str(c) for c in PACK]
profiles = st.sampled_from(PROFILES)
suits = st.sampled_from("SHDC")


@st.composite
def positions(draw):
    cards = draw(st.permutations(CARDS))
    size = draw(st.integers(1, 5))
    led = draw(st.one_of(st.none(), st.just(cards[size])))
    return cards[:size], led


@given(positions(), suits, profiles)
def test_legal_cards_are_a_non_empty_subset_of_the_hand(position, trump, profile):
    hand, led = position
    answer = ask({"kind": "play", "trump": trump, "hand": hand, "led": led, "profile": profile})
    assert answer["legal_cards"] and set(answer["legal_cards"]) <= set(hand)
    assert all(rule_id in BOOK.rules for rule_id in answer["cites"])


@given(positions(), suits, profiles)
def test_a_legal_follow_never_loses_a_trick_the_hand_could_win(position, trump, profile):
    hand, led = position
    if led is None:
        return
    answer = ask({"kind": "play", "trump": trump, "hand": hand, "led": led, "profile": profile})
    # Following suit comes first: a trick is "winnable" with the cards that duty leaves.
    same_suit = [c for c in hand if c[-1] == led[-1]]
    winners = {c for c in (same_suit or hand)
               if ask({"kind": "trick", "trump": trump, "led": led, "followed": c})["winner"] == "follower"}
    if winners:
        assert set(answer["legal_cards"]) <= winners


@st.composite
def played_hands(draw):
    """A deal and a complete list of actions, each chosen among the referee's own ``next``."""
    profile = draw(profiles)
    params = BOOK.params(profile)
    cards = draw(st.permutations(CARDS))
    deal_json = {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10], "stock": cards[11:]}
    state = start(read_deal(deal_json, params))
    actions = []
    while True:
        options = next_actions(state, params)
        if not options:
            break
        choice = dict(draw(st.sampled_from(options)))
        if choice["do"] == "discard":
            count = draw(st.integers(choice["min"], choice["max"]))
            choice = {"by": choice["by"], "do": "discard", "cards": draw(st.permutations(choice["from"]))[:count]}
        actions.append(choice)
        parsed = dict(choice)
        if "card" in parsed:
            parsed["card"] = play.read_card(parsed["card"], "card")
        if "cards" in parsed:
            parsed["cards"] = [play.read_card(c, "cards") for c in parsed["cards"]]
        apply(state, parsed, params)
    return profile, deal_json, actions


@settings(max_examples=60, deadline=None)
@given(played_hands())
def test_hands_played_with_next_replay_legally_and_score_correctly(hand):
    profile, deal, actions = hand
    params = BOOK.params(profile)
    answer = ask({"kind": "hand", "profile": profile, "deal": deal, "actions": actions})
    assert answer["legal"] is True and answer["first_illegal"] is None
    assert answer["state"]["phase"] == "complete"
    assert sum(answer["state"]["tricks"].values()) == 5
    awards = answer["score"]["awards"]
    trick_awards = [a for a in awards if a["claim"] == "tricks"]
    assert len(trick_awards) == 1
    allowed = {params.point_value, params.vole_value, params.vulnerable_point_value, params.vulnerable_vole_value}
    assert trick_awards[0]["points"] in allowed
    kings = sum(a["points"] for a in awards if a["claim"] != "tricks")
    assert kings == params.king_points * (answer["state"]["king_turned"] + bool(answer["state"]["king_announced_by"]))
    assert sum(answer["score"]["points"].values()) == trick_awards[0]["points"] + kings
    assert all(rule_id in BOOK.rules for rule_id in answer["cites"])
