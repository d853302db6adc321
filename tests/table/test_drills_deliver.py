"""The drills show what they describe and do what they promise: with "any of them" an irregularity in every
deal dealt, a card the ruling lets the learner look at shown to him, and the points of a hand let stand,
played over or given up those of the dispute ruling, the king never cut."""
from __future__ import annotations

import pytest

from ecarte_tutor import ask
from ecarte_tutor.table.deals import REPLAY, HandPlay
from ecarte_tutor.table.game import Game
from ecarte_tutor.table.players import make_player
from ecarte_tutor.table.truth import true_ruling

from .test_drills import step, true_answers, until_open

PROFILES = ("london", "french", "modern", "finnish")


def played_out(game: Game) -> Game:
    bot = make_player("beginner")
    for _ in range(5000):
        decision = game.decision()
        if decision is None:
            return game
        move = bot.choose(decision.view, decision.choices, game.current.score_before)
        assert game.play({k: v for k, v in move.items() if k != "by"}) is None
    raise AssertionError("the game did not end")


def dealt(game: Game) -> list[HandPlay]:
    """The deals the game dealt: not a hand played over (the same deal again), nor one over at the turn-up."""
    return [hp for hp in game.hands if not (hp.number and game.hands[hp.number - 1].void == REPLAY)
            and not (not hp.actions and hp.over and hp.incident is None)]


def committed_in(game: Game, hp: HandPlay) -> bool:
    """Was an irregularity committed in this deal (an overscore is committed on the deal it was marked for)?"""
    return any(h.incident is not None and h.incident.deal == hp.number for h in game.hands)


@pytest.mark.parametrize("agreements", [[], ["doubling", "offer-the-point"]], ids=["plain", "wagers"])
def test_any_drill_delivers_an_irregularity_in_every_deal(book, agreements):
    deals, missing, seen = 0, [], set()
    for profile in PROFILES:
        for seed in range(20):
            game = played_out(Game.start(book, seed=seed, profile=profile, level="beginner", agreements=agreements,
                                         first_dealer="learner" if seed % 2 else "tutor",
                                         drills=list(book.table_drills)))
            for hp in dealt(game):
                deals += 1
                if not committed_in(game, hp):
                    missing.append((profile, seed, hp.number, hp.drill))
            seen |= {h.incident.code for h in game.hands if h.incident is not None}
    assert deals >= 250 and not missing, f"{len(missing)} of {deals} deals without an irregularity: {missing[:5]}"
    assert len(seen) >= 10  # "any of them" still draws on most drills


def test_one_drill_alone_is_committed_only_when_its_moment_comes(book):
    game = played_out(Game.start(book, seed=4, profile="london", level="beginner", drills=["revoke"]))
    assert all(h.incident is None or h.incident.code == "revoke" for h in game.hands)


def test_the_drawn_card_the_ruling_lets_the_learner_see_is_shown(book):
    game = until_open(book, "dealer-six")
    hp = game.current
    report = game.call_referee(true_answers(game), "draw-surplus")
    assert report["ruling"]["case"] == "law.17/surplus-dealer-took-up-hand"  # the dealer had taken up his hand
    drawn = hp.incident.cards[1]
    told = [e["said"] for e in game.log if e["deal"] == hp.number and e.get("player") == "learner" and "said" in e]
    assert told and drawn.pretty in told[-1]


def _late_revoke(book, option: str, seed: int) -> tuple[Game, HandPlay]:
    """A game where the tutor revoked, a card was led after it, and the learner called and chose ``option``."""
    game, bot = until_open(book, "revoke", seed=seed), make_player("beginner")
    hp = game.current
    while game.decision() is not None and game.open is not None \
            and true_answers(game)["corrected_before_next_lead"]:
        step(game, bot)
    if game.open is None or game.current is not hp:
        raise LookupError("the hand ended before a card was led after the revoke")
    game.call_referee(true_answers(game), option)
    return game, hp


def _tricks_points(game: Game, hp: HandPlay) -> dict[str, int]:
    return {e["seat"]: e["points"] for e in game.sheet if e["deal"] == hp.number and e["claim"] == "tricks"}


def _referee_tricks(game: Game, hp: HandPlay) -> tuple[str, int]:
    """What the ``score`` kind gives the tricks of ``hp`` as played: the seat and its points."""
    state = hp.state
    answer = ask({"kind": "score", **game.settings.question(), "tricks": dict(state.tricks),
                  "elder_played_without_proposing": state.elder_played_without_proposing,
                  "dealer_refused_first_proposal": state.dealer_refused_first_proposal,
                  "dealer_refused_later_proposal": state.dealer_refused_later_proposal}, game.book)
    award = next(a for a in answer["awards"] if a["claim"] == "tricks")
    return award["seat"], award["points"]


def test_a_revoke_let_stand_scores_the_rulings_points_and_the_offender_one_less(book):
    checked = cut_beside_a_king = king_without_the_point = 0
    for seed in range(30):
        try:
            game, hp = _late_revoke(book, "score-as-played", seed)
        except (LookupError, AssertionError):
            continue
        played_out(game)
        if hp.answer is None or hp.state.phase != "complete":
            continue
        seat, usual = _referee_tricks(game, hp)
        tutor = hp.seats["tutor"]
        expected = max(0, usual - 1) if seat == tutor else usual  # law 43: the offender scores one less
        assert _tricks_points(game, hp) == {seat: expected}, seed
        ruling = true_ruling(game, hp.incident, hp)  # the referee asked on the hand as it ended
        option = next(o for o in ruling["options"] if o["id"] == "score-as-played")
        assert option["points"][seat] == expected
        kings = [e for e in game.sheet if e["deal"] == hp.number and e["claim"] in ("turned-king", "announced-king")]
        assert all(e["points"] == game.params.king_points and e["scored"] for e in kings)  # law 47: never cut
        checked += 1
        tutor_king = any(e["seat"] == tutor for e in kings)
        cut_beside_a_king += seat == tutor and tutor_king
        king_without_the_point += seat != tutor and tutor_king  # nothing of its tricks to cut, and the king stays whole
    # a tutor who marked its king and won the point, cut; and one who marked its king and lost the point
    assert checked >= 5 and cut_beside_a_king >= 1 and king_without_the_point >= 1, \
        (checked, cut_beside_a_king, king_without_the_point)


def test_a_hand_played_over_after_a_revoke_cuts_the_offender_in_the_replay(book):
    checked = 0
    for seed in range(30):
        try:
            game, hp = _late_revoke(book, "replay-hand", seed)
        except (LookupError, AssertionError):
            continue
        replay = game.current
        assert hp.void == REPLAY and replay.deal == hp.deal and replay.ruled is not None
        played_out(game)
        if replay.answer is None or replay.state.phase != "complete":
            continue
        seat, usual = _referee_tricks(game, replay)
        expected = max(0, usual - 1) if seat == replay.seats["tutor"] else usual
        assert _tricks_points(game, replay) == {seat: expected}, seed
        checked += 1
    assert checked >= 2
