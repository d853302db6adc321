"""A sheet and its entries, as the JSON the store keeps, and one entry read from a form.

A sheet: ``players`` (two names, three for a pool), ``profile`` and ``agreements`` (bound for every
entry), ``match`` (``game``, ``rubber`` or ``pool``), ``first_dealer``, and ``entries``. Each entry
keeps every version it had (``versions``: what was entered, each correction, a removal), so nothing
a scorer wrote is lost; the last version is the one that counts. An entry is a hand (what the table
saw) or a referee's ruling (its case, law, option and points).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..agreements import read_agreements
from ..asking import read_profile
from ..errors import QuestionError
from ..fields import SEATS, whole_number
from ..i18n import current
from ..rulebook import Params, RuleBook
from .words import choices, say

Sheet = dict[str, Any]
Entry = dict[str, Any]
MATCHES = ("game", "rubber", "pool")
MOST_NAME = 40
FORMAT = 1


class SheetError(ValueError):
    """An entry or a sheet the scorer cannot accept: the message in words, and the form field it concerns."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message, self.field = message, field
        self.n: int | None = None  # the entry that cannot stand, when replaying found it


@dataclass(frozen=True)
class Table:
    """What binds every entry of a sheet: the rule book's parameters under its profile and agreements."""

    book: RuleBook
    params: Params


def table_of(sheet: Sheet, book: RuleBook) -> Table:
    question = {"profile": sheet["profile"], "agreements": sheet["agreements"]}
    try:
        return Table(book, book.params(read_profile(question, book), read_agreements(question, book), current()))
    except QuestionError as exc:
        raise SheetError(exc.message, "agreements" if exc.field and "agree" in exc.field else exc.field) from None


def new_sheet(players: list[str], profile: str, agreements: list[object], match: str, first_dealer: str,
              book: RuleBook, now: datetime) -> Sheet:
    """A fresh sheet, its names and table checked (SheetError)."""
    names = [" ".join(name.split()) for name in players if name and name.strip()]
    if match not in MATCHES:
        raise SheetError(say("errors", "bad-choice", value=match, question="match"), "match")
    wanted = 3 if match == "pool" else 2
    if len(names) != wanted:
        raise SheetError(say("errors", "too-few-players"), "players")
    if any(len(name) > MOST_NAME for name in names):
        raise SheetError(say("errors", "name-too-long", most=MOST_NAME), "players")
    if len({name.casefold() for name in names}) != len(names):
        raise SheetError(say("errors", "same-player"), "players")
    first = next((name for name in names[:2] if name.casefold() == first_dealer.strip().casefold()), None)
    if first is None:
        raise SheetError(say("errors", "bad-dealer"), "first_dealer")
    sheet: Sheet = {"format": FORMAT, "players": names, "profile": profile, "agreements": agreements,
                    "match": match, "first_dealer": first, "started": now.isoformat(), "entries": []}
    table = table_of(sheet, book)
    sheet["profile"] = table.params.profile
    return sheet


def live(entry: Mapping[str, Any]) -> Entry | None:
    """The version of an entry that counts, or None once it was removed."""
    current: Entry | None = entry["versions"][-1]["entry"]
    return current


def _choice(form: Mapping[str, str], name: str, group: str, default: str) -> str:
    value = (form.get(name) or default).strip()
    if value not in choices(group):
        raise SheetError(say("errors", "bad-choice", value=value[:MOST_NAME], question=name), name)
    return value


def _tricks(form: Mapping[str, str]) -> dict[str, int] | None:
    raw = {seat: (form.get(f"tricks_{seat}") or "").strip() for seat in SEATS}
    if not any(raw.values()):
        return None
    tricks: dict[str, int] = {}
    for seat, text in raw.items():
        number = whole_number(int(text)) if text.isdigit() else None
        if number is None:
            # left to the engine's own check of the tricks (bad-tricks, out-of-range): a number it can read
            raise SheetError(say("errors", "tricks-needed"), f"tricks_{seat}")
        tricks[seat] = number
    return tricks


def read_entry(form: Mapping[str, str], players: list[str]) -> Entry:
    """A hand as a form (or the terminal) gives it, in text; its sense is the scorer's to judge."""
    dealer = (form.get("dealer") or "").strip()
    named = next((name for name in players if name.casefold() == dealer.casefold()), None)
    if named is None:
        raise SheetError(say("errors", "bad-dealer"), "dealer")
    outcome = _choice(form, "outcome", "outcome", "played")
    scores = (form.get("scores") or "").strip() or None
    if scores is not None and scores not in SEATS:
        raise SheetError(say("errors", "wager-seat"), "scores")
    declined = (form.get("offer_declined_by") or "").strip() or None
    if declined is not None and declined not in SEATS:
        raise SheetError(say("errors", "bad-choice", value=declined[:MOST_NAME], question="offer_declined_by"),
                         "offer_declined_by")
    return {"kind": "hand", "dealer": named, "proposals": _choice(form, "proposals", "proposals", "exchanged"),
            "king": _choice(form, "king", "king", "none"), "outcome": outcome, "tricks": _tricks(form),
            "doubled": (form.get("doubled") or "").lower() in ("on", "true", "yes", "1"),
            "offer_declined_by": declined, "scores": scores}


def entry_form(entry: Entry) -> dict[str, str]:
    """An entry as the form shows it again (to correct it, or after a refusal)."""
    tricks = entry.get("tricks") or {}
    return {"dealer": entry.get("dealer", ""), "proposals": entry.get("proposals", "exchanged"),
            "king": entry.get("king", "none"), "outcome": entry.get("outcome", "played"),
            "tricks_elder": str(tricks.get("elder", "")), "tricks_dealer": str(tricks.get("dealer", "")),
            "doubled": "on" if entry.get("doubled") else "", "offer_declined_by": entry.get("offer_declined_by") or "",
            "scores": entry.get("scores") or ""}
