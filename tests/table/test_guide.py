"""The guided first hand: the table's own game on a fixed deal, each step explained before the learner acts."""
import pytest
from data_under_test import BOOK, PROFILES

from ecarte_tutor.table import guide
from ecarte_tutor.table.audit import Findings, check_text
from ecarte_tutor.table.discard import choose_discard


@pytest.mark.parametrize("profile", PROFILES)
def test_each_step_is_explained_from_the_engine_before_the_learner_acts(profile):
    game = guide.start(BOOK, profile=profile)
    assert game.settings.seed == guide.GUIDED_SEED and game.current.seats["learner"] == "elder"
    found, steps, titles = Findings(), 0, set()
    while (step := guide.explain(game)) is not None:
        steps += 1
        assert step["step"] == steps
        decision = game.decision()
        view = decision.view
        for text in (step["holds"], step["allowed"], step["advice"]):
            assert text
            check_text(game, game.current.state, text, "guide", found)
        # what he holds: his own cards, never the tutor's
        assert all(card.pretty in step["holds"] for card in view.hand)
        assert not any(card.pretty in step["holds"] for card in game.current.state.hands[game.current.seats["tutor"]])
        titles.add(step["title"])
        verbs = {c["do"] for c in decision.choices}
        if "propose" in verbs:  # take the advice the step gives
            move = {"do": "propose" if "advice is to propose" in step["advice"] else "stand"}
        elif "discard" in verbs:
            choice = next(c for c in decision.choices if c["do"] == "discard")
            move = {"do": "discard", "cards": [c.notation for c in choose_discard(
                view.hand, view.trump, choice["min"], choice["max"], view.params)]}
        else:
            move = {k: v for k, v in decision.choices[0].items() if k != "by" and k in ("do", "card")}
        assert game.play(move) is None
    assert found.contradictions == []
    assert {"Propose, or play?", "What to throw out", "Your lead"} <= titles
    assert game.current.number == 1 or game.over  # the guided deal is over: the game goes on as any other
    assert guide.explain(game) is None


def test_the_first_step_says_what_proposing_and_playing_stake():
    step = guide.explain(guide.start(BOOK))
    assert step["title"] == "Propose, or play?"
    assert "A♠" in step["holds"] and "1 trump" in step["holds"]
    assert "should playing without proposing fail, the dealer scores 2 instead of 1" in step["allowed"]
    assert step["advice"].startswith("The advice is to propose.")
