"""The sentences still in Python are found by file and line, held to their ratchet, and named by check (issue 42)."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from ecarte_tutor import untranslated


def _package(tmp_path: Path, source: str) -> Path:
    package = tmp_path / "pkg"
    package.mkdir(exist_ok=True)
    (package / "mod.py").write_text(textwrap.dedent(source), encoding="utf-8")
    return package


def _texts(package: Path) -> list[str]:
    return [sentence.text for sentence in untranslated.found(package)]


def test_a_sentence_written_in_python_is_found_with_its_file_and_line(tmp_path):
    package = _package(tmp_path, '''
        """A module docstring of many words is documentation."""
        def refuse(card):
            """A function docstring of many words too."""
            return f"{card} may not be played here."
        ''')
    [found] = untranslated.found(package)
    assert (found.file, found.line, found.text) == ("pkg/mod.py", 5, "{…} may not be played here.")


@pytest.mark.parametrize("line", [
    'tr("%(card)s may not be played here.", card=card)',
    'trn("%(count)d card may not be played.", "%(count)d cards may not be played.", 2)',
    'trc("seat", "the elder hand (non-dealer)")',
    'log.warning("the store did not answer in time: %s", card)',
    'logging.getLogger(__name__).info("the store did not answer in time")',
    'ValueError(f"the field {card} is not a card at all")',
    'RuntimeError("this is a fault of the code, not the player")',
    'Kept("the decision rows in force, by profile and agreements")',
    'DataError(card, f"the rule {card} has no source named in the book")',
    'f"{card} may not be played here."  # for developers',
    '"short words"',
    '"ecarte_tutor/engine/hand.py"',
    '"text/plain; charset=utf-8"',
    'r"\\b(?:the|his) (?:dealer|elder(?: hand)?) (?:scores?|marks?)"',
])
def test_what_no_player_reads_or_a_catalogue_says_is_not_a_sentence(tmp_path, line):
    assert _texts(_package(tmp_path, f"def f(card, log, logging, tr, trn, trc):\n    return {line}\n")) == []


def test_a_comment_line_just_above_marks_a_developers_text(tmp_path):
    source = ('def f(say):\n    # for developers: the operator reads it at start\n'
              '    say("set the database address to one this server can reach")\n')
    assert _texts(_package(tmp_path, source)) == []
    unmarked = source.replace("# for developers", "# the operator")
    assert _texts(_package(tmp_path, unmarked)) == ["set the database address to one this server can reach"]


def test_an_assert_message_is_a_developers(tmp_path):
    assert _texts(_package(tmp_path, 'def f(x):\n    assert x, "the caller must give a card here"\n')) == []


def test_a_players_error_is_counted_though_it_is_raised(tmp_path):
    source = 'def f(QuestionError):\n    raise QuestionError("bad", "That card is not in your hand.")\n'
    package = _package(tmp_path, source)
    assert _texts(package) == ["That card is not in your hand."]


def test_the_ratchet_allows_what_it_lists_and_fails_on_a_new_sentence(tmp_path):
    package = _package(tmp_path, 'A = "The stock holds no card at all."\n')
    allowed = tmp_path / "allowed.txt"
    untranslated.write_allowed(untranslated.found(package), allowed)
    assert untranslated.problems(package, allowed) == []
    (package / "mod.py").write_text('A = "The stock holds no card at all."\nB = "A new sentence said in Python."\n',
                                    encoding="utf-8")
    [problem] = untranslated.problems(package, allowed)
    assert problem.startswith("pkg/mod.py:2: 'A new sentence said in Python.'")
    # the same text written once more is one more sentence, beyond what is allowed
    (package / "mod.py").write_text('A = "The stock holds no card at all."\nB = "The stock holds no card at all."\n',
                                    encoding="utf-8")
    assert len(untranslated.problems(package, allowed)) == 1
    # moved into the catalogue: nothing left, and the ratchet only shrinks
    (package / "mod.py").write_text('A = tr("The stock holds no card at all.")\n', encoding="utf-8")
    assert untranslated.problems(package, allowed) == []
    assert untranslated.write_allowed(untranslated.found(package), allowed) == 0


def test_the_ratchet_keeps_texts_with_quotes_dashes_and_new_lines(tmp_path):
    text = "Law 24 — «  the king »\n\tis announced\\once"
    package = _package(tmp_path, f"A = {text!r}\n")
    allowed = tmp_path / "allowed.txt"
    untranslated.write_allowed(untranslated.found(package), allowed)
    assert set(untranslated.read_allowed(allowed)) == {("pkg/mod.py", text)}


def test_the_package_writes_no_sentence_its_ratchet_does_not_allow():
    assert untranslated.problems() == []


def test_lang_counts_what_is_left_by_module(capsys):
    from ecarte_tutor.cli import main

    main(["lang"])
    out = capsys.readouterr().out
    assert "Sentences still in Python:" in out
    assert "  ecarte_tutor/lessons: " in out


def test_lang_names_each_sentence_left_by_file_and_line(capsys):
    from ecarte_tutor.cli import main

    assert main(["lang", "sentences", "ecarte_tutor/engine/disputes"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line.startswith("ecarte_tutor/engine/disputes/") for line in lines)
    assert all(line.split(":")[1].isdigit() for line in lines)


def test_a_message_the_extractor_misses_is_named(tmp_path):
    """Babel's extractor does not see a catalogue call nested in another's arguments after a literal: the message
    would never reach the catalogue, and so never be translated, without a word from check."""
    from ecarte_tutor.languages import extracted

    package = _package(tmp_path, 'def f(tr, trc, z):\n'
                                 '    return tr("That holds %(each)s.", each="; ".join(tr("if %(x)s, then", x=v)\n'
                                 '                                                         for v in z))\n')
    from babel.messages.extract import extract_from_dir

    said = [message for _file, _line, message, _comments, _context in
            extract_from_dir(str(package), [("**.py", "python")], keywords={"tr": None})]
    assert said == ["That holds %(each)s."]
    [problem] = untranslated.unextracted(said, package)
    assert problem.startswith("pkg/mod.py:2: the message 'if %(x)s, then' is not seen")
    assert untranslated.unextracted([key if isinstance(key, str) else key[0] for _c, key in extracted()]) == []
