"""What the site and the commands see of the store: learners, their progress, their games.

Both implementations (:class:`~.sql.SqlStore` on SQLite or PostgreSQL, :class:`~.memory.MemoryStore`
for unit tests of callers) follow :class:`Store`. A change to a learner's progress is a function
``Progress -> Progress`` (``ecarte_tutor.lessons.progress``): the store runs it in one transaction
on the progress as it stands, with the learner locked, and keeps what it returns, or nothing if it
raises. Two requests changing one learner at once are run one after the other, never interleaved.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from ..lessons.progress import Progress

Change = Callable[[Progress], Progress]

# Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand survives it.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 20  # 100 bits: no one guesses another learner's code
FOLLOW_BYTES = 16  # a sheet's follow code: 128 bits, 22 characters, never guessed
READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})

# What one learner may have kept, so that no one (a stranger with a script included) fills the store through
# one learner. The course and the rule book bound steps and reviews far below these; a game is about 1 kB.
MAX_GAMES = 200  # the latest kept; each new one puts the oldest out
MAX_REVIEWS = 2_000  # rules under review
MAX_STEPS = 5_000  # lesson steps with a record
MAX_SHEETS = 100  # score sheets (/marque): a new one past these is refused, in words (issue 40)


class StoreError(Exception):
    """The store could not do what was asked; the message says why, in words."""


class StoreUnavailable(StoreError):
    """The database cannot be reached or refused the work (nothing was changed)."""


class UnknownLearner(StoreError, LookupError):
    """No learner has this key (never made, or erased)."""


class LearnerFull(StoreError):
    """This change would keep more for the learner than a learner may have (``what``: "reviews" or "steps")."""

    def __init__(self, what: str, limit: int):
        super().__init__(f"a learner keeps at most {limit} {what}")
        self.what, self.limit = what, limit


def bounded(progress: Progress) -> Progress:
    """``progress`` when it is within a learner's bounds; :class:`LearnerFull` when not (nothing is kept)."""
    if len(progress.reviews) > MAX_REVIEWS:
        raise LearnerFull("reviews", MAX_REVIEWS)
    if sum(len(lesson.steps) for lesson in progress.lessons.values()) > MAX_STEPS:
        raise LearnerFull("steps", MAX_STEPS)
    return progress


@dataclass(frozen=True)
class Learner:
    """A learner: ``key`` (what the signed cookie carries); ``has_code``: a resume code was made for him.

    The code itself is never kept, only its keyed hash (:func:`code_hash`): it is shown once, when made."""

    key: str
    created_at: datetime
    has_code: bool = False


@dataclass(frozen=True)
class FinishedGame:
    """A game of the practice table, finished: its record (it replays the game) and what its review said."""

    digest: str  # of the record: the same game is kept once
    record: dict[str, Any]
    review: dict[str, Any]
    learner_score: int
    tutor_score: int
    mistakes: int
    winner: str | None


@dataclass(frozen=True)
class KeptGame(FinishedGame):
    """A finished game as the store keeps it: its number among the store's games, and when it was kept."""

    id: int = 0
    created_at: datetime = field(default_factory=lambda: datetime.min)


MAX_UNFINISHED = 10  # unfinished games kept for a learner: keeping one more lets the longest untouched go


@dataclass(frozen=True)
class UnfinishedGame:
    """A game of the practice table left unfinished, as it last stood: its record replays it to that move."""

    game_key: str  # what tells this game from the learner's others whatever its moves (its settings' digest)
    record: dict[str, Any]
    deal: int  # the deal in progress (1 for the first)
    learner_score: int
    tutor_score: int


@dataclass(frozen=True)
class KeptUnfinished(UnfinishedGame):
    """An unfinished game as the store keeps it: its number, when it was begun and last played."""

    id: int = 0
    created_at: datetime = field(default_factory=lambda: datetime.min)
    updated_at: datetime = field(default_factory=lambda: datetime.min)


@dataclass(frozen=True)
class KeptSheet:
    """A score sheet of a real game (``ecarte_tutor.marque``), as the store keeps it under its learner.

    ``follow``: the code of its read-only link, which lets the other player follow it without the resume code.
    """

    id: int
    follow: str
    data: dict[str, Any]
    created_at: datetime
    updated_at: datetime


SheetChange = Callable[[dict[str, Any]], dict[str, Any]]


class UnknownSheet(StoreError, LookupError):
    """The learner has no sheet of this number."""


@dataclass(frozen=True)
class Status:
    """``ecarte-tutor db status``: where the store is, the migration it is at, the latest there is."""

    url: str  # without any password
    current: str | None
    head: str
    learners: int | None  # None: the tables are not there yet

    @property
    def up_to_date(self) -> bool:
        return self.current == self.head


class Store(Protocol):
    """The store's interface (see the module's docstring)."""

    def new_learner(self, progress: Progress | None = None, key: str | None = None) -> Learner:
        """A new learner, with a fresh key (or ``key``: then the learner who has it already, if any), no resume
        code yet, and ``progress`` (say from an older cookie)."""
        ...

    def learner(self, key: str) -> Learner | None: ...

    def new_resume_code(self, key: str) -> str:
        """Draw a resume code for the learner and keep its hash only (the one before stops working); the code,
        to be shown once. UnknownLearner."""
        ...

    def by_resume_code(self, code: str) -> Learner | None:
        """The learner whose resume code this is, typed in any case, with or without dashes."""
        ...

    def progress(self, key: str) -> Progress:
        """The learner's progress (empty for an unknown key)."""
        ...

    def change(self, key: str, change: Change) -> Progress:
        """Run ``change`` on the learner's progress in one transaction and keep its result; UnknownLearner."""
        ...

    def keep_game(self, key: str, game: FinishedGame, change: Change) -> bool:
        """Keep a finished game and run ``change`` (its mistakes to review) with it, once: False when kept before.
        The latest :data:`MAX_GAMES` are kept, the oldest beyond them put out."""
        ...

    def games(self, key: str, limit: int | None = None, before_id: int | None = None) -> list[KeptGame]:
        """The learner's games, the latest first (``limit`` of them, those older than game ``before_id``)."""
        ...

    def game_count(self, key: str) -> int: ...

    def each_game(self, key: str, batch: int = 20) -> Iterator[KeptGame]:
        """The learner's games, the latest first, read a batch at a time (constant memory)."""
        ...

    def game(self, key: str, game_id: int) -> KeptGame | None: ...

    def keep_unfinished(self, key: str, game: UnfinishedGame) -> None:
        """Keep the game as it now stands, over what was kept of it (its ``game_key``); beyond
        :data:`MAX_UNFINISHED`, the one left longest untouched goes. UnknownLearner."""
        ...

    def unfinished(self, key: str) -> list[KeptUnfinished]:
        """The learner's unfinished games, the latest played first."""
        ...

    def close_unfinished(self, key: str, game_id: int | None = None, game_key: str | None = None) -> bool:
        """Forget one unfinished game (by its number, or by its ``game_key``: it has just finished); False when
        the learner has no such game."""
        ...

    def erase(self, key: str) -> bool:
        """Delete the learner and everything of his; False when there was no such learner."""
        ...

    def new_sheet(self, key: str, data: dict[str, Any]) -> KeptSheet:
        """Keep a new score sheet for the learner, with a fresh follow code; UnknownLearner."""
        ...

    def sheets(self, key: str) -> list[KeptSheet]:
        """The learner's score sheets, the latest changed first."""
        ...

    def sheet(self, key: str, sheet_id: int) -> KeptSheet | None: ...

    def followed_sheet(self, follow: str) -> KeptSheet | None:
        """The sheet whose follow code this is (read-only, for the other player's phone)."""
        ...

    def change_sheet(self, key: str, sheet_id: int, change: SheetChange) -> KeptSheet:
        """Run ``change`` on the sheet in one transaction, the learner locked, and keep its result;
        UnknownLearner, UnknownSheet; nothing is kept if ``change`` raises."""
        ...

    def expire(self, before: datetime, batch: int = 500) -> int:
        """Remove the learners whose progress last changed before ``before``; how many."""
        ...

    def upgrade(self) -> tuple[str | None, str]:
        """Apply the migrations not yet applied (under a lock); the revision before and after."""
        ...

    def status(self) -> Status: ...

    def close(self) -> None:
        """Give back this process's connections."""
        ...

    def rehearse(self) -> None:
        """Ready this thread for a learner's answer before one comes (its connection made, its statements
        compiled), keeping nothing; :class:`StoreUnavailable` when the store cannot be reached."""
        ...


def new_key() -> str:
    return secrets.token_hex(16)


def new_follow_code() -> str:
    return secrets.token_urlsafe(FOLLOW_BYTES)


def draw_resume_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_hash(code_key: bytes | None, code: str) -> str:
    """What the store keeps of a canonical resume code: its HMAC-SHA256 under ``code_key``, so a copy of the
    database alone (a backup, a leaked file) carries no code that works, nor a way to test guesses offline."""
    if not code_key:
        raise StoreError("the store was opened without the key that hashes resume codes (open_store's code_key)")
    return hmac.new(code_key, code.encode("ascii"), hashlib.sha256).hexdigest()


def normal_code(text: str) -> str | None:
    """A resume code as typed, made canonical (None when it cannot be one)."""
    code = "".join(text.split()).replace("-", "").upper().translate(READ_AS)
    return code if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code) else None


def shown_code(code: str) -> str:
    """A resume code in groups of four: ``K7QF-2M9X-…``."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))
