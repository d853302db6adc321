"""The parts of docs/api.md the rule book writes: the table of dispute facts and that of remedy options.

Each stands between two markers in docs/api.md::

    <!-- generated: facts (python3 dev.py docs) -->
    | fact | type | values | what it asks |
    ...
    <!-- end of generated: facts -->

``python3 dev.py docs`` (``python -m ecarte_tutor.apidocs``) writes them anew from
``rules/dispute-facts.yaml``; a test fails while the file differs from what the rule book gives,
so the documentation of a fact or an option cannot drift from the data that defines it.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from . import paths
from .rulebook import RuleBook, default_rulebook


def fact_table(book: RuleBook) -> str:
    """Every dispute fact in the order the interview asks them: its type, its values and its question."""
    lines = ["| fact | type | values | what it asks |", "|---|---|---|---|"]
    for name, fact in book.facts.items():
        kind = fact["type"]
        if kind == "choice":
            values = ", ".join(f"`{choice['value']}`" for choice in fact["choices"])
        elif kind == "boolean":
            values = "true / false"
        else:
            values = f"whole number from {fact.get('min')} to {fact.get('max')}"
        lines.append(f"| `{name}` | {kind} | {values} | {' '.join(fact['question'].split())} |")
    return "\n".join(lines)


def option_table(book: RuleBook) -> str:
    """Every remedy option id with its label."""
    return "\n".join(["| option id | meaning |", "|---|---|",
                      *(f"| `{option}` | {label} |" for option, label in book.option_labels.items())])


TABLES: dict[str, Callable[[RuleBook], str]] = {"facts": fact_table, "options": option_table}


def regenerated(text: str, book: RuleBook) -> str:
    """``text`` with every generated table written anew from ``book`` (a ValueError for a missing marker)."""
    for name, make in TABLES.items():
        pattern = re.compile(rf"(<!-- generated: {name} [^>]*-->\n).*?(\n<!-- end of generated: {name} -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"docs/api.md has no generated table '{name}' (its two markers)")
        table = make(book)
        text = pattern.sub(lambda match: match.group(1) + table + match.group(2), text)  # noqa: B023 - used at once
    return text


def api_doc() -> Path:
    return paths.data_root() / "docs" / "api.md"


def main() -> int:
    path = api_doc()
    before = path.read_text(encoding="utf-8")
    after = regenerated(before, default_rulebook())
    if after != before:
        path.write_text(after, encoding="utf-8")
    print(f"{path}: " + ("tables written anew from the rule book." if after != before else "up to date."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
