"""Fixtures for the practice table: a game whose current hand is a chosen deal (a book's hand)."""
import pytest
from data_under_test import BOOK

from ecarte_tutor.cards import PACK
from ecarte_tutor.engine import hand
from ecarte_tutor.engine.deal import read_deal
from ecarte_tutor.fields import other
from ecarte_tutor.table.game import Game, HandPlay
from ecarte_tutor.table.settings import make_settings


@pytest.fixture
def fixed_game():
    """``fixed_game(deal, learner="elder", scores=None, level="club", profile="london")``: a game whose
    first hand is ``deal`` (a ``hand`` question's deal) instead of a shuffled one."""
    def make(deal, learner="elder", scores=None, level="club", profile="london", agreements=()):
        settings = make_settings(BOOK, seed=0, profile=profile, level=level, agreements=agreements,
                                 first_dealer="learner" if learner == "dealer" else "tutor")
        game = Game(settings, BOOK)
        game.scores = dict(scores or {"learner": 0, "tutor": 0})
        cards = read_deal(deal, game.params)
        seats = {"learner": learner, "tutor": other(learner)}
        before = {seat: game.scores[player] for player, seat in seats.items()}
        game.hands = [HandPlay(0, cards, seats, before, hand.start(cards, game.params, before))]
        game.advance()
        return game
    return make


@pytest.fixture
def hoffmann_last():
    """Hoffmann's last deal of the illustrative game (scenarios/hands/hoffmann-game.yaml): the dealer
    holds K♦ (9♦ turned); the elder's hand is a jeu de règle."""
    return {"elder": ["QD", "JD", "KS", "QS", "AS"], "dealer": ["KD", "AD", "AH", "KC", "8S"], "turn_up": "9D",
            "stock": ["JS", "10S", "9S", "7S", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "10D", "8D", "7D", "QC",
                      "JC", "AC", "10C", "9C", "8C", "7C"]}


@pytest.fixture
def weak_dealer():
    """The elder holds K♣ 7♣ J♠ Q♥ K♦ with clubs trumps (no jeu de règle: he proposes); the dealer's hand
    is weak (the club tutor accepts). The discard advice throws out J♠ and Q♥."""
    deal = {"elder": ["KC", "7C", "JS", "QH", "KD"], "dealer": ["8S", "9S", "8H", "9H", "8D"], "turn_up": "10C"}
    deal["stock"] = [c.notation for c in PACK if c.notation not in [*deal["elder"], *deal["dealer"], deal["turn_up"]]]
    return deal
