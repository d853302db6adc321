"""Reading a typed line at a terminal, for the lessons and the practice table alike (and their scripts)."""
from __future__ import annotations

from typing import Protocol

# Not "q": a card player types Q for a queen, and a lesson or a game left by mistake is lost work.
QUIT_WORDS = ("quit", "exit")


class Leave(Exception):
    """The person typed 'quit' (or 'exit'), or the input ended."""


class LineInput(Protocol):
    """Where typed lines come from: ``sys.stdin``, or a script's ``io.StringIO``."""

    def readline(self) -> str: ...


class Output(Protocol):
    """Where prompts go: ``sys.stdout``, or a script's ``io.StringIO``."""

    def write(self, text: str, /) -> object: ...

    def flush(self) -> object: ...


def read_line(stdin: LineInput, stdout: Output) -> str:
    """One line after a ``> `` prompt, stripped; :class:`Leave` on a quit word or the end of the input."""
    stdout.write("> ")
    stdout.flush()
    line = stdin.readline()
    if not line:
        stdout.write("\n")
        raise Leave
    text = line.strip()
    if text.lower() in QUIT_WORDS:
        raise Leave
    return text
