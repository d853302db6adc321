"""Self-play, CI-sized: the tutor plays itself under every profile, every move put to the hand referee.

The full run (2,000 games a profile and more) is bench/selfplay.py; here a few hundred games a
profile, mostly beginner against beginner (cheap), with club and book games mixed in, and some
games under agreements, so that every path of the table is walked on every test run.
"""
import pytest
from data_under_test import BOOK, PROFILES

from ecarte_tutor.table.selfplay import play_game, problems

GAMES = 220  # a profile, beginner against beginner
MIXED = ("club", "beginner"), ("beginner", "book"), ("book", "club"), ("club", "club")
MIXED_GAMES = 8  # a profile, for each pair of MIXED
AGREEMENTS = ([], ["doubling"], [{"game-target": 3}], ["offer-the-point", "ace-high"], ["single-exchange"],
              ["treble-double-single", {"game-target": 7}])


def _games(profile):
    for seed in range(GAMES):
        yield dict(seed=seed, profile=profile, agreements=AGREEMENTS[seed % len(AGREEMENTS)],
                   first_dealer=("tutor", "learner")[seed % 2])
    for i, (learner, tutor) in enumerate(MIXED):
        for seed in range(MIXED_GAMES):
            yield dict(seed=1000 + 100 * i + seed, profile=profile, learner_level=learner, tutor_level=tutor,
                       agreements=AGREEMENTS[seed % len(AGREEMENTS)], first_dealer=("tutor", "learner")[seed % 2])


@pytest.mark.parametrize("profile", PROFILES)
def test_self_play_is_legal_and_scores_as_the_score_kind(profile):
    played, found, winners = 0, [], set()
    for game in _games(profile):
        result = play_game(BOOK, **game)
        played += 1
        winners.add(result.game.winner)
        found += [f"{game}: {p}" for p in problems(result, BOOK)]
    assert found == []
    assert played == GAMES + MIXED_GAMES * len(MIXED)
    assert winners == {"learner", "tutor"}  # both sides win games


def test_the_same_seed_plays_the_same_game():
    first = play_game(BOOK, seed=42, profile="london", learner_level="club", tutor_level="book")
    again = play_game(BOOK, seed=42, profile="london", learner_level="club", tutor_level="book")
    assert first.game.record() == again.game.record()
    assert first.game.sheet == again.game.sheet and first.game.scores == again.game.scores
    other = play_game(BOOK, seed=43, profile="london", learner_level="club", tutor_level="book")
    assert other.game.record()["moves"] != first.game.record()["moves"]
