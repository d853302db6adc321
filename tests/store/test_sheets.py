"""Score sheets in the store, on SQLite and PostgreSQL: kept under their learner, changed whole, followed, erased."""
import pytest
from sqlalchemy import func, select

from ecarte_tutor.store import LearnerFull, UnknownLearner, UnknownSheet, memory, sql
from ecarte_tutor.store.memory import MemoryStore
from ecarte_tutor.store.schema import sheets
from store.conftest import migrated
from store.databases import BACKENDS, database

SHEET = {"format": 1, "players": ["Anne", "Bob"], "profile": "london", "agreements": [], "match": "game",
         "first_dealer": "Anne", "started": "2026-12-07T10:00:00+00:00", "entries": []}


def entry(n):
    return {"n": n, "versions": [{"did": "entered", "at": "2026-12-07T10:05:00+00:00", "entry": {"kind": "hand"},
                                  "law": None, "agreed": False, "admitted": False}]}


def add(data, n):
    return {**data, "entries": [*data["entries"], entry(n)]}


@pytest.fixture(params=[*BACKENDS, "memory"])
def any_store(request, tmp_path):
    """The SQL store on a fresh database of each kind, migrated, and the memory store (once: it has no database)."""
    if request.param == "memory":
        yield MemoryStore()
        return
    with database(request.param, tmp_path) as url, migrated(url) as opened:
        yield opened


def test_a_sheet_is_kept_whole_under_its_learner_and_no_other(any_store):
    key, other = any_store.new_learner().key, any_store.new_learner().key
    kept = any_store.new_sheet(key, SHEET)
    assert kept.data == SHEET and kept.created_at.tzinfo is not None
    assert any_store.sheet(key, kept.id) == kept
    assert any_store.sheet(other, kept.id) is None, "another learner's sheet is not his"
    assert any_store.sheets(other) == []
    assert [s.id for s in any_store.sheets(key)] == [kept.id]


def test_a_change_is_kept_and_the_latest_changed_sheet_comes_first(any_store):
    key = any_store.new_learner().key
    first, second = any_store.new_sheet(key, SHEET), any_store.new_sheet(key, SHEET)
    changed = any_store.change_sheet(key, first.id, lambda data: add(data, 1))
    assert changed.data["entries"] == [entry(1)] and changed.follow == first.follow
    assert any_store.sheet(key, first.id).data == changed.data
    assert [s.id for s in any_store.sheets(key)][0] in (first.id, second.id)
    assert any_store.sheet(key, second.id).data == SHEET, "the other sheet is untouched"


def test_a_change_that_fails_keeps_nothing(any_store):
    key = any_store.new_learner().key
    kept = any_store.new_sheet(key, SHEET)

    def refuse(data):
        data["entries"].append(entry(9))
        raise ValueError("refused")

    with pytest.raises(ValueError):
        any_store.change_sheet(key, kept.id, refuse)
    assert any_store.sheet(key, kept.id).data == SHEET


def test_a_sheet_is_followed_by_its_code_alone(any_store):
    key = any_store.new_learner().key
    kept = any_store.new_sheet(key, SHEET)
    assert len(kept.follow) >= 20 and any_store.by_resume_code(kept.follow) is None, "not a resume code"
    assert any_store.followed_sheet(kept.follow).id == kept.id
    assert any_store.followed_sheet(kept.follow[:-1] + "x") is None


def test_unknown_learners_and_sheets_are_clear_errors(any_store):
    key = any_store.new_learner().key
    with pytest.raises(UnknownLearner):
        any_store.new_sheet("0" * 32, SHEET)
    with pytest.raises(UnknownSheet):
        any_store.change_sheet(key, 12345, lambda data: data)


def test_erasing_a_learner_erases_his_sheets_and_no_one_elses(store):
    key, other = store.new_learner().key, store.new_learner().key
    mine, theirs = store.new_sheet(key, SHEET), store.new_sheet(other, SHEET)
    assert store.erase(key)
    assert store.sheets(key) == [] and store.followed_sheet(mine.follow) is None
    assert store.followed_sheet(theirs.follow).id == theirs.id
    with store.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(sheets)).scalar_one() == 1


def test_a_learner_keeps_at_most_so_many_sheets_and_a_new_one_past_them_is_refused(any_store, monkeypatch):
    """Issue 40: sheets are bounded per learner like games and reviews; the one past the cap keeps nothing."""
    monkeypatch.setattr(sql, "MAX_SHEETS", 2)
    monkeypatch.setattr(memory, "MAX_SHEETS", 2)
    key, other = any_store.new_learner().key, any_store.new_learner().key
    any_store.new_sheet(key, SHEET)
    any_store.new_sheet(key, SHEET)
    with pytest.raises(LearnerFull, match="at most 2 score sheets"):
        any_store.new_sheet(key, SHEET)
    assert len(any_store.sheets(key)) == 2
    assert any_store.new_sheet(other, SHEET).data == SHEET, "another learner's count is his own"
