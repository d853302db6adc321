"""Saying what is wrong in a wrong answer, rather than only that it is wrong.

Each exercise kind writes its own :class:`Diagnosis`: first the catalogue's mistakes that the
answer shows (:mod:`.mistakes`: each made by the engine on the very exercise), then, for an answer
no catalogued mistake explains, what the kind can say part by part (a card, a pair, a seat's count).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..i18n import DEFAULT_LANG, current, marked, tr
from ..rulebook import RuleBook


@dataclass(frozen=True)
class Diagnosis:
    """What is wrong, in a player's words (never the whole answer), and the rule the mistake breaks."""

    text: str
    rule: str | None = None
    mistakes: tuple[str, ...] = ()  # the catalogue mistakes it names (rules/course/mistakes.yaml)
    # the answer breaks no rule of the game: a choice the rules allow that the advice, or the engine's weighing
    # of the deals, rates lower (strategy): ``rule`` is then what the choice is judged by, never a rule broken
    advice: bool = False


def profile_words(book: RuleBook, profile: str) -> str:
    """A profile as a player names it, in the language spoken: "London rules" (its title up to any bracket)."""
    rule = book.profiles[profile]
    lang = current()
    title = rule.title if lang == DEFAULT_LANG else book.text(rule.id, "title", lang)
    return tr("%(profile)s rules", profile=title.split(" (")[0])


ADVICE_SECTION = "strategy"  # rules/strategy.yaml: advice, not law


def is_advice(book: RuleBook, rule_id: str | None) -> bool:
    """Whether ``rule_id`` is a piece of advice (rules/strategy.yaml) rather than a rule of the game."""
    rule = book.rules.get(rule_id) if rule_id else None
    return rule is not None and rule.section == ADVICE_SECTION


def split_advice(book: RuleBook, rule_ids: Iterable[str]) -> tuple[list[str], list[str]]:
    """``rule_ids`` in their order, parted into rules of the game and pieces of advice."""
    ids = list(rule_ids)
    return [r for r in ids if not is_advice(book, r)], [r for r in ids if is_advice(book, r)]


NO_LAW_BROKEN = "this is advice, not a rule of the game, and no law forbids your answer. "


def rule_role(book: RuleBook, diagnosis: Diagnosis) -> tuple[str, str]:
    """The words a hint puts before and after the diagnosis's rule (its title or a link to it): a rule broken
    "decides"; a piece of advice, or what a choice the rules allow is judged by, is said to be advice, never a
    rule broken. ("", "") when the diagnosis names no rule."""
    if not diagnosis.rule:
        return "", ""
    if is_advice(book, diagnosis.rule):
        return NO_LAW_BROKEN + "The advice is ", "."
    if diagnosis.advice:
        return NO_LAW_BROKEN + "It is judged by what it does for ", "."
    return "the rule that decides is ", "."


HINT_SENTENCES = {
    "advice": marked("This is advice, not a rule of the game, and no law forbids your answer. The advice is "
                     "%(rule)s."),
    "judged": marked("This is advice, not a rule of the game, and no law forbids your answer. It is judged by what it "
                     "does for %(rule)s."),
    "rule": marked("The rule that decides is %(rule)s."),
}
"""What :func:`rule_role` says, each a whole sentence with the rule in its slot (the site's hint; the catalogue gives
each language its own)."""


def hint_sentence(book: RuleBook, diagnosis: Diagnosis) -> str:
    """The sentence (untranslated, its slot ``%(rule)s`` unfilled) a hint says the diagnosis's rule in, as
    :func:`rule_role` words it; "" when the diagnosis names no rule."""
    if not diagnosis.rule:
        return ""
    if is_advice(book, diagnosis.rule):
        return HINT_SENTENCES["advice"]
    return HINT_SENTENCES["judged" if diagnosis.advice else "rule"]
