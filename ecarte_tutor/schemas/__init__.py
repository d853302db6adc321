"""JSON Schemas for the data files, and a validator that names the bad key."""
from __future__ import annotations

import json
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


def schema_errors(name: str, document: object) -> list[ValidationError]:
    """Every schema violation in ``document``, most specific first."""
    errors = sorted(validator(name).iter_errors(document), key=lambda e: list(e.absolute_path))
    return errors


def explain(error: ValidationError) -> str:
    """One sentence for a schema error, preferring the deepest cause of a ``oneOf``."""
    best = error
    if error.context:
        best = max(error.context, key=lambda e: len(list(e.absolute_path)))
    message = best.message
    if best.validator == "additionalProperties" and isinstance(best.schema, Mapping):
        allowed = ", ".join(sorted(best.schema.get("properties", {})))
        message += f" (allowed: {allowed})"
    return message
