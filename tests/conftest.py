"""Shared fixtures: the bundled rule book, loaded once."""
import pytest

from ecarte_tutor.rulebook import get_rulebook


@pytest.fixture(scope="session")
def book():
    return get_rulebook()
