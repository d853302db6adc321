"""The long pages of the rule book in parts a phone can read: ``/rules``, ``/laws`` and
``/rules/disagreements`` are each a table of contents, and what they held stands on part pages of at
most about three screens at 390 px (issue 23: ``/rules`` was 29 screens).

A part is one section of the book (a file of rules, a group of laws, the variants, the other
views), cut into pages by a budget of characters: a page's text, at roughly 40 characters a line on
a phone, stays within three screens (the browser tests measure every part page). Every rule, law
and disagreement keeps its anchor in the contents (``/rules#play.follow-suit``), which links to, and
with a script forwards to, its part (:func:`where`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..i18n import marked
from ..rulebook import LAW_SECTION, Rule, RuleBook

BUDGET = 2800  # characters a part page holds, headings and links counted as OVERHEAD each (less the two
# parts navigations, which wrap to two rows at 390 px rather than overlap: issue 43)
OVERHEAD = {"rules": 340, "laws": 480, "variants": 1500, "others": 420}


@dataclass(frozen=True)
class Part:
    """One page of a long page: ``kind`` (rules, laws, variants, others), the section's ``name`` and title,
    its page ``number`` of ``pages``, and the rules it shows."""

    kind: str
    name: str
    title: str
    number: int
    pages: int
    rules: tuple[Rule, ...]
    file: str = ""  # the section's file (its words in another language are keyed by it); "" for a page of views

    @property
    def key(self) -> tuple[str, str, int]:
        return (self.kind, self.name, self.number)


def pages(items: Sequence[Rule], weight: Callable[[Rule], int], budget: int = BUDGET,
          lead: int = 0) -> list[tuple[Rule, ...]]:
    """``items`` cut, in order, into runs whose weights add up to at most ``budget`` (one item at least); the
    first run's budget is ``lead`` less (what stands before its items: the section's introduction)."""
    runs: list[list[Rule]] = [[]]
    used = lead
    for item in items:
        cost = weight(item)
        if runs[-1] and used + cost > budget:
            runs.append([])
            used = 0
        runs[-1].append(item)
        used += cost
    return [tuple(run) for run in runs if run]


def _cut(kind: str, name: str, title: str, rules: Sequence[Rule], text: Callable[[Rule], int],
         lead: int = 0, file: str = "") -> list[Part]:
    runs = pages(rules, lambda rule: text(rule) + OVERHEAD[kind], lead=lead)
    return [Part(kind, name, title, i, len(runs), run, file) for i, run in enumerate(runs, 1)]


def _shown(rule: Rule) -> int:
    """What /rules shows of a rule: a variant by the profile's choice, any other rule by its statement."""
    if rule.variant:
        return max(len(choice["says"]) for choice in rule.variant["profiles"].values())
    return len(rule.statement)


def _variant(rule: Rule) -> int:
    assert rule.variant is not None
    choices = rule.variant["profiles"].values()
    shown = len(rule.statement) + sum(len(c["says"]) + 60 * len(c["sources"]) for c in choices)
    # the readings where a source leaves the question open stand beside the profiles' choices
    return shown + sum(len(r["topic"]) + len(r["reading"]) + len(r["because"]) + 60 for r in rule.readings)


def _other_views(rule: Rule) -> int:
    return sum(len(d["says"]) + 60 * len(d["sources"]) for d in rule.disagreements)


def section_name(file: str) -> str:
    """A section's name in an address: its file's name ("rules/laws/dealing.yaml" → "dealing")."""
    return file.rsplit("/", 1)[-1].removesuffix(".yaml")


@lru_cache(maxsize=8)
def parts(book: RuleBook) -> dict[str, list[Part]]:
    """Every part of every long page, by kind, in the book's order."""
    found: dict[str, list[Part]] = {"rules": [], "laws": [], "variants": [], "others": []}
    for section in book.sections:
        if section.name == LAW_SECTION:
            laws = [rule for rule in section.rules if rule.law]
            if laws:
                found["laws"] += _cut("laws", section_name(section.file), section.title, laws,
                                      lambda rule: len(rule.statement), file=section.file)
        elif section.rules:
            # the first part opens with the section's introduction (the strategy's grew a link to the computed
            # figures and pushed its first part past three screens): it counts against that part's budget
            found["rules"] += _cut("rules", section.name, section.title, section.rules, _shown, len(section.intro),
                                   file=section.file)
    found["variants"] = _cut("variants", "variants", marked("Variants: one choice per profile"), book.variants,
                             _variant)
    disputed = [rule for rule in book.rules.values() if rule.disagreements]
    found["others"] = _cut("others", "other-views", marked("Other sources, other rulings"), disputed,
                           _other_views)
    return found


@lru_cache(maxsize=8)
def _index(book: RuleBook) -> dict[tuple[str, str], Part]:
    index: dict[tuple[str, str], Part] = {}
    for kind, found in parts(book).items():
        for part in found:
            for rule in part.rules:
                index[(kind, rule.id)] = part
    return index


def where(book: RuleBook, kind: str, rule_id: str) -> Part | None:
    """The part of page ``kind`` that shows ``rule_id`` (None: that page does not show it)."""
    return _index(book).get((kind, rule_id))


def find(book: RuleBook, kind: str, name: str, number: int) -> Part | None:
    return next((p for p in parts(book).get(kind, ()) if p.name == name and p.number == number), None)


def neighbours(book: RuleBook, part: Part) -> tuple[Part | None, Part | None]:
    """The parts before and after ``part`` on its page."""
    found = parts(book)[part.kind]
    at = found.index(part)
    return (found[at - 1] if at else None), (found[at + 1] if at + 1 < len(found) else None)
