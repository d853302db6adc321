"""The kinds of question the engine answers (API.md), each with the function that answers it.

``ask()`` looks a question's ``kind`` up here; the command line and the site list the
kinds from here too, so a new kind is added in one place.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..jsontypes import Answer, Question
from ..rulebook import Params, RuleBook
from . import advice, analysis, exchange, hand, pack, play, pool, record, scoring
from .disputes import answer_dispute

Handler = Callable[[Question, RuleBook, Params], Answer]


@dataclass(frozen=True)
class Kind:
    """One kind of question: its name, what it asks in a few words, and its handler."""

    name: str
    asks: str
    answer: Handler


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("play", "May this card be played? The legal cards of a hand.", play.answer_play),
    Kind("trick", "Who wins this trick?", play.answer_trick),
    Kind("score", "What does this hand score?", scoring.answer_score),
    Kind("exchange", "How is a short stock shared?", exchange.answer_exchange),
    Kind("hand", "Referee a whole hand, action by action.", hand.answer_hand),
    Kind("analyse", "What does best play give from here? Each legal card, double dummy or from one "
                    "player's view.", analysis.answer_analyse),
    Kind("dispute", "Rule on an irregularity by the club code.", answer_dispute),
    Kind("pack", "Is this pack correct, and what follows if not?", pack.answer_pack),
    Kind("record", "What does a record of the tricks prove (revokes, leads out of turn)?", record.answer_record),
    Kind("pool", "Pool écarté for three: who plays next, who sits out, who has won.", pool.answer_pool),
    Kind("advice", "Propose or play? Accept or refuse? (the jeux de règle)", advice.answer_advice),
)}
