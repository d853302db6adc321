"""Reading questions from JSON and writing answers to it (orjson).

One reader and one writer for the API and the command line, so both refuse the same
input in the same words. orjson is strict where the API wants strictness: NaN,
Infinity, numbers too large for a double, nesting deeper than 1,024 and text after
the document are all refused. An integer beyond 64 bits is read as a float, which no
field accepts, so it is refused by the field that receives it.
"""
from __future__ import annotations

import math

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


def loads(text: str) -> object:
    """The JSON value of ``text`` (a leading byte-order mark is allowed), or :class:`JsonError`."""
    return loads_utf8(text[1:] if text.startswith(BOM) else text)


def loads_utf8(data: str | bytes) -> object:
    """The JSON value of ``data`` (text, or UTF-8 bytes with no byte-order mark), or :class:`JsonError`."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise JsonError(_plain(exc.msg), exc.lineno, exc.colno) from None


def _plain(message: str) -> str:
    # orjson says "number is infinity when parsed as double": put for the person who typed it.
    if message.startswith("number is infinity"):
        return "a number is too large"
    return message


def dumps(value: object) -> bytes:
    """``value`` as UTF-8 JSON; TypeError for anything that is not JSON data, ValueError for NaN or infinity."""
    data = orjson.dumps(value)
    # orjson writes a NaN or an infinity as null; the API refuses to send one (it is a fault),
    # and only output holding a null can hide one.
    if b"null" in data and _non_finite(value):
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
