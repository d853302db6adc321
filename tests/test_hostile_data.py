"""Hostile data files are refused at once, in one printable line (issue 22, L9-L11): aliases that expand without
end, a FIFO, a file too large, titles blank or too long, control characters; and a worked case the engine answers
otherwise (a kind it does not know among them) fails `check` and stops `serve`."""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ecarte_tutor.cli import main
from ecarte_tutor.errors import DataError
from ecarte_tutor.library import defects, load_library
from ecarte_tutor.rulebook import default_rulebook
from ecarte_tutor.yamlio import LARGEST_FILE, MOST_VALUES, load_yaml

ROOT = Path(__file__).resolve().parents[1]
LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True))


def house(tmp_path, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_aliases_that_expand_without_end_are_refused_before_anything_is_built(tmp_path):
    began = time.monotonic()
    with pytest.raises(DataError, match=f"more than {MOST_VALUES:,} values through its aliases"):
        load_yaml(house(tmp_path, LAUGHS + "title: x\n"))
    assert time.monotonic() - began < 30  # minutes and gigabytes before


def test_a_few_plain_aliases_are_still_read(tmp_path):
    assert load_yaml(house(tmp_path, "a: &x [1, 2]\nb: *x\n")) == {"a": [1, 2], "b": [1, 2]}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "house.yaml"
    os.mkfifo(fifo)
    with pytest.raises(DataError, match="not a regular file"):
        load_yaml(fifo)


def test_a_file_too_large_is_refused_unread(tmp_path):
    path = tmp_path / "big.yaml"
    with path.open("wb") as file:
        file.truncate(LARGEST_FILE + 1)
    with pytest.raises(DataError, match="a data file is at most"):
        load_yaml(path)


def test_nesting_too_deep_to_read_is_a_data_error(tmp_path):
    with pytest.raises(DataError):
        load_yaml(house(tmp_path, "a: " + "[" * 100_000 + "]" * 100_000 + "\n"))


@pytest.mark.parametrize("title, words", [
    ("'   '", "not blank"),
    ("''", "not blank"),
    ("'" + "x" * 1000 + "'", "1,000 characters long; it must be at most 160"),
    ('"Club \\e[31mred\\e[2J"', "control character U+001B"),
    ('"two\\nlines of title"', "one line"),
])
def test_a_house_title_must_be_one_short_line_of_text(tmp_path, title, words):
    with pytest.raises(DataError) as caught:
        load_library(house=house(tmp_path, f"title: {title}\nprofile: london\n"))
    message = str(caught.value)
    assert words in message and "\x1b" not in message and len(message) < 600


def test_check_house_prints_no_control_character(tmp_path, capsys):
    path = house(tmp_path, 'title: "Cercle \\e]0;pwned\\a"\nprofile: london\n')
    assert main(["check", "--house", str(path)]) != 0
    out = capsys.readouterr()
    assert "\x1b" not in out.out + out.err and "\x07" not in out.out + out.err and "U+001B" in out.err


def test_the_bounds_leave_room_for_every_real_text():
    """The longest real title and statement are well within the schema's bounds (160 and 8,000 characters)."""
    book = default_rulebook()
    assert max(len(rule.title) for rule in book.rules.values()) <= 120
    assert max(len(rule.statement) for rule in book.rules.values()) <= 4000


@pytest.fixture()
def broken_data(tmp_path):
    """A copy of the data folders with one worked case of a kind the engine does not know."""
    for name in ("rules", "lessons", "scenarios"):
        shutil.copytree(ROOT / name, tmp_path / name)
    case = tmp_path / "scenarios" / "play" / "zz-unknown-kind.yaml"
    case.write_text("title: A case of no kind\ncases:\n  - id: play.zz-no-such-kind\n"
                    "    title: A question of no kind\n"
                    "    summary: A question of a kind the engine does not know is a defect.\n"
                    "    name: A question of a kind the engine does not know is a defect of the data.\n"
                    "    question: {kind: astrology, sign: leo}\n"
                    "    expect: {verdict: lucky, cites: [], laws: []}\n", encoding="utf-8")
    return tmp_path


def test_a_case_of_an_unknown_kind_is_a_defect_check_exits_non_zero(broken_data, monkeypatch, capsys):
    library = load_library(scenarios=broken_data / "scenarios")
    found = defects(library, lessons=False)
    assert len(found) == 1 and "'astrology'" in found[0] and "play.zz-no-such-kind" in found[0]
    monkeypatch.setenv("ECARTE_TUTOR_DATA", str(broken_data))
    assert main(["check"]) == 1
    assert "astrology" in capsys.readouterr().err


def test_serve_refuses_to_start_on_what_check_refuses(broken_data):
    env = dict(os.environ, ECARTE_TUTOR_DATA=str(broken_data),
               ECARTE_TUTOR_SECRET_KEY="hostile-data-test-key-5c1e9a7b3d8f2046",
               PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "ecarte_tutor.cli", "serve", "--port", "0"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "astrology" in done.stderr and "not started" in done.stderr and "serving on" not in done.stderr
