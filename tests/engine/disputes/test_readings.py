"""Readings of ours, said: every ruling that rests on an interpretation where the rules are silent carries the
reading from the rule book (a rule's ``readings`` name the rows that rest on them) and says it in words; and the
words of a ruling never contradict its points."""
import json
import re
from functools import cache
from pathlib import Path

import pytest
from data_under_test import BOOK

from ecarte_tutor import ask
from ecarte_tutor.errors import DataError
from ecarte_tutor.rulebook import load_rulebook

GOLDEN = Path(__file__).resolve().parents[2] / "data" / "interview-walk.golden.jsonl"
# a row's own words that say it fills a silence of the rules
SPEAKS_OF_A_READING = re.compile(r"our reading|is silent|says nothing|does not foresee|not the code's words|we read",
                                 re.IGNORECASE)
SEAT = r"(elder hand \(non-dealer\)|non-dealer|dealer|elder)"
# what a seat ends up with, in the explanation's words: "the dealer marks 2", "scores 1 less for the tricks: 1"
CLAIM = re.compile(SEAT + r"(?: hand)? (?:marks|scores) (\d+)(?! less)|" + SEAT +
                   r" scores \d+ less for the tricks: (\d+|nothing)")


@cache
def walked():
    """Every ruling of the interview walk (tests/data, every branch under every profile and agreement)."""
    rulings = []
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        told = json.loads(line)
        answer = ask({"kind": "dispute", "profile": told["profile"], "agreements": told["agreements"],
                      "facts": told["facts"]}, BOOK)
        if answer.get("status") == "ruling":
            rulings.append(answer)
    return rulings


def test_every_row_whose_words_fill_a_silence_names_the_reading_it_rests_on():
    unmarked = []
    for rule in BOOK.rules.values():
        for decision in rule.decisions:
            texts = [decision["explanation"], *(option["consequence"] for option in decision["options"])]
            case = f"{rule.id}/{decision['case']}"
            if any(SPEAKS_OF_A_READING.search(" ".join(text.split())) for text in texts) and \
                    case not in BOOK.readings_of:
                unmarked.append(case)
    assert unmarked == []


def test_every_reading_of_a_rule_that_rules_names_the_rows_that_rest_on_it():
    loose = [f"{rule.id}: {reading['topic']}" for rule in BOOK.rules.values() if rule.decisions
             for reading in rule.readings if not reading.get("cases")]
    assert loose == []


def test_every_ruling_resting_on_a_reading_says_so_in_words():
    said = 0
    for ruling in walked():
        if ruling["case"] not in BOOK.readings_of:
            assert ruling["readings"] == [], ruling["case"]
            continue
        for taken in ruling["readings"]:
            said += 1
            assert "this is our reading" in ruling["explanation"]
            assert f"“{taken['topic']}”): {taken['reading']}" in " ".join(ruling["explanation"].split())
    assert said > 300


def test_the_words_of_a_ruling_never_contradict_its_points():
    for ruling in walked():
        text = ruling["explanation"]
        claimed = {}
        for found in CLAIM.finditer(text):
            seat = "dealer" if (found.group(1) or found.group(3)) == "dealer" else "elder"
            value = found.group(2) or found.group(4)
            claimed[seat] = 0 if value == "nothing" else int(value)  # the last word on a seat is what he gets
        for seat, value in claimed.items():
            possible = {(ruling.get("points") or {}).get(seat)} | \
                {option.get("points", {}).get(seat) for option in ruling["options"]}
            assert value in possible, (ruling["case"], seat, value, text)
        # a hand given up: who marks is worked out from the points, never fixed in the row's words
        if ruling["case"].startswith("law.42/"):
            assert "gives the adversary the point" not in text


def _dispute(facts, answers, profile="london", agreements=()):
    question = {"kind": "dispute", "profile": profile, "agreements": list(agreements), "facts": dict(facts)}
    for _ in range(20):
        answer = ask(question, BOOK)
        if answer.get("status") != "need":
            return answer
        question["facts"][answer["need"]["fact"]] = answers[answer["need"]["fact"]]
    raise AssertionError("no ruling")


def test_a_hand_given_up_after_an_offer_declined_says_the_reading_beside_points_that_agree():
    ruling = _dispute({"irregularity": "hand-abandoned", "offender": "elder"},
                      {"claimed_to_score": False, "tricks_won": 1, "adversary_offended": "none",
                       "point_declined_by": "dealer"}, agreements=["offer-the-point"])
    assert ruling["case"] == "law.42/abandoned-after-one-or-two-tricks"
    assert ruling["points"] == {"elder": 2, "dealer": 0}  # the dealer declined: he had to win every trick
    assert "gives the adversary the point" not in ruling["explanation"]
    assert [taken["topic"] for taken in ruling["readings"]] == ["An offer declined, then a hand given up"]
    # with no offer declined the same row rests on no reading of the agreement
    plain = _dispute({"irregularity": "hand-abandoned", "offender": "elder"},
                     {"claimed_to_score": False, "tricks_won": 1, "adversary_offended": "none",
                      "elder_played_without_proposing": False, "point_declined_by": "none"})
    assert plain["readings"] == [] and plain["points"] == {"elder": 0, "dealer": 1}


@pytest.mark.parametrize("profile", ["french", "modern", "finnish"])
def test_a_king_shown_after_a_first_card_led_says_whoever_led_it_is_our_reading(profile):
    ruling = _dispute({"irregularity": "king-announced-late", "offender": "elder"},
                      {"exchange_over": True, "first_lead": True}, profile=profile)
    assert ruling["case"] == "king.after-exchange/shown-after-the-first-lead"
    assert "law 40" in ruling["readings"][0]["reading"] and "our reading" in ruling["explanation"]


def test_a_reading_naming_no_row_is_refused(rules_copy):
    path = rules_copy / "laws" / "revoking.yaml"
    text = path.read_text(encoding="utf-8")
    assert "cases: [not-corrected," in text
    path.write_text(text.replace("cases: [not-corrected,", "cases: [not-mended,"), encoding="utf-8")
    with pytest.raises(DataError, match=r"case 'not-mended' is no decision row"):
        load_rulebook(rules_copy)


def test_no_replay_is_offered_once_the_next_deal_has_gathered_the_hands():
    """A revoke, a false king or a hand given up raised once the next deal's trump is turned: the same hands
    cannot be played over (the cards are gathered). Every ruling of the walk that offers a replay, told again
    with the next trump turned, either refuses the story or offers none."""
    replayed = [ruling for ruling in walked() if "replay-hand" in {option["id"] for option in ruling["options"]}]
    assert replayed
    for ruling in replayed:
        told = {**ruling["facts_used"], "next_trump_turned": True}
        question = {"kind": "dispute", "facts": told}
        for _ in range(20):
            answer = ask(question, BOOK)
            if answer.get("status") != "need":
                break
            question["facts"][answer["need"]["fact"]] = answer["need"]["choices"][0]["value"]
        if answer.get("status") == "ruling":
            assert "replay-hand" not in {option["id"] for option in answer["options"]}, (ruling["case"], told)


def test_a_revoke_raised_after_the_next_turn_up_keeps_the_cut_and_offers_no_replay():
    ruling = _dispute({"irregularity": "revoke", "offender": "dealer"},
                      {"hand_over": True, "next_trump_turned": True, "corrected_before_next_lead": False,
                       "tricks_won": 3, "elder_played_without_proposing": False})
    assert ruling["case"] == "law.43/not-corrected-raised-after-the-next-turn-up"
    assert [option["id"] for option in ruling["options"]] == ["score-as-played"]
    assert ruling["options"][0]["points"] == {"elder": 0, "dealer": 0}  # the point, less one
    assert "our reading" in ruling["explanation"] and 51 in ruling["laws"]
