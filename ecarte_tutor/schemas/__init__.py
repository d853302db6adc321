"""JSON Schemas for the data files, and a validator that names the bad key."""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource

SCHEMA_DIR = Path(__file__).resolve().parent


@cache
def _registry() -> Registry:
    resources = []
    for path in SCHEMA_DIR.glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


@cache
def validator(name: str) -> Draft202012Validator:
    """The validator for ``<name>.schema.json``."""
    registry = _registry()
    schema = registry.contents(f"{name}.schema.json")
    return Draft202012Validator(schema, registry=registry)


def key_path(error: ValidationError) -> str:
    """A readable path to the failing key: ``rules[3].sources[0].locator``."""
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


LONGEST_STRING = 20_000
"""No string of a data file is longer (titles and prose have tighter bounds: text.schema.json)."""
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""Control characters but tab and line breaks: a terminal would obey them (colours, a cleared screen)."""


def string_errors(document: object) -> list[ValidationError]:
    """Every string of ``document`` (keys included) over LONGEST_STRING or holding a control character."""
    found = []
    stack: list[tuple[tuple[str | int, ...], object]] = [((), document)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                stack.append(((*path, key), item))
                if isinstance(key, str):
                    stack.append(((*path, key), key))
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in enumerate(value))
        elif isinstance(value, str):
            if len(value) > LONGEST_STRING:
                found.append(ValidationError(f"a text of {len(value):,} characters is longer than any a data file "
                                             f"may hold ({LONGEST_STRING:,})", path=list(path)))
            elif (bad := CONTROL.search(value)) is not None:
                found.append(ValidationError(f"holds the control character U+{ord(bad.group()):04X}, which a "
                                             "terminal or a page would not show as text", path=list(path)))
    return found


def schema_errors(name: str, document: object) -> list[ValidationError]:
    """Every schema violation in ``document``, most specific first; a string too long or holding a control
    character anywhere is one too, and comes first (the schema's own message would quote it)."""
    strings = string_errors(document)
    if strings:
        return sorted(strings, key=lambda e: [str(part) for part in e.absolute_path])
    errors = sorted(validator(name).iter_errors(document), key=lambda e: list(e.absolute_path))
    return errors


def explain(error: ValidationError) -> str:
    """One sentence for a schema error, preferring the deepest cause of a ``oneOf``."""
    best = error
    if error.context:
        best = max(error.context, key=lambda e: len(list(e.absolute_path)))
    message = best.message
    schema = best.schema if isinstance(best.schema, Mapping) else {}
    if best.validator in ("maxLength", "minLength") and isinstance(best.instance, str):
        bound = "at most" if best.validator == "maxLength" else "at least"
        message = f"is {len(best.instance):,} characters long; it must be {bound} {best.validator_value:,}"
    elif best.validator == "pattern" and schema.get("description") and isinstance(best.instance, str):
        shown = repr(best.instance[:40]) + ("…" if len(best.instance) > 40 else "")
        message = f"{shown} is not as it must be: {schema['description'][0].lower()}" \
                  f"{schema['description'][1:]}"
    if best.validator == "additionalProperties" and isinstance(best.schema, Mapping):
        allowed = ", ".join(sorted(best.schema.get("properties", {})))
        message += f" (allowed: {allowed})"
    return message
