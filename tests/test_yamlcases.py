"""The worked cases and lessons of one file, run with their lines: ``ecarte-tutor check FILE`` and the pytest items."""
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from ecarte_tutor.cli import main
from ecarte_tutor.yamlcases import failed, run_file

ROOT = Path(__file__).parents[1]

CASES = textwrap.dedent("""\
    title: Two cases, one stated wrongly
    cases:
      - id: right.follow
        title: The diamonds are legal
        summary: You hold diamonds, so you follow suit.
        name: Against K♦ with Q♦ 8♦ K♠ 7♣ the diamonds are legal.
        question: {kind: play, trump: C, led: KD, hand: [QD, 8D, KS, 7C]}
        expect:
          {legal_cards: [QD, 8D], cites: [play.follow-suit, play.head-the-trick, pack.rank-order, law.43], laws: [43]}
      - id: wrong.trump
        title: The trump alone is legal
        summary: This case states its answer wrongly.
        name: A case whose expectation is wrong, on line 10.
        question: {kind: play, trump: C, led: KD, hand: [QD, 8D, KS, 7C]}
        expect:
          {legal_cards: [7C], cites: [play.follow-suit, play.head-the-trick, pack.rank-order, law.43], laws: [43]}
    """)


def test_every_case_of_a_file_runs_with_its_line(book):
    runs = run_file(ROOT / "scenarios/disputes/dealing.yaml", book, "scenarios/disputes/dealing.yaml")
    assert len(runs) > 10 and failed(runs) == []
    lines = (ROOT / "scenarios/disputes/dealing.yaml").read_text(encoding="utf-8").splitlines()
    assert all(lines[run.line - 1].strip() == f"- id: {run.name}" for run in runs)


def test_a_wrong_case_is_named_by_file_line_and_what_differs(book, tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text(CASES, encoding="utf-8")
    [wrong] = failed(run_file(path, book, "two.yaml"))
    assert (wrong.file, wrong.line, wrong.name) == ("two.yaml", 10, "wrong.trump")
    assert wrong.report().startswith("two.yaml:10: wrong.trump\n  legal_cards: expected ['7C'], got")


def test_each_step_of_a_lesson_runs_with_its_line(book):
    runs = run_file(ROOT / "lessons/07-following-and-trumping.yaml", book)
    assert failed(runs) == [] and runs[0].name.startswith("step 1: ") and runs[-1].name == "the lesson as a whole"
    lines = (ROOT / "lessons/07-following-and-trumping.yaml").read_text(encoding="utf-8").splitlines()
    assert all(lines[run.line - 1].lstrip().startswith("- title:") for run in runs[:-1])


def test_check_runs_one_file(capsys, tmp_path):
    assert main(["check", "scenarios/disputes/dealing.yaml"]) == 0
    assert "scenarios/disputes/dealing.yaml:" in capsys.readouterr().out
    path = tmp_path / "two.yaml"
    path.write_text(CASES, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path.as_posix()}:10: wrong.trump" in err and "legal_cards: expected" in err
    assert main(["check", str(tmp_path / "none.yaml")]) == 1
    assert "cannot be read" in capsys.readouterr().err


def test_check_refuses_a_file_that_holds_neither_cases_nor_steps(capsys):
    assert main(["check", "rules/play.yaml"]) == 1
    assert "neither a file of worked cases" in capsys.readouterr().err


def test_pytest_collects_the_yaml_and_names_a_failure_by_its_line(tmp_path):
    shutil.copyfile(ROOT / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "scenarios" / "play").mkdir(parents=True)
    (tmp_path / "scenarios" / "play" / "two.yaml").write_text(CASES, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "scenarios"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout
    assert "1 failed, 1 passed" in done.stdout
    assert "scenarios/play/two.yaml:10: wrong.trump" in done.stdout
    assert "legal_cards: expected ['7C']" in done.stdout
