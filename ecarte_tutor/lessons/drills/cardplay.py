"""Drills on the play of the cards: a fresh position to play again, made by the engine, judged by the same
hidden-card model as the lesson steps and the deal reviews.

A card-play mistake (a worse lead in a lesson or at the table) is filed under the advice it goes against,
``strategy.leading``; its practice is a new deal in which the elder holds a jeu de règle, plays without
proposing and leads (a ``best-card`` exercise). The cards accepted are those the model cannot tell from the
best over its paired deals (:func:`..verdicts.compute`), and a worse one is told why the best beats it.
"""
from __future__ import annotations

import random

from ...asking import ask
from ...cards import PACK
from ...jsontypes import Question
from ...rulebook import RuleBook
from ..model import ExerciseEntry
from .base import codes, drill

DEALS = 400  # deals tried for a jeu de règle (about one hand in four is one)


@drill("strategy.leading", accepts=("play.lead",))
def lead(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A fresh deal, the elder's hand a jeu de règle: he plays without proposing; which card does he lead?"""
    for _ in range(DEALS):
        cards = rng.sample(PACK, len(PACK))
        turn_up = cards[10]
        question: Question = {"kind": "advice", "trump": turn_up.suit.letter, "hand": codes(cards[:5]),
                              "seat": "elder"}
        if turn_up.rank != "K" and ask(question, book).get("play_without_proposing"):
            break
    deal = {"elder": codes(cards[:5]), "dealer": codes(cards[5:10]), "turn_up": str(turn_up),
            "stock": codes(cards[11:])}
    position: Question = {"view": "elder", "deal": deal, "actions": [{"by": "elder", "do": "stand"}]}
    return {"kind": "best-card", "position": position,
            "prompt": f"{turn_up.suit.english.capitalize()} are trumps (the turn-up {turn_up.pretty}). You are the "
                      "elder hand; your cards are a jeu de règle and you play without proposing. Which card do you "
                      "lead?",
            "hint": "Which lead keeps your winners for later, and which gives the dealer a cheap trick?"}
