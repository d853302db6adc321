"""A fast yes/no check generated from a question schema, so that a valid question costs little.

:func:`compile_check` turns a schema into the source of one Python function and runs it. The
function answers True only when the schema's validator would find no error; when it answers
False the caller asks the full validator (jsonschema) what is wrong. Answering False for a
valid question costs time but is never wrong, so where a keyword is awkward the code answers
False (a list of unhashable items under ``uniqueItems``, for instance).

Only the keywords the question schemas use are known; any other keyword is a
:class:`SchemaError` when the check is made, so a schema cannot drift away from its check.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from .formats import Format
from .schemas import Schema, SubSchema

IGNORED = {"$schema", "$id", "$defs", "$comment", "title", "description", "default", "examples"}
TYPES = {
    "object": "isinstance({v}, dict)",
    "array": "isinstance({v}, list)",
    "string": "isinstance({v}, str)",
    # as in JSON Schema, a number with a zero fraction (3.0) is an integer
    "integer": "(isinstance({v}, int) and not isinstance({v}, bool) or isinstance({v}, float) and {v}.is_integer())",
    "boolean": "isinstance({v}, bool)",
    "null": "{v} is None",
}
NUMBER = "(isinstance({v}, (int, float)) and not isinstance({v}, bool))"
NULL = {"type": "null"}
MAX_DEPTH = 40


def _when(guard: str, test: str) -> str:
    """``test``, under ``guard`` unless the guard is known to hold."""
    return test if guard == "True" else f"{guard} and {test}"


class SchemaError(ValueError):
    """A schema uses something the fast check cannot decide."""


Resolve = Callable[[str, str], tuple[SubSchema, str]]
"""``resolve(ref, base) -> (schema, base of that schema)``."""
FailIf = Callable[[str], None]
"""Adds the lines that ``return False`` when a condition holds."""


class FastCheck(Protocol):
    """The generated check: True when the value meets the schema; ``source`` is its code, for reading."""

    source: str

    def __call__(self, value: object, /) -> bool: ...


class _Source:
    """The lines of the generated module and the values it refers to."""

    def __init__(self, resolve: Resolve, formats: Mapping[str, Format]):
        self.resolve, self.formats = resolve, formats
        self.values: dict[str, object] = {}
        self.functions: list[str] = []
        self.count = 0

    def value(self, value: object, prefix: str = "K") -> str:
        self.count += 1
        name = f"{prefix}{self.count}"
        self.values[name] = value
        return name

    def variable(self) -> str:
        self.count += 1
        return f"v{self.count}"

    def function(self, schema: SubSchema, base: str, depth: int) -> str:
        """A separate function for a sub-schema (for anyOf and if): its name."""
        self.count += 1
        name = f"f{self.count}"
        self.functions.append(self.body(name, schema, base, depth))
        return name

    def body(self, name: str, schema: SubSchema, base: str, depth: int) -> str:
        """The source of function ``name``, True when its argument meets ``schema``.

        A value looked up in a set of strings raises TypeError when it cannot be hashed (a list, an
        object): such a value is none of them, and the function answers False.
        """
        lines: list[str] = []
        self.emit(schema, base, "v", lines, 2, depth)
        return "\n".join([f"def {name}(v):", "    try:", "        pass", *lines,
                          "    except TypeError:", "        return False", "    return True"])

    def emit(self, schema: SubSchema, base: str, v: str, out: list[str], indent: int, depth: int,
             known: str = "") -> None:
        """Lines that ``return False`` when ``v`` fails ``schema`` (``known``: the JSON type ``v`` is known to have)."""
        if depth > MAX_DEPTH:
            raise SchemaError("the schema nests too deeply (a reference cycle?)")
        pad = "    " * indent

        def fail_if(condition: str) -> None:
            out.append(f"{pad}if {condition}:")
            out.append(f"{pad}    return False")

        if schema is True:
            return
        if schema is False:
            out.append(f"{pad}return False")
            return
        unknown = [key for key in schema if key not in HANDLED and key not in IGNORED and not key.startswith("x-")]
        if unknown:
            raise SchemaError(f"the fast check does not know the keyword(s) {', '.join(unknown)}")
        if "$ref" in schema:
            target, target_base = self.resolve(schema["$ref"], base)
            self.emit(target, target_base, v, out, indent, depth + 1, known)
            if isinstance(target, dict) and isinstance(target.get("type"), str):
                known = target["type"]
        must_be_text = schema.get("type") == "string"  # checked with the string keywords, in one test
        if "type" in schema and not must_be_text:
            types = [schema["type"]] if isinstance(schema["type"], str) else schema["type"]
            fail_if("not (" + " or ".join(TYPES[t].format(v=v) for t in types) + ")")
            if len(types) == 1:
                known = types[0]  # from here on the guards of that type's keywords are true
        if "const" in schema:
            fail_if(f"not {self._one_of([schema['const']], v)}")
        if "enum" in schema:
            fail_if(f"not {self._one_of(schema['enum'], v)}")
        self._numbers(schema, v, fail_if, known)
        self._strings(schema, v, fail_if, known, must_be_text)
        self._arrays(schema, base, v, out, indent, depth, known)
        self._objects(schema, base, v, out, indent, depth, known)
        if "allOf" in schema and not self._cases(schema["allOf"], base, v, out, indent, depth, known):
            for branch in schema["allOf"]:
                self.emit(branch, base, v, out, indent, depth + 1, known)
        if "anyOf" in schema:
            self._any_of(schema["anyOf"], base, v, out, indent, depth, fail_if)
        if "if" in schema:
            test = self._condition(schema["if"], v, known) or f"{self.function(schema['if'], base, depth + 1)}({v})"
            out += [f"{pad}if {test}:", f"{pad}    pass"]
            self.emit(schema.get("then", True), base, v, out, indent + 1, depth + 1, known)
            out += [f"{pad}else:", f"{pad}    pass"]
            self.emit(schema.get("else", True), base, v, out, indent + 1, depth + 1, known)

    def _cases(self, branches: list[SubSchema], base: str, v: str, out: list[str], indent: int, depth: int,
               known: str) -> bool:
        """allOf of if/then on the values of one required field, no value in two: one if/elif chain."""
        keys: set[str] = set()
        seen: list[object] = []
        cases: list[Schema] = []
        for branch in branches:
            if not isinstance(branch, dict) or not set(branch) <= {"if", "then"}:
                return False
            test = branch.get("if")
            if not isinstance(test, dict) or set(test) != {"required", "properties"} or len(test["properties"]) != 1:
                return False
            (key, values), = test["properties"].items()
            values = [values.get("const")] if "const" in values else values.get("enum", [None])
            if test["required"] != [key] or any(value in seen for value in values):
                return False
            keys.add(key)
            seen += values
            cases.append(branch)
        if len(keys) != 1:
            return False
        pad = "    " * indent
        for number, branch in enumerate(cases):
            out += [f"{pad}{'el' if number else ''}if {self._condition(branch['if'], v, known)}:", f"{pad}    pass"]
            self.emit(branch.get("then", True), base, v, out, indent + 1, depth + 1, known)
        return True

    def _condition(self, schema: SubSchema, v: str, known: str) -> str | None:
        """An ``if`` that only names required fields and the values of some: one expression, or None."""
        if not isinstance(schema, dict) or not set(schema) <= {"required", "properties"}:
            return None
        tests = [f"{name!r} in {v}" for name in schema.get("required", ())]
        for name, sub in schema.get("properties", {}).items():
            if not isinstance(sub, dict) or len(sub) != 1 or not set(sub) <= {"const", "enum"}:
                return None
            values = [sub["const"]] if "const" in sub else sub["enum"]
            tests.append(f"({name!r} not in {v} or {self._one_of(values, f'{v}[{name!r}]')})")
        test = " and ".join(tests) or "True"
        return test if known == "object" else f"(not isinstance({v}, dict) or ({test}))"

    def _any_of(self, branches: list[SubSchema], base: str, v: str, out: list[str], indent: int, depth: int,
                fail_if: FailIf) -> None:
        pad = "    " * indent
        others = [branch for branch in branches if branch != NULL]
        if len(branches) == 2 and len(others) == 1:  # "this, or null": inline, no call
            out += [f"{pad}if {v} is not None:", f"{pad}    pass"]
            self.emit(others[0], base, v, out, indent + 1, depth + 1)
            return
        names = [self.function(branch, base, depth + 1) for branch in branches]
        fail_if("not (" + " or ".join(f"{name}({v})" for name in names) + ")")

    def _one_of(self, values: list[object], v: str) -> str:
        if not all(value is None or isinstance(value, (str, bool)) for value in values):
            raise SchemaError("const and enum may hold only strings, true, false and null")
        strings = self.value(frozenset(value for value in values if isinstance(value, str)))
        tests = [f"{v} in {strings}"]  # holds only strings; an unhashable value raises TypeError (check: False)
        tests += [f"{v} is {value!r}" for value in (None, True, False) if any(value is item for item in values)]
        return "(" + " or ".join(tests) + ")"

    def _numbers(self, schema: Schema, v: str, fail_if: FailIf, known: str) -> None:
        number = "True" if known == "integer" else NUMBER.format(v=v)
        for key, compare in (("minimum", "<"), ("maximum", ">")):
            if key in schema:
                fail_if(_when(number, f"{v} {compare} {int(schema[key])}"))

    def _strings(self, schema: Schema, v: str, fail_if: FailIf, known: str, must_be_text: bool) -> None:
        """One test for the string keywords; a string of the format's common ones passes at once (a value of
        another type, there, is no string of the format, and fails the type test after the look-up)."""
        tests = []
        if "minLength" in schema:
            tests.append(f"len({v}) >= {int(schema['minLength'])}")
        if "maxLength" in schema:
            tests.append(f"len({v}) <= {int(schema['maxLength'])}")
        if "pattern" in schema:
            pattern = re.compile(schema["pattern"])
            tests.append(f"{self.value(pattern, 'P')}.search({v}) is not None")
        if "format" in schema:
            found = self.formats.get(schema["format"])
            if found is None:
                raise SchemaError(f"unknown format {schema['format']!r}")
            if any(not self._keeps(schema, text) for text in found.common):
                raise SchemaError(f"a common value of the format {schema['format']!r} breaks its schema")
            common, reads = self.value(found.common), self.value(found.reads, "F")
            if must_be_text or known == "string":  # common values are strings that meet the schema: one look-up
                rest = " and ".join([*([f"isinstance({v}, str)"] if must_be_text else []), *tests, f"{reads}({v})"])
                fail_if(f"not ({v} in {common} or ({rest}))")
                return
            tests = [f"({v} in {common} or (" + " and ".join([*tests, f"{reads}({v})"]) + "))"]
        if must_be_text:
            fail_if("not (" + " and ".join([f"isinstance({v}, str)", *tests]) + ")")
        elif tests:
            guard = "True" if known == "string" else f"isinstance({v}, str)"
            fail_if(_when(guard, "not (" + " and ".join(tests) + ")"))

    @staticmethod
    def _keeps(schema: Schema, text: str) -> bool:
        """Does ``text`` meet the schema's length and pattern?"""
        return schema.get("minLength", 0) <= len(text) <= schema.get("maxLength", len(text)) and \
            ("pattern" not in schema or re.search(schema["pattern"], text) is not None)

    def _arrays(self, schema: Schema, base: str, v: str, out: list[str], indent: int, depth: int, known: str) -> None:
        pad = "    " * indent
        array = "True" if known == "array" else f"isinstance({v}, list)"
        for key, compare in (("minItems", "<"), ("maxItems", ">")):
            if key in schema:
                test = _when(array, f"len({v}) {compare} {int(schema[key])}")
                out += [f"{pad}if {test}:", f"{pad}    return False"]
        if schema.get("uniqueItems"):
            # a list of unhashable items, or of items equal in Python but not in JSON (1 and true): ask jsonschema
            out += [f"{pad}if {array}:", f"{pad}    try:", f"{pad}        if len(set({v})) != len({v}):",
                    f"{pad}            return False", f"{pad}    except TypeError:", f"{pad}        return False"]
        if "items" in schema:
            item, common = self.variable(), self._common_strings(schema["items"], base)
            # a list of a format's common values (every card written as the API writes it) passes in one look-up
            test = array if common is None else _when(array, f"not {common}.issuperset({v})")
            out += [f"{pad}if {test}:", f"{pad}    for {item} in {v}:", f"{pad}        pass"]
            self.emit(schema["items"], base, item, out, indent + 2, depth + 1)

    def _common_strings(self, schema: SubSchema, base: str) -> str | None:
        """The name of the set of the format's common values, when ``schema`` is a string of a format and
        nothing else a common value could fail (they are checked against its length and pattern)."""
        if isinstance(schema, dict) and set(schema) == {"$ref"}:
            schema, base = self.resolve(schema["$ref"], base)
        if not isinstance(schema, dict) or schema.get("type") != "string" or "format" not in schema or \
                not set(schema) <= {"type", "format", "maxLength", "minLength", "pattern"} | IGNORED:
            return None
        found = self.formats.get(schema["format"])
        if found is None or not all(self._keeps(schema, text) for text in found.common):
            return None
        return self.value(found.common)

    def _objects(self, schema: Schema, base: str, v: str, out: list[str], indent: int, depth: int, known: str) -> None:
        pad = "    " * indent
        inner: list[str] = []
        if schema.get("required"):
            missing = " or ".join(f"{name!r} not in {v}" for name in schema["required"])
            inner += [f"{pad}    if {missing}:", f"{pad}        return False"]
        for key, compare in (("minProperties", "<"), ("maxProperties", ">")):
            if key in schema:
                inner += [f"{pad}    if len({v}) {compare} {int(schema[key])}:", f"{pad}        return False"]
        properties = schema.get("properties", {})
        patterns = {self.value(re.compile(key), "P"): sub for key, sub in schema.get("patternProperties", {}).items()}
        extra = schema.get("additionalProperties", True)
        if extra is False:
            names = self.value(frozenset(properties))
            if patterns:
                matched = " or ".join(f"{pattern}.search(k)" for pattern in patterns)
                inner += [f"{pad}    for k in {v}:", f"{pad}        if k not in {names} and not ({matched}):",
                          f"{pad}            return False"]
            else:
                inner += [f"{pad}    if not {names}.issuperset({v}):", f"{pad}        return False"]
        elif extra is not True:
            raise SchemaError("additionalProperties must be true or false")
        if "propertyNames" in schema:
            key = self.variable()
            inner += [f"{pad}    for {key} in {v}:", f"{pad}        pass"]
            self.emit(schema["propertyNames"], base, key, inner, indent + 2, depth + 1, "string")
        for pattern, sub in patterns.items():
            key, item = self.variable(), self.variable()
            inner += [f"{pad}    for {key}, {item} in {v}.items():", f"{pad}        if {pattern}.search({key}):",
                      f"{pad}            pass"]
            self.emit(sub, base, item, inner, indent + 3, depth + 1)
        for name, sub in properties.items():
            if sub is True:
                continue
            item = self.variable()
            inner += [f"{pad}    if {name!r} in {v}:", f"{pad}        {item} = {v}[{name!r}]"]
            self.emit(sub, base, item, inner, indent + 2, depth + 1)
        if inner:
            guard = "True" if known == "object" else f"isinstance({v}, dict)"
            out += [f"{pad}if {guard}:", *inner]


HANDLED = {"$ref", "type", "const", "enum", "minimum", "maximum", "minLength", "maxLength", "pattern", "format",
           "minItems", "maxItems", "uniqueItems", "items", "required", "properties", "additionalProperties", "allOf",
           "anyOf", "if", "then", "else", "minProperties", "maxProperties", "propertyNames", "patternProperties"}


def compile_check(schema: SubSchema, base: str, resolve: Resolve, formats: Mapping[str, Format]) -> FastCheck:
    """The generated check of ``schema`` (whose references are relative to ``base``)."""
    source = _Source(resolve, formats)
    main = source.body("check", schema, base, 0)
    text = "\n\n".join([*source.functions, main])
    namespace: dict[str, Any] = dict(source.values)
    exec(compile(text, f"<fast check of {base}>", "exec"), namespace)  # noqa: S102 - our own schema, our own code
    check: FastCheck = namespace["check"]  # the function the source defines
    check.source = text
    return check
