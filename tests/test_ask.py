"""The common contract of ask(): kinds, profiles, canonical cards, and error objects for bad questions."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte_tutor import ask
from ecarte_tutor.asking import KINDS


@pytest.mark.parametrize("question, code, field", [
    ([1, 2], "not-an-object", None),
    ("play", "not-an-object", None),
    (None, "not-an-object", None),
    ({}, "missing-field", "kind"),
    ({"kind": "dance"}, "unknown-kind", "kind"),
    ({"kind": 3}, "unknown-kind", "kind"),
    ({"kind": "play", "profile": "vegas", "trump": "H", "hand": ["KH"]}, "unknown-profile", "profile"),
    ({"kind": "play", "trump": "H", "hand": ["6H"]}, "bad-card", "hand[0]"),
    ({"kind": "play", "trump": "H", "hand": ["1S"]}, "bad-card", "hand[0]"),
    ({"kind": "play", "trump": "H", "hand": ["KH", "ZZ"]}, "bad-card", "hand[1]"),
    ({"kind": "play", "trump": "H", "hand": ["KH", "kh"]}, "duplicate-card", "hand[1]"),
    ({"kind": "play", "trump": "H", "hand": ["KH", "QH", "JH", "AH", "10H", "9H"]}, "too-many-cards", "hand"),
    ({"kind": "play", "trump": "H", "hand": []}, "too-few-cards", "hand"),
    ({"kind": "play", "trump": "H", "hand": ["KH", "QS"], "led": "QS"}, "led-in-hand", "led"),
    ({"kind": "play", "trump": "H", "hand": ["KH", "QS"], "card": "JS"}, "card-not-in-hand", "card"),
    ({"kind": "play", "trump": "X", "hand": ["KH"]}, "bad-suit", "trump"),
    ({"kind": "play", "hand": ["KH"]}, "missing-field", "trump"),
    ({"kind": "play", "trump": "H"}, "missing-field", "hand"),
    ({"kind": "play", "trump": "H", "hand": "KH"}, "bad-field", "hand"),
    ({"kind": "trick", "trump": "H", "led": "KH", "followed": "KH"}, "duplicate-card", "followed"),
    # a referee's report: a seat left out was "bad-field ... got None", a discard of six the schema's own words
    ({"kind": "score", "tricks": {"elder": 3}}, "missing-field", "tricks.dealer"),
    ({"kind": "score", "tricks": {"elder": 3, "dealer": None}}, "missing-field", "tricks.dealer"),
    ({"kind": "advice", "trump": "H", "hand": ["KH", "QH"]}, "too-few-cards", "hand"),
    ({"kind": "hand", "deal": {"elder": ["10C", "9C", "KH", "QH", "JH"], "dealer": ["KC", "QC", "JC", "AC", "7H"],
                               "turn_up": "7C", "stock": ["KS", "QS", "JS", "AS", "10S", "9S", "8S", "7S", "AH", "10H",
                                                          "9H", "8H", "KD", "QD", "JD", "AD", "10D", "9D", "8D", "7D",
                                                          "8C"]},
      "actions": [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
                  {"by": "elder", "do": "discard", "cards": ["10C", "9C", "KH", "QH", "JH", "AS"]}]},
     "too-many-cards", "actions[2].cards"),
])
def test_malformed_questions_get_the_error_object(question, code, field):
    answer = ask(question)
    assert set(answer) == {"error"}
    assert answer["error"]["code"] == code and answer["error"]["field"] == field
    assert answer["error"]["message"].endswith(".")


@pytest.mark.parametrize("question, said", [
    ({"kind": "play", "trump": "H", "hand": ["KH"], "led": True}, "true is not a card"),
    ({"kind": "trick", "trump": "H", "led": ["JS"], "followed": "KH"}, '["JS"] is not a card'),
    ({"kind": "analyse", "deal": {}, "actions": [], "view": None}, None),
    ({"kind": "exchange", "stock": 5, "elder_discards": [2]}, "got [2]"),
])
def test_an_echoed_value_is_written_as_the_asker_wrote_it_in_json(question, said):
    """A referee's report: errors echoed Python's forms (['JS'], True, None), not the JSON that was sent."""
    message = ask(question)["error"]["message"]
    assert not any(word in message for word in ("True", "False", "None", "['")), message
    if said:
        assert said in message


def test_answers_use_canonical_cards_and_name_the_profile():
    answer = ask({"kind": "play", "trump": "♥", "led": "j♠", "hand": ["t♠", "q♠", "7h"], "profile": "French"})
    assert answer["legal_cards"] == ["QS"] and answer["profile"] == "french"


def test_suit_names_are_accepted_for_trump():
    assert ask({"kind": "play", "trump": "spades", "led": "KH", "hand": ["7S", "8D"]})["legal_cards"] == ["7S"]


def test_every_answer_has_cites_laws_explanation_profile(book):
    questions = [
        {"kind": "play", "trump": "H", "hand": ["KH"]},
        {"kind": "trick", "trump": "H", "led": "KS", "followed": "QS"},
        {"kind": "score", "tricks": {"elder": 3, "dealer": 2}},
        {"kind": "exchange", "stock": 4, "elder_discards": 2},
    ]
    for question in questions:
        answer = ask(question)
        assert {"cites", "laws", "explanation", "profile"} <= set(answer), answer
        assert all(rule_id in book.rules for rule_id in answer["cites"])
        assert all(isinstance(n, int) and 1 <= n <= 51 for n in answer["laws"])


def test_every_kind_of_api_md_is_known():
    assert {"play", "trick", "score", "exchange", "hand", "dispute", "pack"} <= set(KINDS)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 40) | st.sampled_from(
        ["KH", "10S", "t♠", "6H", "ZZ", "elder", "dealer", "H", "spades", "london", "modern", ""]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20)
field_names = st.sampled_from(["trump", "hand", "led", "card", "followed", "tricks", "profile", "stock",
                               "elder_discards", "dealer_discards", "deal", "actions", "facts", "cards",
                               "score_before", "king_announced_by", "king_turned"])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(KINDS)), st.dictionaries(field_names, json_values, max_size=6))
def test_no_question_exposes_a_defect(kind, fields):
    answer = ask({"kind": kind, **fields})
    if "error" in answer:
        assert answer["error"]["code"] != "internal-error", answer
        assert set(answer["error"]) == {"code", "message", "field"}
    else:
        assert {"cites", "laws", "explanation", "profile"} <= set(answer)
