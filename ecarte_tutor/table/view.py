"""What one player sees at the table: his own cards and everything public, never the other's hand.

A player of the table (the tutor, or a bot standing in for the learner in self-play) decides from
a :class:`SeatView`. It holds the seat's own cards, the turn-up, the public course of the hand
(proposals, how many cards each side exchanged, the tricks) and the score. The analysis it may
ask for is the ``analyse`` kind with ``view`` set to its own seat: the engine then averages over
the holdings consistent with what that seat knows. The full deal travels inside that question,
because the kind replays the hand from it, but no decision reads it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..asking import ask
from ..cards import Card
from ..fields import other
from ..rulebook import Params, RuleBook


class TableDefect(RuntimeError):
    """The engine refused a question the table made: a defect of the table, never the player's doing."""


def asked(question: dict, book: RuleBook) -> dict:
    """``ask(question)``, raising :class:`TableDefect` on an error answer."""
    answer = ask(question, book)
    if "error" in answer:
        raise TableDefect(f"the {question.get('kind')} question failed: {answer['error']['message']}")
    return answer


@dataclass
class SeatView:
    """One seat's knowledge of the hand in progress."""

    seat: str
    player: str  # learner | tutor
    hand: tuple  # his own cards now
    turn_up: Card
    public: dict  # the referee's state of the hand, without the other's cards
    score: dict  # by seat, as it stands now (kings marked in this hand included)
    params: Params
    book: RuleBook
    number: int  # which deal of the game
    _question: dict = field(repr=False, default_factory=dict)  # deal, actions, profile: for the engine only
    cache: dict = field(repr=False, default_factory=dict)  # what a player worked out for this decision

    @property
    def trump(self):
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

    def ask(self, question: dict) -> dict:
        """A question of this game (profile and agreements added)."""
        return asked({**question, **_settings_fields(self._question)}, self.book)

    def analyse(self) -> dict:
        """The ``analyse`` kind from this seat's view: only what this seat knows is used."""
        return self.ask({"kind": "analyse", "deal": self._question["deal"], "actions": self._question["actions"],
                         "view": self.seat})

    def advice(self) -> dict:
        """The jeux de règle for this seat's five cards."""
        return self.ask({"kind": "advice", "trump": self.trump.letter, "hand": [c.notation for c in self.hand],
                         "seat": self.seat})


def _settings_fields(question: dict) -> dict:
    return {name: question[name] for name in ("profile", "agreements") if name in question}
