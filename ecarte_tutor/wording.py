"""A player's vocabulary: how pages and messages name cards, seats, rules, laws, options and cases.

Ids (``law.43``, ``fresh-deal``, ``bad-deal``) belong to the JSON API and to the details kept for
referees. Everything a player reads names things through here, with words taken from the data:
rule and law titles, option labels, the questions and choices of the dispute facts, profile titles.
"""
from __future__ import annotations

from typing import Any

from .cards import RANK_NAMES, Card, parse_card
from .errors import CardNotationError

SEAT_NAMES = {"elder": "the elder hand (non-dealer)", "dealer": "the dealer"}
"""How explanations name the seats."""

KIND_NAMES = {
    "play": "May I play it?", "trick": "Who wins the trick?", "score": "What does the hand score?",
    "exchange": "The stock runs short", "hand": "A whole hand refereed", "analyse": "How should it be played?",
    "dispute": "Disputes", "pack": "Is the pack correct?", "advice": "Advice: propose or play?",
    "record": "A record of tricks checked", "pool": "Pools of three or more",
}
"""The kinds of question as a player would ask them (the casebook's filter)."""


def _card(card) -> Card | None:
    if isinstance(card, Card):
        return card
    try:
        return parse_card(card)
    except CardNotationError:
        return None


def card_short(card) -> str:
    """A card as a player writes it: ``J♠`` (text that is no card comes back as it is)."""
    found = _card(card)
    return found.pretty if found else str(card)


def card_name(card) -> str:
    """A card in words: ``the knave of spades``."""
    found = _card(card)
    return f"the {RANK_NAMES[found.rank]} of {found.suit.english}" if found else str(card)


def card_list(cards) -> str:
    """Cards as a player writes them, comma-separated: ``Q♠, 7♠``."""
    return ", ".join(card_short(card) for card in cards)


def seat_name(seat) -> str:
    return SEAT_NAMES.get(seat, "nobody" if seat is None else str(seat))


def kind_name(kind: str) -> str:
    return KIND_NAMES.get(kind, kind.capitalize() if kind else "A question")


class Words:
    """The vocabulary of one rule book: every name is looked up in its data."""

    # The book-free names, so that a template needs only this one object.
    card, card_name, cards, seat, kind = (staticmethod(card_short), staticmethod(card_name),
                                          staticmethod(card_list), staticmethod(seat_name), staticmethod(kind_name))

    def __init__(self, book: Any) -> None:  # a RuleBook (the rule book sits above this module's layer)
        self.book = book
        self.moments = {name for name, fact in book.facts.items() if fact.get("moment")}

    def law(self, number) -> str:
        """``Law 43 — Revoking, or not winning a trick when able``."""
        rule = self.book.laws.get(number)
        return f"Law {number} — {rule.title}" if rule else f"Law {number}"

    def rule(self, rule_id: str) -> str:
        """A rule by its title (a law by its number and title); an id the book lacks, in words."""
        found = self.book.rules.get(rule_id)
        if found is None:
            return "a rule that is no longer in the rule book"
        return self.law(found.law) if found.law else found.title

    def option(self, option_id: str) -> str:
        """A remedy option by its label in the dispute facts."""
        return self.book.option_labels.get(option_id, option_id.replace("-", " ").capitalize())

    def fact(self, name: str) -> str:
        """A dispute fact by the question the interview asks about it."""
        fact = self.book.facts.get(name)
        return fact.get("question", name) if fact else name.replace("_", " ")

    def fact_value(self, name: str, value) -> str:
        """A fact's value by the label of its choice (yes / no for a yes-or-no fact)."""
        fact = self.book.facts.get(name) or {}
        for choice in fact.get("choices", ()):
            if choice.get("value") == value and type(choice.get("value")) is type(value):
                return choice.get("label", str(value))
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def fact_state(self, name: str, value) -> str:
        """A fact and its value as a player says them: a moment as what had (not) happened by then,
        any other fact as its question and the answer (“Whose hand is wrong?” The dealer's)."""
        moment = (self.book.facts.get(name) or {}).get("moment")
        if moment and isinstance(value, bool):
            return moment["happened" if value else "pending"]
        return f"“{self.fact(name)}” {self.fact_value(name, value)}"

    def fact_condition(self, name: str, condition) -> str:
        """What a decision row asks of a fact (a value, a list of values, or ``{min, max}``), in words."""
        if isinstance(condition, dict):
            low, high = condition.get("min"), condition.get("max")
            span = (f"from {low} to {high}" if low is not None and high is not None
                    else f"at least {low}" if low is not None else f"at most {high}")
            return f"“{self.fact(name)}” {span}"
        if isinstance(condition, list):
            return f"“{self.fact(name)}” " + " or ".join(str(self.fact_value(name, v)) for v in condition)
        return self.fact_state(name, condition)

    def profile(self, name: str, *, full: bool = False) -> str:
        """A profile by its title; in running text only the part before its dash: ``London (the club code)``."""
        rule = self.book.profiles.get(name)
        if rule is None:
            return name
        return rule.title if full else rule.title.split(" — ")[0]

    def source(self, source_id: str) -> str:
        """A source by its title, as ``rules/sources.yaml`` gives it."""
        found = self.book.sources.get(source_id)
        return found.get("title", source_id) if found else source_id
