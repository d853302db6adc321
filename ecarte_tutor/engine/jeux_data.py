"""The jeux de règle computed, as data: the file ``ecarte-tutor strategy compute`` writes (:mod:`.jeux_weighed`),
read for ``check`` (its shape, and fresh for these rules), for ``/rules/jeux-de-regle/computed`` and for ``advice``,
which cites it where it and the list disagree. Apart from the computing, which reads ``advice`` itself.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ..cards import Card, Suit
from ..rulebook import RuleBook
from ..strategy import PATTERNS_FILE, SEAT_ADVICE, Pattern
from ..yamlio import load_yaml
from .hidden import WORLDS

COMPUTED_FILE = Path("strategy") / "computed.yaml"  # relative to the rule-book folder
MODEL = "hidden"
HANDS = 300  # hands weighed per pattern
OFF_LIST = 1500  # hands off the list weighed per seat
DEALS = 200  # deals of the unseen cards per hand
SEED = 38
LEAST_GROUP = 30  # an off-list group is shown from this many hands
MATCH_FORM = ("rubber_games",)  # parameters of the match alone: no hand's proposal, exchange or play reads them


def fingerprint(book: RuleBook) -> str:
    """What the figures depend on: the patterns file, the rules in force (the default profile's parameters)
    and this model's settings. The data is fresh while it matches."""
    path = book.root / PATTERNS_FILE
    in_force = {name: value for name, value in book.params().items() if name not in MATCH_FORM}
    settings = repr((MODEL, HANDS, OFF_LIST, DEALS, SEED, WORLDS, repr(in_force)))
    key = (str(path), path.stat().st_mtime_ns, settings)
    found = _PRINTS.get(key)
    if found is None:  # advice asks on every hand: the file is read once per version
        found = _PRINTS[key] = hashlib.sha256(path.read_bytes() + settings.encode()).hexdigest()[:16]
    return found


_PRINTS: dict[tuple[str, int, str], str] = {}


def shape(cards: list[Card], trump: Suit) -> str:
    """An off-list hand's group: its trumps, whether the king of trumps is among them, its plain court cards
    (three and more together), as a key the page words (``t2-k-c1``)."""
    trumps = [c for c in cards if c.suit is trump]
    court = sum(c.rank in ("K", "Q", "J") for c in cards if c.suit is not trump)
    king = any(c.rank == "K" for c in trumps)
    return f"t{len(trumps)}-{'k' if king else 'n'}-c{min(court, 3)}"


def computed_file(book: RuleBook) -> Path:
    return book.root / COMPUTED_FILE


_LOADED: dict[Path, tuple[float, dict[str, Any] | None]] = {}


def load(book: RuleBook) -> dict[str, Any] | None:
    """The data kept (None when there is none), read once per file version."""
    path = computed_file(book)
    if not path.exists():
        return None
    stamp = path.stat().st_mtime
    found = _LOADED.get(path)
    if found is None or found[0] != stamp:
        found = _LOADED[path] = (stamp, load_yaml(path))
    return found[1]


PATTERN_KEYS = {"seat", "id", "advice", "hands", "worth_playing", "share", "interval", "gain", "gain_error"}
TOP_KEYS = {"fingerprint", "model", "deals", "worlds", "hands", "off_list_hands", "seed", "profile", "date", "bars",
            "patterns", "off_list"}


def problems(book: RuleBook) -> list[str]:
    """What ``check`` finds wrong with the data kept: missing, of the wrong shape, a pattern left out or
    unknown, too few hands, or made for other patterns, rules or settings."""
    strategy = book.strategy
    if strategy is None:
        return []
    data = load(book)
    again = "run 'ecarte-tutor strategy compute'"
    if data is None:
        return [f"{COMPUTED_FILE} is missing: {again}"]
    if set(data) != TOP_KEYS:
        return [f"{COMPUTED_FILE} does not have the keys {sorted(TOP_KEYS)}: {again}"]
    out = []
    if data["fingerprint"] != fingerprint(book):
        out.append(f"{COMPUTED_FILE} was made for other patterns, rules or settings: {again}")
    rows = data["patterns"]
    if not isinstance(rows, list) or any(not isinstance(r, dict) or set(r) != PATTERN_KEYS for r in rows):
        return [*out, f"{COMPUTED_FILE}: every pattern's entry has the keys {sorted(PATTERN_KEYS)}"]
    kept = {(r["seat"], r["id"]) for r in rows}
    listed = {(p.seat, p.id) for p in strategy.patterns}
    for seat, name in sorted(listed - kept):
        out.append(f"{COMPUTED_FILE}: the {seat}'s pattern {name} is not weighed: {again}")
    for seat, name in sorted(kept - listed):
        out.append(f"{COMPUTED_FILE}: the {seat}'s pattern {name} is not in the list")
    for row in rows:
        low, high = row["interval"]
        if row["hands"] < HANDS or not 0 <= low <= row["share"] <= high <= 1:
            out.append(f"{COMPUTED_FILE}: the {row['seat']}'s pattern {row['id']} has too few hands or a share "
                       "outside its interval")
    return out


def weighed(book: RuleBook, seat: str, pattern: Pattern | None, cards: list[Card],
            trump: Suit) -> dict[str, Any] | None:
    """The figures kept for this hand's pattern (or, off the list, its group; None when the group is not
    shown), from fresh data only."""
    data = load(book)
    if data is None or data.get("fingerprint") != fingerprint(book):
        return None
    if pattern is not None:
        return next((r for r in data["patterns"] if r["seat"] == seat and r["id"] == pattern.id), None)
    group = shape(cards, trump)
    return next((r for r in data["off_list"].get(seat, []) if r["group"] == group), None)


def disagreement(book: RuleBook, seat: str, pattern: Pattern | None, cards: list[Card], trump: Suit,
                 advice: str) -> dict[str, Any] | None:
    """The figures of the computation where it and the list disagree on this hand: the list says play (refuse)
    and the whole interval of the share worth playing lies below one half, or the list says propose (accept)
    and it lies above. None where they agree, or the sample cannot tell."""
    found = weighed(book, seat, pattern, cards, trump)
    if found is None:
        return None
    return found if verdict({**found, "seat": seat}, advice) == "differs" else None


def verdict(row: dict[str, Any], advice: str) -> str:
    """How the computation stands to the list's ``advice`` for a row: "agrees", "differs" or "even" (the
    interval of the share worth playing as dealt straddles one half)."""
    low, high = row["interval"]
    committing = advice == SEAT_ADVICE[row.get("seat", "elder")][0]
    if low > 0.5:
        return "agrees" if committing else "differs"
    if high < 0.5:
        return "differs" if committing else "agrees"
    return "even"


def page(book: RuleBook) -> dict[str, Any]:
    """What ``/rules/jeux-de-regle/computed`` shows: the data, each pattern with its label and the verdict."""
    data = load(book)
    strategy = book.strategy
    if data is None or strategy is None:
        return {"data": None}
    labels = {(p.seat, p.id): p.label for p in strategy.patterns}
    rows = [{**row, "label": labels.get((row["seat"], row["id"]), row["id"]), "verdict": verdict(row, row["advice"]),
             "other": SEAT_ADVICE[row["seat"]][1 if row["advice"] == SEAT_ADVICE[row["seat"]][0] else 0]}
            for row in data["patterns"]]
    return {"data": data, "rows": rows, "fresh": data.get("fingerprint") == fingerprint(book),
            "defaults": {seat: strategy.defaults[seat]["advice"] for seat in ("elder", "dealer")},
            "least": LEAST_GROUP}
