"""A field a question's kind does not have, anywhere in the question, is an error naming it."""
import dataclasses
from types import SimpleNamespace

import pytest

from ecarte_tutor import ask
from ecarte_tutor.engine.kinds import KINDS

from .samples import ANSWERED


def error(question):
    answer = ask(question)
    assert "error" in answer, answer
    return answer["error"]


def test_every_kind_has_an_answered_sample():
    assert set(ANSWERED) == set(KINDS)
    for question in ANSWERED.values():
        assert "error" not in ask(question), question


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_an_unknown_top_level_field_is_refused_for_every_kind(kind):
    found = error({**ANSWERED[kind], "colour": "red"})
    assert found["code"] == "unknown-field" and found["field"] == "colour"
    assert f" {kind} question" in found["message"] and "colour" in found["message"]


def test_a_misspelt_flag_no_longer_scores_silently():
    found = error({"kind": "score", "tricks": {"elder": 1, "dealer": 4}, "dealer_refused": True})
    assert found == {"code": "unknown-field", "field": "dealer_refused",
                     "message": "'dealer_refused' is not a field of a score question (did you mean "
                                "'dealer_refused_first_proposal' or 'dealer_refused_later_proposal'?)."}
    # where the flag changes the points: the dealer refused and lost, so the elder scores 2, not 1
    assert error({"kind": "score", "tricks": {"elder": 4, "dealer": 1}, "dealer_refused": True})["code"] == \
        "unknown-field"
    fixed = ask({"kind": "score", "tricks": {"elder": 4, "dealer": 1}, "dealer_refused_first_proposal": True})
    assert fixed["points"] == {"elder": 2, "dealer": 0}


def _with(kind, change):
    question = {key: value for key, value in ANSWERED[kind].items()}
    change(question)
    return question


@pytest.mark.parametrize("kind, change, code, field, meant", [
    ("hand", lambda q: q.update(deal={**q["deal"], "turnup": "9H"}), "unknown-field", "deal.turnup", "turn_up"),
    ("hand", lambda q: q.update(actions=q["actions"][:2] + [{"by": "elder", "do": "discard", "crads": ["8D"]}]),
     "unknown-field", "actions[2].crads", "cards"),
    ("hand", lambda q: q.update(actions=q["actions"][:5] + [{"by": "elder", "do": "card", "crad": "KS"}]),
     "unknown-field", "actions[5].crad", "card"),
    ("score", lambda q: q.update(tricks={"elder": 2, "dealer": 3, "eldr": 0}), "unknown-field", "tricks.eldr",
     "elder"),
    ("score", lambda q: q.update(score_before={"elder": 2, "dealer": 3, "dealr": 1}), "unknown-field",
     "score_before.dealr", "dealer"),
    ("dispute", lambda q: q.update(facts={"irregularity": "revoke", "ofender": "elder"}), "unknown-fact",
     "facts.ofender", "offender"),
    ("record", lambda q: q.update(tricks=[{"leader": "elder", "led": "KS", "folowed": "7S"}]), "unknown-field",
     "tricks[0].folowed", "followed"),
    ("analyse", lambda q: q.update(views="elder"), "unknown-field", "views", "view"),
    ("pool", lambda q: q.update(result=["Ann"]), "unknown-field", "result", "results"),
])
def test_an_unknown_field_inside_is_named_with_the_field_meant(kind, change, code, field, meant):
    found = error(_with(kind, change))
    assert (found["code"], found["field"]) == (code, field)
    assert f"did you mean '{meant}'?" in found["message"].lower()


def test_without_a_near_name_the_fields_are_listed():
    found = error({**ANSWERED["trick"], "zzzzzz": 1})
    assert found["message"].endswith("; the fields are: kind, profile, agreements, lang, trump, led, followed.")


def test_an_action_carries_only_the_fields_of_its_verb():
    question = _with("hand", lambda q: q.update(actions=[{"by": "elder", "do": "propose", "card": "KS"}]))
    found = error(question)
    assert (found["code"], found["field"]) == ("unknown-field", "actions[0].card")


def test_an_unknown_field_is_named_before_any_bad_value():
    found = error({"kind": "play", "trump": "X", "hand": ["ZZ"], "leed": "JS"})
    assert (found["code"], found["field"]) == ("unknown-field", "leed")


def test_the_first_unknown_field_as_written_is_named():
    found = error({"kind": "play", "trump": "H", "hand": ["KH"], "b": 1, "a": 2})
    assert found["field"] == "b"


def test_null_stands_for_an_absent_optional_field():
    assert ask({"kind": "play", "trump": "H", "hand": ["KH"], "profile": None, "led": None, "card": None,
                "agreements": None})["profile"] == "london"


def test_agreements_are_checked_by_the_schema_and_read_by_the_rule_book():
    answer = ask({**ANSWERED["play"], "agreements": [" Ace-High ", {"game-target": 7.0}]})
    assert "error" not in answer and answer["agreements"] == ["ace-high"]
    found = error({**ANSWERED["play"], "agreements": ["ace_high"]})
    assert (found["code"], found["field"]) == ("unknown-agreement", "agreements[0]")
    assert "Did you mean 'ace-high'?" in found["message"]
    found = error({**ANSWERED["play"], "agreements": [{"ace-high": 1}]})  # true or null, as the schema says
    assert (found["code"], found["field"]) == ("bad-field", "agreements[0].ace-high")


def test_the_handlers_precise_errors_come_before_the_schemas(monkeypatch):
    # bad-card is the handler's own message, though the schema refuses the card too
    found = error({"kind": "play", "trump": "H", "hand": ["KH", "6H"]})
    assert (found["code"], found["field"]) == ("bad-card", "hand[1]")
    assert "6H" in found["message"]


def test_the_schema_stands_when_a_handler_lets_a_bad_question_through(monkeypatch):
    lenient = dataclasses.replace(KINDS["trick"], answer=lambda question, book, params: SimpleNamespace(
        as_json=lambda: {"winner": "leader"}))  # an outcome whose JSON is the handler's
    monkeypatch.setitem(KINDS, "trick", lenient)
    found = error({"kind": "trick", "trump": "H", "led": "KS", "followed": 7})
    assert (found["code"], found["field"]) == ("bad-field", "followed")
    assert ask(ANSWERED["trick"])["winner"] == "leader"  # a good question still reaches the handler


def test_a_handler_that_fails_on_a_bad_question_gives_the_schemas_error(monkeypatch):
    def broken(question, book, params):
        raise TypeError("the handler met a number where it wanted text")

    monkeypatch.setitem(KINDS, "trick", dataclasses.replace(KINDS["trick"], answer=broken))
    found = error({"kind": "trick", "trump": "H", "led": "KS", "followed": 7})
    assert found["code"] == "bad-field"
    assert error(ANSWERED["trick"])["code"] == "internal-error"  # on a good question it is a defect


def test_whole_numbers_may_be_written_with_a_zero_fraction():
    answer = ask({"kind": "exchange", "stock": 3.0, "elder_discards": 2.0})
    assert answer["elder_draws"] == 2
    assert error({"kind": "exchange", "stock": 3.5, "elder_discards": 2})["code"] == "bad-field"
