"""How a condition of the dispute data (a value, a list of values, or ``{min, max}``) is met."""
from __future__ import annotations

from ...rulebook import Condition


def matches(condition: Condition, value: object) -> bool:
    """Does a known fact value satisfy a condition?"""
    if isinstance(condition, dict):
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return condition.get("min", value) <= value <= condition.get("max", value)
    if isinstance(condition, list):
        return any(same(item, value) for item in condition)
    return same(condition, value)


def same(a: object, b: object) -> bool:
    # True == 1 in Python; a boolean fact must not match an integer condition.
    return type(a) is type(b) and a == b
