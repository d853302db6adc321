"""The quick reference: the rules a player needs at the table, one line each, each linked to its rule.

``rules/course/quick.yaml`` (schema ``quick.schema.json``) writes the lines; every fact a line states
(a number, a remedy, who chooses) is a placeholder the engine fills when the rule book is loaded:
the parameters of the profile in force, and the club code's ruling on each irregularity
(:mod:`.vouched`). The site shows it at ``/rules/quick``, for the phone and for print.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from ..coursewords import text as course_text
from ..errors import DataError
from ..i18n import DEFAULT_LANG, marked_in, speaking, trc
from ..jsontypes import Question
from ..rulebook import RuleBook
from ..schemas import explain, key_path, schema_errors
from ..yamlio import load_yaml
from .beside import once
from .vouched import Unfilled, Vouched, asked, literal_consequences

QUICK_FILE = Path("course") / "quick.yaml"  # relative to the rule-book folder
DEALER_THEN = {"plays-without-exchange": marked_in("dealer then", "plays his hand as it stands"),
               "takes-what-remains": marked_in("dealer then", "takes what is left")}


class LineEntry(TypedDict, total=False):
    says: str
    rule: str
    asks: dict[str, Question]


@dataclass(frozen=True)
class Line:
    text: str  # filled by the engine
    rule: str  # the rule it summarises (a law's id for a law)
    written: str  # as the file writes it


@dataclass(frozen=True)
class Section:
    title: str
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class QuickReference:
    title: str
    sections: tuple[Section, ...]
    profile: str

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(line for section in self.sections for line in section.lines)

    def problems(self) -> list[str]:
        """Each fact a line writes in fixed words instead of a placeholder."""
        return [f"{QUICK_FILE.name}: “{line.written}” states {what} in fixed words (“{words}”)"
                for line in self.lines for what, words in literal_consequences(line.written)]


def load_quick(path: Path | str, book: RuleBook, profile: str | None = None,
               lang: str = DEFAULT_LANG) -> QuickReference:
    """Read the quick reference and fill its lines under ``profile`` (default: the book's), in ``lang``: the words of
    ``rules/<lang>/course/quick.yaml`` where given (:mod:`ecarte_tutor.coursewords`), the English elsewhere."""
    with speaking(lang):
        return _load_quick(Path(path), book, profile, lang)


def _load_quick(path: Path, book: RuleBook, profile: str | None, lang: str) -> QuickReference:
    def words(key: str, field: str, english: str) -> str:
        return course_text(book.root, lang, QUICK_FILE.name, key, field) or english

    document = load_yaml(path)
    for error in schema_errors("quick", document):
        raise DataError(path, explain(error), key=key_path(error))
    params = book.params(profile)
    sections: list[Section] = []
    for i, section in enumerate(document["sections"]):
        lines: list[Line] = []
        for j, entry in enumerate(section["lines"]):
            where = f"sections[{i}].lines[{j}]"
            if entry["rule"] not in book.rules:
                raise DataError(path, f"unknown rule '{entry['rule']}'", key=f"{where}.rule")
            questions = {name: {**question, "profile": params.profile} for name, question in
                         entry.get("asks", {}).items()}
            try:
                answers = {**asked(questions, book),
                           "dealer_then": trc("dealer then", DEALER_THEN[params.short_stock_dealer])}
                text = Vouched(book, params, None, answers).fill(words(f"sections.{i}.lines.{j}", "says",
                                                                       entry["says"]))
            except Unfilled as exc:
                raise DataError(path, str(exc), key=where) from None
            lines.append(Line(text, entry["rule"], entry["says"]))
        sections.append(Section(words(f"sections.{i}", "title", section["title"]), tuple(lines)))
    return QuickReference(words("_", "title", document["title"]), tuple(sections), params.profile)


def quick_reference(book: RuleBook, profile: str | None = None, lang: str = DEFAULT_LANG) -> QuickReference | None:
    """The quick reference beside ``book`` under ``profile`` in ``lang``, filled once; None if the book has none."""
    return once(book, QUICK_FILE, lambda path: load_quick(path, book, profile, lang), None,
                profile or book.default_profile, *([lang] if lang != DEFAULT_LANG else []))
