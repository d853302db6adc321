"""Checking a question against its kind's schema, once per rule book and kind compiled.

Two well-kept validators read the same schema. fastjsonschema compiles it into a Python function that answers
a valid question in tens of microseconds; only a question it refuses is given to jsonschema, whose errors say
what is wrong (:mod:`.report`) and take it hundreds of microseconds or more (every keyword is an object and a
call: a play question cost 30 times ``ask()``'s own work). The schema's references are followed once, when
the check is made (:func:`inline`), so neither validator looks one up per question. As in JSON Schema,
``3.0`` is a whole number, and the engine reads it as 3.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import islice
from typing import Any

import fastjsonschema
from jsonschema import Draft202012Validator, FormatChecker, validators
from jsonschema.exceptions import SchemaError as InvalidSchema
from jsonschema.exceptions import ValidationError

from ..errors import DataError, QuestionError, excerpt
from ..rulebook import Kept, RuleBook
from .bounds import bounds_of
from .formats import formats_for
from .report import first_problem, json_key, structural_error
from .schemas import COMMON, QUESTIONS_DIR, Schema, SubSchema, common_schema, kind_schema

Resolve = Callable[[str, str], tuple[SubSchema, str]]
"""``resolve(ref, base)``: the schema node a ``$ref`` written in the file ``base`` names, and its file."""
MOST_ERRORS = 8
"""jsonschema's errors read at most: each costs tens of microseconds, and one is reported. The first unknown
field, or the first problem, among them is the one said; a question with more has them all the same."""


def _unique_items(validator: Any, unique: object, instance: object, schema: Any) -> Iterator[ValidationError]:
    """``uniqueItems`` in one pass (jsonschema compares every pair of values it cannot sort: 16,000 objects took
    seconds)."""
    if unique and isinstance(instance, list):
        keys = [json_key(item) for item in instance]
        if len(set(keys)) != len(keys):
            yield ValidationError(f"{excerpt(instance)} has non-unique elements")


def validator_class() -> Any:
    """Draft 2020-12 with ``uniqueItems`` in one pass (:func:`_unique_items`)."""
    return validators.extend(Draft202012Validator, {"uniqueItems": _unique_items})  # type: ignore[no-untyped-call]


MAX_DEPTH = 40


def inline(node: object, base: str, resolve: Resolve, depth: int = 0) -> Any:
    """``node`` with every ``$ref`` replaced by the node it names (the question schemas hold no cycle), and no
    ``$defs`` left: one document a validator reads without looking anything up. The reference is kept as
    ``x-ref`` beside what it named (validators ignore it): :mod:`.report` words an error by it (a list of cards)."""
    if depth > MAX_DEPTH:
        raise ValueError("the schema nests too deeply (a reference cycle?)")
    if isinstance(node, dict):
        if "$ref" in node:
            target, file = resolve(node["$ref"], base)
            found = inline(target, file, resolve, depth + 1)
            rest = {key: inline(value, base, resolve, depth + 1) for key, value in node.items() if key != "$ref"}
            if rest or not isinstance(found, dict):
                return {"allOf": [found], **rest, "x-ref": node["$ref"]}
            return {**found, "x-ref": node["$ref"]}
        return {key: inline(value, base, resolve, depth + 1) for key, value in node.items()
                if key not in ("$defs", "$id")}
    if isinstance(node, list):
        return [inline(value, base, resolve, depth + 1) for value in node]
    return node


def format_over_pattern(node: object, formats: set[str]) -> Any:
    """``node`` without the ``pattern`` of any node whose ``format`` is one of ``formats``: each notation's pattern
    states exactly the strings its format's reader accepts (tests/questions/test_notations.py), so the fast check
    reads a card once, not twice (a regular expression, then the reader). jsonschema, which words the errors,
    keeps both."""
    if isinstance(node, dict):
        named = node.get("format")  # a string in a schema; a sub-schema where "format" is a property's name
        covered = isinstance(named, str) and named in formats and isinstance(node.get("pattern"), str)
        return {key: format_over_pattern(value, formats) for key, value in node.items()
                if not (covered and key == "pattern")}
    if isinstance(node, list):
        return [format_over_pattern(value, formats) for value in node]
    return node


def resolver(common: Schema, kind_file: str, kind: Schema) -> Resolve:
    """``resolve(ref, base)`` for the fast check: local references and those to the common part."""
    documents = {COMMON: common, kind_file: kind}

    def resolve(ref: str, base: str) -> tuple[SubSchema, str]:
        file, _, pointer = ref.partition("#")
        file = file or base
        node: Any = documents[file]  # then any JSON value on the pointer's way (a schema is one at its end)
        for part in pointer.strip("/").split("/") if pointer.strip("/") else ():
            node = node[part]
        return node, file
    return resolve


class QuestionCheck:
    """The compiled checks of one kind's schema for one rule book."""

    def __init__(self, book: RuleBook, kind: str, file: str):
        self.kind = kind
        schema = kind_schema(book, file)
        self.formats = formats_for(book)
        checker = FormatChecker(formats=())
        for name, found in self.formats.items():
            checker.checks(name)(found.accepts)
        resolve = resolver(common_schema(book), file, schema)
        whole = inline(schema, file, resolve)
        self.validator = validator_class()(whole, format_checker=checker)
        # use_default=False: fastjsonschema would otherwise write each default into the question it checks
        self.valid = fastjsonschema.compile(format_over_pattern(whole, set(self.formats)), use_default=False,
                                            formats={name: found.accepts for name, found in self.formats.items()})
        self.bounds = bounds_of(kind, schema, file, resolve)

    def passes(self, question: object) -> bool:
        """Whether ``question`` meets the schema (fastjsonschema's compiled check)."""
        try:
            self.valid(question)
        except fastjsonschema.JsonSchemaValueException:
            return False
        return True

    def check(self, question: object) -> QuestionError | None:
        """Raise the first structural error; return the first other problem, for after the handler has run.

        A question over the kind's bounds (:mod:`.bounds`) is refused before jsonschema reads it.
        """
        if self.passes(question):
            return None
        too_large = self.bounds.problem(question)
        if too_large is not None:
            raise too_large
        errors = list(islice(self.validator.iter_errors(question), MOST_ERRORS))
        if not errors:
            return None
        structural = structural_error(errors, question, self.kind)
        if structural is not None:
            raise structural
        return first_problem(errors, question, self.formats)


_CHECKS: Kept[str, QuestionCheck] = Kept("each kind's question check, compiled")


def question_check(book: RuleBook, kind: str, file: str) -> QuestionCheck:
    """The check of ``kind`` for ``book``, compiled on first use."""
    kept = _CHECKS.of(book)
    found = kept.get(kind)
    if found is None:
        found = kept[kind] = QuestionCheck(book, kind, file)
    return found


def check_every_kind(book: RuleBook, kinds: Mapping[str, str]) -> list[str]:
    """Compile the check of every kind (``{name: schema file}``) for ``book``; a broken schema is a DataError."""
    for name, file in kinds.items():
        try:
            Draft202012Validator.check_schema(kind_schema(book, file))
            question_check(book, name, file)
        except (InvalidSchema, fastjsonschema.JsonSchemaDefinitionException, LookupError, ValueError,
                OSError) as exc:
            raise DataError(QUESTIONS_DIR / file, f"the schema of kind {name} cannot be used: {exc}") from None
    return list(kinds)
