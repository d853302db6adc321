"""Checking a question against its kind's schema, once per rule book and kind compiled.

The generated fast check (:mod:`.fast`) passes nearly every question in a microsecond or
so; only a question it does not pass is given to jsonschema, whose errors say what is wrong
(:mod:`.report`). As in JSON Schema, ``3.0`` is a whole number, and the engine reads it as 3.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import SchemaError as InvalidSchema
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from ..errors import DataError, QuestionError
from ..rulebook import Kept, RuleBook
from .fast import Resolve, SchemaError, compile_check
from .formats import formats_for
from .report import first_problem, structural_error
from .schemas import COMMON, QUESTIONS_DIR, Schema, SubSchema, common_schema, kind_schema


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
        self.validator = Draft202012Validator(schema, registry=registry, format_checker=checker)
        self.fast = compile_check(schema, file, resolver(common, file, schema), self.formats)

    def errors(self, question: object) -> list[ValidationError]:
        return [] if self.fast(question) else list(self.validator.iter_errors(question))

    def check(self, question: object) -> QuestionError | None:
        """Raise the first structural error; return the first other problem, for after the handler has run."""
        errors = self.errors(question)
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
        except (InvalidSchema, SchemaError, LookupError, ValueError, OSError) as exc:
            raise DataError(QUESTIONS_DIR / file, f"the schema of kind {name} cannot be used: {exc}") from None
    return list(kinds)
