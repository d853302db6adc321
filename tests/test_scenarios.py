"""Every worked case in scenarios/ gets the answer it states."""
import pytest
from data_under_test import LIBRARY

from ecarte_tutor import ask
from ecarte_tutor.scenarios import mismatches

CASES = LIBRARY.scenarios


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_scenario(case, book):
    answer = ask(case.question, book)
    assert mismatches(case.expect, answer) == [], f"{case.file}: {case.name}\nanswer: {answer}"
