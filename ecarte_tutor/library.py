"""The library: the rule book (laws, dispute facts, strategy), the lessons and the scenarios, loaded together.

``load_library()`` reads and cross-checks every data file at once; a broken file raises
:class:`~ecarte_tutor.errors.DataError` naming the file and the key, so a site or a
command that starts has all of its data, valid. The library is then passed explicitly:
to ``create_app``, to the commands, and to ``ask(question, library)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import paths
from .asking import ask
from .casesearch import SYNONYMS_FILE, Synonyms, load_synonyms
from .engine import kinds as _kinds  # noqa: F401 - every kind's module, so that every outcome is declared
from .engine.saying import problems as saying_problems
from .errors import DataError
from .house import House, load_house
from .lessons.model import Lesson, load_lessons
from .rulebook import LAW_SECTION, RuleBook, default_rulebook, load_rulebook
from .scenarios import Boundary, Scenario, boundary_problems, load_casebook


@dataclass(frozen=True)
class Library:
    """Everything the tutor reads from its data folders."""

    book: RuleBook
    lessons: tuple[Lesson, ...]
    scenarios: tuple[Scenario, ...]
    house: House | None = None  # a club's house rules, when the library serves one
    synonyms: Synonyms = Synonyms()  # words the casebook's search treats as one (scenarios/synonyms.yaml)
    boundaries: tuple[Boundary, ...] = ()  # the rules' edges and the worked cases on either side


def load_library(rules: Path | str | None = None, lessons: Path | str | None = None,
                 scenarios: Path | str | None = None, house: Path | str | None = None) -> Library:
    """Load the rule book, the lessons and the scenarios (each folder None: the bundled one), and a
    house file when one is named."""
    book = load_rulebook(rules) if rules else default_rulebook()
    for problem in saying_problems(book):  # the engine's outcomes and the book's words for them
        raise DataError(book.root, problem)
    scenarios_root = Path(scenarios) if scenarios else paths.scenarios_dir()
    cases, boundaries = load_casebook(scenarios_root)
    return Library(book=book,
                   lessons=tuple(load_lessons(lessons or paths.lessons_dir(), book)),
                   scenarios=tuple(cases),
                   house=load_house(house, book) if house else None,
                   synonyms=load_synonyms(scenarios_root / SYNONYMS_FILE),
                   boundaries=tuple(boundaries))


def scenario_defects(library: Library) -> list[str]:
    """One line per worked case whose answer differs from the one it states, a case asking a kind of question
    the engine does not answer among them (the casebook would show it as a ruling that cannot be made)."""
    from .engine.kinds import KINDS
    from .scenarios import mismatches

    problems = []
    for case in library.scenarios:
        kind = case.question.get("kind")
        if kind not in KINDS:
            problems.append(f"{case.file} › {case.id}: asks a question of kind {kind!r}, which the engine does not "
                            f"answer (the kinds: {', '.join(KINDS)})")
            continue
        problems += [f"{case.file} › {case.id}: {problem}"
                     for problem in mismatches(case.expect, ask(case.question, library.book))]
    laws = {rule_id: rule.law if rule.section == LAW_SECTION else None for rule_id, rule in library.book.rules.items()}
    return problems + boundary_problems(library.boundaries, library.scenarios, laws)


def defects(library: Library, lessons: bool = True) -> list[str]:
    """Everything wrong with a loaded library that its schemas cannot see, one line each: the code's ties to
    the rule book (:mod:`ecarte_tutor.codescan`, decision rows' precedence, the engine's words), a worked case
    or (``lessons``) a lesson's exercise the engine answers otherwise.

    ``ecarte-tutor check`` prints them and exits non-zero; ``ecarte-tutor serve`` refuses to start on them.
    """
    from .codescan import problems as code_problems
    from .engine.disputes.precedence import problems as precedence_problems
    from .engine.saying import problems as saying_problems
    from .lessons import lesson_problems
    from .table.incident_codes import code_defects

    book = library.book
    tied = code_problems(book) + [f"decision rows: {problem}" for problem in precedence_problems(book)]
    tied += [f"the engine's words: {problem}" for problem in saying_problems(book)]
    tied += [f"the practice table's drills: {problem}" for problem in code_defects(book.table_drills)]
    found = [f"code and rule book disagree: {problem}" for problem in tied]
    found += [f"scenario defect: {problem}" for problem in scenario_defects(library)]
    if lessons:
        found += [f"lesson defect: {problem}" for problem in lesson_problems(library.lessons, library.book)]
    return found
