"""The rounds of the exchange (issue 39, class 1): which proposal, whether cards had been exchanged before
it, and what each law's window says of a second proposal; the ruling says the round in words."""
from __future__ import annotations

import pytest

from ecarte_tutor import ask

DEALER_SIX = {"irregularity": "wrong-card-count", "hand": "dealer", "count": 6, "wrong_count_origin": "deal",
              "dealer_took_up_hand": True, "discovered": "after-proposal"}


def dispute(facts: dict, **extra) -> dict:
    return ask({"kind": "dispute", "profile": "london", "facts": facts, **extra})


def labels(answer: dict) -> list[str]:
    return [entry["label"] for entry in answer["timeline"]]


def test_a_dealers_wrong_count_at_a_second_proposal_is_not_given_law_17():
    answer = dispute({**DEALER_SIX, "exchange_made": True})
    assert answer["case"] == "law.21/dealer-wrong-count-in-exchange"
    said = labels(answer)
    assert "the dealer had answered the first proposal" in said and "cards had been exchanged" in said
    assert "the non-dealer had proposed again after an exchange (a second or later proposal)" in said
    assert "the latest proposal was waiting for the dealer's answer" in said


def test_at_the_first_proposal_law_17_still_rules_and_the_timeline_says_so():
    answer = dispute({**DEALER_SIX, "dealer_answered": False})
    assert answer["case"] == "law.17/surplus-dealer-took-up-hand"
    assert "the dealer had not yet answered the first proposal" in labels(answer)


def test_which_proposal_is_asked_when_it_decides():
    answer = dispute(DEALER_SIX)
    assert answer["need"]["fact"] == "dealer_answered"
    assert "first proposal" in answer["need"]["question"]


@pytest.mark.parametrize("irregularity, case", [("exchange-count-withheld", "law.27/count-must-be-told"),
                                                ("discard-looked-at", "law.28/discard-looked-at")])
def test_a_count_withheld_or_a_discard_looked_at_during_a_second_proposal_is_ruled(irregularity, case):
    answer = dispute({"irregularity": irregularity, "discovered": "after-proposal"})
    assert answer["case"] == case
    assert "the non-dealer had proposed again after an exchange (a second or later proposal)" in labels(answer)


@pytest.mark.parametrize("facts", [
    {"irregularity": "discard-looked-at", "proposed_again": True, "exchange_made": False},
    {"irregularity": "stock-short", "proposed_again": True, "answer_awaited": True},
    {"irregularity": "new-cards-called", "answer_awaited": True, "exchange_over": True},
    {"irregularity": "new-cards-called", "answer_awaited": True, "exchange_made": False, "dealer_answered": True},
])
def test_rounds_that_cannot_happen_are_refused(facts):
    assert dispute(facts)["error"]["code"] == "conflicting-facts"
