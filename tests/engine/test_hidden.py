"""The hidden-card model (engine/hidden.py): the compiled loop against the Python reference, deal by deal,
and a player who never reads what he cannot see."""
import random

import pytest
from core_walks import needs_core, random_play
from data_under_test import BOOK, PROFILES

from ecarte_tutor.cards import PACK
from ecarte_tutor.engine import analysis, doubledummy, hand, hidden
from ecarte_tutor.fields import SEATS


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


@needs_core
@pytest.mark.parametrize("profile", PROFILES)
def test_each_decision_is_the_card_the_reference_weighs_it_to_even_where_the_core_does_not_weigh(profile):
    """One decision at a time, core against reference: the same card, whether the core weighed it, found every
    legal card alike (and did not weigh), or met it before (the same knowledge and stakes again: looked up, not
    weighed); the same position playing for other points between them is weighed afresh."""
    params = BOOK.params(profile)
    rng = random.Random(f"one decision {profile}")
    doubledummy.CORE.decision_counts()
    for case in range(40):
        _, position = random_play(rng, params, tricks_played=case % 4, half=case % 2)
        seat = position.to_act
        begin = hidden.start(position.state, position.held, seat, BOOK, params)
        me, rival = SEATS.index(seat), 1 - SEATS.index(seat)
        stakes = [begin.utility, tuple(tuple(-p for p in row) for row in begin.utility)]  # for, and against, himself
        hands = list(begin.hands)
        hands[rival] = doubledummy.mask(position.state.hands[SEATS[rival]], doubledummy.raw_bits(begin.trump,
                                                                                                  begin.order))
        table = (tuple(hands), begin.unseen, begin.barred, begin.known, begin.led, begin.leader, begin.tricks)
        leaves = [0, 0, 1, 1, 0]
        core = doubledummy.CORE.choose(leaves, 4, begin.duties, [[list(u) for u in s] for s in stakes], me, table)
        for leaf, card in zip(leaves, core, strict=True):
            rules = hidden._Rules(begin.trump, stakes[leaf], params, begin.order)
            reference = hidden._Table([rules.cards(h) for h in hands], [set(rules.cards(u)) for u in begin.unseen],
                                      [set(rules.cards(b)) for b in begin.barred],
                                      [set(rules.cards(k)) for k in begin.known],
                                      rules.by_bit[begin.led] if begin.led else None, begin.leader, list(begin.tricks))
            doubledummy.use_core(False)
            try:
                chosen = rules.choose(reference, me, 4)
            finally:
                doubledummy.use_core(True)
            assert card == rules.raw[chosen], (profile, case, leaf)
    weighed, alike, looked_up = doubledummy.CORE.decision_counts()
    assert weighed and alike and looked_up


def test_the_draws_are_the_cores():
    """splitmix64 as published (its first outputs from seed 1), and draws of distinct cards of the pool: a deal's,
    and a world's from one output of the generator (a fresh one after eight picks)."""
    rng = hidden.Splitmix(1)
    assert [rng.next() for _ in range(2)] == [0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67]
    drawn = hidden.draw_cards(hidden.Splitmix(7), 0xFFFF, 5)
    assert drawn.bit_count() == 5 and drawn & ~0xFFFF == 0
    rng = hidden.Splitmix(7)
    world = hidden.draw_world(rng, 0xFFFF, 5)
    step = 0x9E3779B97F4A7C15  # one output of splitmix64 adds it to the state
    assert world.bit_count() == 5 and world & ~0xFFFF == 0 and rng.state == 7 + step
    rng = hidden.Splitmix(7)
    assert hidden.draw_world(rng, 0xFFFFFF, 12).bit_count() == 12 and rng.state == (7 + 2 * step) & hidden.MASK64
    shares = [0] * 16
    rng = hidden.Splitmix(3)
    for _ in range(4000):
        world = hidden.draw_world(rng, 0xFFFF, 4)
        for bit in range(16):
            shares[bit] += world >> bit & 1
    assert all(900 < share < 1100 for share in shares)  # each card a quarter of the time


def test_a_decision_seed_reads_only_what_the_player_knows_renumbered():
    """The seed of a decision's worlds: the same for two positions alike but for cards out of play (renumbered
    alike), another when the card led or the pool differs."""
    spades = 0xFF  # the lowest byte: a plain suit, ace at the top bit
    mine, pool = 0b1000_0000, 0b0101_0000  # A; Q and 10 (the K and J out of play)
    moved = hidden.decision_seed(mine, 0, 0, 0b0110_0000 | 0xFF00, 1)
    assert hidden.decision_seed(mine, 0, 0, pool | 0xFF00, 1) == moved
    assert hidden.decision_seed(mine, 0, 0, pool | 0x7F00, 1) != moved
    assert hidden.decision_seed(mine, 0b0001_0000, 0, 0b0100_0000 | 0xFF00, 1) != moved
    assert hidden.renumber(spades, 0b0101_0000) == 0b0101_0000
    assert hidden.renumber(0b1101_0100, 0b0101_0100) == 0b0111_0000


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
