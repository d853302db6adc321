"""Self-play, CI-sized: the tutor plays itself under every profile, every move put to the hand referee.

The full run (2,000 games a profile and more) is bench/selfplay.py; here a few hundred games a
profile, mostly beginner against beginner (cheap), with club and book games mixed in (on each side, as
learner and as tutor), and some games under agreements, so that every path of the table is walked on every
test run. The first games are those test_audit walks (tests/selfplay_games.py), played once for both.
"""
import pytest
from data_under_test import BOOK, PROFILES
from selfplay_games import GAMES as SHARED
from selfplay_games import PAIRS, settings, shared

from ecarte_tutor.table.selfplay import play_game, problems

BEGINNERS = 220  # a profile, beginner against beginner (those of the shared games among them)
MIXED = sum(pair != ("beginner", "beginner") for pair in PAIRS) * SHARED // len(PAIRS)  # club or book on a side


def _games(profile):
    """The shared games, then beginner games on further seeds up to BEGINNERS in all."""
    yield from shared(profile)
    for seed in range(SHARED, SHARED + BEGINNERS - (SHARED - MIXED)):
        yield play_game(BOOK, **settings(profile, seed))


@pytest.mark.parametrize("profile", PROFILES)
def test_self_play_is_legal_and_scores_as_the_score_kind(profile):
    played, found, winners, tutors = 0, [], set(), set()
    for result in _games(profile):
        played += 1
        winners.add(result.game.winner)
        tutors.add(result.game.settings.level)
        found += [f"game {played}: {p}" for p in problems(result, BOOK)]
    assert found == []
    assert played == BEGINNERS + MIXED and MIXED >= 24
    assert winners == {"learner", "tutor"}  # both sides win games
    assert tutors == {"beginner", "club", "book"}


def test_the_same_seed_plays_the_same_game():
    first = play_game(BOOK, seed=42, profile="london", learner_level="club", tutor_level="book")
    again = play_game(BOOK, seed=42, profile="london", learner_level="club", tutor_level="book")
    assert first.game.record() == again.game.record()
    assert first.game.sheet == again.game.sheet and first.game.scores == again.game.scores
    other = play_game(BOOK, seed=43, profile="london", learner_level="club", tutor_level="book")
    assert other.game.record()["moves"] != first.game.record()["moves"]
