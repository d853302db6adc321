"""``ecarte-tutor check``: load and cross-check the rule book, scenarios and lessons; print a summary.

Every worked case and every lesson exercise is answered by the engine (:func:`ecarte_tutor.library.defects`,
the same function ``serve`` refuses to start on); any defect is printed and the exit status is 1.
"""
from __future__ import annotations

import sys
from collections import Counter


def add_arguments(parser) -> None:
    parser.add_argument("--rules", help="rule book folder (default: the bundled rules/)")
    parser.add_argument("--house", metavar="FILE", help="also check a club's house rules file (rules/houses/*.yaml)")


def run(args) -> int:
    from ..engine.decides import applied_rules
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
    if book.strategy:
        print(f"Strategy: {len(book.strategy.patterns)} patterns, every cited rule in the rule book.")
    if not any(problem.startswith("engine and rule book") for problem in found):
        print(f"Engine: {len(applied_rules())} rule ids applied by the code, every one in the rule book; every rule "
              "that sets a parameter is applied.")
    broken_lessons = sum(problem.startswith("lesson defect") for problem in found)
    print(f"Lessons: {len(library.lessons)}" + (f", {broken_lessons} defect(s)." if broken_lessons else
                                                 ", every exercise's answer agreeing with the engine."))
    for problem in found:
        print(printable(f"ecarte-tutor: {problem}"), file=sys.stderr)
    return 1 if found else 0
