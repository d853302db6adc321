"""The site's side of a bounded store (issue 40): the export streamed and rate-limited, the cap on games said,
a full learner and a busy store answered in words, log lines of a kind limited, learners expired at start."""
import json
import logging

import pytest
from store.databases import a_learner_last_seen

from ecarte_tutor.logs import RateLimited
from ecarte_tutor.store import FinishedGame, LearnerFull, StoreUnavailable, open_store
from ecarte_tutor.web import create_app, progress

STEP = "/lessons/01-pack-and-ranking/4"  # 7S is wrong there


def learner_of(app, client) -> str:
    assert client.post(STEP, data={"cards": ["7S"], "seq": "0"}).status_code == 200
    with client.session_transaction() as session:
        return session[progress.LEARNER]


def game(n: int) -> FinishedGame:
    return FinishedGame(digest=f"{n:064x}", record={"v": 1, "seed": n, "moves": "Lp"},
                        review={"summary": {"hands": 1, "by_rule": []}}, learner_score=5, tutor_score=n,
                        mistakes=0, winner="learner")


@pytest.fixture()
def fresh(tmp_path):
    """An app of its own, on its own SQLite file (the export's counts are per process and per app)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "INSTANCE_PATH": str(tmp_path),
                      "DATABASE_URL": f"sqlite:///{tmp_path}/store.sqlite3"})
    progress.EXPORTS.last.clear()
    return app


def test_the_export_is_streamed_game_by_game_and_is_whole(fresh, monkeypatch):
    client = fresh.test_client()
    key = learner_of(fresh, client)
    store = fresh.extensions[progress.STORE]
    for n in range(45):
        store.keep_game(key, game(n), lambda p: p)
    read = []
    each = store.each_game
    monkeypatch.setattr(store, "each_game", lambda key: (read.append(g) or g for g in each(key, batch=20)))
    response = client.get("/progress/export.json", buffered=False)
    assert response.is_streamed and len(read) == 1, "one game read (the store answers) before the answer starts"
    data = json.loads(response.get_data(as_text=True))
    assert [g["record"]["seed"] for g in data["games"]] == list(range(44, -1, -1))
    assert data["progress"]["lessons"]["01-pack-and-ranking"]["missed"] == [4] and len(read) == 45


def test_a_learner_exports_a_few_times_a_minute_then_is_told_when_to_come_back(fresh):
    client = fresh.test_client()
    learner_of(fresh, client)
    for _ in range(progress.EXPORTS_A_MINUTE):
        assert client.get("/progress/export.json").status_code == 200
    refused = client.get("/progress/export.json")
    assert refused.status_code == 429 and 0 < int(refused.headers["Retry-After"]) <= 61
    assert "Try again in" in refused.get_data(as_text=True)
    other = fresh.test_client()
    learner_of(fresh, other)
    assert other.get("/progress/export.json").status_code == 200, "another learner is not held up"


def test_the_export_of_an_empty_browser_is_valid_json(fresh):
    data = json.loads(fresh.test_client().get("/progress/export.json").get_data(as_text=True))
    assert data["learner"] is None and data["games"] == []


def test_at_the_cap_the_games_pages_say_the_oldest_make_way(fresh, monkeypatch):
    monkeypatch.setattr(progress, "MAX_GAMES", 3)
    client = fresh.test_client()
    key = learner_of(fresh, client)
    store = fresh.extensions[progress.STORE]
    for n in range(2):
        store.keep_game(key, game(n), lambda p: p)
    assert 'id="games-full"' not in client.get("/progress/games").get_data(as_text=True)
    store.keep_game(key, game(3), lambda p: p)
    page = client.get("/progress/games").get_data(as_text=True)
    assert 'id="games-full"' in page and "Your latest 3 games are kept" in page
    assert "each game you finish now puts out your oldest" in client.get("/progress/").get_data(as_text=True)


def test_a_full_learner_and_a_busy_store_are_answered_in_words(fresh, monkeypatch):
    client = fresh.test_client()
    learner_of(fresh, client)
    store = fresh.extensions[progress.STORE]

    def refuse(error):
        def change(key, fn):
            raise error
        return change

    monkeypatch.setattr(store, "change", refuse(LearnerFull("reviews", 2000)))
    full = client.post(STEP, data={"cards": ["QS"], "seq": "1"})
    assert full.status_code == 409 and "keeps at most 2000 reviews" in full.get_data(as_text=True)
    monkeypatch.setattr(store, "change", refuse(StoreUnavailable("database is locked")))
    busy = client.post(STEP, data={"cards": ["QS"], "seq": "1"})
    assert busy.status_code == 503 and busy.headers["Retry-After"] == progress.RETRY_AFTER
    assert "Try again in a moment" in busy.get_data(as_text=True)


def test_log_lines_of_a_kind_pass_a_few_a_minute_then_say_how_many_were_left_out():
    moment = [0.0]
    limit = RateLimited(burst=3, window=60, clock=lambda: moment[0])

    def line(message, *args):
        return logging.LogRecord("gunicorn.error", logging.WARNING, __file__, 1, message, args, None)

    passed = [limit.filter(line(f"Invalid request from ip=10.0.0.{n}: timed out")) for n in range(50)]
    assert passed == [True] * 3 + [False] * 47
    assert limit.filter(line("the store is unavailable: %s", "locked")), "another kind passes"
    moment[0] = 61
    record = line("Invalid request from ip=10.0.0.9: timed out")
    assert limit.filter(record) and "47 more like it in the last 60 s not logged" in record.getMessage()


def test_the_start_removes_the_learners_nobody_came_back_to(tmp_path):
    url = f"sqlite:///{tmp_path}/store.sqlite3"
    old = a_learner_last_seen(url, days_ago=31)
    store = open_store(url)
    recent = store.new_learner().key
    create_app({"TESTING": True, "SECRET_KEY": "test-secret", "INSTANCE_PATH": str(tmp_path), "DATABASE_URL": url,
                "EXPIRE_DAYS": 30})
    assert store.learner(old) is None and store.learner(recent) is not None
    store.close()


def test_the_deploy_guide_states_the_bounds_the_code_keeps():
    from pathlib import Path

    from ecarte_tutor.store import DEFAULT_EXPIRE_DAYS, EXPIRE_DAYS_VARIABLE, MAX_GAMES
    from ecarte_tutor.store.sql import LOCK_WAIT_SECONDS

    guide = (Path(__file__).resolve().parents[2] / "docs" / "deploy.md").read_text()
    assert f"**{DEFAULT_EXPIRE_DAYS} days**" in guide and EXPIRE_DAYS_VARIABLE in guide
    assert f"**{MAX_GAMES} finished games**" in guide and f"{LOCK_WAIT_SECONDS} s for SQLite" in guide
    assert f"{progress.EXPORTS_A_MINUTE} times a minute" in guide and f"Retry-After: {progress.RETRY_AFTER}" in guide


def test_each_process_expires_learners_again_from_the_start_not_from_a_request(tmp_path, monkeypatch):
    """serve readies each process before it answers (start_serving): its hourly expiry starts then, once a process,
    and no request starts it (a first page waited for the thread)."""
    import threading
    import time

    url = f"sqlite:///{tmp_path}/store.sqlite3"
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "INSTANCE_PATH": str(tmp_path),
                      "DATABASE_URL": url, "EXPIRE_DAYS": 30})
    gone = a_learner_last_seen(url, days_ago=31)  # made after the start's expiry, as if the server had run a month
    monkeypatch.setattr(progress, "EXPIRE_EVERY", 0.05)
    state = app.extensions[progress.EXPIRY]
    store = app.extensions[progress.STORE]

    def expiring() -> int:
        return sum(thread.name == "ecarte-tutor expiry" for thread in threading.enumerate())

    already = expiring()
    try:
        assert app.test_client().get("/progress/").status_code == 200
        time.sleep(0.2)
        assert expiring() == already and store.learner(gone) is not None, "a request starts no expiry"
        progress.start_serving(app)
        progress.start_serving(app)
        assert expiring() == already + 1, "one expiry a process"
        deadline = time.monotonic() + 20
        while store.learner(gone) is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert store.learner(gone) is None
    finally:
        state["stop"] = True
        time.sleep(0.2)


def test_an_export_the_store_fails_gives_its_place_back(fresh, monkeypatch):
    client = fresh.test_client()
    learner_of(fresh, client)
    store = fresh.extensions[progress.STORE]

    def down(*args, **kwargs):
        raise StoreUnavailable("the database does not answer")

    monkeypatch.setattr(store, "progress", down)
    for _ in range(progress.EXPORTS_AT_ONCE + 1):
        progress.EXPORTS.last.clear()
        assert client.get("/progress/export.json").status_code == 503
    monkeypatch.undo()
    progress.EXPORTS.last.clear()
    assert client.get("/progress/export.json").status_code == 200, "no place was kept by the failures"
