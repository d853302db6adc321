"""A learner's score sheets (/marque) as /progress lists and exports them: below both pages, so that neither
imports the other."""
from __future__ import annotations

from typing import Any

from ..marque import SheetError, replay
from ..rulebook import RuleBook
from ..store import KeptSheet, Store


def summary(kept: KeptSheet, book: RuleBook) -> str:
    """One line about a kept sheet: its players and where it stands (its result once finished)."""
    players = " – ".join(kept.data["players"])
    try:
        standing = replay(kept.data, book=book)
    except SheetError:
        return players
    game = standing.current
    score = ", ".join(f"{name} {points}" for name, points in game.score.items())
    return standing.result or f"{players}: game {game.number}, {score}"


def listed(store: Store, key: str | None, book: RuleBook) -> list[tuple[KeptSheet, str]]:
    """The learner's sheets, the latest changed first, each with its line."""
    return [(kept, summary(kept, book)) for kept in store.sheets(key)] if key else []


def exported(store: Store, key: str | None) -> list[dict[str, Any]]:
    """The learner's sheets as the progress export gives them: each with its entries, every version kept."""
    if not key:
        return []
    return [{"id": kept.id, "created_at": kept.created_at.isoformat(), "updated_at": kept.updated_at.isoformat(),
             "sheet": kept.data} for kept in store.sheets(key)]
