"""The tutor plays fair: no level reads what its seat cannot see (issue 38 item 5).

Games are played, seeded, with a bot in the learner's chair. At every decision the tutor made in their first
hands, a second world is built that differs from the real one only in what the tutor could not see at that
moment: the cards the learner holds, threw out and drew, and the stock below what the tutor drew. What the
tutor saw stays where it was: its own cards and draws, the turn-up, every card played, a king announced. The
actions are the same in it (the learner's discards the cards in the same places of his hand); a world where
a card the learner played would break a rule of play is drawn again, since the play showed the tutor he
could not hold it. The tutor must decide the same there: the same choice, the same words while the deal is
on and once it is over, from the same legal choices.
"""
import random
from dataclasses import replace

import pytest
from data_under_test import BOOK

from ecarte_tutor.cards import PACK, Card
from ecarte_tutor.engine import hand as referee
from ecarte_tutor.engine.deal import Deal
from ecarte_tutor.engine.illegal import Illegal
from ecarte_tutor.fields import other
from ecarte_tutor.table.game import passing, seat_view
from ecarte_tutor.table.players import make_player
from ecarte_tutor.table.selfplay import play_game

GAMES = 12  # a level, each with a different seed and profile
HANDS = 4  # the first hands of each game
DRAWS = 30  # tries for a second world the learner's play allows


def replayed(deal, actions, params, score_before):
    state = referee.start(deal, params, score_before)
    for index, action in enumerate(actions):
        referee.apply(state, referee.read_action(action, index), params)
    return state


def seen_by(deal, actions, seat, params, score_before):
    """Every card ``seat`` has seen after ``actions``: its own and its draws, the turn-up, the cards played,
    the other's king of trumps once announced."""
    state = referee.start(deal, params, score_before)
    seen = {*getattr(deal, seat), deal.turn_up}
    for index, action in enumerate(actions):
        referee.apply(state, referee.read_action(action, index), params)
        seen |= set(state.hands[seat])
        if action["do"] == "card":
            seen.add(Card.from_str(action["card"]))
        if action["do"] == "announce-king":
            seen.add(Card("K", state.trump))
    return seen


def other_world(deal, actions, seat, params, score_before, rng):
    """(deal, actions) differing from the real ones only in what ``seat`` has not seen; None when no such world
    lets the other's actions stand."""
    seen = seen_by(deal, actions, seat, params, score_before)
    hidden = [card for card in PACK if card not in seen]
    places = [*getattr(deal, other(seat)), *deal.stock]  # the learner's hand, then the stock
    for _ in range(DRAWS):
        shuffled = rng.sample(hidden, len(hidden))
        moved = dict(zip(hidden, shuffled, strict=True))
        cards = [moved.get(card, card) for card in places]
        hands = {seat: getattr(deal, seat), other(seat): tuple(cards[:5])}
        world = Deal(hands["elder"], hands["dealer"], deal.turn_up, tuple(cards[5:]))
        mapped = [{**a, **({"cards": [moved.get(Card.from_str(c), Card.from_str(c)).notation for c in a["cards"]]}
                           if "cards" in a else {})} for a in actions]
        try:
            replayed(world, mapped, params, score_before)
        except Illegal:
            continue
        return world, mapped
    return None


def decisions(hp, params):
    """Every moment of the hand at which the tutor chose, as (actions before it, its seat, its choices): its turn
    to act, and an announcement or offer open to it while the learner is to act (as Game.advance asks)."""
    state = referee.start(hp.deal, params, hp.score_before)
    for index in range(len(hp.actions) + 1):
        options = referee.next_actions(state, params)  # none once the hand is over
        if options:
            seat = options[0]["by"] if state.pending else state.to_act()
            mine = [o for o in options if o["by"] == seat]
            open_to_other = [o for o in options if o["by"] != seat]
            if hp.player(seat) == "tutor":
                yield index, seat, mine
            elif open_to_other:
                yield index, other(seat), [*open_to_other, passing(other(seat))]
        if index < len(hp.actions):
            referee.apply(state, referee.read_action(hp.actions[index], index), params)


@pytest.mark.parametrize("level", ["beginner", "club", "book"])
def test_the_tutor_decides_alike_in_worlds_that_differ_only_in_what_it_cannot_see(level):
    rng = random.Random(f"fair {level}")
    profiles = list(BOOK.profiles)
    compared = differed = 0
    for number in range(GAMES):
        result = play_game(BOOK, seed=1000 + number, profile=profiles[number % len(profiles)],
                           learner_level=rng.choice(["beginner", "club"]), tutor_level=level)
        game = result.game
        player = make_player(level)
        for hp in game.hands[:HANDS]:
            if hp.irregular or hp.incident or hp.void:
                continue
            for index, seat, choices in decisions(hp, game.params):
                actions = hp.actions[:index]
                state = replayed(hp.deal, actions, game.params, hp.score_before)
                twin = other_world(hp.deal, actions, seat, game.params, hp.score_before, rng)
                if twin is None:
                    continue
                world, mapped = twin
                twin_state = replayed(world, mapped, game.params, hp.score_before)
                offered = [o for o in referee.next_actions(twin_state, game.params) if o["by"] == seat]
                assert offered + [c for c in choices if c["do"] == "pass"] == choices  # the same legal choices
                real = player.decide(seat_view(hp, state, seat, game, index), choices, hp.score_before)
                twin_hp = replace(hp, deal=world, actions=mapped)
                seen = player.decide(seat_view(twin_hp, twin_state, seat, game), choices, hp.score_before)
                assert seen == real, (level, number, hp.number, index, hp.deal, world)
                compared += 1
                differed += world != hp.deal
    assert compared > 100 and differed > compared / 2  # many decisions, most in a world truly different
