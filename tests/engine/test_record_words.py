"""``record`` says only what the cards prove (a referee's report): a follower who neither followed nor
trumped and later showed a trump held one all along, but the record never shows that he held none
of the suit led, so the words may not say so."""
from __future__ import annotations

import pytest
from data_under_test import PROFILES

from ecarte_tutor import ask

NEITHER_FOLLOWED_NOR_TRUMPED = [{"leader": "elder", "led": "AH", "followed": "7C"},
                                {"leader": "elder", "led": "8D", "followed": "7S"}]


def failed_to_trump(profile: str = "london") -> dict:
    answer = ask({"kind": "record", "profile": profile, "trump": "S", "tricks": NEITHER_FOLLOWED_NOR_TRUMPED})
    assert [fault["code"] for fault in answer["proven"]] == ["failed-to-trump"], answer
    return answer["proven"][0]


@pytest.mark.parametrize("profile", PROFILES)
def test_a_fault_that_may_be_a_revoke_or_a_failure_to_trump_does_not_claim_an_empty_suit(profile):
    words = failed_to_trump(profile)["explanation"]
    assert "holding no hearts" not in words
    assert "neither following suit nor trumping" in words
    assert "7♠" in words and "trick 2" in words  # what the record does prove: the trump he held
    assert "does not show which" in words


def test_the_answer_says_the_same_as_the_fault():
    answer = ask({"kind": "record", "trump": "S", "tricks": NEITHER_FOLLOWED_NOR_TRUMPED})
    assert answer["explanation"] == answer["proven"][0]["explanation"]
    assert "holding no hearts" not in answer["explanation"]
