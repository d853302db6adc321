"""Searching the casebook as a player types: rough word endings, words kept as data, ranked fields.

A query is cut into terms. A term is a word, or a phrase of ``scenarios/synonyms.yaml`` (a group
of words that mean the same at the table, such as renege and revoke); it matches a case when the
word, or any word of its group, appears in one of the case's fields. Every term must match. Cases
rank by where their terms were found (title first, then summary, then the titles of their laws),
and the cases of the law whose own title matches the most terms (more than half of them) come
before all others.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .errors import DataError
from .schemas import explain, key_path, schema_errors
from .yamlio import load_yaml

SYNONYMS_FILE = "synonyms.yaml"  # at the top of scenarios/: not a file of cases

# Where a term was found, and what that is worth. The law titles count for the law that decided
# the case; its other laws count less.
WEIGHTS = {"title": 8, "law": 5, "summary": 4, "situation": 2, "other_laws": 2, "text": 1}
STOPWORD_TEXT = ("a an and are as at be by for from has he his i in is it its my of on or the their to was were what "
                 "when who with")
# English past forms that no ending rule reaches: each is read as its present.
IRREGULAR = {"dealt": "deal", "led": "lead", "gave": "give", "given": "give", "took": "take", "taken": "take",
             "held": "hold", "shown": "show", "seen": "see", "saw": "see", "won": "win", "lost": "lose",
             "thrown": "throw", "threw": "throw", "drew": "draw", "drawn": "draw", "made": "make", "laid": "lay"}
ENDINGS = ("ing", "ed", "es", "s", "e")
_WORD = re.compile(r"[a-z0-9]+")
_DOUBLE = re.compile(r"([b-df-hj-np-tv-z])\1$")
_LAW = re.compile(r"^laws?$")
_NON = re.compile(r"\bnon-(?=[a-z])")


def stem(word: str) -> str:
    """A word without its ending, so that turned, turns and turning meet: ``turn``."""
    word = IRREGULAR.get(word, word)
    for ending in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[:-len(ending)]
            break
    return _DOUBLE.sub(r"\1", word)  # cutting → cutt → cut; call and calls meet as cal


STOPWORDS = frozenset(stem(word) for word in STOPWORD_TEXT.split())


def words(text: str) -> list[str]:
    """The stemmed words of ``text``, accents dropped (écarté → ecarte). A word with "non-" is a word of its
    own: the non-dealer is not the dealer, so "dealer six cards" finds the dealer's case, not the
    non-dealer's ("nondeal")."""
    plain = _NON.sub("non", unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode())
    return [stem(word) for word in _WORD.findall(plain)]


def normalised(text: str) -> str:
    """``text`` as the search compares it: stemmed words between single spaces, with a space at each end."""
    return f" {' '.join(words(text))} "


@dataclass(frozen=True)
class Term:
    """One thing a query asks for: any of ``forms`` (normalised phrases), or a law by its number."""

    forms: tuple[str, ...] = ()
    law: int | None = None

    def found_in(self, text: str) -> bool:
        return any(form in text for form in self.forms)


class Synonyms:
    """Groups of words that mean the same at the table (``scenarios/synonyms.yaml``)."""

    def __init__(self, groups: Iterable[Iterable[str]] = ()) -> None:
        self.groups = [tuple(dict.fromkeys(normalised(item) for item in group)) for group in groups]
        self._group_of = {form: group for group in self.groups for form in group}
        # the longest phrases first, so that "two cards turned" finds "two cards" before "cards"
        self._phrases = sorted({tuple(form.split()) for form in self._group_of if form.strip()}, key=len,
                               reverse=True)

    def terms(self, query: str) -> list[Term]:
        """The terms of a query: its phrases (longest first), its words, and ``law N``."""
        tokens = words(query)
        terms, i = [], 0
        while i < len(tokens):
            if _LAW.match(tokens[i]) and i + 1 < len(tokens) and tokens[i + 1].isdigit():
                terms.append(Term(law=int(tokens[i + 1])))
                i += 2
                continue
            phrase = next((p for p in self._phrases if tuple(tokens[i:i + len(p)]) == p), None)
            if phrase:
                form = f" {' '.join(phrase)} "
                terms.append(Term(forms=self._group_of[form]))
                i += len(phrase)
                continue
            terms.append(Term(forms=(f" {tokens[i]} ",)))
            i += 1
        meaningful = [t for t in terms if t.law is not None or t.forms[0].strip() not in STOPWORDS or len(t.forms) > 1]
        return meaningful or terms


def load_synonyms(path: Path | str) -> Synonyms:
    """Read and check ``synonyms.yaml``; a file that is missing means no synonyms."""
    path = Path(path)
    if not path.exists():
        return Synonyms()
    document = load_yaml(path)
    for error in schema_errors("synonyms", document):
        raise DataError(path, explain(error), key=key_path(error))
    seen: dict[str, int] = {}
    for index, group in enumerate(document["groups"]):
        for item in group:
            form = normalised(item)
            if seen.get(form, index) != index:
                raise DataError(path, f"'{item}' reads the same as a word of group {seen[form] + 1}: a word may "
                                      "belong to one group only", key=f"groups[{index}]")
            seen[form] = index
    return Synonyms(document["groups"])


@dataclass(frozen=True)
class Searchable:
    """A case's fields as the search reads them (each normalised), and its laws, deciding one first."""

    fields: dict[str, str]  # a key of WEIGHTS -> its text, normalised
    laws: tuple[int, ...]


def rank(entries: list[Searchable], terms: list[Term], law_titles: dict[int, str]) -> tuple[list[int], bool]:
    """The positions of the entries that match, best first, and whether they match every term.

    When no entry matches every term, those that match any are ranked instead (and False says so).
    """
    if not terms:
        return list(range(len(entries))), True
    titles = {n: normalised(title) for n, title in law_titles.items()}
    law_hits = {n: sum(1 for t in terms if (t.law == n) or t.found_in(title)) for n, title in titles.items()}
    best = max(law_hits.values(), default=0)
    # A title that shares one word of several with the query is chance, not the law asked about.
    favoured = {n for n, hits in law_hits.items() if hits == best} if best * 2 > len(terms) else set()
    scored: list[tuple[int, Searchable, list[int]]] = []
    for position, entry in enumerate(entries):
        points = [_points(entry, term) for term in terms]
        scored.append((position, entry, points))
    every = [item for item in scored if all(item[2])]
    pool, exact = (every, True) if every else ([item for item in scored if any(item[2])], False)

    def key(item: tuple[int, Searchable, list[int]]) -> tuple[int, int, int, int]:
        position, entry, points = item
        closeness = 0 if entry.laws[:1] and entry.laws[0] in favoured else \
            1 if favoured & set(entry.laws) else 2
        return (closeness, -sum(1 for p in points if p), -sum(points), position)

    return [position for position, _entry, _points in sorted(pool, key=key)], exact


def _points(entry: Searchable, term: Term) -> int:
    """What ``term`` is worth in ``entry``: the weight of the best field it is found in (0: nowhere)."""
    if term.law is not None:
        if entry.laws[:1] == (term.law,):
            return WEIGHTS["law"]
        return WEIGHTS["other_laws"] if term.law in entry.laws else 0
    return max((WEIGHTS[name] for name, text in entry.fields.items() if term.found_in(text)), default=0)
