"""Drills on the play of a trick: the duties of the second player, the rank order and who wins."""
from __future__ import annotations

import random

from ...cards import Card, Suit, said, suit_name
from ...i18n import current, tr, trc
from ...jsontypes import Question
from ...rulebook import RuleBook
from ..kinds.rank_order import THE_RANK
from ..model import ExerciseEntry
from .base import cards_of, codes, drill, suit_of


def _ranked(book: RuleBook) -> list[str]:
    """The ranks in the rule book's order, highest first."""
    return list(book.params().rank_order)


def _suit(suit: Suit) -> str:
    """A suit as a drill's sentences name it, in the language spoken ("spades", « pique »)."""
    return suit_name(suit, current())


def _trumps(suit: Suit) -> str:
    """The trump suit at the head of a sentence ("Spades", « Pique »)."""
    return _suit(suit).capitalize()


def _card(card: Card) -> str:
    """A card in words, in the language spoken ("knave of spades", « valet de pique »)."""
    return said(card, current())


def _rank(rank: str) -> str:
    """A rank after a verb: "the knave" (« le valet », « la dame »)."""
    return trc("the rank", THE_RANK[rank])


def _prompt(trump: Suit, led: Card | None) -> str:
    if led is None:
        return tr("%(trumps)s are trumps and it is your lead. Which of your cards may you lead?", trumps=_trumps(trump))
    return tr("%(trumps)s are trumps. The %(led)s is led. Which of your cards may you play?", trumps=_trumps(trump),
              led=_card(led))


def _entry(trump: Suit, led: Card | None, hand: list[Card], hint: str) -> ExerciseEntry:
    position: Question = {"trump": trump.letter, "hand": codes(hand)}
    if led is not None:
        position["led"] = str(led)
    return {"kind": "legal-cards", "prompt": _prompt(trump, led), "position": position, "hint": hint}


def _others(rng: random.Random, hand: list[Card], pool: list[Card], low: int, high: int) -> list[Card]:
    extra = [c for c in pool if c not in hand]
    return rng.sample(extra, min(len(extra), rng.randint(low, high)))


@drill("play.head-the-trick")
def head(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """One card of the suit led above it and one below: only the higher ones may be played. The suit
    led is sometimes trumps, so the learner must overtrump a trump lead when he can."""
    trump = suit_of(rng)
    suit = rng.choice([trump, suit_of(rng, trump)])
    ranks = _ranked(book)
    led = Card(rng.choice(ranks[1:-1]), suit)
    position = ranks.index(led.rank)
    above = Card(rng.choice(ranks[:position]), suit)
    below = Card(rng.choice(ranks[position + 1:]), suit)
    hand = [above, below]
    hand += _others(rng, hand, cards_of(*[s for s in Suit if s is not suit]), 1, 3)
    rng.shuffle(hand)
    return _entry(trump, led, hand, tr("Which of your %(suit)s beat %(rank)s?", suit=_suit(suit), rank=_rank(led.rank)))


@drill("play.follow-suit")
def follow(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """Only cards of the suit led that cannot win, beside a trump that would: the suit must be followed."""
    trump = suit_of(rng)
    suit = suit_of(rng, trump)
    ranks = _ranked(book)
    led = Card(rng.choice(ranks[:-1]), suit)
    lower = [Card(r, suit) for r in ranks[ranks.index(led.rank) + 1:]]
    hand = rng.sample(lower, min(len(lower), rng.randint(1, 2)))
    hand += _others(rng, hand, cards_of(trump), 1, 1) + _others(rng, hand, cards_of(suit_of(rng, trump, suit)), 1, 2)
    rng.shuffle(hand)
    return _entry(trump, led, hand, tr("Can any of your %(suit)s beat %(rank)s? Whatever the answer, what must you "
                                       "still do?", suit=_suit(suit), rank=_rank(led.rank)))


@drill("play.trump-when-void")
def trump_when_void(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """No card of the suit led and one or two trumps: only a trump may be played."""
    trump = suit_of(rng)
    suit = suit_of(rng, trump)
    hand = rng.sample(cards_of(trump), rng.randint(1, 2))
    hand += _others(rng, hand, cards_of(*[s for s in Suit if s not in (trump, suit)]), 1, 3)
    rng.shuffle(hand)
    return _entry(trump, Card(rng.choice(_ranked(book)), suit), hand,
                  tr("You have no %(suit)s. What does a trump do to this trick?", suit=_suit(suit)))


@drill("play.free-discard")
def free(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """Neither the suit led nor a trump: every card may be played."""
    trump = suit_of(rng)
    suit = suit_of(rng, trump)
    hand = rng.sample(cards_of(*[s for s in Suit if s not in (trump, suit)]), rng.randint(2, 4))
    return _entry(trump, Card(rng.choice(_ranked(book)), suit), hand,
                  tr("You can neither follow suit nor trump. Is anything left to stop you?"))


@drill("play.lead")
def lead(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """The leader's hand: every card may be led."""
    hand = rng.sample(cards_of(*Suit), rng.randint(3, 5))
    return _entry(suit_of(rng), None, hand, tr("Do the duties of following bind the player who leads?"))


@drill("pack.rank-order")
def rank_order(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A whole suit (every other time) or five to seven of its cards, the ace and the knave always among them."""
    suit = suit_of(rng)
    ranks = _ranked(book)
    if rng.random() < .5:
        chosen = list(ranks)
    else:
        rest = [r for r in ranks if r not in ("A", "J")]
        chosen = ["A", "J", *rng.sample(rest, rng.randint(3, 5))]
    cards = [Card(r, suit) for r in chosen]
    rng.shuffle(cards)
    return {"kind": "rank-order", "prompt": tr("Put these %(suit)s in order, highest first.", suit=_suit(suit)),
            "position": {"cards": codes(cards)}, "hint": tr("Where does the ace fall: above the knave, or below it?")}


def _trick(trump: Suit, led: Card, followed: Card, hint: str, opening: str = "") -> ExerciseEntry:
    return {"kind": "trick-winner", "position": {"trump": trump.letter, "led": str(led), "followed": str(followed)},
            "prompt": opening + tr("%(trumps)s are trumps. The %(led)s is led and the %(followed)s is played to it. "
                                   "Who wins the trick?", trumps=_trumps(trump), led=_card(led),
                                   followed=_card(followed)), "hint": hint}


@drill("pack.trump-suit")
def low_trump(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A small trump against a high card of another suit, led first or played second."""
    trump = suit_of(rng)
    ranks = _ranked(book)
    small = Card(rng.choice(ranks[-3:]), trump)
    high = Card(rng.choice(ranks[:3]), suit_of(rng, trump))
    led, followed = (small, high) if rng.random() < .5 else (high, small)
    return _trick(trump, led, followed, tr("Is either card a trump?"))


@drill("play.trick-winner")
def off_suit(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A high card of a third suit played to a low card led: it neither follows nor trumps."""
    trump = suit_of(rng)
    suit = suit_of(rng, trump)
    ranks = _ranked(book)
    led = Card(rng.choice(ranks[-4:]), suit)
    followed = Card(rng.choice(ranks[:3]), suit_of(rng, trump, suit))
    return _trick(trump, led, followed, tr("Does the second card follow suit, or trump?"))


@drill("variant.ace-high")
def ace_high(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """The agreement to rank the ace high: the ace against a court card or the ten of its suit."""
    trump = suit_of(rng)
    suit = rng.choice([trump, suit_of(rng, trump)])
    ace, other = Card("A", suit), Card(rng.choice(("K", "Q", "J", "10")), suit)
    led, followed = (ace, other) if rng.random() < .5 else (other, ace)
    entry = _trick(trump, led, followed, tr("Under the agreement, which card tops the suit?"),
                   tr("The players agreed to rank the ace high.") + " ")  # a sentence before the prompt's
    entry["position"]["agreements"] = ["ace-high"]
    return entry
