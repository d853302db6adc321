"""Issue 39, classes 2 to 6: one story, one ruling, whichever door it came in by; the table's agreements bind
the story; the dealer's second card is tied to the timeline in every dispute; the point declined only once
the exchange is over."""
from __future__ import annotations

import pytest

from ecarte_tutor import ask


def dispute(facts: dict, agreements: list[str] | None = None) -> dict:
    question: dict = {"kind": "dispute", "profile": "london", "facts": facts}
    if agreements:
        question["agreements"] = agreements
    return ask(question)


@pytest.mark.parametrize("door", [{"irregularity": "card-turned-in-exchange", "turned_as_trump": False},
                                  {"irregularity": "card-exposed", "exposed_while": "exchange"}])
@pytest.mark.parametrize("owner", ["elder", "dealer"])
def test_law_36_one_exposure_one_ruling_by_either_door(door, owner):
    in_play = dispute({**door, "owner": owner, "discovered": "play"})
    assert in_play["case"] == "law.36/exposed-card-raised-in-play"
    asked = dispute({**door, "owner": owner})
    assert asked.get("need", {}).get("fact") == "first_lead"  # the moment asked, never assumed
    before = dispute({**door, "owner": owner, "first_lead": False})
    assert before["case"] == f"law.36/{owner}-card-exposed"


@pytest.mark.parametrize("irregularity", ["lead-out-of-turn", "card-taken-back"])
def test_the_dealers_lead_during_the_exchange_is_ruled_by_law_40(irregularity):
    answer = dispute({"irregularity": irregularity, "offender": "dealer", "discovered": "exchange"})
    assert answer["case"] == "law.40/not-yet-played-to"


def test_the_non_dealers_lead_cannot_come_during_the_exchange():
    answer = dispute({"irregularity": "lead-out-of-turn", "offender": "elder", "discovered": "exchange"})
    assert answer["error"]["code"] == "conflicting-facts"


@pytest.mark.parametrize("facts", [{"irregularity": "stock-short"},
                                   {"irregularity": "hand-abandoned", "dealer_refused_later_proposal": True},
                                   {"irregularity": "discard-looked-at", "proposed_again": True}])
def test_the_single_exchange_agreement_binds_the_story(facts):
    assert dispute(facts, ["single-exchange"])["error"]["code"] == "conflicting-facts"
    assert "error" not in dispute(facts) or dispute(facts)["error"]["code"] != "conflicting-facts"


def test_the_agreement_says_why_the_story_cannot_be():
    error = dispute({"irregularity": "discard-looked-at", "proposed_again": True}, ["single-exchange"])["error"]
    assert (error["field"], error["clash"]) == ("facts.proposed_again", ["proposed_again"])
    assert error["message"].endswith("The table allows one exchange a hand (the single-exchange agreement), so no "
                                     "proposal follows an exchange. Correct one of them.")


def test_law_37_offers_no_second_exchange_at_a_single_exchange_table():
    answer = dispute({"irregularity": "card-turned-in-exchange", "turned_as_trump": True}, ["single-exchange"])
    assert [o["id"] for o in answer["options"]] == ["play-hand-as-it-stands"]
    assert answer["authority"]["variant.single-exchange"] == "agreement"


def test_a_later_refusal_is_not_asked_at_a_single_exchange_table():
    answer = dispute({"irregularity": "hand-abandoned", "offender": "elder", "tricks_won": 1,
                      "claimed_to_score": False, "adversary_offended": "none", "elder_played_without_proposing": False,
                      "dealer_refused_first_proposal": False}, ["single-exchange"])
    assert answer["status"] == "ruling"
    assert "dealer_refused_later_proposal" not in answer["facts_used"]


def test_a_table_fact_is_not_the_users_to_give():
    assert dispute({"irregularity": "stock-short", "single_exchange": True})["error"]["code"] == "bad-fact-value"


@pytest.mark.parametrize("facts", [
    {"irregularity": "revoke", "offender": "dealer", "hand_over": True, "played_again": False},
    {"irregularity": "hand-abandoned", "offender": "elder", "tricks_won": 2, "played_again": False},
    {"irregularity": "named-suit-not-led", "offender": "elder", "next_trump_turned": True, "played_again": False},
])
def test_the_dealers_second_card_is_tied_to_the_timeline_in_every_dispute(facts):
    assert dispute(facts)["error"]["code"] == "conflicting-facts"


def test_the_point_is_declined_only_once_the_exchange_is_over():
    facts = {"irregularity": "lead-out-of-turn", "offender": "dealer", "exchange_over": False,
             "point_declined_by": "elder"}
    answer = dispute(facts, ["offer-the-point"])
    assert answer["error"]["code"] == "conflicting-facts"
    assert set(answer["error"]["clash"]) == {"exchange_over", "point_declined_by"}
