"""``ecarte-tutor play``: a game against the tutor at the terminal, to the game's target.

Moves are read from standard input, one a line, so a game can also be scripted. A game is fixed
by its seed: the same seed, profile, level, agreements and first dealer give the same deals and
the same tutor; ``--replay FILE`` takes up a game from the record printed when one ends or is left;
``--guided`` plays the guided first hand (:mod:`ecarte_tutor.table.guide`).
"""
from __future__ import annotations

import json
import secrets
import sys
from argparse import ArgumentParser, Namespace

from ..i18n import DEFAULT_LANG, LANGS, speaking
from ..library import load_library
from ..lineio import LineInput, Output
from ..table import guide
from ..table.dealing import MAX_SEED
from ..table.game import Game
from ..table.settings import LEVELS, TableError
from ..table.terminal import TerminalGame


def add_arguments(parser: ArgumentParser) -> None:
    parser.add_argument("--profile", help="the rule set (london, french, modern, finnish; default london)")
    parser.add_argument("--level", default="club", help=f"the tutor's level: {', '.join(LEVELS)} (default club)")
    parser.add_argument("--seed", type=int, help="the seed of the shuffles (default: a new one, printed)")
    parser.add_argument("--dealer", default="tutor", help="who deals first: tutor or learner (default tutor)")
    parser.add_argument("--agreements", default="", metavar="LIST",
                        help="agreements, comma-separated: e.g. doubling,offer-the-point,game-target=7")
    parser.add_argument("--replay", metavar="FILE", help="take up the game whose record FILE holds (JSON)")
    parser.add_argument("--guided", action="store_true",
                        help="a guided first hand: a fixed deal, each step explained before you act")
    parser.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG,
                        help="the language the table speaks (the words typed stay p, play, a, r…; default en)")


def read_agreements_option(text: str) -> list[str | dict[str, int]]:
    """``"doubling,game-target=7"`` -> ``["doubling", {"game-target": 7}]``."""
    out: list[str | dict[str, int]] = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, _, value = item.partition("=")
        if not value:
            out.append(name)
        elif value.strip().lstrip("-").isdigit():
            out.append({name.strip(): int(value)})
        else:
            raise TableError(f"'{item}': an agreement's value is a whole number, as in game-target=7.")
    return out


def run(args: Namespace, stdin: LineInput | None = None, stdout: Output | None = None) -> int:
    with speaking(getattr(args, "lang", None) or DEFAULT_LANG):
        return _run(args, stdin, stdout)


def _run(args: Namespace, stdin: LineInput | None, stdout: Output | None) -> int:
    library = load_library()
    try:
        if args.guided:
            game = guide.start(library.book, profile=args.profile, agreements=read_agreements_option(args.agreements))
        elif args.replay:
            game = Game.replay(_read_record(args.replay), library.book)
        else:
            seed = args.seed if args.seed is not None else secrets.randbelow(MAX_SEED)
            game = Game.start(library.book, seed=seed, profile=args.profile, level=args.level,
                              agreements=read_agreements_option(args.agreements), first_dealer=args.dealer)
    except TableError as exc:
        print(f"ecarte-tutor: {exc.message}", file=sys.stderr)
        return 2
    return TerminalGame(game, stdin, stdout, guided=args.guided).run()


def _read_record(path: str) -> object:
    try:
        with open(path, encoding="utf-8") as handle:
            record: object = json.load(handle)  # any JSON: Game.replay says what is wrong with it
            return record
    except OSError as exc:
        raise TableError(f"Cannot read {path}: {exc.strerror}.") from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise TableError(f"{path} does not hold a game record (a JSON object).") from None
