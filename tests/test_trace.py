"""Where each rule is used (ecarte_tutor.trace): every place named is real, and the uses a newcomer needs are there."""
import json
import re
from pathlib import Path

import pytest
from data_under_test import LIBRARY

from ecarte_tutor.cli import main
from ecarte_tutor.trace import ROW_FINDER, Trace

ROOT = Path(__file__).parents[1]


@pytest.fixture(scope="module")
def trace():
    return Trace(LIBRARY)


def line_of(place):
    file, line = place.rsplit(":", 1)
    return (ROOT / file).read_text(encoding="utf-8").splitlines()[int(line) - 1]


def test_a_rule_is_traced_from_its_entry_to_its_code_cases_lessons_and_drill(trace):
    found = trace.rule("play.head-the-trick")
    assert found.entry.place.startswith("rules/play.yaml:") and "id: play.head-the-trick" in line_of(found.entry.place)
    duty = next(use for use in found.code if use.what == "ecarte_tutor.engine.play.duty")
    assert line_of(duty.place).startswith("def duty(")
    assert any(use.what.startswith("07-following-and-trumping step") and "teaches it" in use.what
               for use in found.lessons)
    assert any(use.place.startswith("scenarios/play/duties.yaml:") for use in found.cases)
    assert [use.url for use in found.drills] == ["/lessons/practice/play.head-the-trick/1"]
    assert found.rows == ()
    # what a newcomer opens, beside the index: the entry, the code that decides, the lesson that teaches it
    files = found.files()
    assert files[0] == "rules/play.yaml"
    assert {"ecarte_tutor/engine/play.py", "lessons/07-following-and-trumping.yaml"} <= set(files)


def test_a_law_is_traced_to_its_rows_the_interview_and_the_tables_drill(trace):
    found = trace.law(17)
    assert found.rule_id == "law.17" and "id: law.17" in line_of(found.entry.place)
    own = [use for use in found.rows if use.what.startswith("law.17/")]
    assert own and all("case: " in line_of(use.place) and use.what.split("/")[1] in line_of(use.place) for use in own)
    assert any(use.what.startswith("law.9/") for use in found.rows), "another law's row that sends to law 17"
    assert found.code[-1].what.startswith(ROW_FINDER) and line_of(found.code[-1].place).startswith("def next_step(")
    assert "/play/new?drills=dealer-six" in [use.url for use in found.drills]
    assert any(use.what == "dispute.law-17.dealer-six-took-up-hand-may-look" for use in found.cases)
    assert [use.url for use in found.pages] == ["/rules/law.17", "/laws/17"]
    assert {"rules/laws/dealing.yaml", "ecarte_tutor/engine/disputes/interview.py", "ecarte_tutor/table/drills.py",
            "lessons/11-misdeals-and-wrong-hand-sizes.yaml"} <= set(found.files())


def test_every_place_of_every_rule_is_a_line_that_names_it(trace):
    for rule_id in LIBRARY.book.rules:
        found = trace.rule(rule_id)
        assert f"id: {rule_id}" in line_of(found.entry.place)
        for _, uses in found.sections():
            for use in uses:
                if use.place:
                    assert use.place.rsplit(":", 1)[1] != "0", (rule_id, use)
                    line = line_of(use.place)
                    assert line.strip(), (rule_id, use)
                    if use.place.startswith("scenarios/"):
                        assert use.what in line, (rule_id, use, line)


def test_a_case_is_listed_under_every_rule_its_answer_cites(trace):
    case = next(c for c in LIBRARY.scenarios if c.question.get("kind") == "play")
    answer = trace._answers[case.id]
    for rule_id in answer["cites"]:
        assert case.id in [use.what for use in trace.rule(rule_id).cases]


def test_rules_trace_on_the_command_line(capsys):
    assert main(["rules", "play.head-the-trick", "--trace"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"Rule book: rules/play\.yaml:\d+", out)
    assert re.search(r"ecarte_tutor/engine/play\.py:\d+  ecarte_tutor\.engine\.play\.duty", out)
    assert main(["rules", "17", "--trace", "--json"]) == 0
    [law] = json.loads(capsys.readouterr().out)
    assert law["rule_id"] == "law.17" and law["drills"] and law["rows"]


def test_a_stored_index_reads_back_as_the_one_worked_out(trace):
    """serve keeps the whole index as JSON (commands.datacheck) and later starts load it: nothing may change."""
    stored = json.loads(json.dumps(trace.every_rule()))
    loaded = Trace(LIBRARY)
    loaded.load(stored)
    for rule_id in LIBRARY.book.rules:
        assert loaded.rule(rule_id) == trace.rule(rule_id)
