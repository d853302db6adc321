"""The jeux de règle as data: the hand patterns of ``rules/strategy/patterns.yaml``.

The rule book loads them with its sections (``RuleBook.strategy``); the ``advice`` kind
(:mod:`ecarte_tutor.engine.advice`) matches a hand against them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from .errors import DataError
from .marks import decides
from .schemas import explain, key_path, schema_errors
from .yamlio import load_yaml

PATTERNS_FILE = Path("strategy") / "patterns.yaml"  # relative to the rule-book folder
KING_EXCEPTION_RULE = "strategy.king-exception"  # with the king of trumps the elder proposes all the same
SEAT_ADVICE = {"elder": ("play", "propose"), "dealer": ("refuse", "accept")}
STAKE = re.compile(r"\{stake:([a-z]+)\}")
"""In a default's explanation: what the seat's committing choice stakes at this proposal, filled from
the ``advice`` answer's consequences (never a figure written in the file)."""


# The shapes of patterns.yaml (strategy.schema.json), as the loaded file holds them.
class Limits(TypedDict, total=False):
    """How many cards: at least ``min``, at most ``max`` (either may be left out)."""

    min: int
    max: int


class SuitCondition(TypedDict, total=False):
    """Some one plain suit of the hand meets all of these."""

    cards: Limits
    any_of: list[str]
    all_of: list[str]
    others_in: list[str]


class RankCount(Limits):
    """The plain cards of these ranks number from ``min`` to ``max``."""

    ranks: list[str]


class When(TypedDict, total=False):
    """The conditions of a pattern: each one given must hold."""

    trumps: Limits
    trump_king: bool
    suit: SuitCondition
    count: list[RankCount]
    guarded: list[str]


class SeatDefault(TypedDict):
    """A seat's advice when no pattern fits."""

    advice: str
    rule: str
    explanation: str
    patterns_name: str  # what the seat's patterns are called: the elder's are the jeux de règle


@dataclass(frozen=True)
class Pattern:
    """One hand pattern: the seat it is for, the advice it gives and the conditions it needs."""

    id: str
    seat: str
    advice: str
    rule: str
    label: str
    when: When
    king_exception: bool = True


@dataclass(frozen=True)
class Strategy:
    """Every pattern in file order, and each seat's advice when no pattern fits."""

    patterns: tuple[Pattern, ...]
    defaults: dict[str, SeatDefault]

    def named(self, seat: str) -> str:
        """What the seat's patterns are called: the jeux de règle are the elder's alone."""
        return self.defaults[seat]["patterns_name"]

    def justifying(self, seat: str, advice: str) -> tuple[Pattern, ...]:
        """The seat's patterns that advise ``advice``: the only ones that can be said to justify it."""
        return tuple(p for p in self.patterns if p.seat == seat and p.advice == advice)

    @decides(KING_EXCEPTION_RULE)
    def rule_ids(self) -> set[str]:
        """Every strategy rule the patterns and defaults cite (all must be in the rule book)."""
        return {p.rule for p in self.patterns} | {d["rule"] for d in self.defaults.values()} | {KING_EXCEPTION_RULE}


def patterns_named(strategy: Strategy | None, seat: str) -> str:
    """What the seat's patterns are called, for a book whose advice was just given (it has them)."""
    if strategy is None:
        raise DataError("rules/strategy/patterns.yaml", "this rule book has no hand patterns")
    return strategy.named(seat)


def load_strategy(path: Path | str) -> Strategy:
    """Read and check a patterns file; a defect raises :class:`DataError` naming the key."""
    path = Path(path)
    document = load_yaml(path)
    for error in schema_errors("strategy", document):
        raise DataError(path, explain(error), key=key_path(error))
    patterns, seen = [], set()
    for index, entry in enumerate(document["patterns"]):
        key = f"patterns[{index}]"
        if (entry["seat"], entry["id"]) in seen:
            raise DataError(path, f"pattern id '{entry['id']}' is used twice for the {entry['seat']}", key=f"{key}.id")
        seen.add((entry["seat"], entry["id"]))
        if entry["advice"] not in SEAT_ADVICE[entry["seat"]]:
            raise DataError(path, f"the {entry['seat']} can only be advised to "
                                  f"{' or '.join(SEAT_ADVICE[entry['seat']])}", key=f"{key}.advice")
        patterns.append(Pattern(entry["id"], entry["seat"], entry["advice"], entry["rule"], entry["label"],
                                entry["when"], entry.get("king_exception", True)))
    for seat, default in document["defaults"].items():
        if default["advice"] not in SEAT_ADVICE[seat]:
            raise DataError(path, f"the {seat} can only be advised to {' or '.join(SEAT_ADVICE[seat])}",
                            key=f"defaults.{seat}.advice")
        _check_template(path, seat, default["explanation"])
    return Strategy(tuple(patterns), document["defaults"])


def _check_template(path: Path, seat: str, text: str) -> None:
    """A default's explanation may name only what its own seat's committing choice stakes, and states
    no figure of its own: costs come from the scoring."""
    key = f"defaults.{seat}.explanation"
    committing = SEAT_ADVICE[seat][0]
    for match in STAKE.finditer(text):
        if match.group(1) != committing:
            raise DataError(path, f"'{{stake:{match.group(1)}}}': the {seat}'s explanation can only say what "
                                  f"{committing!r} stakes ({{stake:{committing}}})", key=key)
    rest = STAKE.sub("", text)
    if "{" in rest or "}" in rest:
        raise DataError(path, f"only {{stake:{committing}}} may be filled in: '{rest[rest.find('{'):][:30]}'",
                        key=key)
    if re.search(r"\d", rest):
        raise DataError(path, "an explanation states no figure of its own (write {stake:...}: the scoring fills "
                              "it in for the proposal at hand)", key=key)
