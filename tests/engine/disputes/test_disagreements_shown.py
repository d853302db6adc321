"""A ruling never picks one source silently: where other sources rule otherwise than a law or rule it applies,
the answer gives their rulings (``disagreements``) and its explanation says so in words."""
from __future__ import annotations

from data_under_test import BOOK

from ecarte_tutor import ask

DEAL_OUT_OF_TURN = {"irregularity": "deal-out-of-turn", "discovered": "after-turn-up"}


def ruling(facts: dict, profile: str = "london") -> dict:
    answer = ask({"kind": "dispute", "profile": profile, "facts": facts})
    assert answer.get("status") == "ruling", answer
    return answer


def test_a_disputed_law_brings_every_other_sources_ruling_and_a_sentence_saying_so():
    answer = ruling(DEAL_OUT_OF_TURN)
    expected = [found["says"].strip() for found in BOOK.rules["law.14"].disagreements]
    assert len(expected) >= 2  # Foster and the older Hoyle
    assert [d["says"] for d in answer["disagreements"] if d["rule"] == "law.14"] == expected
    assert all(d["law"] == 14 and d["sources"] for d in answer["disagreements"])
    assert "Not every source agrees with law 14:" in answer["explanation"]
    assert "law.14" not in answer["explanation"]  # words, not ids


def test_every_cited_rule_with_disagreements_is_given_and_no_other():
    answer = ruling({"irregularity": "revoke", "corrected_before_next_lead": False, "hand_over": True,
                     "offender": "elder", "tricks_won": 5, "next_trump_turned": False})
    disputed = {rule_id for rule_id in answer["cites"] if BOOK.rules[rule_id].disagreements}
    assert {d["rule"] for d in answer["disagreements"]} == disputed
    assert {"law.43", "law.49"} <= disputed
    assert "Not every source agrees with laws 43 and 49:" in answer["explanation"]


def test_a_ruling_on_which_the_sources_agree_says_nothing_of_disagreement():
    answer = ruling({"irregularity": "lead-out-of-turn", "played_to": False})
    assert not any(BOOK.rules[rule_id].disagreements for rule_id in answer["cites"])
    assert answer["disagreements"] == []
    assert "Not every source agrees" not in answer["explanation"]


def test_a_rule_that_is_no_law_is_named_by_its_title():
    answer = ruling({"irregularity": "dealer-kept-hand", "discovered": "exchange", "stock_ran_out": False})
    (found,) = answer["disagreements"]
    title = BOOK.rules[str(found["rule"])].title
    assert found["law"] is None and f"with the rule “{title}”" in answer["explanation"]
