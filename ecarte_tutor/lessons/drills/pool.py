"""Drills on pool écarté for three: a few games played out, then who sits out, or who has won.

The games are made by the rotation itself (each winner is one of the two seated), so every
record is one the engine accepts. Before the last game nobody wins twice running, which often
leaves a player with two wins that were not running; the last game ends the pool a third of
the time.
"""
from __future__ import annotations

import random

from ...i18n import tr
from ...rulebook import RuleBook
from ..model import ExerciseEntry
from .base import drill

NAMES = ("Anne", "Bertrand", "Claude", "Denise", "Émile", "Françoise", "Gustave", "Hélène")
MOST_GAMES = 6


@drill("variant.pool-ecarte")
def pool(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    players = rng.sample(NAMES, 3)
    seated, waiting = players[:2], players[2]
    results: list[str] = []
    streak: tuple[str, int] = ("", 0)
    games = rng.randint(1, MOST_GAMES)
    for game in range(1, games + 1):
        # the last winner wins again only in the last game, a third of the time: the pool then ends
        again = game == games and streak[0] in seated and rng.random() < 1 / 3
        won = streak[0] if again else rng.choice([name for name in seated if name != streak[0]])
        results.append(won)
        streak = (won, streak[1] + 1 if streak[0] == won else 1)
        lost = seated[1] if won == seated[0] else seated[0]
        seated, waiting = [won, waiting], lost
    played = tr(", then ").join(results)  # the winners in order: names, in a list of the language's own
    prompt = " ".join([tr("%(first)s, %(second)s and %(third)s make a pool; %(first)s and %(second)s play the first "
                          "game.", first=players[0], second=players[1], third=players[2]),
                       tr("The games are won by %(winners)s.", winners=played), tr("What happens now?")])
    return {"kind": "pool", "position": {"players": players, "results": results}, "prompt": prompt,
            "hint": tr("Who lost the last game, and has anyone just won twice in a row?")}
