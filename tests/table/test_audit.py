"""Every consequence the table states, checked against the engine at that very moment: 0 contradictions.

Self-play games under every profile and the agreements (tests/selfplay_games.py: the games test_selfplay also
checks, played once), each walked decision by decision by
:func:`ecarte_tutor.table.audit.audit` (the advice, the why of each choice, the story, the tutor's
why, the review). bench/selfplay.py walks thousands of games the same way.
"""
import pytest
from data_under_test import BOOK, PROFILES
from selfplay_games import shared, shared_settings

from ecarte_tutor.engine import stakes
from ecarte_tutor.table.audit import Findings, audit
from ecarte_tutor.table.selfplay import play_game


def walk(profile: str, games: int) -> Findings:
    """Play the first ``games`` of the shared games' settings afresh (a test that patches the engine) and audit them."""
    found = Findings()
    for n in range(games):
        found.merge(audit(play_game(BOOK, **shared_settings(profile, n)).game))
    return found


@pytest.mark.parametrize("profile", PROFILES)
def test_every_stated_consequence_is_the_engines(profile):
    found = Findings()
    for result in shared(profile):
        found.merge(audit(result.game))
    assert found.contradictions == []
    # every kind of sentence was read, and the stakes of the first and of later proposals both stated
    assert {"advice", "why", "story", "review", "consequences", "outcome", "tutor's why"} <= set(found.checked)
    assert found.stakes["a refusal of the first proposal"] and found.stakes["a refusal"]
    assert found.stakes["playing without proposing"] and found.stakes["playing on without another exchange"]
    assert found.decisions > 300


def test_a_cost_stated_for_the_wrong_proposal_is_caught(monkeypatch):
    """The defect of issue 19: every refusal said to cost what the first one costs."""
    clause = stakes.stake_clause
    monkeypatch.setattr(stakes, "stake_clause", lambda found, seat, number, **kw: clause(
        stakes.consequences(seat, 1, BOOK.params(), BOOK), seat, 1, **kw))
    found = walk("london", 8)
    assert any("at the hand's second or later proposal" in c for c in found.contradictions)


def test_a_fixed_figure_is_caught(monkeypatch):
    """A sentence with a cost of its own (the old default: "a refusal, which costs 2 if it fails")."""
    defaults = BOOK.strategy.defaults
    monkeypatch.setitem(defaults, "dealer", {**defaults["dealer"], "explanation":
                                             "Not strong enough to risk a refusal, which costs 2 if it fails."})
    found = walk("london", 8)
    assert any("a figure no statement vouches for ('costs 2')" in c for c in found.contradictions)


def test_a_wrong_figure_is_caught(monkeypatch):
    consequences = stakes.consequences

    def off_by_one(seat, number, params, book):
        out = consequences(seat, number, params, book)
        for c in out:
            if c["choice"] == "refuse" and c["outcome"] == "fails":
                c["points"]["elder"] += 1
        return out
    monkeypatch.setattr(stakes, "consequences", off_by_one)
    found = walk("modern", 8)
    assert any(c.startswith("consequences:") for c in found.contradictions)
    assert any("said to give" in c for c in found.contradictions)


def test_a_game_never_reads_the_points_of_a_game_gone_before_it():
    """The points of a choice are kept by what they depend on, never by a game's ``id``, which CPython
    gives again to a game made after one is freed (a finnish guided hand once read a london one's 1 for a
    failed accepted proposal; the Finnish page makes it 2)."""
    import gc

    from ecarte_tutor.table import guide
    from ecarte_tutor.table.audit import engine_points

    for _ in range(8):
        for profile, failed_after_exchange in (("london", 1), ("finnish", 2)):
            game = guide.start(BOOK, profile=profile)
            state = game.current.state
            assert engine_points(game, state, "propose", "fails")["dealer"] == failed_after_exchange
            del game, state
            gc.collect()  # frees the game, so that the next may be given its id
