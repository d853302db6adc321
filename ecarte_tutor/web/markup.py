"""Turning our text and cards into HTML: the one Markdown filter, card views, suit colours.

Markdown comes only from our own files (rule statements, lessons); it is rendered
with the ``markdown`` package and then sanitised with nh3 all the same, so a stray
tag in a YAML file cannot put script on a page. Anything a user typed is never
rendered as Markdown: Jinja's autoescape prints it as text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import markdown as markdown_lib
import nh3
from markupsafe import Markup, escape

from ..cards import PACK, RANKS, Suit, parse_card, parse_suit
from ..errors import CardNotationError

ALLOWED_TAGS = {"p", "em", "strong", "code", "ul", "ol", "li", "blockquote", "br", "a", "h3", "h4",
                "table", "thead", "tbody", "tr", "th", "td", "span", "sup", "sub", "abbr", "dl", "dt", "dd"}
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "abbr": {"title"}, "td": {"align"}, "th": {"align"}}

SUIT_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)
SUIT_SYMBOLS = {suit.symbol: suit for suit in Suit}
_SUIT_RE = re.compile("([♠♥♦♣])")
_CARD_TOKEN_RE = re.compile(r"card:([0-9TtKQJAkqja]{1,2}[SHDCshdc♠♥♦♣])")


@lru_cache(maxsize=4096)
def render_markdown(text: str) -> Markup:
    """Markdown from our own files → sanitised HTML."""
    html = markdown_lib.markdown(text or "", extensions=["tables", "sane_lists"], output_format="html")
    return Markup(nh3.clean(html, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES,
                            url_schemes={"http", "https", "mailto"}, link_rel="noopener noreferrer"))


def colour_suits(text) -> Markup:
    """Escape ``text`` and colour each suit symbol in it (♥ ♦ red, ♠ ♣ black)."""
    escaped = str(escape(text if text is not None else ""))
    return Markup(_SUIT_RE.sub(lambda m: f'<span class="s-{SUIT_SYMBOLS[m.group(1)].colour}">{m.group(1)}</span>',
                               escaped))


@dataclass(frozen=True)
class CardView:
    """What a template needs to draw one card."""

    code: str      # canonical: "QS", "10H"
    rank: str      # "Q", "10"
    symbol: str    # "♠"
    colour: str    # "red" | "black"
    label: str     # "queen of spades"
    suit: str      # "S"


@lru_cache(maxsize=64)
def _view(code: str) -> CardView:
    card = parse_card(code)
    return CardView(str(card), card.rank, card.suit.symbol, card.suit.colour, card.spoken, card.suit.letter)


def card_view(code) -> CardView | None:
    """A card view for any accepted notation; None when ``code`` is no card."""
    if code is None:
        return None
    try:
        return _view(str(code).strip().upper())
    except (CardNotationError, ValueError):
        return None


def pack_by_suit() -> list[tuple[Suit, list[CardView]]]:
    """The 32 cards, one row per suit, ranks in the pack's printed order (K Q J A 10 9 8 7)."""
    return [(suit, [_view(f"{rank}{suit.letter}") for rank in RANKS]) for suit in SUIT_ORDER]


def example_html(text: str) -> Markup:
    """A rule's example: text with ``card:QS`` tokens drawn as small inline cards."""
    escaped = str(escape(text or ""))

    def draw(match):
        view = card_view(match.group(1))
        if view is None:
            return match.group(0)
        return (f'<span class="card mini {view.colour}" role="img" aria-label="{view.label}">'
                f'{view.rank}{view.symbol}</span>')

    return Markup(_CARD_TOKEN_RE.sub(draw, escaped))


def suit_view(text) -> Suit | None:
    """The suit named by a letter, symbol or word; None when ``text`` names no suit."""
    try:
        return parse_suit(text) if text else None
    except CardNotationError:
        return None


def init_app(app) -> None:
    app.add_template_filter(render_markdown, "markdown")
    app.add_template_filter(colour_suits, "suits")
    app.add_template_filter(example_html, "example")
    app.add_template_global(card_view)
    app.add_template_global(suit_view)
    app.add_template_global(pack_by_suit)
    app.add_template_global(SUIT_ORDER, "SUITS")
    app.add_template_global(len(PACK), "PACK_SIZE")
