"""The three kinds of failure: bad notation, bad data files, bad questions."""
from __future__ import annotations

import json
import reprlib
from os import PathLike
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only: importing the cards loads nothing more
    from .jsontypes import Answer


class CardNotationError(ValueError):
    """A string is not a card (or suit) in any notation the tutor reads."""


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``): safe to print on a terminal."""
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii") for c in text)


class DataError(Exception):
    """A rule, lesson or scenario file is broken; the message names file, id and key.

    The message is one printable line, cut to a bound: it may quote what the file holds.
    """

    def __init__(self, path: str | PathLike[str], message: str, rule_id: str | None = None, key: str | None = None):
        self.path = str(path)
        self.rule_id = rule_id
        self.key = key
        where = self.path
        if rule_id:
            where += f" › {rule_id}"
        if key:
            where += f" › {key}"
        super().__init__(cut(printable(f"{where}: {message}"), LONGEST_MESSAGE))


EXCERPT = 40
"""The most of a value an error message repeats: enough to recognise it, never the whole of a long one."""
LONGEST_MESSAGE = 4000
LONGEST_FIELD = 200


class _AsTyped(reprlib.Repr):
    """Values as the asker wrote them in JSON: true, false, null, ["JS"]; a string alone keeps its quotes."""

    def repr_bool(self, x: bool, level: int) -> str:
        return "true" if x else "false"

    def repr_NoneType(self, x: None, level: int) -> str:  # noqa: N802 (reprlib dispatches on the type's name)
        return "null"

    def repr_str(self, x: str, level: int) -> str:
        if level < self.maxlevel:  # inside a list or an object: JSON's double quotes
            return json.dumps(x[:self.maxstring], ensure_ascii=False)
        return super().repr_str(x, level)


_SHORT = _AsTyped()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = EXCERPT
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict = 2, 4, 4


def excerpt(value: object) -> str:
    """``repr(value)`` when short; else its beginning, with the length of a long text (no deep or long value echoed).

    reprlib stops at a depth and a number of items, so a value nested a thousand deep, or a number
    of thousands of digits, costs nothing to describe.
    """
    if isinstance(value, str) and len(value) > EXCERPT:
        return f"{value[:EXCERPT]!r}… ({len(value):,} characters)"
    return _SHORT.repr(value)


def cut(text: str, limit: int) -> str:
    """``text``, or its first ``limit`` characters and an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "…"


class QuestionError(Exception):
    """A question cannot be answered as asked; becomes the API's error object.

    The message and the field are cut to a bound: every message quotes what it echoes through
    :func:`excerpt`, and this is the net for a field path built of long names.
    """

    def __init__(self, code: str, message: str, field: str | None = None, clash: list[str] | None = None):
        message = cut(message, LONGEST_MESSAGE)
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = None if field is None else cut(field, LONGEST_FIELD)
        self.clash = clash  # conflicting-facts: the fewest facts given that cannot all be true together

    def to_answer(self) -> Answer:
        error: dict[str, object] = {"code": self.code, "message": self.message, "field": self.field}
        if self.clash is not None:
            error["clash"] = self.clash
        return {"error": error}


class StartError(Exception):
    """The site cannot start as configured (a weak secret key, a database it cannot reach): the message
    says what is wrong and how to put it right, in one line."""
