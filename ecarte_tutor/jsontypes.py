"""The JSON the tutor reads and writes, named for the type checker: a question and an answer.

A question is a JSON object as it arrives (from orjson, a form or a YAML case): its values are
not checked yet, so they are ``object`` until a reader of :mod:`ecarte_tutor.fields` has read
them. An answer is a JSON object the kinds build and ``ask()`` completes (``laws``,
``profile``...), so it is a plain ``dict`` too; the parts the engine reads back have their own
types where they are made (``Citing``, ``Duty``, ``HandFacts``...).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeAlias

# A dict rather than a Mapping: the tutor builds questions field by field (the lessons' drills, the
# practice table). The readers of ecarte_tutor.fields take any Mapping.
Question: TypeAlias = dict[str, object]
Answer: TypeAlias = dict[str, object]


class Outcome(Protocol):
    """What a kind's handler decides, typed where it is made (``engine.play.PlayAnswer``...): ``ask()`` sends on
    its JSON form, a fresh object each call (typed by its kind: ``engine.exchange.ExchangeJson``...)."""

    def as_json(self) -> Mapping[str, object]: ...
