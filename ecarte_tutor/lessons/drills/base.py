"""A drill: fresh exercises on one rule, made at random from a seed and kept only if the engine agrees.

A maker returns an exercise entry (``kind``, ``prompt``, ``position``, ``hint``), built to sit on
the rule's boundary (a hand with one card above the card led and one below, a stock one card
short...). The engine then answers it, and the entry is kept only when the answer cites one of
the rules the drill ``accepts``: the rule itself, unless said otherwise.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeAlias

from ...cards import PACK, Card, Suit
from ...i18n import DEFAULT_LANG, current, tr
from ...jsontypes import Question
from ...rulebook import RuleBook
from ..model import ExerciseEntry

ATTEMPTS = 200  # makers that keep failing have a defect: a test draws every drill many times

Maker: TypeAlias = Callable[[random.Random, RuleBook], ExerciseEntry]
"""Makes an exercise entry from a random generator, for the rule book."""


@dataclass(frozen=True)
class RuleDrill:
    """How to make a fresh exercise on ``rule`` (a lesson drill; the practice table's are table.drills.Drill)."""

    rule: str
    make: Maker
    accepts: tuple[str, ...] = ()  # rules one of which the engine's answer must cite (default: the rule)

    @property
    def cited(self) -> tuple[str, ...]:
        return self.accepts or (self.rule,)


REGISTRY: dict[str, RuleDrill] = {}


def drill(*rules: str, accepts: tuple[str, ...] = ()) -> Callable[[Maker], Maker]:
    """Register the decorated maker as the drill of each of ``rules``."""
    def register(make: Maker) -> Maker:
        for rule in rules:
            REGISTRY[rule] = RuleDrill(rule, make, accepts)
        return make
    return register


def suit_of(rng: random.Random, *besides: Suit) -> Suit:
    return rng.choice([s for s in Suit if s not in besides])


def cards_of(*suits: Suit) -> list[Card]:
    return [c for c in PACK if c.suit in suits]


def codes(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def profile_of(rng: random.Random, book: RuleBook) -> str | None:
    """A profile for a drill on a variant: None for the default one, so its position stays plain."""
    name = rng.choice(list(book.profiles))
    return None if name == book.default_profile else name


def under(book: RuleBook, profile: str | None, sentence: str) -> str:
    """``sentence``, opened by the profile it is ruled under ("Under the Modern rules, the..."); as it is
    under the default profile."""
    if profile is None:
        return sentence
    rule, lang = book.profiles[profile], current()
    title = rule.title if lang == DEFAULT_LANG else book.text(rule.id, "title", lang)
    return tr("Under the %(profile)s rules, %(sentence)s", profile=title.split(" (")[0],
              sentence=sentence[0].lower() + sentence[1:])


def with_profile(position: Question, profile: str | None) -> Question:
    return {**position, "profile": profile} if profile else position
