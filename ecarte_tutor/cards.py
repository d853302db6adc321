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

from collections.abc import Iterable
from enum import Enum
from functools import lru_cache
from typing import ClassVar, NoReturn

from .errors import CardNotationError, excerpt
from .i18n import DEFAULT_LANG, current, marked, marked_in, tr, trc


class Suit(Enum):
    """The four suits, by their one-letter code."""

    S = ("spades", "♠", "black")
    H = ("hearts", "♥", "red")
    D = ("diamonds", "♦", "red")
    C = ("clubs", "♣", "black")

    def __init__(self, english: str, symbol: str, colour: str):
        # Plain attributes rather than properties over ``value``: every explanation reads
        # them, and an enum's ``value`` goes through a descriptor on each access.
        self.english, self.symbol, self.colour = english, symbol, colour

    @property
    def letter(self) -> str:
        return self._name_

    # Each suit is a singleton, so identity is equality; Enum's own hash hashes the name in Python.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self._name_


RANKS = ("K", "Q", "J", "A", "10", "9", "8", "7")
"""The eight ranks of the Piquet pack (a closed set; their order lives in the rule book)."""

RANK_NAMES = {"K": "king", "Q": "queen", "J": "knave", "A": "ace",
              "10": "ten", "9": "nine", "8": "eight", "7": "seven"}

SUITS = {suit._name_: suit for suit in Suit}
"""Each suit by its letter, the canonical notation."""

_SUIT_ALIASES: dict[str, Suit] = {}
for _suit in Suit:
    for _alias in (_suit._name_, _suit.symbol, _suit.value[0], _suit.value[0][:-1]):
        _SUIT_ALIASES[_alias.lower()] = _suit
# Emoji variation selectors and the white suit symbols are read too.
_SUIT_ALIASES.update({"♤": Suit.S, "♡": Suit.H, "♢": Suit.D, "♧": Suit.C})
_SUIT_ALIASES.update(SUITS)  # the canonical letters, found without lowering

_RANK_ALIASES = {r.lower(): r for r in RANKS}
_RANK_ALIASES["t"] = "10"

# A rank said in words ("queen of spades" typed as words): read only to say what is missing.
_RANK_WORDS = {name: rank for rank, name in RANK_NAMES.items()} | {"jack": "J"}

CARD_HELP = marked("a card is a rank (K Q J A 10 9 8 7, or T for 10) followed by a suit "
                   "(S H D C or ♠ ♥ ♦ ♣), e.g. 10H or J♠")


class Card:
    """One card: a rank from :data:`RANKS` and a :class:`Suit`.

    There is exactly one object per card of the pack: ``Card("K", Suit.H)`` returns the
    same object each time, so equality and hashing are by identity (the cheapest there
    is, and cards are compared and looked up in every answer). Cards are immutable.
    ``card.notation`` (also ``str(card)``) is the canonical notation, ``QS``; ``card.pretty``
    has the suit symbol, for explanations: ``Q♠``.
    """

    __slots__ = ("rank", "suit", "pretty", "notation")
    # The slots, declared for the type checker (set once, in __new__, by object.__setattr__).
    rank: str
    suit: Suit
    pretty: str
    notation: str
    _pack: ClassVar[dict[tuple[str, Suit], Card]] = {}

    def __new__(cls, rank: str, suit: Suit) -> Card:
        card = cls._pack.get((rank, suit))
        if card is None:
            if rank not in RANKS or not isinstance(suit, Suit):
                raise ValueError(f"no card of the Piquet pack has rank {excerpt(rank)} and suit {excerpt(suit)}")
            card = object.__new__(cls)
            for name, value in (("rank", rank), ("suit", suit), ("pretty", f"{rank}{suit.symbol}"),
                                ("notation", f"{rank}{suit._name_}")):
                object.__setattr__(card, name, value)
            cls._pack[rank, suit] = card
        return card

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a card cannot be changed (tried to set {name})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a card cannot be changed (tried to delete {name})")

    # copy, deepcopy and pickle give back the one object of that card
    def __reduce__(self) -> tuple[type[Card], tuple[str, Suit]]:
        return Card, (self.rank, self.suit)

    @classmethod
    def from_str(cls, text: str) -> Card:
        return parse_card(text)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Card.from_str('{self.notation}')"

    @property
    def spoken(self) -> str:
        """The card in words: ``queen of spades``."""
        return f"{RANK_NAMES[self.rank]} of {self.suit.english}"


def shown(card: Card, lang: str = DEFAULT_LANG) -> str:
    """The card as a player of ``lang`` writes it: ``Q♠`` in English, ``D♠`` in French (roi R, dame D, valet V)."""
    if lang == DEFAULT_LANG:
        return card.pretty
    found = _SHOWN.get((card, lang))
    if found is None:
        found = _SHOWN[card, lang] = rank_letter(card.rank, lang) + card.suit.symbol
    return found


def said(card: Card, lang: str = DEFAULT_LANG) -> str:
    """The card in words in ``lang``: ``queen of spades``, ``dame de pique``."""
    if lang == DEFAULT_LANG:
        return card.spoken
    return trc("card", "%(rank)s of %(suit)s", lang, rank=rank_name(card.rank, lang), suit=suit_name(card.suit, lang))


def rank_name(rank: str, lang: str = DEFAULT_LANG) -> str:
    """A rank in words: ``knave``, ``valet``."""
    return trc("rank", RANK_NAMES[rank], lang)


def rank_letter(rank: str, lang: str = DEFAULT_LANG) -> str:
    """A rank as a card shows it: ``K``, ``R`` in French."""
    return rank if lang == DEFAULT_LANG else trc("rank letter", rank, lang)


def suit_name(suit: Suit, lang: str = DEFAULT_LANG) -> str:
    """A suit in words, as "you hold {suit}" and "the king of {suit}" use it: ``spades``, ``pique``."""
    return suit.english if lang == DEFAULT_LANG else trc("suits", suit.english, lang)


def suit_one(suit: Suit, lang: str = DEFAULT_LANG) -> str:
    """One card of a suit in words, as "your only {one}" uses it: ``spade``, ``pique``."""
    return suit.english[:-1] if lang == DEFAULT_LANG else trc("suit", suit.english[:-1], lang)


_SHOWN: dict[tuple[Card, str], str] = {}
# The cards' words, each written out for the catalogues, where every language gives its own (R D V for K Q J in
# French; roi de cœur): the functions above look them up by these contexts.
CARD_WORDS = (
    marked_in("rank letter", "K"), marked_in("rank letter", "Q"), marked_in("rank letter", "J"),
    marked_in("rank letter", "A"), marked_in("rank letter", "10"), marked_in("rank letter", "9"),
    marked_in("rank letter", "8"), marked_in("rank letter", "7"),
    marked_in("rank", "king"), marked_in("rank", "queen"), marked_in("rank", "knave"), marked_in("rank", "ace"),
    marked_in("rank", "ten"), marked_in("rank", "nine"), marked_in("rank", "eight"), marked_in("rank", "seven"),
    marked_in("suits", "spades"), marked_in("suits", "hearts"), marked_in("suits", "diamonds"),
    marked_in("suits", "clubs"), marked_in("suit", "spade"), marked_in("suit", "heart"), marked_in("suit", "diamond"),
    marked_in("suit", "club"), marked_in("list", "or"), marked_in("list", "and"), marked_in("list", " or "),
    marked_in("card", "%(rank)s of %(suit)s"),
)


PACK = tuple(Card(rank, suit) for suit in Suit for rank in RANKS)
"""The 32 cards of the Piquet pack."""

CANONICAL_CARDS = {card.notation: card for card in PACK}
"""Each card by its canonical notation: the notation nearly every question uses."""


SUIT_HELP = marked("a suit is S H D C, ♠ ♥ ♦ ♣, or spades hearts diamonds clubs")


def parse_suit(text: object) -> Suit:
    """Read a suit from a letter, symbol or English name, in any case."""
    if isinstance(text, str):
        suit = _SUIT_ALIASES.get(text) or _SUIT_ALIASES.get(text.strip().replace("\ufe0f", "").lower())
        if suit is not None:
            return suit
    raise CardNotationError(tr("%(text)s is not a suit: %(help)s", text=excerpt(text), help=tr(SUIT_HELP)))


def split_card(text: str) -> tuple[str, Suit | None]:
    """The rank text (``T`` read as 10) and the suit of a card string, before any check of the rank."""
    cleaned = text.strip().replace("\ufe0f", "").replace(" ", "")
    rank = cleaned[:-1]
    return ("10" if rank.lower() == "t" else rank), _SUIT_ALIASES.get(cleaned[-1:].lower())


def parse_card(text: object) -> Card:
    """Read a card in any accepted notation; raise :class:`CardNotationError` naming the string."""
    if isinstance(text, str):
        # Most cards arrive in the canonical notation: one look-up, before any normalising.
        return CANONICAL_CARDS.get(text) or _parse_card_text(text)
    raise CardNotationError(tr("%(text)s is not a card: %(help)s", text=excerpt(text), help=tr(CARD_HELP)))


@lru_cache(maxsize=4096)
def _parse_card_text(text: str) -> Card:
    # Cards are immutable, so a string read once is read the same ever after.
    written, suit = split_card(text)
    rank = _RANK_ALIASES.get(written.lower())
    if rank is None or suit is None:
        raise CardNotationError(_not_a_card(text))
    return Card(rank, suit)


def _not_a_card(text: str) -> str:
    """Why ``text`` is no card, in words: a rank or a suit alone is said to be one half of a card."""
    alone = text.strip().lower()
    rank = _RANK_ALIASES.get(alone) or _RANK_WORDS.get(alone)
    if rank is not None:  # "Q", "10", "queen": the suit is missing (a Q typed for a queen is no way out of a lesson)
        return tr("%(text)s is a rank without its suit: write the suit after it, e.g. %(rank)sS or %(rank)s♠ for "
                 "the %(name)s of spades", text=excerpt(text), rank=rank, name=rank_name(rank, current()))
    suit = _SUIT_ALIASES.get(alone)
    if suit is not None:
        return tr("%(text)s is a suit without its rank: write the rank before it, e.g. K%(letter)s or K%(symbol)s",
                 text=excerpt(text), letter=suit.name, symbol=suit.symbol)
    return tr("%(text)s is not a card of the Piquet pack: %(help)s", text=excerpt(text), help=tr(CARD_HELP))


class Ranking:
    """Orders the ranks within a suit, highest first, as the rule book gives them."""

    def __init__(self, ranks: Iterable[str]):
        order = tuple(ranks)
        if sorted(order) != sorted(RANKS):
            raise ValueError(f"a rank order must list each of {', '.join(RANKS)} once, got {order}")
        self.order = order
        self.strength = {rank: len(order) - i for i, rank in enumerate(order)}  # rank -> 8 (highest) .. 1
        self.ace_above_knave = self.strength["A"] > self.strength["J"]  # False in every profile's order
        suits = list(Suit)
        self._sort_key = {card: (suits.index(card.suit), -self.strength[card.rank]) for card in PACK}

    def higher(self, a: Card, b: Card) -> bool:
        """True when ``a`` outranks ``b`` (cards of one suit)."""
        return self.strength[a.rank] > self.strength[b.rank]

    def sort(self, cards: Iterable[Card]) -> list[Card]:
        """Cards sorted by suit (S H D C), highest rank first."""
        return sorted(cards, key=self._sort_key.__getitem__)
