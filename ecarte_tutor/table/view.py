"""What one player sees at the table: his own cards and everything public, never the other's hand.

A player of the table (the tutor, or a bot standing in for the learner in self-play) decides from
a :class:`SeatView`. It holds the seat's own cards, the turn-up, the public course of the hand
(proposals, how many cards each side exchanged, the tricks) and the score. The analysis it may
ask for is the ``analyse`` kind with ``view`` set to its own seat: the engine then averages over
the holdings consistent with what that seat knows. The full deal travels inside that question,
because the kind replays the hand from it, but no decision reads it: tests/table/test_fair_tutor.py
checks that every level decides alike in two worlds that differ only in what its seat cannot see.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypedDict, TypeVar, cast

from ..asking import ask
from ..cards import Card, Suit
from ..engine import analysis, holdings, play, stakes
from ..engine.advice import AdviceJson
from ..engine.analysis import ViewedJson
from ..engine.hand import ShownState
from ..fields import other
from ..i18n import DEFAULT_LANG, current
from ..jsontypes import Question
from ..rulebook import Params, RuleBook

A = TypeVar("A", bound=Mapping[str, object])


class TableDefect(RuntimeError):
    """The engine refused a question the table made: a defect of the table, never the player's doing."""


def asked(question: Question, book: RuleBook, shape: type[A]) -> A:
    """``ask(question)``, raising :class:`TableDefect` on an error answer; ``shape`` names the answer the
    question's kind gives (its TypedDict, beside the kind's handler: ``engine.advice.AdviceJson``...), for the type
    checker: nothing is checked at run time."""
    lang = current()
    if lang != DEFAULT_LANG and "lang" not in question:  # the answer's words in the language being spoken
        question = {**question, "lang": lang}
    answer = ask(question, book)
    error = answer.get("error")
    if isinstance(error, dict):  # ask()'s error object: code, message, field
        raise TableDefect(f"the {question.get('kind')} question failed: {error['message']}")
    return cast(A, answer)  # the kind's answer, in the shape docs/api.md gives it


class SeenDiscard(TypedDict):
    """A discard as the table sees it: by whom, and how many cards."""

    by: str
    count: int


@dataclass
class SeatView:
    """One seat's knowledge of the hand in progress."""

    seat: str
    player: str  # learner | tutor
    hand: tuple[Card, ...]  # his own cards now
    turn_up: Card
    public: ShownState  # the referee's state of the hand, with his own cards only (``hands``)
    discards: list[SeenDiscard]  # how many cards each discard changed (which cards, only their owner knows)
    score: dict[str, int]  # by seat, as it stands now (kings marked in this hand included)
    params: Params
    book: RuleBook
    number: int  # which deal of the game
    _question: Question = field(repr=False, default_factory=dict)  # deal, actions, profile: for the engine only
    cache: dict[str, ViewedJson] = field(repr=False, default_factory=dict)  # the analysis worked out for this decision
    _known: holdings.Knowledge | None = field(repr=False, default=None)  # what it knows of the other hand

    @property
    def trump(self) -> Suit:
        return self.turn_up.suit

    @property
    def phase(self) -> str:
        return self.public["phase"]

    @property
    def other(self) -> str:
        return other(self.seat)

    @property
    def led(self) -> Card | None:
        """The card led to the trick in progress, when the other led it."""
        current = self.public["current_trick"]
        return Card.from_str(current[0]["card"]) if current else None

    def ask(self, question: Question, shape: type[A]) -> A:
        """A question of this game (profile and agreements added), whose answer has ``shape``."""
        return asked({**question, **_settings_fields(self._question)}, self.book, shape)

    def analyse(self) -> ViewedJson:
        """The ``analyse`` kind from this seat's view: only what this seat knows is used."""
        return self.ask({**self.analyse_question(), "view": self.seat}, ViewedJson)

    def analyse_question(self) -> Question:
        """The position as an ``analyse`` question, without a view (profile and agreements in)."""
        return {"kind": "analyse", "deal": self._question["deal"], "actions": self._question["actions"],
                **_settings_fields(self._question)}

    @property
    def proposal_number(self) -> int:
        """Which proposal of the hand an exchange decision now is about (1: the first)."""
        return stakes.proposal_at(self.phase, self.public["proposals"])

    def advice(self) -> AdviceJson:
        """The jeux de règle for this seat's five cards, at this proposal."""
        return self.ask({"kind": "advice", "trump": self.trump.letter, "hand": [c.notation for c in self.hand],
                         "seat": self.seat, "proposal_number": self.proposal_number}, AdviceJson)

    def knowledge(self) -> holdings.Knowledge:
        """What this seat knows of the other hand in play: the unseen cards it may hold (its own cards
        held, the turn-up and the cards played are known; the play rules some out)."""
        if self._known is None:
            position = analysis.read_position(self._question, self.params)
            self._known = holdings.knowledge(position.state, self.seat, position.held[self.seat], self.params)
        return self._known

    def could_beat(self, card: Card) -> list[Card]:
        """The cards the other hand may hold, for all this seat knows, that would beat ``card`` led."""
        known = self.knowledge()
        return [c for c in (*known.required, *known.candidates) if play.beats(c, card, self.trump, self.params)]


def in_hand_order(cards: Iterable[Card], trump: Suit, params: Params) -> list[Card]:
    """Cards as a player sorts his hand: trumps first, then the other suits (S H D C), each suit highest
    first in the game's rank order (the profile's, or the ace-high agreement's)."""
    return sorted(params.ranking.sort(cards), key=lambda card: card.suit is not trump)  # stable: keeps the rest


def _settings_fields(question: Question) -> Question:
    return {name: question[name] for name in ("profile", "agreements") if name in question}
