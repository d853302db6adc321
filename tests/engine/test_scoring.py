"""Scoring a hand: point, vole, law 49 under each profile, the king, the claim order, the game."""
import pytest

from ecarte_tutor import ask


def score(**q):
    return ask({"kind": "score", **q})


@pytest.mark.parametrize("profile, tricks, flags, points", [
    ("london", {"elder": 3, "dealer": 2}, {}, {"elder": 1, "dealer": 0}),
    ("london", {"elder": 5, "dealer": 0}, {}, {"elder": 2, "dealer": 0}),
    ("london", {"elder": 2, "dealer": 3}, {"elder_played_without_proposing": True}, {"elder": 0, "dealer": 2}),
    ("london", {"elder": 0, "dealer": 5}, {"elder_played_without_proposing": True}, {"elder": 0, "dealer": 2}),
    ("london", {"elder": 4, "dealer": 1}, {"elder_played_without_proposing": True}, {"elder": 1, "dealer": 0}),
    ("london", {"elder": 3, "dealer": 2}, {"dealer_refused_first_proposal": True}, {"elder": 2, "dealer": 0}),
    ("london", {"elder": 5, "dealer": 0}, {"dealer_refused_first_proposal": True}, {"elder": 2, "dealer": 0}),
    ("french", {"elder": 5, "dealer": 0}, {"dealer_refused_first_proposal": True}, {"elder": 2, "dealer": 0}),
    ("modern", {"elder": 2, "dealer": 3}, {"elder_played_without_proposing": True}, {"elder": 0, "dealer": 1}),
    ("modern", {"elder": 5, "dealer": 0}, {"dealer_refused_first_proposal": True}, {"elder": 3, "dealer": 0}),
    ("finnish", {"elder": 2, "dealer": 3}, {}, {"elder": 0, "dealer": 2}),
    ("finnish", {"elder": 0, "dealer": 5}, {}, {"elder": 0, "dealer": 2}),
    ("finnish", {"elder": 2, "dealer": 3}, {"dealer_refused_first_proposal": True}, {"elder": 0, "dealer": 1}),
    ("finnish", {"elder": 3, "dealer": 2}, {"dealer_refused_first_proposal": True}, {"elder": 2, "dealer": 0}),
])
def test_trick_points(profile, tricks, flags, points):
    assert score(profile=profile, tricks=tricks, **flags)["points"] == points


def test_penalty_cites_law_49_and_explains():
    answer = score(tricks={"elder": 2, "dealer": 3}, elder_played_without_proposing=True)
    assert 49 in answer["laws"] and "scoring.penalty" in answer["cites"]
    assert "without proposing" in answer["explanation"]


def test_kings_add_a_point_each():
    assert score(tricks={"elder": 3, "dealer": 2}, king_turned=True)["points"] == {"elder": 1, "dealer": 1}
    assert score(tricks={"elder": 1, "dealer": 4}, king_announced_by="elder")["points"] == {"elder": 1, "dealer": 1}


def test_the_game_ends_the_moment_five_is_reached():
    answer = score(tricks={"elder": 5, "dealer": 0}, king_turned=True, score_before={"elder": 3, "dealer": 4})
    assert answer["winner"] == "dealer" and answer["points"] == {"elder": 0, "dealer": 1}
    assert answer["score_after"] == {"elder": 3, "dealer": 5}
    assert [a["scored"] for a in answer["awards"]] == [True, False]


def test_announced_king_is_claimed_before_the_tricks():
    answer = score(tricks={"elder": 0, "dealer": 5}, king_announced_by="elder",
                   score_before={"elder": 4, "dealer": 4})
    assert answer["winner"] == "elder" and answer["score_after"] == {"elder": 5, "dealer": 4}


def test_no_winner_below_five():
    answer = score(tricks={"elder": 3, "dealer": 2}, score_before={"elder": 1, "dealer": 2})
    assert answer["winner"] is None and answer["score_after"] == {"elder": 2, "dealer": 2}


def test_finnish_game_value_by_loser_score():
    answer = score(profile="finnish", tricks={"elder": 3, "dealer": 2}, score_before={"elder": 4, "dealer": 0})
    assert answer["winner"] == "elder" and answer["game_value"] == 3


@pytest.mark.parametrize("question, code, field", [
    ({"tricks": {"elder": 2, "dealer": 2}}, "bad-tricks", "tricks"),
    ({"tricks": {"elder": 6, "dealer": -1}}, "out-of-range", "tricks.elder"),
    ({}, "missing-field", "tricks"),
    ({"tricks": [3, 2]}, "bad-field", "tricks"),
    ({"tricks": {"elder": 3, "dealer": 2}, "king_announced_by": "nobody"}, "bad-seat", "king_announced_by"),
    ({"tricks": {"elder": 3, "dealer": 2}, "king_turned": "yes"}, "bad-field", "king_turned"),
    ({"tricks": {"elder": 3, "dealer": 2}, "king_turned": True, "king_announced_by": "elder"},
     "inconsistent-facts", "king_announced_by"),
    ({"tricks": {"elder": 3, "dealer": 2}, "score_before": {"elder": 5, "dealer": 0}}, "out-of-range",
     "score_before.elder"),
])
def test_bad_score_questions(question, code, field):
    answer = score(**question)
    assert answer["error"]["code"] == code and answer["error"]["field"] == field


def test_game_target_comes_from_the_rule_book(modified_book):
    book = modified_book(game_target=7)
    answer = ask({"kind": "score", "tricks": {"elder": 3, "dealer": 2}, "score_before": {"elder": 4, "dealer": 0}},
                 book)
    assert answer["winner"] is None and answer["score_after"]["elder"] == 5
    answer = ask({"kind": "score", "tricks": {"elder": 5, "dealer": 0}, "score_before": {"elder": 5, "dealer": 0}},
                 book)
    assert answer["winner"] == "elder"


def test_claim_order_is_cited_whenever_it_orders_points():
    assert "scoring.claim-order" in score(tricks={"elder": 3, "dealer": 2}, king_turned=True)["cites"]
    assert "scoring.claim-order" not in score(tricks={"elder": 3, "dealer": 2})["cites"]


def test_each_award_names_its_own_rules_and_laws():
    """A score sheet shows each point's law: the turned king's laws are not the penalty's."""
    answer = score(tricks={"elder": 2, "dealer": 3}, king_turned=True, elder_played_without_proposing=True)
    king, tricks = answer["awards"]
    assert king["claim"] == "turned-king" and king["laws"] == [22, 47] and "king.turned-up" in king["cites"]
    assert tricks["claim"] == "tricks" and 49 in tricks["laws"] and 22 not in tricks["laws"]
    assert "scoring.penalty" in tricks["cites"] and "king.turned-up" not in tricks["cites"]
    # the answer's cites are the claims' rules, in claim order, then the game's
    assert answer["cites"][:len(king["cites"])] == king["cites"]
