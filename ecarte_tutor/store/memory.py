"""The store in a dict, for unit tests of its callers (and the benchmark's baseline): never for serving.

It follows :class:`~.interface.Store` exactly, one lock around every change; nothing survives
the process. The store's own tests run against real databases (tests/store/).
"""
from __future__ import annotations

import copy
import itertools
import secrets
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from ..lessons.progress import Progress
from .interface import (
    MAX_GAMES,
    MAX_SHEETS,
    MAX_UNFINISHED,
    Change,
    FinishedGame,
    KeptGame,
    KeptSheet,
    KeptUnfinished,
    Learner,
    LearnerFull,
    SheetChange,
    Status,
    UnfinishedGame,
    UnknownLearner,
    UnknownSheet,
    bounded,
    code_hash,
    draw_resume_code,
    new_follow_code,
    new_key,
    normal_code,
)

HEAD = "memory"


class MemoryStore:
    """:class:`~.interface.Store` in memory."""

    url = "memory://"

    def __init__(self, clock: Callable[[], datetime] = lambda: datetime.now(UTC), code_key: bytes | None = None):
        self.clock = clock
        self.code_key = code_key or secrets.token_bytes(32)  # nothing outlives the process: any key will do
        self._lock = threading.Lock()
        self._learners: dict[str, Learner] = {}
        self._hashes: dict[str, str] = {}  # a resume code's hash -> the learner's key
        self._progress: dict[str, Progress] = {}
        self._games: dict[str, list[KeptGame]] = {}
        self._unfinished: dict[str, list[KeptUnfinished]] = {}  # the latest played first
        self._sheets: dict[str, list[KeptSheet]] = {}
        self._ids = itertools.count(1)
        self._changed: dict[str, datetime] = {}

    def new_learner(self, progress: Progress | None = None, key: str | None = None) -> Learner:
        learner = Learner(key or new_key(), self.clock())
        with self._lock:
            if learner.key in self._learners:
                return self._learners[learner.key]
            self._learners[learner.key] = learner
            self._progress[learner.key] = progress or Progress()
            self._games[learner.key] = []
            self._unfinished[learner.key] = []
            self._changed[learner.key] = learner.created_at
        return learner

    def learner(self, key: str) -> Learner | None:
        return self._learners.get(key)

    def new_resume_code(self, key: str) -> str:
        code = draw_resume_code()
        with self._lock:
            if key not in self._learners:
                raise UnknownLearner(f"no learner has the key {key[:8]}…")
            self._hashes = {hashed: owner for hashed, owner in self._hashes.items() if owner != key}
            self._hashes[code_hash(self.code_key, code)] = key
            self._learners[key] = Learner(key, self._learners[key].created_at, has_code=True)
        return code

    def by_resume_code(self, code: str) -> Learner | None:
        canonical = normal_code(code)
        key = self._hashes.get(code_hash(self.code_key, canonical)) if canonical else None
        return self._learners.get(key) if key else None

    def progress(self, key: str) -> Progress:
        return self._progress.get(key, Progress())

    def change(self, key: str, change: Change) -> Progress:
        with self._lock:
            if key not in self._progress:
                raise UnknownLearner(f"no learner has the key {key[:8]}…")
            after = change(self._progress[key])
            if after != self._progress[key]:
                self._progress[key] = bounded(after)
                self._changed[key] = self.clock()
        return after

    def keep_game(self, key: str, game: FinishedGame, change: Change) -> bool:
        with self._lock:
            if key not in self._progress:
                raise UnknownLearner(f"no learner has the key {key[:8]}…")
            if any(kept.digest == game.digest for kept in self._games[key]):
                return False
            after = bounded(change(self._progress[key]))
            kept = KeptGame(**{name: getattr(game, name) for name in game.__dataclass_fields__},
                            id=next(self._ids), created_at=self.clock())
            self._games[key].insert(0, kept)
            del self._games[key][MAX_GAMES:]
            self._progress[key] = after
            self._changed[key] = self.clock()
        return True

    def games(self, key: str, limit: int | None = None, before_id: int | None = None) -> list[KeptGame]:
        found = [game for game in self._games.get(key, []) if before_id is None or game.id < before_id]
        return found[:limit]

    def game_count(self, key: str) -> int:
        return len(self._games.get(key, []))

    def each_game(self, key: str, batch: int = 20) -> Iterator[KeptGame]:
        yield from self.games(key)

    def game(self, key: str, game_id: int) -> KeptGame | None:
        return next((game for game in self._games.get(key, []) if game.id == game_id), None)

    def keep_unfinished(self, key: str, game: UnfinishedGame) -> None:
        with self._lock:
            if key not in self._progress:
                raise UnknownLearner(f"no learner has the key {key[:8]}…")
            now = self.clock()
            kept = self._unfinished[key]
            before = next((g for g in kept if g.game_key == game.game_key), None)
            fields = {name: getattr(game, name) for name in game.__dataclass_fields__}
            row = KeptUnfinished(**fields, id=before.id if before else next(self._ids),
                                 created_at=before.created_at if before else now, updated_at=now)
            self._unfinished[key] = [row, *(g for g in kept if g is not before)][:MAX_UNFINISHED]

    def unfinished(self, key: str) -> list[KeptUnfinished]:
        return list(self._unfinished.get(key, []))

    def close_unfinished(self, key: str, game_id: int | None = None, game_key: str | None = None) -> bool:
        if game_id is None and game_key is None:
            return False
        with self._lock:
            kept = self._unfinished.get(key, [])
            left = [g for g in kept if not ((game_id is None or g.id == game_id)
                                            and (game_key is None or g.game_key == game_key))]
            if key in self._unfinished:
                self._unfinished[key] = left
            return len(left) < len(kept)

    def erase(self, key: str) -> bool:
        with self._lock:
            self._progress.pop(key, None)
            self._games.pop(key, None)
            self._unfinished.pop(key, None)
            self._sheets.pop(key, None)
            self._changed.pop(key, None)
            self._hashes = {hashed: owner for hashed, owner in self._hashes.items() if owner != key}
            return self._learners.pop(key, None) is not None

    def expire(self, before: datetime, batch: int = 500) -> int:
        gone = [key for key, moment in self._changed.items() if moment < before]
        for key in gone:
            self.erase(key)
        return len(gone)

    def new_sheet(self, key: str, data: dict[str, Any]) -> KeptSheet:
        with self._lock:
            if key not in self._progress:
                raise UnknownLearner(f"no learner has the key {key[:8]}…")
            if len(self._sheets.get(key, [])) >= MAX_SHEETS:
                raise LearnerFull("score sheets", MAX_SHEETS)
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

    def rehearse(self) -> None:
        """Nothing to ready."""


__all__ = ["MemoryStore"]
