"""Strict YAML reading for every data file (rules, lessons, scenarios).

PyYAML's ``safe_load`` silently keeps the last of two equal keys and turns
``1897-01-01`` into a date; here a repeated key is an error and dates stay
strings. The C loader (libyaml) is used where it is installed.
"""
from __future__ import annotations

import os
import stat
from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

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


LARGEST_FILE = 4 * 1024 * 1024
"""No data file is larger (the largest, a scenario file, is under 100 kB)."""
MOST_VALUES = 500_000
"""No data file expands to more values once its aliases (``*name``) are followed: a few aliases of aliases
(the "billion laughs") expand to 10**9 and would take minutes and gigabytes."""


def read_data_file(path: Path) -> str:
    """The text of a regular file of at most LARGEST_FILE bytes, or :class:`DataError`.

    Opened without blocking and checked before reading, so a FIFO (or a device) is refused at once
    instead of waiting for a writer that never comes.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise DataError(path, f"cannot be read: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as file:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise DataError(path, "is not a regular file (a pipe, a device or a folder); give a YAML file")
        if status.st_size > LARGEST_FILE:
            raise DataError(path, f"is {status.st_size:,} bytes; a data file is at most {LARGEST_FILE:,}")
        data = file.read(LARGEST_FILE + 1)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(path, f"cannot be read: it is not UTF-8 text (byte {exc.start})") from None


def _expanded(node: Node, limit: int) -> int:
    """How many values ``node`` holds once every alias is followed, counting no further than ``limit``."""
    count = 0
    stack = [node]
    while stack and count <= limit:
        current = stack.pop()
        count += 1
        if isinstance(current, SequenceNode):
            stack.extend(current.value)
        elif isinstance(current, MappingNode):
            for key, value in current.value:
                stack += (key, value)
    return count


def load_yaml(path: Path) -> Any:
    """Read one YAML file strictly; a syntax error or repeated key raises :class:`DataError`.

    The document is whatever the file holds (like ``json.loads``, typed ``Any``): every caller
    validates it against its JSON Schema before reading it. Only a regular file of reasonable size
    is read, and a document whose aliases expand it beyond MOST_VALUES values is refused before
    anything is built from it.
    """
    text = read_data_file(Path(path))
    loader = StrictLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if ("*" in text or "<<" in text) and _expanded(node, MOST_VALUES) > MOST_VALUES:
            raise DataError(path, f"expands to more than {MOST_VALUES:,} values through its aliases (*name); "
                                  "write the values out instead")
        return loader.construct_document(node)
    except yaml.YAMLError as exc:
        raise DataError(path, f"is not valid YAML: {exc}".replace("\n", " ")) from None
    except RecursionError:
        raise DataError(path, "nests its values too deeply to be read") from None
    finally:
        loader.dispose()


def item_lines(path: Path, key: str, by: str = "") -> list[tuple[object, int, yaml.Node]]:
    """Each item of the list under the top-level ``key`` of a YAML file: its ``by`` value (its index when
    ``by`` is empty), the 1-based line it starts on, and its node (:func:`node_lines` reads inside it).

    For naming a line in a report (the index of where each rule is used, a failing case); the file is
    read as :func:`load_yaml` reads it, so call this only on files that load.
    """
    root = yaml.compose(read_data_file(Path(path)), Loader=StrictLoader)
    return node_lines(root, key, by)


def node_lines(node: yaml.Node | None, key: str, by: str = "") -> list[tuple[object, int, yaml.Node]]:
    """:func:`item_lines` inside a mapping node already read."""
    if not isinstance(node, MappingNode):
        return []
    items = next((value for name, value in node.value if isinstance(name, ScalarNode) and name.value == key), None)
    if not isinstance(items, yaml.SequenceNode):
        return []
    found: list[tuple[object, int, yaml.Node]] = []
    for index, item in enumerate(items.value):
        label: object = index
        if by and isinstance(item, MappingNode):
            label = next((value.value for name, value in item.value
                          if isinstance(name, ScalarNode) and name.value == by and isinstance(value, ScalarNode)), None)
        found.append((label, item.start_mark.line + 1, item))
    return found


def text_scalar(text: str) -> str:
    """``text`` written so that YAML reads it back as text: quoted where it would read as a number or another type
    (a fingerprint ``01706108`` or ``1e5…``, ``yes``)."""
    return text if isinstance(yaml.safe_load(text), str) else f'"{text}"'


def set_in_entry(lines: list[str], at: int, child: str, name: str, value: str) -> None:
    """Set ``name: value`` among the lines of the entry whose key is line ``at`` (its fields indented by ``child``),
    in place: the field's line rewritten, else added after the entry's last line (comments and layout kept)."""
    end = at + 1
    while end < len(lines) and (lines[end].startswith(child) or not lines[end].strip()):
        end += 1
    while end > at + 1 and not lines[end - 1].strip():
        end -= 1
    line = f"{child}{name}: {text_scalar(value)}\n"
    found = [i for i in range(at + 1, end) if lines[i].startswith(f"{child}{name}:")]
    if found:
        lines[found[0]] = line
    else:
        lines.insert(end, line)
