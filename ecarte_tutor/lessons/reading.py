"""Reading what a learner answered: cards, words and counts, each failure a :class:`BadResponse`.

A response that cannot be read is not a wrong answer: the learner is asked to type it
again, with a message saying what to fix. The exercise kinds share these readers.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card, parse_card, shown
from ..errors import CardNotationError, excerpt
from ..fields import is_whole_number
from ..i18n import current

SEAT_WORDS = {"elder": "the elder hand", "dealer": "the dealer"}  # short: a sentence names a seat often


class BadResponse(ValueError):
    """A response that cannot be read (not a card, a card not in the hand, a missing key)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


class LessonError(Exception):
    """The engine could not answer an exercise's position: a defect in the lesson (or the engine)."""


def require(response: object, key: str, example: str) -> object:
    """``response[key]``, or a message giving an example of the answer's form."""
    if not isinstance(response, dict) or key not in response:
        raise BadResponse(f"The answer needs '{key}', for example {example}.", key)
    return response[key]


def card(text: object, where: str) -> Card:
    try:
        return parse_card(text)
    except CardNotationError as exc:
        raise BadResponse(f"{exc}.", where) from None


def card_list(value: object, key: str) -> list[Card]:
    """Cards given as a list or as one string (spaces or commas between); a card given twice is refused,
    never dropped: an order or a discard that names it twice is not the one the learner means."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list):
        raise BadResponse(f"'{key}' must be a list of cards, like [\"QS\", \"7S\"].", key)
    cards: list[Card] = []
    for i, item in enumerate(value):
        found = card(item, f"{key}[{i}]")
        if found in cards:
            raise BadResponse(f"You gave {found.pretty} twice: name each card once.", f"{key}[{i}]")
        cards.append(found)
    return cards


def word(value: object, allowed: Sequence[str], key: str) -> str:
    """One of ``allowed``, typed in any case or shortened to a prefix only it has."""
    text = value.strip().lower() if isinstance(value, str) else None
    if text:
        hits = [w for w in allowed if w.startswith(text)]
        if len(hits) == 1:
            return hits[0]
    raise BadResponse(f"Answer {' or '.join(repr(w) for w in allowed)}, not {excerpt(value)}.", key)


# What a player says at the table for each answer to a proposal (lesson 4 teaches "I play" and "I propose"), as
# the learner may type it: the word alone, "I ..." and a few plain phrasings.
SAID: dict[str, tuple[str, ...]] = {
    "play": ("i play", "stand", "i stand", "play without proposing", "i play without proposing", "play as dealt",
             "i'll play", "i will play", "no cards"),
    "propose": ("i propose", "i'll propose", "i will propose", "cards", "i ask for cards", "ask for cards",
                "i want cards", "exchange", "change cards"),
    "accept": ("i accept", "i'll accept", "i will accept", "how many", "how many?", "how many cards"),
    "refuse": ("i refuse", "i'll refuse", "i will refuse", "play", "i play", "play as dealt", "no cards"),
}


def said_word(value: object, allowed: Sequence[str], key: str) -> str:
    """One of ``allowed`` answers to a proposal (play or propose; accept or refuse), read as :func:`word` reads it
    or as a player says it at the table ("I play", "I propose.", "How many?" for accepting); a phrase that names
    none of the answers allowed is refused with :func:`word`'s message, the learner's words echoed as typed."""
    text = value.strip().lower().replace("’", "'").rstrip(" .!") if isinstance(value, str) else ""
    text = " ".join(text.strip("\"'“” ").split())
    hits = [w for w in allowed if text in SAID.get(w, ())]
    if len(hits) == 1:
        return hits[0]
    try:
        return word(text, allowed, key)
    except BadResponse:
        return word(value, allowed, key)  # refused, with the words as typed


def whole(value: object, key: str, what: str) -> int:
    """A count the learner typed: a whole number, not negative (too large is a wrong answer, not a bad one);
    ``what`` names it in words ("the dealer's points"), ``key`` is the field the error points to."""
    if isinstance(value, str) and is_whole_number(value.strip()):
        value = int(value.strip())
    if value is None or (isinstance(value, str) and not value.strip()):
        raise BadResponse(f"Give {what}: a whole number (0 or more).", key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadResponse(f"{what[:1].upper()}{what[1:]} must be a whole number (0 or more), not {excerpt(value)}.",
                          key)
    return value


def pretty(cards: Iterable[object]) -> str:
    """Cards in symbols, space-separated: ``Q♠ 7♠``."""
    lang = current()
    return " ".join(shown(c if isinstance(c, Card) else parse_card(c), lang) for c in cards)
