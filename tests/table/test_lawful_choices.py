"""A choice the laws give the learner is never counted as a mistake at the table (issue 39: law 41).

Going on without calling the referee is one of the law's own choices when it does exactly what one of the
learner's options would: law 41 lets the adversary play to the card led instead of requiring the suit named.
Which irregularities that holds for is found here by playing it both ways, never by reading the code."""
from __future__ import annotations

import pytest

from ecarte_tutor.table.game import Game
from ecarte_tutor.table.players import make_player
from ecarte_tutor.table.review import game_summary, review_hand
from ecarte_tutor.table.truth import true_ruling

from .test_drills import EXPECTED, finish, step, true_answers, until_open


def _deal_played_out(game: Game, number: int) -> tuple[list, dict]:
    """Play on plainly until deal ``number`` is over: its actions and the points it scored, by player."""
    bot = make_player("beginner")
    while game.decision() is not None and game.hands[number].answer is None:
        step(game, bot)
    points = {p: sum(e["points"] for e in game.sheet if e["deal"] == number and e["player"] == p
                     and e.get("scored", True)) for p in ("learner", "tutor")}
    return list(game.hands[number].actions), points


def _same_as_an_option(game: Game) -> str | None:
    """The option of the learner's own choosing that does what going on does, found by playing it both ways."""
    book, hp = game.book, game.current
    ruling = true_ruling(game, game.open)
    if ruling["compulsory"] or not ruling["chooser"] or hp.player(ruling["chooser"]) != "learner":
        return None
    record = game.record()
    passed = Game.replay(record, book)
    step(passed, make_player("beginner"))
    let_go = _deal_played_out(passed, game.open.deal)
    for option in ruling["options"]:
        chosen = Game.replay(record, book)
        chosen.call_referee(true_answers(chosen), option["id"])
        if _deal_played_out(chosen, game.open.deal) == let_go:
            return option["id"]
    return None


# Every drill, the retracted acceptance included: its let-pass rewrites the hand's record (the refusal replaces the
# acceptance), and the review still rules on the moment as it stood (it raised QuestionError before).
CODES = sorted(EXPECTED)


@pytest.mark.parametrize("code", CODES)
def test_going_on_is_a_mistake_only_when_no_option_of_the_learners_does_the_same(book, code):
    game = until_open(book, code)
    number = game.open.deal
    lawful = _same_as_an_option(game)
    step(game, make_player("beginner"))
    finish(game)
    let_pass = [c for c in game.calls if not c["called"] and c["deal"] == number]
    assert let_pass and let_pass[0].get("lawful") == lawful, code
    if game.hands[number].answer is None:  # set aside, or the game ended inside it: no review of the deal
        return
    notes = [n for n in review_hand(game, number)["drills"] if not n["called"]]
    assert [n["mistake"] for n in notes] == [lawful is None], code


def test_playing_to_the_card_led_under_law_41_is_no_mistake(book):
    game = until_open(book, "named-suit")
    number = game.open.deal
    step(game, make_player("beginner"))  # the learner plays to the card led, as law 41 lets him
    finish(game)
    notes = review_hand(game, number)["drills"]
    assert [n["mistake"] for n in notes] == [False]
    assert "which the law lets you choose: the adversary plays to the card led" in notes[0]["text"]
    assert "law.41" not in {row["rule"] for row in game_summary(game)["by_rule"]}
