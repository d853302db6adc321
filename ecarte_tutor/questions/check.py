"""Checking a question against its kind's schema, once per rule book and kind compiled.

The generated fast check (:mod:`.fast`) passes nearly every question in a microsecond or
so; only a question it does not pass is given to jsonschema, whose errors say what is wrong
(:mod:`.report`). As in JSON Schema, ``3.0`` is a whole number, and the engine reads it as 3.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import islice
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker, validators
from jsonschema.exceptions import SchemaError as InvalidSchema
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from ..errors import DataError, QuestionError, excerpt
from ..rulebook import RuleBook
from .bounds import bounds_of
from .fast import FastCheck, Resolve, SchemaError, compile_check
from .formats import Format, formats_for
from .report import first_problem, json_key, structural_error
from .schemas import COMMON, QUESTIONS_DIR, Schema, SubSchema, common_schema, kind_schema

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


def item_checks(documents: Mapping[str, Schema], resolve: Resolve,
                formats: Mapping[str, Format]) -> dict[int, FastCheck]:
    """A fast check for every ``items`` schema of ``documents`` ({file: schema}), by the id of that schema node."""
    found: dict[int, FastCheck] = {}

    def walk(node: object, file: str) -> None:
        if isinstance(node, dict):
            items = node.get("items")
            if isinstance(items, dict) and id(items) not in found:
                found[id(items)] = compile_check(items, file, resolve, formats)
            for value in node.values():
                walk(value, file)
        elif isinstance(node, list):
            for value in node:
                walk(value, file)

    for file, document in documents.items():
        walk(document, file)
    return found


def validator_class(checks: Mapping[int, FastCheck]) -> Any:
    """Draft 2020-12 with ``uniqueItems`` in one pass and ``items`` skipping every item its fast check passes.

    A list's items that pass are known to meet the schema (the fast check answers True only then), so
    jsonschema, tens of microseconds an item, reads only the items that do not: a list of 200 valid actions
    cost 130 ms, and the one thing wrong elsewhere in the question was found only after them.
    """
    draft_items = Draft202012Validator.VALIDATORS["items"]

    def items(validator: Any, schema_items: object, instance: object, schema: Any) -> Iterator[ValidationError]:
        check = checks.get(id(schema_items))
        if check is None or not isinstance(instance, list) or schema.get("prefixItems"):
            yield from draft_items(validator, schema_items, instance, schema)
            return
        for index, item in enumerate(instance):
            if not check(item):
                yield from validator.descend(item, schema_items, path=index)

    return validators.extend(Draft202012Validator, {"uniqueItems": _unique_items, "items": items})  # type: ignore[no-untyped-call]


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
        schema, common = kind_schema(book, file), common_schema(book)
        self.formats = formats_for(book)
        checker = FormatChecker(formats=())
        for name, found in self.formats.items():
            checker.checks(name)(found.accepts)
        registry = Registry().with_resources([
            (f"questions/{COMMON}", Resource.from_contents(common)),
            (f"questions/{file}", Resource.from_contents(schema))])
        resolve = resolver(common, file, schema)
        validator = validator_class(item_checks({COMMON: common, file: schema}, resolve, self.formats))
        self.validator = validator(schema, registry=registry, format_checker=checker)
        self.fast = compile_check(schema, file, resolve, self.formats)
        self.bounds = bounds_of(kind, schema, file, resolve)

    def check(self, question: object) -> QuestionError | None:
        """Raise the first structural error; return the first other problem, for after the handler has run.

        A question over the kind's bounds (:mod:`.bounds`) is refused before jsonschema reads it.
        """
        if self.fast(question):
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


def question_check(book: RuleBook, kind: str, file: str) -> QuestionCheck:
    """The check of ``kind`` for ``book``, compiled on first use."""
    key = ("question-check", kind)
    found: QuestionCheck | None = book.derived.get(key)
    if found is None:
        found = book.derived[key] = QuestionCheck(book, kind, file)
    return found


def check_every_kind(book: RuleBook, kinds: Mapping[str, str]) -> list[str]:
    """Compile the check of every kind (``{name: schema file}``) for ``book``; a broken schema is a DataError."""
    for name, file in kinds.items():
        try:
            Draft202012Validator.check_schema(kind_schema(book, file))
            question_check(book, name, file)
        except (InvalidSchema, SchemaError, LookupError, ValueError, OSError) as exc:
            raise DataError(QUESTIONS_DIR / file, f"the schema of kind {name} cannot be used: {exc}") from None
    return list(kinds)
