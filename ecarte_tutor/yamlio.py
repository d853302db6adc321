"""Strict YAML reading for every data file (rules, lessons, scenarios).

PyYAML's ``safe_load`` silently keeps the last of two equal keys and turns
``1897-01-01`` into a date; here a repeated key is an error and dates stay
strings. The C loader (libyaml) is used where it is installed.
"""
from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from yaml.nodes import MappingNode, ScalarNode

from .errors import DataError

if TYPE_CHECKING:  # the type checker reads the Python loader's interface, which the C one shares
    _Base = yaml.SafeLoader
else:
    _Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class StrictLoader(_Base):
    """Safe loader that rejects repeated keys and keeps dates as strings."""


def _mapping(loader: StrictLoader, node: MappingNode, deep: bool = False) -> dict[Hashable, object]:
    seen: dict[object, int] = {}
    for key_node, _value in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value, not a list or mapping", key_node.start_mark) from None
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} appears twice in one mapping (first on line {seen[key]})",
                key_node.start_mark)
        seen[key] = key_node.start_mark.line + 1
    return loader.construct_mapping(node, deep=deep)


def _timestamp_as_string(loader: StrictLoader, node: ScalarNode) -> str:
    return loader.construct_scalar(node)


StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
StrictLoader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp_as_string)


def load_yaml(path: Path) -> Any:
    """Read one YAML file strictly; a syntax error or repeated key raises :class:`DataError`.

    The document is whatever the file holds (like ``json.loads``, typed ``Any``): every caller
    validates it against its JSON Schema before reading it.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(path, f"cannot be read: {exc}") from None
    try:
        return yaml.load(text, Loader=StrictLoader)  # noqa: S506 - StrictLoader is a SafeLoader
    except yaml.YAMLError as exc:
        raise DataError(path, f"is not valid YAML: {exc}".replace("\n", " ")) from None
