"""The notations a question's strings are written in: the ``format`` values of the question schemas.

Each format is read by the same function the engine reads the field with, so the schema and
the engine accept exactly the same strings. A :class:`Format` says whether a string is
valid (``accepts``) and, when it is not, gives the engine's own error for it (``error``).
Values that are not strings pass: the schema's ``type`` speaks for them.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..cards import CANONICAL_CARDS, Suit, parse_card, parse_suit
from ..engine.pack import read_any_card
from ..errors import CardNotationError, QuestionError, excerpt
from ..fields import SEATS, read_card, read_seat, read_suit
from ..i18n import tr
from ..rulebook import RuleBook


@dataclass(frozen=True)
class Format:
    """One notation: the strings known good without reading (``common``), a reader, its error."""

    common: frozenset[str]
    reads: Callable[[str], bool]
    error: Callable[[object, str], QuestionError]

    def accepts(self, value: object) -> bool:
        return not isinstance(value, str) or value in self.common or self.reads(value)


def _reads(parse: Callable[[str], object], *errors: type[Exception]) -> Callable[[str], bool]:
    def reads(text: str) -> bool:
        try:
            parse(text)
        except errors:
            return False
        return True
    return reads


def _raised(read: Callable[[object, str], object]) -> Callable[[object, str], QuestionError]:
    """The error ``read(value, field)`` raises, as a value."""
    def error(value: object, field: str) -> QuestionError:
        try:
            read(value, field)
        except QuestionError as exc:
            return exc
        return QuestionError("bad-field", tr("'%(field)s' cannot be read (%(value)s).", field=field,
                                             value=excerpt(value)), field)
    return error


def _seat(text: str) -> bool:
    return text.strip().lower() in SEATS


def profile_format(book: RuleBook) -> Format:
    """Profile names of ``book``, in any case (read as :func:`ecarte_tutor.asking.read_profile` does)."""
    names = tuple(book.profiles)

    def error(value: object, field: str) -> QuestionError:
        return QuestionError("unknown-profile", tr("Unknown profile %(profile)s; choose one of %(profiles)s.",
                                                   profile=excerpt(value), profiles=", ".join(names)), field)
    return Format(frozenset(names), lambda text: text.strip().lower() in names, error)


FIXED = {
    "card": Format(frozenset(CANONICAL_CARDS), _reads(parse_card, CardNotationError), _raised(read_card)),
    "suit": Format(frozenset(suit.letter for suit in Suit), _reads(parse_suit, CardNotationError),
                   _raised(read_suit)),
    "seat": Format(frozenset(SEATS), _seat, _raised(read_seat)),
    "playing-card": Format(frozenset(CANONICAL_CARDS), _reads(lambda text: read_any_card(text, ""), QuestionError),
                           _raised(read_any_card)),
}
"""The formats that do not depend on the rule book."""


def formats_for(book: RuleBook) -> dict[str, Format]:
    """Every format a question schema may name, for questions answered from ``book``."""
    return {**FIXED, "profile": profile_format(book)}
