"""Where a learner's progress lasts: lesson steps, review items with their FSRS state, finished games.

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
from datetime import UTC, datetime
from pathlib import Path

from .interface import (
    FinishedGame,
    KeptGame,
    KeptSheet,
    Learner,
    Status,
    Store,
    StoreError,
    StoreUnavailable,
    UnknownLearner,
    UnknownSheet,
    normal_code,
    shown_code,
)

DATABASE_URL_VARIABLE = "ECARTE_TUTOR_DATABASE_URL"
SQLITE_FILE = "ecarte-tutor.sqlite3"
MEMORY = "memory://"


def database_url(instance: str | os.PathLike[str], configured: str | None = None) -> str:
    """``configured``, else ECARTE_TUTOR_DATABASE_URL, else an SQLite file in the folder ``instance``."""
    url = configured or os.environ.get(DATABASE_URL_VARIABLE, "").strip()
    return url or f"sqlite:///{Path(instance).resolve() / SQLITE_FILE}"


def open_store(url: str, clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> Store:
    """The store at ``url``: ``memory://``, ``sqlite:///FILE`` or ``postgresql+psycopg://…``."""
    if url == MEMORY:
        from .memory import MemoryStore

        return MemoryStore(clock)
    if not url.startswith(("sqlite:", "postgresql")):
        raise StoreError(f"{DATABASE_URL_VARIABLE} must start with sqlite:/// or postgresql+psycopg://, "
                         f"not {url.split(':', 1)[0][:20]!r}")
    from .sql import SqlStore

    return SqlStore(url, clock)


__all__ = ["DATABASE_URL_VARIABLE", "FinishedGame", "KeptGame", "KeptSheet", "Learner", "MEMORY", "Status", "Store",
           "StoreError", "StoreUnavailable", "UnknownLearner", "UnknownSheet", "database_url", "normal_code",
           "open_store", "shown_code"]
