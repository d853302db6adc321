"""The points of every option that lets the hand stand (laws 25, 42, 43) agree with the ``score`` kind, under
every profile and the agreements: the law 49 facts raise the point, a doubled hand scores double, a declined
offer binds the decliner to the vole, the offender's share is cut by one where the law says so, and the game's
target and treble-double-single change nothing a hand scores. The interview asks exactly the facts it needs."""
from __future__ import annotations

import shutil
from itertools import product

import pytest
from data_under_test import BOOK, PROFILES

from ecarte_tutor import ask
from ecarte_tutor.errors import DataError
from ecarte_tutor.fields import SEATS, other
from ecarte_tutor.paths import rules_dir
from ecarte_tutor.rulebook import load_rulebook

COMMITMENTS = ("elder_played_without_proposing", "dealer_refused_first_proposal", "dealer_refused_later_proposal")
HAND_OVER = {"deal_begun": True, "trump_turned": True, "elder_looked": True, "exchange_over": True,
             "first_lead": True, "elder_played": True, "dealer_played": True, "played_again": True,
             "hand_over": True, "next_trump_turned": False, "discovered": "after-hand"}
# the situation, the case it meets, the option that lets the hand stand (None: the ruling's own points), the cut
SITUATIONS = {
    "revoke": ({"irregularity": "revoke", "corrected_before_next_lead": False, **HAND_OVER},
               "law.43/not-corrected", "score-as-played", 1),
    "false-king": ({"irregularity": "false-king-announcement", "offender_played_card": True,
                    "adversary_holds_king": False, **HAND_OVER},
                   "law.25/false-king-after-playing", "score-as-played", 1),
    "given-up": ({"irregularity": "hand-abandoned", "claimed_to_score": False, "adversary_offended": "none",
                  **{**HAND_OVER, "hand_over": False, "played_again": False, "discovered": "during-play"}},
                 None, None, 0),
}
TABLES = {"none": [], "doubling": ["doubling"], "offer": ["offer-the-point"], "target": [{"game-target": 7}],
          "treble": ["treble-double-single"]}


def interview(profile: str, agreements: list, truth: dict) -> tuple[dict, list[str]]:
    """The ruling reached by answering every question from ``truth``, and the facts asked."""
    irregularity = truth["irregularity"]
    facts, asked = {"irregularity": irregularity}, []
    for _ in range(30):
        answer = ask({"kind": "dispute", "profile": profile, "agreements": agreements, "facts": facts}, BOOK)
        if answer.get("status") != "need":
            assert answer.get("status") == "ruling", (profile, agreements, facts, answer)
            return answer, asked
        name = answer["need"]["fact"]
        assert name in truth, f"{irregularity} under {profile} {agreements}: asked {name!r}, which the story lacks"
        facts[name] = truth[name]
        asked.append(name)
    raise AssertionError("the interview never ended")


def expected(profile: str, agreements: list, offender: str, won: int, commitment: dict, doubled: bool,
             declined: str, cut: int) -> dict:
    """What the tricks score by the ``score`` kind, with the wagers as seed 000 gives them, and the cut."""
    tricks = {offender: won, other(offender): 5 - won}
    scored = ask({"kind": "score", "profile": profile, "tricks": tricks, **commitment}, BOOK)
    points = {seat: scored["points"][seat] for seat in SEATS}
    params = BOOK.params(profile, tuple((a, True) if isinstance(a, str) else next(iter(a.items()))
                                        for a in agreements))
    if declined != "none" and tricks[declined] < 5:  # bound to the vole, the decliner lost a trick
        points = {declined: 0, other(declined): params.declined_offer_points}
    if doubled:
        points = {seat: p * params.doubling_factor for seat, p in points.items()}
    points[offender] = max(0, points[offender] - cut)
    return points


def stories(table: str, situation: str):
    one = [None, *COMMITMENTS]
    wins = range(3) if situation == "given-up" else range(6)
    doubled = [False, True] if table == "doubling" else [False]
    declined = ["none", "elder", "dealer"] if table == "offer" else ["none"]
    for offender, won, held, dbl, dcl in product(SEATS, wins, one, doubled, declined):
        yield offender, won, {name: name == held for name in COMMITMENTS}, dbl, dcl


@pytest.mark.parametrize("table", list(TABLES))
@pytest.mark.parametrize("situation", list(SITUATIONS))
@pytest.mark.parametrize("profile", PROFILES)
def test_the_points_of_a_hand_let_stand_are_the_score_kinds(profile, situation, table):
    base, case, option, cut = SITUATIONS[situation]
    agreements = TABLES[table]
    checked = 0
    for offender, won, commitment, doubled, declined in stories(table, situation):
        truth = {**base, "offender": offender, "tricks_won": won, **commitment}
        if table == "doubling":
            truth["hand_doubled"] = doubled
        if table == "offer":
            truth["point_declined_by"] = declined
        ruling, asked = interview(profile, agreements, truth)
        if case is not None:
            assert ruling["case"] == case
        points = ruling["points"] if option is None and "points" in ruling else \
            next(o["points"] for o in ruling["options"] if option is None and "points" in o or o["id"] == option)
        assert points == expected(profile, agreements, offender, won, commitment, doubled, declined, cut), \
            (profile, agreements, truth, ruling["options"])
        # a wager's fact is asked under its agreement only, and the agreement is named where it decided
        assert ("hand_doubled" in asked) <= (table == "doubling")
        assert ("point_declined_by" in asked) <= (table == "offer")
        used = ruling["facts_used"]
        assert ("hand_doubled" in used) == ("variant.doubling" in ruling["cites"])
        assert ("point_declined_by" in used) == ("variant.offering-the-point" in ruling["cites"])
        # the game's target and treble-double-single change no hand's points: never cited, never asked for
        assert not {"variant.game-target", "variant.treble-double-single"} & set(ruling["cites"])
        checked += 1
    assert checked >= 12


@pytest.mark.parametrize("situation", ["revoke", "false-king"])
def test_a_wager_is_asked_where_it_changes_the_points(situation):
    base = SITUATIONS[situation][0]
    truth = {**base, "offender": "dealer", "tricks_won": 3, **dict.fromkeys(COMMITMENTS, False),
             "hand_doubled": True, "point_declined_by": "elder"}
    assert "hand_doubled" in interview("london", ["doubling"], truth)[1]
    assert "point_declined_by" in interview("london", ["offer-the-point"], truth)[1]
    assert not {"hand_doubled", "point_declined_by"} & set(interview("london", [], truth)[1])


@pytest.mark.parametrize("won", [0, 1, 2])
def test_tricks_given_up_are_said_conceded_never_won(won):
    """Referee's and learner's reports: a hand given up after one trick was said to give the adversary "the vole (all
    five tricks)" as if he had won them; law 42 gives him what they score, the tricks given up counting as his."""
    truth = {**SITUATIONS["given-up"][0], "offender": "dealer", "tricks_won": won, **dict.fromkeys(COMMITMENTS, False)}
    ruling, _ = interview("london", [], truth)
    text = ruling["explanation"]
    assert "the tricks given up counting as his" in text
    assert "won the vole" not in text and "won the point" not in text


def test_a_hand_scored_as_usual_asks_nothing_of_its_tricks():
    """A referee's report: law 25 with the adversary holding the king was decided at once, yet up to four more
    questions followed (the tricks, who announced, the law 49 facts) only to show the hand's ordinary score."""
    truth = {"irregularity": "false-king-announcement", "offender_played_card": True, "adversary_holds_king": True,
             **HAND_OVER, "offender": "elder", "tricks_won": 3, **dict.fromkeys(COMMITMENTS, False)}
    for profile in PROFILES:
        ruling, asked = interview(profile, ["doubling", "offer-the-point"], truth)
        assert ruling["case"] == "law.25/adversary-holds-the-king"
        assert asked == ["offender_played_card", "adversary_holds_king"]
        assert "points" not in ruling and all("points" not in option for option in ruling["options"])


def test_a_rule_book_that_scores_a_hand_as_usual_in_a_ruling_is_refused(tmp_path):
    """Tricks as played without a cut are the hand's ordinary score: the schema asks for the cut."""
    rules = shutil.copytree(rules_dir(), tmp_path / "rules")
    king = rules / "laws" / "king.yaml"
    text = king.read_text(encoding="utf-8")
    marked = "            points: {tricks: played, cut: {offender: 1}}"
    assert marked in text
    king.write_text(text.replace(marked, "            points: {tricks: played}", 1), encoding="utf-8")
    with pytest.raises(DataError, match="cut"):
        load_rulebook(rules)
