"""Drills on the jeux de règle: hands to play or propose with (accept or refuse, for the dealer).

Hands are dealt at random, half of them kept only if the advice is to play (or refuse), so
that the learner meets both sides of the patterns' edge; the king of trumps drill keeps only
hands where the king overrides a jeu de règle.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeAlias

from ...asking import ask
from ...cards import PACK, Card, Suit
from ...jsontypes import Answer, Question
from ...rulebook import RuleBook
from ..model import ExerciseEntry
from .base import cards_of, codes, drill, suit_of

DEALS = 400  # hands dealt before settling for one on the other side

Wanted: TypeAlias = Callable[[Answer, list[Card], Suit], object]
"""Whether a hand dealt is one to keep, from the engine's advice on it (the hand, trumps)."""


def _deal(rng: random.Random, book: RuleBook, seat: str, wanted: Wanted) -> ExerciseEntry:
    trump = suit_of(rng)
    for _ in range(DEALS):
        hand = rng.sample(cards_of(*trump.__class__), 5)
        question: Question = {"kind": "advice", "trump": trump.letter, "hand": codes(hand), "seat": seat}
        if wanted(ask(question, book), hand, trump):
            break
    position: Question = {"trump": trump.letter, "hand": codes(hand)}
    if seat == "dealer":
        position["seat"] = "dealer"
        prompt = (f"{trump.english.capitalize()} are trumps. You are the dealer and the elder proposes. "
                  "Accept, or refuse?")
    else:
        prompt = f"{trump.english.capitalize()} are trumps. You are the elder hand. Propose, or play?"
    return {"kind": "propose-or-play", "position": position, "prompt": prompt,
            "hint": "Count your trumps, then look at your court cards and how they are guarded."}


@drill("strategy.jeux-de-regle")
def elder(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    keep = rng.random() < .5
    return _deal(rng, book, "elder", lambda answer, hand, trump: answer.get("play_without_proposing") == keep)


@drill("strategy.dealer-refusals")
def dealer(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    keep = rng.random() < .5
    return _deal(rng, book, "dealer", lambda answer, hand, trump: answer.get("play_without_proposing") == keep)


@drill("strategy.king-exception")
def king(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    return _deal(rng, book, "elder", lambda answer, hand, trump: Card("K", trump) in hand and answer.get("pattern")
                 and not answer.get("play_without_proposing"))


@drill("strategy.discarding")
def discard(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A fresh deal, the elder's proposal accepted: which cards does he throw out? (best-exchange, judged by
    ``analyse`` before the play). He holds a trump or two, so that keeping and throwing both tempt."""
    for _ in range(DEALS):
        cards = rng.sample(PACK, len(PACK))
        turn_up = cards[10]
        if 1 <= sum(c.suit is turn_up.suit for c in cards[:5]) <= 2:
            break
    deal = {"elder": codes(cards[:5]), "dealer": codes(cards[5:10]), "turn_up": str(turn_up),
            "stock": codes(cards[11:])}
    position: Question = {"view": "elder", "deal": deal,
                          "actions": [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}]}
    return {"kind": "best-exchange", "position": position,
            "prompt": f"{turn_up.suit.english.capitalize()} are trumps (the turn-up {turn_up.pretty}). You are the "
                      "elder hand; you proposed and the dealer accepted. Which cards do you throw out?",
            "hint": "Which of your cards would a fresh card most likely beat, and which would it not?"}
