"""Which scenarios and lessons exercise each of the club code's 51 laws.

A scenario exercises a law when its ``expect`` lists it under ``laws`` (at any depth,
e.g. ``first_illegal.laws``) or when the answer to its question, for the kinds whose
answer names the laws (``dispute``, ``pack``), lists it. A lesson exercises a law when
any ``cites:`` list anywhere in its file holds ``law.<n>``. A law with ``remedy: true``
rules on an irregularity and must have at least one scenario.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from .ask import ask
from .rulebook import RuleBook
from .yamlio import load_yaml

LAW_NUMBERS = tuple(range(1, 52))
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

    def as_dict(self) -> dict:
        return asdict(self)


def _collect(value, key: str, keep) -> set:
    """Every item of a ``key`` list anywhere inside ``value`` that ``keep`` accepts."""
    found: set = set()
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


def _laws_listed(value) -> set[int]:
    """Every law number in a ``laws`` list anywhere inside ``value``."""
    return _collect(value, "laws", lambda n: isinstance(n, int) and not isinstance(n, bool))


def scenario_laws(case, book: RuleBook) -> set[int]:
    """The laws a scenario exercises: those its expectation lists, and those its answer names."""
    laws = _laws_listed(case.expect)
    if case.question.get("kind") in ASKED_KINDS:
        laws |= _laws_listed({"laws": ask(case.question, book).get("laws")})
    return laws


def _cites(value) -> set[str]:
    """Every rule id in a ``cites`` list anywhere inside ``value``."""
    return _collect(value, "cites", lambda c: isinstance(c, str))


def lesson_cites(folder: Path) -> dict[str, set[str]]:
    """Lesson id (the file name) -> every rule id it cites; an absent folder is empty."""
    folder = Path(folder)
    lessons: dict[str, set[str]] = {}
    if not folder.is_dir():
        return lessons
    for path in sorted(folder.rglob("*.yaml")):
        lessons.setdefault(path.stem, set()).update(_cites(load_yaml(path)))
    return lessons


def law_coverage(book: RuleBook, scenarios, lessons_folder: Path) -> list[LawCoverage]:
    """One entry per law 1–51, with the ids of the scenarios and lessons that exercise it."""
    rows = {}
    for n in LAW_NUMBERS:
        rule = book.laws.get(n)
        rows[n] = LawCoverage(n, rule.title if rule else None, rule is not None, bool(rule and rule.remedy))
    for case in scenarios:
        for n in sorted(scenario_laws(case, book)):
            if n in rows:
                rows[n].scenarios.append(case.id)
    for lesson_id, cites in sorted(lesson_cites(lessons_folder).items()):
        for n in LAW_NUMBERS:
            if f"law.{n}" in cites:
                rows[n].lessons.append(lesson_id)
    return [rows[n] for n in LAW_NUMBERS]


def uncovered_remedies(rows: list[LawCoverage]) -> list[LawCoverage]:
    """Laws that remedy an irregularity but have no scenario."""
    return [row for row in rows if row.remedy and not row.scenarios]
