"""What a drill may read and do of the game it is played in: the public face :class:`~.game.Game` shows its
drills (:class:`DrillTable`), and the calls of the referee they leave in it.

The drills (:mod:`.drills`) and their course through a game (:mod:`.incidents`) are written against this
interface and never against the game itself, so the game can use them without the two importing each
other.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, Protocol, TypedDict

from ..cards import Card
from ..engine.deal import Deal
from ..engine.disputes.answers import Ruling, RulingOption
from ..engine.hand import NextAction, WrittenAction
from ..jsontypes import Answer
from ..rulebook import Params, RuleBook
from .deals import HandPlay, Incident, ScoredHand, SheetEntry
from .incident_codes import IncidentCode
from .players import Chosen
from .settings import Settings


class GradedFact(TypedDict):
    """One answer of the learner's interview, against what really happened."""

    fact: str
    question: str
    answered: str
    right: bool | None  # None: a fact the situation does not turn on
    truth: str | None  # None: idem


class Report(TypedDict):
    """The learner's call of the referee, graded (``incidents.assess``), and the option carried out."""

    irregular: bool
    code: NotRequired[str]  # the drill's, when something irregular happened
    law: NotRequired[int]
    what: NotRequired[str]
    facts: list[GradedFact]
    learner_ruling: Answer  # the interview's answer to his facts: a ruling, its next question, or an error
    ruling: Ruling | None  # the ruling on what really happened
    right_ruling: bool
    chooser: str | None  # learner | tutor, when the law leaves the choice of the remedy to a player
    options: list[RulingOption]
    text: str
    option: NotRequired[str | None]


class Call(TypedDict):
    """A call of the referee, or an irregularity of the tutor's let pass (``called`` false)."""

    deal: int
    code: IncidentCode | None  # the drill's; None: a call when nothing irregular had happened
    law: NotRequired[int]
    called: bool
    report: NotRequired[Report]
    option: NotRequired[str]
    lawful: NotRequired[str]  # let pass: the option of the ruling that going on amounts to, the learner's to choose


class DrillTable(Protocol):
    """The game as its drills see it."""

    settings: Settings
    book: RuleBook
    params: Params
    scores: dict[str, int]  # by player
    hands: list[HandPlay]
    sheet: list[SheetEntry]
    moves: list[str]  # the record's words
    open: Incident | None  # an irregularity of the tutor's, not yet called or let pass
    calls: list[Call]

    @property
    def current(self) -> HandPlay: ...

    @property
    def over(self) -> bool: ...

    def restart_hand(self, hp: HandPlay, actions: Sequence[WrittenAction], by: Sequence[str],
                     cards: Deal | None = None, irregular: frozenset[int] = frozenset()) -> None:
        """Play ``hp`` again from its deal (or ``cards``) with only ``actions``: a ruling took something back."""

    def set_aside(self, hp: HandPlay, how: str) -> HandPlay:
        """A ruling sets the deal aside (``fresh-deal``, ``replay-hand``); returns the deal that replaces it."""

    def tutor_plays(self, card: Card, refereed: bool = True) -> None:
        """The tutor plays ``card`` for its drill, the drill writing the record's word itself; not
        ``refereed``: put on the trick without the referee (a revoke nobody watches)."""

    def tutor_choice(self, seat: str, choices: list[NextAction]) -> Chosen:
        """What the tutor would choose among ``choices``."""

    def end_hand(self, answer: ScoredHand) -> None:
        """The current hand ends with a ruling's score (a hand given up)."""

    def note_incident(self, player: str, code: str, said: str) -> None:
        """A line of the game's story about drill ``code``: what ``player`` does or is shown."""

    def note_call(self, option: str, code: str) -> None:
        """A line of the game's story: the learner called the referee and ``option`` was carried out."""

    def changed(self) -> None:
        """The table changed: the learner's next decision is to be worked out again."""
