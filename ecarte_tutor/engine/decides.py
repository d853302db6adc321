"""Which rules of the rule book the engine applies, and the code that applies each one.

A function that applies a rule says so: ``@decides("play.lead", "law.43")`` names every
rule id it cites and every rule whose engine parameter it reads, so that a search for
``play.head-the-trick`` finds the code that applies it. The laws an answer names then
follow from the cited ``law.*`` rules (:class:`~ecarte_tutor.engine.citing.Reasons`).

``ecarte-tutor check`` (and a test) verifies, against a loaded rule book, that every id
named here exists, and that every rule setting an engine parameter is applied somewhere:
by a function marked here, or by a decision table of the dispute interview.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..rulebook import RuleBook

F = TypeVar("F", bound=Callable[..., object])

_APPLIED: dict[str, set[str]] = {}  # rule id -> the functions (module.qualname) that apply it


def decides(*rule_ids: str) -> Callable[[F], F]:
    """Mark a function as the code that applies these rules."""
    def mark(function: F) -> F:
        where = f"{function.__module__}.{function.__qualname__}"
        for rule_id in rule_ids:
            _APPLIED.setdefault(rule_id, set()).add(where)
        return function
    return mark


def applied_rules() -> dict[str, frozenset[str]]:
    """Every rule id the engine's code names, with the functions that apply it."""
    from . import kinds  # noqa: F401 - importing the kinds imports every module that applies a rule

    return {rule_id: frozenset(where) for rule_id, where in _APPLIED.items()}


def problems(book: RuleBook) -> list[str]:
    """What does not hold between the engine's code and ``book`` (empty when all is well)."""
    applied = applied_rules()
    found = [f"the engine applies '{rule_id}' ({', '.join(sorted(where))}), which is not in the rule book"
             for rule_id, where in sorted(applied.items()) if rule_id not in book.rules]
    for rule in book.rules.values():
        sets_parameter = bool(rule.params) or bool(rule.variant)
        if sets_parameter and rule.id not in applied and not rule.decisions and not rule.optional:
            found.append(f"'{rule.id}' sets an engine parameter that no code of the engine applies "
                         "(mark the function that reads it with @decides)")
    return found
