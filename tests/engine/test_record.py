"""``record``: what a record of tricks proves, checked against the hands that produced it."""
import random

import pytest
from data_under_test import BOOK, PROFILES
from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte_tutor import ask
from ecarte_tutor.cards import PACK
from ecarte_tutor.engine import play
from ecarte_tutor.fields import other

CARDS = list(PACK)


def record(trump, tricks, **extra):
    return ask({"kind": "record", "trump": trump, "tricks": tricks, **extra})


def test_a_revoke_is_proven_when_the_suit_appears_later():
    answer = record("H", [{"leader": "elder", "led": "KS", "followed": "7D"},
                          {"leader": "elder", "led": "QS", "followed": "7S"}])
    assert answer["clean"] is False
    assert answer["proven"] == [{"trick": 0, "seat": "dealer", "code": "revoke", "proof": 1, "laws": [43],
                                 "explanation": answer["proven"][0]["explanation"]}]
    assert "7♠" in answer["proven"][0]["explanation"] and "trick 2" in answer["proven"][0]["explanation"]


def test_not_following_is_no_fault_until_proven():
    answer = record("H", [{"leader": "elder", "led": "KS", "followed": "7D"}])
    assert answer["clean"] is True and answer["proven"] == []


def test_failing_to_trump_and_to_win_are_proven_by_later_cards():
    answer = record("H", [{"leader": "elder", "led": "KS", "followed": "7D"},
                          {"leader": "elder", "led": "QD", "followed": "8H"}])
    assert [(p["code"], p["trick"], p["proof"]) for p in answer["proven"]] == [("failed-to-trump", 0, 1)]
    answer = record("H", [{"leader": "elder", "led": "JS", "followed": "7S"},
                          {"leader": "elder", "led": "9D", "followed": "QS"}])
    assert [(p["code"], p["trick"], p["proof"]) for p in answer["proven"]] == [("failed-to-win-trick", 0, 1)]


def test_the_ace_below_the_knave_is_no_proof():
    # the ace does not beat the knave, so keeping it back was no failure to win
    answer = record("H", [{"leader": "elder", "led": "JS", "followed": "7S"},
                          {"leader": "elder", "led": "9D", "followed": "AS"}])
    assert answer["clean"] is True


def test_a_lead_out_of_turn_is_proven_by_the_record_itself():
    answer = record("H", [{"leader": "dealer", "led": "KS", "followed": "7S"}])
    assert [(p["code"], p["seat"], p["proof"], p["laws"]) for p in answer["proven"]] == \
        [("lead-out-of-turn", "dealer", None, [40])]
    answer = record("H", [{"leader": "elder", "led": "7S", "followed": "KS"},
                          {"leader": "elder", "led": "7D", "followed": "8D"}])
    assert answer["proven"][0]["code"] == "lead-out-of-turn" and answer["proven"][0]["trick"] == 1


@pytest.mark.parametrize("tricks, code, field", [
    ([{"leader": "elder", "led": "KS", "followed": "KS"}], "duplicate-card", "tricks[0].followed"),
    ([{"leader": "elder", "led": "KS"}, {"leader": "elder", "led": "QS", "followed": "7S"}], "unfinished-trick",
     "tricks[0].followed"),
    ([{"leader": "north", "led": "KS"}], "bad-seat", "tricks[0].leader"),
    ([{"leader": "elder", "led": "6S"}], "bad-card", "tricks[0].led"),
    ([{"leader": "elder", "led": f"{rank}S", "followed": f"{rank}H"} for rank in ("7", "8", "9", "10", "J", "Q")],
     "too-many-tricks", "tricks"),
])
def test_bad_records_are_refused_naming_the_field(tricks, code, field):
    error = record("C", tricks)["error"]
    assert (error["code"], error["field"]) == (code, field)


def play_hand(rng: random.Random, params, trump, hands, cheat: float):
    """Play five tricks from two hands; with probability ``cheat`` a follower breaks his duty.

    Returns the record and, for each trick, whether the card played to it was illegal.
    """
    leader, tricks, illegal = "elder", [], []
    hands = {seat: list(cards) for seat, cards in hands.items()}
    for _ in range(params.hand_size):
        led = rng.choice(hands[leader])
        hands[leader].remove(led)
        follower = other(leader)
        legal = play.duty(hands[follower], led, trump, params).legal
        wrong = [c for c in hands[follower] if c not in legal]
        card = rng.choice(wrong) if wrong and rng.random() < cheat else rng.choice(legal)
        hands[follower].remove(card)
        tricks.append({"leader": leader, "led": str(led), "followed": str(card)})
        illegal.append(card not in legal)
        won = play.trick_winner(led, card, trump, params)
        leader = leader if won == "leader" else follower
    return tricks, illegal


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**9), profile=st.sampled_from(PROFILES), cheat=st.sampled_from([0.0, 0.3, 1.0]))
def test_legal_records_are_never_flagged_and_proven_faults_are_real(seed, profile, cheat):
    rng = random.Random(seed)
    params = BOOK.params(profile)
    deck = CARDS[:]
    rng.shuffle(deck)
    trump = deck[10].suit
    hands = {"elder": deck[:5], "dealer": deck[5:10]}
    tricks, illegal = play_hand(rng, params, trump, hands, cheat)
    answer = ask({"kind": "record", "profile": profile, "trump": trump.letter, "tricks": tricks})
    flagged = {p["trick"] for p in answer["proven"]}
    # every trick flagged was really played illegally, and a legal hand is never flagged
    assert flagged <= {i for i, bad in enumerate(illegal) if bad}
    if not any(illegal):
        assert answer["clean"] is True
    # an illegal follow is flagged exactly when a later card of the follower proves it
    for i, bad in enumerate(illegal):
        if not bad:
            continue
        trick = tricks[i]
        seat = other(trick["leader"])
        later = [t["led"] if t["leader"] == seat else t["followed"] for t in tricks[i + 1:]]
        held = [c for c in hands[seat] if str(c) in later]  # cards he held at trick i and showed later
        led = next(c for c in CARDS if str(c) == trick["led"])
        rest = [c for c in hands[seat] if str(c) in later or str(c) == trick["followed"]]
        remaining = [c for c in rest]  # his cards at trick i, as far as the record can show them
        shown_would_be_legal = [c for c in held if c in play.duty(remaining, led, trump, params).legal]
        assert (i in flagged) == bool(shown_would_be_legal), (i, tricks)
