"""Where a learner's progress lasts: lesson steps, review items with their FSRS state, finished games, unfinished ones.

The site and the commands reach it through :class:`Store` (``interface.py``) only:
``open_store(url)`` gives :class:`~.sql.SqlStore` on SQLite or PostgreSQL (SQLAlchemy 2, with the
Alembic migrations in ``migrations/``), or, for ``"memory://"``, :class:`~.memory.MemoryStore`
(unit tests of callers, and the benchmark's baseline). ``database_url(instance)`` is the address
the site uses: ``ECARTE_TUTOR_DATABASE_URL`` when set, else an SQLite file in the instance folder.
The domain (lessons, table, engine) never imports this package; pyproject's import contracts say so.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from .interface import (
    MAX_GAMES,
    FinishedGame,
    KeptGame,
    KeptSheet,
    KeptUnfinished,
    Learner,
    LearnerFull,
    Status,
    Store,
    StoreError,
    StoreUnavailable,
    UnfinishedGame,
    UnknownLearner,
    UnknownSheet,
    normal_code,
    shown_code,
)
from .offload import on_each_thread

DATABASE_URL_VARIABLE = "ECARTE_TUTOR_DATABASE_URL"
EXPIRE_DAYS_VARIABLE = "ECARTE_TUTOR_EXPIRE_DAYS"
# A learner whose progress has not changed in this many days is removed (docs/deploy.md): the cookie that
# names him lapses a year after his last change, so by then only his resume code could bring him back.
DEFAULT_EXPIRE_DAYS = 365
MAX_EXPIRE_DAYS = 36_500
SQLITE_FILE = "ecarte-tutor.sqlite3"
MEMORY = "memory://"


def database_url(instance: str | os.PathLike[str], configured: str | None = None) -> str:
    """``configured``, else ECARTE_TUTOR_DATABASE_URL, else an SQLite file in the folder ``instance``."""
    url = configured or os.environ.get(DATABASE_URL_VARIABLE, "").strip()
    return url or f"sqlite:///{Path(instance).resolve() / SQLITE_FILE}"


def expire_days(configured: object = None) -> int:
    """Days after a learner's last change that he is removed: ``configured``, else ECARTE_TUTOR_EXPIRE_DAYS,
    else :data:`DEFAULT_EXPIRE_DAYS`; StoreError, in words, for anything but a whole number of days."""
    raw = configured if configured is not None else os.environ.get(EXPIRE_DAYS_VARIABLE, "").strip() or None
    if raw is None:
        return DEFAULT_EXPIRE_DAYS
    try:
        days = int(str(raw))
    except ValueError:
        days = 0
    if not 1 <= days <= MAX_EXPIRE_DAYS:
        raise StoreError(f"{EXPIRE_DAYS_VARIABLE} must be a whole number of days from 1 to {MAX_EXPIRE_DAYS}, "
                         f"not {str(raw)[:20]!r}")
    return days


def expiry_moment(days: int, now: datetime | None = None) -> datetime:
    """Learners whose progress last changed before this moment are removed."""
    return (now or datetime.now(UTC)) - timedelta(days=days)


def open_store(url: str, clock: Callable[[], datetime] = lambda: datetime.now(UTC),
               code_key: bytes | None = None) -> Store:
    """The store at ``url``: ``memory://``, ``sqlite:///FILE`` or ``postgresql+psycopg://…``.

    ``code_key`` hashes resume codes (the site derives it from its secret key: web.keys); without it the store
    serves everything but resume codes."""
    if url == MEMORY:
        from .memory import MemoryStore

        return MemoryStore(clock, code_key)
    if not url.startswith(("sqlite:", "postgresql")):
        raise StoreError(f"{DATABASE_URL_VARIABLE} must start with sqlite:/// or postgresql+psycopg://, "
                         f"not {url.split(':', 1)[0][:20]!r}")
    from .sql import SqlStore

    return SqlStore(url, clock, code_key)


__all__ = ["database_url", "DATABASE_URL_VARIABLE", "DEFAULT_EXPIRE_DAYS", "expire_days", "EXPIRE_DAYS_VARIABLE",
           "expiry_moment", "FinishedGame", "KeptGame", "KeptSheet", "KeptUnfinished", "Learner", "LearnerFull",
           "MAX_GAMES", "MEMORY", "normal_code", "on_each_thread", "open_store", "shown_code", "Status", "Store",
           "StoreError", "StoreUnavailable", "UnfinishedGame", "UnknownLearner", "UnknownSheet"]
