"""The page shows a drill as it is: every card of the pack on the table, 32 in all, while the tutor's
irregularity waits (six cards leave 20 in the stock; four, 22; two cards turned, 20) and after the ruling."""
from __future__ import annotations

import pytest

from ecarte_tutor.table.drills import STAGINGS
from ecarte_tutor.table.game import Game
from ecarte_tutor.table.players import make_player
from ecarte_tutor.table.truth import truth
from ecarte_tutor.web.play import _table


@pytest.fixture(autouse=True)
def _in_the_site(app):
    """The page's table reads the site (its narration words), as a request would."""
    with app.app_context():
        yield


def cards_on_the_table(game: Game) -> int:
    """Every card the page accounts for: both hands, the turn-up, the stock, the tricks, the cards out of play."""
    table, state = _table(game), game.current.state
    played = 2 * len(state.history) + len(table["trick"]) + (1 if table["out_of_turn"] else 0)
    out_of_play = sum(state.discarded.values()) + len(table["out_of_play"])  # discards, and a ruling's
    return len(table["mine"]) + table["tutor_count"] + len(table["turned"]) + table["stock"] + played + out_of_play


def until_open(book, code: str, seed: int) -> Game | None:
    dealer = "learner" if code == "deal-out-of-turn" else "tutor"
    game, bot = Game.start(book, seed=seed, profile="london", level="beginner", first_dealer=dealer,
                           drills=[code]), make_player("beginner")
    for _ in range(400):
        if game.open is not None and game.open.deal == game.current.number:  # a revoke is open, unsaid
            return game
        decision = game.decision()
        if decision is None:
            return None
        move = bot.choose(decision.view, decision.choices, game.current.score_before)
        game.play({k: v for k, v in move.items() if k != "by"})
    return None


@pytest.mark.parametrize("code", [c for c in STAGINGS if c != "overscore"])
def test_the_table_shows_all_32_cards_while_a_drill_waits_and_after_its_ruling(book, code):
    seen = 0
    for seed in range(4):
        game = until_open(book, code, seed)
        if game is None:
            continue
        assert cards_on_the_table(game) == 32, (code, seed, _table(game))
        answers = {k: v for k, v in truth(game, game.open).items() if k in book.facts}
        game.call_referee(answers, _an_option(game, answers))
        if game.decision() is not None:
            assert cards_on_the_table(game) == 32, (code, seed, "after the ruling")
        seen += 1
    assert seen


def _an_option(game: Game, answers: dict) -> str | None:
    from ecarte_tutor.table.incidents import assess

    report = assess(game, answers)
    return report["options"][-1]["id"] if report["chooser"] == "learner" else None


@pytest.mark.parametrize("code, stock, tutor, mine, turned", [
    ("dealer-six", 20, 6, 5, 1), ("elder-four", 22, 5, 4, 1), ("two-turned", 20, 5, 5, 2)])
def test_a_wrong_deal_shows_the_cards_where_they_are(book, code, stock, tutor, mine, turned):
    table = _table(until_open(book, code, 0))
    assert (table["stock"], table["tutor_count"], len(table["mine"]), len(table["turned"])) == (stock, tutor, mine,
                                                                                              turned)


def _surplus_drawn(book, profile: str) -> Game:
    """A game whose first deal gave the tutor six cards, and the referee had one drawn out of play (law 17)."""
    for seed in range(6):
        game, bot = Game.start(book, seed=seed, profile=profile, level="beginner", first_dealer="tutor",
                               drills=["dealer-six"]), make_player("beginner")
        for _ in range(50):
            if game.open is not None and game.open.deal == game.current.number:
                answers = {k: v for k, v in truth(game, game.open).items() if k in book.facts}
                game.call_referee(answers, "draw-surplus")
                if game.current.out_of_play:
                    return game
                break
            decision = game.decision()
            if decision is None:
                break
            move = bot.choose(decision.view, decision.choices, game.current.score_before)
            game.play({k: v for k, v in move.items() if k != "by"})
    raise AssertionError("no seed staged the surplus card")


@pytest.mark.parametrize("profile", ["london", "modern"])
@pytest.mark.parametrize("greedy", [True, False])
def test_a_card_drawn_out_of_play_is_never_dealt_however_many_exchanges_empty_the_stock(book, profile, greedy):
    """Exchange after exchange until the stock is used up (each discard its most, or its least: more exchanges
    under the modern profile): the card drawn out of play is in no hand, the stock shown never counts it, and
    the page still accounts for the 32 cards."""
    from ecarte_tutor import ask

    game = _surplus_drawn(book, profile)
    hp = game.current
    (drawn,) = hp.out_of_play
    assert drawn not in hp.deal.stock and len(hp.deal.stock) == 20 and hp.stock_shown == 20
    actions: list[dict] = []
    for _ in range(60):
        game.restart_hand(hp, actions, [hp.player(a["by"]) for a in actions])
        held = hp.state.hands["elder"] + hp.state.hands["dealer"]
        assert drawn not in held and drawn not in hp.state.stock
        table = _table(game)
        assert table["stock"] == hp.stock_shown == 20 - sum(hp.state.discarded.values())
        assert table["out_of_play"] == [str(drawn)] and cards_on_the_table(game) == 32
        if hp.state.phase == "play":
            break
        answer = ask(hp.question(game.settings, actions))
        move = next(a for a in answer["next"] if a["do"] in ("propose", "accept", "discard"))
        if move["do"] == "discard":
            count = move["max"] if greedy else max(move["min"], 1)
            move = {"by": move["by"], "do": "discard", "cards": move["from"][:count]}
        actions.append(move)
    assert hp.state.phase == "play" and hp.stock_shown == 0
