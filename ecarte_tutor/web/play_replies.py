"""The API's replies to play questions, from a template kept for each holding the engine decides alike.

When a card has been led, a play question's answer depends on the profile, the trump suit, the card led, the
set of the hand's cards of the suit led or, void of it, of its trumps (its *holding*; their order changes no
word), and the card asked about: the engine decides the duty of each holding (engine.play.Lead and Outcome).
Among the questions of one holding, the replies about different cards differ in one place only, the sentence
that opens the explanation ("Q♠ is legal." or "7♠ is not allowed.", engine.play.verdict): the legal cards,
the cites, the laws and the words that follow are the holding's. So the first question of a holding and a
verdict is answered by ``ask()`` like any other, and its reply, cut around that sentence, is kept; every later
one is that template with its own sentence put in. A new question then costs a few look-ups and a join instead
of the schema, the engine and the JSON writer (bench/site_bench.py, issue 22). A hand free to discard (no card
of the suit led, no trump it must play) has no holding: its legal cards are its own, and one template a card
led serves every such hand, cut around the list of legal cards as well.

Only what ``ask()`` answers at once is taken here, read from the body by msgspec into a :class:`PlayQuestion`: the
kind's own fields, each once, every card and suit written as the API writes them, a profile by its exact name, no
agreements, no house rules, a card led whose duty binds the hand. Anything else (an error to explain, a lead, more
holdings a card led than :data:`KEPT_HOLDINGS`) is None, and the Api reads and asks it as usual. A play question is
read into that record with no JSON object made and checked in Python, which cost a fifth of a new question's work
(bench/site_bench.py). tests/web/test_play_replies.py checks the replies against ``ask()``'s byte for byte,
holding by holding.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal, TypeAlias

import msgspec

from .. import jsonio
from ..asking import Shelf
from ..cards import CANONICAL_CARDS, PACK, SUITS, Card
from ..engine.play import KEPT_HOLDINGS, Lead, lead_for, outcome, verdict
from ..rulebook import Params, RuleBook

MOST_TEMPLATES = 8_192
"""Templates kept in all, each a few hundred bytes: a stranger sending every holding cannot fill the memory."""
EXPLANATION = b'"explanation":"'
LEGAL_CARDS = b'"legal_cards":['
QUOTED = {card.notation: jsonio.dumps(card.notation) for card in PACK}
# Each card of the pack as the API writes it, to a bit of its own: a hand's cards are a sum of bits, checked (every
# card once: as many bits set as cards) and cut (the holding: the bits of its suit) by a few operations on one
# integer, with no set made and freed (PlayReplies.reply 14,900 -> 14,200 instructions: bench/site_bench.py).
BIT = {card.notation: 1 << at for at, card in enumerate(PACK)}.__getitem__
_CARD = CANONICAL_CARDS.__getitem__
JOIN = b"".join  # a reply made in one go: each ``+`` would make and copy another
if TYPE_CHECKING:
    CardName: TypeAlias = str
    SuitLetter: TypeAlias = str
else:  # the pack's notations and the suits' letters, known once the cards are loaded
    CardName, SuitLetter = Literal[tuple(CANONICAL_CARDS)], Literal[tuple(SUITS)]


class PlayQuestion(msgspec.Struct, forbid_unknown_fields=True):
    """A play question in the API's notation, as msgspec reads it: any other field, or another value or writing of
    one of these, is refused while reading. A null given for ``card`` or ``profile`` is read as the field left out,
    and a key written twice as its last value: :meth:`PlayReplies.reply` counts the keys to tell them apart (ask()
    reads the one and refuses the other)."""

    kind: Literal["play"]
    trump: SuitLetter
    led: CardName
    hand: list[CardName]
    card: CardName | None = None
    profile: str | None = None


DECODE = msgspec.json.Decoder(PlayQuestion).decode
UNDECODED = (msgspec.DecodeError, msgspec.ValidationError)


def _bits(cards: Iterable[Card]) -> int:
    """The bits of ``cards`` (see :data:`BIT`), as one integer: for what a card led and a holding keep."""
    return sum(BIT(card.notation) for card in cards)


class _Holding:
    """One holding's legal cards (their bits), and its templates: the reply's two parts around the verdict
    when the card asked about is legal, and when it is not; the whole reply when none is asked about."""

    __slots__ = ("legal", "allowed", "refused", "whole")

    def __init__(self, legal: int):
        self.legal = legal
        self.allowed: tuple[bytes, bytes] | None = None
        self.refused: tuple[bytes, bytes] | None = None
        self.whole: bytes | None = None


class _Verdicts:
    """One profile's verdicts on every card, as JSON text without the quotes: legal (``allowed``) and not; and each
    card's place in the order its answers list cards (``place``, a sort key by notation)."""

    __slots__ = ("allowed", "refused", "place")

    def __init__(self, params: Params):
        self.allowed = {card.notation: jsonio.dumps(verdict(True, card, params))[1:-1] for card in PACK}
        self.refused = {card.notation: jsonio.dumps(verdict(False, card, params))[1:-1] for card in PACK}
        self.place = {card.notation: at for at, card in enumerate(params.ranking.sort(PACK))}.__getitem__


class _Lead:
    """A card led under one profile and trump suit, as the API writes them: which cards of a hand form its
    holding (their bits; none: the hand is free to discard), the holdings met so far, those ``ask()`` answers every time
    (``asked``), and the templates of a hand free to discard: the reply's three parts around the legal cards and
    the verdict (``free``), and its two parts around the legal cards when no card is asked about
    (``free_whole``)."""

    __slots__ = ("lead", "size", "of_suit", "of_trumps", "led", "holdings", "asked", "verdicts", "free",
                 "free_whole")

    def __init__(self, lead: Lead, params: Params, verdicts: _Verdicts):
        self.lead, self.verdicts = lead, verdicts
        self.size = params.hand_size  # read on every question: an attribute of its own, not a look-up in params
        self.of_suit = _bits(c for c in PACK if c.suit is lead.suit)
        # A void hand's trumps are its holding only when it must play one (engine.play.outcome); else it is free.
        must_trump = lead.trump_because is not None
        self.of_trumps = _bits(c for c in PACK if must_trump and lead.of_trumps(c))
        self.led = BIT(lead.card.notation)  # the one card a hand cannot hold
        # by the set of the holding's cards: no word of a reply depends on their order (engine.play.Lead)
        self.holdings: dict[int, _Holding] = {}
        self.asked: set[int] = set()
        self.free: tuple[bytes, bytes, bytes] | None = None
        self.free_whole: tuple[bytes, bytes] | None = None

    def listed(self, held: list[str]) -> bytes:
        """The cards of ``held`` as a reply lists legal cards: in the answers' order, as JSON text without the
        brackets."""
        return b",".join(map(QUOTED.__getitem__, sorted(held, key=self.verdicts.place)))


class Unmade:
    """A question :meth:`PlayReplies.reply` takes but has no template for yet: where it stands, for
    :meth:`PlayReplies.keep`."""

    __slots__ = ("lead", "key", "held", "asked")

    def __init__(self, lead: _Lead, key: int, held: list[str], asked: str | None):
        self.lead, self.key, self.held, self.asked = lead, key, held, asked


class PlayReplies:
    """One library's replies to play questions, by holding (see the module's docstring)."""

    def __init__(self, library: Shelf | RuleBook | None):
        """``library`` as ``ask()`` takes it (None: the bundled rule book, whose questions are all asked)."""
        self.library = library
        self.book = library if isinstance(library, RuleBook) or library is None else library.book
        # House rules give every question the house's profile and agreements: those questions are asked.
        self.open = isinstance(library, RuleBook) or library is not None and library.house is None
        # by profile, card led and trump suit: three look-ups cost less than making and comparing a key of three
        self.leads: dict[str | None, dict[str, dict[str, _Lead]]] = {}
        self.verdicts: dict[str, _Verdicts] = {}  # by profile, on first use
        self.templates = 0

    def reply(self, body: bytes) -> bytes | Unmade | None:
        """The reply ``ask()`` gave to a question of the same holding and verdict, made for the question ``body``
        holds; else an :class:`Unmade` when this module takes the question (read and ask it, then :meth:`keep` the
        reply), or None."""
        try:
            question = DECODE(body)
        except UNDECODED:  # no JSON, or no play question in the API's notation: ask() says which, or answers it
            return None
        asked, profile = question.card, question.profile
        # A colon for each key: one more is a key written twice (ask() refuses it) or a field given as null (ask()
        # reads it); no card or suit holds a colon, and a profile that does is no profile's name.
        if body.count(b":") != 4 + (asked is not None) + (profile is not None):
            return None
        try:
            lead: _Lead | None = self.leads[profile][question.led][question.trump]
        except KeyError:  # met for the first time, or a profile there is not
            lead = self._lead(profile, question.led, question.trump)
        if lead is None:
            return None
        held = question.hand
        cards = sum(map(BIT, held))  # the cards' bits: each is a card of the pack, read as the API writes it
        chosen = 0 if asked is None else BIT(asked)
        # every card once, as many as a hand holds, none of them the card led; the card asked about among them
        if cards.bit_count() != len(held) or not 0 < len(held) <= lead.size or cards & lead.led or \
                cards & chosen != chosen:
            return None
        key = cards & lead.of_suit or cards & lead.of_trumps
        if not key:  # free to discard: the template is the card led's, the legal cards the hand's own
            if asked is None:
                if lead.free_whole is not None:
                    return lead.listed(held).join(lead.free_whole)
            elif lead.free is not None:
                return JOIN((lead.free[0], lead.listed(held), lead.free[1], lead.verdicts.allowed[asked], lead.free[2]))
            return Unmade(lead, key, held, asked)
        holding = lead.holdings.get(key)
        if holding is not None:
            if asked is None:
                if holding.whole is not None:
                    return holding.whole
            elif chosen & holding.legal:
                if holding.allowed is not None:  # the verdict joins the template's two parts
                    return lead.verdicts.allowed[asked].join(holding.allowed)
            elif holding.refused is not None:
                return lead.verdicts.refused[asked].join(holding.refused)
        return Unmade(lead, key, held, asked)

    def keep(self, unmade: Unmade, reply: bytes) -> None:
        """Keep ``reply``, ``ask()``'s answer (status 200) to the question :meth:`reply` could not make, as the
        template of its holding and verdict."""
        lead, key, asked = unmade.lead, unmade.key, unmade.asked
        if self.templates >= MOST_TEMPLATES:
            return
        if not key:
            self._keep_free(unmade, reply)
            return
        holding = lead.holdings.get(key)
        if holding is None:
            if key in lead.asked or len(lead.holdings) + len(lead.asked) >= KEPT_HOLDINGS:
                return
            found = outcome(list(map(_CARD, unmade.held)), lead.lead)
            if found is None:  # free to discard after all: a rule book without the duty to follow suit
                lead.asked.add(key)
                return
            holding = lead.holdings[key] = _Holding(_bits(found.legal))
        if asked is None:
            if holding.whole is None:
                holding.whole = reply
                self.templates += 1
            return
        legal = BIT(asked) & holding.legal != 0
        if (holding.allowed if legal else holding.refused) is not None:
            return
        said = EXPLANATION + (lead.verdicts.allowed if legal else lead.verdicts.refused)[asked]
        at = _once(reply, said)
        if at == -1:
            return
        template = (reply[:at + len(EXPLANATION)], reply[at + len(said):])
        if legal:
            holding.allowed = template
        else:
            holding.refused = template
        self.templates += 1

    def _keep_free(self, unmade: Unmade, reply: bytes) -> None:
        """Keep ``reply``, to a question whose hand is free to discard, as its card led's template."""
        lead, asked = unmade.lead, unmade.asked
        if outcome(list(map(_CARD, unmade.held)), lead.lead) is not None or \
                (lead.free_whole if asked is None else lead.free) is not None:
            return  # the engine binds the hand after all (never: tests/web/test_play_replies.py), or kept already
        cards = LEGAL_CARDS + lead.listed(unmade.held) + b"]"
        at = _once(reply, cards)
        if at == -1:
            return
        head, rest = reply[:at + len(LEGAL_CARDS)], reply[at + len(cards) - 1:]
        if asked is None:
            lead.free_whole = head, rest
        else:
            said = EXPLANATION + lead.verdicts.allowed[asked]
            verdict_at = _once(rest, said)
            if verdict_at == -1:
                return
            lead.free = head, rest[:verdict_at + len(EXPLANATION)], rest[verdict_at + len(said):]
        self.templates += 1

    def _lead(self, profile: str | None, led: str, trump: str) -> _Lead | None:
        """The :class:`_Lead` of a profile (by its exact name; None: the default), card led and trump suit, made and
        kept; None for a profile the book has not, or when every question is asked (house rules)."""
        if not self.open or self.book is None or not (profile is None or profile in self.book.profiles):
            return None
        params = self.book.params(profile)
        verdicts = self.verdicts.get(params.profile) or self.verdicts.setdefault(params.profile, _Verdicts(params))
        found = _Lead(lead_for(_CARD(led), SUITS[trump], params), params, verdicts)
        self.leads.setdefault(profile, {}).setdefault(led, {})[trump] = found
        return found


def _once(reply: bytes, part: bytes) -> int:
    """Where ``part`` stands in ``reply`` when it stands there exactly once, else -1: a reply not of the shape this
    module knows is never kept (tests/web/test_play_replies.py fails first)."""
    at = reply.find(part)
    return -1 if at == -1 or reply.find(part, at + 1) != -1 else at
