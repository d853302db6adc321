"""The tutor playing itself: a bot of any level takes the learner's chair and moves through the same
:meth:`Game.decision` / :meth:`Game.play` a person uses, so every one of its moves is put to the
``hand`` referee like a learner's. Used by the tests and by ``bench/selfplay.py``.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rulebook import RuleBook
from .game import Game
from .players import make_player


@dataclass
class SelfPlay:
    """One finished game and what the referee said of the learner-side bot's moves."""

    game: Game
    refused: list  # the referee's refusals (first_illegal) of the bot's attempts: none expected
    decisions: int


def play_game(book: RuleBook, *, seed: int, profile: str, learner_level: str = "beginner",
              tutor_level: str = "beginner", agreements=(), first_dealer: str = "tutor",
              max_decisions: int = 10_000) -> SelfPlay:
    """A whole game, a ``learner_level`` bot against the ``tutor_level`` tutor."""
    game = Game.start(book, seed=seed, profile=profile, level=tutor_level, agreements=agreements,
                      first_dealer=first_dealer)
    bot = make_player(learner_level)
    refused, decisions = [], 0
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
