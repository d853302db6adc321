"""The casebook: every worked case with the ruling the tutor gives it now, by id, by law, and searched.

Built once from the library (the cases are fixed while the site runs). A case belongs to the laws
its ruling involves, the deciding law first: that is the law its page links to, and the law under
which it is listed among "other cases under this law".
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from .asking import Shelf, ask
from .casesearch import WEIGHTS, Searchable, Synonyms, normalised, rank
from .jsontypes import Answer, Question
from .rulebook import RuleBook


class Case(Protocol):
    """A worked case as the casebook reads it: a :class:`~ecarte_tutor.scenarios.Scenario`, described here
    because the scenarios are a sibling of this module in its layer (pyproject.toml, the layer contract)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def question(self) -> Question: ...

    @property
    def situation(self) -> str: ...

    @property
    def note(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def summary(self) -> str: ...


class CaseLibrary(Shelf, Protocol):
    """What the casebook reads of a :class:`~ecarte_tutor.library.Library` (a layer above it): what
    ``ask()`` answers from (the rule book and any house rules), and the scenarios."""

    @property
    def scenarios(self) -> Sequence[Case]: ...


def _listed(answer: Answer, key: str) -> list[object]:
    """``answer[key]``, a list in every answer that has it ([] when it has not)."""
    value = answer.get(key)
    return value if isinstance(value, list) else []


def _facts(question: Question) -> Mapping[str, object]:
    """The facts of a dispute question (an object, by the scenarios' schema; {} in other questions)."""
    facts = question.get("facts")
    return facts if isinstance(facts, dict) else {}


@dataclass(frozen=True)
class CaseRuling:
    """One scenario and the answer ``ask()`` gives it."""

    scenario: Case
    answer: Answer
    laws: tuple[int, ...]  # the laws of the ruling, the one that decided it first

    @property
    def kind(self) -> str:
        kind = self.scenario.question.get("kind", "")
        return kind if isinstance(kind, str) else ""

    @property
    def law(self) -> int | None:
        """The law the case is filed under (None: no law of the club code takes part)."""
        return self.laws[0] if self.laws else None


def ruling_laws(answer: Answer, book: RuleBook) -> tuple[int, ...]:
    """The laws of an answer, the deciding one first: the first cited rule that is a law, then the rest by number."""
    laws = [n for n in _listed(answer, "laws") if isinstance(n, int)]
    cites = [r for r in _listed(answer, "cites") if isinstance(r, str)]
    first = next((book.rules[r].law for r in cites if r in book.rules and book.rules[r].law in laws), None)
    return tuple(([first] if first else []) + [n for n in laws if n != first])


def leads_to(entry: CaseRuling, entries: Iterable[CaseRuling]) -> tuple[int, ...]:
    """The laws that decide the cases which answer more of the same interview (same facts and more,
    same profile), the most frequent first: where a case that still needs a fact is heading."""
    question = entry.scenario.question
    facts = _facts(question)
    counts = Counter(other.law for other in entries if other.law and other is not entry
                     and other.scenario.question.get("profile") == question.get("profile")
                     and _includes(_facts(other.scenario.question), facts))
    return tuple(law for law, _count in counts.most_common())


def _includes(bigger: Mapping[str, object], smaller: Mapping[str, object]) -> bool:
    return all(name in bigger and bigger[name] == value and type(bigger[name]) is type(value)
               for name, value in smaller.items())


def _kept_answer(kept: Mapping[str, object] | None) -> Answer | None:
    answer = kept.get("answer") if kept else None
    return answer if isinstance(answer, dict) else None


def _kept_laws(kept: Mapping[str, object] | None) -> tuple[int, ...]:
    laws = kept.get("laws") if kept else None
    return tuple(n for n in laws if isinstance(n, int)) if isinstance(laws, list) else ()


def _kept_searchable(kept: Mapping[str, object] | None, laws: tuple[int, ...]) -> Searchable | None:
    fields = kept.get("fields") if kept else None
    if not isinstance(fields, dict) or set(fields) != set(WEIGHTS):
        return None
    return Searchable(fields={name: str(text) for name, text in fields.items()}, laws=laws)


class Casebook:
    """The cases of a library with their rulings, looked up by id and by law, and searched."""

    def __init__(self, library: CaseLibrary, synonyms: Synonyms | None = None,
                 kept: Mapping[str, Mapping[str, object]] | None = None):
        """``kept``: what :meth:`as_kept` gave for the same data (each case's ruling, laws and search fields),
        taken instead of asking the engine again; a case it lacks is worked out."""
        book = library.book
        self.book = book
        self.synonyms = synonyms or Synonyms()
        kept = kept or {}
        rulings: list[tuple[Case, Answer]] = [(case, _kept_answer(kept.get(case.id)) or ask(case.question, library))
                                              for case in library.scenarios]
        self.entries: list[CaseRuling] = [CaseRuling(case, answer, ruling_laws(answer, book))
                                          for case, answer in rulings]
        # A question the referee still has to ask belongs to the laws its answers lead to.
        self.entries = [replace(e, laws=_kept_laws(kept.get(e.scenario.id)) or leads_to(e, self.entries))
                        if e.answer.get("status") == "need" else e for e in self.entries]
        self.by_id = {entry.scenario.id: entry for entry in self.entries}
        self._searchable = [_kept_searchable(kept.get(entry.scenario.id), entry.laws)
                            or self._searchable_entry(entry) for entry in self.entries]

    def as_kept(self) -> dict[str, dict[str, object]]:
        """Each case's ruling, laws and search fields as JSON, to be given back to a later Casebook of the same data."""
        return {entry.scenario.id: {"answer": entry.answer, "laws": list(entry.laws), "fields": dict(searchable.fields)}
                for entry, searchable in zip(self.entries, self._searchable, strict=True)}

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, case_id: str) -> CaseRuling | None:
        return self.by_id.get(case_id)

    def kinds(self) -> list[str]:
        return sorted({entry.kind for entry in self.entries if entry.kind})

    def laws(self) -> list[int]:
        """The laws some case is filed under, in order."""
        return sorted({entry.law for entry in self.entries if entry.law})

    def under_law(self, number: int, *, besides: str | None = None) -> list[CaseRuling]:
        """The cases of a law: those it decided first, then those it took part in; ``besides`` left out."""
        own = [e for e in self.entries if e.law == number and e.scenario.id != besides]
        part = [e for e in self.entries if number in e.laws[1:] and e.scenario.id != besides]
        return own + part

    def search(self, query: str = "", *, kind: str = "", law: int | None = None) -> tuple[list[CaseRuling], bool]:
        """The cases that match, best first, and whether they match every word (see :mod:`casesearch`)."""
        chosen = [i for i, e in enumerate(self.entries) if (not kind or e.kind == kind)
                  and (law is None or law in e.laws)]
        terms = self.synonyms.terms(query) if query.strip() else []
        titles = {n: rule.title for n, rule in self.book.laws.items()}
        order, exact = rank([self._searchable[i] for i in chosen], terms, titles)
        found = [self.entries[chosen[i]] for i in order]
        if law is not None and not terms:  # a law's own cases before those it only takes part in
            found.sort(key=lambda entry: entry.law != law)
        return found, exact

    def _searchable_entry(self, entry: CaseRuling) -> Searchable:
        case, laws = entry.scenario, self.book.laws
        titles = [laws[n].title for n in entry.laws if n in laws]
        return Searchable(fields={
            "title": normalised(case.title),
            "summary": normalised(case.summary),
            "law": normalised(" ".join(titles[:1])),
            "other_laws": normalised(" ".join(titles[1:])),
            "situation": normalised(case.situation),
            "text": normalised(" ".join(str(part) for part in (
                case.id, case.name, case.note, entry.answer.get("explanation", ""),
                " ".join(o.get("label", "") for o in _listed(entry.answer, "options") if isinstance(o, dict)))))},
            laws=entry.laws)
