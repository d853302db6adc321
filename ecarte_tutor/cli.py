"""``ecarte-tutor``: the command line. Each sub-command lives in its own module.

A module named in :data:`COMMANDS` provides ``add_arguments(parser)`` and
``run(args) -> int``; errors are printed as one clear line, never a traceback.
"""
from __future__ import annotations

import argparse
import sys
from importlib import import_module

from .errors import DataError, StartError

COMMANDS = {
    "check": ("ecarte_tutor.commands.check", "load and cross-check the rule book, lessons and scenarios"),
    "rules": ("ecarte_tutor.commands.rules", "print rules by id or section"),
    "ask": ("ecarte_tutor.commands.ask", "answer JSON questions (one object, or JSON Lines) from a file or stdin"),
    "coverage": ("ecarte_tutor.commands.coverage", "list the scenarios and lessons that exercise each club-code law"),
    "lesson": ("ecarte_tutor.commands.lesson", "take a lesson at the terminal"),
    "play": ("ecarte_tutor.commands.play", "play a game against the tutor at the terminal"),
    "serve": ("ecarte_tutor.commands.serve", "run the site with a production WSGI server"),
    "marque": ("ecarte_tutor.commands.marque", "keep the score sheet of a real game, every hand scored by the rules"),
    "db": ("ecarte_tutor.commands.db", "the progress store: apply its migrations, or say where it stands"),
    "strategy": ("ecarte_tutor.commands.strategy", "weigh the jeux de règle by computation (strategy compute)"),
    "lang": ("ecarte_tutor.commands.lang", "the catalogues of each language: bring one up to the code, or say where "
                                           "each stands"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte-tutor",
        description="Learn Écarté, ask whether a play is legal, and settle disputes by the London club code.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, summary) in COMMANDS.items():
        command = sub.add_parser(name, help=summary, description=summary)
        import_module(module_name).add_arguments(command)
        command.set_defaults(module=module_name)
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return import_module(args.module).run(args)
    except DataError as exc:
        print(f"ecarte-tutor: broken data file: {exc}", file=sys.stderr)
        return 1
    except StartError as exc:
        print(f"ecarte-tutor: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
