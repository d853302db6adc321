"""What a step's words say of the learner's hand, held against the hand itself.

A step may declare ``claims`` (schemas/lesson.schema.json): how many trumps, court cards and kings the
hand of its exercise holds (the hand the learner sees, replayed by the engine up to the position's last
action). :func:`problems` finds a claim the hand does not bear out, and a count said in the step's words
("no trump", "two trumps", "one king") that no claim vouches for or that a claim contradicts: a sentence
about a position is checked against that position.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ..agreements import read_agreements
from ..asking import read_profile
from ..cards import Card, Suit, parse_card, parse_suit
from ..engine import analysis
from ..errors import QuestionError
from ..rulebook import RuleBook

COURT_RANKS = frozenset({"K", "Q", "J"})  # the court cards (the glossary's): kings, queens and knaves
COUNTED = ("trumps", "court_cards", "kings")
TEXTS = ("body", "prompt", "hint")
# how a step's words count cards of the hand: "no trump", "a single trump", "two court cards", "without a trump"
_NUMBERS = {"no": 0, "without a": 0, "without": 0, "a single": 1, "a lone": 1, "lone": 1, "only one": 1,
            "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_KINDS = {"trump": "trumps", "court card": "court_cards", "king": "kings"}
_SAID = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _NUMBERS), key=len, reverse=True)) + r")\s+(" +
                   "|".join(_KINDS) + r")s?\b", re.IGNORECASE)


def said(text: str) -> list[tuple[str, int, str]]:
    """The counts a text says: (what is counted, how many, the words)."""
    return [(_KINDS[found.group(2).lower()], _NUMBERS[found.group(1).lower()], found.group(0))
            for found in _SAID.finditer(" ".join(text.split()))]


def held(position: Mapping[str, object], book: RuleBook) -> tuple[Sequence[Card], Suit] | None:
    """The learner's hand and the trump suit of a position, or None for a position without a hand."""
    cards = position.get("hand")
    if isinstance(cards, list) and "trump" in position:
        return [parse_card(card) for card in cards], parse_suit(position["trump"])
    if "deal" not in position:
        return None
    params = book.params(read_profile(dict(position), book), read_agreements(dict(position), book))
    state = analysis.replay({**position, "kind": "analyse"}, params).state
    seat = str(position.get("view", "elder"))
    return list(state.hands[seat]), state.trump


def counts(hand: Sequence[Card], trump: Suit) -> dict[str, int]:
    """How many trumps, court cards and kings a hand holds."""
    return {"trumps": sum(card.suit == trump for card in hand),
            "court_cards": sum(card.rank in COURT_RANKS for card in hand),
            "kings": sum(card.rank == "K" for card in hand)}


def problems(texts: Mapping[str, str], claims: Mapping[str, object], position: Mapping[str, object] | None,
             book: RuleBook) -> list[str]:
    """What a step's words and claims say of its hand that the hand does not bear out, one line each."""
    try:
        found = held(position, book) if position is not None else None
    except QuestionError as exc:
        return [f"its position cannot be replayed to check its claims: {exc.message}"]
    out: list[str] = []
    if found is None:
        return [f"claims {dict(claims)} of a hand, but its exercise shows none"] if claims else []
    actual = counts(*found)
    for name in COUNTED:
        if name in claims and claims[name] != actual[name]:
            out.append(f"claims {claims[name]} {name.replace('_', ' ')}, but the hand holds {actual[name]}")
    speaks = claims.get("speaks", TEXTS)
    speaking = speaks if isinstance(speaks, (list, tuple)) else TEXTS
    for where in TEXTS:
        if where not in speaking:
            continue  # this text states a rule in general, not this hand
        for name, number, words in said(texts.get(where, "")):
            if name not in claims:
                out.append(f"its {where} says “{words}” of the hand, which no claim vouches for "
                           f"(claims: {{{name}: {actual[name]}}})")
            elif claims[name] != number:
                out.append(f"its {where} says “{words}”, but it claims {claims[name]} {name.replace('_', ' ')}")
    return out
