"""Which decision rows can both match the same facts, and whether each such pair states which takes precedence.

The interview rules by the first row that matches (:func:`.rows.by_precedence` orders them). Two rows
that can both match one story — the same irregularity, conditions and windows that some facts meet
together, the timeline's implications holding — would be ruled by whichever comes first in the rule
book, so moving one could change a ruling without a word. ``ecarte-tutor check`` therefore refuses
such a pair unless one of the two names the other under ``precedes``. Whether two rows can both
match is found by trying the facts they read: every value each one's conditions allow (for a number,
the ends of the range they share), closed under the timeline (:func:`.knowledge.close`).
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from ...rulebook import FactValue, Params, RuleBook
from .conditions import matches
from .interview import IRREGULARITY
from .knowledge import Knowledge, close
from .rows import Row, decision_rows


def _values(book: RuleBook, fact: str, rows: tuple[Row, Row]) -> list[FactValue]:
    """The values of ``fact`` that both rows allow (a number: the two ends of the range they share)."""
    spec = book.facts[fact]
    domain: list[FactValue]
    if spec["type"] == "boolean":
        domain = [True, False]
    elif spec["type"] == "choice":
        domain = [choice["value"] for choice in spec["choices"]]
    else:
        domain = list(range(spec.get("min", 0), spec.get("max", 0) + 1))
    allowed = [v for v in domain if all(matches(row.conditions[fact], v) for row in rows if fact in row.conditions)]
    if spec["type"] == "integer" and len(allowed) > 2:
        return [allowed[0], allowed[-1]]
    return allowed


def common_story(book: RuleBook, first: Row, second: Row) -> dict[str, FactValue] | None:
    """Facts that both rows match, the timeline holding (None when no such story exists)."""
    shared = [kind for kind in first.irregularities if kind in second.irregularities]
    facts = sorted(set(first.conditions) | set(second.conditions))
    choices = [_values(book, fact, (first, second)) for fact in facts]
    if not shared or not all(choices):
        return None
    for kind in shared:
        for combo in product(*choices):
            story: dict[str, FactValue] = {IRREGULARITY: kind, **dict(zip(facts, combo, strict=True))}
            if isinstance(close(book, story), Knowledge):
                return story
    return None


def _in_force(book: RuleBook) -> Iterator[Params]:
    """The parameters rows are put in force under: each profile, alone and with each agreement that is a switch."""
    for profile in book.profiles:
        yield book.params(profile)
        for name in book.agreements:
            value = book.agreement(name).get("value")
            if isinstance(value, (bool, int, str)):  # a switch: what may bring rows in force (a scale cannot)
                yield book.params(profile, ((name, value),))


def problems(book: RuleBook) -> list[str]:
    """Each pair of rows that can both match with no precedence stated, or with precedence both ways."""
    found: dict[tuple[str, str], str] = {}
    tried: set[tuple[str, str]] = set()
    for params in _in_force(book):
        for first, second in combinations(decision_rows(book, params), 2):
            pair = (first.case, second.case)
            if pair in tried:
                continue
            tried.add(pair)
            ahead = second.case in first.decision.get("precedes", ())
            behind = first.case in second.decision.get("precedes", ())
            if ahead and behind:
                found[pair] = f"{first.case} and {second.case} each state that they precede the other"
                continue
            if ahead or behind:
                continue
            story = common_story(book, first, second)
            if story is not None:
                told = ", ".join(f"{name}: {str(value).lower() if isinstance(value, bool) else value}"
                                 for name, value in story.items())
                found[pair] = (f"{first.case} ({first.rule.file}) and {second.case} ({second.rule.file}) can both "
                               f"match ({told}): state which rules with `precedes` on one of them")
    return sorted(found.values())
