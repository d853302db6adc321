"""Unfinished games in the store, on SQLite and PostgreSQL (and the memory store its callers' tests use):
kept over as they move on, the latest played first, capped, closed, erased with their learner."""
from datetime import UTC, datetime, timedelta

import pytest

from ecarte_tutor.store import UnfinishedGame, UnknownLearner, open_store
from ecarte_tutor.store.interface import MAX_UNFINISHED

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


class Clock:
    """A clock that moves a minute each time it is read: every change has its own moment."""

    def __init__(self):
        self.now = START

    def __call__(self):
        self.now += timedelta(minutes=1)
        return self.now


def unfinished(n: int, moves: str = "", deal: int = 1) -> UnfinishedGame:
    return UnfinishedGame(game_key=f"{n:016x}", record={"v": 1, "seed": n, "moves": moves}, deal=deal,
                          learner_score=n % 5, tutor_score=1)


@pytest.fixture(params=["sql", "memory"])
def timed_store(request, database_url):
    store = open_store(database_url if request.param == "sql" else "memory://", clock=Clock())
    store.upgrade()
    yield store
    store.close()


def test_a_game_is_kept_as_it_last_stood_once(timed_store):
    store = timed_store
    key, other = store.new_learner().key, store.new_learner().key
    store.keep_unfinished(key, unfinished(1, "LP"))
    store.keep_unfinished(key, unfinished(2, "LP"))
    store.keep_unfinished(key, unfinished(1, "LP Lc:QS", deal=2))  # the first game moved on: the same row
    kept = store.unfinished(key)
    assert [g.record["seed"] for g in kept] == [1, 2], "one row a game, the latest played first"
    assert kept[0].record["moves"] == "LP Lc:QS" and kept[0].deal == 2
    assert kept[0].created_at < kept[1].created_at < kept[0].updated_at, "begun first, played last"
    assert kept[0].updated_at.tzinfo is not None
    assert store.unfinished(other) == []


def test_closing_forgets_one_game_of_ones_own_only(timed_store):
    store = timed_store
    key, other = store.new_learner().key, store.new_learner().key
    store.keep_unfinished(key, unfinished(1))
    store.keep_unfinished(key, unfinished(2))
    first = next(g for g in store.unfinished(key) if g.record["seed"] == 1)
    assert store.close_unfinished(other, first.id) is False, "another learner's game is not his to close"
    assert store.close_unfinished(key, first.id) is True and store.close_unfinished(key, first.id) is False
    assert store.close_unfinished(key, game_key=unfinished(2).game_key) is True  # it finished
    assert store.unfinished(key) == [] and store.close_unfinished(key) is False


def test_beyond_the_cap_the_game_left_longest_untouched_goes(timed_store):
    store = timed_store
    key = store.new_learner().key
    for n in range(MAX_UNFINISHED):
        store.keep_unfinished(key, unfinished(n))
    store.keep_unfinished(key, unfinished(0, "LP"))  # the oldest is played again: now the latest
    store.keep_unfinished(key, unfinished(99))
    seeds = [g.record["seed"] for g in store.unfinished(key)]
    assert len(seeds) == MAX_UNFINISHED and seeds[:2] == [99, 0] and 1 not in seeds


def test_erasing_a_learner_erases_his_unfinished_games(timed_store):
    store = timed_store
    key, other = store.new_learner().key, store.new_learner().key
    for who in (key, other):
        store.keep_unfinished(who, unfinished(1))
    assert store.erase(key) is True
    assert store.unfinished(key) == [] and len(store.unfinished(other)) == 1
    with pytest.raises(UnknownLearner):
        store.keep_unfinished(key, unfinished(2))
