"""Saying what is wrong in a wrong answer, rather than only that it is wrong.

Each exercise kind writes its own :class:`Diagnosis`: first the catalogue's mistakes that the
answer shows (:mod:`.mistakes`: each made by the engine on the very exercise), then, for an answer
no catalogued mistake explains, what the kind can say part by part (a card, a pair, a seat's count).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rulebook import RuleBook


@dataclass(frozen=True)
class Diagnosis:
    """What is wrong, in a player's words (never the whole answer), and the rule the mistake breaks."""

    text: str
    rule: str | None = None
    mistakes: tuple[str, ...] = ()  # the catalogue mistakes it names (rules/course/mistakes.yaml)


def profile_words(book: RuleBook, profile: str) -> str:
    """A profile as a player names it: "London rules" (its title up to any bracket)."""
    return f"{book.profiles[profile].title.split(' (')[0]} rules"
