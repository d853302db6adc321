"""Irregularity drills: each one reachable, ruled by the dispute engine, carried out as the ruling says."""
from __future__ import annotations

import pytest

from ecarte_tutor.table import incidents, truth
from ecarte_tutor.table.game import Game
from ecarte_tutor.table.players import make_player
from ecarte_tutor.table.review import game_summary, review_hand
from ecarte_tutor.table.settings import TableError

# the ruling each drill meets when the learner calls at once, with the laws it cites first
EXPECTED = {
    "dealer-six": "law.17/surplus-dealer-took-up-hand",
    "elder-four": "law.16/elder-short",
    "two-turned": "law.11/fresh-deal-after-looking",
    "deal-out-of-turn": "law.14/out-of-turn-too-late",
    "exposed-in-exchange": "law.36/elder-card-exposed",
    "lead-out-of-turn": "law.40/not-yet-played-to",
    "revoke": "law.43/corrected-before-next-lead",
    "false-king": "law.25/withdrawn-before-playing",
    "named-suit": "law.41/adversary-chooses",
    "abandoned": "law.42/abandoned-after-one-or-two-tricks",
    "acceptance-retracted": "law.27/answer-stands",
    "overscore": "law.51/admitted-overscore",
}


def start(book, code: str, seed: int = 0) -> Game:
    dealer = "learner" if code == "deal-out-of-turn" else "tutor"
    return Game.start(book, seed=seed, profile="london", level="beginner", first_dealer=dealer, drills=[code])


def step(game: Game, bot) -> None:
    """One move of a plain learner (the beginner bot), letting anything irregular pass."""
    decision = game.decision()
    move = bot.choose(decision.view, decision.choices, game.current.score_before)
    assert game.play({k: v for k, v in move.items() if k != "by"}) is None


def until_open(book, code: str, seed: int = 0, limit: int = 300) -> Game:
    """A game played plainly until the tutor commits the drill."""
    game, bot = start(book, code, seed), make_player("beginner")
    for _ in range(limit):
        if game.open is not None:
            return game
        assert game.decision() is not None, f"{code} never happened in game {seed}"
        step(game, bot)
    raise AssertionError(f"{code} never happened")


def true_answers(game: Game) -> dict:
    return {k: v for k, v in truth.truth(game, game.open).items() if k in game.book.facts}


def finish(game: Game) -> Game:
    bot = make_player("beginner")
    while game.decision() is not None:
        step(game, bot)
    return game


@pytest.mark.parametrize("code", list(EXPECTED))
def test_each_drill_is_reachable_and_ruled_by_the_dispute_engine(book, code):
    game = until_open(book, code)
    report = incidents.assess(game, true_answers(game))
    assert report["irregular"] and report["code"] == code
    assert report["ruling"]["case"] == EXPECTED[code]
    assert report["right_ruling"] and all(f["right"] is not False for f in report["facts"])
    assert report["law"] == int(EXPECTED[code].split("/")[0].split(".")[1])


def test_the_drills_cover_at_least_ten_laws(book):
    assert len({d.law for d in book.table_drills.values()}) >= 10


@pytest.mark.parametrize("code", list(EXPECTED))
def test_every_option_of_every_drill_is_carried_out_and_replays(book, code):
    probe = until_open(book, code)
    for option in [o["id"] for o in incidents.assess(probe, true_answers(probe))["options"]]:
        game = until_open(book, code)
        incident = game.open
        report = game.call_referee(true_answers(game), option)
        assert report["option"] in {option} | set(book.table_drills[code].tutor_prefers)
        assert game.open is not incident  # settled (a fresh deal may bring the next drill at once)
        finish(game)
        again = Game.replay(game.record(), book)
        assert again.record() == game.record() and again.scores == game.scores and again.winner == game.winner
        assert game.sheet == again.sheet


def test_a_fresh_deal_is_dealt_by_the_same_dealer(book):
    game = until_open(book, "dealer-six")
    spoiled = game.current
    game.call_referee(true_answers(game), "fresh-deal")
    assert spoiled.void == "fresh-deal" and spoiled.answer is None
    assert game.current.number == spoiled.number + 1 and game.current.dealer == spoiled.dealer == "tutor"
    assert game.current.deal != spoiled.deal


def test_the_surplus_drawn_goes_out_of_play(book):
    game = until_open(book, "dealer-six")
    hp = game.current
    extra = game.open.cards[0]
    game.call_referee(true_answers(game), "draw-surplus")
    drawn = hp.incident.cards[1]
    assert len(hp.deal.dealer) == 5 and drawn not in hp.deal.dealer
    assert hp.deal.out_of_play == (drawn,) and drawn not in hp.deal.stock and len(hp.deal.stock) == 20
    assert extra in hp.deal.dealer or extra == drawn
    assert hp.void is None


def test_a_deal_out_of_turn_stands_and_the_turn_follows_it(book):
    game = until_open(book, "deal-out-of-turn")
    hp = game.current
    assert hp.dealer == "tutor" and game.settings.first_dealer == "learner"
    game.call_referee(true_answers(game))
    finish(game)
    later = [h for h in game.hands if h.number == hp.number + 1]
    assert later  # the game went on to another deal
    # the learner's deal next (which the tutor may take again, as this game drills it)
    assert later[0].dealer == "learner" or getattr(later[0].incident, "code", None) == "deal-out-of-turn"


def test_a_refused_exposed_card_is_put_out_of_play(book):
    game = until_open(book, "exposed-in-exchange")
    card = game.open.cards[0]
    game.call_referee(true_answers(game), "refuse-exposed-card")
    hp = game.current
    assert card not in hp.state.hands["elder"] and hp.deal.out_of_play == (card,) and card not in hp.deal.stock
    assert hp.stock_shown == len(hp.state.stock) and card not in hp.state.stock


def test_a_lead_out_of_turn_goes_back(book):
    game = until_open(book, "lead-out-of-turn")
    card = game.open.cards[0]
    game.call_referee(true_answers(game))
    hp = game.current
    assert card in hp.state.hands[hp.seats["tutor"]]
    assert game.decision().seat == hp.seats["learner"] and not hp.state.current  # his lead, as it was


def test_a_revoke_corrected_before_the_next_lead_is_replaced_by_a_card_that_follows(book):
    game = until_open(book, "revoke")
    hp, incident = game.current, game.open
    led = hp.actions[incident.at - 1]["card"]
    game.call_referee(true_answers(game))
    replaced = hp.actions[incident.at]
    assert replaced["card"][-1] == led[-1] and not hp.irregular  # the tutor followed suit this time


def test_a_revoke_called_late_lets_the_learner_choose_a_replay_or_the_penalty(book):
    game, bot = until_open(book, "revoke", seed=1), make_player("beginner")
    hp = game.current
    while game.decision() is not None and truth.truth(game, game.open)["corrected_before_next_lead"]:
        step(game, bot)  # a card is led after the revoke: too late to put it right
    assert game.open is not None and game.open.late and game.current is hp
    report = incidents.assess(game, true_answers(game))
    assert report["ruling"]["case"] == "law.43/not-corrected" and report["chooser"] == "learner"
    game.call_referee(true_answers(game), "replay-hand")
    assert hp.void == "replay-hand" and game.current.deal == hp.deal
    assert game.current.ruled is not None and game.current.ruled.option == "score-as-played"


def test_a_revoke_let_pass_is_shown_in_the_review_with_the_records_proof(book):
    for seed in range(40):
        game = finish(until_open(book, "revoke", seed))
        notes = [n for r in (review_hand(game, h.number) for h in game.hands if h.answer) for n in r["drills"]]
        missed = [n for n in notes if not n["called"]]
        assert missed and missed[0]["rule"] == "law.43" and missed[0]["text"].startswith("Missed:")
        if "The record proves it" in missed[0]["text"]:
            summary = game_summary(game)
            assert summary["drills"]["missed"] >= 1
            assert any(row["rule"] == "law.43" for row in summary["by_rule"])
            return
    pytest.fail("no game in 40 where the record proves a revoke let pass")


def test_a_false_king_called_at_once_comes_off_the_score(book):
    game = until_open(book, "false-king")
    before = dict(game.scores)
    assert incidents.marked(game) == {"tutor": 1, "learner": 0}
    game.call_referee(true_answers(game))
    assert incidents.marked(game) == {"tutor": 0, "learner": 0} and game.scores == before


def test_a_false_king_let_pass_keeps_its_point(book):
    game = until_open(book, "false-king")
    hp = game.current
    finish(game)
    assert any(e["claim"] == "false-king" and e["deal"] == hp.number and e["scored"] for e in game.sheet)


def test_the_named_suit_may_be_required(book):
    game = until_open(book, "named-suit")
    suit = game.open.suit
    hp = game.current
    at = game.open.at
    game.call_referee(true_answers(game), "require-named-suit")
    assert hp.actions[at]["card"].endswith(suit)


def test_a_hand_given_up_is_scored_as_law_42_says(book):
    game = until_open(book, "abandoned")
    hp = game.current
    report = game.call_referee(true_answers(game))
    points = report["ruling"]["points"]
    conceded = [e for e in game.sheet if e["deal"] == hp.number and e["claim"] == "tricks"]
    assert [(e["seat"], e["points"]) for e in conceded] == [(s, p) for s, p in points.items() if p]
    assert "law 42" in conceded[0]["reason"].lower() and "law.42" in conceded[0]["cites"]
    assert hp.answer is not None and game.current is not hp or game.over


def test_a_retracted_acceptance_let_pass_becomes_a_refusal(book):
    game = until_open(book, "acceptance-retracted")
    hp = game.current
    with pytest.raises(TableError, match="First answer"):
        game.play({"do": "discard", "cards": [str(hp.state.hands["elder"][0])]})
    game.play({"do": "pass"})
    assert hp.state.dealer_refused_first_proposal and game.calls[-1]["called"] is False


def test_an_overscore_called_is_taken_off_and_one_let_pass_stays(book):
    game = until_open(book, "overscore")
    marked = dict(game.scores)
    game.call_referee(true_answers(game))
    assert game.scores["tutor"] == marked["tutor"] - 1
    game = until_open(book, "overscore")
    step(game, make_player("beginner"))
    assert game.scores["tutor"] == marked["tutor"] and game.calls[-1]["called"] is False


def test_a_wrong_answer_is_explained_against_the_facts(book):
    game = until_open(book, "dealer-six")
    answers = {**true_answers(game), "count": 7}
    report = incidents.assess(game, answers)
    wrong = [f for f in report["facts"] if f["right"] is False]
    assert [f["fact"] for f in wrong] == ["count"] and wrong[0]["truth"] == "6"
    spoiled = game.current.number
    game.call_referee(answers, "fresh-deal")
    finish(game)
    notes = review_hand(game, spoiled + 1)["drills"]  # the deal that replaced it carries the call
    assert notes[0]["called"] and notes[0]["mistake"] and "in fact: “6”" in notes[0]["text"]


def test_a_call_with_nothing_irregular_is_a_false_alarm(book):
    game = Game.start(book, seed=3, profile="london", level="beginner")
    moves = game.record()["moves"]
    report = game.call_referee({"irregularity": "revoke"})
    assert not report["irregular"] and "Nothing irregular" in report["text"]
    assert game.record()["moves"].split() == [*moves.split(), "L!-:irregularity=revoke"]
    assert Game.replay(game.record(), book).calls[-1]["code"] is None


def test_bad_calls_are_clear_errors(book):
    game = until_open(book, "dealer-six")
    with pytest.raises(TableError, match="not a fact"):
        game.call_referee({"colour": "red"})
    with pytest.raises(TableError, match="Choose one of"):
        game.call_referee(true_answers(game), "deal-stands")
    record = game.record()
    for word in ("T!nonsense", "L!fresh-deal:count", "T!revoke:ZZ"):
        with pytest.raises(TableError):
            Game.replay({**record, "moves": record["moves"] + " " + word}, book)


def test_a_record_without_drills_refuses_a_drill_word(book):
    game = Game.start(book, seed=3, profile="london", level="beginner")
    with pytest.raises(TableError, match="names no drill"):
        Game.replay({**game.record(), "moves": "T!dealer-six"}, book)
    with pytest.raises(TableError, match="drills"):
        Game.start(book, seed=3, drills=["juggling"])
