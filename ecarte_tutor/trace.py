"""Where each rule is used: an index from every rule id and law to the code, data, lessons and pages that use it.

For one rule (``play.head-the-trick``) or law (``17``) the index gives, each with its file and line:

- its entry in the rule book (``rules/play.yaml:41``);
- the functions that apply it, by their markers (``@decides``, :mod:`ecarte_tutor.codescan`);
- the decision rows that are its own and those of other laws that cite it;
- the worked cases whose answer cites it (each is a case of the casebook too);
- the lesson steps that teach it (their ``cites``) or whose exercise the engine answers with it;
- the drills that practise it: a lesson drill, and the practice table's irregularities under a law;
- the site's pages that show it.

``ecarte-tutor rules <id> --trace`` prints it; each rule and law page shows it ("Where this rule is
used"). It also gives what ``ecarte-tutor coverage`` prints: which worked cases and lessons exercise
each law of the club code (:func:`law_coverage`), the laws a case exercises being those its
expectation lists and, for the kinds whose answer itself names the laws, those its answer names.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TypeGuard, TypeVar

from .asking import ask
from .codescan import Place, scan
from .jsontypes import Answer
from .lessons.drills import drill_for
from .lessons.grading import LessonError, engine_answer
from .library import Library
from .rulebook import Rule, RuleBook
from .scenarios import Scenario
from .table.drills import STAGINGS
from .table.incident_codes import IncidentCode
from .yamlio import item_lines, node_lines

T = TypeVar("T")

ASKED_KINDS = ("dispute", "pack")  # kinds whose answer itself lists the laws that took part (coverage)

ROW_FINDER = "ecarte_tutor.engine.disputes.interview.next_step"  # rules by the decision rows (a test checks it)

# The site's addresses (docs/site.md); a test opens every one an index gives.
RULE_PAGE, LAW_PAGE, CASE_PAGE = "/rules/{rule}", "/laws/{law}", "/casebook/{case}"
STEP_PAGE, PRACTICE_PAGE, TABLE_DRILL_PAGE = "/lessons/{lesson}/{step}", "/lessons/practice/{rule}/1", \
    "/play/new?drills={drill}"


@dataclass(frozen=True)
class Use:
    """One place that uses a rule: what it is, where it stands (``file:line``), and the page that shows it."""

    what: str
    place: str = ""
    url: str = ""

    @property
    def file(self) -> str:
        return self.place.rsplit(":", 1)[0] if self.place else ""


@dataclass(frozen=True)
class RuleTrace:
    """Every use of one rule, by kind of use (module docstring)."""

    rule_id: str
    title: str
    law: int | None
    entry: Use
    code: tuple[Use, ...] = ()
    rows: tuple[Use, ...] = ()
    cases: tuple[Use, ...] = ()
    lessons: tuple[Use, ...] = ()
    drills: tuple[Use, ...] = ()
    pages: tuple[Use, ...] = ()

    SECTIONS = (("code", "Code that applies it"), ("rows", "Decision rows"), ("cases", "Worked cases"),
                ("lessons", "Lessons"), ("drills", "Drills"), ("pages", "Pages"))

    def sections(self) -> list[tuple[str, tuple[Use, ...]]]:
        """(heading, uses) for each kind of use, in the order above, empty ones included."""
        return [(heading, getattr(self, name)) for name, heading in self.SECTIONS]

    def files(self) -> list[str]:
        """The files the index names, each once, in order: what a reader opens to follow the rule."""
        named = [self.entry, *(use for _, uses in self.sections() for use in uses)]
        return list(dict.fromkeys(use.file for use in named if use.file))

    def as_dict(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> RuleTrace:
        """The trace :meth:`as_dict` wrote (a stored index: ``ecarte-tutor serve`` keeps one per change of the data)."""
        def uses(name: str) -> tuple[Use, ...]:
            found = data.get(name, ())
            return tuple(Use(**use) for use in found) if isinstance(found, list) else ()
        entry, law = data["entry"], data.get("law")
        assert isinstance(entry, dict)
        return cls(str(data["rule_id"]), str(data["title"]), law if isinstance(law, int) else None, Use(**entry),
                   uses("code"), uses("rows"), uses("cases"), uses("lessons"), uses("drills"), uses("pages"))


@dataclass
class Trace:
    """The index of one library. ``answers`` (case id -> answer) are asked of the engine when not given;
    the site passes its casebook's, which it has asked already."""

    library: Library
    answers: Mapping[str, Answer] | None = None
    _by_rule: dict[str, RuleTrace] = field(default_factory=dict)

    @property
    def book(self) -> RuleBook:
        return self.library.book

    def rule(self, rule_id: str) -> RuleTrace:
        """The uses of ``rule_id`` (a KeyError for an id the rule book lacks)."""
        if rule_id not in self._by_rule:
            self._by_rule[rule_id] = self._trace(self.book.rules[rule_id])
        return self._by_rule[rule_id]

    def every_rule(self) -> dict[str, dict[str, object]]:
        """The whole index, rule by rule, as :meth:`RuleTrace.as_dict` writes it (to be stored, then :meth:`load`)."""
        return {rule_id: self.rule(rule_id).as_dict() for rule_id in self.book.rules}

    def load(self, stored: Mapping[str, Mapping[str, object]]) -> None:
        """Take the index of :meth:`every_rule`, made earlier from the same data, instead of working it out: the
        whole index reads the package's code and answers every lesson exercise (seconds on a first rule page)."""
        self._by_rule.update({rule_id: RuleTrace.from_dict(data) for rule_id, data in stored.items()
                              if rule_id in self.book.rules})

    def law(self, number: int) -> RuleTrace:
        """The uses of law ``number`` of the club code (a KeyError for a law the rule book lacks)."""
        return self.rule(self.book.laws[number].id)

    # --- what the library holds, read once ---------------------------------------------------------------

    @cached_property
    def _answers(self) -> dict[str, Answer]:
        given = self.answers or {}
        return {case.id: given[case.id] if case.id in given else ask(case.question, self.book)
                for case in self.library.scenarios}

    @cached_property
    def _case_lines(self) -> dict[str, str]:
        """Each worked case's ``file:line``."""
        root = _data_root(self.book)
        found: dict[str, str] = {}
        for file in dict.fromkeys(case.file for case in self.library.scenarios):
            path = root / "scenarios" / file
            if path.is_file():
                found.update({str(case_id): f"scenarios/{file}:{line}" for case_id, line, _ in
                              item_lines(path, "cases", "id")})
        return found

    @cached_property
    def _rule_lines(self) -> dict[str, tuple[int, dict[str, int]]]:
        """Each rule's line in its file, and the line of each of its decision rows by case."""
        root = _data_root(self.book)
        found: dict[str, tuple[int, dict[str, int]]] = {}
        for file in dict.fromkeys(rule.file for rule in self.book.rules.values()):
            path = root / file
            if path.is_file():
                for rule_id, line, node in item_lines(path, "rules", "id"):
                    found[str(rule_id)] = (line, {str(case): row for case, row, _ in
                                                  node_lines(node, "decisions", "case")})
        return found

    @cached_property
    def _lesson_cites(self) -> dict[tuple[str, int], tuple[frozenset[str], frozenset[str]]]:
        """Each lesson step's cites, and those of the engine's answer to its exercise."""
        found = {}
        for lesson in self.library.lessons:
            for step in lesson.steps:
                answered: frozenset[str] = frozenset()
                with suppress(LessonError):  # an exercise the engine cannot answer: ecarte-tutor check names it
                    if step.exercise is not None:
                        answered = frozenset(engine_answer(step.exercise, self.book).get("cites", []))
                found[lesson.id, step.index] = (frozenset(step.cites), answered)
        return found

    @cached_property
    def _step_lines(self) -> dict[tuple[str, int], int]:
        root = _data_root(self.book)
        found: dict[tuple[str, int], int] = {}
        for lesson in self.library.lessons:
            path = root / "lessons" / lesson.file
            if lesson.file and path.is_file():
                found.update({(lesson.id, int(str(index)) + 1): line for index, line, _ in item_lines(path, "steps")})
        return found

    # --- one rule ------------------------------------------------------------------------------------------

    def _trace(self, rule: Rule) -> RuleTrace:
        line, rows = self._rule_lines.get(rule.id, (0, {}))
        entry = Use(rule.title, f"{rule.file}:{line}" if line else rule.file)
        return RuleTrace(rule.id, rule.title, rule.law, entry, self._code(rule), self._rows(rule, rows),
                         self._cases(rule), self._lessons(rule), self._drills(rule), self._pages(rule))

    def _code(self, rule: Rule) -> tuple[Use, ...]:
        found = scan(self.book)
        uses = [Use(function.name, str(function.place)) for function in found.applying().get(rule.id, [])]
        if rule.decisions:  # the rows are data: one function finds the row that fits, for every law
            uses.append(Use(f"{ROW_FINDER} (finds the decision row that fits)", _place(found.defined, ROW_FINDER)))
        return tuple(uses)

    def _rows(self, rule: Rule, own_lines: dict[str, int]) -> tuple[Use, ...]:
        uses = [Use(f"{rule.id}/{decision['case']}", f"{rule.file}:{own_lines.get(decision['case'], 0)}")
                for decision in rule.decisions]
        for other in self.book.rules.values():
            if other is rule:
                continue
            lines = self._rule_lines.get(other.id, (0, {}))[1]
            for decision in other.decisions:
                if rule.id in decision.get("cites", ()) or (rule.law and rule.law in decision.get("laws", ())):
                    uses.append(Use(f"{other.id}/{decision['case']}",
                                    f"{other.file}:{lines.get(decision['case'], 0)}"))
        return tuple(uses)

    def _cases(self, rule: Rule) -> tuple[Use, ...]:
        uses = []
        for case in self.library.scenarios:
            answer = self._answers[case.id]
            cites, laws = answer.get("cites", []), answer.get("laws", [])
            if rule.id in (cites if isinstance(cites, list) else []) or \
                    (rule.law is not None and rule.law in (laws if isinstance(laws, list) else [])):
                uses.append(Use(case.id, self._case_lines.get(case.id, f"scenarios/{case.file}"),
                                CASE_PAGE.format(case=case.id)))
        return tuple(uses)

    def _lessons(self, rule: Rule) -> tuple[Use, ...]:
        uses = []
        for lesson in self.library.lessons:
            for step in lesson.steps:
                taught, answered = self._lesson_cites[lesson.id, step.index]
                if rule.id not in taught and rule.id not in answered:
                    continue
                how = "teaches it" if rule.id in taught else "its exercise is ruled by it"
                line = self._step_lines.get((lesson.id, step.index), 0)
                uses.append(Use(f"{lesson.id} step {step.index}, {step.title} ({how})",
                                f"lessons/{lesson.file}:{line}" if line else f"lessons/{lesson.file}",
                                STEP_PAGE.format(lesson=lesson.id, step=step.index)))
        return tuple(uses)

    def _drills(self, rule: Rule) -> tuple[Use, ...]:
        defined = scan(self.book).defined
        uses = []
        practice = drill_for(rule.id, self.book)
        if practice is not None:
            uses.append(Use("a lesson drill: fresh exercises on this rule", _place(defined, _name_of(practice.make)),
                            PRACTICE_PAGE.format(rule=rule.id)))
        uses += [Use(f"the practice table's drill '{code}': {drill.what}",
                     _place(defined, _name_of(type(STAGINGS[IncidentCode(code)]))), TABLE_DRILL_PAGE.format(drill=code))
                 for code, drill in self.book.table_drills.items() if drill.rule.id == rule.id]
        return tuple(uses)

    def _pages(self, rule: Rule) -> tuple[Use, ...]:
        pages = [Use("the rule's page", url=RULE_PAGE.format(rule=rule.id))]
        if rule.law is not None:
            pages.append(Use("the law's page", url=LAW_PAGE.format(law=rule.law)))
        return tuple(pages)


def _name_of(thing: Callable[..., object]) -> str:
    return f"{thing.__module__}.{thing.__qualname__}"


def _place(defined: Mapping[str, Place], name: str) -> str:
    """Where ``name`` (module and qualified name) is defined, as ``file:line``; "" for a function made at run time."""
    found = defined.get(name.replace(".<locals>", ""))
    return str(found) if found else ""


def _data_root(book: RuleBook) -> Path:
    """The folder the index names files from (``rules/…``, ``lessons/…``, ``scenarios/…``): the one that holds
    the rule book's folder. (A library whose folders lie elsewhere gets its files named without their lines.)"""
    return book.root.parent


# --- which cases and lessons exercise each law (``ecarte-tutor coverage``) --------------------------------


@dataclass
class LawCoverage:
    """One law and what exercises it."""

    law: int
    title: str | None
    in_book: bool
    remedy: bool
    scenarios: list[str] = field(default_factory=list)
    lessons: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def _collect(value: object, key: str, keep: Callable[[object], TypeGuard[T]]) -> set[T]:
    """Every item of a ``key`` list anywhere inside ``value`` that ``keep`` accepts."""
    found: set[T] = set()
    if isinstance(value, dict):
        for name, item in value.items():
            if name == key and isinstance(item, list):
                found |= {x for x in item if keep(x)}
            else:
                found |= _collect(item, key, keep)
    elif isinstance(value, list):
        for item in value:
            found |= _collect(item, key, keep)
    return found


def _is_law_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _laws_listed(value: object) -> set[int]:
    """Every law number in a ``laws`` list anywhere inside ``value``."""
    return _collect(value, "laws", _is_law_number)


def scenario_laws(case: Scenario, book: RuleBook) -> set[int]:
    """The laws a scenario exercises: those its expectation lists, and those its answer names."""
    laws = _laws_listed(case.expect)
    if case.question.get("kind") in ASKED_KINDS:
        laws |= _laws_listed({"laws": ask(case.question, book).get("laws")})
    return laws


def law_coverage(library: Library) -> list[LawCoverage]:
    """One entry per law of the club code, with the ids of the scenarios and lessons that exercise it."""
    book = library.book
    numbers = range(1, book.club_code_laws + 1)
    rows: dict[int, LawCoverage] = {}
    for n in numbers:
        rule = book.laws.get(n)
        rows[n] = LawCoverage(n, rule.title if rule else None, rule is not None, bool(rule and rule.remedy))
    for case in library.scenarios:
        for n in sorted(scenario_laws(case, book)):
            if n in rows:
                rows[n].scenarios.append(case.id)
    for lesson in library.lessons:
        for rule_id in lesson.cites:
            rule = book.rules.get(rule_id)
            if rule and rule.law in rows and lesson.id not in rows[rule.law].lessons:
                rows[rule.law].lessons.append(lesson.id)
    return [rows[n] for n in numbers]


def uncovered_remedies(rows: Iterable[LawCoverage]) -> list[LawCoverage]:
    """Laws that remedy an irregularity but have no scenario."""
    return [row for row in rows if row.remedy and not row.scenarios]
