"""The shapes of the rule book's sources and dispute facts, as loaded (``rules/sources.yaml``,
``rules/dispute-facts.yaml``), named for the type checker.

They sit below :mod:`ecarte_tutor.rulebook` (which re-exports them with the shapes of its other
files) so that the player's vocabulary (:mod:`ecarte_tutor.wording`), a layer under the rule book,
can name what it reads of them.
"""
from __future__ import annotations

from typing import Literal, NotRequired, TypeAlias, TypedDict

FactValue: TypeAlias = str | bool | int
"""The value of a dispute fact (rules/dispute-facts.yaml: a choice, true/false or a whole number)."""


class Bounds(TypedDict, total=False):
    """A condition on a whole-number fact: from ``min`` to ``max`` (either may be left out)."""

    min: int
    max: int


Condition: TypeAlias = FactValue | list[FactValue] | Bounds
"""A condition on a fact: one value, any of a list of values, or bounds."""


class Source(TypedDict):
    """A text the rules cite (rules/sources.yaml)."""

    id: str
    title: str
    author: NotRequired[str]
    year: NotRequired[str]
    kind: str
    file: NotRequired[str]
    url: NotRequired[str]
    language: NotRequired[str]
    summary: str
    authority: NotRequired[int]
    laws: NotRequired[int]


class FactChoice(TypedDict):
    value: FactValue
    label: str


class Moment(TypedDict):
    requires: NotRequired[list[str]]
    happened: str
    pending: str


class Stage(TypedDict):
    """A group of a fact's choices: those of one moment of the hand."""

    label: str
    choices: list[FactValue]


class Fact(TypedDict):
    """A fact the dispute interview may ask for (rules/dispute-facts.yaml)."""

    name: str
    type: Literal["choice", "boolean", "integer"]
    question: str
    help: NotRequired[str]
    agreement: NotRequired[str]  # the agreement that makes it matter (asked only under it)
    min: NotRequired[int]
    max: NotRequired[int]
    choices: list[FactChoice]
    stages: NotRequired[list[Stage]]
    moment: NotRequired[Moment]
