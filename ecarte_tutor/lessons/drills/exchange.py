"""Drills on the exchange: drawing from a stock that does or does not cover both players."""
from __future__ import annotations

import random

from ...i18n import tr, trn
from ...rulebook import RuleBook
from ..model import ExerciseEntry
from .base import drill, profile_of, under, with_profile


def _entry(book: RuleBook, profile: str | None, stock: int, elder: int, dealer: int, hint: str) -> ExerciseEntry:
    position = with_profile({"stock": stock, "elder_discards": elder, "dealer_discards": dealer}, profile)
    prompt = under(book, profile, " ".join([
        trn("The stock holds %(count)d card.", "The stock holds %(count)d cards.", stock),
        tr("The elder hand discards %(elder)s, and the dealer then wants to discard %(dealer)s.", elder=elder,
           dealer=dealer), tr("How many does each draw?")]))
    return {"kind": "exchange", "position": position, "prompt": prompt, "hint": hint}


@drill("exchange.short-stock", "variant.short-stock-dealer")
def short(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A stock that covers the elder (or nearly) but not both: one card short, or a few."""
    elder, dealer = rng.randint(1, 5), rng.randint(1, 5)
    stock = rng.randint(max(0, elder - 2), elder + dealer - 1)
    return _entry(book, profile_of(rng, book), stock, elder, dealer,
                  tr("Who is served first, and what is left for the other?"))


@drill("exchange.discard-and-draw")
def enough(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A stock that covers both, sometimes exactly."""
    elder, dealer = rng.randint(1, 5), rng.randint(1, 5)
    stock = rng.choice((elder + dealer, rng.randint(elder + dealer, 15)))
    return _entry(book, None, stock, elder, dealer, tr("With enough cards, each replaces what he threw out."))
