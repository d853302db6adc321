"""A learner who makes any legal choice (second proposals, refusals, odd discards, any card): what the
table then says is checked against the referee at every step, not on a chosen example.

- every stated consequence (advice, why, story, tutor's why, review) is the engine's (:func:`audit`);
- the header adds up the sheet shown beside it, at every moment;
- the hand is sorted by suit, trumps first, each suit in the game's rank order;
- a lead is called unbeatable exactly when nothing unseen beats it (never warned off then), and the
  ace is compared with the card actually led;
- the review compares each discard card for card with the advice, says "without proposing" only of
  what the referee recorded as such, names who led each trick, and judges each card from the
  learner's view.
"""
import random

import pytest
from data_under_test import BOOK, PROFILES

from ecarte_tutor.cards import PACK, RANK_NAMES, Card
from ecarte_tutor.engine import hand, play
from ecarte_tutor.table import telling
from ecarte_tutor.table.audit import Findings, audit
from ecarte_tutor.table.discard import choose_discard
from ecarte_tutor.table.game import Game
from ecarte_tutor.table.review import review_hand
from ecarte_tutor.table.view import in_hand_order
from ecarte_tutor.table.why import reasons

GAMES = 6  # a profile
LEVELS = ("beginner", "club", "book")
AGREEMENTS = ([], ["doubling"], ["ace-high"], ["single-exchange"])


def any_move(rng: random.Random, choices: list[dict]) -> dict:
    choice = rng.choice(choices)
    if choice["do"] == "discard":
        count = rng.randint(choice["min"], choice["max"])
        return {"do": "discard", "cards": rng.sample(list(choice["from"]), count)}
    return {k: v for k, v in choice.items() if k in ("do", "card")}


def sorted_as_a_player_sorts(cards: list[Card], trump, params) -> bool:
    """Trumps first, each suit together, each suit highest first by the game's ranking."""
    suits = [c.suit for c in cards]
    trumps = [s is trump for s in suits]
    if trumps != sorted(trumps, reverse=True):  # every trump before every other card
        return False
    runs = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] is not s]
    if len(runs) != len(set(runs)):  # a suit in two places
        return False
    return all(params.ranking.higher(a, b) for a, b in zip(cards, cards[1:], strict=False) if a.suit is b.suit)


def play_any(profile: str, seed: int) -> tuple[Game, int]:
    rng = random.Random(seed)
    game = Game.start(BOOK, seed=seed, profile=profile, level=LEVELS[seed % len(LEVELS)],
                      agreements=AGREEMENTS[seed % len(AGREEMENTS)], first_dealer=("tutor", "learner")[seed % 2])
    steps = 0
    while (decision := game.decision()) is not None:
        now = telling.standing(game)
        for player, total in now["score"].items():
            assert total == sum(e["points"] for e in now["sheet"] if e["player"] == player and e["scored"])
        state, learner = game.current.state, game.current.seats["learner"]
        mine = in_hand_order(state.hands[learner], state.trump, game.params)
        assert sorted(map(str, mine)) == sorted(map(str, state.hands[learner]))
        assert sorted_as_a_player_sorts(mine, state.trump, game.params), mine
        check_card_lines(game, decision)
        assert game.play(any_move(rng, decision.choices)) is None
        steps += 1
    return game, steps


def check_card_lines(game: Game, decision) -> None:
    """A lead is said to be unbeatable when, and only when, nothing the learner cannot see beats it; the
    ace is compared with the card actually led."""
    view, state = decision.view, game.current.state
    cards = [c for c in decision.choices if c["do"] == "card"]
    if not cards or decision.off_turn:
        return
    params, other = game.params, state.hands[game.current.seats["tutor"]]
    played = {Card.from_str(t[k]) for t in state.history for k in ("led", "followed")} | {c for _, c in state.current}
    unseen = [c for c in PACK if c not in view.hand and c not in played and c != state.trump_card]
    for line in reasons(view, cards):
        card, why = Card.from_str(line["choice"]["card"]), line["why"]
        if view.led is None:
            sure = f"{card.pretty} cannot be beaten" in why
            if not any(play.beats(c, card, state.trump, params) for c in unseen):
                assert sure and "often costs the point" not in why, why
            if sure:  # a certainty said is true of the tutor's real cards
                assert not any(play.beats(c, card, state.trump, params) for c in other), why
        elif "the ace ranks below the" in why:
            led = view.led
            assert f"the ace ranks below the {RANK_NAMES[led.rank]}, so " in why, why
            assert f"does not beat {led.pretty}" in why, why
            assert params.ranking.higher(led, Card("A", led.suit)), why


def check_review(game: Game, number: int) -> int:
    hp = game.hands[number]
    review = review_hand(game, number)
    learner = hp.seats["learner"]
    notes = iter(review["decisions"])
    discards = [n for n in review["decisions"] if n["type"] == "discard"]
    state = hand.start(hp.deal, game.params, hp.score_before)
    checked, seen = 0, 0
    for index, action in enumerate(hp.actions):
        if index in hp.irregular:
            break
        if action["by"] == learner and action["do"] == "discard":
            note = discards[seen]
            seen += 1
            limits = next(o for o in hand.next_actions(state, game.params) if o["by"] == learner
                          and o["do"] == "discard")
            advised = choose_discard(state.hands[learner], state.trump, limits["min"], limits["max"], game.params)
            same = sorted(action["cards"]) == sorted(c.notation for c in advised)
            assert note["index"] == index and note["matched"] is same and note["mistake"] is not same
            assert ("follows the advice" in note["text"]) is same, note["text"]
            checked += 1
        hand.apply(state, hand.read_action(action, index), game.params)
        if action["by"] == learner and action["do"] == "stand":
            note = next(n for n in notes if n.get("index") == index)
            assert ("without proposing" in note["text"].split(";")[0]) is state.elder_played_without_proposing
            checked += 1
    assert seen == len(discards)
    for trick, played in zip(review["tricks"], hp.state.history, strict=True):
        assert trick["led_by"] == hp.player(played["leader"]) and trick["won_by"] == hp.player(played["winner"])
        if trick["review"] is not None:  # a mistake is first told why, in words; the figures from his view follow
            note = trick["review"]
            assert note["text"].startswith("From what you could know") or (
                note["mistake"] and note["text"].startswith("Say the tutor holds")), note["text"]
            assert "From what you could know" in note["text"]
        checked += 1
    assert len(review["mistakes"]) >= sum(n["mistake"] for n in review["decisions"])
    return checked


@pytest.mark.parametrize("profile", PROFILES)
def test_whatever_the_learner_does_the_table_says_what_the_referee_rules(profile):
    found, checked, steps = Findings(), 0, 0
    for seed in range(GAMES):
        game, moved = play_any(profile, seed)
        steps += moved
        found.merge(audit(game))
        for hp in game.hands:
            if hp.answer is not None:
                checked += check_review(game, hp.number)
    assert found.contradictions == []
    assert steps > 100 and checked > 50
    assert found.stakes["a refusal"] or found.stakes["playing on without another exchange"]
