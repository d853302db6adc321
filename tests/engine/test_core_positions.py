"""The compiled core's table of every position of the play, and the two ways it places a world in it.

In the play the hands hold as many cards (a trick to lead) or the follower one more than the leader's rest (a
card led): the core keeps each such position's values in a table of its own (``dense`` in engine/_core.c),
filled as met. These check it against the Python search card for card, leading and following, filled then
read again; that the worlds are placed alike by the processor's pext and by the lookup table; and that
points too large to be summed two cards at a time are summed one by one to the same decisions.
"""
import dataclasses
import random

import pytest
from core_walks import needs_core, random_play
from data_under_test import BOOK, PROFILES

from ecarte_tutor.cards import PACK, Suit
from ecarte_tutor.engine import doubledummy, hidden
from ecarte_tutor.fields import SEATS

POSITIONS = 3_000




def play_position(rng):
    """Cards as the play leaves them: k each to lead, or k against k - 1 and the card led."""
    size = rng.randint(1, 5)
    following = rng.random() < 0.5
    cards = rng.sample(PACK, 2 * size)
    return tuple(cards[:size]), tuple(cards[size:2 * size - following]), (cards[-1] if following else None), \
        rng.choice(list(Suit))


def reference_values(position, params):
    doubledummy.use_core(False)
    try:
        return doubledummy.card_values(*position, params)
    finally:
        doubledummy.use_core(True)


@needs_core
@pytest.mark.parametrize("profile", PROFILES)
def test_every_position_of_the_play_is_given_the_python_searchs_values_filled_and_read_again(profile):
    params = BOOK.params(profile)
    rng = random.Random(f"table of positions {profile}")
    positions = [play_position(rng) for _ in range(POSITIONS // len(PROFILES))]
    references = [reference_values(position, params) for position in positions]
    for _ in range(2):  # the first time searched and kept, the second read from the table
        for position, reference in zip(positions, references, strict=True):
            core = doubledummy.card_values(*position, params)
            assert core == reference, position
            assert list(core) == list(reference)


@needs_core
def test_the_worlds_drawn_eight_at_a_time_make_the_references_decisions():
    """Where the processor has AVX-512 the core draws and places eight worlds at once: the play is the Python
    reference's, card for card, at the lead and in answer to a card, for counts of worlds that fill the registers
    and that leave a part of eight (the reference has no table of decisions: every decision is checked); and over
    many more deals, the table's (switching ways empties the core's table of decisions: each way weighs)."""
    core = doubledummy.CORE
    params = BOOK.params()
    rng = random.Random("eight at a time")
    try:
        if core.pext_worlds(2) != 2:
            pytest.skip("this processor has no AVX-512")
        for case in range(6):
            _, position = random_play(rng, params, tricks_played=case % 2, half=case // 3)
            begin = hidden.start(position.state, position.held, SEATS[case % 2], BOOK, params)
            worlds = (16, 13, 5)[case % 3]
            core.pext_worlds(2)
            by_vector = hidden.weigh(begin, params, seed=200 + case, deals=2, worlds=worlds)
            doubledummy.use_core(False)
            try:
                reference = hidden.reference_values(begin, params, seed=200 + case, deals=2, worlds=worlds)
            finally:
                doubledummy.use_core(True)
            assert by_vector == reference, case
            for worlds in (30, 37):
                core.pext_worlds(2)
                by_vector = hidden.weigh(begin, params, seed=300 + case, deals=60, worlds=worlds)
                core.pext_worlds(0)
                by_table = hidden.weigh(begin, params, seed=300 + case, deals=60, worlds=worlds)
                assert by_vector == by_table, (case, worlds)
    finally:
        core.pext_worlds(-1)


@needs_core
def test_the_worlds_are_placed_alike_by_pext_and_by_the_table():
    """Where the processor has pext the core may place each world with it: the decisions are the table's."""
    core = doubledummy.CORE
    params = BOOK.params()
    rng = random.Random("pext")
    try:
        if not core.pext_worlds(1):
            pytest.skip("this processor has no pext")
        for case in range(4):
            _, position = random_play(rng, params, tricks_played=case % 2, half=case // 2)
            begin = hidden.start(position.state, position.held, SEATS[case % 2], BOOK, params)
            core.pext_worlds(1)
            by_pext = hidden.weigh(begin, params, seed=100 + case, deals=40, worlds=30)
            core.pext_worlds(0)
            by_table = hidden.weigh(begin, params, seed=100 + case, deals=40, worlds=30)
            assert by_pext == by_table, case
    finally:
        core.pext_worlds(-1)


@needs_core
def test_points_too_large_to_sum_two_cards_at_a_time_make_the_references_decisions():
    """Points of 2**16 or more do not fit a half of the core's pairs: it sums each card alone, and plays as the
    Python reference plays for the same points."""
    params = BOOK.params()
    rng = random.Random("large points")
    for case in range(3):
        _, position = random_play(rng, params, tricks_played=case, half=case % 2)
        begin = hidden.start(position.state, position.held, position.to_act, BOOK, params)
        large = dataclasses.replace(begin, utility=tuple(tuple(100_003 * p + 7 for p in row) for row in begin.utility))
        core = hidden.weigh(large, params, seed=case, deals=3, worlds=4)
        doubledummy.use_core(False)
        try:
            reference = hidden.reference_values(large, params, seed=case, deals=3, worlds=4)
        finally:
            doubledummy.use_core(True)
        assert core == reference, case
