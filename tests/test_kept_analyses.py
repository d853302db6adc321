"""What a start keeps of the data's analyses reads back as what the engine works out: the casebook's rulings and
search fields (Casebook.as_kept), the card-play steps' analyses and words (best_card.worked_out / take), and the
instance folder's store of them, made anew for other data (commands.datacheck)."""
import json

import pytest
from data_under_test import BOOK, LIBRARY

from ecarte_tutor import casebook as casebook_module
from ecarte_tutor.casebook import Casebook
from ecarte_tutor.commands import datacheck
from ecarte_tutor.engine import analysis, hidden, parting
from ecarte_tutor.lessons import grade
from ecarte_tutor.lessons.kinds import best_card


def round_trip(value):
    return json.loads(json.dumps(value))


def test_a_kept_value_is_worked_out_once_per_key(tmp_path):
    calls = []

    def work_out():
        calls.append(1)
        return {"n": len(calls)}

    assert datacheck.kept(str(tmp_path), "k1", "x.json", work_out) == {"n": 1}
    assert datacheck.kept(str(tmp_path), "k1", "x.json", work_out) == {"n": 1} and len(calls) == 1
    assert datacheck.kept(str(tmp_path), "k2", "x.json", work_out) == {"n": 2}, "other data: worked out anew"
    (tmp_path / "x.json").write_text("{not json", encoding="utf-8")
    assert datacheck.stored(str(tmp_path), "k2", "x.json") is None


def test_a_casebook_from_kept_rulings_is_the_casebook_without_asking(monkeypatch):
    asked = Casebook(LIBRARY, LIBRARY.synonyms)
    kept = round_trip(asked.as_kept())
    monkeypatch.setattr(casebook_module, "ask", lambda *a: pytest.fail("asked the engine again"))
    read = Casebook(LIBRARY, LIBRARY.synonyms, kept)
    assert [(e.scenario.id, e.answer, e.laws) for e in read.entries] == \
        [(e.scenario.id, e.answer, e.laws) for e in asked.entries]
    for query in ("two cards turned", "king", "revoke trumps"):
        assert [e.scenario.id for e in read.search(query)[0]] == [e.scenario.id for e in asked.search(query)[0]]


def test_a_case_the_kept_rulings_lack_is_asked():
    asked = Casebook(LIBRARY, LIBRARY.synonyms)
    kept = round_trip(asked.as_kept())
    missing = asked.entries[0].scenario.id
    del kept[missing]
    kept[asked.entries[1].scenario.id]["fields"] = {"title": " only one field "}  # not the search's fields
    read = Casebook(LIBRARY, LIBRARY.synonyms, kept)
    assert read.get(missing).answer == asked.get(missing).answer
    assert read._searchable[1] == asked._searchable[1]


def test_a_card_play_step_graded_from_kept_analyses_is_graded_the_same_without_weighing(monkeypatch):
    lesson, step = next((lesson, step) for lesson in LIBRARY.lessons for step in lesson.exercises
                        if step.exercise.kind == "best-card")
    exercise = step.exercise
    for name in ("_memo", "_whys", "_weighed"):
        monkeypatch.setattr(best_card, name, {})
    responses = [{"card": choice["value"]} for choice in exercise.choices]
    worked_out = [grade(exercise, response, BOOK) for response in responses]
    assert any(not feedback.correct for feedback in worked_out)
    kept = round_trip(best_card.worked_out())
    for name in ("_memo", "_whys", "_weighed"):
        monkeypatch.setattr(best_card, name, {})
    best_card.take(kept)
    for module, name in ((hidden, "weigh"), (parting, "find"), (analysis, "answer_analyse")):
        monkeypatch.setattr(module, name, lambda *a, **k: pytest.fail("analysed again"))
    assert [grade(exercise, response, BOOK) for response in responses] == worked_out
