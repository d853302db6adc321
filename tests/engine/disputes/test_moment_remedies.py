"""A remedy is worked out for the very moment the facts give (a referee's report, laws 26, 28, 32, 34,
35, 37, 39, 41 and 51): nothing is completed from a stock that has run out, no proposal is offered once
the exchange is over, no sentence has a hand go on that is over or a player play to a card he has
already answered, and an overscore's effect is told under the scale the game is valued by."""
from __future__ import annotations

import re

import pytest
from data_under_test import PROFILES

from ecarte_tutor import ask


def dispute(facts: dict, profile: str = "london", agreements: tuple[str, ...] = ()) -> dict:
    question = {"kind": "dispute", "profile": profile, "facts": facts}
    if agreements:
        question["agreements"] = list(agreements)
    return ask(question)


def ruling(facts: dict, profile: str = "london", agreements: tuple[str, ...] = ()) -> dict:
    answer = dispute(facts, profile, agreements)
    assert answer.get("status") == "ruling", answer.get("error") or answer.get("need")
    return answer


def said(answer: dict) -> str:
    """Every sentence the ruling reads out: its options and its explanation."""
    return " ".join([answer["explanation"], *(f"{o['label']}. {o['consequence']}" for o in answer["options"])])


# --- a short hand once the stock ran out (laws 32, 34 with 38) ------------------------------------

DEALER_SHORT_STOCK_EMPTY = {"irregularity": "exchange-count-error", "hand": "dealer", "count": 3,
                            "discovered": "before-play", "stock_ran_out": True}


@pytest.mark.parametrize("profile", PROFILES)
def test_a_dealer_short_after_the_stock_ran_out_takes_back_his_discards_as_the_exchange_kind_says(profile):
    # The exchange kind: a stock the non-dealer's discard used up leaves the dealer his own discards back.
    exchange = ask({"kind": "exchange", "profile": profile, "stock": 2, "elder_discards": 2, "dealer_discards": 2})
    assert exchange["dealer_draws"] == 0 and exchange["dealer_takes_back"] == 2
    answer = ruling(DEALER_SHORT_STOCK_EMPTY, profile)
    made_up = next(o for o in answer["options"] if o["id"] == "complete-from-stock")
    assert "takes back from his own discard" in made_up["consequence"]
    assert 38 in answer["laws"]
    assert "takes back from his own discard" in answer["explanation"]


@pytest.mark.parametrize("profile", PROFILES)
def test_a_dealer_blamed_for_a_short_non_dealer_when_the_stock_ran_out_is_a_story_refused(profile):
    answer = dispute({"irregularity": "exchange-count-error", "hand": "elder", "offender": "dealer", "count": 4,
                      "discovered": "before-play", "stock_ran_out": True}, profile)
    assert answer["error"]["code"] == "conflicting-facts"
    assert {"offender", "stock_ran_out"} <= set(answer["error"]["clash"])
    assert "takes back the discards the stock could not replace" in answer["error"]["message"]


def test_a_dealer_who_gave_too_few_while_cards_were_left_still_gets_law_32():
    answer = ruling({"irregularity": "exchange-count-error", "hand": "elder", "offender": "dealer", "count": 4,
                     "discovered": "before-play", "stock_ran_out": False})
    assert answer["case"] == "law.32/dealer-gave-elder-too-few"
    completed = next(o for o in answer["options"] if o["id"] == "complete-from-stock")
    assert "takes back from his own discard" in completed["consequence"]  # should the stock since have run out


# --- law 37 once the exchange is over -------------------------------------------------------------

TURNED = {"irregularity": "card-turned-in-exchange", "turned_as_trump": True}
PROPOSE_AGAIN = re.compile(r"propos\w* again|asks for cards again", re.I)


def test_law_37_asks_whether_the_exchange_was_still_open():
    assert dispute(TURNED)["need"]["fact"] == "exchange_over"


@pytest.mark.parametrize("over", [{"exchange_over": True}, {"discovered": "before-play"}])
def test_once_the_exchange_is_over_no_proposal_is_offered(over):
    assert dispute({**TURNED, **over})["need"]["fact"] == "dealer_refused_later_proposal"
    answer = ruling({**TURNED, **over, "dealer_refused_later_proposal": False})
    assert [o["id"] for o in answer["options"]] == ["play-hand-as-it-stands"]
    assert answer["compulsory"] is True
    assert not PROPOSE_AGAIN.search(said(answer))


def test_while_the_exchange_is_open_the_non_dealer_may_propose_again():
    answer = ruling({**TURNED, "exchange_over": False})
    assert {o["id"] for o in answer["options"]} == {"take-exposed-card", "refuse-exposed-card",
                                                    "play-hand-as-it-stands"}
    assert answer["chooser"] == "elder"


def test_a_later_proposal_refused_after_the_slip_does_not_stand():
    answer = ruling({**TURNED, "dealer_refused_later_proposal": True})
    assert answer["case"] == "law.37/later-proposal-refused"
    assert "his refusal does not stand" in answer["explanation"]
    assert {o["id"] for o in answer["options"]} == {"take-exposed-card", "refuse-exposed-card"}
    assert all("must grant the proposal he refused" in o["consequence"] for o in answer["options"])


# --- sentences about a moment that is over ----------------------------------------------------------

GOES_ON = re.compile(r"hand goes on|hand continue|play goes on|let the hand continue|is completed with it", re.I)


@pytest.mark.parametrize("facts", [
    {"irregularity": "discard-looked-at", "discovered": "after-hand"},
    {"irregularity": "discard-looked-at", "hand_over": True, "next_trump_turned": True},
    {"irregularity": "faced-card", "discovered": "after-hand"},
    {"irregularity": "card-exposed", "exposed_while": "exchange", "owner": "elder", "discovered": "after-hand"},
    {"irregularity": "card-exposed", "exposed_while": "deal", "owner": "dealer", "discovered": "after-hand"},
    {"irregularity": "card-taken-back", "card_led": False, "to_correct": "revoke",
     "corrected_before_next_lead": False},
    {"irregularity": "card-taken-back", "card_led": False, "to_correct": "nothing"},
    {"irregularity": "card-taken-back", "card_led": True, "led_in_turn": True, "offender": "elder",
     "played_to": True},
    {"irregularity": "exchange-count-withheld", "discovered": "after-hand"},
    {"irregularity": "acceptance-retracted", "discovered": "after-hand"},
    {"irregularity": "bystander-advice", "discovered": "after-hand"},
], ids=lambda facts: "-".join(str(v) for v in facts.values()))
def test_no_sentence_has_a_finished_hand_or_trick_go_on(facts):
    answer = ruling(facts)
    assert not GOES_ON.search(said(answer)), said(answer)


def test_a_card_led_that_was_played_to_is_not_played_to_again():
    answer = ruling({"irregularity": "named-suit-not-led", "leader_holds_named_suit": False, "offender": "elder",
                     "played_to": True})
    assert "plays to it" not in said(answer)


@pytest.mark.parametrize("discovered", ["after-proposal", "exchange", "play"])
def test_a_proposal_retracted_is_one_ruling_at_every_moment_worded_for_each(discovered):
    # a referee's report: whether the dealer had answered was asked and changed nothing
    answer = ruling({"irregularity": "proposal-retracted", "discovered": discovered})
    assert answer["case"] == "law.26/proposal-stands" and answer["laws"] == [26, 27]
    text = said(answer)
    assert "If the dealer has not yet answered it, he answers it as it was made" in text
    assert "if he has, his answer stands" in text


def test_a_proposal_retracted_is_ruled_without_asking_what_changes_nothing():
    # whether the dealer had answered changes neither the remedy nor who chooses: it is not asked
    assert dispute({"irregularity": "proposal-retracted"})["case"] == "law.26/proposal-stands"


# --- an overscore found after the game, under game values by the loser's score (law 51 with 46) -----

OVER_AFTER_GAME = {"irregularity": "overscore", "admitted": True, "game_over": True, "won_without_overscore": True}


@pytest.mark.parametrize("profile, agreements, scale_rule", [
    ("finnish", (), "variant.game-value"),
    ("london", ("treble-double-single",), "variant.treble-double-single"),
])
def test_an_overscore_after_a_game_counted_by_the_losers_score_changes_what_it_counts(profile, agreements,
                                                                                       scale_rule):
    answer = ruling(OVER_AFTER_GAME, profile, agreements)
    assert answer["case"] == "law.51/game-over-valued-by-the-losers-score"
    assert scale_rule in answer["cites"] and 46 in answer["laws"]
    text = said(answer)
    assert "changes nothing" not in text
    assert "loser's corrected score" in text and "our reading" in text


@pytest.mark.parametrize("profile", ["london", "french", "modern"])
def test_an_overscore_after_a_single_game_leaves_the_result(profile):
    answer = ruling(OVER_AFTER_GAME, profile)
    assert answer["case"] == "law.51/game-already-over"
    assert "counts as one game" in answer["explanation"]
