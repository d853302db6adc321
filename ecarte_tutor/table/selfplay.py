"""The tutor playing itself: a bot of any level takes the learner's chair and moves through the same
:meth:`Game.decision` / :meth:`Game.play` a person uses, so every one of its moves is put to the
``hand`` referee like a learner's. Used by the tests and by ``bench/selfplay.py``.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.hand import FirstIllegal
from ..engine.scoring import Scored
from ..rulebook import RuleBook
from .game import Game, HandPlay
from .players import make_player
from .view import asked


@dataclass
class SelfPlay:
    """One finished game and what the referee said of the learner-side bot's moves."""

    game: Game
    refused: list[FirstIllegal]  # the referee's refusals (first_illegal) of the bot's attempts: none expected
    decisions: int


def play_game(book: RuleBook, *, seed: int, profile: str, learner_level: str = "beginner",
              tutor_level: str = "beginner", agreements: Sequence[object] = (), first_dealer: str = "tutor",
              max_decisions: int = 10_000) -> SelfPlay:
    """A whole game, a ``learner_level`` bot against the ``tutor_level`` tutor."""
    game = Game.start(book, seed=seed, profile=profile, level=tutor_level, agreements=agreements,
                      first_dealer=first_dealer)
    bot = make_player(learner_level)
    refused: list[FirstIllegal] = []
    decisions = 0
    while (decision := game.decision()) is not None:
        decisions += 1
        if decisions > max_decisions:
            raise RuntimeError(f"game {seed} did not end after {max_decisions} decisions")
        move = bot.choose(decision.view, decision.choices, game.current.score_before)
        refusal = game.play({k: v for k, v in move.items() if k != "by"})
        if refusal is not None:
            refused.append(refusal)
            break  # a refused move would be asked again for ever: stop and report it
    return SelfPlay(game, refused, decisions)


def problems(result: SelfPlay, book: RuleBook) -> list[str]:
    """What is wrong with a finished self-play game (empty when all is well): an illegal action, a game
    without a winner at the target, a hand whose points differ from the ``score`` kind's for the same
    facts, a score sheet that does not add up to the score."""
    game = result.game
    found: list[str] = []
    found += [f"refused: {r['explanation']}" for r in result.refused]
    target = game.params.game_target
    if game.winner is None or game.scores[game.winner] < target:
        found.append(f"no winner at {target}: {game.scores}")
    for hp in game.hands:
        if hp.answer is None or not hp.answer["legal"]:
            found.append(f"deal {hp.number + 1} not refereed as legal")
            continue
        expected = score_kind_points(hp, game)
        if expected is not None and expected != hp.answer["score"]["points"]:
            found.append(f"deal {hp.number + 1}: the hand scored {hp.answer['score']['points']}, the score kind "
                         f"{expected}")
    totals = {player: 0 for player in game.scores}
    for entry in game.sheet:
        totals[entry["player"]] += entry["points"] if entry["scored"] else 0
    if totals != game.scores:
        found.append(f"the sheet adds up to {totals}, the score is {game.scores}")
    return found


def score_kind_points(hp: HandPlay, game: Game) -> dict[str, int] | None:
    """What the ``score`` kind gives for this hand's facts (None for a hand a wager changed: the kind
    takes no wagers)."""
    state, params = hp.state, game.params
    if state.doubled or state.ended or state.offer_declined_by:
        return None
    tricks = dict(state.tricks)
    if state.phase == "game-over":  # ended by a king before the tricks: any split, none is scored
        tricks = {"elder": params.point_tricks, "dealer": params.hand_size - params.point_tricks}
    question = {"kind": "score", **game.settings.question(), "tricks": tricks, "score_before": hp.score_before,
                "elder_played_without_proposing": state.elder_played_without_proposing,
                "dealer_refused_first_proposal": state.dealer_refused_first_proposal,
                "dealer_refused_later_proposal": state.dealer_refused_later_proposal,
                "king_turned": state.king_turned, "king_announced_by": state.king_announced_by}
    return asked(question, game.book, Scored)["points"]
