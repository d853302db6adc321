"""The question schemas: one JSON Schema per kind (``ecarte_tutor/schemas/questions/``), read once.

A kind's schema names its file in the kind registry (:class:`ecarte_tutor.engine.kinds.Kind`).
References are either local (``#/$defs/deal``) or to the shared part
(``common.schema.json#/$defs/card``). The dispute facts are the rule book's: a node marked
``"x-properties-from": "dispute-facts"`` receives one property per fact of
rules/dispute-facts.yaml, and one marked ``"x-pattern-from": "profiles"`` a pattern of the book's
profile names, and one marked ``"x-items-from": "agreements"`` the book's agreements (:func:`agreement_schema`),
when the schemas are prepared for a book (:func:`kind_schema`, :func:`common_schema`).
"""
from __future__ import annotations

import copy
import json
from collections.abc import Iterable
from functools import cache
from typing import Any, TypeAlias, TypeVar

from ..i18n import LANGS
from ..rulebook import Fact, Kept, RuleBook
from ..schemas import SCHEMA_DIR

Schema: TypeAlias = dict[str, Any]
"""A JSON Schema (or a node of one) as ``json.loads`` reads it. Its values are any JSON, which the
schemas' meta-schema governs (``Draft202012Validator.check_schema``, run by ``ecarte-tutor check``),
so they are ``Any`` here, as in jsonschema's own types; a sub-schema may also be ``true`` or ``false``."""
SubSchema: TypeAlias = Schema | bool
N = TypeVar("N")

QUESTIONS_DIR = SCHEMA_DIR / "questions"
COMMON = "common.schema.json"
COMMON_FIELDS = ("kind", "profile", "agreements", "lang")
"""Fields every kind's schema lists, each a reference to the shared part (but ``kind``, its own constant)."""
FILL = "x-properties-from"
FILL_PATTERN = "x-pattern-from"
FILL_ITEMS = "x-items-from"
SLUG = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")
BLANK = "[\t-\r\x1c- \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
"""The characters Python's str.strip() takes away, as a pattern's class: written out, because regular
expression engines disagree on what ``\\s`` means (tests/questions/test_notations.py checks the list)."""
CASES = {"k": "[kK\u212a]"}
"""Letters another character lowers to: the Kelvin sign reads as k, as Python's str.lower() has it."""


@cache
def _load(name: str) -> Schema:
    schema: Schema = json.loads((QUESTIONS_DIR / name).read_text(encoding="utf-8"))
    if schema.get("$id") != f"questions/{name}":
        raise ValueError(f"{name}: its $id must be questions/{name}")
    return schema


_FILLED: Kept[str, Schema] = Kept("each schema file with the book's names filled in")


def common_schema(book: RuleBook) -> Schema:
    """The shared part for questions answered from ``book``: a copy, with the book's profile names filled in."""
    kept = _FILLED.of(book)
    found = kept.get(COMMON)
    if found is None:
        found = kept[COMMON] = _fill(copy.deepcopy(_load(COMMON)), book)
    return found


def stored_schema(file: str) -> Schema:
    """A kind's schema as stored, by its file name (``play.schema.json``)."""
    schema = _load(file)
    for name in COMMON_FIELDS[1:]:
        if schema["properties"].get(name) != {"$ref": f"{COMMON}#/$defs/{name}"}:
            raise ValueError(f"{file}: the common field '{name}' must be {{\"$ref\": \"{COMMON}#/$defs/{name}\"}}")
    return schema


def kind_schema(book: RuleBook, file: str) -> Schema:
    """A kind's schema for questions answered from ``book``: a copy, with the book's facts filled in."""
    kept = _FILLED.of(book)
    found = kept.get(file)
    if found is None:
        found = kept[file] = _fill(copy.deepcopy(stored_schema(file)), book)
    return found


def _fill(node: N, book: RuleBook) -> N:
    if isinstance(node, dict):
        if node.get(FILL) == "dispute-facts":
            node["properties"] = {name: fact_schema(spec) for name, spec in book.facts.items()}
        if node.get(FILL_PATTERN) == "profiles":
            node["pattern"] = any_case(book.profiles)
        if node.get(FILL_ITEMS) == "agreements":
            node.update(agreement_schema(book))
        if node.get(FILL_PATTERN) == "langs":  # the languages with catalogues: a new one needs no schema change
            node["pattern"] = any_case(LANGS)
        for value in node.values():
            _fill(value, book)
    elif isinstance(node, list):
        for value in node:
            _fill(value, book)
    return node


def any_case(words: Iterable[str]) -> str:
    """A pattern matching any of ``words`` in any case, with blanks around (as the engine reads facts)."""
    def letters(word: str) -> str:
        if not set(word) <= SLUG:
            raise ValueError(f"a name read in any case must be a lower-case slug, not {word!r}")
        return "".join(CASES.get(c) or (f"[{c}{c.upper()}]" if c.isalpha() else c) for c in word)
    return f"^{BLANK}*(?:" + "|".join(letters(w) for w in words) + f"){BLANK}*$"


def digits(low: int | None, high: int | None) -> str:
    """A pattern for whole numbers written as ASCII digits, from ``low`` to ``high`` when both are given."""
    if low is None or high is None:
        return f"^{BLANK}*[0-9]+{BLANK}*$"
    return f"^{BLANK}*0*(?:" + "|".join(str(n) for n in range(high, low - 1, -1)) + f"){BLANK}*$"


def fact_schema(spec: Fact) -> Schema:
    """The values a fact accepts: its JSON type, or the same written as text (for HTML forms); null: not given."""
    described = {"description": " ".join(spec["question"].split())}
    table = spec.get("table")
    if isinstance(table, str):
        # settled by the table's agreement (knowledge.refuse_table_facts), never given: only null passes
        return {"type": "null", "description": f"{described['description']} Settled by the agreements "
                f"(agreements: {table}), never given: leave it out."}
    if spec["type"] == "boolean":
        return {"type": ["boolean", "string", "null"], "pattern": any_case(["true", "false"]), **described}
    if spec["type"] == "integer":
        low, high = spec.get("min"), spec.get("max")
        bounds = {key: value for key, value in (("minimum", low), ("maximum", high)) if value is not None}
        return {"type": ["integer", "string", "null"], **bounds, "pattern": digits(low, high), **described}
    values = [str(choice["value"]) for choice in spec["choices"]]  # names: the rule book checks they are text
    return {"type": ["string", "null"], "pattern": any_case(values), "examples": values, **described}


def agreement_schema(book: RuleBook) -> Schema:
    """One agreement of the book, as :func:`ecarte_tutor.agreements.read_agreements` reads it.

    A name in any case (an agreement that takes no value), or an object of one name and its
    value: a whole number in the agreement's range, or true or null for one that takes none.
    """
    agreed = {name: book.agreement(name) for name in book.agreements}
    plain = [name for name, agreement in agreed.items() if "range" not in agreement]
    ranged = {name: agreement["range"] for name, agreement in agreed.items() if "range" in agreement}
    if not book.agreements:
        return {"enum": [], "description": "This rule book has no agreements."}
    values: dict[str, Schema] = {any_case([name]): {"enum": [True, None]} for name in plain}
    values |= {any_case([name]): {"type": "integer", "minimum": bounds["min"], "maximum": bounds["max"]}
               for name, bounds in ranged.items()}
    written = {"type": "object", "minProperties": 1, "maxProperties": 1,
               "propertyNames": {"pattern": any_case(list(book.agreements))}, "patternProperties": values,
               "examples": [{name: bounds["min"]} for name, bounds in ranged.items()]}
    if not plain:
        return written
    return {"anyOf": [{"type": "string", "maxLength": 40, "pattern": any_case(plain), "examples": plain}, written]}
