"""Which scenarios and lessons exercise each law of the club code.

A scenario exercises a law when its ``expect`` lists it under ``laws`` (at any depth,
e.g. ``first_illegal.laws``) or when the answer to its question, for the kinds whose
answer names the laws (``dispute``, ``pack``), lists it. A lesson exercises a law when
any ``cites:`` list anywhere in its file holds ``law.<n>``. A law with ``remedy: true``
rules on an irregularity and must have at least one scenario.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import TypeGuard, TypeVar

from .asking import ask
from .library import Library
from .rulebook import RuleBook
from .scenarios import Scenario

T = TypeVar("T")

ASKED_KINDS = ("dispute", "pack")  # kinds whose answer itself lists the laws that took part


@dataclass
class LawCoverage:
    """One law and what exercises it."""

    law: int
    title: str | None
    in_book: bool
    remedy: bool
    scenarios: list[str] = field(default_factory=list)
    lessons: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def _collect(value: object, key: str, keep: Callable[[object], TypeGuard[T]]) -> set[T]:
    """Every item of a ``key`` list anywhere inside ``value`` that ``keep`` accepts."""
    found: set[T] = set()
    if isinstance(value, dict):
        for name, item in value.items():
            if name == key and isinstance(item, list):
                found |= {x for x in item if keep(x)}
            else:
                found |= _collect(item, key, keep)
    elif isinstance(value, list):
        for item in value:
            found |= _collect(item, key, keep)
    return found


def _is_law_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _laws_listed(value: object) -> set[int]:
    """Every law number in a ``laws`` list anywhere inside ``value``."""
    return _collect(value, "laws", _is_law_number)


def scenario_laws(case: Scenario, book: RuleBook) -> set[int]:
    """The laws a scenario exercises: those its expectation lists, and those its answer names."""
    laws = _laws_listed(case.expect)
    if case.question.get("kind") in ASKED_KINDS:
        laws |= _laws_listed({"laws": ask(case.question, book).get("laws")})
    return laws


def law_coverage(library: Library) -> list[LawCoverage]:
    """One entry per law of the club code, with the ids of the scenarios and lessons that exercise it."""
    book = library.book
    numbers = range(1, book.club_code_laws + 1)
    rows: dict[int, LawCoverage] = {}
    for n in numbers:
        rule = book.laws.get(n)
        rows[n] = LawCoverage(n, rule.title if rule else None, rule is not None, bool(rule and rule.remedy))
    for case in library.scenarios:
        for n in sorted(scenario_laws(case, book)):
            if n in rows:
                rows[n].scenarios.append(case.id)
    for lesson in library.lessons:
        for rule_id in lesson.cites:
            rule = book.rules.get(rule_id)
            if rule and rule.law in rows and lesson.id not in rows[rule.law].lessons:
                rows[rule.law].lessons.append(lesson.id)
    return [rows[n] for n in numbers]


def uncovered_remedies(rows: list[LawCoverage]) -> list[LawCoverage]:
    """Laws that remedy an irregularity but have no scenario."""
    return [row for row in rows if row.remedy and not row.scenarios]
