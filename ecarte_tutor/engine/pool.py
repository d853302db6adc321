"""Pool écarté for three (kind ``pool``): who plays, who sits out, and who has won the pool.

Two of the three play while the third waits. The loser of each game gives his seat to the one
who waited; the pool is won by the first player to win two games running (seed 000,
"Pool Écarté"; the rule ``variant.pool-ecarte``). The seed speaks of the loser "of a hand" and
of winning "two games": we read both as one game, the unit whose winner the question lists.

In: ``players`` (three names), optionally ``first`` (the two who play the first game; by
default the first two names), and ``results``: the winner of each game in order. Out: the
games replayed, ``seated`` and ``sitting_out`` for the next game, ``streak`` and ``winner``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from ..errors import QuestionError, excerpt
from ..i18n import tr
from ..jsontypes import Question
from ..marks import decides
from ..rulebook import Params, RuleBook
from .citing import Citing, Explained, Reasons

POOL_RULE = "variant.pool-ecarte"
PLAYERS = 3


class Streak(TypedDict):
    """Who won the last game, and how many games running."""

    player: str | None
    wins: int


class PoolGame(TypedDict):
    """One game of the pool replayed: who played, who won and lost, and who sits out the next."""

    game: int
    playing: list[str]
    winner: str
    loser: str
    sits_out_next: str


class PoolJson(Explained):
    """The ``pool`` kind's answer as sent (the module's docstring; docs/api.md)."""

    games: list[PoolGame]
    seated: list[str] | None
    sitting_out: str | None
    streak: Streak
    winner: str | None


@dataclass(frozen=True, slots=True)
class PoolAnswer:
    """The ``pool`` kind's answer: the games replayed, the next game's players (None once the pool is won),
    the winning streak, the pool's winner (None while it goes on), the rules and why."""

    games: tuple[PoolGame, ...]
    seated: tuple[str, str] | None
    sitting_out: str | None
    streak: Streak
    winner: str | None
    citing: Citing
    explanation: str

    def as_json(self) -> PoolJson:
        return {"games": list(self.games), "seated": list(self.seated) if self.seated else None,
                "sitting_out": self.sitting_out, "streak": self.streak, "winner": self.winner, **self.citing,
                "explanation": self.explanation}


def _names(question: Question) -> list[str]:
    players = question.get("players")
    if not isinstance(players, list) or len(players) != PLAYERS or \
            not all(isinstance(p, str) and p.strip() for p in players):
        raise QuestionError("bad-field", tr("'players' must list the three players' names."), "players")
    names = [p.strip() for p in players]  # answers name them as the question first wrote them
    if len({_key(name) for name in names}) != PLAYERS:
        raise QuestionError("same-player", tr("The three players need three different names (capitals and spaces "
                                              "do not make a name different)."), "players")
    return names


def _key(name: str) -> str:
    """A name as players compare names: "anne" and " Anne" are Anne."""
    return name.strip().casefold()


def _member(value: object, names: list[str], field: str) -> str:
    if isinstance(value, str):
        for name in names:
            if _key(name) == _key(value):
                return name
    raise QuestionError("not-a-player", tr("%(name)s is not one of the players (%(players)s).", name=excerpt(value),
                                           players=", ".join(names)), field)


@decides(POOL_RULE)
def answer_pool(question: Question, book: RuleBook, params: Params) -> PoolAnswer:
    """Kind ``pool``: replay the games of a pool and say who plays next, or who has won."""
    names = _names(question)
    first = question.get("first", names[:2])
    if not isinstance(first, list) or len(first) != 2:
        raise QuestionError("bad-field", tr("'first' must name the two players of the first game."), "first")
    seated = [_member(value, names, f"first[{i}]") for i, value in enumerate(first)]
    if seated[0] == seated[1]:
        raise QuestionError("same-player", tr("The first game needs two different players."), "first")
    results = question.get("results", [])
    if not isinstance(results, list):
        raise QuestionError("bad-field", tr("'results' must list the winner of each game, in order."), "results")
    waiting = next(name for name in names if name not in seated)
    games: list[PoolGame] = []
    streak: Streak = {"player": None, "wins": 0}
    winner = None
    for i, value in enumerate(results):
        field = f"results[{i}]"
        if winner:
            raise QuestionError("pool-over", tr("%(winner)s had already won the pool before game %(game)d.",
                                                winner=winner, game=i + 1), field)
        won = _member(value, names, field)
        if won not in seated:
            raise QuestionError("not-playing", tr("%(name)s was sitting out game %(game)d (%(first)s and %(second)s "
                                                  "were playing), so he cannot have won it.", name=won, game=i + 1,
                                                  first=seated[0], second=seated[1]), field)
        lost = seated[1] if won == seated[0] else seated[0]
        streak = {"player": won, "wins": streak["wins"] + 1 if streak["player"] == won else 1}
        games.append({"game": i + 1, "playing": list(seated), "winner": won, "loser": lost, "sits_out_next": lost})
        if streak["wins"] >= 2:
            winner = won
        seated, waiting = [won, waiting], lost
    reasons = Reasons(book).add(POOL_RULE) if POOL_RULE in book.rules else Reasons(book)
    if winner:
        text = tr("%(winner)s has won two games running and so wins the pool.", winner=winner)
    else:
        text = tr("Next game: %(first)s against %(second)s; %(waiting)s sits out. The loser of each game gives his "
                  "seat to the player who waited, and the first to win two games running wins the pool.",
                  first=seated[0], second=seated[1], waiting=waiting)
        if streak["player"]:
            text += " " + tr("%(name)s won the last game: one more win in a row takes the pool.",
                             name=streak["player"])
    return PoolAnswer(tuple(games), None if winner else (seated[0], seated[1]), None if winner else waiting, streak,
                      winner, reasons.fields(), text)
