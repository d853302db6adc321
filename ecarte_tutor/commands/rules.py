"""``ecarte-tutor rules [ID|SECTION] [--profile P] [--json] [--trace]``: print rules readably.

``--trace`` prints, for each rule, where it is used (:mod:`ecarte_tutor.trace`): its entry in the rule
book, the code that applies it, the decision rows, worked cases, lessons and drills that use it, and
its pages, each with its file and line.
"""
from __future__ import annotations

import json
import sys

from ..fields import is_whole_number
from ..library import load_library
from ..rulebook import default_rulebook
from ..terminal_markdown import BOLD, RESET, render
from ..trace import RuleTrace, Trace


def add_arguments(parser) -> None:
    parser.add_argument("target", nargs="?", help="a rule id (play.follow-suit), a section (play), "
                                                  "a law number (43), or nothing for the whole book")
    parser.add_argument("--profile", help="show the parameter values in force under this profile "
                                          "(london, french, modern, finnish)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--trace", action="store_true", help="where each rule is used: its entry, the code that "
                                                             "applies it, its rows, cases, lessons, drills and pages")


def select(book, target):
    """The rules a target names, or None when it names nothing."""
    if target is None:
        return list(book.rules.values())
    if target in book.rules:
        return [book.rules[target]]
    if is_whole_number(target) and int(target) in book.laws:
        return [book.laws[int(target)]]
    for section in book.sections:
        if section.name == target or section.file.endswith(f"/{target}.yaml"):
            return list(section.rules)
    return None


def _as_dict(rule, params) -> dict:
    out = {"id": rule.id, "title": rule.title, "section": rule.section, "statement": rule.statement,
           "sources": [{k: v for k, v in vars(c).items() if v is not None} for c in rule.sources]}
    if rule.law:
        out["law"] = rule.law
    if rule.params:
        out["params"] = dict(rule.params)
    if rule.variant:
        name = rule.variant["parameter"]
        out["variant"] = {"parameter": name,
                          "values": {p: c["value"] for p, c in rule.variant["profiles"].items()}}
        if params is not None:
            out["in_force"] = {name: params[name], "profile": params.profile}
    return out


def _print_text(rule, params, styled: bool) -> None:
    head = f"{rule.id} — {rule.title}" + (f" (law {rule.law})" if rule.law else "")
    print(f"{BOLD}{head}{RESET}" if styled else head)
    print(render(rule.statement, styled=styled, indent="  "))
    if rule.variant:
        print(f"  parameter {rule.variant['parameter']}, by profile (* in force):")
        for profile, choice in rule.variant["profiles"].items():
            mark = "*" if params is not None and params.profile == profile else " "
            print(f"  {mark} {profile}: {choice['value']!r} — {choice['says']}")
    sources = "; ".join(f"{c.source}, {c.locator}" for c in rule.sources)
    print(f"  Sources: {sources}\n")


def _print_trace(found: RuleTrace) -> None:
    print(f"{found.rule_id} — {found.title}" + (f" (law {found.law})" if found.law else ""))
    print(f"  Rule book: {found.entry.place}")
    for heading, uses in found.sections():
        print(f"  {heading}: none" if not uses else f"  {heading} ({len(uses)}):")
        for use in uses:
            print("    " + "  ".join(part for part in (use.place, use.what, use.url) if part))
    print()


def run(args) -> int:
    book = default_rulebook()
    if args.profile and args.profile not in book.profiles:
        print(f"ecarte-tutor: no profile {args.profile!r}; choose one of {', '.join(book.profiles)}.",
              file=sys.stderr)
        return 2
    rules = select(book, args.target)
    if rules is None:
        print(f"ecarte-tutor: no rule, section or law named {args.target!r}. "
              f"Sections: {', '.join(dict.fromkeys(s.name for s in book.sections))}.", file=sys.stderr)
        return 2
    params = book.params(args.profile) if args.profile else None
    if args.trace:
        index = Trace(load_library())
        traces = [index.rule(rule.id) for rule in rules]
        if args.json:
            print(json.dumps([found.as_dict() for found in traces], ensure_ascii=False, indent=2))
        else:
            for found in traces:
                _print_trace(found)
        return 0
    if args.json:
        print(json.dumps([_as_dict(rule, params) for rule in rules], ensure_ascii=False, indent=2))
    else:
        styled = sys.stdout.isatty()  # bold on a terminal, plain text when piped
        for rule in rules:
            _print_text(rule, params, styled)
    return 0
