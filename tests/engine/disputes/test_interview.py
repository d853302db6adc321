"""The dispute interview and its answers, on the small fixture rule book (tests/data/laws-fixture)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from laws_fixture import FIXTURE, SOURCE

from ecarte_tutor import ask
from ecarte_tutor.engine.disputes.answers import resolve_seat
from ecarte_tutor.engine.disputes.conditions import matches
from ecarte_tutor.engine.disputes.knowledge import establish
from ecarte_tutor.engine.disputes.rows import decision_rows
from ecarte_tutor.rulebook import load_rulebook


@pytest.fixture(scope="module")
def fbook():
    return load_rulebook(FIXTURE / "rules")


def dispute(fbook, facts, **extra):
    return ask({"kind": "dispute", "facts": facts, **extra}, fbook)


def error_of(answer):
    return answer["error"]["code"], answer["error"]["field"]


def test_irregularity_is_asked_first(fbook):
    answer = dispute(fbook, {})
    assert answer["status"] == "need"
    assert answer["need"]["fact"] == "irregularity"
    assert {"value": "revoke", "label": "A player did not follow suit although he could"} in answer["need"]["choices"]
    assert answer["laws"] == [] and answer["cites"] == []
    assert answer["explanation"].startswith("To rule, I need to know")
    assert answer["facts_used"] == {}


def test_irregularity_asked_first_even_with_other_facts(fbook):
    answer = dispute(fbook, {"hand": "dealer", "count": 7})
    assert answer["need"]["fact"] == "irregularity"
    assert answer["facts_used"] == {"hand": "dealer", "count": 7}


def test_asks_facts_in_the_order_of_the_facts_file(fbook):
    facts = {"irregularity": "wrong-card-count"}
    asked = []
    # the moments first: once they say whether the hand has played, its count may follow from `count`
    for name, value in [("hand", "dealer"), ("trump_turned", True), ("dealer_answered", False),
                        ("dealer_played", False), ("count_error", "too-many")]:
        answer = dispute(fbook, facts)
        assert answer["status"] == "need"
        asked.append(answer["need"]["fact"])
        facts[name] = value
    assert asked == ["hand", "trump_turned", "dealer_answered", "dealer_played", "count_error"]
    assert dispute(fbook, facts)["case"] == "law.17/surplus-before-decision"


def test_never_asks_a_given_or_implied_fact(fbook):
    # after-turn-up settles that the trump was turned and that nobody had proposed or played
    answer = dispute(fbook, {"irregularity": "wrong-card-count", "count": 7, "hand": "dealer",
                             "discovered": "after-turn-up"})
    assert answer["status"] == "ruling"
    answer = dispute(fbook, {"irregularity": "wrong-card-count", "count": 7, "hand": "dealer"})
    assert answer["need"]["fact"] == "trump_turned"
    assert answer["facts_used"] == {"irregularity": "wrong-card-count", "count": 7, "hand": "dealer"}


def test_a_coarse_moment_never_stands_for_a_finer_one(fbook):
    # "during the exchange" says the dealer had answered, but not whether he had played a card
    answer = dispute(fbook, {"irregularity": "wrong-card-count", "count": 7, "hand": "dealer", "discovered": "play"})
    assert answer["need"]["fact"] == "dealer_answered"


def test_need_carries_question_and_choices_from_the_facts_file(fbook):
    answer = dispute(fbook, {"irregularity": "several-cards-turned"})
    need = answer["need"]
    assert need["fact"] == "elder_looked"
    assert need["question"] == fbook.facts["elder_looked"]["question"]
    assert [c["value"] for c in need["choices"]] == [True, False]
    assert need["moment"] is True


def test_ruling_shape(fbook):
    answer = dispute(fbook, {"irregularity": "wrong-card-count", "discovered": "after-turn-up",
                             "hand": "dealer", "count": 6, "owner": "elder"})
    assert answer["status"] == "ruling"
    assert answer["case"] == "law.17/surplus-before-decision"
    assert answer["laws"] == [17, 19]
    assert answer["cites"] == ["law.17", "law.19"]
    assert answer["authority"] == {"law.17": "club-code", "law.19": "club-code"}
    assert answer["compulsory"] is False
    assert [o["id"] for o in answer["options"]] == ["fresh-deal", "draw-surplus"]
    assert all(set(o) == {"id", "label", "consequence"} for o in answer["options"])
    assert "points" not in answer and "assumed" not in answer
    assert answer["window"].startswith("after the turn-up")
    # only the facts that decided, plus the irregularity: the irrelevant owner is left out
    assert answer["facts_used"] == {"irregularity": "wrong-card-count", "discovered": "after-turn-up",
                                    "hand": "dealer", "count": 6}
    assert [t["law"] for t in answer["law_text"]] == [17, 19]
    assert answer["law_text"][0]["title"] == fbook.laws[17].title
    assert answer["profile"] == "london"


def test_the_timeline_established_comes_with_the_answer(fbook):
    answer = dispute(fbook, {"irregularity": "wrong-card-count", "discovered": "after-proposal", "hand": "dealer",
                             "count": 6, "dealer_answered": False})
    strip = {item["moment"]: item["happened"] for item in answer["timeline"]}
    assert strip["trump_turned"] is True and strip["elder_proposed"] is True and strip["dealer_answered"] is False
    assert strip["first_lead"] is False  # a proposal not yet answered means nobody has led
    order = [item["moment"] for item in answer["timeline"]]
    assert order == [name for name in fbook.facts if name in strip]  # in the order they happen
    labels = [item["label"] for item in answer["timeline"]]
    assert "the non-dealer proposed" in labels and "the dealer had not yet answered the first proposal" in labels


def test_adversary_of_hand_resolves_to_the_other_seat(fbook):
    answer = dispute(fbook, {"irregularity": "wrong-card-count", "discovered": "after-turn-up",
                             "hand": "dealer", "count": 7})
    assert answer["chooser"] == "elder"
    assert "non-dealer" in answer["explanation"]


def test_seat_fact_resolves_to_its_value(fbook):
    answer = dispute(fbook, {"irregularity": "wrong-card-count", "discovered": "after-turn-up",
                             "hand": "elder", "count": 6})
    assert answer["case"] == "law.15/elder-surplus"
    assert answer["chooser"] == "elder"


def test_points_resolve_and_name_both_seats(fbook):
    answer = dispute(fbook, {"irregularity": "hand-abandoned", "tricks_won": 2, "offender": "elder"})
    assert answer["points"] == {"elder": 0, "dealer": 1}
    answer = dispute(fbook, {"irregularity": "hand-abandoned", "tricks_won": 0, "offender": "dealer"})
    assert answer["points"] == {"elder": 2, "dealer": 0}
    assert answer["facts_used"] == {"irregularity": "hand-abandoned", "offender": "dealer", "tricks_won": 0}


def test_seat_fact_of_points_is_needed_after_the_when_facts(fbook):
    # adversary-of-offender cannot be resolved without the offender: it is asked for.
    answer = dispute(fbook, {"irregularity": "hand-abandoned"})
    assert answer["need"]["fact"] == "offender"


def test_compulsory_remedy_has_one_option_and_no_chooser(fbook):
    answer = dispute(fbook, {"irregularity": "several-cards-turned", "elder_looked": True})
    assert answer["compulsory"] is True
    assert answer["chooser"] is None
    assert [o["id"] for o in answer["options"]] == ["fresh-deal"]


def test_earlier_row_wins_when_both_apply(fbook):
    answer = dispute(fbook, {"irregularity": "several-cards-turned", "elder_looked": False})
    assert answer["case"] == "law.11/before-elder-looks"
    assert answer["chooser"] == "elder"


def test_row_without_when_rules_at_once(fbook):
    answer = dispute(fbook, {"irregularity": "incorrect-pack"})
    assert answer["status"] == "ruling"
    assert answer["laws"] == [6, 44, 45]  # the fixture's row names law 44 beside 45 and 6
    assert answer["cites"][0] == "law.45" and "law.6" in answer["cites"]


def test_earlier_row_with_unknown_facts_is_asked_before_a_later_complete_row(fbook):
    answer = dispute(fbook, {"irregularity": "overscore"})
    assert answer["status"] == "need" and answer["need"]["fact"] == "game_over"
    assert dispute(fbook, {"irregularity": "overscore", "game_over": True})["case"] == \
        "law.51/overscore-found-after-the-game"
    assert dispute(fbook, {"irregularity": "overscore", "game_over": False})["case"] == \
        "law.51/overscore-taken-down"


def test_decision_profiles_limit_a_row(fbook):
    assert dispute(fbook, {"irregularity": "overscore", "game_over": False})["case"] == \
        "law.51/overscore-taken-down"
    assert dispute(fbook, {"irregularity": "overscore"}, profile="french")["case"] == "law.51/french-only-row"
    london_cases = {row.case for row in decision_rows(fbook, fbook.params("london"))}
    assert "law.51/french-only-row" not in london_cases


def test_unknown_fact_is_an_error_that_names_a_near_fact(fbook):
    assert error_of(dispute(fbook, {"irregularity": "revoke", "colour": "red"})) == ("unknown-fact", "facts.colour")
    answer = dispute(fbook, {"irregularity": "overscore", "game_ovr": True})
    assert "Did you mean 'game_over'?" in answer["error"]["message"]


@pytest.mark.parametrize("facts, field", [
    ({"irregularity": "spilled-drink"}, "facts.irregularity"),
    ({"irregularity": "wrong-card-count", "hand": "bystander"}, "facts.hand"),
    ({"irregularity": "wrong-card-count", "count": 16}, "facts.count"),
    ({"irregularity": "wrong-card-count", "count": -1}, "facts.count"),
    ({"irregularity": "wrong-card-count", "count": 6.5}, "facts.count"),
    ({"irregularity": "wrong-card-count", "count": True}, "facts.count"),
    ({"irregularity": "several-cards-turned", "elder_looked": "maybe"}, "facts.elder_looked"),
    ({"irregularity": "several-cards-turned", "elder_looked": 1}, "facts.elder_looked"),
    ({"irregularity": 7}, "facts.irregularity"),
    ({"irregularity": "wrong-card-count", "count": "²"}, "facts.count"),
    ({"irregularity": "wrong-card-count", "count": "six"}, "facts.count"),
])
def test_bad_fact_value_is_an_error(fbook, facts, field):
    assert error_of(dispute(fbook, facts)) == ("bad-fact-value", field)


def test_form_strings_are_read(fbook):
    answer = dispute(fbook, {"irregularity": " Several-Cards-Turned ", "elder_looked": "true"})
    assert answer["case"] == "law.11/after-elder-looks"
    answer = dispute(fbook, {"irregularity": "hand-abandoned", "tricks_won": "0", "offender": "elder",
                             "count": None})
    assert answer["points"] == {"elder": 0, "dealer": 2}


@pytest.mark.parametrize("question, code", [
    ({"kind": "dispute"}, "missing-field"),
    ({"kind": "dispute", "facts": ["irregularity"]}, "bad-field"),
    ({"kind": "dispute", "facts": "revoke"}, "bad-field"),
])
def test_facts_must_be_an_object(fbook, question, code):
    assert ask(question, fbook)["error"]["code"] == code


def test_no_matching_law_names_the_conflicting_facts(fbook):
    answer = dispute(fbook, {"irregularity": "cut-exposed", "cut": "for-deal", "cards_exposed": 1})
    assert error_of(answer) == ("no-matching-law", "facts.cards_exposed")
    message = answer["error"]["message"]
    question = fbook.facts["cards_exposed"]["question"]
    assert f"law 4 needs “{question}” at least 2 (you said One card)" in message, "the fact by its question, in words"
    assert "cards_exposed" not in message
    assert message.startswith("No rule of the club code covers “Cards were exposed in cutting” with these facts: ")


def test_irregularity_no_law_rules_on(fbook):
    answer = dispute(fbook, {"irregularity": "revoke"})
    assert error_of(answer) == ("no-matching-law", "facts.irregularity")
    assert answer["error"]["message"] == "No law in the rule book rules on “A player did not follow suit although he " \
                                         "could” under this profile."


@pytest.mark.parametrize("condition, value, expected", [
    ("dealer", "dealer", True), ("dealer", "elder", False),
    (["play", "after-hand"], "play", True), (["play"], "exchange", False),
    ({"min": 6}, 7, True), ({"min": 6}, 5, False), ({"max": 4}, 4, True), ({"min": 1, "max": 2}, 3, False),
    (True, True, True), (1, True, False), (True, 1, False), ({"min": 0}, False, False),
])
def test_matches(condition, value, expected):
    assert matches(condition, value) is expected


def test_resolve_seat(fbook):
    known = establish(fbook, {"irregularity": "revoke", "offender": "dealer", "owner": "elder"})
    assert resolve_seat(None, known) is None
    assert resolve_seat("elder", known) == "elder"
    assert resolve_seat("offender", known) == "dealer"
    assert resolve_seat("adversary-of-offender", known) == "elder"
    assert resolve_seat("adversary-of-owner", known) == "dealer"


_FBOOK = load_rulebook(FIXTURE / "rules")
_JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=12)
                     | st.sampled_from(["dealer", "elder", "play", "after-turn-up", "revoke", "true"]),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                   max_size=3), max_leaves=6)
_NAMES = st.sampled_from(sorted(_FBOOK.facts)) | st.text(max_size=8)


@settings(max_examples=200, deadline=None)
@given(facts=st.dictionaries(_NAMES, _JSON, max_size=6))
def test_any_facts_get_an_answer_or_a_clear_error(facts):
    answer = dispute(_FBOOK, facts)
    if "error" in answer:
        assert answer["error"]["code"] in {"unknown-fact", "bad-fact-value", "no-matching-law", "conflicting-facts"}
        assert answer["error"]["field"].startswith("facts")
    else:
        assert answer["status"] in {"need", "ruling"}
        if answer["status"] == "need":
            assert answer["need"]["fact"] not in {k for k, v in facts.items() if v is not None}


def test_the_fixture_reads_the_real_facts_and_keeps_no_copy_of_its_own():
    real = load_rulebook()
    assert _FBOOK.facts == real.facts and _FBOOK.option_labels == real.option_labels
    assert not (SOURCE / "rules" / "dispute-facts.yaml").exists() and not (SOURCE / "rules" / "sources.yaml").exists()


def test_a_ruling_states_no_moment_the_question_denies():
    """A referee's report: the dealer's king announced before any card was led was ruled in time, but the answer
    said "even though the non-dealer has already led", and its timeline "the dealer had played only one card"."""
    answer = ask({"kind": "dispute", "facts": {"irregularity": "king-announced-late", "offender": "dealer",
                                               "dealer_played": False, "first_lead": False}})
    assert answer["case"] == "law.23/dealer-before-first-card"
    said = " ".join([answer["explanation"], answer["window"], *(item["label"] for item in answer["timeline"])])
    assert "already led" not in said and "even after" not in said and "only one card" not in said
    assert "no card had been led" in said
