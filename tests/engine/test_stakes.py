"""What each answer to a proposal stakes (engine.stakes), in figures and in the words advice and the table use."""
import pytest
from data_under_test import BOOK

from ecarte_tutor.engine import stakes

LONDON = BOOK.params("london")


@pytest.mark.parametrize(("seat", "number", "clause"), [
    ("elder", 1, "should playing without proposing fail, the dealer scores 2 instead of 1"),
    ("dealer", 1, "should a refusal of the first proposal fail, the elder hand scores 2 instead of 1"),
    # law 49 commits the players at the first proposal only: a later "I play" or refusal costs no more
    ("elder", 2, "playing on without another exchange costs no more here than an accepted exchange: should it fail, "
                 "the dealer scores 1 either way"),
    ("dealer", 2, "a refusal costs no more here than an accepted exchange: should it fail, the elder hand scores 1 "
                  "either way"),
])
def test_the_stake_of_the_committing_choice_at_the_first_proposal_and_later(seat, number, clause):
    assert stakes.stake_clause(stakes.consequences(seat, number, LONDON, BOOK), seat, number) == clause


def test_the_rival_named_as_said():
    found = stakes.consequences("elder", 1, LONDON, BOOK)
    assert stakes.stake_clause(found, "elder", 1, chooser="he", rival="you") == \
        "should playing without proposing fail, you score 2 instead of 1"


def test_each_outcome_scores_the_tricks_it_names():
    found = stakes.consequences("elder", 1, LONDON, BOOK)
    assert stakes.points(found, "play", "wins-point") == {"elder": 1, "dealer": 0}
    assert stakes.points(found, "play", "wins-vole") == {"elder": 2, "dealer": 0}
    assert stakes.points(found, "play", "fails") == {"elder": 0, "dealer": 2}
    assert stakes.points(found, "propose", "fails") == {"elder": 0, "dealer": 1}
    found[0]["points"]["elder"] = 99  # a copy: the next reader gets the figures unchanged
    assert stakes.consequences("elder", 1, LONDON, BOOK)[0]["points"] != found[0]["points"]


def test_the_king_announced_scores_a_point():
    assert stakes.king_points("elder", LONDON, BOOK) == 1


@pytest.mark.parametrize(("phase", "proposals", "number"), [("proposal", 0, 1), ("proposal", 1, 2),
                                                            ("response", 1, 1), ("response", 2, 2), ("play", 0, 1)])
def test_the_proposal_a_decision_is_about(phase, proposals, number):
    assert stakes.proposal_at(phase, proposals) == number
