"""The game model: seeded deals, alternating dealers, the referee at every move, records that replay."""
import json
from itertools import pairwise

import pytest
from data_under_test import BOOK

from ecarte_tutor.cards import PACK
from ecarte_tutor.table import dealing
from ecarte_tutor.table.game import Game
from ecarte_tutor.table.review import review_hand
from ecarte_tutor.table.selfplay import play_game
from ecarte_tutor.table.settings import TableError

PARAMS = BOOK.params()
def test_a_deal_uses_the_whole_pack_and_depends_only_on_seed_and_number():
    deal = dealing.deal(7, 0, PARAMS)
    cards = [*deal.elder, *deal.dealer, deal.turn_up, *deal.stock]
    assert sorted(cards, key=PACK.index) == list(PACK)
    assert len(deal.elder) == len(deal.dealer) == PARAMS.hand_size and len(deal.stock) == PARAMS.stock_size
    assert dealing.deal(7, 0, PARAMS) == deal
    assert dealing.deal(7, 1, PARAMS) != deal and dealing.deal(8, 0, PARAMS) != deal


def test_the_deal_alternates_from_the_first_dealer_chosen():
    game = play_game(BOOK, seed=5, profile="london", first_dealer="learner").game
    dealers = [hp.player("dealer") for hp in game.hands]
    assert len(dealers) > 2
    assert dealers == ["learner", "tutor"] * (len(dealers) // 2) + ["learner"] * (len(dealers) % 2)
    # the score carries over: each hand starts from the score the one before ended with
    for before, after in pairwise(game.hands):
        ended = before.answer["score"]["score_after"]
        assert {p: ended[s] for p, s in before.seats.items()} == {p: after.score_before[s]
                                                                  for p, s in after.seats.items()}


def test_the_record_is_compact_json_and_replays_the_same_game():
    result = play_game(BOOK, seed=11, profile="french", learner_level="club", tutor_level="book",
                       agreements=["doubling", {"game-target": 7}])
    record = result.game.record()
    text = json.dumps(record)
    assert len(text) < 40 * sum(len(hp.actions) for hp in result.game.hands)  # a few characters a move
    again = Game.replay(json.loads(text), BOOK)
    assert again.record() == record
    assert again.sheet == result.game.sheet and again.scores == result.game.scores
    assert again.winner == result.game.winner and again.decision() is None


def test_a_game_in_progress_replays_to_the_same_decision():
    game = Game.start(BOOK, seed=3, profile="london", level="club")
    for _ in range(6):
        assert game.play(_first_choice(game.decision())) is None
    again = Game.replay(game.record(), BOOK)
    assert again.record() == game.record()
    assert again.decision().choices == game.decision().choices
    assert again.decision().view.hand == game.decision().view.hand


def test_an_illegal_attempt_is_refused_with_the_rule_and_changes_nothing():
    game = Game.start(BOOK, seed=1, profile="london", level="beginner")
    before = game.record()
    refusal = game.play({"do": "card", "card": game.decision().view.hand[0].notation})  # a card, before the exchange
    assert refusal["code"] == "not-now" and "exchange.propose" in refusal["cites"]
    assert "propose" in refusal["explanation"]
    assert game.record() == before
    stranger = next(c for c in PACK if c not in game.decision().view.hand)
    refusal = game.play({"do": "discard", "cards": [stranger.notation]})
    assert refusal["code"] == "not-now"
    assert game.play({"do": "propose"}) is None


def _first_choice(decision) -> dict:
    """The first legal choice as a move (the fewest cards allowed for a discard; no announcement)."""
    choice = next(c for c in decision.choices if c["do"] != "announce-king")
    if choice["do"] == "discard":
        return {"do": "discard", "cards": choice["from"][:choice["min"]]}
    return {k: v for k, v in choice.items() if k != "by"}


def test_a_revoke_is_refused_with_law_43():
    game = Game.start(BOOK, seed=1, profile="london", level="beginner")
    while (decision := game.decision()) is not None:
        legal = {c["card"] for c in decision.choices if c["do"] == "card"}
        wrong = [c for c in decision.view.hand if c.notation not in legal]
        if decision.view.led is not None and legal and wrong:
            refusal = game.play({"do": "card", "card": wrong[0].notation})
            assert refusal["code"] in ("revoke", "failed-to-win-trick") and 43 in refusal["laws"]
            assert wrong[0].pretty in refusal["explanation"]
            assert {a["card"] for a in refusal["legal_alternatives"] if a["do"] == "card"} == legal
            return
        game.play(_first_choice(decision))
    pytest.fail("the learner never held a card he might not play")


def test_bad_moves_and_records_are_clear_errors():
    game = Game.start(BOOK, seed=1, level="beginner")
    for move in ({"do": "fly"}, "propose", {"do": "card"}, {"do": "card", "card": "ZZ"}):
        with pytest.raises(TableError):
            game.play(move)
    with pytest.raises(TableError, match="nothing to let pass"):
        game.play({"do": "pass"})
    good = game.record()
    bad = [("an object", "garbage"), ("field", {**good, "extra": 1}), ("version", {**good, "v": 9}),
           ("seed", {**good, "seed": -1}), ("profile", {**good, "profile": "klingon"}),
           ("level", {**good, "level": "grandmaster"}), ("agreement", {**good, "agreements": ["poker"]}),
           ("not a move", {**good, "moves": "Lp Zz"}), ("not legal", {**good, "moves": "LcKD"}),
           ("moves", {**good, "moves": 7}), ("only the learner", {**good, "moves": "T-"})]
    for words, record in bad:
        with pytest.raises(TableError, match=words):
            Game.replay(record, BOOK)


def test_a_discard_of_more_cards_than_the_hand_is_a_clear_error_and_nothing_changes():
    """Six cards or more were a defect of the table (the hand question refused them): a 500 on the site."""
    game = Game.start(BOOK, seed=3, level="beginner", first_dealer="tutor")
    for _ in range(30):
        decision = game.decision()
        if any(choice["do"] == "discard" for choice in decision.choices):
            break
        game.play(next((c for c in decision.choices if c["do"] in ("propose", "accept")), decision.choices[0]))
    else:
        pytest.fail("no discard came")
    hand = [str(card) for card in game.current.state.hands[game.current.seats["learner"]]]
    others = [str(card) for card in PACK if str(card) not in hand]
    before = game.record()
    for count in (6, 7, 32):
        with pytest.raises(TableError, match=f"at most the 5 cards in your hand, not {count}"):
            game.play({"do": "discard", "cards": (hand + others)[:count]})
    assert game.record() == before
    assert game.play({"do": "discard", "cards": []}) is not None  # none at all: the referee's refusal, with its rule
    assert game.play({"do": "discard", "cards": hand[:1]}) is None


def test_moves_after_the_end_of_the_game_are_refused():
    game = play_game(BOOK, seed=2, profile="london").game
    record = game.record()
    with pytest.raises(TableError, match="after the end of the game"):
        Game.replay({**record, "moves": record["moves"] + " Lp"}, BOOK)
    with pytest.raises(TableError, match="game is over"):
        game.play({"do": "propose"})


def test_a_game_can_end_inside_a_hand_by_a_king():
    """With the target at 3 a king often finishes the game: its point is scored, the tricks are not."""
    for seed in range(300):
        game = play_game(BOOK, seed=seed, profile="london", agreements=[{"game-target": 3}]).game
        last = game.hands[-1]
        if last.state.phase == "game-over":
            claims = [e for e in game.sheet if e["deal"] == last.number]
            assert claims[-1]["claim"] in ("turned-king", "announced-king") and claims[-1]["scored"]
            assert all(e["claim"] != "tricks" for e in claims)
            assert game.scores[game.winner] == 3
            assert claims[-1]["laws"] and 47 in claims[-1]["laws"]
            return
    pytest.fail("no game ended on a king")


def test_the_log_tells_each_action_and_each_trick_as_it_falls():
    game = play_game(BOOK, seed=9, profile="london").game
    actions = [e for e in game.log if "action" in e]
    assert len(actions) == sum(len(hp.actions) for hp in game.hands)
    tricks = [e["trick"] for e in actions if "trick" in e]
    assert tricks == [t for hp in game.hands for t in hp.state.history]
    assert all(e["action"]["do"] == "card" for e in actions if "trick" in e)
    assert sum(1 for e in game.log if e.get("hand_over")) == len(game.hands)


def test_the_sheet_names_each_points_reason_and_law():
    game = play_game(BOOK, seed=9, profile="london").game
    assert game.sheet
    for entry in game.sheet:
        assert entry["reason"] and entry["laws"] and entry["cites"]
        assert entry["player"] in ("learner", "tutor")
    tricks = [e for e in game.sheet if e["claim"] == "tricks"]
    assert all(48 in e["laws"] for e in tricks)


def test_the_learner_is_asked_before_a_window_closes_and_may_let_it_pass():
    """French profile: the king is announced before the first lead; the learner dealing with the king
    is asked before the tutor leads, and can let it pass (then the review counts a lost point)."""
    for seed in range(400):
        game = Game.start(BOOK, seed=seed, profile="french", level="beginner", first_dealer="learner")
        while (decision := game.decision()) is not None and game.current.number == 0:
            if decision.off_turn:
                assert {c["do"] for c in decision.choices} >= {"announce-king", "pass"}
                assert game.play({"do": "pass"}) is None
                assert "L-" in game.record()["moves"].split()
                assert Game.replay(game.record(), BOOK).record() == game.record()
                while game.decision() is not None and game.current.number == 0:
                    assert "announce-king" not in {c["do"] for c in game.decision().choices}  # closed
                    game.play(_first_choice(game.decision()))
                review = review_hand(game, 0)
                assert any(m["rule"] == "king.announce" for m in review["mistakes"])
                return
            game.play(_first_choice(decision))
    pytest.fail("no seed gave the dealing learner the king under the French profile")
