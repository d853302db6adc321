"""``pool``: after these games of a pool for three, who sits out next, or who has won (``{"next": ...}``).

The learner picks one of six answers: ``out:<name>`` (he sits out the next game) or
``won:<name>`` (he has won the pool). The engine (kind ``pool``) replays the games. The
diagnosis reads that replay: a winner who keeps his seat, a waiting player who comes in,
two wins that were not running, a pool already over.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ...engine.pool import PoolGame, PoolJson
from ...i18n import tr, trc
from ...jsontypes import Question
from ...marks import decides
from ...rulebook import RuleBook
from ..diagnosis import Diagnosis
from ..exercise import OneChoice, Position, Terminal
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import BadResponse, require

if TYPE_CHECKING:
    from ..exercise import Choice, Exercise, ExerciseEntry

POOL_RULE = "variant.pool-ecarte"
OUT, WON = "out", "won"


class PoolPosition(Position):
    """A ``pool`` question without its kind: the three players, the first two, the winner of each game."""

    players: list[str]
    first: NotRequired[list[str]]
    results: NotRequired[list[str]]



class NextResponse(TypedDict):
    next: str  # out:<name> | won:<name>


def _value(what: str, name: str) -> str:
    return f"{what}:{name}"


def _split(value: str) -> tuple[str, str]:
    what, _, name = value.partition(":")
    return what, name


def _label(value: str) -> str:
    what, name = _split(value)
    return tr("%(name)s sits out the next game", name=name) if what == OUT else tr("%(name)s has won the pool",
                                                                                   name=name)


class Pool(OneChoice[PoolPosition, PoolJson, NextResponse]):
    name = "pool"
    ask_kind = "pool"
    field = "next"

    def choices(self, entry: ExerciseEntry, book: RuleBook) -> tuple[Choice, ...]:
        players = [str(name) for name in self.position(entry["position"]).get("players", [])]
        values = [_value(what, name) for what in (OUT, WON) for name in players]
        return tuple({"value": value, "label": _label(value)} for value in values)

    def expected(self, exercise: Exercise, answer: PoolJson) -> NextResponse:
        winner, out = answer["winner"], answer["sitting_out"]
        return {"next": _value(WON, winner) if winner else _value(OUT, str(out))}

    def normalize(self, exercise: Exercise, response: object) -> NextResponse:
        text = require(response, self.field, '{"next": "out:Anne"}')
        typed = text.strip().lower() if isinstance(text, str) else ""
        for choice in exercise.choices:  # the value sent by a button, or its words typed out
            if typed in (choice["value"].lower(), choice["label"].lower()):
                return {"next": choice["value"]}
        raise BadResponse(f"{str(text)[:40]!r} is not one of the answers: "
                          f"{'; '.join(c['label'] for c in exercise.choices)}.", self.field)

    def slots(self, case: Case, given: NextResponse) -> dict[str, object]:
        return {"named": _split(given["next"])[1]}

    @decides("variant.pool-ecarte")
    def diagnose(self, exercise: Exercise, given: NextResponse, expected: NextResponse, answer: PoolJson,
                 book: RuleBook) -> Diagnosis:
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        if named:
            return named
        what, name = _split(given["next"])
        if what == WON:
            return Diagnosis(_not_the_winner(name, answer["games"]), POOL_RULE)
        return Diagnosis(tr("%(name)s plays the first game: the two named first play it, and the third player "
                            "waits.", name=name), POOL_RULE)

    def words(self, exercise: Exercise, answer: NextResponse) -> str:
        return _label(answer["next"])

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        players = [str(name) for name in p["players"]]
        first = [str(name) for name in p.get("first") or players[:2]]
        waits = next((name for name in players if name not in first), "")
        results = [str(name) for name in p.get("results") or []]
        lines = [tr("Players: %(players)s", players=", ".join(players)),
                 tr("First game: %(first)s against %(second)s; %(waits)s waits", first=first[0], second=first[1],
                    waits=waits)]
        if results:
            winners = ", ".join(tr("%(name)s (game %(number)s)", name=name, number=i)
                                for i, name in enumerate(results, 1))
            lines.append(tr("Winners, game by game: %(winners)s", winners=winners))
        else:
            lines.append(tr("No game has been played yet."))
        return lines

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        for number, choice in enumerate(exercise.choices, 1):
            terminal.say(f"  {number}. {choice['label']}")
        typed = terminal.answer(f"What happens now? Type a number from 1 to {len(exercise.choices)}").strip()
        if typed.isdigit() and 1 <= int(typed) <= len(exercise.choices):
            return {"next": exercise.choices[int(typed) - 1]["value"]}
        return {"next": typed}


def _not_the_winner(name: str, games: list[PoolGame]) -> str:
    """Why ``name`` has not won the pool, from the games replayed."""
    won = [game["game"] for game in games if game["winner"] == name]
    running = 0
    for game in reversed(games):
        if game["winner"] != name:
            break
        running += 1
    if len(won) >= 2 and running < 2:
        listed = f" {trc('list', 'and')} ".join(map(str, won[-2:]))
        return tr("You gave the pool to %(name)s, who has won games %(games)s, but not running: someone else won a "
                  "game in between. The pool goes to the first to win two games in a row.", name=name, games=listed)
    if running == 1:
        return tr("You gave the pool to %(name)s, who has won only the last game: one win is not enough, the pool "
                  "needs two games won running.", name=name)
    if won:
        return tr("You gave the pool to %(name)s, who has won just one game, and not the last one: the pool needs "
                  "two games won running.", name=name)
    return tr("You gave the pool to %(name)s, who has not won a game yet: the pool needs two games won running.",
              name=name)
