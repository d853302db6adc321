"""``ecarte-tutor check [FILE ...]``: load and cross-check the rule book, scenarios and lessons; print a summary.

With files (``ecarte-tutor check scenarios/disputes/dealing.yaml``), run only their worked cases or lesson
steps, as ``openfisca test`` does: one line per failure, ``file:line: case`` and what differs; exit 1 on any.

Without files, every worked case and every lesson exercise is answered by the engine, and the code's ties to
the rule book are read (:func:`ecarte_tutor.library.defects`, the same function ``serve`` refuses to start on);
any defect is printed and the exit status is 1.
"""
from __future__ import annotations

import sys
from collections import Counter

from ..errors import DataError


def add_arguments(parser) -> None:
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="a file of worked cases (scenarios/…) or a lesson (lessons/…) to run alone")
    parser.add_argument("--rules", help="rule book folder (default: the bundled rules/)")
    parser.add_argument("--house", metavar="FILE", help="also check a club's house rules file (rules/houses/*.yaml)")
    parser.add_argument("--recompute", action="store_true",
                        help="weigh every best-card and best-exchange step again under the hidden-card model and "
                             "compare the figures kept in lessons/verdicts/ (slow)")
    parser.add_argument("--write", action="store_true", help="with --recompute: rewrite lessons/verdicts/ instead")


def run_files(args) -> int:
    """Run the cases or steps of each file named; print the failures with their file and line."""
    from ..library import load_library
    from ..yamlcases import failed, run_file

    book = load_library(args.rules).book
    failures = 0
    for name in args.files:
        try:
            runs = run_file(name, book)
        except DataError as exc:
            print(f"ecarte-tutor: {exc}", file=sys.stderr)
            failures += 1
            continue
        broken = failed(runs)
        for found in broken:
            print(found.report(), file=sys.stderr)
        failures += len(broken)
        print(f"{name}: {len(runs)} run, " + (f"{len(broken)} failed." if broken else "every one as it states."))
    return 1 if failures else 0


def run_recompute(args) -> int:
    """The best-card and best-exchange verdicts weighed again: 1 when one differs from the data kept (or, with
    --write, the data rewritten)."""
    from ..lessons import exchange_verdicts, verdicts
    from ..lessons.checks import recompute_verdicts
    from ..lessons.model import load_lessons
    from ..library import load_library

    book = load_library(args.rules).book
    cards, differ_cards = recompute_verdicts(book)
    exchanges, differ_exchanges = exchange_verdicts.recompute(book, load_lessons(None, book))
    if args.write:
        print(f"{verdicts.write(cards)}: {len(cards)} verdicts written.")
        print(f"{exchange_verdicts.write(exchanges)}: {len(exchanges)} verdicts written.")
        return 0
    for steps, count, differ in (("best-card", len(cards), differ_cards),
                                 ("best-exchange", len(exchanges), differ_exchanges)):
        for line in differ:
            print(f"ecarte-tutor: {line}", file=sys.stderr)
        print(f"Verdicts: {count} {steps} steps weighed again under the hidden-card model"
              + (f", {len(differ)} differ from the data kept." if differ else ", every one as kept."))
    return 1 if differ_cards or differ_exchanges else 0


def _computed(book) -> list[str]:
    """The jeux de règle weighed (rules/strategy/computed.yaml): its shape, and fresh for these rules."""
    from ..engine import jeux_data

    problems = [f"jeux de règle computed: {problem}" for problem in jeux_data.problems(book)]
    data = jeux_data.load(book)
    if not problems and data is not None:
        print(f"Jeux de règle computed: {len(data['patterns'])} patterns weighed on {data['hands']} hands each "
              f"({data['model']} model, {data['date']}), fresh for these rules.")
    return problems


def _languages(book) -> list[str]:
    """Every language held to the English (ecarte_tutor/languages.py): catalogues, rule-book translations, glossary."""
    from ..languages import problems

    report = problems(book)
    for lang, count in report.messages.items():
        left = report.left.get(lang, {})
        print(f"Language {lang}: {count} of {report.said} messages translated; the rule book and the course have "
              f"{sum(left.values())} texts left to translate in {len(left)} files; the glossary held"
              + (f"; {len(report.stale)} translation(s) older than their English (ecarte-tutor lang)"
                 if report.stale else "")
              + (f"; {len(report.problems)} defect(s)." if report.problems else "."))
    from .. import untranslated

    sentences = untranslated.found()
    unlisted = untranslated.problems(sentences=sentences)
    print(f"Sentences still in Python: {len(sentences)} (ecarte-tutor lang lists them by module)"
          + (f"; {len(unlisted)} not allowed by {untranslated.ALLOWED.name}." if unlisted else
             f", none beyond those {untranslated.ALLOWED.name} allows."))
    return [f"language: {problem}" for problem in [*report.problems, *unlisted]]


def run(args) -> int:
    if getattr(args, "recompute", False):
        return run_recompute(args)
    if args.files:
        return run_files(args)
    from ..codescan import scan
    from ..engine.kinds import KINDS
    from ..errors import printable
    from ..library import defects, load_library
    from ..questions.check import check_every_kind

    library = load_library(args.rules, house=args.house)
    book = library.book
    if library.house:
        house = library.house
        agreed = ", ".join(item if isinstance(item, str) else " ".join(f"{k} {v}" for k, v in item.items())
                           for item in house.written)
        print(printable(f"House: {house.title} ({house.file}): the {house.profile} profile"
                        + (f" with {agreed}." if agreed else ".")))
    print(f"Rule book {book.root}: {len(book.rules)} rules, every one with a source.")
    for section in book.sections:
        print(f"  {section.name:<10} {len(section.rules):>3}  {section.title}  ({section.file})")
    print(f"Laws of the club code: {len(book.laws)} of {book.club_code_laws}"
          f" ({sum(1 for r in book.laws.values() if r.remedy)} with a remedy).")
    print(f"Sources: {len(book.sources)} ({', '.join(book.sources)}).")
    print(f"Profiles: {', '.join(sorted(book.profiles))} (default {book.default_profile}); "
          f"{len(book.variants)} variants where they differ.")
    kinds = check_every_kind(book, {name: kind.schema for name, kind in KINDS.items()})
    print(f"Question schemas: {len(kinds)} kinds ({', '.join(kinds)}), each a valid JSON Schema, compiled.")
    found = defects(library, lessons=args.rules is None)
    scenarios = library.scenarios
    groups = Counter(case.group for case in scenarios)
    broken_cases = sum(problem.startswith("scenario defect") for problem in found)
    print(f"Scenarios: {len(scenarios)} ({', '.join(f'{g} {n}' for g, n in sorted(groups.items()))})"
          + (f", {broken_cases} defect(s)." if broken_cases else ", every one answered as it states."))
    edged = sorted({boundary.rule for boundary in library.boundaries})
    if edged:
        broken_edges = sum("› boundary of " in problem for problem in found)
        print(f"Boundaries: {len(library.boundaries)} edges of {len(edged)} rules ({', '.join(edged)})"
              + (f", {broken_edges} defect(s)." if broken_edges else ", each with worked cases on both sides."))
    if book.strategy:
        print(f"Strategy: {len(book.strategy.patterns)} patterns, every cited rule in the rule book.")
        found = [*found, *_computed(book)]
    if not any(problem.startswith("code and rule book") for problem in found):
        print(f"Code: {len(scan(book).applying())} rule ids applied by marked functions, every id and name the code "
              "writes in the rule book, every rule a function cites in its marker; every rule that sets a parameter "
              "is applied; every two decision rows that can both match state which rules.")
    broken_lessons = sum(problem.startswith("lesson defect") for problem in found)
    print(f"Lessons: {len(library.lessons)}" + (f", {broken_lessons} defect(s)." if broken_lessons else
                                                 ", every exercise's answer agreeing with the engine."))
    found = [*found, *_languages(book)]
    for problem in found:
        print(printable(f"ecarte-tutor: {problem}"), file=sys.stderr)
    return 1 if found else 0
