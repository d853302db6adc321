"""The kinds of exercise, one object each (:class:`~.base.ExerciseKind`), by the name lessons use.

Adding a kind: a module with its class (an ``ExerciseKind`` over the TypedDicts of its position,
the engine's answer and its response form), an entry here, its ``kind`` in
``schemas/lesson.schema.json``, and ``templates/lessons/kinds/<name>.html``.
"""
from __future__ import annotations

from .base import AnyKind, ExerciseKind, KindError
from .best_card import BestCard
from .best_exchange import BestExchange
from .dispute import CHOOSER_CHOICES, Dispute
from .exchange import Exchange
from .hand_score import HandScore
from .legal_cards import LegalCards
from .pool import Pool
from .propose_or_play import ProposeOrPlay
from .rank_order import RankOrder
from .score import Score
from .trick_winner import TrickWinner

# name -> kind of exercise, by the name lessons use (the kinds of question are engine.kinds.KINDS)
EXERCISE_KINDS: dict[str, AnyKind] = {kind.name: kind for kind in (
    LegalCards(), TrickWinner(), RankOrder(), Score(), Exchange(), Dispute(), ProposeOrPlay(), Pool(), HandScore(),
    BestCard(), BestExchange())}

__all__ = ["CHOOSER_CHOICES", "EXERCISE_KINDS", "ExerciseKind", "KindError"]
