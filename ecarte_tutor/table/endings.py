"""How the table says that a deal or the game has ended, in the sentences of ``rules/course/endings.yaml``.

The page's live region and result line (``/play``) say them; the numbers come from the game's own score. In
another language they are those of ``rules/<lang>/course/endings.yaml`` (the same keys, :mod:`..datawords`), each
sentence not translated yet said in English.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..datawords import Parallel, translated
from ..engine.saying import check_slots
from ..errors import DataError
from ..i18n import DEFAULT_LANG, current
from ..rulebook import RuleBook
from ..schemas import explain, key_path, schema_errors
from ..yamlio import load_yaml
from .game import Game, opponent

ENDINGS_FILE = Path("course") / "endings.yaml"  # relative to the rule-book folder
SLOTS = {"deal_over": frozenset({"deal", "learner", "tutor"}),
         "game_over": frozenset({"winner", "loser", "learner", "tutor"}), "worth": frozenset({"value"})}


@dataclass(frozen=True)
class Endings:
    """The sentences of ``rules/course/endings.yaml``."""

    deal_over: str
    game_over: dict[str, str]  # by the winner: learner or tutor
    worth: str


def load_endings(path: Path, translation: Path | None = None) -> Endings:
    """Read and check the sentences: their schema, and no slot the table does not fill; with ``translation``, its
    sentences in place of the English where it gives them."""
    document = load_yaml(path)
    if translation is not None and translation.is_file() and isinstance(document, dict):
        theirs = load_yaml(translation)
        document = translated(document, theirs if isinstance(theirs, dict) else {})
        path = translation
    for error in schema_errors("endings", document):
        raise DataError(path, explain(error), key=key_path(error))
    found = Endings(document["deal_over"], dict(document["game_over"]), document["worth"])
    texts = {"deal_over": [found.deal_over], "game_over": list(found.game_over.values()), "worth": [found.worth]}
    for where, sentences in texts.items():
        for text in sentences:
            check_slots(path, {where: (text, SLOTS[where])}, "the table")
    return found


def parallel(book: RuleBook, lang: str) -> Parallel:
    """The sentences' file and its translation into ``lang`` (``ecarte-tutor check`` holds one to the other)."""
    return Parallel(book.root / ENDINGS_FILE, book.root / lang / ENDINGS_FILE, lang,
                    f"rules/{lang}/{ENDINGS_FILE.as_posix()}")


@cache
def _endings_at(root: Path, lang: str) -> Endings:
    return load_endings(root / ENDINGS_FILE, None if lang == DEFAULT_LANG else root / lang / ENDINGS_FILE)


def endings(book: RuleBook) -> Endings:
    """The sentences beside ``book`` in the current language, loaded once."""
    return _endings_at(book.root, current())


def deal_over(game: Game, number: int) -> str:
    """Deal ``number`` (0-based) is over: what each player scored in it, from the log's line for it."""
    points = next(e["points"] for e in game.log if e["deal"] == number and e.get("hand_over"))
    return endings(game.book).deal_over.format(deal=number + 1, learner=points["learner"], tutor=points["tutor"])


def game_over(game: Game) -> str:
    """Who won the game and the final score, the winner's first; what it counts when more than one."""
    winner = game.winner
    if winner is None:
        return ""
    words = endings(game.book)
    scores = game.scores
    line = words.game_over[winner].format(winner=scores[winner], loser=scores[opponent(winner)],
                                          learner=scores["learner"], tutor=scores["tutor"])
    if game.game_value and game.game_value > 1:
        line += " " + words.worth.format(value=game.game_value)
    return line
