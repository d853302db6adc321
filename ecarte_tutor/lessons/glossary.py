"""The course's glossary: the words of the game, each defined once, and where a text uses them.

``rules/course/glossary.yaml`` (schema ``glossary.schema.json``) lists the terms; each lesson names
those it introduces. :meth:`Glossary.find` says where a text uses a term (whole words, any case;
where two terms overlap, the longer use counts: "playing without proposing" is not "proposing"),
which both the course check (no term before the lesson that introduces it) and the site (every
term linked to its entry on ``/glossary``) read.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypedDict

from ..coursewords import text as course_text
from ..errors import DataError
from ..i18n import DEFAULT_LANG, speaking
from ..rulebook import RuleBook
from ..schemas import explain, key_path, schema_errors
from ..yamlio import load_yaml
from .beside import once
from .vouched import Unfilled, Vouched

GLOSSARY_FILE = Path("course") / "glossary.yaml"  # relative to the rule-book folder
# what a term is never looked for in: code, a link's address, a placeholder, an HTML tag
_MASKED = re.compile(r"`[^`]*`|\[[^\]]*\]\([^)]*\)|\{[^}]*\}|<[^>]*>")


class TermEntry(TypedDict):
    id: str
    term: str
    matches: list[str]
    definition: str
    rules: list[str]


@dataclass(frozen=True)
class Term:
    """One entry: its id (the anchor on /glossary), its heading, its definition and its rules."""

    id: str
    term: str
    definition: str
    rules: tuple[str, ...]
    pattern: re.Pattern[str]
    written: str = ""  # the definition as the file writes it, placeholders unfilled


@dataclass(frozen=True)
class Use:
    """Where a text uses a term: ``text[start:end]`` are its words."""

    term: Term
    start: int
    end: int


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...] = ()
    file: str = ""

    def get(self, term_id: str) -> Term | None:
        return next((term for term in self.terms if term.id == term_id), None)

    def find(self, text: str) -> list[Use]:
        """Every use of a term in ``text``, in order, none overlapping (the longer of two wins)."""
        masked = _MASKED.sub(lambda m: " " * len(m[0]), text)
        hits = [Use(term, m.start(), m.end()) for term in self.terms for m in term.pattern.finditer(masked)]
        hits.sort(key=lambda use: (use.start, use.start - use.end))
        out: list[Use] = []
        for use in hits:
            if not out or use.start >= out[-1].end:
                out.append(use)
        return out

    def first_uses(self, text: str) -> list[Use]:
        """The first use of each term in ``text`` (the ones a page links to the glossary)."""
        seen: set[str] = set()
        out: list[Use] = []
        for use in self.find(text):
            if use.term.id not in seen:
                seen.add(use.term.id)
                out.append(use)
        return out

    def used(self, texts: Iterable[str]) -> list[Term]:
        """The terms the texts use, each once, in order of first use."""
        out: list[Term] = []
        for text in texts:
            for use in self.find(text):
                if use.term not in out:
                    out.append(use.term)
        return out


def load_glossary(path: Path | str, book: RuleBook) -> Glossary:
    """Read and check a glossary file: schema, unique ids, patterns that compile, rule ids that exist."""
    path = Path(path)
    document = load_yaml(path)
    for error in schema_errors("glossary", document):
        raise DataError(path, explain(error), key=key_path(error))
    entries: list[TermEntry] = document["terms"]
    terms: list[Term] = []
    for index, entry in enumerate(entries):
        where = f"terms[{index}]"
        if any(term.id == entry["id"] for term in terms):
            raise DataError(path, f"the term id '{entry['id']}' is used twice", key=f"{where}.id")
        unknown = [rule for rule in entry["rules"] if rule not in book.rules]
        if unknown:
            raise DataError(path, f"unknown rule '{unknown[0]}'", key=f"{where}.rules")
        try:
            pattern = re.compile(r"(?<![\w-])(?:" + "|".join(entry["matches"]) + r")(?![\w-])", re.I)
        except re.error as exc:
            raise DataError(path, f"a form that is no regular expression: {exc}", key=f"{where}.matches") from None
        written = " ".join(entry["definition"].split())
        try:
            definition = Vouched(book, book.params()).fill(written)
        except Unfilled as exc:
            raise DataError(path, str(exc), key=f"{where}.definition") from None
        terms.append(Term(entry["id"], entry["term"].strip(), definition, tuple(entry["rules"]), pattern, written))
    return Glossary(tuple(terms), path.name)


def glossary_of(book: RuleBook) -> Glossary:
    """The glossary beside ``book`` (``rules/course/glossary.yaml``), loaded once; empty if it has none."""
    return once(book, GLOSSARY_FILE, lambda path: load_glossary(path, book), Glossary())


def glossary_in(book: RuleBook, lang: str) -> Glossary:
    """The glossary in ``lang``: each term's name and definition from ``rules/<lang>/course/glossary.yaml``
    (:mod:`ecarte_tutor.coursewords`), its placeholders said in the language, and a term looked for in a text by
    its name in the language; a term not translated yet stays English. English: :func:`glossary_of`."""
    english = glossary_of(book)
    if lang == DEFAULT_LANG:
        return english
    return once(book, GLOSSARY_FILE, lambda path: _translated(english, book, lang), english, lang)


def _translated(english: Glossary, book: RuleBook, lang: str) -> Glossary:
    terms: list[Term] = []
    with speaking(lang):
        for term in english.terms:
            name = course_text(book.root, lang, GLOSSARY_FILE.name, term.id, "term")
            written = course_text(book.root, lang, GLOSSARY_FILE.name, term.id, "definition")
            if name is None or written is None:
                terms.append(term)
                continue
            forms = [re.sub(r"\s*\(.*?\)", "", form).strip() for form in re.split(r"[,;]", name)]
            pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(form) for form in forms if form) + r")(?![\w-])",
                                 re.I)
            try:
                definition = Vouched(book, book.params()).fill(written)
            except Unfilled as exc:
                raise DataError(Path(book.root) / lang / GLOSSARY_FILE, str(exc), key=f"entries.{term.id}") from None
            terms.append(replace(term, term=name, definition=definition, pattern=pattern, written=written))
    return Glossary(tuple(terms), english.file)
