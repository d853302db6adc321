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
from collections.abc import Hashable, Iterable, Iterator, Mapping
from difflib import SequenceMatcher
from typing import Any

from jsonschema.exceptions import ValidationError

from ..errors import EXCERPT, QuestionError, cut, excerpt
from ..i18n import marked, tr, trc
from .formats import Format

RULE_CODES = ("duplicate-card", "led-in-hand", "card-not-in-hand", "bad-tricks", "inconsistent-facts", "out-of-range",
              "bad-deal", "illegal-action", "not-in-play", "unexplained-exchange", "unfinished-trick",
              "no-matching-law", "conflicting-facts", "not-a-player", "same-player", "not-playing", "pool-over",
              "conflicting-agreements", "agreement-not-made", "no-strategy", "not-to-act")
"""The error codes a question that meets its schema may still get: rules of the game a JSON Schema cannot
state (the same card written twice in two notations, tricks that do not add up to five, a deal that is not
the pack, actions that do not reach the play, facts no law covers, a winner who was sitting out, a limit the
profile or an agreement sets, two agreements that cannot both hold, a view before the play that is not the
seat to act)."""
SUGGEST_UP_TO = 2  # a name more than twice as long as the longest real one gets no "did you mean"
CLOSE, TIE = 0.6, 0.05  # how alike a misspelt name and a real one must be (difflib's ratio), and a tie
JSON_TYPES = {"object": marked("an object"), "array": marked("a list"), "string": marked("text"),
              "integer": marked("a whole number"), "boolean": marked("true or false"), "null": marked("null"),
              "number": marked("a number")}
"""A JSON type as a message names it, in English (said through ``tr``)."""


def json_key(value: object) -> Hashable:
    """A key equal for two JSON values exactly when JSON Schema calls them equal (1 and 1.0 are; true and 1 are
    not; objects whatever their order), so duplicates are found in one pass, whatever the values."""
    if isinstance(value, bool) or value is None:
        return ("constant", value)
    if isinstance(value, (int, float)):
        return ("number", value)  # Python's 1 == 1.0, with equal hashes
    if isinstance(value, list):
        return ("array", tuple(json_key(item) for item in value))
    if isinstance(value, dict):
        return ("object", frozenset((name, json_key(item)) for name, item in value.items()))
    return ("text", value)


def field_path(parts: Iterable[str | int]) -> str:
    """``actions[2].card`` from the parts of a path (keys and list indexes)."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def json_type(value: object) -> str:
    if value is None:
        return JSON_TYPES["null"]
    if isinstance(value, bool):
        return JSON_TYPES["boolean"]
    names = {dict: JSON_TYPES["object"], list: JSON_TYPES["array"], str: JSON_TYPES["string"],
             int: JSON_TYPES["number"], float: JSON_TYPES["number"]}
    return names.get(type(value), type(value).__name__)


def leaves(errors: Iterable[ValidationError]) -> Iterator[ValidationError]:
    """The errors that say what is wrong, looking inside anyOf (which only says no branch fitted)."""
    for error in errors:
        if error.context:
            yield from leaves(error.context)
        else:
            yield error


class _Positions:
    """Where a path lies in the question, in the order its fields were written; each object's order read once."""

    def __init__(self, question: object):
        self.question = question
        self.orders: dict[int, dict[str, int]] = {}

    def __call__(self, parts: Iterable[str | int]) -> tuple[int, ...]:
        key: list[int] = []
        node = self.question
        for part in parts:
            if isinstance(node, dict) and part in node:
                order = self.orders.get(id(node))
                if order is None:
                    order = self.orders[id(node)] = {name: index for index, name in enumerate(node)}
                key.append(order[part])  # type: ignore[index]
                node = node[part]
            elif isinstance(node, list) and isinstance(part, int) and part < len(node):
                key.append(part)
                node = node[part]
            else:
                key.append(0)
        return tuple(key)


def nearest(name: object, names: Iterable[str]) -> list[str]:
    """The names closest to a misspelt one: the best, and any other as close (at most two, in ``names``' order).

    A name far longer than any real one is like none of them: no comparison is made (each costs its length).
    """
    names = list(names)
    if len(str(name)) > SUGGEST_UP_TO * max((len(candidate) for candidate in names), default=1):
        return []
    scored = [(SequenceMatcher(None, str(name), candidate).ratio(), candidate) for candidate in names]
    close = [(ratio, candidate) for ratio, candidate in scored if ratio >= CLOSE]
    if not close:
        return []
    best = max(ratio for ratio, _ in close)
    return [candidate for ratio, candidate in close if ratio >= best - TIE][:2]


def did_you_mean(name: object, names: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` or `` (did you mean 'x' or 'y'?)``, or nothing when no name is close."""
    near = nearest(name, names)
    if not near:
        return ""
    return tr(" (did you mean %(names)s?)", names=trc("list", " or ").join(repr(n) for n in near))


def _schema(error: ValidationError) -> Mapping[str, Any]:
    """The schema node ``error`` arose in: its keywords (none for a boolean schema)."""
    return error.schema if isinstance(error.schema, dict) else {}


def _refers(node: object, name: str) -> bool:
    """Whether the schema node ``node`` is a reference to a definition ending in ``name`` (``$ref``, or ``x-ref``
    where the reference was followed when the check was made: questions.check.inline)."""
    return isinstance(node, dict) and str(node.get("$ref") or node.get("x-ref") or "").endswith(name)


def _hint(name: str, allowed: list[str], noun: str) -> str:
    return did_you_mean(name, allowed) or (tr("; the %(noun)s are: %(names)s", noun=noun, names=", ".join(allowed))
                                           if allowed else "")


def _first_unknown(error: ValidationError) -> tuple[int, str] | None:
    """The first field, in the order written, that ``error``'s object does not have: its index and name."""
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return None
    schema = _schema(error)
    allowed = schema.get("properties", {})
    patterns = [re.compile(pattern) for pattern in schema.get("patternProperties", {})]
    for index, name in enumerate(error.instance):
        if name not in allowed and not any(pattern.search(name) for pattern in patterns):
            return index, name
    return None


def _unknown(error: ValidationError, name: str, kind: str) -> QuestionError:
    """The error object for the field ``name`` that ``error``'s object does not have."""
    schema = _schema(error)
    allowed = list(schema.get("properties", {}))
    code = schema.get("x-unknown-code", "unknown-field")
    where = field_path(error.absolute_path)
    field = f"{where}.{name}" if where else str(name)
    if code == "unknown-fact":
        # worded as the interview's own reader words it (engine/disputes/facts.py)
        near = nearest(name, allowed)
        return QuestionError(code, tr("%(name)s is not a fact the referee asks about. Did you mean '%(near)s'?",
                                      name=excerpt(name), near="' or '".join(near)) if near else
                             tr("%(name)s is not a fact the referee asks about. The facts are: %(facts)s.",
                                name=excerpt(name), facts=", ".join(allowed)), field)
    hint = _hint(name, allowed, tr("fields"))
    if where:
        return QuestionError(code, tr("%(name)s is not a field of '%(where)s'%(hint)s.", name=excerpt(name),
                                      where=where, hint=hint), field)
    return QuestionError(code, tr("%(name)s is not a field of an %(kind)s question%(hint)s.", name=excerpt(name),
                                  kind=kind, hint=hint) if kind[:1] in tuple("aeiou") else
                         tr("%(name)s is not a field of a %(kind)s question%(hint)s.", name=excerpt(name), kind=kind,
                            hint=hint), field)


def structural_error(errors: Iterable[ValidationError], question: object, kind: str) -> QuestionError | None:
    """The first unknown field, in the order the question was written; None when there is none.

    Only the first unknown name of each object is considered, and only the chosen one is worded (its
    "did you mean" worked out): a question of thousands of unknown names costs one suggestion.
    """
    position = _Positions(question)
    found: list[tuple[tuple[int, ...], ValidationError, str]] = []
    for error in leaves(errors):
        first = _first_unknown(error)
        if first is not None:
            found.append(((*position(error.absolute_path), first[0]), error, first[1]))
    if not found:
        return None
    _, error, name = min(found, key=lambda item: item[0])
    return _unknown(error, name, kind)


def first_problem(errors: Iterable[ValidationError], question: object, formats: Mapping[str, Format]) -> QuestionError:
    """The first of the other errors, worded for the person who asked."""
    found = list(leaves(errors))
    # a branch of anyOf meant for another type of value ("a card, or null") says nothing of this one
    typed = [e for e in found if not (e.validator == "type" and e.parent is not None)] or found
    position = _Positions(question)
    error = min(typed, key=lambda e: position(e.absolute_path))
    parts = list(error.absolute_path)
    field = field_path(parts) or None
    name = field or "the question"
    schema = _schema(error)
    value: object = error.instance  # the value in the question
    keyword: object = error.validator_value  # the value of the keyword it breaks, in the schema
    if error.validator == "required" and isinstance(value, dict) and isinstance(keyword, list):
        missing = next(n for n in keyword if n not in value)
        where = f"{field}.{missing}" if field else missing
        return QuestionError("missing-field", tr("'%(owner)s' needs the field '%(field)s'.", owner=field,
                                                 field=missing) if field else
                             tr("The question needs the field '%(field)s'.", field=missing), where)
    notation = formats.get(schema.get("format", ""))
    if error.validator in ("format", "pattern", "maxLength") and notation is not None and field is not None:
        return notation.error(value, field)  # the engine's own words for a card, suit, seat, profile
    if error.validator == "type":
        wanted = keyword if isinstance(keyword, list) else [keyword]
        words = trc("list", " or ").join(tr(JSON_TYPES.get(str(t), str(t))) for t in wanted)
        return QuestionError("bad-field", tr("'%(field)s' must be %(types)s, not %(type)s.", field=name, types=words,
                                             type=tr(json_type(value))), field)
    if error.validator in ("minimum", "maximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        span = tr("from %(low)s to %(high)s", low=low, high=high) if low is not None and high is not None else \
            (tr("at least %(low)s", low=low) if low is not None else tr("at most %(high)s", high=high))
        return QuestionError("out-of-range", tr("'%(field)s' must be %(span)s, got %(value)s.", field=name, span=span,
                                                value=excerpt(value)), field)
    if error.validator == "uniqueItems" and isinstance(value, list):
        seen: dict[object, int] = {}
        for i, item in enumerate(value):
            first = seen.setdefault(json_key(item), i)
            if first != i:
                return QuestionError("duplicate-card", tr("%(card)s appears twice in '%(field)s' (positions %(first)d "
                                                          "and %(second)d); a pack holds each card once.",
                                                          card=excerpt(item), field=name, first=first, second=i),
                                     f"{field}[{i}]")
    if error.validator in ("minItems", "maxItems") and isinstance(value, list):
        # a list of cards too long or too short says so in the engine's words (fields.read_cards), never the schema's
        cards = _refers(schema, "/cards") or _refers(schema.get("items"), "/card")
        many = error.validator == "maxItems"
        count, limit = len(value), keyword
        said = (tr("'%(field)s' holds %(count)d cards; at most %(most)s are allowed.", field=name, count=count,
                   most=limit) if many else
                tr("'%(field)s' holds %(count)d cards; at least %(least)s are needed.", field=name, count=count,
                   least=limit)) if cards else \
            (tr("'%(field)s' holds %(count)d items; at most %(most)s are allowed.", field=name, count=count, most=limit)
             if many else tr("'%(field)s' holds %(count)d items; at least %(least)s are needed.", field=name,
                             count=count, least=limit))
        return QuestionError(("too-many-cards" if many else "too-few-cards") if cards else "bad-field", said, field)
    code = "bad-fact-value" if parts[:1] == ["facts"] else "bad-field"
    if error.validator in ("enum", "const"):
        wanted = keyword if error.validator == "enum" and isinstance(keyword, list) else [keyword]
        return QuestionError(code, tr("'%(field)s' must be one of %(values)s, not %(value)s.", field=name,
                                      values=", ".join(json.dumps(w) for w in wanted), value=excerpt(value)), field)
    described = schema.get("description")
    if error.validator == "pattern" and described:
        return QuestionError(code, f"'{name}' ({excerpt(value)}) is not {described[0].lower()}"
                                   f"{described[1:].rstrip('.')}.", field)
    return QuestionError(code, f"'{name}': {cut(error.message, EXCERPT * 4)}.", field)
