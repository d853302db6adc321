"""Reading a typed line at a terminal, for the lessons and the practice table alike (and their scripts)."""
from __future__ import annotations

QUIT_WORDS = ("quit", "q", "exit")


class Leave(Exception):
    """The person typed 'quit' (or 'q', 'exit'), or the input ended."""


def read_line(stdin, stdout) -> str:
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
