"""``ecarte-tutor coverage`` on the fixture data root (tests/data/laws-fixture)."""
import argparse
import json
import shutil

import pytest
from laws_fixture import FIXTURE

from ecarte_tutor.commands import coverage as command
from ecarte_tutor.library import load_library
from ecarte_tutor.trace import law_coverage, uncovered_remedies


def run(*argv):
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    return command.run(parser.parse_args(list(argv)))


def fixture_args(scenarios=FIXTURE / "scenarios", lessons=FIXTURE / "lessons"):
    return ["--rules", str(FIXTURE / "rules"), "--scenarios", str(scenarios), "--lessons", str(lessons)]


@pytest.fixture(scope="module")
def rows():
    library = load_library(FIXTURE / "rules", FIXTURE / "lessons", FIXTURE / "scenarios")
    return {row.law: row for row in law_coverage(library)}


def test_one_row_per_law(rows):
    assert sorted(rows) == list(range(1, 52))
    assert rows[12].in_book is False and rows[12].title is None


def test_expected_laws_count(rows):
    assert rows[17].scenarios == ["fixture.dealer-seven-cards"]
    assert rows[19].scenarios == ["fixture.elder-six-cards", "fixture.dealer-seven-cards"]


def test_dispute_ruling_laws_count(rows):
    # fixture.overscore-french expects only its case; law 51 comes from the ruling's laws
    assert "fixture.overscore-french" in rows[51].scenarios


def test_pack_answer_laws_count(rows):
    assert rows[6].scenarios == ["fixture.pack-missing-card"]
    assert "fixture.pack-missing-card" in rows[44].scenarios


def test_a_lesson_covers_the_laws_its_steps_cite(rows):
    assert rows[4].lessons == ["01-fixture"] and rows[7].lessons == ["01-fixture"]
    assert rows[45].lessons == ["01-fixture"]
    assert rows[11].lessons == []


def test_every_remedy_covered_exits_0(rows, capsys):
    assert uncovered_remedies(list(rows.values())) == []
    assert run(*fixture_args()) == 0
    out = capsys.readouterr().out
    assert "fixture.dealer-seven-cards" in out and "not in the rule book" in out


def test_uncovered_remedy_exits_1_naming_it(tmp_path, capsys):
    scenarios = tmp_path / "scenarios"
    shutil.copytree(FIXTURE / "scenarios", scenarios)
    path = scenarios / "disputes" / "fixture.yaml"
    document = path.read_text(encoding="utf-8")
    # drop both overscore cases: law 51 (a remedy) loses its scenarios
    kept = [block for block in document.split("\n  - id: ") if "overscore" not in block]
    path.write_text("\n  - id: ".join(kept), encoding="utf-8")
    (tmp_path / "no-lessons").mkdir()
    assert run(*fixture_args(scenarios, tmp_path / "no-lessons")) == 1
    err = capsys.readouterr().err
    assert "law 51" in err and "law 17" not in err


def test_json_output(capsys):
    assert run(*fixture_args(), "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["uncovered_remedies"] == []
    law17 = next(item for item in data["laws"] if item["law"] == 17)
    assert law17 == {"law": 17, "title": "The dealer holds too many cards", "in_book": True, "remedy": True,
                     "scenarios": ["fixture.dealer-seven-cards"], "lessons": []}
    assert 12 in data["not_in_rule_book"]
