"""A data file's parallel translation (ecarte_tutor/datawords.py): loaded text by text, held to its English, stamped."""
from __future__ import annotations

from ecarte_tutor import datawords
from ecarte_tutor.datawords import Parallel
from ecarte_tutor.languages import parallels, problems
from ecarte_tutor.rulebook import load_rulebook

ENGLISH = """\
said:
  won: "{winner} wins game {number}."
  removed: "Removed."
errors:
  full: "A sheet holds at most {most} entries."
"""


def pair(tmp_path, french: str) -> Parallel:
    (tmp_path / "words.yaml").write_text(ENGLISH, encoding="utf-8")
    (tmp_path / "words.fr.yaml").write_text(french, encoding="utf-8")
    return Parallel(tmp_path / "words.yaml", tmp_path / "words.fr.yaml", "fr", "words.fr.yaml")


def test_a_text_not_translated_yet_is_said_in_english():
    english = {"said": {"won": "{winner} wins.", "removed": "Removed."}}
    assert datawords.translated(english, {"said": {"won": "{winner} gagne."}}) == {
        "said": {"won": "{winner} gagne.", "removed": "Removed."}}


def test_a_list_is_translated_by_position_and_held_as_texts(tmp_path):
    english = {"ordinals": ["first", "second", "third"]}
    assert datawords.translated(english, {"ordinals": ["premier", "deuxième"]}) == {
        "ordinals": ["premier", "deuxième", "third"]}
    assert datawords.flat(english) == {"ordinals.0": "first", "ordinals.1": "second", "ordinals.2": "third"}


def test_a_faithful_translation_holds_and_counts_what_is_left(tmp_path):
    parallel = pair(tmp_path, 'said:\n  won: "{winner} gagne la partie {number}."\n')
    held = datawords.problems(parallel)
    assert held.problems == [] and held.left == 2
    assert held.stale and "not stamped" in held.stale
    assert datawords.stamp(parallel) and datawords.problems(parallel).stale is None
    assert not datawords.stamp(parallel)  # stamped already: nothing to write


def test_a_wrong_slot_an_unknown_key_and_an_incomplete_complete_file_are_named(tmp_path):
    parallel = pair(tmp_path, 'complete: true\nsaid:\n  won: "{gagnant} gagne."\n  lost: "Perdu."\n')
    found = " | ".join(datawords.problems(parallel).problems)
    assert "said.won: the slots are gagnant, and number, winner in English" in found
    assert "said.lost: the English (words.yaml) has no such text" in found
    assert "complete, but errors.full, said.removed not translated" in found


def test_a_reworded_english_text_makes_the_translation_stale(tmp_path):
    parallel = pair(tmp_path, 'said:\n  removed: "Supprimée."\n')
    datawords.stamp(parallel)
    (tmp_path / "words.yaml").write_text(ENGLISH.replace("Removed.", "Struck out."), encoding="utf-8")
    assert "its English changed since it was translated" in datawords.problems(parallel).stale


def test_the_score_sheet_and_the_endings_are_held_complete_and_stamped():
    book = load_rulebook()
    for parallel in parallels(book, "fr"):
        held = datawords.problems(parallel)
        assert parallel.translated.is_file() and held.problems == [] and held.left == 0 and held.stale is None
        assert held.pairs, parallel.where
    report = problems(book)
    assert not [p for p in report.problems if "words.fr.yaml" in p or "endings.yaml" in p]
