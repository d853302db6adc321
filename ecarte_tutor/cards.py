"""Cards of the 32-card Piquet pack and their notation.

>>> parse_card("t♥")
Card.from_str('10H')
>>> str(parse_card("jS"))
'JS'
>>> parse_suit("clubs").english
'clubs'

Rank *order* is not fixed here: it comes from the rule book (``pack.rank-order``),
see :class:`Ranking`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from enum import Enum

from .errors import CardNotationError


class Suit(Enum):
    """The four suits, by their one-letter code."""

    S = ("spades", "♠", "black")
    H = ("hearts", "♥", "red")
    D = ("diamonds", "♦", "red")
    C = ("clubs", "♣", "black")

    @property
    def letter(self) -> str:
        return self._name_

    @property
    def english(self) -> str:
        return self.value[0]

    @property
    def symbol(self) -> str:
        return self.value[1]

    @property
    def colour(self) -> str:
        return self.value[2]

    def __str__(self) -> str:
        return self._name_


RANKS = ("K", "Q", "J", "A", "10", "9", "8", "7")
"""The eight ranks of the Piquet pack (a closed set; their order lives in the rule book)."""

RANK_NAMES = {"K": "king", "Q": "queen", "J": "knave", "A": "ace",
              "10": "ten", "9": "nine", "8": "eight", "7": "seven"}

_SUIT_ALIASES = {}
for _suit in Suit:
    for _alias in (_suit._name_, _suit.symbol, _suit.value[0], _suit.value[0][:-1]):
        _SUIT_ALIASES[_alias.lower()] = _suit
# Emoji variation selectors and the white suit symbols are read too.
_SUIT_ALIASES.update({"♤": Suit.S, "♡": Suit.H, "♢": Suit.D, "♧": Suit.C})

_RANK_ALIASES = {r.lower(): r for r in RANKS}
_RANK_ALIASES["t"] = "10"

CARD_HELP = ("a card is a rank (K Q J A 10 9 8 7, or T for 10) followed by a suit "
             "(S H D C or ♠ ♥ ♦ ♣), e.g. 10H or J♠")


@dataclass(frozen=True, order=False)
class Card:
    """One card: a rank from :data:`RANKS` and a :class:`Suit`."""

    rank: str
    suit: Suit

    @classmethod
    def from_str(cls, text: str) -> "Card":
        return parse_card(text)

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card.from_str('{self}')"

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, for explanations: ``Q♠``."""
        return f"{self.rank}{self.suit.symbol}"

    @property
    def spoken(self) -> str:
        """The card in words: ``queen of spades``."""
        return f"{RANK_NAMES[self.rank]} of {self.suit.english}"


PACK = tuple(Card(rank, suit) for suit in Suit for rank in RANKS)
"""The 32 cards of the Piquet pack."""


def parse_suit(text) -> Suit:
    """Read a suit from a letter, symbol or English name, in any case."""
    if not isinstance(text, str):
        raise CardNotationError(f"{text!r} is not a suit: a suit is S H D C, ♠ ♥ ♦ ♣, or spades hearts diamonds clubs")
    key = text.strip().replace("\ufe0f", "").lower()
    suit = _SUIT_ALIASES.get(key)
    if suit is None:
        raise CardNotationError(f"{text!r} is not a suit: a suit is S H D C, ♠ ♥ ♦ ♣, or spades hearts diamonds clubs")
    return suit


def split_card(text: str) -> tuple[str, Suit | None]:
    """The rank text (``T`` read as 10) and the suit of a card string, before any check of the rank."""
    cleaned = text.strip().replace("\ufe0f", "").replace(" ", "")
    rank = cleaned[:-1]
    return ("10" if rank.lower() == "t" else rank), _SUIT_ALIASES.get(cleaned[-1:].lower())


def parse_card(text) -> Card:
    """Read a card in any accepted notation; raise :class:`CardNotationError` naming the string."""
    if not isinstance(text, str):
        raise CardNotationError(f"{text!r} is not a card: {CARD_HELP}")
    return _parse_card_text(text)


@lru_cache(maxsize=4096)
def _parse_card_text(text: str) -> Card:
    # Cards are immutable, so a string read once is read the same ever after; this is the
    # commonest work of every question (a play question reads up to seven cards).
    rank, suit = split_card(text)
    rank = _RANK_ALIASES.get(rank.lower())
    if rank is None or suit is None:
        raise CardNotationError(f"{text!r} is not a card of the Piquet pack: {CARD_HELP}")
    return Card(rank, suit)


class Ranking:
    """Orders the ranks within a suit, highest first, as the rule book gives them."""

    def __init__(self, order):
        order = tuple(order)
        if sorted(order) != sorted(RANKS):
            raise ValueError(f"a rank order must list each of {', '.join(RANKS)} once, got {order}")
        self.order = order
        self._strength = {rank: len(order) - i for i, rank in enumerate(order)}

    def higher(self, a: Card, b: Card) -> bool:
        """True when ``a`` outranks ``b`` (cards of one suit)."""
        return self._strength[a.rank] > self._strength[b.rank]

    def sort(self, cards):
        """Cards sorted by suit (S H D C), highest rank first."""
        suits = list(Suit)
        return sorted(cards, key=lambda c: (suits.index(c.suit), -self._strength[c.rank]))
