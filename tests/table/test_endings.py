"""How the table says a deal and the game ended: the sentences of rules/course/endings.yaml, filled from the score."""
from __future__ import annotations

import pytest
from data_under_test import BOOK

from ecarte_tutor.errors import DataError
from ecarte_tutor.table import endings
from ecarte_tutor.table.game import Game
from ecarte_tutor.table.players import make_player


def played_out(seed: int) -> Game:
    game, bot = Game.start(BOOK, seed=seed, level="beginner"), make_player("beginner")
    while (decision := game.decision()) is not None:
        move = bot.choose(decision.view, decision.choices, game.current.score_before)
        assert game.play({k: v for k, v in move.items() if k != "by"}) is None
    return game


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_game_is_said_over_with_the_winners_score_first(seed):
    game = played_out(seed)
    line = endings.game_over(game)
    winner, loser = game.winner, "tutor" if game.winner == "learner" else "learner"
    said = "You win" if winner == "learner" else "The tutor wins"
    assert line.startswith(f"{said}, {game.scores[winner]} to {game.scores[loser]}.")
    assert game.scores[winner] >= game.params.game_target > game.scores[loser]


def test_each_deal_is_said_over_with_what_it_scored():
    game = played_out(0)
    for hp in game.hands:
        if hp.answer is None:
            continue
        points = {p: sum(e["points"] for e in game.sheet if e["deal"] == hp.number and e["player"] == p
                         and e.get("scored", True)) for p in ("learner", "tutor")}
        assert endings.deal_over(game, hp.number) == (
            f"Deal {hp.number + 1} is over: you score {points['learner']}, the tutor {points['tutor']}.")


def test_an_unfinished_game_has_no_ending():
    assert endings.game_over(Game.start(BOOK, seed=0)) == ""


def test_a_sentence_naming_a_slot_the_table_does_not_fill_is_refused(tmp_path):
    bad = tmp_path / "endings.yaml"
    bad.write_text('deal_over: "Deal {deal} is over after {tricks} tricks."\n'
                   'game_over: {learner: "You win, {winner} to {loser}.",\n'
                   '            tutor: "The tutor wins, {winner} to {loser}."}\n'
                   'worth: "The game counts {value}."\n', encoding="utf-8")
    with pytest.raises(DataError, match="tricks"):
        endings.load_endings(bad)
    bad.write_text('deal_over: "Deal {deal} is over."\n', encoding="utf-8")
    with pytest.raises(DataError):
        endings.load_endings(bad)
