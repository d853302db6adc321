"""What really happened: every fact the interview asks on a drill has its true answer, at every moment
the learner may call the referee, and answering them all reaches the true ruling."""
from __future__ import annotations

import pytest

from ecarte_tutor.table import incidents, truth
from ecarte_tutor.table.players import make_player

from .test_drills import EXPECTED, step, until_open


def interview(game) -> tuple[list[str], dict]:
    """The learner answers the interview as the page asks it, one question at a time, truly; the names
    asked and the last answer."""
    known, asked = truth.truth(game, game.open), []
    answers: dict = {}
    for _ in range(40):
        answer = incidents.ask_dispute(game, answers)
        if answer.get("status") != "need":
            return asked, answer
        name = answer["need"]["fact"]
        asked.append(name)
        assert name in known, f"{game.open.code}: the interview asks {name!r}, which the drill's truth lacks"
        answers[name] = known[name]
    raise AssertionError("the interview never ended")


def moments_to_call(book, code: str, seed: int):
    """The drill just committed, then (for one that lingers) after each move while it stays open."""
    game = until_open(book, code, seed)
    yield game
    if not book.table_drills[code].entry.get("lingers"):
        return
    bot = make_player("beginner")
    incident = game.open
    while game.open is incident and game.decision() is not None:
        step(game, bot)
        if game.open is incident:
            yield game


@pytest.mark.parametrize("seed", [0, 3])
@pytest.mark.parametrize("code", list(EXPECTED))
def test_every_fact_the_interview_asks_on_a_drill_is_in_its_truth(book, code, seed):
    calls = 0
    for game in moments_to_call(book, code, seed):
        asked, answer = interview(game)
        assert answer.get("status") == "ruling", (code, answer)
        assert answer["case"] == truth.true_ruling(game, game.open)["case"]
        report = incidents.assess(game, {n: truth.truth(game, game.open)[n] for n in asked})
        assert report["right_ruling"] and all(f["right"] is True for f in report["facts"]), report["facts"]
        calls += 1
    assert calls >= 1
