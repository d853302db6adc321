"""``ecarte-tutor strategy compute [--rules DIR]``: weigh the jeux de règle and write rules/strategy/computed.yaml.

Each pattern of the list on random hands, and the hands off it, by the hidden-card model
(:mod:`ecarte_tutor.engine.jeux_weighed`); a few minutes of one core. ``check`` then finds the data fresh,
the site shows it at /rules/jeux-de-regle/computed and ``advice`` cites it where it and the list disagree.
"""
from __future__ import annotations

import sys


def add_arguments(parser) -> None:
    parser.add_argument("action", choices=["compute"], help="compute: weigh every pattern and write the data")
    parser.add_argument("--rules", help="rule book folder (default: the bundled rules/)")


def run(args) -> int:
    from ..engine import jeux_weighed
    from ..library import load_library

    book = load_library(args.rules).book
    if book.strategy is None:
        print("ecarte-tutor: this rule book has no jeux de règle (rules/strategy/patterns.yaml) to weigh.",
              file=sys.stderr)
        return 1
    data = jeux_weighed.compute(book, progress=lambda line: print(line, flush=True))
    print(f"{jeux_weighed.write(book, data)}: {len(data['patterns'])} patterns weighed.")
    return 0
