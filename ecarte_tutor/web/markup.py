"""Turning our text and cards into HTML: the one Markdown filter, card views, suit colours.

Markdown comes only from our own files (rule statements, lessons); it is rendered
with the ``markdown`` package and then sanitised with nh3 all the same, so a stray
tag in a YAML file cannot put script on a page. Anything a user typed is never
rendered as Markdown: Jinja's autoescape prints it as text.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import markdown as markdown_lib
import nh3
from markdown.extensions.sane_lists import SaneListExtension
from markdown.extensions.tables import TableExtension
from markupsafe import Markup, escape

from ..cards import PACK, RANKS, Suit, parse_card, parse_suit, rank_letter, said, suit_name
from ..errors import CardNotationError
from ..i18n import DEFAULT_LANG
from .lang import page_lang

ALLOWED_TAGS = {"p", "em", "strong", "code", "ul", "ol", "li", "blockquote", "br", "a", "h3", "h4",
                "table", "thead", "tbody", "tr", "th", "td", "span", "sup", "sub", "abbr", "dl", "dt", "dd"}
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "abbr": {"title"}, "td": {"align"}, "th": {"align"}}

SUIT_ORDER = (Suit.S, Suit.H, Suit.D, Suit.C)
SUIT_SYMBOLS = {suit.symbol: suit for suit in Suit}
_SUIT_RE = re.compile("([♠♥♦♣])")
_CARD_TOKEN_RE = re.compile(r"card:([0-9TtKQJAkqja]{1,2}[SHDCshdc♠♥♦♣])")


# French words of the game in English text, marked lang="fr" so that a screen reader says them in French
# (WCAG 3.1.2). "Écarté" with its capital is the game's name, an English word too; lower case it is the
# French word (a card écarté, thrown out).
_FRENCH_RE = re.compile(r"(?<![\w>])((?:[Jj]eux|[Jj]eu) de règle|écarté)(?![\w<])")


def mark_french(html: str) -> str:
    """``html`` (text between tags) with the French terms in a ``<span lang="fr">``."""
    return re.sub(r">([^<]+)<", lambda m: ">" + _FRENCH_RE.sub(r'<span lang="fr">\1</span>', m.group(1)) + "<",
                  f">{html}<")[1:-1]


_kept: dict[str, Markup] = {}
"""HTML an earlier start rendered from the same data (lesson bodies, rule statements), by Markdown text."""


def keep_rendered(rendered: Mapping[str, str]) -> None:
    """Take the HTML :func:`render_markdown` gave for each text in an earlier start of the same data (``serve``
    keeps it per change of the data and of the Markdown and nh3 versions): a lesson step's first showing in a worker
    or rule page then converts nothing (a few milliseconds)."""
    _kept.update({text: Markup(html) for text, html in rendered.items()})


@lru_cache(maxsize=4096)
def render_markdown(text: str) -> Markup:
    """Markdown from our own files → sanitised HTML, French terms marked. The extensions are given as objects:
    named, the first page to render Markdown in each worker would scan every installed package's entry points."""
    kept = _kept.get(text or "")
    if kept is not None:
        return kept
    html = markdown_lib.markdown(text or "", extensions=[TableExtension(), SaneListExtension()], output_format="html")
    return Markup(mark_french(nh3.clean(html, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES,
                                        url_schemes={"http", "https", "mailto"}, link_rel="noopener noreferrer")))


# A card as the engine's text names it ("7♥", "10♦"), or a suit symbol on its own ("trumps ♥"); in French the
# figures are R D V (roi, dame, valet): the ranks as the page's language writes them.
_CARD_IN_TEXT_RE = re.compile(r"(?<![\w])(10|[KQJA987])?([♠♥♦♣])")


@lru_cache(maxsize=8)
def _card_in_text(lang: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """The pattern of a card written in ``lang``'s text, and each rank as written -> the rank."""
    written = {rank_letter(rank, lang): rank for rank in RANKS}
    if lang == DEFAULT_LANG:
        return _CARD_IN_TEXT_RE, written
    # and the API's K Q J, which no letter of the language's shares: a French page quotes the notation a card is
    # typed in (the form's hint, "J♠ 7♥ 10♦") and data not translated yet ("Q♣ Q♦ Q♥"), each card heard whole
    letters = "".join(re.escape(letter) for letter in sorted({*written, "K", "Q", "J"}) if len(letter) == 1)
    return re.compile(rf"(?<![\w])(10|[{letters}])?([♠♥♦♣])"), written


def _drawn(rank: str | None, symbol: str) -> str:
    suit = SUIT_SYMBOLS[symbol]
    return f'{rank or ""}<span class="s-{suit.colour}">{symbol}</span>'


def _spoken(rank: str | None, symbol: str, ranks: dict[str, str] | None = None) -> str:
    """ "seven of hearts" for 7♥; "hearts" for ♥ alone (in the page's language). ``ranks``: each rank as the text
    writes it -> the rank (R -> K in French); without it, the API's ranks (K Q J)."""
    suit = SUIT_SYMBOLS[symbol]
    if not rank:
        return suit_word(suit)
    return _view(f"{ranks.get(rank, rank) if ranks else rank}{suit.letter}").label


def colour_suits(text) -> Markup:
    """Escape ``text``; mark its French terms; draw each card in it as a player writes it, its suit
    coloured (♥ ♦ red, ♠ ♣ black), and give each its spoken form, hidden from the eye: a screen reader
    hears "seven of hearts" where the page shows 7♥ (eSpeak reads "7♥" as "seven heart suit", and "A♠"
    loses its ace)."""
    lang = page_lang()
    escaped = str(escape(text if text is not None else ""))
    if lang == DEFAULT_LANG:  # the game's French words, marked in English text only (a French page is French)
        escaped = mark_french(escaped)
    pattern, ranks = _card_in_text(lang)
    return Markup(pattern.sub(
        lambda m: f'<span aria-hidden="true">{_drawn(m.group(1), m.group(2))}</span>'
                  f'<span class="sr">{_spoken(m.group(1), m.group(2), ranks)}</span>', escaped))


@lru_cache(maxsize=8)
def _card_in_data(lang: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """The pattern of a card in data shown as it is (the API's JSON for referees): as the engine's text writes it
    ("Q♠", "♥"; "D♠" too in a French answer's explanation: the API's ranks and the page's, which no letter shares)
    or as a code ("QS", "10H"), a whole token (not part of an id: "law.QS-x"); and each rank as written -> the rank."""
    ranks = {rank: rank for rank in RANKS} | _card_in_text(lang)[1]
    letters = "".join(re.escape(letter) for letter in ranks if len(letter) == 1)
    return re.compile(rf"(?<![\w/.-])(?:(10|[{letters}])?([♠♥♦♣])|(10|[KQJA987])([SHDC])(?![\w/-]))"), ranks


def _heard_in_data(match: re.Match[str], ranks: dict[str, str]) -> str:
    spoken = (_spoken(match.group(1), match.group(2), ranks) if match.group(2)
              else _view(match.group(3) + match.group(4)).label)
    return f'<span aria-hidden="true">{match.group(0)}</span><span class="sr">{spoken}</span>'


def cards_heard(html) -> Markup:
    """HTML-safe text shown as it is (the JSON of an answer), each card in it heard by its one spoken name: the
    JSON reads as before, and "legal_cards": ["QS"] is said "queen of spades", not spelled out."""
    pattern, ranks = _card_in_data(page_lang())
    return Markup(pattern.sub(lambda match: _heard_in_data(match, ranks), str(html or "")))


_IMG_RE = re.compile(r'<span class="card[^"]*" role="img" aria-label="([^"]*)">(?:<span[^>]*>[^<]*</span>)*</span>')
_HIDDEN_RE = re.compile(r'<span[^>]*\baria-hidden="true"[^>]*>[^<]*(?:<span[^>]*>[^<]*</span>[^<]*)*</span>')
_TAG_RE = re.compile(r"<[^>]+>")


def title_text(html) -> str:
    """A line of HTML drawn with cards as plain text, cards spoken: what a page's title and its live
    region say ("No: seven of spades may not be played.")."""
    text = _HIDDEN_RE.sub("", _IMG_RE.sub(r"\1", str(html or "")))
    return " ".join(str(Markup(_TAG_RE.sub(" ", text)).unescape()).split()).replace(" .", ".").replace(" ,", ",")


@dataclass(frozen=True)
class CardView:
    """What a template needs to draw one card."""

    code: str      # canonical: "QS", "10H"
    rank: str      # "Q", "10"
    symbol: str    # "♠"
    colour: str    # "red" | "black"
    label: str     # "queen of spades"
    suit: str      # "S"

    @property
    def shown(self) -> str:
        """The card as it is drawn: "Q♠"."""
        return f"{self.rank}{self.symbol}"

    @property
    def typed(self) -> str:
        """The card as a box reads it back, whatever the page's language: "Q♠" (the API's ranks, K Q J)."""
        return f"{self.code[:-1]}{self.symbol}"



def _view(code: str) -> CardView:
    """The card of ``code`` as the page's language draws and says it (R♥, roi de cœur in French)."""
    return _view_in(code, page_lang())


@lru_cache(maxsize=256)
def _view_in(code: str, lang: str) -> CardView:
    card = parse_card(code)
    return CardView(str(card), rank_letter(card.rank, lang), card.suit.symbol, card.suit.colour, said(card, lang),
                    card.suit.letter)


def suit_word(suit: Suit) -> str:
    """A suit in words, in the page's language (spades, pique)."""
    return suit_name(suit, page_lang())


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
        return (f'<span class="card mini {view.colour}"><span aria-hidden="true">{view.rank}{view.symbol}</span>'
                f'<span class="sr">{view.label}</span></span>')

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
    app.add_template_filter(title_text, "title_text")
    app.add_template_filter(cards_heard, "cards_heard")
    app.add_template_filter(example_html, "example")
    app.add_template_global(card_view)
    app.add_template_global(suit_view)
    app.add_template_global(suit_word)
    app.add_template_global(pack_by_suit)
    app.add_template_global(SUIT_ORDER, "SUITS")
    app.add_template_global(len(PACK), "PACK_SIZE")
