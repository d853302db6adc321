"""The sheet replayed: each hand scored by the engine, the running score, the games, who deals next.

Every point on the sheet is the engine's: a hand's facts go to :func:`ecarte_tutor.engine.scoring.read_facts`
(the ``score`` kind's own reading, so an impossible hand is refused with the engine's words) and
:func:`~ecarte_tutor.engine.scoring.score` (the awards, their reasons and laws, the game won the moment a
player reaches the target, later claims unscored); a referee's ruling's points go through the same
:func:`~ecarte_tutor.engine.scoring.settle`. The pool's seats are the ``pool`` kind's answer
(:func:`ecarte_tutor.engine.pool.answer_pool`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import pool, scoring
from ..engine.citing import Reasons
from ..errors import QuestionError
from ..fields import SEATS
from ..marks import decides, fact_name, option_id
from .model import Entry, Sheet, SheetError, Table, live, table_of
from .words import say

RUBBER = "scoring.rubber"
ALTERNATE = "deal.alternate"
# A ruling that sets the deal aside: the same dealer deals again (as at the practice table, table/game.py)
SAME_DEALER = (option_id("fresh-deal"), option_id("replay-hand"))
WAGER_ENDS = {"double-declined": "double-declined", "offer-taken": "offer-accepted"}  # the engine's names


@dataclass
class Line:
    """One entry on the sheet, as replayed: its players, what it scored and why, the score after it."""

    n: int
    entry: Entry | None  # None: removed
    versions: list[dict[str, Any]]
    game: int = 0
    dealer: str = ""
    elder: str = ""
    awards: list[dict[str, Any]] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)  # by name
    score_after: dict[str, int] = field(default_factory=dict)  # by name
    cites: list[str] = field(default_factory=list)
    laws: list[int] = field(default_factory=list)
    explanation: str = ""
    won_game: bool = False

    def seat_of(self, name: str) -> str:
        return "dealer" if name == self.dealer else "elder"


@dataclass
class Game:
    number: int
    players: tuple[str, str]
    score: dict[str, int]
    lines: list[Line] = field(default_factory=list)
    winner: str | None = None
    value: int = 0


@dataclass
class Standing:
    """The sheet as it stands: its lines, its games, the match, and who deals next."""

    sheet: Sheet
    table: Table
    lines: list[Line]
    games: list[Game]
    next_dealer: str | None
    next_elder: str | None
    over: bool
    result: str  # in words: who won the game, the rubber or the pool, or "" while it goes on
    said: list[str]  # the match's state in words (games won, the pool's seats)
    cites: list[str]

    @property
    def current(self) -> Game:
        return self.games[-1]


def proposal_facts(proposals: str) -> dict[str, bool]:
    """The facts of law 49 (as the engine and the dispute interview name them) that a hand's proposals answer."""
    return {fact_name("elder_played_without_proposing"): proposals == "played-without-proposing",
            fact_name("dealer_refused_first_proposal"): proposals == "refused-first",
            fact_name("dealer_refused_later_proposal"): proposals == "refused-later"}


def hand_facts(entry: Entry, table: Table) -> tuple[scoring.HandFacts, bool]:
    """The engine's facts of a hand (read by the ``score`` kind's reader), and whether its tricks count."""
    params = table.params
    question: dict[str, Any] = {
        **proposal_facts(entry["proposals"]),
        "king_turned": entry["king"] == "turned",
        "king_announced_by": entry["king"].removeprefix("announced-") if entry["king"].startswith("announced-")
        else None,
    }
    outcome = entry["outcome"]
    tricks = entry.get("tricks")
    if outcome == "played":
        if tricks is None:
            raise SheetError(say("errors", "tricks-needed"), "tricks_elder")
        question["tricks"] = tricks
    else:  # the tricks were not played out: the engine reads a placeholder it will not score
        question["tricks"] = {"elder": params.point_tricks, "dealer": params.hand_size - params.point_tricks}
    facts = _read(question, table)
    if entry.get("doubled"):
        _agreed(table, "doubling", "doubled")
        facts.doubled = True
    if entry.get("offer_declined_by"):
        _agreed(table, "offer_the_point", "offer_declined_by")
        facts.offer_declined_by = entry["offer_declined_by"]
    if outcome in WAGER_ENDS:
        _agreed(table, "doubling" if outcome == "double-declined" else "offer_the_point", "outcome")
        if entry.get("scores") not in SEATS:
            raise SheetError(say("errors", "wager-seat"), "scores")
        facts = replace(facts, ended=(WAGER_ENDS[outcome], entry["scores"]))
    return facts, outcome != "not-played"


def _read(question: dict[str, Any], table: Table) -> scoring.HandFacts:
    try:
        return scoring.read_facts(question, table.params)
    except QuestionError as exc:
        where = exc.field or ""
        if where.startswith("tricks"):
            where = "tricks_" + where.split(".")[-1] if "." in where else "tricks_elder"
        elif where.startswith("king"):
            where = "king"
        else:
            where = "proposals"
        raise SheetError(exc.message, where) from None


def _agreed(table: Table, parameter: str, where: str) -> None:
    if not table.params.get(parameter):
        rule = table.book.rules[table.params.rule_for(parameter)]
        label = rule.agreement["label"] if rule.agreement else rule.title
        raise SheetError(say("errors", "not-agreed", label=label), where)


def score_entry(entry: Entry, before: dict[str, int], table: Table) -> scoring.Scored:
    """What one entry scores by seat, given the score before it by seat (the engine's answer body)."""
    if entry["kind"] == "ruling":
        reasons = Reasons(table.book)
        laws = _laws_said(sorted(set(entry.get("laws", []))))
        reason = say("said", "ruling-laws", laws=laws, label=entry["label"]) if laws else \
            say("said", "ruling", label=entry["label"])
        awards = [scoring.Award(seat, entry["points"][seat], "tricks", reason)
                  for seat in SEATS if entry["points"].get(seat)]
        settled = scoring.settle(awards, before, table.params, reasons)
        return {**settled, "awards": [a.to_dict() for a in awards], "cites": reasons.ids,
                "laws": sorted(set(entry.get("laws", []))),
                "explanation": " ".join(a.reason for a in awards)}
    facts, with_tricks = hand_facts(entry, table)
    scored = scoring.score(facts, before, table.params, table.book, with_tricks=with_tricks)
    if not with_tricks and not scored.get("winner"):
        raise SheetError(say("errors", "tricks-needed"), "outcome")
    return scored


def _laws_said(numbers: list[int]) -> str:
    if len(numbers) <= 1:
        return say("said", "law-one", number=numbers[0]) if numbers else ""
    return say("said", "law-many", numbers=", ".join(map(str, numbers[:-1])), last=numbers[-1])


def _seated(sheet: Sheet, winners: list[str], table: Table) -> tuple[tuple[str, str] | None, str]:
    """The two who play the next game, or None once the match is over; and its result in words."""
    players = sheet["players"]
    if sheet["match"] == "pool":
        answer = pool.answer_pool({"kind": "pool", "players": players, "results": list(winners)}, table.book,
                                  table.params)
        return answer.seated, answer.explanation
    pair = (players[0], players[1])
    if sheet["match"] == "game":
        return (None, "") if winners else (pair, "")
    wins = {name: winners.count(name) for name in pair}
    leader = max(pair, key=lambda name: wins[name])
    if wins[leader] >= table.params.rubber_games:  # scoring.rubber (rubber_games 2: the best of three)
        return None, say("said", "rubber-won", winner=leader, wins=wins[leader], losses=wins[other_of(pair, leader)])
    return pair, say("said", "rubber-stands", games=", ".join(f"{n} {wins[n]}" for n in pair)) if winners else ""


@decides(RUBBER, "variant.pool-ecarte", "scoring.game-value-scale")
def rubber_worth(sheet: Sheet, games: list[Game], table: Table, reasons: Reasons) -> str:
    """What each player's games count for the stakes, when games count by the loser's score (law 46); "" else.

    The rubber itself goes on games won (scoring.rubber), and the pool on games won running
    (variant.pool-ecarte): a treble game weighs no more in who takes either.
    """
    won = [game for game in games if game.winner]
    if sheet["match"] == "game" or not won or table.params.game_value != "by-loser-score":
        return ""
    reasons.add(table.params.rule_for("game_value"), "scoring.game-value-scale")
    names = sheet["players"]
    values = {name: sum(game.value for game in won if game.winner == name) for name in names}
    return say("said", f"{sheet['match']}-worth", values=", ".join(f"{name} {values[name]}" for name in names))


def other_of(pair: tuple[str, str], name: str) -> str:
    return pair[1] if name == pair[0] else pair[0]


def _apply(sheet: Sheet, table: Table, line: Line, entry: Entry, games: list[Game], winners: list[str],
           match_over: bool, result: str) -> tuple[str, bool, str, list[str]]:
    """Score one live entry onto the game in progress; start the next game when it wins one."""
    game = games[-1]
    if match_over:
        raise SheetError(say("errors", "match-over", result=result), "dealer")
    if entry["dealer"] not in game.players:
        raise SheetError(say("errors", "not-playing", name=entry["dealer"], first=game.players[0],
                             second=game.players[1]), "dealer")
    line.game, line.dealer = game.number, entry["dealer"]
    line.elder = other_of(game.players, line.dealer)
    names = {"elder": line.elder, "dealer": line.dealer}
    before = {seat: game.score[name] for seat, name in names.items()}
    scored = score_entry(entry, before, table)
    line.awards = [{**award, "name": names[award["seat"]]} for award in scored["awards"]]
    line.points = {name: scored["points"][seat] for name in game.players for seat in SEATS if names[seat] == name}
    after = scored.get("score_after", before)
    by_name = {names[seat]: after[seat] for seat in SEATS}
    game.score = {name: by_name[name] for name in game.players}
    line.score_after = dict(game.score)
    line.cites, line.laws, line.explanation = scored["cites"], scored["laws"], scored["explanation"]
    game.lines.append(line)
    # after a deal set aside the same dealer deals again: the other player is then the one "who dealt last"
    last_dealer = line.elder if entry.get("option") in SAME_DEALER else line.dealer
    winner_seat = scored.get("winner")
    if winner_seat:
        line.won_game = True
        game.winner, game.value = names[winner_seat], scored.get("game_value", 1)
        winners.append(game.winner)
        seated, said_pool = _seated(sheet, winners, table)
        if seated is None:
            match_over, result = True, said_pool
        else:
            games.append(Game(game.number + 1, seated, dict.fromkeys(seated, 0)))
    return last_dealer, match_over, result, winners


@decides(RUBBER, ALTERNATE)
def replay(sheet: Sheet, table: Table | None = None, book: Any = None) -> Standing:
    """Replay every entry in order (SheetError: one of them cannot stand, with the entry's number)."""
    table = table or table_of(sheet, book)
    lines: list[Line] = []
    winners: list[str] = []
    seated, _ = _seated(sheet, [], table)
    assert seated is not None
    games = [Game(1, seated, dict.fromkeys(seated, 0))]
    last_dealer = None
    match_over, result = False, ""
    for raw in sheet["entries"]:
        entry = live(raw)
        line = Line(raw["n"], entry, raw["versions"])
        lines.append(line)
        if entry is None:
            continue
        try:
            last_dealer, match_over, result, winners = _apply(sheet, table, line, entry, games, winners,
                                                              match_over, result)
        except SheetError as exc:
            exc.n = raw["n"]
            raise
    current = games[-1]
    next_dealer = None
    if not match_over:
        if last_dealer is None:
            next_dealer = sheet["first_dealer"] if sheet["first_dealer"] in current.players else current.players[0]
        else:  # the deal alternates, across games too while both still play
            next_dealer = other_of(current.players, last_dealer) if last_dealer in current.players \
                else current.players[0]
    reasons = Reasons(table.book).add(ALTERNATE)
    if sheet["match"] == "rubber":
        reasons.add(RUBBER)
    state = result if match_over else _seated(sheet, winners, table)[1]
    said = [state] if state else []
    worth = rubber_worth(sheet, games, table, reasons)
    if worth:
        said.append(worth)
    return Standing(sheet, table, lines, games, next_dealer,
                    other_of(current.players, next_dealer) if next_dealer else None, match_over, result, said,
                    reasons.ids)


def game_said(game: Game) -> str:
    """A finished game in words."""
    if not game.winner:
        return say("said", "game-starts", number=game.number, first=game.players[0], second=game.players[1])
    loser = other_of(game.players, game.winner)
    values = {"winner": game.winner, "number": game.number, "winner_score": game.score[game.winner],
              "loser_score": game.score[loser], "value": game.value}
    return say("said", "game-won-counts" if game.value > 1 else "game-won", **values)
