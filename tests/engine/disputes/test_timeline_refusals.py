"""Stories the timeline must refuse, and true ones it must rule on (a referee's report).

- Who had played a card follows from the irregularity itself: a revoke or a trick not won answers
  the other player's lead, a lead is a card played, a card "played to" is answered by a card, and the
  dealer leads in turn only after winning a trick. A story that breaks one of these is refused
  (conflicting-facts) with the reason in plain words; the interview never offers an answer it would
  refuse, nor asks a question with one possible answer.
- A king announced (late, or without holding it) and objected to while the next deal is cut or dealt
  belongs to the hand before: it is ruled as when raised after that hand, never refused.
- A faulty shuffle objected to once the deal has begun is too late: the pack has been cut.
"""
import re

import pytest

from ecarte_tutor import ask
from ecarte_tutor.engine.disputes.timeline import implications


def dispute(**facts):
    return ask({"kind": "dispute", "facts": facts})


# --- who had played a card ----------------------------------------------------------------------

IMPOSSIBLE = [
    # a revoke by the adversary of the player who gave up needs both to have played
    ({"irregularity": "hand-abandoned", "discovered": "before-play", "claimed_to_score": False, "offender": "elder",
      "adversary_offended": "revoke"}, {"irregularity", "discovered", "adversary_offended"}, "both players had played"),
    ({"irregularity": "hand-abandoned", "first_lead": True, "dealer_played": False, "claimed_to_score": False,
      "offender": "elder", "adversary_offended": "revoke"}, {"irregularity", "dealer_played", "adversary_offended"},
     "both players had played"),
    ({"irregularity": "hand-abandoned", "first_lead": True, "elder_played": False, "claimed_to_score": False,
      "offender": "dealer", "adversary_offended": "revoke"}, {"irregularity", "elder_played", "adversary_offended"},
     "both players had played"),
    # a revoke, or a trick not won, answers the other player's lead: either seat
    ({"irregularity": "revoke", "offender": "dealer", "first_lead": True, "elder_played": False,
      "corrected_before_next_lead": True}, {"irregularity", "elder_played"}, "the other player's lead"),
    ({"irregularity": "revoke", "offender": "elder", "first_lead": True, "dealer_played": False,
      "corrected_before_next_lead": True}, {"irregularity", "dealer_played"}, "the other player's lead"),
    ({"irregularity": "failed-to-win-trick", "offender": "dealer", "first_lead": True, "elder_played": False,
      "corrected_before_next_lead": False}, {"irregularity", "elder_played"}, "the other player's lead"),
    ({"irregularity": "failed-to-win-trick", "offender": "elder", "first_lead": True, "dealer_played": False,
      "corrected_before_next_lead": True}, {"irregularity", "dealer_played"}, "the other player's lead"),
    # a dealer's lead before the non-dealer has played is the first of the hand: not his, so not in turn
    ({"irregularity": "card-taken-back", "card_led": True, "led_in_turn": True, "offender": "dealer",
      "first_lead": True, "elder_played": False},
     {"irregularity", "card_led", "led_in_turn", "offender", "elder_played"},
     "the dealer leads in turn only after winning a trick"),
    # and the non-dealer leads out of turn only after a trick the dealer won
    ({"irregularity": "card-taken-back", "card_led": True, "led_in_turn": False, "offender": "elder",
      "dealer_played": False}, {"irregularity", "card_led", "led_in_turn", "offender", "dealer_played"},
     "after a trick the dealer won"),
    # a player who led has played a card
    ({"irregularity": "card-taken-back", "card_led": True, "led_in_turn": True, "offender": "elder",
      "elder_played": False}, {"irregularity", "card_led", "offender", "elder_played"}, "led a card had played"),
    ({"irregularity": "named-suit-not-led", "offender": "dealer", "dealer_played": False},
     {"irregularity", "offender", "dealer_played"}, "named a suit and led a card had played"),
    # a card played to a lead: the player played one, and so had the leader
    ({"irregularity": "card-taken-back", "card_led": False, "offender": "dealer", "dealer_played": False,
      "to_correct": "nothing"}, {"irregularity", "card_led", "dealer_played"}, "both players had played"),
    ({"irregularity": "card-taken-back", "card_led": False, "offender": "dealer", "elder_played": False,
      "to_correct": "nothing"}, {"irregularity", "card_led", "elder_played"}, "both players had played"),
    # "played to" by the other player is a card he played
    ({"irregularity": "lead-out-of-turn", "offender": "dealer", "first_lead": True, "elder_played": False,
      "played_to": True}, {"irregularity", "elder_played", "played_to"}, "the non-dealer had played a card"),
    ({"irregularity": "named-suit-not-led", "offender": "dealer", "first_lead": True, "elder_played": False,
      "played_to": True}, {"irregularity", "elder_played", "played_to"}, "the non-dealer had played a card"),
    ({"irregularity": "named-suit-not-led", "offender": "elder", "dealer_played": False, "played_to": True},
     {"irregularity", "offender", "dealer_played", "played_to"}, "Playing to the card led"),
    # the dealer's king led as his first card: out of turn, and played to only by a non-dealer who had played
    ({"irregularity": "king-announced-late", "offender": "dealer", "king_played_first": True, "card_led": True,
      "led_in_turn": True}, {"irregularity", "offender", "king_played_first", "card_led", "led_in_turn"},
     "out of turn"),
    ({"irregularity": "king-announced-late", "offender": "dealer", "king_played_first": True, "elder_played": False,
      "played_to": True}, {"irregularity", "offender", "king_played_first", "elder_played", "played_to"},
     "Playing to the card led"),
    # no trick is won before both players have played to it
    ({"irregularity": "hand-abandoned", "first_lead": True, "dealer_played": False, "claimed_to_score": False,
      "offender": "elder", "tricks_won": 1}, {"dealer_played", "tricks_won"}, "both players have played to it"),
]


@pytest.mark.parametrize("facts, clash, reason", IMPOSSIBLE)
def test_a_story_with_a_card_nobody_played_is_refused_with_the_reason(facts, clash, reason):
    answer = dispute(**facts)
    error = answer.get("error")
    assert error and error["code"] == "conflicting-facts", answer.get("case") or answer.get("need")
    assert set(error["clash"]) == clash
    assert reason in error["message"], error["message"]
    # said in a player's words: no fact's name or value in it
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", error["message"]), error["message"]


TRUE = [
    # the dealer's lead before the non-dealer had played: the first lead, out of turn, not yet played to
    ({"irregularity": "lead-out-of-turn", "offender": "dealer", "first_lead": True, "elder_played": False},
     "law.40/not-yet-played-to"),
    ({"irregularity": "card-taken-back", "card_led": True, "offender": "dealer", "first_lead": True,
      "elder_played": False}, "law.40/not-yet-played-to"),
    ({"irregularity": "named-suit-not-led", "offender": "dealer", "elder_played": False,
      "leader_holds_named_suit": True}, "law.41/adversary-chooses"),
    # the non-dealer's lead while the dealer had played no card: the first lead, his own, in turn
    ({"irregularity": "card-taken-back", "card_led": True, "offender": "elder", "dealer_played": False},
     "law.39/led-in-turn"),
    # the same irregularities where both had played are ruled as before
    ({"irregularity": "revoke", "offender": "dealer", "discovered": "play", "corrected_before_next_lead": True},
     "law.43/corrected-before-next-lead"),
    ({"irregularity": "card-taken-back", "card_led": True, "led_in_turn": True, "offender": "dealer",
      "elder_played": True}, "law.39/led-in-turn"),
    ({"irregularity": "hand-abandoned", "discovered": "play", "claimed_to_score": False, "offender": "elder",
      "adversary_offended": "revoke", "tricks_won": 1, "elder_played_without_proposing": False},
     "law.42/abandoned-after-adversary-revoked"),
]


@pytest.mark.parametrize("facts, case", TRUE)
def test_a_true_story_is_ruled_without_asking_what_follows(facts, case):
    answer = dispute(**facts)
    assert answer.get("case") == case, answer.get("error") or answer.get("need")


def test_played_to_is_never_asked_of_a_player_who_had_played_no_card():
    """The interview asks nothing the facts settle, and offers no answer they refuse."""
    for irregularity in ("lead-out-of-turn", "named-suit-not-led"):
        facts = {"irregularity": irregularity, "offender": "dealer", "elder_played": False}
        for _ in range(10):
            answer = dispute(**facts)
            if answer.get("status") != "need":
                break
            need = answer["need"]
            assert need["fact"] != "played_to", f"{irregularity}: asked whether the card was played to"
            facts[need["fact"]] = need["choices"][0]["value"]
        assert answer.get("status") == "ruling", answer


def test_a_revoke_is_not_offered_against_an_adversary_who_had_played_no_card():
    answer = dispute(irregularity="hand-abandoned", first_lead=True, dealer_played=False, claimed_to_score=False,
                     offender="elder")
    assert answer["need"]["fact"] == "adversary_offended", "no trick can have been won: tricks_won is not asked"
    assert [c["value"] for c in answer["need"]["choices"]] == ["false-king", "none"]


def test_every_reason_given_for_a_refusal_is_in_a_players_words(book):
    """No `says` of the timeline names a fact or a value by its id."""
    # the ids that are no English word: a name with an underscore, a value with a hyphen
    names = {name for name in book.facts if "_" in name}
    ids = {str(c["value"]) for spec in book.facts.values() for c in spec.get("choices", ())
           if re.search(r"[-_]", str(c["value"]))}
    for rule in implications(book):
        if rule.says:
            words = set(re.findall(r"[A-Za-z][\w-]*", rule.says))
            assert not words & (names | ids), rule.says


# --- a king claimed in the last hand, objected to at the next deal ------------------------------

@pytest.mark.parametrize("irregularity, offender, extra", [
    ("false-king-announcement", "elder", {"adversary_holds_king": False, "tricks_won": 3,
                                          "dealer_refused_first_proposal": False}),
    ("false-king-announcement", "dealer", {"adversary_holds_king": True, "tricks_won": 3,
                                           "elder_played_without_proposing": False}),
    ("king-announced-late", "elder", {}),
    ("king-announced-late", "dealer", {}),
])
@pytest.mark.parametrize("discovered", ["cutting", "before-turn-up"])
def test_a_king_claim_raised_at_the_next_deal_is_ruled_as_after_the_hand(irregularity, offender, extra, discovered):
    facts = {"irregularity": irregularity, "offender": offender, **extra}
    at_the_next_deal = dispute(**facts, discovered=discovered)
    after_the_hand = dispute(**facts, discovered="after-hand", next_trump_turned=False)
    assert "error" not in at_the_next_deal, at_the_next_deal["error"]["message"]
    assert at_the_next_deal["status"] == "ruling"
    assert at_the_next_deal["case"] == after_the_hand["case"]
    assert at_the_next_deal["options"] == after_the_hand["options"]
    timeline = {entry["moment"]: entry["happened"] for entry in at_the_next_deal["timeline"]}
    assert timeline["hand_over"] is True and timeline["next_trump_turned"] is False
    # and at the next deal's cut, its trump is not turned yet
    late = dispute(**facts, discovered=discovered, next_trump_turned=True)
    assert late["error"]["code"] == "conflicting-facts"


def test_a_king_claimed_in_the_hand_itself_still_reads_the_hand_it_was_made_in(book):
    """Only cutting and dealing read as the next deal: found in the play, the claim is of that hand."""
    answer = dispute(irregularity="king-announced-late", offender="dealer", discovered="play", count=5)
    assert answer.get("case") == "law.23/dealer-before-first-card", answer.get("error") or answer.get("need")


# --- a faulty shuffle objected to once the deal has begun -----------------------------------------

@pytest.mark.parametrize("facts, case, option", [
    ({"discovered": "cutting"}, "law.2/shuffled-improperly", "no-penalty"),
    ({"deal_begun": False}, "law.2/shuffled-improperly", "no-penalty"),
    ({"discovered": "before-turn-up"}, "law.2/shuffle-objected-too-late", "deal-stands"),
    ({"discovered": "play"}, "law.2/shuffle-objected-too-late", "deal-stands"),
    ({"discovered": "after-hand"}, "law.2/shuffle-objected-too-late", "deal-stands"),
    ({"deal_begun": True}, "law.2/shuffle-objected-too-late", "deal-stands"),
])
def test_a_shuffle_can_be_put_right_only_before_the_deal(facts, case, option):
    answer = dispute(irregularity="improper-shuffle", **facts)
    assert answer.get("case") == case, answer.get("error") or answer.get("need")
    assert [o["id"] for o in answer["options"]] == [option]
    assert answer["compulsory"] is True and answer["chooser"] is None


def test_a_faulty_shuffle_asks_only_whether_the_deal_had_begun():
    answer = dispute(irregularity="improper-shuffle")
    assert answer["need"]["fact"] == "deal_begun"
    for begun in (True, False):
        assert dispute(irregularity="improper-shuffle", deal_begun=begun)["status"] == "ruling"


def test_the_late_shuffle_is_flagged_as_our_reading(book):
    law = book.rules["law.2"]
    assert any("deal has begun" in reading["topic"] for reading in law.readings)
    answer = dispute(irregularity="improper-shuffle", discovered="play")
    assert "our reading" in answer["explanation"]
