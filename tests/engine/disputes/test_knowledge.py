"""What follows from the facts given: the `discovered` shortcut, the timeline, contradictions."""
import pytest

from ecarte_tutor import ask
from ecarte_tutor.engine.disputes.conditions import matches
from ecarte_tutor.engine.disputes.knowledge import establish, moments
from ecarte_tutor.engine.disputes.timeline import implications, readers_of
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
    # the first proposal or a later one: which, is asked where it matters (a referee's report)
    ("after-proposal", {"elder_proposed": True, "answer_awaited": True, "elder_looked": True,
                        "exchange_over": False, "first_lead": False},
     ["next_trump_turned", "dealer_answered", "exchange_made", "proposed_again"]),
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
    # no card led before the exchange ended: true of this irregularity, not of a lead out of turn (law 40)
    assert result.given_behind(["first_lead"]) == {"discovered", "irregularity"}
    assert result.given_behind(["exchange_over"]) == {"discovered"}
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


@pytest.mark.parametrize("facts, clash", [
    # a referee's report: both were ruled on as if five tricks could be won with cards still to play
    ({"irregularity": "revoke", "hand_over": False, "tricks_won": 5, "corrected_before_next_lead": False,
      "offender": "elder"}, {"hand_over", "tricks_won"}),
    ({"irregularity": "false-king-announcement", "offender": "elder", "offender_played_card": True,
      "adversary_holds_king": False, "hand_over": False, "tricks_won": 5}, {"hand_over", "tricks_won"}),
    ({"irregularity": "failed-to-win-trick", "discovered": "before-play", "tricks_won": 1},
     {"discovered", "tricks_won"}),
    # the non-dealer's first card, led, is the first lead of the hand: never out of turn
    ({"irregularity": "king-announced-late", "offender": "elder", "elder_played": True, "king_played_first": True,
      "card_led": True, "led_in_turn": False, "played_to": False}, {"led_in_turn"}),
])
def test_a_story_that_cannot_have_happened_is_refused_whatever_the_irregularity(facts, clash):
    answer = ask({"kind": "dispute", "facts": facts})
    assert answer.get("error", {}).get("code") == "conflicting-facts", answer.get("case")
    assert clash <= set(answer["error"]["clash"])


# the facts each of the two rows reads
FACTS_OF = {"turned-king-not-marked": {"irregularity", "discovered", "wrong_count_stood", "deal_annulled"},
            "score-not-marked": {"irregularity", "discovered"}}


@pytest.mark.parametrize("irregularity, case", [("turned-king-not-marked", "law.22/mark-before-next-turn-up"),
                                                ("score-not-marked", "law.50/mark-before-next-turn-up")])
@pytest.mark.parametrize("discovered", ["cutting", "before-turn-up"])
def test_a_score_raised_while_the_next_deal_is_cut_or_dealt_is_still_in_time(irregularity, case, discovered):
    """Laws 22 and 50 give until the next deal's turn-up: found while cutting or dealing, the claim stands (a
    referee's report: the turned king was refused as a story that could not happen)."""
    facts = {"irregularity": irregularity, "discovered": discovered, "wrong_count_stood": False,
             "deal_annulled": False}
    answer = ask({"kind": "dispute", "facts": {k: v for k, v in facts.items() if k in FACTS_OF[irregularity]}})
    assert answer.get("case") == case, answer.get("error") or answer.get("question")
    late = ask({"kind": "dispute", "facts": {"irregularity": irregularity, "discovered": discovered,
                                             "next_trump_turned": True}})
    assert late["error"]["code"] == "conflicting-facts"


def test_every_irregularity_reads_cutting_and_dealing_as_its_own_deal_or_the_next(book):
    """The two readings of ``discovered: cutting`` and ``before-turn-up`` cover every irregularity once."""
    every = {choice["value"] for choice in book.facts["irregularity"]["choices"]}
    readings = [set(item["if"]["irregularity"]) for item in book.implications
                if item["if"].get("discovered") in ("cutting", ["cutting", "before-turn-up"])]
    assert len(readings) == 2 and not readings[0] & readings[1] and readings[0] | readings[1] == every


def test_five_tricks_won_once_the_hand_is_over_is_a_story_that_happened():
    answer = ask({"kind": "dispute", "facts": {"irregularity": "revoke", "hand_over": True, "tricks_won": 5,
                                               "corrected_before_next_lead": False, "offender": "elder"}})
    assert "error" not in answer, answer


@pytest.mark.parametrize("old, new, fragment", [
    ("moment: {requires: [trump_turned, elder_looked]", "moment: {requires: [dealer_played, elder_looked]",
     "not an earlier moment"),
    ("{if: {discovered: after-hand}, then: {hand_over: true}}",
     "{if: {discovered: afterhand}, then: {hand_over: true}}", "'afterhand' is not a value of fact 'discovered'"),
    ("{if: {discovered: after-hand}, then: {hand_over: true}}", "{if: {discovered: after-hand}, then: {over: true}}",
     "unknown fact 'over'"),
    ("    then: {tricks_won: {max: 4}}\n    says: While cards are left to play, nobody has won all five tricks.\n",
     "    then: {tricks_won: {max: 4}}\n", "bounds with `says`"),
])
def test_a_broken_timeline_or_implication_stops_the_load(rules_copy, old, new, fragment):
    path = rules_copy / FACTS_FILE
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_rulebook(rules_copy)
    assert fragment in str(err.value) and FACTS_FILE in str(err.value)


def test_a_fact_with_one_possible_answer_is_worked_out_not_asked():
    """Found before any proposal, a card led out of turn can only be the dealer's, and not yet played to (the
    non-dealer's card would have ended the exchange): law 40 rules at once, on the facts given alone."""
    answer = ask({"kind": "dispute", "facts": {"irregularity": "lead-out-of-turn", "discovered": "after-turn-up"}})
    assert answer["status"] == "ruling" and answer["case"] == "law.40/not-yet-played-to"
    assert set(answer["facts_used"]) <= {"irregularity", "discovered"}
    assert "the exchange goes on" in answer["options"][0]["consequence"]


def test_a_card_led_before_the_exchange_ended_is_ruled_only_for_a_lead_out_of_turn():
    ruled = ask({"kind": "dispute", "facts": {"irregularity": "lead-out-of-turn", "offender": "dealer",
                                              "exchange_over": False}})
    assert ruled["status"] == "ruling" and ruled["laws"] == [40]
    refused = ask({"kind": "dispute", "facts": {"irregularity": "revoke", "exchange_over": False,
                                                "first_lead": True}})
    assert refused["error"]["code"] == "conflicting-facts"
    elder = ask({"kind": "dispute", "facts": {"irregularity": "lead-out-of-turn", "offender": "elder",
                                              "exchange_over": False}})
    assert elder["error"]["code"] == "conflicting-facts"


def test_each_value_wakes_exactly_the_implications_it_meets(book):
    """close() applies only the implications a known value meets, found by value (readers_of): for every fact and
    every value worth trying, they are those whose condition on it matches, in the data's order, True never
    waking a condition of 1 (nor 1 one of True)."""
    rules = implications(book)
    for name, spec in book.facts.items():
        values = [c["value"] for c in spec.get("choices", ())] + [True, False, 0, 1]
        values += list(range(spec.get("min", 0), spec.get("max", 5) + 1)) if spec["type"] == "integer" else []
        for value in values:
            wanted = [(index, len(rule.when)) for index, rule in enumerate(rules)
                      if name in rule.when and matches(rule.when[name], value)]
            reading = readers_of(book).get(name)
            found = sorted(reading.met_by(value)) if reading else []
            assert found == wanted, f"{name}={value!r}"


def test_the_timeline_shows_what_the_answers_settle_not_the_table(book):
    """The timeline comes from the answers alone (answer_dispute works it out once): a question whose answers
    settle nothing past the irregularity shows the same strip with or without the table's agreements."""
    facts = {"irregularity": "revoke"}
    plain = ask({"kind": "dispute", "profile": "london", "facts": facts}, book)
    for agreement in book.agreements:
        agreed = ask({"kind": "dispute", "profile": "london", "facts": facts, "agreements": [agreement]}, book)
        if "error" not in agreed:
            assert agreed["timeline"] == plain["timeline"], agreement
