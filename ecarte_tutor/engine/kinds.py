"""The kinds of question the engine answers (docs/api.md), each with its handler and its schema.

``ask()`` looks a question's ``kind`` up here, checks the question against the kind's JSON
Schema (``ecarte_tutor/schemas/questions/<schema>``) and hands it to the handler; the
OpenAPI document, the command line and the site list the kinds from here too, so a new
kind is added in one place (with its schema, and its section in docs/api.md).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..jsontypes import Outcome, Question
from ..rulebook import Params, RuleBook
from . import advice, analysis, exchange, hand, pack, play, pool, record, scoring
from .disputes import answer_dispute

Handler = Callable[[Question, RuleBook, Params], Outcome]


@dataclass(frozen=True)
class Kind:
    """One kind of question: its name, what it asks in a few words, its handler and its schema file.

    A handler returns a frozen dataclass of its own (``PlayAnswer``, ``RefereedHand``, ``RulingAnswer``...) with
    one ``as_json()``, the answer as docs/api.md gives it, typed by a TypedDict declared beside the handler
    (``ExchangeJson``, ``HandJson``, ``Ruling``...), which is what the lessons and the table read.

    ``schema`` names a file of ``ecarte_tutor/schemas/questions/``; by default ``<name>.schema.json``.
    """

    name: str
    asks: str
    answer: Handler
    schema: str = ""

    def __post_init__(self) -> None:
        if not self.schema:
            object.__setattr__(self, "schema", f"{self.name}.schema.json")


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
