"""The duties of play and the winner of a trick (kinds ``play`` and ``trick``).

The duties (follow suit, head the trick, trump when void) and the rank order are
parameters of the rule book; this module only combines them. Its explanations are the rule
book's words (``says`` beside each rule, :mod:`.saying`), filled in with the cards at hand.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter
from typing import NotRequired

from .. import wording
from ..cards import CANONICAL_CARDS, PACK, SUITS, Card, Suit, rank_letter, rank_name, shown, suit_name, suit_one
from ..errors import QuestionError
from ..fields import read_card, read_cards, read_suit, require
from ..i18n import current, tr, trc
from ..jsontypes import Question
from ..marks import decides
from ..rulebook import Kept, Params, RuleBook
from .citing import Citing, Explained, Reasons
from .saying import Saying

REVOKE = "law.43"  # renouncing, or not winning a trick when able: cited beside every duty of the follower

# The outcomes explained, each by the rule that decides it (rules/play.yaml, rules/pack.yaml).
LEADING = Saying("play.lead", "leading")
FOLLOW = Saying("play.follow-suit", "follow", "led", "suit")
BEAT_WITH_ONE = Saying("play.head-the-trick", "beat-with-one", "led", "suit", "card")
BEAT_WITH_ANY = Saying("play.head-the-trick", "beat-with-any", "led", "suit", "cards")
ONLY_ONE_CANNOT_BEAT = Saying("play.head-the-trick", "only-one-cannot-beat", "led", "suit", "one", "card")
NONE_CAN_BEAT = Saying("play.head-the-trick", "none-can-beat", "led", "suit")
TRUMP = Saying("play.trump-when-void", "trump", "led", "suit", "trumps")
FREE = Saying("play.free-discard", "free", "suit")
FREE_TRUMP_LED = Saying("play.free-discard", "free-trump-led", "suit")  # "no hearts and no trump" when hearts lead
ACE_BELOW = Saying("pack.rank-order", "ace-below", "ace", "led", "rank")
LEGAL = Saying("play", "legal", "card")
NOT_ALLOWED = Saying("play", "not-allowed", "card")
INSTEAD = Saying("play", "instead", "cards")
SAME_SUIT = Saying("play.trick-winner", "same-suit", "suit", "high", "low", "order")
TRUMPED = Saying("play.trick-winner", "trumped", "led", "followed")
TRUMP_LED = Saying("play.trick-winner", "trump-led", "led", "followed", "one")
NOT_FOLLOWED = Saying("play.trick-winner", "not-followed", "led", "followed", "suit")


class DutyKind(StrEnum):
    """Which duty selects the legal cards of a hand (the value is the one ``Duty`` has always named it by)."""

    LEAD = "lead"  # the leader may lead any card (play.lead)
    HEAD = "head"  # follow suit and beat the card led: some card of the suit does (play.head-the-trick)
    FOLLOW = "follow"  # follow suit; no card of it can beat the card led, or no duty to (play.follow-suit)
    TRUMP = "trump"  # none of the suit led: play a trump (play.trump-when-void)
    FREE = "free"  # neither the suit led nor a trump: any card (play.free-discard)

    @property
    def follows_suit(self) -> bool:
        """The follower holds the suit led and must play it: a card of another suit is a revoke."""
        return self in (DutyKind.HEAD, DutyKind.FOLLOW)

    @property
    def binds(self) -> bool:
        """A duty that narrows the follower's choice, whose breach law 43 punishes."""
        return self in (DutyKind.HEAD, DutyKind.FOLLOW, DutyKind.TRUMP)


def beats(card: Card, led: Card, trump: Suit, params: Params) -> bool:
    """True when ``card``, played to ``led``, wins the trick."""
    if card.suit == led.suit:
        return params.ranking.higher(card, led)
    return card.suit == trump


def card_list(cards: Iterable[Card], last: str = "or", lang: str = "en") -> str:
    """Cards named for an explanation: "K♠", "K♠ or Q♠", "K♠, Q♠ or J♠" (``last``: "or", or "and"), in ``lang``."""
    return wording.listed([shown(c, lang) for c in cards], trc("list", last, lang))


@dataclass(slots=True)
class Duty:
    """Which cards of a hand may be played to ``led``, and why."""

    legal: list[Card]
    kind: DutyKind
    because: str  # one sentence: the duty that decides, in the rule book's words
    rule_ids: list[str] = field(default_factory=list)
    lead: Lead | None = None  # what the card led asks, when a card was led


class Outcome:
    """What a card led asks of one holding: the legal cards (in the hand's order and in rank order), the duty,
    its sentence and rule ids, and the note on the ace's place (or "").

    An answer about a card opens with "K♠ is legal" or "K♠ is not allowed" and goes on with ``legal_tail``, or
    with ``refused_tail``, which adds the cards to play instead: both are written here once."""

    __slots__ = ("legal", "ordered", "kind", "because", "ids", "ace_note", "legal_tail", "refused_tail")

    def __init__(self, legal: tuple[Card, ...], kind: DutyKind, because: str, ids: list[str], ace_note: str,
                 params: Params):
        self.legal, self.kind, self.because, self.ids, self.ace_note = legal, kind, because, ids, ace_note
        self.ordered = tuple(params.ranking.sort(legal))
        self.legal_tail = " " + because + ace_note
        self.refused_tail = self.legal_tail + " " + INSTEAD.say(params, cards=card_list(self.ordered, lang=params.lang))


class Lead:
    """What one card led asks of the follower, under one set of parameters and one trump suit.

    Everything here is the same whatever the follower holds, so it is worked out once for
    each parameters, trump and card led, and kept on the parameters (``_LEADS``). What it asks of
    a hand depends only on the hand's cards of the suit led, or, void of it, on its trumps (its holding,
    whose :class:`Outcome` :func:`outcome` works out). No word of an answer depends on the order the hand
    lists them in (the cards it names are in rank order).
    """

    __slots__ = ("card", "suit", "follow", "head", "beaten_by", "ace", "follow_because", "trump_because",
                 "free_because", "follow_ids", "trump_ids", "params", "of_suit", "of_trumps")

    def __init__(self, led: Card, trump: Suit, params: Params):
        self.card, self.suit, self.params = led, led.suit, params
        self.follow, self.head = params.must_follow_suit, params.must_head_trick
        ranking = params.ranking
        # the cards of the suit led that beat it: heading the trick is holding one of them
        self.beaten_by = frozenset(c for c in PACK if c.suit is led.suit and ranking.higher(c, led))
        # the ace of the suit led, when it ranks below the card led: the commonest mistake (seed 003)
        ace = Card("A", led.suit)
        self.ace = ace if not ranking.ace_above_knave and ranking.higher(led, ace) else None
        lang = params.lang
        suit = suit_name(led.suit, lang)
        self.follow_because = FOLLOW.say(params, led=shown(led, lang), suit=suit)
        self.follow_ids = [params.rule_for("must_follow_suit")]
        if self.head:
            self.follow_ids.append(params.rule_for("must_head_trick"))
        trumps = params.must_trump_when_void and led.suit is not trump
        self.trump_because = TRUMP.say(params, led=shown(led, lang), suit=suit, trumps=suit_name(trump, lang)) \
            if trumps else None
        self.trump_ids = [params.rule_for("must_trump_when_void")] if trumps else []
        self.free_because = FREE_TRUMP_LED.say(params, suit=suit_name(trump, lang)) if led.suit is trump else \
            FREE.say(params, suit=suit)
        # membership tests for picking a hand's cards of the suit led, and its trumps
        self.of_suit = frozenset(c for c in PACK if c.suit is led.suit).__contains__
        self.of_trumps = frozenset(c for c in PACK if c.suit is trump).__contains__

    def following(self, followed: tuple[Card, ...]) -> Outcome:
        """The outcome for a hand holding ``followed`` of the suit led (in the hand's order; at least one)."""
        params, led = self.params, self.card
        lang = params.lang
        suit, card = suit_name(self.suit, lang), shown(led, lang)
        ace = ""
        if self.ace is not None and self.ace in followed:  # the ace's place, when it is in play (seed 003)
            ace = " " + ACE_BELOW.say(params, ace=shown(self.ace, lang), led=card, rank=rank_name(led.rank, lang))
        if not self.head:
            return Outcome(followed, DutyKind.FOLLOW, self.follow_because, self.follow_ids, ace, params)
        winners = tuple(c for c in followed if c in self.beaten_by)  # every card here follows suit: rank decides
        if len(winners) == 1:
            because = BEAT_WITH_ONE.say(params, led=card, suit=suit, card=shown(winners[0], lang))
        elif winners:
            # named in rank order, as the answer lists its cards: how the hand was written changes no word; each
            # of them beats it, so "and" ("K♠ and Q♠ do"), where the cards to play instead are one "or" another
            named = card_list(params.ranking.sort(winners), "and", lang)
            because = BEAT_WITH_ANY.say(params, led=card, suit=suit, cards=named)
        elif len(followed) == 1:
            because = ONLY_ONE_CANNOT_BEAT.say(params, led=card, suit=suit, one=suit_one(self.suit, lang),
                                               card=shown(followed[0], lang))
        else:
            because = NONE_CAN_BEAT.say(params, led=card, suit=suit)
        return Outcome(winners or followed, DutyKind.HEAD if winners else DutyKind.FOLLOW, because,
                       self.follow_ids, ace, params)

    def trumping(self, trumps: tuple[Card, ...]) -> Outcome:
        """The outcome for a hand void in the suit led that holds ``trumps`` (at least one), when it must trump."""
        assert self.trump_because is not None
        return Outcome(trumps, DutyKind.TRUMP, self.trump_because, self.trump_ids, "", self.params)


_LEADS: Kept[tuple[Card, Suit], Lead] = Kept("what each card led asks, by card and trump suit")
_CITED: Kept[DutyKind, Citing] = Kept("the cites and laws of an answer decided by each kind of duty")


def lead_for(led: Card, trump: Suit, params: Params) -> Lead:
    """The :class:`Lead` of ``led`` under ``params`` with ``trump`` trumps, worked out on first use."""
    leads = _LEADS.of(params)
    found = leads.get((led, trump))
    if found is None:
        found = leads[led, trump] = Lead(led, trump, params)
    return found


def outcome(hand: list[Card], lead: Lead) -> Outcome | None:
    """What ``lead`` asks of ``hand``; None when the hand may play any card (void in the suit led, and no trump
    it must play)."""
    followed = tuple(filter(lead.of_suit, hand))  # in the hand's order
    if followed and lead.follow:
        return lead.following(followed)
    if not followed and lead.trump_because is not None:
        trumps = tuple(filter(lead.of_trumps, hand))
        if trumps:
            return lead.trumping(trumps)
    return None


@decides("play.lead", "play.follow-suit", "play.head-the-trick", "play.trump-when-void", "play.free-discard")
def duty(hand: list[Card], led: Card | None, trump: Suit, params: Params) -> Duty:
    """The legal cards of ``hand`` and the duty that selects them."""
    if led is None:
        return Duty(list(hand), DutyKind.LEAD, LEADING.say(params), ["play.lead"])
    lead = lead_for(led, trump, params)
    found = outcome(hand, lead)
    if found is None:
        return Duty(list(hand), DutyKind.FREE, lead.free_because, ["play.free-discard"], lead)
    return Duty(list(found.legal), found.kind, found.because, list(found.ids), lead)


def _ace_note(lead: Lead | None, hand: list[Card], params: Params) -> str:
    """Point out the ace's place when it is in play: the commonest mistake (seed 003's example)."""
    if lead is not None and lead.ace is not None and lead.ace in hand:
        lang = params.lang
        return " " + ACE_BELOW.say(params, ace=shown(lead.ace, lang), led=shown(lead.card, lang),
                                   rank=rank_name(lead.card.rank, lang))
    return ""


def read_position(question: Question, params: Params) -> tuple[Suit, list[Card], Card | None]:
    """The trump suit, the hand and the card led (None when leading), each checked."""
    suit, held, card = question.get("trump"), question.get("hand"), question.get("led")
    # nearly every question writes its cards as the API does (``QS``): read by look-ups alone
    if type(suit) is str and type(held) is list and 1 <= len(held) <= params.hand_size and \
            (card is None or type(card) is str):
        try:
            trump, hand = SUITS[suit], list(map(CANONICAL_CARDS.__getitem__, held))
            led = None if card is None else CANONICAL_CARDS[card]
        except (KeyError, TypeError):  # another notation, or no card at all (a number, a list)
            pass
        else:
            if len(set(hand)) == len(hand) and led not in hand:
                return trump, hand, led
    # anything else is read field by field, so that the error names what is wrong and where
    trump = read_suit(require(question, "trump"), "trump")
    hand = read_cards(require(question, "hand"), "hand", min_count=1, max_count=params.hand_size)
    led = None if card is None else read_card(card, "led")
    if led is not None and led in hand:
        raise QuestionError("led-in-hand", tr("The card led, %(card)s, cannot also be in your hand.",
                                             card=shown(led, current())), "led")
    return trump, hand, led


@decides("pack.rank-order", REVOKE)
def duty_citing(kind: DutyKind, rule_ids: Iterable[str], book: RuleBook, params: Params) -> Citing:
    """The ``cites`` and ``laws`` of an answer decided by a duty of ``kind`` (its ``rule_ids``): the duty's
    rules, the rank order when rank decides, and the law on revoking beside every duty of the follower."""
    # the same parameters give a duty the same ids, whatever the hand: worked out once
    cited = _CITED.of(params)
    found = cited.get(kind)
    if found is None:
        ids = tuple(rule_ids)
        if kind.follows_suit:  # following suit brings in the duty to beat the card led: the rank order decides
            ids += (params.rule_for("rank_order"),)
        if kind.binds and REVOKE in book.rules:
            ids += (REVOKE,)
        found = cited[kind] = Reasons(book).add(*ids).fields()
    return {"cites": list(found["cites"]), "laws": list(found["laws"])}  # copies: an answer may be changed


@dataclass(frozen=True)
class PlayAnswer:
    """The ``play`` kind's answer: the legal cards in rank order, whether the card asked about is one of them
    (None when none was asked), the rules that decided, and why."""

    legal_cards: tuple[Card, ...]
    legal: bool | None
    citing: Citing
    explanation: str

    def as_json(self) -> PlayJson:
        """The answer as docs/api.md gives it (``legal`` only when a card was asked about)."""
        cards, cites, laws, text = list(map(_NOTATION, self.legal_cards)), self.citing["cites"], self.citing["laws"], \
            self.explanation
        if self.legal is None:
            return {"legal_cards": cards, "cites": cites, "laws": laws, "explanation": text}
        return {"legal_cards": cards, "legal": self.legal, "cites": cites, "laws": laws, "explanation": text}


_NOTATION = attrgetter("notation")


class PlayJson(Explained):
    """The ``play`` kind's answer as sent (docs/api.md)."""

    legal_cards: list[str]  # canonical, in rank order
    legal: NotRequired[bool]  # only when a card was asked about


def verdict(legal: bool, card: Card, params: Params) -> str:
    """The sentence that opens an answer about ``card``: it is legal, or it is not allowed."""
    return (LEGAL if legal else NOT_ALLOWED).say(params, card=shown(card, params.lang))


@decides("deal.five-cards", "play.lead", "play.free-discard")
def answer_play(question: Question, book: RuleBook, params: Params) -> PlayAnswer:
    """Kind ``play``: the legal cards of a hand, and whether ``card`` may be played."""
    trump, hand, led = read_position(question, params)
    asked, card = question.get("card"), None
    if asked is not None:
        card = CANONICAL_CARDS.get(asked) if type(asked) is str else None  # the API's notation, by look-up
        if card is None:
            card = read_card(asked, "card")
        if card not in hand:
            lang = current()
            raise QuestionError("card-not-in-hand", tr("%(card)s is not in your hand (%(hand)s).",
                                                      card=shown(card, lang),
                                                      hand=", ".join(shown(c, lang) for c in hand)), "card")
    lead = None if led is None else lead_for(led, trump, params)
    found = None if lead is None else outcome(hand, lead)
    legal: bool | None = None
    if found is None:  # leading, or free to discard: every card of the hand may be played
        kind = DutyKind.LEAD if lead is None else DutyKind.FREE
        text = (LEADING.say(params) if lead is None else lead.free_because) + _ace_note(lead, hand, params)
        ordered = tuple(params.ranking.sort(hand))
        ids: Iterable[str] = ("play.lead",) if lead is None else ("play.free-discard",)
        if card is not None:
            legal, text = True, verdict(True, card, params) + " " + text
    else:
        kind, ordered, ids = found.kind, found.ordered, found.ids
        if card is None:
            text = found.because + found.ace_note
        else:
            legal = card in found.legal
            text = verdict(legal, card, params) + (found.legal_tail if legal else found.refused_tail)
    return PlayAnswer(ordered, legal, duty_citing(kind, ids, book, params), text)


def trick_winner(led: Card, followed: Card, trump: Suit, params: Params) -> str:
    """``"leader"`` or ``"follower"``."""
    return "follower" if beats(followed, led, trump, params) else "leader"


@decides("play.trick-winner", "pack.rank-order", "pack.trump-suit")
def explain_trick(led: Card, followed: Card, trump: Suit, params: Params) -> tuple[str, list[str]]:
    """Why the trick goes where it goes, and the rules used."""
    rules, lang = ["play.trick-winner"], params.lang
    if followed.suit == led.suit:
        high, low = (followed, led) if params.ranking.higher(followed, led) else (led, followed)
        rules.append(params.rule_for("rank_order"))
        text = SAME_SUIT.say(params, suit=suit_name(led.suit, lang), high=shown(high, lang), low=shown(low, lang),
                             order=" ".join(rank_letter(rank, lang) for rank in params.rank_order))
    elif followed.suit == trump:
        rules.append("pack.trump-suit")
        text = TRUMPED.say(params, led=shown(led, lang), followed=shown(followed, lang))
    elif led.suit == trump:
        rules.append("pack.trump-suit")
        text = TRUMP_LED.say(params, led=shown(led, lang), followed=shown(followed, lang),
                             one=suit_one(led.suit, lang))
    else:
        text = NOT_FOLLOWED.say(params, led=shown(led, lang), followed=shown(followed, lang),
                                suit=suit_name(led.suit, lang))
    return text, rules


@dataclass(frozen=True, slots=True)
class TrickAnswer:
    """The ``trick`` kind's answer: who wins, the rules that decided, and why."""

    winner: str  # leader | follower
    citing: Citing
    explanation: str

    def as_json(self) -> TrickJson:
        return {"winner": self.winner, **self.citing, "explanation": self.explanation}


class TrickJson(Explained):
    """The ``trick`` kind's answer as sent (docs/api.md)."""

    winner: str  # leader | follower


def answer_trick(question: Question, book: RuleBook, params: Params) -> TrickAnswer:
    """Kind ``trick``: who wins a trick of two cards."""
    trump = read_suit(require(question, "trump"), "trump")
    led = read_card(require(question, "led"), "led")
    followed = read_card(require(question, "followed"), "followed")
    if led == followed:
        raise QuestionError("duplicate-card", tr("The same card, %(card)s, cannot be both led and played to.",
                                                card=shown(led, current())),
                            "followed")
    text, rules = explain_trick(led, followed, trump, params)
    return TrickAnswer(trick_winner(led, followed, trump, params), Reasons(book).add(*rules).fields(), text)
