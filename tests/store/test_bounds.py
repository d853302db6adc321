"""The store bounded and expiring (issue 40), on SQLite and PostgreSQL: caps, expiry, erasing from the log,
lock waits that end, and store calls off gevent's loop."""
import time
from datetime import UTC, datetime, timedelta

import pytest
from alembic import command
from sqlalchemy import create_engine, select, text

from ecarte_tutor.lessons.progress import Progress
from ecarte_tutor.store import (
    LearnerFull,
    StoreError,
    StoreUnavailable,
    expire_days,
    interface,
    normal_code,
    open_store,
    sql,
)
from ecarte_tutor.store.interface import code_hash
from ecarte_tutor.store.schema import learners
from store.served import run_script
from store.test_sql import LESSON, counts, game, rich


class Clock:
    def __init__(self):
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self):
        return self.now


def test_the_latest_games_are_kept_and_the_oldest_make_way(store, monkeypatch):
    monkeypatch.setattr(sql, "MAX_GAMES", 3)
    key, other = store.new_learner().key, store.new_learner().key
    store.keep_game(other, game(99), lambda p: p)
    for n in range(1, 6):
        assert store.keep_game(key, game(n), lambda p: p) is True
    assert [g.record["seed"] for g in store.games(key)] == [5, 4, 3]
    assert store.game_count(key) == 3 and store.game_count(other) == 1
    assert [g.record["seed"] for g in store.each_game(key, batch=2)] == [5, 4, 3], "read in batches, in order"
    assert store.games(key, limit=1)[0].record["seed"] == 5


def test_a_change_beyond_a_learners_bounds_keeps_nothing(store, monkeypatch):
    monkeypatch.setattr(interface, "MAX_REVIEWS", 1)
    key = store.new_learner().key
    store.change(key, lambda p: p.missed_rule("law.43", datetime.now(UTC)))
    with pytest.raises(LearnerFull) as full:
        store.change(key, lambda p: p.missed_rule("play.head-the-trick", datetime.now(UTC)).record(LESSON, 1))
    assert full.value.what == "reviews" and full.value.limit == 1
    assert set(store.progress(key).reviews) == {"law.43"} and store.progress(key).lesson(LESSON).done == set()


def test_learners_nobody_came_back_to_expire_with_all_of_theirs(database_url):
    clock = Clock()
    store = open_store(database_url, clock)
    try:
        store.upgrade()
        gone, answered, played = (store.new_learner().key for _ in range(3))
        for key in (gone, answered, played):
            store.change(key, rich)
            store.keep_game(key, game(1), lambda p: p)
        clock.now += timedelta(days=100)
        store.change(answered, lambda p: p.record(LESSON, 2))  # came back and answered
        store.keep_game(played, game(2), lambda p: p)  # came back and finished a game
        assert store.expire(clock.now - timedelta(days=50), batch=1) == 1
        assert store.learner(gone) is None and store.games(gone) == []
        assert store.learner(answered) and store.learner(played) and len(store.games(played)) == 2
        assert counts(store)["lesson_steps"] == 2 * len(rich(Progress()).lesson(LESSON).steps) + 1
        assert store.expire(clock.now - timedelta(days=50)) == 0
    finally:
        store.close()


def test_the_expiry_days_come_from_the_setting_and_a_bad_one_is_said(monkeypatch):
    monkeypatch.delenv("ECARTE_TUTOR_EXPIRE_DAYS", raising=False)
    assert expire_days() == 365
    monkeypatch.setenv("ECARTE_TUTOR_EXPIRE_DAYS", "30")
    assert expire_days() == 30
    for bad in ("0", "ten", "-3", "99999999"):
        monkeypatch.setenv("ECARTE_TUTOR_EXPIRE_DAYS", bad)
        with pytest.raises(StoreError, match="whole number of days"):
            expire_days()


def test_erasing_leaves_nothing_of_the_learner_in_the_file_or_its_log(tmp_path):
    code_key = b"a key that hashes resume codes"
    store = open_store(f"sqlite:///{tmp_path}/store.sqlite3", code_key=code_key)
    store.upgrade()
    keep, erased = store.new_learner(), store.new_learner()
    for learner in (keep, erased):
        store.change(learner.key, rich)
    erased_code = normal_code(store.new_resume_code(erased.key))
    reader = store.engine.connect()  # another connection open, as a worker's pool holds them
    reader.close()
    assert store.erase(erased.key)
    store.close()
    wal = tmp_path / "store.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0, "the write-ahead log was folded in and emptied"
    data = (tmp_path / "store.sqlite3").read_bytes()
    assert erased.key.encode() not in data and code_hash(code_key, erased_code).encode() not in data
    assert keep.key.encode() in data


def test_a_change_waiting_on_anothers_lock_gives_up_in_bounded_time(database_url, monkeypatch):
    monkeypatch.setattr(sql, "LOCK_WAIT_SECONDS", 1)
    store = open_store(database_url)
    store.upgrade()
    key = store.new_learner().key
    holder = create_engine(database_url).connect()
    try:
        if holder.dialect.name == "sqlite":
            holder.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            holder.begin()
            holder.execute(select(learners.c.id).where(learners.c.key == key).with_for_update())
        began = time.monotonic()
        with pytest.raises(StoreUnavailable):
            store.change(key, lambda p: p.record(LESSON, 1))
        assert time.monotonic() - began < 4
    finally:
        holder.rollback()
        holder.close()
        holder.engine.dispose()
    assert store.change(key, lambda p: p.record(LESSON, 1)).lesson(LESSON).done == {1}, "then it goes on"
    store.close()


GEVENT = """
import sys, time
from gevent import monkey; monkey.patch_all()
import gevent, sqlite3
from ecarte_tutor.store import open_store, sql, StoreUnavailable
sql.LOCK_WAIT_SECONDS = 1
store = open_store(sys.argv[1]); store.upgrade()
key = store.new_learner().key
holder = sqlite3.connect(sys.argv[1].removeprefix("sqlite:///"), isolation_level=None)
holder.execute("BEGIN IMMEDIATE")
ticks = []
def tick():
    while True:
        ticks.append(time.monotonic()); gevent.sleep(0.01)
def write():
    try:
        store.change(key, lambda p: p.record("01-pack-and-ranking", 1))
    except StoreUnavailable:
        return "unavailable"
ticker = gevent.spawn(tick)
began = time.monotonic()
outcome = gevent.spawn(write).get()
took = time.monotonic() - began
ticker.kill()
print(outcome, round(took, 1), sum(1 for t in ticks if began < t < began + took))
"""


def test_under_gevent_a_write_waiting_for_its_lock_leaves_the_loop_free(tmp_path):
    """The waiting writer runs in gevent's thread pool: a greenlet ticking every 10 ms goes on meanwhile."""
    url = f"sqlite:///{tmp_path}/store.sqlite3"
    printed = run_script(GEVENT, url)
    outcome, took, ticks = printed.split()
    assert outcome == "unavailable" and 0.8 < float(took) < 4
    assert int(ticks) > 0.3 * float(took) / 0.01, printed


AT_ONCE = """
import sys, time
from gevent import monkey; monkey.patch_all()
import gevent
from ecarte_tutor.store import open_store
store = open_store(sys.argv[1]); store.upgrade()
keys = [store.new_learner().key for _ in range(12)]
pool = gevent.get_hub().threadpool
# every thread of the pool sleeps once, as a store call does when SQLite is busy: each then has a hub of its own
gevent.joinall([gevent.spawn(pool.apply, time.sleep, (0.05,)) for _ in range(pool.maxsize)])
ended = []
for step in range(1, 6):
    store.close()  # as gunicorn's master does before it forks: a worker's first connections are made at once
    answers = [gevent.spawn(store.change, key, lambda p: p.record("01-pack-and-ranking", step)) for key in keys]
    gevent.joinall(answers, timeout=20)
    ended.append(sum(answer.successful() for answer in answers))
    if ended[-1] < len(keys):
        break
print(*ended)
"""


def test_under_gevent_twelve_answers_at_once_all_end(tmp_path):
    """Twelve learners answering at once in one gevent worker, on the pool's threads: none waits for good. With one
    engine shared by the threads, gevent lost the wake-ups of those waiting on SQLAlchemy's locks and 9 of 12 hung
    (offload.py); each thread has its own now."""
    url = f"sqlite:///{tmp_path}/store.sqlite3"
    printed = run_script(AT_ONCE, url)
    assert printed.split() == ["12"] * 5, printed


def test_each_thread_has_an_engine_of_its_own_and_close_ends_them_all(tmp_path):
    import threading

    store = open_store(f"sqlite:///{tmp_path}/store.sqlite3")
    store.upgrade()
    key = store.new_learner().key
    engines = {}

    def answer(n):
        store.change(key, lambda p: p.record(LESSON, 1))
        engines[n] = store.engine

    threads = [threading.Thread(target=answer, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(engine) for engine in engines.values()} | {id(store.engine)}) == 4
    store.close()
    assert all(engine.pool.checkedin() == 0 for engine in engines.values()), "closed with the store"
    assert store.engine is not engines[0] and store.progress(key).lesson(LESSON).done == {1}, "then made anew"
    store.close()


def test_the_bounds_migration_keeps_every_row(unmigrated):
    store = unmigrated
    with store.engine.begin() as connection:
        command.upgrade(sql.alembic_config(connection), "0002_acts_and_hashed_codes")  # the one before it
    key = store.new_learner().key
    store.change(key, rich)
    store.keep_game(key, game(1), lambda p: p)
    before = counts(store)
    assert store.upgrade() == ("0002_acts_and_hashed_codes", sql.HEAD)
    assert counts(store) == before and store.progress(key) == rich(Progress())
    with store.engine.connect() as connection:
        plan = " ".join(str(row) for row in connection.execute(text(
            "EXPLAIN QUERY PLAN SELECT id FROM learners WHERE updated_at < '2026-01-01'"
            if connection.dialect.name == "sqlite" else
            "SELECT indexname FROM pg_indexes WHERE tablename = 'learners'")))
    assert "ix_learners_updated_at" in plan

