"""The course's data kept beside a rule book (``rules/course/``), each file read once per process.

The glossary, the mistake catalogue and the quick reference are read the first time a page or a
lesson needs them and then kept, like the rule book itself: their contents never change while the
process runs. A rule book without the file gets the empty value.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TypeVar, cast

from ..rulebook import RuleBook

T = TypeVar("T")
_kept: dict[Hashable, object] = {}
_lock = threading.Lock()


def once(book: RuleBook, relative: Path, load: Callable[[Path], T], empty: T, *key: Hashable) -> T:
    """What ``load(path)`` gives for the file at ``relative`` beside ``book`` (``empty`` when there is
    none), loaded once for each path and ``key``."""
    path = Path(book.root) / relative
    ident = (path, *key)
    if ident not in _kept:
        with _lock:
            if ident not in _kept:
                _kept[ident] = load(path) if path.is_file() else empty
    return cast(T, _kept[ident])  # stored above from load() or empty, of type T
