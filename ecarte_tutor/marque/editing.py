"""Adding, correcting and removing entries, every version kept; laws 50 and 51 set when a score may change.

Each change is tried on a copy of the sheet and the whole sheet replayed (:func:`.scorer.replay`): an
entry that cannot stand, or one that would make a later entry impossible, is refused and nothing changes.

The windows are the club code's. A score left off may be added until the next deal's trump is turned up
(law 50): on the sheet, until the next hand is entered. A score marked too high may come off at any time
during the game, when its player admits it (law 51). Outside them a change stands only when both players
agree that the sheet was simply written wrong; the history says which it was.
"""
from __future__ import annotations

import copy
from datetime import datetime
from typing import Any

from ..marks import decides, law_number
from ..rulebook import RuleBook
from .model import Entry, Sheet, SheetError, live, table_of
from .scorer import Line, Standing, replay
from .words import say

# Far beyond any game, rubber or pool (a game is rarely more than a dozen hands): a sheet stays small in the store.
MOST_ENTRIES = 300
MOST_VERSIONS = 30
LAW_50 = "law.50"
LAW_51 = "law.51"


def add_entry(sheet: Sheet, entry: Entry, book: RuleBook, now: datetime) -> tuple[Sheet, Standing]:
    """The sheet with ``entry`` added after the others, and the sheet replayed (SheetError)."""
    if len(sheet["entries"]) >= MOST_ENTRIES:
        raise SheetError(say("errors", "sheet-full", most=MOST_ENTRIES))
    changed = copy.deepcopy(sheet)
    number = max((raw["n"] for raw in changed["entries"]), default=0) + 1
    changed["entries"].append({"n": number, "versions": [_version("entered", entry, now)]})
    try:
        return changed, replay(changed, table_of(changed, book))
    except SheetError as exc:
        if exc.n == number:  # the entry being added: the form it came from is the place of the message
            exc.n = None
        raise


def _version(did: str, entry: Entry | None, now: datetime, law: str | None = None, agreed: bool = False,
             admitted: bool = False) -> dict[str, Any]:
    return {"did": did, "at": now.isoformat(), "entry": entry, "law": law, "agreed": agreed, "admitted": admitted}


def _find(sheet: Sheet, n: int) -> dict[str, Any]:
    found: dict[str, Any] | None = next((raw for raw in sheet["entries"] if raw["n"] == n), None)
    if found is None:
        raise SheetError(say("errors", "no-such-entry", n=n))
    return found


@decides(LAW_50, LAW_51)
def window(standing: Standing, n: int) -> tuple[str, str | None]:
    """Where entry ``n`` stands under laws 50 and 51: ``open`` (no hand since: anything may be put right,
    law 50), ``lower`` (its game goes on: a score may only come off, law 51) or ``closed`` (its game is
    over and a later hand was played); with the law that sets it."""
    line = next(line for line in standing.lines if line.n == n)
    later = [other for other in standing.lines if other.n > n and other.entry is not None]
    if not later:
        return "open", LAW_50
    game = next((g for g in standing.games if line.entry is not None and g.number == line.game), None)
    if game is not None and game.winner is None:
        return "lower", LAW_51
    return "closed", LAW_51


@decides(LAW_50, LAW_51)
def window_said(standing: Standing, n: int) -> tuple[str, str, int]:
    """The window of entry ``n`` in words, and its law's number (the law's own text is the rule book's)."""
    where, law = window(standing, n)
    return where, say("window", where), law_number(50) if law == LAW_50 else law_number(51)


def _check_window(before: Standing, after: Standing, n: int, agreed: bool, admitted: bool) -> str | None:
    """Refuse a change that laws 50 and 51 no longer allow (unless the players agree the sheet was miswritten);
    the law it was made under."""
    where, law = window(before, n)
    if where == "open" or agreed:
        return law
    old, new = _line(before, n), _line(after, n)
    raised = any(new.points.get(name, 0) > old.points.get(name, 0) for name in set(old.points) | set(new.points))
    if where == "closed":
        raise SheetError(say("errors", "law-51-passed"), "agreed")
    if raised:
        later = min(line.n for line in before.lines if line.n > n and line.entry is not None)
        raise SheetError(say("errors", "law-50-passed", later=later), "agreed")
    if not admitted and old.points != new.points:
        raise SheetError(say("errors", "law-51-admit"), "admitted")
    return law


def _line(standing: Standing, n: int) -> Line:
    return next(line for line in standing.lines if line.n == n)


def correct_entry(sheet: Sheet, n: int, entry: Entry, book: RuleBook, now: datetime, agreed: bool = False,
                  admitted: bool = False) -> tuple[Sheet, Standing]:
    """The sheet with entry ``n`` corrected (its earlier versions kept), replayed (SheetError)."""
    return _change(sheet, n, entry, "corrected", book, now, agreed, admitted)


def remove_entry(sheet: Sheet, n: int, book: RuleBook, now: datetime, agreed: bool = False,
                 admitted: bool = False) -> tuple[Sheet, Standing]:
    """The sheet with entry ``n`` removed (kept in its history), replayed (SheetError)."""
    return _change(sheet, n, None, "removed", book, now, agreed, admitted)


def _change(sheet: Sheet, n: int, entry: Entry | None, did: str, book: RuleBook, now: datetime, agreed: bool,
            admitted: bool) -> tuple[Sheet, Standing]:
    table = table_of(sheet, book)
    before = replay(sheet, table)
    if live(_find(sheet, n)) is None:
        raise SheetError(say("errors", "removed-already", n=n))
    if len(_find(sheet, n)["versions"]) >= MOST_VERSIONS:
        raise SheetError(say("errors", "entry-full", most=MOST_VERSIONS))
    changed = copy.deepcopy(sheet)
    raw = _find(changed, n)
    raw["versions"].append(_version(did, entry, now))
    after = replay(changed, table)
    law = _check_window(before, after, n, agreed, admitted)
    raw["versions"][-1].update(law=law, agreed=agreed, admitted=admitted and not agreed)
    return changed, after
