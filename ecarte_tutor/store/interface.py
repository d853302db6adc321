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
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from ..lessons.progress import Progress

Change = Callable[[Progress], Progress]

# Crockford's base 32: no I, L, O or U, so a code read aloud or copied by hand survives it.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 20  # 100 bits: no one guesses another learner's code
READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


class StoreError(Exception):
    """The store could not do what was asked; the message says why, in words."""


class StoreUnavailable(StoreError):
    """The database cannot be reached or refused the work (nothing was changed)."""


class UnknownLearner(StoreError, LookupError):
    """No learner has this key (never made, or erased)."""


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
        """Keep a finished game and run ``change`` (its mistakes to review) with it, once: False when kept before."""
        ...

    def games(self, key: str) -> list[KeptGame]:
        """The learner's games, the latest first."""
        ...

    def game(self, key: str, game_id: int) -> KeptGame | None: ...

    def erase(self, key: str) -> bool:
        """Delete the learner and everything of his; False when there was no such learner."""
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


def draw_resume_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


HASH_LENGTH = 64  # hex digits of a keyed hash of a resume code (HMAC-SHA256)


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
