"""Reading questions from JSON and writing answers to it (orjson).

One reader and one writer for the API and the command line, so both refuse the same
input in the same words. orjson is strict where the API wants strictness: NaN,
Infinity, numbers too large for a double, nesting deeper than 1,024 and text after
the document are all refused. An integer beyond 64 bits is read as a float, which no
field accepts, so it is refused by the field that receives it. orjson keeps the last of two
equal keys in an object; here a key written twice is refused, as the YAML loader refuses it, with
:class:`RepeatedKey`: the text is JSON, but no question object (RFC 8259, section 4: the names
within an object should be unique, and a reader that keeps one of them guesses what was meant).
"""
from __future__ import annotations

import json
import math
import re

import orjson

BOM = "\ufeff"


class JsonError(ValueError):
    """Text that is not one JSON document: ``reason``, at ``line`` and ``column`` (from 1)."""

    def __init__(self, reason: str, line: int, column: int):
        self.reason, self.line, self.column = reason, line, column
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return f"{self.reason} at line {self.line}, column {self.column}"


class RepeatedKey(JsonError):
    """JSON text holding an object with a key written twice: JSON, but not a valid question object."""


def loads(text: str) -> object:
    """The JSON value of ``text`` (a leading byte-order mark is allowed), or :class:`JsonError`."""
    return loads_utf8(text[1:] if text.startswith(BOM) else text)


def loads_utf8(data: str | bytes) -> object:
    """The JSON value of ``data`` (text, or UTF-8 bytes with no byte-order mark), or :class:`JsonError`."""
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise JsonError(_plain(exc.msg), exc.lineno, exc.colno) from None
    # Every member of an object has a colon of its own: as many colons as keys read, and none was
    # written twice. More colons (one inside a text, or a repeated key) are looked at closely.
    colons = data.count(b":") if isinstance(data, bytes) else data.count(":")
    if colons > (len(value) if type(value) is dict else 0):  # noqa: E721 - exact type
        try:
            members = _members(value)
        except RecursionError:  # nested deeper than Python recurses: the slow reader decides
            members = -1
        if colons > members:
            _refuse_repeated_keys(data if isinstance(data, str) else data.decode("utf-8"))
    return value


def _members(value: object) -> int:
    """How many object members ``value`` holds, at any depth."""
    count = 0
    if type(value) is dict:  # noqa: E721 - orjson makes exactly these types
        count = len(value)
        for item in value.values():
            if type(item) is dict or type(item) is list:  # noqa: E721
                count += _members(item)
    elif type(value) is list:  # noqa: E721
        for item in value:
            if type(item) is dict or type(item) is list:  # noqa: E721
                count += _members(item)
    return count


def _refuse_repeated_keys(text: str) -> None:
    """Raise :class:`RepeatedKey` at the second writing of a key repeated in one object of ``text`` (valid JSON)."""
    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        seen: set[str] = set()
        for key, _ in items:
            if key in seen:
                raise _Repeated(key)
            seen.add(key)
        return dict(items)

    try:
        json.loads(text, object_pairs_hook=pairs)
    except _Repeated as repeated:
        found = list(re.finditer(re.escape(json.dumps(repeated.key, ensure_ascii=False)) + r"\s*:", text))
        at = found[1].start() if len(found) > 1 else 0
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        shown = repeated.key if len(repeated.key) <= 40 else repeated.key[:40] + "…"
        raise RepeatedKey(f"the key {json.dumps(shown, ensure_ascii=False)} appears twice in one object", line,
                          column) from None
    except (ValueError, RecursionError):
        return  # orjson read it; a depth the stdlib reader cannot follow holds nothing to refuse here


class _Repeated(Exception):  # noqa: N818 - a signal inside _refuse_repeated_keys, never seen outside
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _plain(message: str) -> str:
    # orjson says "number is infinity when parsed as double": put for the person who typed it.
    if message.startswith("number is infinity"):
        return "a number is too large"
    return message


def dumps(value: object) -> bytes:
    """``value`` as UTF-8 JSON; TypeError for anything that is not JSON data, ValueError for NaN or infinity."""
    data = orjson.dumps(value)
    # orjson writes a NaN or an infinity as null; the API refuses to send one (it is a fault),
    # and only output holding a null can hide one. find(), not ``in``: CPython's ``in`` on bytes
    # first tries the operand as an integer and formats a TypeError for it, a fifth of orjson's
    # own work on every answer (counted under callgrind).
    if data.find(b"null") != -1 and _non_finite(value):
        raise ValueError("the value holds a number that is not finite")
    return data


def _non_finite(value: object) -> bool:
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, dict):
        return any(_non_finite(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return any(_non_finite(item) for item in value)
    return False
