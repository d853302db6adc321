"""What the site and the commands see of the store: learners, their progress, their games.

Both implementations (:class:`~.sql.SqlStore` on SQLite or PostgreSQL, :class:`~.memory.MemoryStore`
for unit tests of callers) follow :class:`Store`. A change to a learner's progress is a function
``Progress -> Progress`` (``ecarte_tutor.lessons.progress``): the store runs it in one transaction
on the progress as it stands, with the learner locked, and keeps what it returns, or nothing if it
raises. Two requests changing one learner at once are run one after the other, never interleaved.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable
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


class StoreError(Exception):
    """The store could not do what was asked; the message says why, in words."""


class StoreUnavailable(StoreError):
    """The database cannot be reached or refused the work (nothing was changed)."""


class UnknownLearner(StoreError, LookupError):
    """No learner has this key (never made, or erased)."""


@dataclass(frozen=True)
class Learner:
    """A learner: ``key`` (what the signed cookie carries), ``resume_code`` (carries him to another device)."""

    key: str
    resume_code: str
    created_at: datetime


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

    def new_learner(self, progress: Progress | None = None) -> Learner:
        """A new learner, with fresh key and resume code (and ``progress``, say from an older cookie)."""
        ...

    def learner(self, key: str) -> Learner | None: ...

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
        """Keep a finished game and run ``change`` (its mistakes to review) with it, once: False when kept before."""
        ...

    def games(self, key: str) -> list[KeptGame]:
        """The learner's games, the latest first."""
        ...

    def game(self, key: str, game_id: int) -> KeptGame | None: ...

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

    def upgrade(self) -> tuple[str | None, str]:
        """Apply the migrations not yet applied (under a lock); the revision before and after."""
        ...

    def status(self) -> Status: ...

    def close(self) -> None:
        """Give back this process's connections."""
        ...


def new_key() -> str:
    return secrets.token_hex(16)


def new_follow_code() -> str:
    return secrets.token_urlsafe(FOLLOW_BYTES)


def new_resume_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str | None:
    """A resume code as typed, made canonical (None when it cannot be one)."""
    code = "".join(text.split()).replace("-", "").upper().translate(READ_AS)
    return code if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code) else None


def shown_code(code: str) -> str:
    """A resume code in groups of four: ``K7QF-2M9X-…``."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))
