"""The course files' words in French (rules/fr/course/, ecarte_tutor/coursewords.py): read, checked, stamped."""
from __future__ import annotations

from pathlib import Path

import pytest

from ecarte_tutor.coursewords import english_entries, fingerprint, problems, stamp, text
from ecarte_tutor.paths import rules_dir

ENGLISH = """mistakes:
  - id: ace-high
    title: The ace taken for the top card
    kinds: [rank-order]
    rule: pack.rank-order
    detect: {custom: x}
    says: >-
      You put {first} first.
"""
FRENCH = """complete: true
entries:
  ace-high:
    title: L'as pris pour la plus forte carte
    says: Vous avez mis {first} en tête.
"""


def _rules(tmp_path: Path, french: str) -> Path:
    root = tmp_path / "rules"
    (root / "course").mkdir(parents=True)
    (root / "fr" / "course").mkdir(parents=True)
    (root / "course" / "mistakes.yaml").write_text(ENGLISH, encoding="utf-8")
    (root / "fr" / "course" / "mistakes.yaml").write_text(french, encoding="utf-8")
    return root


def test_an_entry_is_keyed_by_its_id_and_only_its_words_are_translated():
    assert english_entries({"mistakes": [{"id": "a", "title": "T", "says": "S", "rule": "r", "kinds": ["k"]}]},
                           "mistakes.yaml") == {"a": {"title": "T", "says": "S"}}
    assert english_entries({"title": "Q", "sections": [{"title": "P", "lines": [{"says": "L", "rule": "r"}]}]},
                           "quick.yaml") == {"_": {"title": "Q"}, "sections.0": {"title": "P"},
                                             "sections.0.lines.0": {"says": "L"}}


def test_a_translation_stamped_holds_and_is_read(tmp_path):
    root = _rules(tmp_path, FRENCH)
    assert stamp(root, "fr") == 1 and stamp(root, "fr") == 0
    found = problems(root, "fr")
    assert found.problems == [] and found.stale == [] and found.left == {}
    assert "of: " + fingerprint({"title": "The ace taken for the top card", "says": "You put {first} first."}) in \
        (root / "fr" / "course" / "mistakes.yaml").read_text(encoding="utf-8")
    assert text(root, "fr", "mistakes.yaml", "ace-high", "says") == "Vous avez mis {first} en tête."
    assert text(root, "en", "mistakes.yaml", "ace-high", "says") is None


@pytest.mark.parametrize(("change", "named"), [
    (("{first} en tête", "{premier} en tête"), "the slots are {premier}, and {first} in English"),
    (("  ace-high:", "  ace-low:"), "has no entry 'ace-low'"),
    (("    title: L'as pris pour la plus forte carte\n", ""), "complete, but title not translated"),
    (("    says:", "    said:"), "the English has no said to translate"),
])
def test_check_names_what_does_not_follow_the_english(tmp_path, change, named):
    found = problems(_rules(tmp_path, FRENCH.replace(*change)), "fr")
    assert any(named in problem for problem in found.problems), found.problems


def test_an_unstamped_or_older_translation_is_reported_and_a_file_under_way_counted(tmp_path):
    root = _rules(tmp_path, FRENCH.replace("complete: true\n", "").replace("    title: L'as pris pour la plus forte "
                                                                          "carte\n", ""))
    found = problems(root, "fr")
    assert found.problems == [] and found.left == {"rules/course/mistakes.yaml": 1}
    assert any("not stamped" in line for line in found.stale)


def test_the_bundled_course_files_are_complete_and_hold():
    found = problems(rules_dir(), "fr")
    assert found.problems == [] and found.stale == [] and found.left == {}
