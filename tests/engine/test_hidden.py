"""The hidden-card model (engine/hidden.py): the compiled loop against the Python reference, deal by deal,
and a player who never reads what he cannot see."""
import os
import random

import pytest
from data_under_test import BOOK, PROFILES

from ecarte_tutor.cards import PACK
from ecarte_tutor.engine import analysis, doubledummy, hand, hidden, play
from ecarte_tutor.fields import SEATS

IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
needs_core = pytest.mark.skipif(doubledummy.CORE is None and not IN_CI, reason="the compiled core is not built here")


def random_play(rng, params, tricks_played, half):
    """A random deal, the elder standing, then ``tricks_played`` tricks (and a lead, when ``half``) of
    random legal cards: (question, position)."""
    cards = [str(c) for c in PACK]
    rng.shuffle(cards)
    deal = {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10], "stock": cards[11:]}
    question = {"kind": "analyse", "deal": deal, "actions": [{"by": "elder", "do": "stand"}]}
    position = analysis.read_position(question, params)
    for _ in range(2 * tricks_played + half):
        state = position.state
        seat = position.to_act
        led = state.current[0][1] if state.current else None
        card = rng.choice(play.duty(state.hands[seat], led, state.trump, params).legal)
        question["actions"].append({"by": seat, "do": "card", "card": str(card)})
        position = analysis.read_position(question, params)
    return question, position


@needs_core
@pytest.mark.parametrize("profile", PROFILES)
def test_the_core_plays_the_model_as_the_python_reference_does(profile):
    params = BOOK.params(profile)
    rng = random.Random(f"hidden {profile}")
    for case in range(6):
        _, position = random_play(rng, params, tricks_played=case % 3, half=case % 2)
        for viewer in SEATS:
            begin = hidden.start(position.state, position.held, viewer, BOOK, params)
            core = hidden.weigh(begin, params, seed=case, deals=3, worlds=4)
            doubledummy.use_core(False)
            try:
                reference = hidden.reference_values(begin, params, seed=case, deals=3, worlds=4)
            finally:
                doubledummy.use_core(True)
            assert core == reference, (profile, case, viewer)


def test_the_draws_are_the_cores():
    """splitmix64 as published (its first outputs from seed 1), and a draw of distinct cards of the pool."""
    rng = hidden.Splitmix(1)
    assert [rng.next() for _ in range(2)] == [0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67]
    drawn = hidden.draw_cards(hidden.Splitmix(7), 0xFFFF, 5)
    assert drawn.bit_count() == 5 and drawn & ~0xFFFF == 0


def test_a_player_never_reads_the_hand_he_cannot_see():
    """Two deals alike in all the elder can see (his hand, the turn-up, the cards played) but not in the
    dealer's hand or the stock: the elder's decision starts from the same picture, and weighs alike."""
    params = BOOK.params()
    deal = {"elder": ["KS", "7S", "QD", "JD", "9H"], "dealer": ["7H", "9C", "10C", "AD", "8S"], "turn_up": "10H",
            "stock": ["QS", "JS", "AS", "10S", "9S", "KH", "QH", "JH", "AH", "8H", "KD", "10D", "9D", "8D", "7D",
                      "KC", "QC", "JC", "AC", "8C", "7C"]}
    swapped = {**deal, "dealer": ["KH", "QH", "JH", "AH", "8H"],
               "stock": ["QS", "JS", "AS", "10S", "9S", "7H", "9C", "10C", "AD", "8S", "KD", "10D", "9D", "8D", "7D",
                         "KC", "QC", "JC", "AC", "8C", "7C"]}
    begins = []
    for cards in (deal, swapped):
        position = analysis.read_position({"kind": "analyse", "deal": cards, "actions": [
            {"by": "elder", "do": "stand"}]}, params)
        begins.append(hidden.start(position.state, position.held, "elder", BOOK, params))
    assert begins[0] == begins[1]
    assert hidden.weigh(begins[0], params, 3, 50, 8) == hidden.weigh(begins[1], params, 3, 50, 8)


def test_a_void_shown_is_never_dealt_again():
    """After the dealer fails to follow a heart, no world the elder draws gives him one: the elder's
    picture bars every unseen heart (and, not having trumped, every trump)."""
    params = BOOK.params()
    deal = {"elder": ["KH", "QH", "JH", "7S", "8S"], "dealer": ["9C", "8C", "7C", "10D", "9D"], "turn_up": "KS",
            "stock": [str(c) for c in PACK if str(c) not in
                      ("KH", "QH", "JH", "7S", "8S", "9C", "8C", "7C", "10D", "9D", "KS")]}
    position = analysis.read_position({"kind": "analyse", "deal": deal, "actions": [
        {"by": "elder", "do": "stand"}, {"by": "elder", "do": "card", "card": "KH"},
        {"by": "dealer", "do": "card", "card": "9C"}]}, params)
    begin = hidden.start(position.state, position.held, "elder", BOOK, params)
    raw = doubledummy.raw_bits(position.state.trump, params.ranking.order)
    hearts = doubledummy.mask([c for c in PACK if c.suit.letter == "H" and str(c) not in ("KH", "QH", "JH")], raw)
    trumps = doubledummy.mask([c for c in PACK if c.suit.letter == "S" and str(c) not in ("7S", "8S", "KS")], raw)
    assert begin.barred[0] == hearts | trumps
    assert begin.pool & (hearts | trumps) == 0
    assert position.state.tricks == {"elder": 1, "dealer": 0}
    assert hand  # the referee replayed the actions


def test_the_points_each_seat_plays_for_follow_the_scoring():
    """The elder who played without proposing stakes two on the point (law 49): failing costs him two."""
    params = BOOK.params()
    position = analysis.read_position({"kind": "analyse", "deal": {
        "elder": ["KS", "7S", "QD", "JD", "9H"], "dealer": ["7H", "9C", "10C", "AD", "8S"], "turn_up": "10H",
        "stock": ["QS", "JS", "AS", "10S", "9S", "KH", "QH", "JH", "AH", "8H", "KD", "10D", "9D", "8D", "7D",
                  "KC", "QC", "JC", "AC", "8C", "7C"]}, "actions": [{"by": "elder", "do": "stand"}]}, params)
    elder, dealer = hidden.utilities(position.state, BOOK, params)
    assert elder == (-2, -2, -2, 1, 1, 2)
    assert dealer == (-2, -1, -1, 2, 2, 2)
