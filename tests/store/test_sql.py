"""The store on real databases, SQLite and PostgreSQL: migrations, progress kept whole, games, erasing, locking."""
import hashlib
import hmac
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import func, select, text

from ecarte_tutor.lessons.progress import Progress
from ecarte_tutor.store import FinishedGame, StoreError, StoreUnavailable, UnknownLearner, open_store, shown_code
from ecarte_tutor.store.schema import games, learners, lesson_steps, metadata, review_items
from ecarte_tutor.store.sql import HEAD, VERSION_TABLE, alembic_config, head_revision
from store.conftest import CODE_KEY
from store.served import run_script

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 3, 1, 12, 30, 15, 123456, tzinfo=UTC)
LESSON = "01-pack-and-ranking"


def rich(progress: Progress) -> Progress:
    """A progress with something of everything: steps done, missed, first tries, review items at each stage."""
    progress = progress.record(LESSON, 1).record(LESSON, 4, correct=False).record(LESSON, 5, correct=True)
    progress = progress.missed_rule("play.head-the-trick", NOW).missed_rule("law.43", NOW)
    progress, _ = progress.practised("law.43", "a1b2c3", True, None, NOW + timedelta(seconds=1))
    return progress


def counts(store) -> dict[str, int]:
    with store.engine.connect() as connection:
        return {table.name: connection.execute(select(func.count()).select_from(table)).scalar_one()
                for table in (learners, lesson_steps, review_items, games)}


def test_the_migrations_make_exactly_the_schemas_tables(unmigrated):
    store = unmigrated
    assert store.status().current is None and store.status().learners is None
    assert store.upgrade() == (None, head_revision())
    assert store.upgrade() == (head_revision(), head_revision()), "a second upgrade changes nothing"
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    status = store.status()
    assert status.up_to_date and status.learners == 0


def test_the_head_the_store_knows_is_the_newest_migration():
    assert head_revision() == HEAD, "a migration was added: move sql.HEAD to it"


def test_a_database_at_another_revision_is_brought_up_by_alembic(unmigrated):
    store = unmigrated
    store.upgrade()
    with store.engine.begin() as connection:
        command.downgrade(alembic_config(connection), "base")
        # alembic keeps its table, empty, at the base; made here should a release drop it
        connection.execute(text(f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version_num VARCHAR(32) NOT NULL)"))
    assert store.upgrade() == (None, HEAD)
    assert store.status().up_to_date


def test_a_database_at_the_head_is_opened_without_importing_alembic(database_url):
    made = open_store(database_url)
    made.upgrade()
    made.close()  # a connection left open would be closed by the garbage collector, warning in another test
    script = ("import sys; from ecarte_tutor.store import open_store; store = open_store(sys.argv[1]); "
              "print(store.upgrade(), 'alembic' in sys.modules)")
    assert run_script(script, database_url).split() == [f"('{HEAD}',", f"'{HEAD}')", "False"]


def test_the_migrations_go_down_and_up_again(unmigrated):
    store = unmigrated
    store.upgrade()
    with store.engine.begin() as connection:
        command.downgrade(alembic_config(connection), "base")
    assert store.status().current is None
    store.upgrade()
    assert store.status().up_to_date


def test_a_learners_progress_is_kept_whole_with_its_times_in_utc(store):
    learner = store.new_learner()
    assert store.learner(learner.key) == learner and learner.created_at.tzinfo is not None
    kept = store.change(learner.key, rich)
    assert store.progress(learner.key) == kept
    item = store.progress(learner.key).reviews["law.43"]
    assert item.last_review == NOW + timedelta(seconds=1) and item.last_review.tzinfo == UTC
    assert item.stability == kept.reviews["law.43"].stability and item.reviews == 1
    assert store.progress("no-such-key") == Progress()
    later = store.change(learner.key, lambda p: p.record(LESSON, 4, correct=True))
    assert store.progress(learner.key) == later and later.lesson(LESSON).done == {1, 4, 5}
    reset = store.change(learner.key, lambda p: p.reset())
    assert store.progress(learner.key) == reset == Progress(seq=later.seq + 1, reset_seq=later.seq + 1)
    assert counts(store)["lesson_steps"] == counts(store)["review_items"] == 0


def test_every_row_carries_its_timestamps(store):
    key = store.new_learner().key
    store.change(key, rich)
    with store.engine.connect() as connection:
        for table in (learners, lesson_steps, review_items):
            for row in connection.execute(select(table.c.created_at, table.c.updated_at)):
                assert row.created_at is not None and row.updated_at >= row.created_at


def test_a_change_that_fails_keeps_nothing(store):
    key = store.new_learner().key
    store.change(key, lambda p: p.record(LESSON, 1))

    def half_done(progress):
        progress.record(LESSON, 2)
        raise RuntimeError("the answer's page was stale")

    with pytest.raises(RuntimeError):
        store.change(key, half_done)
    assert store.progress(key).lesson(LESSON).done == {1} and store.progress(key).seq == 1


def test_an_unknown_learner_cannot_be_changed(store):
    with pytest.raises(UnknownLearner):
        store.change("no-such-key", rich)


def all_values(store) -> str:
    """Every value of every row of the store's tables, as one text (what a copy of the database gives away)."""
    with store.engine.connect() as connection:
        return " ".join(str(value) for table in (learners, lesson_steps, review_items, games)
                        for row in connection.execute(select(table)) for value in row)


def test_a_learner_is_found_by_his_resume_code_however_it_is_typed(store):
    learner = store.new_learner()
    assert not learner.has_code and store.by_resume_code("0" * 20) is None
    code = store.new_resume_code(learner.key)
    typed = shown_code(code).lower().replace("0", "o").replace("-", " - ")
    assert store.by_resume_code(typed) == store.learner(learner.key)
    assert store.learner(learner.key).has_code
    assert store.by_resume_code("nonsense") is None
    assert store.by_resume_code("0" * 20) is None


def test_a_resume_code_is_kept_as_a_keyed_hash_only_and_a_new_one_retires_the_old(store, database_url):
    key = store.new_learner().key
    first = store.new_resume_code(key)
    assert first not in all_values(store) and first.lower() not in all_values(store).lower()
    with store.engine.connect() as connection:
        kept = connection.execute(select(learners.c.resume_hash)).scalar_one()
    assert kept == hmac.new(CODE_KEY, first.encode(), hashlib.sha256).hexdigest(), "HMAC-SHA256 under the key"
    other_key = open_store(database_url, code_key=b"another site's key")
    try:
        assert other_key.by_resume_code(first) is None, "the hash is keyed: the database alone tests no code"
    finally:
        other_key.close()
    second = store.new_resume_code(key)
    assert store.by_resume_code(first) is None and store.by_resume_code(second).key == key
    with pytest.raises(UnknownLearner):
        store.new_resume_code("no-such-key")


def test_a_learner_made_with_a_key_given_is_made_once(store):
    brought = rich(Progress())
    first = store.new_learner(brought, key="k" * 32)
    again = store.new_learner(brought, key="k" * 32)
    assert first.key == again.key == "k" * 32 and counts(store)["learners"] == 1
    assert store.progress(first.key) == brought


def test_the_codes_kept_in_plain_text_become_their_hashes_and_nothing_else_changes(unmigrated):
    """A database of the first release: its learners, steps, reviews and games are all there after 0002, and
    each learner's resume code still finds him, though it is no longer kept."""
    store = unmigrated
    with store.engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0001")
        for n, code in enumerate(("K7QF2M9X0123456789AB", "ZZZZYYYYXXXXWWWWVVVV"), start=1):
            connection.execute(text(
                "INSERT INTO learners (id, key, resume_code, seq, reset_seq, created_at, updated_at) "
                "VALUES (:id, :key, :code, 1, 0, :now, :now)"), {"id": n, "key": f"{n:032d}", "code": code,
                                                                  "now": NOW.replace(tzinfo=None)})
            connection.execute(text(
                "INSERT INTO lesson_steps (learner_id, lesson_id, step, done, first_try, missed, seq, created_at, "
                "updated_at) VALUES (:id, :lesson, 1, :yes, :yes, :no, 1, :now, :now)"),
                {"id": n, "lesson": LESSON, "yes": True, "no": False, "now": NOW.replace(tzinfo=None)})
    before = counts(store)
    assert store.upgrade() == ("0001", HEAD)
    assert counts(store) == before
    assert store.by_resume_code("k7qf-2m9x-0123-4567-89ab").key == f"{1:032d}"
    assert store.by_resume_code("ZZZZ-YYYY-XXXX-WWWW-VVVV").key == f"{2:032d}"
    assert "K7QF2M9X0123456789AB" not in all_values(store)
    assert store.progress(f"{1:032d}").lesson(LESSON).done == {1}


def test_codes_in_plain_text_are_not_migrated_without_the_key(database_url):
    store = open_store(database_url)  # no code_key: as a tool that has not read the site's secret key
    try:
        with store.engine.begin() as connection:
            command.upgrade(alembic_config(connection), "0001")
            connection.execute(text(
                "INSERT INTO learners (id, key, resume_code, seq, reset_seq, created_at, updated_at) "
                "VALUES (1, 'k', 'K7QF2M9X0123456789AB', 0, 0, :now, :now)"), {"now": NOW.replace(tzinfo=None)})
        with pytest.raises(StoreError, match="secret key"):
            store.upgrade()
        assert store.status().current == "0001", "nothing half done"
    finally:
        store.close()


def game(n: int) -> FinishedGame:
    return FinishedGame(digest=f"{n:064x}", record={"v": 1, "seed": n, "moves": "p s 7h"},
                        review={"summary": {"by_rule": [{"rule": "king.announce", "count": 1}]}, "hands": []},
                        learner_score=5, tutor_score=n, mistakes=1, winner="learner")


def test_a_finished_game_is_kept_once_with_its_change(store):
    key, other = store.new_learner().key, store.new_learner().key
    note = lambda p: p.missed_rule("king.announce", NOW)  # noqa: E731
    assert store.keep_game(key, game(1), note) is True
    assert store.keep_game(key, game(1), note) is False, "the same game again: kept once"
    assert store.keep_game(key, game(2), lambda p: p) is True
    kept = store.games(key)
    assert [g.record["seed"] for g in kept] == [2, 1], "the latest first"
    assert kept[1].review == game(1).review and kept[1].created_at.tzinfo is not None
    assert store.game(key, kept[1].id) == kept[1] and store.game(other, kept[1].id) is None
    assert set(store.progress(key).reviews) == {"king.announce"} and store.progress(key).seq == 1
    assert store.games(other) == []


def test_erasing_a_learner_takes_everything_of_his_and_nothing_else(store):
    key, other = store.new_learner().key, store.new_learner().key
    for who in (key, other):
        store.change(who, rich)
        store.keep_game(who, game(1), lambda p: p)
    before = counts(store)
    assert store.erase(key) is True and store.erase(key) is False
    assert store.learner(key) is None and store.progress(key) == Progress() and store.games(key) == []
    after = counts(store)
    assert all(after[name] * 2 == before[name] for name in before)
    assert store.progress(other) == rich(Progress())


def test_a_learner_can_start_from_progress_brought_along(store):
    brought = rich(Progress())
    learner = store.new_learner(brought)
    assert store.progress(learner.key) == brought


def test_changes_to_one_learner_at_once_lose_nothing(store):
    """Eight threads change one learner forty times together: every change is kept, none overwrites another."""
    key = store.new_learner().key
    errors = []

    def answer(thread: int) -> None:
        try:
            for n in range(5):
                store.change(key, lambda p, step=thread * 5 + n + 1: p.record(LESSON, step, correct=True))
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=answer, args=(t,)) for t in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    progress = store.progress(key)
    assert progress.seq == 40 and progress.lesson(LESSON).first_try == set(range(1, 41))
    assert sorted(s.seq for s in progress.lesson(LESSON).steps.values()) == list(range(1, 41))


def test_processes_starting_at_once_migrate_once(database_url):
    script = ("import sys; from ecarte_tutor.store import open_store; "
              "before, after = open_store(sys.argv[1]).upgrade(); print(before, after)")
    runs = [subprocess.Popen([sys.executable, "-c", script, database_url], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for _ in range(3)]
    results = [run.communicate(timeout=120) for run in runs]
    assert all(run.returncode == 0 for run in runs), results
    firsts = sorted(out.split()[0] for out, _ in results)
    assert firsts == [head_revision(), head_revision(), "None"], "one migrated; the others found it done"


def test_a_database_that_cannot_be_reached_is_one_clear_error(tmp_path):
    (tmp_path / "folder.sqlite3").mkdir()
    for url in (f"sqlite:///{tmp_path}/folder.sqlite3",
                "postgresql+psycopg://someone:hunter2@127.0.0.1:1/nothing?connect_timeout=2"):
        unreachable = open_store(url)
        with pytest.raises(StoreUnavailable) as failed:
            unreachable.upgrade()
        unreachable.close()
        message = str(failed.value)
        assert "cannot be used" in message and "hunter2" not in message and "\n" not in message


def test_a_rehearsal_compiles_a_first_answers_statements_and_keeps_nothing(store):
    """serve readies each thread of the store before its first visitor (web.progress.start_serving): the learner it
    makes, his step and his rule to review are rolled back, and a real first answer then finds its statements
    compiled in the thread's engine."""
    key = store.new_learner().key
    store.rehearse()
    with store.engine.connect() as connection:
        counts = [connection.execute(select(func.count()).select_from(table)).scalar_one()
                  for table in (learners, lesson_steps, review_items)]
    assert counts == [1, 0, 0], "nothing of the rehearsal is kept"
    compiled = len(store.engine._compiled_cache)  # SQLAlchemy's statements compiled by this thread's engine
    other = store.new_learner().key
    store.change(other, lambda progress: progress.record("01-pack-and-ranking", 1, correct=False))
    assert len(store.engine._compiled_cache) == compiled, "a first answer compiled nothing the rehearsal had not"
    assert store.learner(key) is not None and store.progress(other).seq == 1
