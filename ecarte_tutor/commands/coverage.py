"""``ecarte-tutor coverage``: the scenarios and lessons that exercise each club-code law.

Prints one line per law of the club code (or ``--json``). Exit 1 when a law with ``remedy: true``
has no scenario, naming each such law; 0 otherwise.
"""
from __future__ import annotations

import json
import sys

from ..library import load_library
from ..trace import law_coverage, uncovered_remedies

TITLE_WIDTH = 38


def add_arguments(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print the coverage as one JSON object")
    parser.add_argument("--rules", metavar="DIR", help="a rule book folder (default: the bundled rules/)")
    parser.add_argument("--scenarios", metavar="DIR", help="a scenarios folder (default: the bundled scenarios/)")
    parser.add_argument("--lessons", metavar="DIR", help="a lessons folder (default: the bundled lessons/)")


def _table(rows) -> list[str]:
    lines = [f"{'law':>3}  {'remedy':6}  {'title':{TITLE_WIDTH}}  scenarios | lessons"]
    for row in rows:
        title = row.title if row.in_book else "(not in the rule book)"
        if len(title) > TITLE_WIDTH:
            title = title[:TITLE_WIDTH - 1] + "…"
        scenarios = ", ".join(row.scenarios) or "—"
        lessons = ", ".join(row.lessons) or "—"
        lines.append(f"{row.law:>3}  {'yes' if row.remedy else '':6}  {title:{TITLE_WIDTH}}  {scenarios}  | {lessons}")
    return lines


def run(args) -> int:
    rows = law_coverage(load_library(args.rules, args.lessons, args.scenarios))
    uncovered = uncovered_remedies(rows)
    absent = [row.law for row in rows if not row.in_book]
    if args.json:
        print(json.dumps({"laws": [row.as_dict() for row in rows],
                          "uncovered_remedies": [row.law for row in uncovered],
                          "not_in_rule_book": absent}, ensure_ascii=False, indent=2))
    else:
        print("\n".join(_table(rows)))
        remedies = sum(row.remedy for row in rows)
        print(f"\n{len(rows) - len(absent)} of {len(rows)} laws in the rule book; "
              f"{remedies - len(uncovered)} of {remedies} remedies have a scenario.")
        if absent:
            print("Not in the rule book: " + ", ".join(map(str, absent)) + ".")
    if uncovered:
        names = "; ".join(f"law {row.law} ({row.title})" for row in uncovered)
        print(f"ecarte-tutor coverage: no scenario exercises {names}.", file=sys.stderr)
        return 1
    return 0
