"""Fixtures for the store's tests: each test gets a fresh database of each kind (see databases.py)."""
import contextlib

import pytest

from ecarte_tutor.store import open_store
from store.databases import BACKENDS, POSTGRES, SKIPPED, database

CODE_KEY = b"the key that hashes resume codes in the store's tests"


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path):
    with database(request.param, tmp_path) as url:
        yield url


@contextlib.contextmanager
def migrated(url: str):
    """The store on ``url``, migrated; closed afterwards."""
    opened = open_store(url, code_key=CODE_KEY)
    opened.upgrade()
    yield opened
    opened.close()


@pytest.fixture()
def store(database_url):
    """A store on a fresh database, migrated."""
    with migrated(database_url) as opened:
        yield opened


def pytest_terminal_summary(terminalreporter):
    if not POSTGRES:
        terminalreporter.write_line(SKIPPED, yellow=True)


@pytest.fixture()
def unmigrated(database_url):
    """The store on a fresh database, its tables not made yet; closed afterwards."""
    opened = open_store(database_url, code_key=CODE_KEY)
    yield opened
    opened.close()
