"""Drills on the play of the cards: a fresh position to play again, made by the engine, judged by the same
hidden-card model as the lesson steps and the deal reviews.

A card-play mistake is filed under the advice it goes against: a worse lead (in a lesson or at the table) under
``strategy.leading``, whose practice is a new deal in which the elder holds a jeu de règle, plays without
proposing and leads; a worse card answering a lead under ``strategy.following``, whose practice is a new deal in
which that elder has led the card the model leads and the dealer answers, with a choice that matters (both
``best-card`` exercises). The cards accepted are those the model cannot tell from the best over its paired deals
(:func:`..verdicts.compute`), and a worse one is told why the best beats it.
"""
from __future__ import annotations

import random
from typing import cast

from ...asking import ask
from ...cards import PACK, Card
from ...engine.play import duty
from ...jsontypes import Question
from ...rulebook import RuleBook
from ..kinds.best_card import BestCardPosition, verdict
from ..model import ExerciseEntry
from ..reading import LessonError
from .base import codes, drill

DEALS = 400  # deals tried for a jeu de règle (about one hand in four is one)


def _standing_deal(rng: random.Random, book: RuleBook) -> tuple[Card, Question]:
    """A fresh deal whose elder holds a jeu de règle (a king not turned up): its turn-up and the deal."""
    for _ in range(DEALS):
        cards = rng.sample(PACK, len(PACK))
        turn_up = cards[10]
        question: Question = {"kind": "advice", "trump": turn_up.suit.letter, "hand": codes(cards[:5]),
                              "seat": "elder"}
        if turn_up.rank != "K" and ask(question, book).get("play_without_proposing"):
            break
    return turn_up, {"elder": codes(cards[:5]), "dealer": codes(cards[5:10]), "turn_up": str(turn_up),
                     "stock": codes(cards[11:])}


@drill("strategy.leading", accepts=("play.lead",))
def lead(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A fresh deal, the elder's hand a jeu de règle: he plays without proposing; which card does he lead?"""
    turn_up, deal = _standing_deal(rng, book)
    position: Question = {"view": "elder", "deal": deal, "actions": [{"by": "elder", "do": "stand"}]}
    return {"kind": "best-card", "position": position,
            "prompt": f"{turn_up.suit.english.capitalize()} are trumps (the turn-up {turn_up.pretty}). You are the "
                      "elder hand; your cards are a jeu de règle and you play without proposing. Which card do you "
                      "lead?",
            "hint": "Which lead keeps your winners for later, and which gives the dealer a cheap trick?"}


def _answering_deal(rng: random.Random, book: RuleBook) -> tuple[Card, Question, list[Question]]:
    """A fresh deal in which play begins with the first lead (the king of trumps in neither hand nor turned up):
    the elder plays a jeu de règle without proposing, or proposes and the dealer refuses, as the jeux de règle
    advise; its turn-up, the deal and the actions up to the lead."""
    for _ in range(DEALS):
        cards = rng.sample(PACK, len(PACK))
        turn_up = cards[10]
        if Card("K", turn_up.suit) in cards[:11]:  # no king to announce (or turned up): the answer alone
            continue
        hands = {"elder": codes(cards[:5]), "dealer": codes(cards[5:10])}
        advised = {seat: ask({"kind": "advice", "trump": turn_up.suit.letter, "hand": hand, "seat": seat}, book)
                   for seat, hand in hands.items()}
        actions: list[Question] = []
        if advised["elder"].get("play_without_proposing"):
            actions = [{"by": "elder", "do": "stand"}]
        elif advised["dealer"].get("advice") == "refuse":
            actions = [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "refuse"}]
        if actions:
            return turn_up, {**hands, "turn_up": str(turn_up), "stock": codes(cards[11:])}, actions
    raise LessonError("no deal came to the first lead")


@drill("strategy.following", accepts=("play.follow-suit", "play.head-the-trick", "play.trump-when-void"))
def answer(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A fresh deal come to the first lead (:func:`_answering_deal`); the elder leads the card the model leads
    and the dealer answers it, one of the cards he may play worse than the best by more than the deals can
    explain (else the deal is thrown back: a choice that never matters teaches nothing)."""
    turn_up, deal, actions = _answering_deal(rng, book)
    led = ask({"kind": "analyse", "deal": deal, "actions": actions, "view": "elder"}, book)
    if "error" in led:
        raise LessonError(f"no lead to answer: {led['error']}")
    card = Card.from_str(str(cast(list[str], led["best"])[0]))
    position: BestCardPosition = {"view": "dealer", "deal": deal,
                                  "actions": [*actions, {"by": "elder", "do": "card", "card": str(card)}]}
    dealer = [Card.from_str(c) for c in cast(list[str], deal["dealer"])]
    legal = duty(dealer, card, turn_up.suit, book.params()).legal
    if len(legal) < 2 or len(verdict(position, book).accepted) == len(legal):
        raise LessonError("the dealer's answer does not matter here")
    came = ("played without proposing" if len(actions) == 1 else "proposed, you refused")
    return {"kind": "best-card", "position": dict(position),
            "prompt": f"{turn_up.suit.english.capitalize()} are trumps (the turn-up {turn_up.pretty}). You are the "
                      f"dealer; the elder {came}, and he leads the {card.pretty}. Which card do you answer with?",
            "hint": "Which of your cards does this trick need, and which will you want for the tricks to come?"}
