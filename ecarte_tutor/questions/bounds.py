"""The sizes no question of a kind can exceed, read from its schema, so an absurd question is refused cheaply.

A question that fails the fast check goes to jsonschema to be told what is wrong, and
jsonschema's work grows with every item and key it visits (about 0.1 ms an item). A 64 KiB
body can hold 16,000 items, 5,000 unknown fields or a string of 60,000 characters. So
before jsonschema sees a question, one pass over it (:meth:`Bounds.problem`, linear in the
question's size) refuses any list longer than the longest list the kind's schema allows, any
object with more fields than its largest object has, any text longer than its longest text
and any nesting deeper than its deepest: such a value is wrong wherever it stands. What
remains is small, and every question costs about the same to check (bench/fuzz_api.py).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import QuestionError, excerpt
from ..i18n import tr
from .report import field_path
from .schemas import Schema, SubSchema

TEXT_FLOOR = 200
"""No text bound is lower: a card, a name or a fact value may carry blanks around it, as the readers allow."""
SUBSCHEMAS = ("items", "additionalProperties", "propertyNames", "then", "else", "if", "not", "contains")
SCHEMA_LISTS = ("anyOf", "allOf", "oneOf", "prefixItems")
SCHEMA_MAPS = ("properties", "patternProperties")  # $defs are reached through the $refs that use them
UNBOUNDED = 1 << 62
_CONTAINERS = (dict, list)
MARGIN = 2
"""How far over a bound a value must be to be refused before the check reads it."""
DEEPER = 2
"""How many levels past the deepest a value must nest to be refused before the check reads it."""


@dataclass(frozen=True)
class Bounds:
    """The longest list, the largest object, the longest text and the deepest nesting a kind's questions may have."""

    kind: str
    items: int
    fields: int
    text: int
    depth: int

    def problem(self, question: object) -> QuestionError | None:
        """The first value of ``question`` (in the order written) far over a bound, as an error; None if none is.

        Only a value MARGIN times over (or nested DEEPER levels past the deepest) is refused here: one just
        over is left to the check and the kind's own reader, whose messages are the precise ones. A quick
        pass finds whether anything is over; only then is the question walked again, for the path.
        """
        if not self._anything_over(question, 0):
            return None
        for path, value, depth in _walk(question):
            if not self._over(value, depth):
                continue
            field = field_path(path) or None
            name = f"'{field}'" if field else tr("The question")
            in_facts = path[:1] == ["facts"]
            code = "bad-fact-value" if in_facts else "bad-field"
            unknown = "unknown-fact" if in_facts else "unknown-field"
            if depth > self.depth + DEEPER:
                return QuestionError(code, tr("%(name)s nests values %(depth)d deep; no %(kind)s question nests them "
                                              "deeper than %(most)d.", name=name, depth=depth, kind=self.kind,
                                              most=self.depth), field)
            if isinstance(value, str):
                return QuestionError(code, tr("%(name)s is %(count)s characters long (%(value)s), far longer than any "
                                              "text of a %(kind)s question (at most %(most)d).", name=name,
                                              count=_figures(len(value)), value=excerpt(value), kind=self.kind,
                                              most=self.text), field)
            if isinstance(value, list):
                return QuestionError(code, tr("%(name)s holds %(count)s items, far more than any list of a %(kind)s "
                                              "question (at most %(most)d).", name=name, count=_figures(len(value)),
                                              kind=self.kind, most=self.items), field)
            assert isinstance(value, dict)  # _over holds for nothing else
            if len(value) > MARGIN * self.fields:
                return QuestionError(unknown, tr("%(name)s has %(count)s fields, far more than any object of a "
                                                 "%(kind)s question has (at most %(most)d).", name=name,
                                                 count=_figures(len(value)), kind=self.kind, most=self.fields), field)
            long = next(key for key in value if len(key) > MARGIN * self.text)
            return QuestionError(unknown, tr("%(name)s has a field whose name is %(count)s characters long "
                                             "(%(value)s); no field's name is that long.", name=name,
                                             count=_figures(len(long)), value=excerpt(long)), field)
        return None

    def _anything_over(self, value: object, depth: int) -> bool:
        """Whether ``value`` (at ``depth``) or anything in it is over (recursion no deeper than the bound allows)."""
        if depth > self.depth + DEEPER:
            return True
        kind = type(value)
        if kind is str:
            return len(value) > MARGIN * self.text  # type: ignore[arg-type]
        if kind is list:
            items: list[object] = value  # type: ignore[assignment]
            if len(items) > MARGIN * self.items:
                return True
            for item in items:
                if type(item) in _CONTAINERS and self._anything_over(item, depth + 1) or \
                        type(item) is str and len(item) > MARGIN * self.text:
                    return True
            return False
        if kind is dict:
            fields: dict[str, object] = value  # type: ignore[assignment]
            if len(fields) > MARGIN * self.fields:
                return True
            for key, item in fields.items():
                if len(key) > MARGIN * self.text or type(item) in _CONTAINERS and \
                        self._anything_over(item, depth + 1) or \
                        type(item) is str and len(item) > MARGIN * self.text:
                    return True
            return False
        return False

    def _over(self, value: object, depth: int) -> bool:
        if depth > self.depth + DEEPER:
            return True
        if isinstance(value, str):
            return len(value) > MARGIN * self.text
        if isinstance(value, list):
            return len(value) > MARGIN * self.items
        if isinstance(value, dict):
            return len(value) > MARGIN * self.fields or any(len(key) > MARGIN * self.text for key in value)
        return False


def _walk(question: object) -> Iterator[tuple[list[str | int], object, int]]:
    """(path, value, depth) of every value of ``question``, depth first in the order written (no recursion)."""
    stack: list[tuple[list[str | int], object, int]] = [([], question, 0)]
    while stack:
        path, value, depth = stack.pop()
        yield path, value, depth
        if isinstance(value, dict):
            stack.extend(([*path, key], item, depth + 1) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend(([*path, index], item, depth + 1) for index, item in reversed(list(enumerate(value))))


def bounds_of(kind: str, schema: Schema, file: str, resolve: Any) -> Bounds:
    """The bounds of ``kind``'s questions from its schema, stored as ``file`` (``resolve(ref, base)`` follows $refs)."""
    found = {"items": 0, "fields": 0, "text": TEXT_FLOOR, "depth": 0}

    def visit(node: SubSchema, base: str, depth: int, seen: frozenset[int], limit: int = UNBOUNDED) -> None:
        """``limit``: the maxItems of the node whose $ref led here (``{"$ref": ..., "maxItems": 5}``)."""
        if not isinstance(node, dict) or id(node) in seen or len(seen) > 64:
            return
        seen = seen | {id(node)}
        if "$ref" in node:
            target, target_base = resolve(node["$ref"], base)
            visit(target, target_base, depth, seen, int(node.get("maxItems", UNBOUNDED)))
        nests = "items" in node or "prefixItems" in node or "properties" in node or "patternProperties" in node
        found["depth"] = max(found["depth"], depth + (1 if nests else 0))
        is_list = node.get("type") == "array" or "items" in node or "prefixItems" in node
        if is_list or "maxItems" in node:
            found["items"] = max(found["items"], min(limit, int(node.get("maxItems", UNBOUNDED))))
        if node.get("additionalProperties", False) is not False and "maxProperties" not in node and nests:
            found["fields"] = UNBOUNDED  # an object open to any field
        found["fields"] = max(found["fields"], len(node.get("properties", {})), int(node.get("maxProperties", 0)))
        found["text"] = max(found["text"], int(node.get("maxLength", 0)),
                            *(len(value) for value in [node.get("const"), *node.get("enum", ())]
                              if isinstance(value, str)))
        inner = depth + 1 if nests else depth
        for key in SUBSCHEMAS:
            if key in node:
                visit(node[key], base, inner if key in ("items", "additionalProperties") else depth, seen)
        for key in SCHEMA_LISTS:
            for item in node.get(key, ()):
                visit(item, base, inner if key == "prefixItems" else depth, seen)
        for key in SCHEMA_MAPS:
            for item in node.get(key, {}).values():
                visit(item, base, inner if key != "$defs" else depth, seen)

    visit(schema, file, 0, frozenset())
    return Bounds(kind, **found)


def _figures(count: int) -> str:
    """A large count as a message writes it, its thousands apart: 12,000."""
    return f"{count:,}"
