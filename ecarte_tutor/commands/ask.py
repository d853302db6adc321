"""``ecarte-tutor ask [FILE]``: one JSON question, or JSON Lines, in; one JSON answer a line out.

Exit 0 when every question was understood (an illegal play is an answer), 2 when
any was malformed; its line is an error object. ``--help`` lists the kinds and points to
docs/api.md.
"""
from __future__ import annotations

import argparse
import sys

from .. import jsonio
from ..asking import ask
from ..engine.kinds import KINDS
from ..errors import QuestionError
from ..i18n import LANGS


def add_arguments(parser) -> None:
    parser.add_argument("file", nargs="?", help="a file of questions (default, or -: standard input)")
    # The language of every answer whose question names none (a question's own "lang" wins): the CLI's --lang.
    parser.add_argument("--lang", choices=LANGS, default=None,
                        help="the language of the answers' words, for questions without their own 'lang' "
                             f"({', '.join(LANGS)}; default en)")
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "\n".join([
        "kinds of question (the field 'kind'):",
        *(f"  {kind.name:<10} {kind.asks}" for kind in KINDS.values()),
        "",
        "Every kind, field, dispute fact, option and error code: docs/api.md (in the repository).",
        'Example: echo \'{"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S"]}\' | ecarte-tutor ask',
    ])


def _questions(text: str):
    """Yield parsed questions, or QuestionError for a line that is not JSON."""
    stripped = text.strip()
    if not stripped:
        yield QuestionError("empty-input", "No question was given: send one JSON object, or one per line.")
        return
    try:
        yield jsonio.loads(stripped)
        return
    except jsonio.RepeatedKey as exc:  # one JSON document, but an object in it writes a key twice
        yield QuestionError("invalid-json", f"The question is JSON but no valid question: {exc.message}; write "
                                            "each key of an object once.")
        return
    except jsonio.JsonError:  # not one document: perhaps JSON Lines
        pass
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield jsonio.loads(line)
        except jsonio.RepeatedKey as exc:
            yield QuestionError("invalid-json", f"Line {number} is JSON but no valid question: {exc.reason} at "
                                                f"column {exc.column}; write each key of an object once.",
                                f"line {number}")
        except jsonio.JsonError as exc:
            yield QuestionError("bad-json", f"Line {number} is not valid JSON: {exc.reason} at column {exc.column}.",
                                f"line {number}")


def run(args) -> int:
    try:
        if args.file and args.file != "-":  # "-" is standard input, as for most command-line tools
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        else:
            text = sys.stdin.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(jsonio.dumps(QuestionError("unreadable-input", f"Cannot read the questions: {exc}.").to_answer())
              .decode("utf-8"))
        return 2
    status = 0
    lang = getattr(args, "lang", None)
    for question in _questions(text):
        if isinstance(question, QuestionError):
            answer = question.to_answer()
        else:
            if lang and isinstance(question, dict) and question.get("lang") is None:
                question = {**question, "lang": lang}
            answer = ask(question)
        if "error" in answer:
            status = 2
        print(jsonio.dumps(answer).decode("utf-8"))
    return status
