"""Log lines a stranger cannot multiply: a logging filter that lets a few lines of each kind through a minute.

The server logs a line for each client it cuts off (a head too slow, a request it cannot read) and the site
one for each answer the store could not give (503). Each is one request from anyone, so without a bound
anyone could fill the disk the log is written to. Lines of one kind (their first words) pass up to
:data:`BURST` a :data:`WINDOW`; the rest are counted, and the next line of that kind to pass says how many
were left out.
"""
from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable

BURST = 10
WINDOW = 60.0  # seconds
KINDS = 256  # kinds remembered at most (their first words: a bound of its own)
_VARYING = re.compile(r"[\d.:=\[\]]+")


def kind(record: logging.LogRecord) -> str:
    """What makes lines alike: the logger, the level, the message's first words with numbers and
    addresses taken out (gunicorn writes the client's address into its message)."""
    words = _VARYING.sub("#", str(record.msg)).split()[:3]
    return f"{record.name} {record.levelno} {' '.join(words)}"


class RateLimited(logging.Filter):
    """At most ``burst`` lines of a kind per ``window`` seconds."""

    def __init__(self, burst: int = BURST, window: float = WINDOW, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.burst, self.window, self.clock = burst, window, clock
        self._seen: dict[str, list[float]] = {}  # kind -> [start of its window, lines passed, lines left out]

    def filter(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        key = kind(record)
        seen = self._seen.get(key)
        if seen is None or now - seen[0] >= self.window:
            left_out = int(seen[2]) if seen else 0
            if len(self._seen) >= KINDS and key not in self._seen:
                self._seen.pop(next(iter(self._seen)))
            self._seen[key] = [now, 1, 0]
            if left_out:
                record.msg = f"{record.msg} ({left_out} more like it in the last {self.window:.0f} s not logged)"
            return True
        if seen[1] < self.burst:
            seen[1] += 1
            return True
        seen[2] += 1
        return False


__all__ = ["RateLimited"]
