"""The store on a real database, SQLite (the default, a file in the site's instance folder) or PostgreSQL.

One transaction per change, with the learner locked for its length: SQLite takes the database's
write lock at the start (``BEGIN IMMEDIATE``), PostgreSQL the learner's row (``SELECT … FOR
UPDATE``). So two tabs answering at once are run one after the other, and neither loses the
other's answer. SQLite runs in WAL mode (readers never wait for the writer, several processes
share the file) with ``synchronous=FULL``: an answer acknowledged is on disk.

Every wait is bounded (:data:`LOCK_WAIT_SECONDS`): a writer that cannot have its lock in that time
gives up, nothing changed, with :class:`StoreUnavailable` (the site's 503, "try again"), and under
gevent every call runs off the event loop (``offload.py``), so a wait never holds up other visitors.

The engine is made in the process that uses it: gunicorn's workers are forked from a master that
ran the migrations, and a database connection must never be shared across a fork.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, delete, event, func, insert, inspect, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError

from ..lessons.progress import LessonProgress, Progress, StepRecord
from ..lessons.review import ReviewItem
from .interface import (
    MAX_GAMES,
    MAX_SHEETS,
    MAX_UNFINISHED,
    Change,
    FinishedGame,
    KeptGame,
    KeptSheet,
    KeptUnfinished,
    Learner,
    LearnerFull,
    SheetChange,
    Status,
    StoreUnavailable,
    UnfinishedGame,
    UnknownLearner,
    UnknownSheet,
    bounded,
    code_hash,
    draw_resume_code,
    new_follow_code,
    new_key,
    normal_code,
)
from .offload import native_local, native_lock, off_loop
from .schema import games, learners, lesson_steps, review_items, sheets, unfinished_games

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).with_name("migrations")
# The newest migration's revision. A database already there is opened without alembic, whose import
# costs a restart's create_app() about 115 ms of 640 (issue 6: under 0.5 s); a test holds this to
# alembic's own reading of migrations/versions, so a migration added without moving it fails.
HEAD = "0005_unfinished_games"
VERSION_TABLE = "alembic_version"  # where alembic keeps a database's revision (its default name)
WRITE = "ecarte_tutor_write"  # execution option: this transaction writes (SQLite: BEGIN IMMEDIATE)
LOCK_ID = 0x45435254  # PostgreSQL advisory lock held while migrating ("ECRT")
# How long a change waits for its lock (SQLite's write lock, a PostgreSQL row) or for a connection of the pool
# before it gives up with a 503: long enough for a queue of answers to pass, short enough that a visitor is told.
LOCK_WAIT_SECONDS = 5
MIGRATE_WAIT_SECONDS = 60  # instances starting together: one migrates, the others wait for it this long
POOL = {"pool_size": 4, "max_overflow": 12, "pool_timeout": LOCK_WAIT_SECONDS}  # a connection a thread at the busiest
STEP_FIELDS = ("done", "first_try", "missed", "seq")
ITEM_FIELDS = ("state", "step", "stability", "difficulty", "due", "last_review", "reviews", "lapses", "situation",
               "seq")


def shown_url(url: str) -> str:
    """The database's address without its password (for messages and ``db status``)."""
    return make_url(url).render_as_string(hide_password=True)


def _sqlite_engine(url: str) -> Engine:
    database = make_url(url).database
    if database and database != ":memory:":
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": LOCK_WAIT_SECONDS}, json_serializer=compact_json, **POOL)

    @event.listens_for(engine, "connect")
    def connected(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None  # the "begin" hook below says BEGIN itself
        # Turning a new file to WAL takes it whole for a moment, and SQLite does not wait for that
        # (no busy handler): several processes opening a new file at once retry here instead.
        deadline = time.monotonic() + MIGRATE_WAIT_SECONDS
        while True:
            try:
                # secure_delete: an erased learner's rows are overwritten with zeros, not left in free pages
                for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "secure_delete=ON"):
                    dbapi_connection.execute(f"PRAGMA {pragma}")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    @event.listens_for(engine, "begin")
    def begin(connection: Connection) -> None:
        writes = connection.get_execution_options().get(WRITE)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")

    return engine


def compact_json(value: Any) -> str:
    """A JSON column's text, without the spaces json.dumps puts after commas and colons."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def make_engine(url: str) -> Engine:
    if make_url(url).get_backend_name() == "sqlite":
        return _sqlite_engine(url)
    # A server restarted under the site leaves dead connections in the pool: each is tried first. A row lock
    # waited for longer than LOCK_WAIT_SECONDS is an error (nothing changed), not a wait without end.
    wait = f"{LOCK_WAIT_SECONDS * 1000}"
    return create_engine(url, pool_pre_ping=True, json_serializer=compact_json, connect_args={
        "connect_timeout": LOCK_WAIT_SECONDS, "options": f"-c lock_timeout={wait}"}, **POOL)


def alembic_config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest migration's revision, as alembic reads it from migrations/versions."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None  # the package ships its migrations
    return head


def current_revision(connection: Connection) -> str | None:
    """The revision the database is at, as alembic reads it (None: not migrated)."""
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def _at_head(connection: Connection) -> bool:
    """Is the database at :data:`HEAD`, read without alembic? Anything else (no table, another revision,
    several rows) is left to alembic, which migrates or says what is wrong."""
    if not inspect(connection).has_table(VERSION_TABLE):
        return False
    return list(connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars()) == [HEAD]


class SqlStore:
    """:class:`~.interface.Store` on the database at ``url`` (SQLAlchemy's form of it)."""

    def __init__(self, url: str, clock: Callable[[], datetime] = lambda: datetime.now(UTC),
                 code_key: bytes | None = None):
        self.url = url
        self.clock = clock
        self.code_key = code_key  # hashes resume codes (interface.code_hash); the migration of plain codes needs it
        self._engines: weakref.WeakKeyDictionary[Engine, int] = weakref.WeakKeyDictionary()  # each thread's, its pid
        self._local = native_local()
        self._generation = 0  # moved on by close(): every thread then makes a new engine
        self._lock = native_lock()

    @property
    def engine(self) -> Engine:
        """This thread's engine, made on its first use in each thread and process. A thread of its own shares no
        lock of SQLAlchemy's with another, which under gevent would lose wake-ups (offload.py): the answers waiting
        on one hung for good. A database connection must not cross a fork either: a process makes its own."""
        local, pid = self._local, os.getpid()
        engine: Engine | None = getattr(local, "engine", None)
        if engine is None or local.pid != pid or local.generation != self._generation:
            if engine is not None and local.pid != pid:  # inherited through a fork: leave the parent's connections be
                engine.dispose(close=False)
            engine = make_engine(self.url)
            local.engine, local.pid, local.generation = engine, pid, self._generation
            with self._lock:
                self._engines[engine] = pid
        return engine

    def close(self) -> None:
        pid = os.getpid()
        with self._lock:
            engines, self._engines = list(self._engines.items()), weakref.WeakKeyDictionary()
            self._generation += 1
        for engine, made_in in engines:
            if made_in == pid:
                engine.dispose()
            else:  # a parent's, inherited through a fork: its connections are the parent's to close
                engine.dispose(close=False)

    @contextmanager
    def _transaction(self, writes: bool, migrating: bool = False) -> Iterator[Connection]:
        try:
            with self.engine.connect() as connection:
                connection.execution_options(**{WRITE: writes})
                with _foreign_keys_off(connection) if migrating else nullcontext(), connection.begin():
                    yield connection
                    if migrating:
                        _check_foreign_keys(connection)
        except (DBAPIError, SQLAlchemyError) as exc:
            if isinstance(exc, IntegrityError):
                raise
            raise StoreUnavailable(f"the progress store at {shown_url(self.url)} cannot be used: "
                                   f"{_first_line(exc)}") from exc

    # --- migrations ----------------------------------------------------------------------------

    @off_loop
    def upgrade(self) -> tuple[str | None, str]:
        """Apply the migrations not yet applied. Several processes starting at once migrate one at a time:
        SQLite's write lock or PostgreSQL's advisory lock is held from the check to the commit; the others
        try again (each wait is bounded) for up to :data:`MIGRATE_WAIT_SECONDS`."""
        deadline = time.monotonic() + MIGRATE_WAIT_SECONDS
        while True:
            try:
                return self._upgrade()
            except StoreUnavailable as exc:
                if not _lock_wait(exc) or time.monotonic() > deadline:
                    raise

    def _upgrade(self) -> tuple[str | None, str]:
        with self._transaction(writes=True, migrating=True) as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": LOCK_ID})
            if _at_head(connection):
                return HEAD, HEAD
            from alembic import command

            before = current_revision(connection)
            head = head_revision()
            if before != head:
                config = alembic_config(connection)
                config.attributes["code_key"] = self.code_key  # 0002 hashes the resume codes kept in plain text
                command.upgrade(config, "head")
        return before, head

    @off_loop
    def status(self) -> Status:
        with self._transaction(writes=False) as connection:
            current = current_revision(connection)
            count = connection.execute(select(func.count()).select_from(learners)).scalar_one() if current else None
        return Status(shown_url(self.url), current, head_revision(), count)

    @off_loop
    def integrity(self) -> str:
        """The database's own check of its file ("ok"), for SQLite; PostgreSQL checks as it goes."""
        with self._transaction(writes=False) as connection:
            if connection.dialect.name != "sqlite":
                return "ok"
            return "; ".join(str(row[0]) for row in connection.exec_driver_sql("PRAGMA integrity_check"))

    # --- learners ------------------------------------------------------------------------------

    @off_loop
    def new_learner(self, progress: Progress | None = None, key: str | None = None) -> Learner:
        now = self.clock()
        for _ in range(3):  # a clash of two random keys of 128 bits will not happen; if it did, draw again
            learner = Learner(key or new_key(), now)
            try:
                with self._transaction(writes=True) as connection:
                    learner_id = _insert_learner(connection, learner.key, now)
                    if progress is not None:
                        self._save(connection, learner_id, Progress(), progress, now)
                return learner
            except IntegrityError:
                if key is not None:  # the key given is taken: by this very learner, made before
                    found = self.learner(key)
                    if found is not None:
                        return found
                continue
        raise StoreUnavailable("no new learner could be made (three keys in a row were taken)")

    @off_loop
    def rehearse(self) -> None:
        """Make this thread's engine and its first connection, and make a learner who answers a step and gets a rule
        to review, in a transaction rolled back: the statements of a first answer are compiled (SQLAlchemy keeps
        them per engine, so per thread) before a visitor waits for them, and nothing is kept."""
        now = self.clock()
        step = LessonProgress(MappingProxyType({1: StepRecord(missed=True, seq=1)}))
        answered = Progress(MappingProxyType({"-": step}), seq=1,
                            reviews=MappingProxyType({"-": ReviewItem(rule="-", due=now, added=now, seq=1)}))
        try:
            with self._transaction(writes=True) as connection:
                key = new_key()
                _insert_learner(connection, key, now)
                row = self._locked(connection, key)
                self._save(connection, row.id, self._load(connection, row), answered, now)
                raise _Rehearsed
        except _Rehearsed:
            pass

    @off_loop
    def learner(self, key: str) -> Learner | None:
        return self._find(learners.c.key == key)

    @off_loop
    def new_resume_code(self, key: str) -> str:
        for _ in range(3):
            code = draw_resume_code()
            try:
                with self._transaction(writes=True) as connection:
                    done = connection.execute(update(learners).where(learners.c.key == key).values(
                        resume_hash=code_hash(self.code_key, code), updated_at=self.clock())).rowcount
            except IntegrityError:  # two codes of 100 bits alike: draw again
                continue
            if not done:
                raise UnknownLearner(f"no learner has the key {key[:8]}…")
            return code
        raise StoreUnavailable("no resume code could be made (three in a row were taken)")

    @off_loop
    def by_resume_code(self, code: str) -> Learner | None:
        canonical = normal_code(code)
        return self._find(learners.c.resume_hash == code_hash(self.code_key, canonical)) if canonical else None

    def _find(self, where: Any) -> Learner | None:
        with self._transaction(writes=False) as connection:
            row = connection.execute(select(learners.c.key, learners.c.resume_hash, learners.c.created_at)
                                     .where(where)).first()
        return Learner(row.key, row.created_at, row.resume_hash is not None) if row else None

    @off_loop
    def erase(self, key: str) -> bool:
        """Delete the learner and all of his; on SQLite the write-ahead log is then folded into the file and
        emptied, so his rows do not linger in it (secure_delete has zeroed them in the file)."""
        with self._transaction(writes=True) as connection:
            learner_id = connection.execute(select(learners.c.id).where(learners.c.key == key)
                                            .with_for_update()).scalar()
            if learner_id is None:
                return False
            self._delete(connection, [learner_id])
        self.checkpoint()
        return True

    @staticmethod
    def _delete(connection: Connection, ids: list[int]) -> None:
        # the foreign keys cascade too; say it plainly
        for table in (sheets, unfinished_games, games, review_items, lesson_steps):
            connection.execute(delete(table).where(table.c.learner_id.in_(ids)))
        connection.execute(delete(learners).where(learners.c.id.in_(ids)))

    @off_loop
    def checkpoint(self) -> bool:
        """SQLite: copy the write-ahead log into the database file and truncate it (True when it was done
        whole; a reader still on old pages makes it partial, and the next checkpoint finishes it)."""
        if make_url(self.url).get_backend_name() != "sqlite":
            return True
        try:
            with self.engine.connect() as connection:
                busy = connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").first()
        except (DBAPIError, SQLAlchemyError):
            return False
        return busy is not None and busy[0] == 0

    @off_loop
    def expire(self, before: datetime, batch: int = 500) -> int:
        """Remove the learners whose progress last changed before ``before``, a batch per transaction (each
        short, so answers go on meanwhile); how many were removed."""
        removed = 0
        while True:
            with self._transaction(writes=True) as connection:
                ids = list(connection.execute(select(learners.c.id).where(learners.c.updated_at < before)
                                              .order_by(learners.c.id).limit(batch)).scalars())
                if ids:
                    self._delete(connection, ids)
            removed += len(ids)
            if len(ids) < batch:
                break
        if removed:
            self.checkpoint()
        return removed

    # --- progress ------------------------------------------------------------------------------

    @off_loop
    def progress(self, key: str) -> Progress:
        with self._transaction(writes=False) as connection:
            row = connection.execute(select(learners).where(learners.c.key == key)).first()
            return self._load(connection, row) if row else Progress()

    @off_loop
    def change(self, key: str, change: Change) -> Progress:
        now = self.clock()
        with self._transaction(writes=True) as connection:
            row = self._locked(connection, key)
            before = self._load(connection, row)
            after = change(before)
            if after != before:
                bounded(after)
                self._save(connection, row.id, before, after, now)
            return after

    def _locked(self, connection: Connection, key: str) -> Any:
        row = connection.execute(select(learners).where(learners.c.key == key).with_for_update()).first()
        if row is None:
            raise UnknownLearner(f"no learner has the key {key[:8]}…")
        return row

    @staticmethod
    def _load(connection: Connection, row: Any) -> Progress:
        lessons: dict[str, dict[int, StepRecord]] = {}
        for step in connection.execute(select(lesson_steps).where(lesson_steps.c.learner_id == row.id)):
            lessons.setdefault(step.lesson_id, {})[step.step] = StepRecord(
                bool(step.done), bool(step.first_try), bool(step.missed), step.seq)
        reviews = {item.rule_id: ReviewItem(rule=item.rule_id, added=item.created_at,
                                            **{name: getattr(item, name) for name in ITEM_FIELDS})
                   for item in connection.execute(select(review_items).where(review_items.c.learner_id == row.id))}
        return Progress(MappingProxyType({lesson_id: LessonProgress(MappingProxyType(steps))
                                          for lesson_id, steps in lessons.items()}),
                        row.seq, row.reset_seq, MappingProxyType(reviews), row.last_situation)

    @staticmethod
    def _save(connection: Connection, learner_id: int, before: Progress, after: Progress, now: datetime) -> None:
        """Write what differs between ``before`` (as stored) and ``after``."""
        connection.execute(update(learners).where(learners.c.id == learner_id).values(
            seq=after.seq, reset_seq=after.reset_seq, last_situation=after.last_situation, updated_at=now))
        old = {(lesson, n): s for lesson, lp in before.lessons.items() for n, s in lp.steps.items()}
        new = {(lesson, n): s for lesson, lp in after.lessons.items() for n, s in lp.steps.items()}
        _write(connection, lesson_steps, learner_id, ("lesson_id", "step"), old, new, STEP_FIELDS, now)
        old_items = {(rule,): item for rule, item in before.reviews.items()}
        new_items = {(rule,): item for rule, item in after.reviews.items()}
        _write(connection, review_items, learner_id, ("rule_id",), old_items, new_items, ITEM_FIELDS, now,
               created=lambda item: item.added)

    # --- games ---------------------------------------------------------------------------------

    @off_loop
    def keep_game(self, key: str, game: FinishedGame, change: Change) -> bool:
        now = self.clock()
        with self._transaction(writes=True) as connection:
            row = self._locked(connection, key)
            kept = connection.execute(select(games.c.id).where(games.c.learner_id == row.id,
                                                               games.c.digest == game.digest)).first()
            if kept is not None:
                return False
            connection.execute(insert(games).values(
                learner_id=row.id, digest=game.digest, record=game.record, review=game.review,
                learner_score=game.learner_score, tutor_score=game.tutor_score, mistakes=game.mistakes,
                winner=game.winner, created_at=now))
            # The latest MAX_GAMES are kept: the oldest beyond them make way (/progress/games says so).
            beyond = list(connection.execute(select(games.c.id).where(games.c.learner_id == row.id)
                                             .order_by(games.c.id.desc()).offset(MAX_GAMES)).scalars())
            if beyond:
                connection.execute(delete(games).where(games.c.id.in_(beyond)))
            before = self._load(connection, row)
            after = change(before)
            if after != before:
                bounded(after)
                self._save(connection, row.id, before, after, now)
            else:  # a game kept is the learner's coming back too (what expiry counts from)
                connection.execute(update(learners).where(learners.c.id == row.id).values(updated_at=now))
        return True

    @off_loop
    def games(self, key: str, limit: int | None = None, before_id: int | None = None) -> list[KeptGame]:
        return self._games(key, limit=limit, before_id=before_id)

    @off_loop
    def game_count(self, key: str) -> int:
        query = select(func.count()).select_from(games.join(learners, learners.c.id == games.c.learner_id)) \
            .where(learners.c.key == key)
        with self._transaction(writes=False) as connection:
            return int(connection.execute(query).scalar_one())

    def each_game(self, key: str, batch: int = 20) -> Iterator[KeptGame]:
        """The learner's games, the latest first, read ``batch`` at a time (an export holds one batch)."""
        before_id: int | None = None
        while True:
            page = self.games(key, limit=batch, before_id=before_id)
            yield from page
            if len(page) < batch:
                return
            before_id = page[-1].id

    @off_loop
    def game(self, key: str, game_id: int) -> KeptGame | None:
        found = self._games(key, game_id)
        return found[0] if found else None

    def _games(self, key: str, game_id: int | None = None, limit: int | None = None,
               before_id: int | None = None) -> list[KeptGame]:
        query = select(games).join(learners, learners.c.id == games.c.learner_id).where(learners.c.key == key)
        if game_id is not None:
            query = query.where(games.c.id == game_id)
        if before_id is not None:
            query = query.where(games.c.id < before_id)
        with self._transaction(writes=False) as connection:
            rows = connection.execute(query.order_by(games.c.id.desc()).limit(limit)).all()
        return [KeptGame(digest=r.digest, record=r.record, review=r.review, learner_score=r.learner_score,
                         tutor_score=r.tutor_score, mistakes=r.mistakes, winner=r.winner, id=r.id,
                         created_at=r.created_at) for r in rows]

    # --- unfinished games ------------------------------------------------------------------------

    @off_loop
    def keep_unfinished(self, key: str, game: UnfinishedGame) -> None:
        now = self.clock()
        values = {"record": game.record, "deal": game.deal, "learner_score": game.learner_score,
                  "tutor_score": game.tutor_score, "updated_at": now}
        with self._transaction(writes=True) as connection:
            row = self._locked(connection, key)
            mine = unfinished_games.c.learner_id == row.id
            kept = connection.execute(select(unfinished_games.c.id).where(
                mine, unfinished_games.c.game_key == game.game_key)).scalar()
            if kept is not None:
                connection.execute(update(unfinished_games).where(unfinished_games.c.id == kept).values(**values))
                return
            connection.execute(insert(unfinished_games).values(learner_id=row.id, game_key=game.game_key,
                                                               created_at=now, **values))
            beyond = connection.execute(select(unfinished_games.c.id).where(mine).order_by(
                unfinished_games.c.updated_at.desc(), unfinished_games.c.id.desc()).offset(MAX_UNFINISHED)).scalars()
            gone = list(beyond)
            if gone:
                connection.execute(delete(unfinished_games).where(unfinished_games.c.id.in_(gone)))

    @off_loop
    def unfinished(self, key: str) -> list[KeptUnfinished]:
        query = (select(unfinished_games).join(learners, learners.c.id == unfinished_games.c.learner_id)
                 .where(learners.c.key == key)
                 .order_by(unfinished_games.c.updated_at.desc(), unfinished_games.c.id.desc()))
        with self._transaction(writes=False) as connection:
            rows = connection.execute(query).all()
        return [KeptUnfinished(game_key=r.game_key, record=r.record, deal=r.deal, learner_score=r.learner_score,
                               tutor_score=r.tutor_score, id=r.id, created_at=r.created_at,
                               updated_at=r.updated_at) for r in rows]

    @off_loop
    def close_unfinished(self, key: str, game_id: int | None = None, game_key: str | None = None) -> bool:
        if game_id is None and game_key is None:
            return False
        mine = select(learners.c.id).where(learners.c.key == key).scalar_subquery()
        where = [unfinished_games.c.learner_id == mine]
        if game_id is not None:
            where.append(unfinished_games.c.id == game_id)
        if game_key is not None:
            where.append(unfinished_games.c.game_key == game_key)
        with self._transaction(writes=True) as connection:
            return bool(connection.execute(delete(unfinished_games).where(*where)).rowcount)

    # --- score sheets --------------------------------------------------------------------------

    @off_loop
    def new_sheet(self, key: str, data: dict[str, Any]) -> KeptSheet:
        now = self.clock()
        with self._transaction(writes=True) as connection:
            row = self._locked(connection, key)
            held = connection.execute(select(func.count()).select_from(sheets).where(
                sheets.c.learner_id == row.id)).scalar_one()
            if held >= MAX_SHEETS:
                raise LearnerFull("score sheets", MAX_SHEETS)
            follow = new_follow_code()
            sheet_id = connection.execute(insert(sheets).values(
                learner_id=row.id, follow=follow, data=data, created_at=now, updated_at=now)
                .returning(sheets.c.id)).scalar_one()
        return KeptSheet(sheet_id, follow, data, now, now)

    @off_loop
    def sheets(self, key: str) -> list[KeptSheet]:
        return self._sheets(learners.c.key == key)

    @off_loop
    def sheet(self, key: str, sheet_id: int) -> KeptSheet | None:
        found = self._sheets(learners.c.key == key, sheets.c.id == sheet_id)
        return found[0] if found else None

    @off_loop
    def followed_sheet(self, follow: str) -> KeptSheet | None:
        found = self._sheets(sheets.c.follow == follow)
        return found[0] if found else None

    def _sheets(self, *where: Any) -> list[KeptSheet]:
        query = select(sheets).join(learners, learners.c.id == sheets.c.learner_id).where(*where)
        with self._transaction(writes=False) as connection:
            rows = connection.execute(query.order_by(sheets.c.updated_at.desc(), sheets.c.id.desc())).all()
        return [KeptSheet(r.id, r.follow, r.data, r.created_at, r.updated_at) for r in rows]

    @off_loop
    def change_sheet(self, key: str, sheet_id: int, change: SheetChange) -> KeptSheet:
        now = self.clock()
        with self._transaction(writes=True) as connection:
            row = self._locked(connection, key)
            found = connection.execute(select(sheets).where(sheets.c.learner_id == row.id,
                                                            sheets.c.id == sheet_id)).first()
            if found is None:
                raise UnknownSheet(f"no sheet {sheet_id} for this learner")
            data = change(found.data)
            connection.execute(update(sheets).where(sheets.c.id == sheet_id).values(data=data, updated_at=now))
        return KeptSheet(sheet_id, found.follow, data, found.created_at, now)


def _write(connection: Connection, table: Any, learner_id: int, keys: tuple[str, ...], old: dict[tuple[Any, ...], Any],
           new: dict[tuple[Any, ...], Any], fields: tuple[str, ...], now: datetime,
           created: Callable[[Any], datetime] | None = None) -> None:
    """Insert, update and delete the rows of ``table`` so that it holds ``new`` where it held ``old``."""
    def where(key: tuple[Any, ...]) -> list[Any]:
        return [table.c.learner_id == learner_id, *(table.c[name] == value for name, value in zip(keys, key,
                                                                                                    strict=True))]

    gone = [key for key in old if key not in new]
    for key in gone:
        connection.execute(delete(table).where(*where(key)))
    added = [{"learner_id": learner_id, **dict(zip(keys, key, strict=True)),
              **{name: getattr(value, name) for name in fields},
              "created_at": created(value) if created else now, "updated_at": now}
             for key, value in new.items() if key not in old]
    if added:
        connection.execute(insert(table), added)
    for key, value in new.items():
        if key in old and old[key] != value:
            connection.execute(update(table).where(*where(key)).values(
                **{name: getattr(value, name) for name in fields}, updated_at=now))


def _insert_learner(connection: Connection, key: str, now: datetime) -> int:
    """A new learner's row (no progress yet); its id."""
    learner_id: int = connection.execute(insert(learners).values(
        key=key, resume_hash=None, seq=0, reset_seq=0, last_situation=None, created_at=now,
        updated_at=now).returning(learners.c.id)).scalar_one()
    return learner_id


class _Rehearsed(Exception):  # noqa: N818 - a signal inside SqlStore.rehearse, never seen outside
    """Raised at the end of a rehearsal so that its transaction is rolled back."""


def _lock_wait(exc: StoreUnavailable) -> bool:
    """Did the database refuse because another held the lock too long (rather than being out of reach)?"""
    text = str(exc).lower()
    return "locked" in text or "lock timeout" in text or "could not obtain lock" in text


@contextmanager
def _foreign_keys_off(connection: Connection) -> Iterator[None]:
    """SQLite: foreign keys off around a migration. Alembic alters an SQLite table by copying it and dropping the
    old one, and a drop with foreign keys on deletes, by ON DELETE CASCADE, every row that names the old table:
    a learner's steps, reviews and games. The pragma works between transactions only, so it is said on the
    driver's connection before BEGIN, and said back after, whatever happened (the pool reuses the connection)."""
    if connection.dialect.name != "sqlite":
        yield
        return
    raw = connection.connection.dbapi_connection
    assert raw is not None  # a connection just checked out of the pool
    raw.execute("PRAGMA foreign_keys=OFF")
    try:
        yield
    finally:
        raw.execute("PRAGMA foreign_keys=ON")


def _check_foreign_keys(connection: Connection) -> None:
    """SQLite: before a migration commits, every row must still name a row that is there (else it rolls back)."""
    if connection.dialect.name == "sqlite":
        broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
        if broken:
            raise StoreUnavailable(f"a migration left {len(broken)} rows naming rows that are gone; it was undone")


def _first_line(exc: BaseException) -> str:
    cause = getattr(exc, "orig", None) or exc
    return (str(cause).strip().splitlines() or [type(cause).__name__])[0][:200]


__all__ = ["SqlStore", "head_revision", "make_engine", "shown_url"]
