"""The sentences beside a ruling's points (laws 25, 42, 43) say only what the question told and what the points
are: a commitment given is read as given, a range of tricks stays a range, and a cut the club code gives no
figure for is called our reading. (An independent referee's findings, 2026-12-04.)"""
from __future__ import annotations

import pytest

from ecarte_tutor import ask

FALSE_KING = {"irregularity": "false-king-announcement", "discovered": "after-hand", "adversary_holds_king": False,
              "next_trump_turned": False}
REVOKE = {"irregularity": "revoke", "corrected_before_next_lead": False, "hand_over": True,
          "next_trump_turned": False}  # raised before the next deal's trump card is turned (issue 39)


def ruling(facts: dict, profile: str = "london", agreements: tuple = ()) -> dict:
    answer = ask({"kind": "dispute", "profile": profile, "agreements": list(agreements), "facts": facts})
    assert answer.get("status") == "ruling", answer
    return answer


@pytest.mark.parametrize(("given", "said"), [
    ({"offender": "elder", "tricks_won": 5, "dealer_refused_first_proposal": True}, "The dealer refused"),
    ({"offender": "elder", "tricks_won": 3, "elder_played_without_proposing": True}, "played without proposing"),
])
def test_a_commitment_given_is_the_one_the_reason_states(given, said):
    """Under the Finnish rules an accepted exchange commits the elder too, so a reason written from a
    default would speak of an accepted exchange the question denied."""
    text = ruling({**FALSE_KING, **given}, "finnish")["explanation"]
    assert said in text
    assert "accepted exchange" not in text


def test_a_commitment_left_unknown_is_named_as_open_not_presumed():
    text = ruling({**FALSE_KING, "offender": "dealer", "tricks_won": 0}, "finnish")["explanation"]
    assert "accepted exchange" not in text
    assert "which were therefore not asked" in text


def test_three_or_four_tricks_stay_three_or_four_in_the_reason():
    text = ruling({**FALSE_KING, "offender": "elder", "tricks_won": 3,
                   "dealer_refused_first_proposal": True})["explanation"]
    assert "the point (three or four tricks)" in text and "(3 tricks)" not in text


@pytest.mark.parametrize(("facts", "profile", "agreements", "cut_from"), [
    ({**REVOKE, "offender": "elder", "tricks_won": 5, "dealer_refused_first_proposal": True}, "modern", (), 3),
    ({**REVOKE, "offender": "elder", "tricks_won": 1, "point_declined_by": "dealer"}, "london",
     ("offer-the-point",), 2),
])
def test_a_cut_beyond_the_club_codes_figures_is_called_our_reading(facts, profile, agreements, cut_from):
    answer = ruling(facts, profile, agreements)
    stands = next(option for option in answer["options"] if option["id"] == "score-as-played")
    assert stands["points"]["elder"] == cut_from - 1
    assert f"a hand worth {cut_from}, as here, is our reading" in answer["explanation"]
    # no fixed sentence states a figure the points beside it contradict
    assert "losing one changes nothing" not in answer["explanation"]
    assert "in a hand not doubled" not in stands["consequence"]


def test_a_cut_within_the_club_codes_figures_is_the_law_and_not_called_a_reading():
    answer = ruling({**REVOKE, "offender": "elder", "tricks_won": 5})
    assert "1 less for the tricks: 1." in answer["explanation"]
    assert "our reading of it" not in answer["explanation"]


def test_a_player_is_he_not_it():
    text = ruling({**FALSE_KING, "offender": "elder", "tricks_won": 3, "dealer_refused_first_proposal": True})[
        "explanation"]
    assert "so he scores 2 instead of 1" in text and "so it scores" not in text


def test_a_hand_given_up_with_an_offer_declined_does_not_say_the_adversary_marks_nothing():
    answer = ruling({"irregularity": "hand-abandoned", "claimed_to_score": False, "offender": "elder",
                     "tricks_won": 3, "point_declined_by": "elder"}, agreements=("offer-the-point",))
    assert answer["options"][0]["points"] == {"elder": 0, "dealer": 2}
    assert "nothing to mark" not in answer["explanation"]
    assert "so the dealer scores 2" in answer["explanation"]


def test_a_non_dealer_who_said_i_play_is_told_the_window_closes_only_with_a_card_as_our_reading():
    """Law 15's "before he plays": a referee reads "play" as the declaration too; the ruling says which we take."""
    answer = ruling({"irregularity": "wrong-card-count", "discovered": "before-play", "hand": "elder", "count": 6,
                     "elder_played_without_proposing": True})
    assert answer["case"] == "law.15/elder-surplus"
    assert "in our reading, saying “I play” does not close this window" in answer["explanation"]
