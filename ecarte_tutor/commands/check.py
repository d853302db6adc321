"""``ecarte-tutor check [FILE ...]``: load and cross-check the rule book, scenarios and lessons; print a summary.

With files (``ecarte-tutor check scenarios/disputes/dealing.yaml``), run only their worked cases or lesson
steps, as ``openfisca test`` does: one line per failure, ``file:line: case`` and what differs; exit 1 on any.
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


def run(args) -> int:
    if args.files:
        return run_files(args)
    from ..codescan import problems as code_problems
    from ..codescan import scan
    from ..engine.disputes.precedence import problems as precedence_problems
    from ..engine.kinds import KINDS
    from ..engine.saying import problems as saying_problems
    from ..lessons import lesson_problems
    from ..library import load_library
    from ..questions.check import check_every_kind

    library = load_library(args.rules, house=args.house)
    book = library.book
    if library.house:
        house = library.house
        agreed = ", ".join(item if isinstance(item, str) else " ".join(f"{k} {v}" for k, v in item.items())
                           for item in house.written)
        print(f"House: {house.title} ({house.file}): the {house.profile} profile"
              + (f" with {agreed}." if agreed else "."))
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
    scenarios = library.scenarios
    groups = Counter(case.group for case in scenarios)
    print(f"Scenarios: {len(scenarios)} ({', '.join(f'{g} {n}' for g, n in sorted(groups.items()))}).")
    if book.strategy:
        print(f"Strategy: {len(book.strategy.patterns)} patterns, every cited rule in the rule book.")
    engine_problems = code_problems(book) + [f"decision rows: {problem}" for problem in precedence_problems(book)]
    engine_problems += [f"the engine's words: {problem}" for problem in saying_problems(book)]
    for problem in engine_problems:
        print(f"ecarte-tutor: code and rule book disagree: {problem}", file=sys.stderr)
    if not engine_problems:
        print(f"Code: {len(scan(book).applying())} rule ids applied by marked functions, every id and name the code "
              "writes in the rule book, every rule a function cites in its marker; every rule that sets a parameter "
              "is applied; every two decision rows that can both match state which rules.")
    lessons = library.lessons
    problems = lesson_problems(lessons, book) if args.rules is None else []
    for problem in problems:
        print(f"ecarte-tutor: lesson defect: {problem}", file=sys.stderr)
    print(f"Lessons: {len(lessons)}" + (f", {len(problems)} defect(s)." if problems else
                                         ", every exercise's answer agreeing with the engine."))
    return 1 if problems or engine_problems else 0
