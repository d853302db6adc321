"""The answers of the engine's kinds as the table reads them, named for the type checker.

``ask()`` answers every kind with a JSON object (:data:`ecarte_tutor.jsontypes.Answer`); each kind
gives it the shape docs/api.md describes. These are the parts of those shapes the table reads,
built from the engine's own types where it has them (a hand's ``score`` is a ``score`` answer, a
refusal the ``hand`` kind's ``first_illegal``). :func:`ecarte_tutor.table.view.asked` takes one of
them to say which answer it expects.
"""
from __future__ import annotations

from typing import NotRequired, TypedDict

from ..engine.analysis import Figures
from ..engine.citing import Citing
from ..engine.hand import FirstIllegal
from ..engine.record import Proven
from ..engine.scoring import Scored
from ..engine.stakes import Consequence


class HandAnswer(TypedDict):
    """The ``hand`` kind's answer; the table keeps a ruling's score of a hand in the same shape
    (``legal`` false, and the score alone)."""

    legal: bool
    first_illegal: NotRequired[FirstIllegal | None]
    score: NotRequired[Scored]  # once the hand is over
    explanation: NotRequired[str]


class Explained(Citing):
    """An answer that cites its rules and laws and says why (the ``play`` kind's, among others)."""

    explanation: str


class AdviceAnswer(Explained):
    """The ``advice`` kind's answer: ``play`` or ``propose`` (the elder), ``accept`` or ``refuse`` (the dealer),
    at ``proposal_number``, with what each choice stakes (``consequences``)."""

    advice: str
    proposal_number: int
    consequences: list[Consequence]


class CardTricks(TypedDict):
    """A legal card and the tricks it secures with best play, every card known."""

    card: str
    tricks: int


class DoubleDummy(Explained):
    """The ``analyse`` kind's answer with every card known."""

    to_act: str
    cards: list[CardTricks]
    best: list[str]
    point: bool
    vole: bool


class CardFigures(Figures):
    """A legal card and what it gives over the holdings the seat cannot tell apart."""

    card: str


class Viewed(Explained):
    """The ``analyse`` kind's answer from one seat's view (``view``)."""

    to_act: str
    view: str
    cards: list[CardFigures]  # the cards of the seat to act, when it is the viewer's
    best: list[str]
    point: bool
    vole: bool
    expected_tricks: float
    p_point: float  # of the seat to act


class RecordAnswer(Explained):
    """The ``record`` kind's answer: the faults a record of the tricks proves."""

    proven: list[Proven]
