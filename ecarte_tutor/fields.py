"""Reading the fields of a question, each failure naming its field (the error object of docs/api.md)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, overload

from .cards import CANONICAL_CARDS, Card, Suit, parse_card, parse_suit, shown
from .errors import CardNotationError, QuestionError, excerpt
from .i18n import current, tr, trn
from .wording import SEAT_NAMES as SEAT_NAMES  # explanations import the seats' names from here too

SEATS = ("elder", "dealer")


def require(question: Mapping[str, object], name: str) -> object:
    """The value of a required field, or a ``missing-field`` error."""
    if name not in question or question[name] is None:
        raise QuestionError("missing-field", tr("The question needs the field '%(field)s'.", field=name), name)
    return question[name]


def read_card(value: object, field: str) -> Card:
    try:
        return parse_card(value)  # tries the canonical notation first
    except CardNotationError as exc:
        # The message quotes what was typed; where it was typed is the error's field.
        raise QuestionError("bad-card", f"{exc}.", field) from None


def read_suit(value: object, field: str) -> Suit:
    try:
        return parse_suit(value)
    except CardNotationError as exc:
        raise QuestionError("bad-suit", f"{exc}.", field) from None


def read_cards(value: object, field: str, *, min_count: int = 0, max_count: int | None = None,
               distinct: bool = True) -> list[Card]:
    """A list of cards; checks its length and that no card is repeated."""
    if not isinstance(value, list):
        raise QuestionError("bad-field", tr("'%(field)s' must be a list of cards, like [\"KH\", \"10S\"].",
                                            field=field), field)
    if max_count is not None and len(value) > max_count:
        raise QuestionError("too-many-cards", trn("'%(field)s' holds %(count)d card; at most %(most)d are allowed.",
                                                 "'%(field)s' holds %(count)d cards; at most %(most)d are allowed.",
                                                 len(value), field=field, most=max_count), field)
    try:  # nearly every list is in the canonical notation: one look-up a card
        cards = [CANONICAL_CARDS[item] for item in value]
    except (KeyError, TypeError):  # another notation, or no card (a number, a list): read each, naming it
        cards = [read_card(item, f"{field}[{i}]") for i, item in enumerate(value)]
    if len(cards) < min_count:
        raise QuestionError("too-few-cards", trn("'%(field)s' holds %(count)d card; at least %(least)d are needed.",
                                                "'%(field)s' holds %(count)d cards; at least %(least)d are needed.",
                                                len(cards), field=field, least=min_count), field)
    if distinct and len(set(cards)) < len(cards):
        seen: dict[Card, int] = {}
        for i, card in enumerate(cards):
            if card in seen:
                raise QuestionError("duplicate-card",
                                    tr("%(card)s appears twice in '%(field)s' (positions %(first)d and %(second)d); "
                                      "a pack holds each card once.", card=shown(card, current()), field=field,
                                      first=seen[card], second=i), f"{field}[{i}]")
            seen[card] = i
    return cards


@overload
def read_seat(value: object, field: str, *, allow_none: Literal[False] = False) -> str: ...
@overload
def read_seat(value: object, field: str, *, allow_none: bool) -> str | None: ...
def read_seat(value: object, field: str, *, allow_none: bool = False) -> str | None:
    """A seat (``elder`` or ``dealer``, in any case, blanks around); None too with ``allow_none``."""
    if value is None and allow_none:
        return None
    if isinstance(value, str) and value.strip().lower() in SEATS:
        return value.strip().lower()
    raise QuestionError("bad-seat", tr("'%(field)s' must be \"elder\" (the non-dealer) or \"dealer\", got %(value)s.",
                                       field=field, value=excerpt(value)), field)


def read_bool(question: Mapping[str, object], name: str, default: bool = False) -> bool:
    value = question.get(name, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise QuestionError("bad-field", tr("'%(field)s' must be true or false, got %(value)s.", field=name,
                                            value=excerpt(value)), name)
    return value


def whole_number(value: object) -> int | None:
    """A JSON number that is whole, as an int (``3`` and ``3.0`` are the same JSON number); else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, int) else None


def read_int(value: object, field: str, *, low: int, high: int) -> int:
    number = whole_number(value)
    if number is None:
        raise QuestionError("bad-field", tr("'%(field)s' must be a whole number from %(low)d to %(high)d, got "
                                            "%(value)s.", field=field, low=low, high=high, value=excerpt(value)), field)
    if not low <= number <= high:
        raise QuestionError("out-of-range", tr("'%(field)s' must be from %(low)d to %(high)d, got %(value)d.",
                                               field=field, low=low, high=high, value=number), field)
    return number


def read_seat_numbers(value: object, field: str, *, low: int, high: int) -> dict[str, int]:
    """An object ``{"elder": n, "dealer": m}`` of whole numbers."""
    if not isinstance(value, dict):
        raise QuestionError("bad-field", tr("'%(field)s' must be an object like {\"elder\": 3, \"dealer\": 2}.",
                                            field=field), field)
    extra = sorted(set(value) - set(SEATS))
    if extra:
        raise QuestionError("bad-field", tr("'%(field)s' has an unknown seat '%(seat)s'; seats are elder and dealer.",
                                            field=field, seat=extra[0]), f"{field}.{extra[0]}")
    missing = [seat for seat in SEATS if value.get(seat) is None]
    if missing:  # a seat left out (or null) is a missing field, not a bad one: never "got None"
        raise QuestionError("missing-field", tr("'%(field)s' needs a number for each seat: %(seat)s is missing.",
                                                field=field, seat=missing[0]), f"{field}.{missing[0]}")
    return {seat: read_int(value[seat], f"{field}.{seat}", low=low, high=high) for seat in SEATS}


def other(seat: str) -> str:
    """The other seat."""
    return "dealer" if seat == "elder" else "elder"


MAX_DIGITS = 18
"""The most digits a whole number typed in an address or a form may have: more than any count, score, seed or
law number needs. Python refuses to read a number of over 4,300 digits (a ValueError that was a 500)."""


def is_whole_number(text: str) -> bool:
    """True for plain ASCII digits ("12"), at most MAX_DIGITS of them; ``str.isdigit`` alone also accepts "²",
    which ``int`` refuses."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS
