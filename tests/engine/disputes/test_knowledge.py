"""What follows from the facts given: the `discovered` shortcut, the timeline, contradictions."""
import pytest

from ecarte_tutor import ask
from ecarte_tutor.engine.disputes.knowledge import establish, moments
from ecarte_tutor.errors import DataError, QuestionError
from ecarte_tutor.rulebook import FACTS_FILE, load_rulebook


def known(book, **facts):
    return establish(book, {"irregularity": "new-cards-called", **facts})  # an irregularity of any moment


@pytest.mark.parametrize("value, settled, open_", [
    ("cutting", {"deal_begun": False, "trump_turned": False, "elder_looked": False, "exchange_over": False},
     ["next_trump_turned"]),
    ("before-turn-up", {"deal_begun": True, "trump_turned": False, "first_lead": False}, ["elder_looked"]),
    ("after-turn-up", {"trump_turned": True, "elder_proposed": False, "dealer_answered": False,
                       "exchange_over": False, "first_lead": False}, ["elder_looked"]),
    ("after-proposal", {"elder_proposed": True, "dealer_answered": False, "elder_looked": True,
                        "exchange_over": False, "first_lead": False, "exchange_made": False},
     ["next_trump_turned"]),
    ("exchange", {"dealer_answered": True, "first_lead": False, "dealer_refused_first_proposal": False},
     ["exchange_made", "exchange_over"]),
    ("play", {"first_lead": True, "exchange_over": True, "hand_over": False}, ["dealer_played", "elder_proposed"]),
    ("after-hand", {"hand_over": True, "dealer_played": True, "first_lead": True}, ["next_trump_turned"]),
])
def test_discovered_settles_only_the_moments_it_names(book, value, settled, open_):
    result = known(book, discovered=value)
    for name, expected in settled.items():
        assert result[name] is expected, name
    for name in open_:
        assert name not in result, f"'discovered: {value}' must not decide {name}"


def test_a_moment_implies_the_moments_it_requires(book):
    result = known(book, dealer_played=True)
    assert all(result[name] for name in ("first_lead", "exchange_over", "trump_turned", "deal_begun",
                                         "elder_looked"))
    assert "hand_over" not in result


def test_a_moment_not_reached_rules_out_the_later_ones(book):
    result = known(book, trump_turned=False)
    assert all(result[name] is False for name in ("elder_proposed", "dealer_answered", "exchange_made",
                                                  "exchange_over", "first_lead", "dealer_played", "hand_over"))


def test_every_value_remembers_the_given_facts_behind_it(book):
    result = known(book, discovered="after-proposal", count=6)
    assert result.given_behind(["first_lead"]) == {"discovered"}
    assert result.given_behind(["count"]) == {"count"}


def test_contradictory_facts_are_refused_naming_them(book):
    with pytest.raises(QuestionError) as err:
        known(book, discovered="after-turn-up", dealer_played=True)
    assert err.value.code == "conflicting-facts"
    message = err.value.message
    assert f"“{book.facts['discovered']['question']}” After the turn-up" in message, "each answer by its question"
    assert "no card had been led and that the first card of the play was led" in message, "the clash in words"
    assert "dealer_played" not in message and "after-turn-up" not in message
    answer = ask({"kind": "dispute", "facts": {"irregularity": "revoke", "discovered": "exchange",
                                               "first_lead": True}})
    assert answer["error"]["code"] == "conflicting-facts"
    assert answer["error"]["field"] in ("facts.discovered", "facts.first_lead")


def test_the_timeline_is_every_moment_in_order(book):
    timeline = moments(book)
    assert timeline[:4] == ("deal_begun", "trump_turned", "elder_looked", "elder_proposed")
    for name in timeline:
        for earlier in book.facts[name]["moment"].get("requires", ()):
            assert timeline.index(earlier) < timeline.index(name)


@pytest.mark.parametrize("old, new, fragment", [
    ("moment: {requires: [trump_turned, elder_looked]", "moment: {requires: [dealer_played, elder_looked]",
     "not an earlier moment"),
    ("{if: {discovered: cutting}, then: {deal_begun: false}}", "{if: {discovered: cuting}, then: {deal_begun: false}}",
     "'cuting' is not a value of fact 'discovered'"),
    ("{if: {discovered: cutting}, then: {deal_begun: false}}", "{if: {discovered: cutting}, then: {dealt: false}}",
     "unknown fact 'dealt'"),
])
def test_a_broken_timeline_or_implication_stops_the_load(rules_copy, old, new, fragment):
    path = rules_copy / FACTS_FILE
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_rulebook(rules_copy)
    assert fragment in str(err.value) and FACTS_FILE in str(err.value)
