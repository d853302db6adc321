"""The self-play games that tests/table/test_audit.py and test_selfplay.py both read, each played once a process.

test_audit walks every decision of these games (:func:`ecarte_tutor.table.audit.audit`); test_selfplay puts the
same games to the referee's checks (:func:`ecarte_tutor.table.selfplay.problems`) beside beginner games of its own.
Half are beginner against beginner, half have the jeux de règle on one side at least (club or book, as learner
and as tutor), under every agreement in turn. conftest.py runs both modules in one pytest-xdist worker.
"""
from __future__ import annotations

from functools import cache

from data_under_test import BOOK

from ecarte_tutor.table.selfplay import SelfPlay, play_game

AGREEMENTS = ([], ["doubling"], [{"game-target": 3}], ["offer-the-point", "ace-high"], ["single-exchange"],
              ["treble-double-single", {"game-target": 7}])
PAIRS = (("beginner", "beginner"),) * 4 + (("club", "beginner"), ("beginner", "club"), ("book", "club"),
                                            ("club", "book"))
GAMES = 48  # a profile


def settings(profile: str, seed: int, learner: str = "beginner", tutor: str = "beginner") -> dict:
    """The game of ``seed``: its agreements and first dealer turn with the seed."""
    return dict(seed=seed, profile=profile, learner_level=learner, tutor_level=tutor,
                agreements=AGREEMENTS[seed % len(AGREEMENTS)], first_dealer=("tutor", "learner")[seed % 2])


def shared_settings(profile: str, seed: int) -> dict:
    """Game ``seed`` (below GAMES) of the shared games: its pair of levels turns with the seed."""
    return settings(profile, seed, *PAIRS[seed % len(PAIRS)])


@cache
def shared(profile: str) -> tuple[SelfPlay, ...]:
    """The shared games of ``profile``, played on first use (read them, never change them)."""
    return tuple(play_game(BOOK, **shared_settings(profile, seed)) for seed in range(GAMES))
