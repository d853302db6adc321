"""What a question's schema errors mean to the person who asked: the API's error objects.

Two kinds of error come out of the schema layer:

- *structural*: a field the question's kind does not have (``unknown-field``, or the code the
  schema node names in ``x-unknown-code``, such as ``unknown-fact``). These are reported at
  once, before anything else is read;
- every other error (a wrong type, a value out of range, a card that is no card, an agreement the
  book does not have) is left to the readers of the question (the kind's handler, and
  ``read_agreements``), whose messages are the precise ones; :func:`first_problem` words it for
  the rare question they let through.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from difflib import SequenceMatcher
from typing import Any

from jsonschema.exceptions import ValidationError

from ..errors import QuestionError
from .formats import Format

RULE_CODES = ("duplicate-card", "led-in-hand", "card-not-in-hand", "bad-tricks", "inconsistent-facts", "out-of-range",
              "bad-deal", "illegal-action", "not-in-play", "unfinished-trick", "no-matching-law", "conflicting-facts",
              "not-a-player", "not-playing", "pool-over", "conflicting-agreements", "agreement-not-made",
              "no-strategy")
"""The error codes a question that meets its schema may still get: rules of the game a JSON Schema cannot
state (the same card written twice in two notations, tricks that do not add up to five, a deal that is not
the pack, actions that do not reach the play, facts no law covers, a winner who was sitting out, a limit the
profile or an agreement sets, two agreements that cannot both hold)."""
CLOSE, TIE = 0.6, 0.05  # how alike a misspelt name and a real one must be (difflib's ratio), and a tie
JSON_TYPES = {"object": "an object", "array": "a list", "string": "text", "integer": "a whole number",
              "boolean": "true or false", "null": "null", "number": "a number"}


def field_path(parts: Iterable[str | int]) -> str:
    """``actions[2].card`` from the parts of a path (keys and list indexes)."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    names = {dict: "an object", list: "a list", str: "text", int: "a number", float: "a number"}
    return names.get(type(value), type(value).__name__)


def leaves(errors: Iterable[ValidationError]) -> Iterator[ValidationError]:
    """The errors that say what is wrong, looking inside anyOf (which only says no branch fitted)."""
    for error in errors:
        if error.context:
            yield from leaves(error.context)
        else:
            yield error


def _position(question: object, parts: Iterable[str | int]) -> tuple[int, ...]:
    """Where a path lies in the question, in the order its fields were written."""
    key: list[int] = []
    node = question
    for part in parts:
        if isinstance(node, dict) and part in node:
            key.append(list(node).index(part))
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            key.append(part)
            node = node[part]
        else:
            key.append(0)
    return tuple(key)


def nearest(name: object, names: Iterable[str]) -> list[str]:
    """The names closest to a misspelt one: the best, and any other as close (at most two, in ``names``' order)."""
    scored = [(SequenceMatcher(None, str(name), candidate).ratio(), candidate) for candidate in names]
    close = [(ratio, candidate) for ratio, candidate in scored if ratio >= CLOSE]
    if not close:
        return []
    best = max(ratio for ratio, _ in close)
    return [candidate for ratio, candidate in close if ratio >= best - TIE][:2]


def did_you_mean(name: object, names: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` or `` (did you mean 'x' or 'y'?)``, or nothing when no name is close."""
    near = nearest(name, names)
    return f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""


def _schema(error: ValidationError) -> Mapping[str, Any]:
    """The schema node ``error`` arose in: its keywords (none for a boolean schema)."""
    return error.schema if isinstance(error.schema, dict) else {}


def _hint(name: str, allowed: list[str], noun: str) -> str:
    return did_you_mean(name, allowed) or (f"; the {noun} are: {', '.join(allowed)}" if allowed else "")


def _unknown(error: ValidationError, question: object, kind: str) -> Iterator[tuple[tuple[int, ...], QuestionError]]:
    """(position, error object) for each field ``error`` finds that its object does not have."""
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return
    schema = _schema(error)
    allowed = list(schema.get("properties", {}))
    patterns = [re.compile(pattern) for pattern in schema.get("patternProperties", {})]
    code = schema.get("x-unknown-code", "unknown-field")
    where = field_path(error.absolute_path)
    for name in error.instance:
        if name in allowed or any(pattern.search(name) for pattern in patterns):
            continue
        field = f"{where}.{name}" if where else str(name)
        if code == "unknown-fact":
            # worded as the interview's own reader words it (engine/disputes/facts.py)
            near = nearest(name, allowed)
            hint = f" Did you mean {' or '.join(repr(n) for n in near)}?" if near else \
                f" The facts are: {', '.join(allowed)}."
            message = f"'{name}' is not a fact the referee asks about.{hint}"
        else:
            owner = f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} question" if not where else f"'{where}'"
            message = f"'{name}' is not a field of {owner}{_hint(name, allowed, 'fields')}."
        yield _position(question, [*error.absolute_path, name]), QuestionError(code, message, field)


def structural_error(errors: Iterable[ValidationError], question: object, kind: str) -> QuestionError | None:
    """The first unknown field, in the order the question was written; None when there is none."""
    found: list[tuple[tuple[int, ...], QuestionError]] = []
    for error in leaves(errors):
        found.extend(_unknown(error, question, kind))
    return min(found, key=lambda pair: pair[0])[1] if found else None


def first_problem(errors: Iterable[ValidationError], question: object, formats: Mapping[str, Format]) -> QuestionError:
    """The first of the other errors, worded for the person who asked."""
    found = list(leaves(errors))
    # a branch of anyOf meant for another type of value ("a card, or null") says nothing of this one
    typed = [e for e in found if not (e.validator == "type" and e.parent is not None)] or found
    error = min(typed, key=lambda e: _position(question, e.absolute_path))
    parts = list(error.absolute_path)
    field = field_path(parts) or None
    name = field or "the question"
    schema = _schema(error)
    value: object = error.instance  # the value in the question
    keyword: object = error.validator_value  # the value of the keyword it breaks, in the schema
    if error.validator == "required" and isinstance(value, dict) and isinstance(keyword, list):
        missing = next(n for n in keyword if n not in value)
        where = f"{field}.{missing}" if field else missing
        owner = "The question" if not field else f"'{field}'"
        return QuestionError("missing-field", f"{owner} needs the field '{missing}'.", where)
    notation = formats.get(schema.get("format", ""))
    if error.validator in ("format", "pattern", "maxLength") and notation is not None and field is not None:
        return notation.error(value, field)  # the engine's own words for a card, suit, seat, profile
    if error.validator == "type":
        wanted = keyword if isinstance(keyword, list) else [keyword]
        words = " or ".join(JSON_TYPES.get(str(t), str(t)) for t in wanted)
        return QuestionError("bad-field", f"'{name}' must be {words}, not {json_type(value)}.", field)
    if error.validator in ("minimum", "maximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        span = f"from {low} to {high}" if low is not None and high is not None else \
            (f"at least {low}" if low is not None else f"at most {high}")
        return QuestionError("out-of-range", f"'{name}' must be {span}, got {value}.", field)
    if error.validator == "uniqueItems" and isinstance(value, list):
        for i, item in enumerate(value):
            if item in value[:i]:
                first = value.index(item)
                return QuestionError("duplicate-card", f"{item} appears twice in '{name}' (positions {first} "
                                                       f"and {i}); a pack holds each card once.", f"{field}[{i}]")
    code = "bad-fact-value" if parts[:1] == ["facts"] else "bad-field"
    if error.validator in ("enum", "const"):
        wanted = keyword if error.validator == "enum" and isinstance(keyword, list) else [keyword]
        return QuestionError(code, f"'{name}' must be one of {', '.join(json.dumps(w) for w in wanted)}, not "
                                   f"{json.dumps(value)}.", field)
    described = schema.get("description")
    if error.validator == "pattern" and described:
        return QuestionError(code, f"'{name}' ({json.dumps(value, ensure_ascii=False)}) is not {described[0].lower()}"
                                   f"{described[1:].rstrip('.')}.", field)
    return QuestionError(code, f"'{name}': {error.message}.", field)
