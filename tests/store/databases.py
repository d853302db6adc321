"""The real databases the store's tests run against: an SQLite file, and PostgreSQL when a server is given.

``.ci/run`` starts a throwaway PostgreSQL server and passes its address in
ECARTE_TUTOR_TEST_POSTGRES_URL. Without it the PostgreSQL tests are skipped, and say so in the
summary; under CI (CI=1 or true) they fail instead, so a CI that lost its server cannot pass.
"""
from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from ecarte_tutor.store import open_store

POSTGRES_VARIABLE = "ECARTE_TUTOR_TEST_POSTGRES_URL"
POSTGRES = os.environ.get(POSTGRES_VARIABLE, "").strip()
IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
BACKENDS = ["sqlite", "postgresql"]
SKIPPED = (f"PostgreSQL tests skipped: {POSTGRES_VARIABLE} is not set (.ci/run starts a throwaway server; by hand: "
           'eval "$(.ci/postgres start)")')


def need_postgres() -> str:
    """The server's address, or skip (fail under CI) saying why."""
    if not POSTGRES:
        if IN_CI:
            pytest.fail(f"CI is set but {POSTGRES_VARIABLE} is not: .ci/run must start PostgreSQL for the tests")
        pytest.skip(SKIPPED)
    return POSTGRES


@contextlib.contextmanager
def fresh_postgres() -> Iterator[str]:
    """A new, empty database on the test server, dropped afterwards."""
    server = make_url(need_postgres())
    name = f"ecarte_test_{secrets.token_hex(6)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield server.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@contextlib.contextmanager
def database(backend: str, folder) -> Iterator[str]:
    """The address of a fresh, empty database of ``backend`` ("sqlite" in ``folder``, or "postgresql")."""
    if backend == "sqlite":
        yield f"sqlite:///{folder}/store.sqlite3"
    else:
        with fresh_postgres() as url:
            yield url


def a_learner_last_seen(url: str, days_ago: int) -> str:
    """The key of a new learner on ``url`` (migrated first if need be) whose progress last changed ``days_ago``."""
    store = open_store(url, lambda: datetime.now(UTC) - timedelta(days=days_ago))
    try:
        store.upgrade()
        return store.new_learner().key
    finally:
        store.close()
