"""Drills on the agreements of doubling and offering the point: a hand dealt at random, a wager
made, and the rest played out by the engine's own legal moves; then what does each score?

The hand opens with the elder playing without proposing or the dealer refusing, so that one
player is vulnerable and the wager's rule on the extra point comes into play. The cards are
chosen at random among the legal ones; a king turned up is dealt again (it would add a claim
that has nothing to do with the wager).
"""
from __future__ import annotations

import random
from typing import cast

from ...asking import ask
from ...cards import PACK
from ...fields import SEATS
from ...jsontypes import Answer, Question
from ...rulebook import RuleBook
from ..model import ExerciseEntry
from ..reading import SEAT_WORDS
from .base import codes, drill

MOST_ACTIONS = 30  # a hand has at most a few openers, a wager and its answer, and ten cards
ANSWERS = {"doubling": ("double", "accept-double", "decline-double"),
           "offer-the-point": ("offer-point", "accept-offer", "decline-offer")}
OPENINGS = {"stand": [{"by": "elder", "do": "stand"}],
            "refuse": [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "refuse"}]}


def _deal(rng: random.Random) -> dict[str, object]:
    while True:
        cards = list(PACK)
        rng.shuffle(cards)
        if cards[10].rank != "K":
            return {"elder": codes(cards[:5]), "dealer": codes(cards[5:10]), "turn_up": str(cards[10]),
                    "stock": codes(cards[11:])}


def _played_out(rng: random.Random, book: RuleBook, agreement: str, opening: str) -> Question:
    """A hand question: the opening, one wager of ``agreement`` at a moment it is open, its answer, and
    legal cards to the end (or until the answer ends the hand)."""
    opener, *answers = ANSWERS[agreement]
    offerer, answer = rng.choice(SEATS), rng.choice(answers)
    tricks_before = rng.choice((0, 1)) if agreement == "doubling" else 0  # a double may wait a trick
    question: Question = {"kind": "hand", "agreements": [agreement], "deal": _deal(rng),
                          "actions": list(OPENINGS[opening])}
    actions = cast(list[dict[str, object]], question["actions"])
    for _ in range(MOST_ACTIONS):
        reply: Answer = ask(question, book)
        state = cast(dict[str, object], reply["state"])
        if state["phase"] in ("complete", "game-over"):
            return question
        moves = cast(list[dict[str, object]], reply["next"])
        wanted = [m for m in moves if m["do"] == answer] or \
            [m for m in moves if m["do"] == opener and m["by"] == offerer and not state["current_trick"]
             and len(cast(list[object], state["tricks_played"])) == tricks_before]
        move = wanted[0] if wanted else rng.choice([m for m in moves if m["do"] == "card"])
        actions.append(dict(move))
    raise ValueError("the hand did not end")  # cannot happen: ten cards end any hand


def _entry(rng: random.Random, book: RuleBook, agreement: str, what: str) -> ExerciseEntry:
    opening = rng.choice(tuple(OPENINGS))
    question = _played_out(rng, book, agreement, opening)
    who = "The elder hand plays without proposing." if opening == "stand" else \
        "The elder hand proposes and the dealer refuses."
    position = {key: value for key, value in question.items() if key != "kind"}
    return {"kind": "hand-score", "position": position,
            "prompt": f"The players agreed to {what}. {who} Follow the hand: what does each player score?",
            "hint": f"Who is vulnerable here ({SEAT_WORDS['elder']} or {SEAT_WORDS['dealer']}), and what does "
                    "the answer to the offer do to the hand?"}


@drill("variant.doubling")
def doubling(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    return _entry(rng, book, "doubling", "doubling")


@drill("variant.offering-the-point")
def offering(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    return _entry(rng, book, "offer-the-point", "offering the point")
