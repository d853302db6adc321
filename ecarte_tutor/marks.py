"""The marks the code puts where it meets the rule book, so that ``ecarte-tutor check`` finds each one.

- ``@decides("play.lead", "law.43")`` on a function names every rule it applies: each rule id it
  cites, and each rule whose engine parameter it reads. A search for ``play.head-the-trick``
  then finds the code that applies it, and the index of where each rule is used
  (``ecarte-tutor rules play.head-the-trick --trace``) lists it.
- ``fact_name``, ``fact_value``, ``option_id`` and ``law_number`` mark a dispute fact, a value of
  one, a remedy option or a law written in Python (``option_id("draw-surplus")``), so that renaming
  one in the data alone makes ``check`` fail, naming the line of Python that still uses the old name.

Nothing here does anything at run time (each mark returns what it is given): the marks are read
from the source by :mod:`ecarte_tutor.codescan`, which holds them against the loaded rule book. A
rule id needs no mark of its own: every string of a rule id's shape is read as one.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])


def decides(*rule_ids: str) -> Callable[[F], F]:
    """Mark a function as the code that applies these rules (read from the source; nothing is kept)."""
    def mark(function: F) -> F:
        return function
    return mark


def fact_name(name: str) -> str:
    """A dispute fact's name (rules/dispute-facts.yaml, ``facts``)."""
    return name


def fact_value(fact: str, value: str) -> str:
    """One value a choice fact may take (``fact_value("irregularity", "incorrect-pack")``)."""
    return value


def option_id(option: str) -> str:
    """A remedy option's id (rules/dispute-facts.yaml, ``options``)."""
    return option


def law_number(number: int) -> int:
    """A law of the club code by its number (rules/laws/*.yaml, ``law``)."""
    return number
