"""The store in a dict, for unit tests of its callers (and the benchmark's baseline): never for serving.

It follows :class:`~.interface.Store` exactly, one lock around every change; nothing survives
the process. The store's own tests run against real databases (tests/store/).
"""
from __future__ import annotations

import copy
import itertools
import threading
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from ..lessons.progress import Progress
from .interface import (
    Change,
    FinishedGame,
    KeptGame,
    KeptSheet,
    Learner,
    SheetChange,
    Status,
    UnknownLearner,
    UnknownSheet,
    new_follow_code,
    new_key,
    new_resume_code,
    normal_code,
)

HEAD = "memory"


class MemoryStore:
    """:class:`~.interface.Store` in memory."""

    url = "memory://"

    def __init__(self, clock: Callable[[], datetime] = lambda: datetime.now(UTC)):
        self.clock = clock
        self._lock = threading.Lock()
        self._learners: dict[str, Learner] = {}
        self._progress: dict[str, Progress] = {}
        self._games: dict[str, list[KeptGame]] = {}
        self._sheets: dict[str, list[KeptSheet]] = {}
        self._ids = itertools.count(1)

    def new_learner(self, progress: Progress | None = None) -> Learner:
        learner = Learner(new_key(), new_resume_code(), self.clock())
        with self._lock:
            self._learners[learner.key] = learner
            self._progress[learner.key] = progress or Progress()
            self._games[learner.key] = []
        return learner

    def learner(self, key: str) -> Learner | None:
        return self._learners.get(key)

    def by_resume_code(self, code: str) -> Learner | None:
        canonical = normal_code(code)
        return next((learner for learner in self._learners.values() if learner.resume_code == canonical), None)

    def progress(self, key: str) -> Progress:
        return self._progress.get(key, Progress())

    def change(self, key: str, change: Change) -> Progress:
        with self._lock:
            if key not in self._progress:
                raise UnknownLearner(f"no learner has the key {key[:8]}…")
            self._progress[key] = after = change(self._progress[key])
        return after

    def keep_game(self, key: str, game: FinishedGame, change: Change) -> bool:
        with self._lock:
            if key not in self._progress:
                raise UnknownLearner(f"no learner has the key {key[:8]}…")
            if any(kept.digest == game.digest for kept in self._games[key]):
                return False
            after = change(self._progress[key])
            kept = KeptGame(**{name: getattr(game, name) for name in game.__dataclass_fields__},
                            id=next(self._ids), created_at=self.clock())
            self._games[key].insert(0, kept)
            self._progress[key] = after
        return True

    def games(self, key: str) -> list[KeptGame]:
        return list(self._games.get(key, []))

    def game(self, key: str, game_id: int) -> KeptGame | None:
        return next((game for game in self._games.get(key, []) if game.id == game_id), None)

    def erase(self, key: str) -> bool:
        with self._lock:
            self._progress.pop(key, None)
            self._games.pop(key, None)
            self._sheets.pop(key, None)
            return self._learners.pop(key, None) is not None

    def new_sheet(self, key: str, data: dict[str, Any]) -> KeptSheet:
        with self._lock:
            if key not in self._progress:
                raise UnknownLearner(f"no learner has the key {key[:8]}…")
            now = self.clock()
            kept = KeptSheet(next(self._ids), new_follow_code(), copy.deepcopy(data), now, now)
            self._sheets.setdefault(key, []).append(kept)
        return kept

    def sheets(self, key: str) -> list[KeptSheet]:
        return sorted(self._sheets.get(key, []), key=lambda s: (s.updated_at, s.id), reverse=True)

    def sheet(self, key: str, sheet_id: int) -> KeptSheet | None:
        return next((s for s in self._sheets.get(key, []) if s.id == sheet_id), None)

    def followed_sheet(self, follow: str) -> KeptSheet | None:
        return next((s for kept in self._sheets.values() for s in kept if s.follow == follow), None)

    def change_sheet(self, key: str, sheet_id: int, change: SheetChange) -> KeptSheet:
        with self._lock:
            if key not in self._progress:
                raise UnknownLearner(f"no learner has the key {key[:8]}…")
            kept = self._sheets.get(key, [])
            found = next((i for i, s in enumerate(kept) if s.id == sheet_id), None)
            if found is None:
                raise UnknownSheet(f"no sheet {sheet_id} for this learner")
            after = replace(kept[found], data=change(copy.deepcopy(kept[found].data)), updated_at=self.clock())
            kept[found] = after
        return after

    def upgrade(self) -> tuple[str | None, str]:
        return HEAD, HEAD

    def status(self) -> Status:
        return Status(self.url, HEAD, HEAD, len(self._learners))

    def close(self) -> None:
        """Nothing to close."""


__all__ = ["MemoryStore"]
