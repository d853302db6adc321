"""The duties of play and the winner of a trick (kinds ``play`` and ``trick``).

The duties (follow suit, head the trick, trump when void) and the rank order are
parameters of the rule book; this module only combines them. Its explanations are the rule
book's words (``says`` beside each rule, :mod:`.saying`), filled in with the cards at hand.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from .. import wording
from ..cards import CANONICAL_CARDS, PACK, RANK_NAMES, SUITS, Card, Suit
from ..errors import QuestionError
from ..fields import read_card, read_cards, read_suit, require
from ..jsontypes import Answer, Question
from ..marks import decides
from ..rulebook import Kept, Params, RuleBook
from .citing import Citing, Reasons, fields_for
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


def card_list(cards: Iterable[Card]) -> str:
    """Cards named for an explanation: "K♠", "K♠ or Q♠", "K♠, Q♠ or J♠"."""
    names = [c.pretty for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


@dataclass(slots=True)
class Duty:
    """Which cards of a hand may be played to ``led``, and why."""

    legal: list[Card]
    kind: DutyKind
    because: str  # one sentence: the duty that decides, in the rule book's words
    rule_ids: list[str] = field(default_factory=list)
    lead: Lead | None = None  # what the card led asks, when a card was led

    @property
    def rank_matters(self) -> bool:
        """Following suit brings in the duty to beat the card led, so the rank order decides."""
        return self.kind.follows_suit


class Lead:
    """What one card led asks of the follower, under one set of parameters and one trump suit.

    Everything here is the same whatever the follower holds, so it is worked out once for
    each parameters, trump and card led, and kept on the parameters (``_LEADS``):
    :func:`duty` then only sorts the hand against it.
    """

    __slots__ = ("card", "suit", "follow", "head", "beaten_by", "ace", "follow_because", "trump_because",
                 "free_because", "follow_ids", "trump_ids")

    def __init__(self, led: Card, trump: Suit, params: Params):
        self.card, self.suit = led, led.suit
        self.follow, self.head = params.must_follow_suit, params.must_head_trick
        ranking = params.ranking
        # the cards of the suit led that beat it: heading the trick is holding one of them
        self.beaten_by = frozenset(c for c in PACK if c.suit is led.suit and ranking.higher(c, led))
        # the ace of the suit led, when it ranks below the card led: the commonest mistake (seed 003)
        ace = Card("A", led.suit)
        self.ace = ace if not ranking.ace_above_knave and ranking.higher(led, ace) else None
        suit = led.suit.english
        self.follow_because = FOLLOW.say(params, led=led.pretty, suit=suit)
        self.follow_ids = [params.rule_for("must_follow_suit")]
        if self.head:
            self.follow_ids.append(params.rule_for("must_head_trick"))
        trumps = params.must_trump_when_void and led.suit is not trump
        self.trump_because = TRUMP.say(params, led=led.pretty, suit=suit, trumps=trump.english) if trumps else None
        self.trump_ids = [params.rule_for("must_trump_when_void")] if trumps else []
        self.free_because = FREE.say(params, suit=suit)


_LEADS: Kept[tuple[Card, Suit], Lead] = Kept("what each card led asks, by card and trump suit")
_CITED: Kept[DutyKind, tuple[str, ...]] = Kept("the rule ids an answer decided by each kind of duty cites")


def lead_for(led: Card, trump: Suit, params: Params) -> Lead:
    """The :class:`Lead` of ``led`` under ``params`` with ``trump`` trumps, worked out on first use."""
    leads = _LEADS.of(params)
    found = leads.get((led, trump))
    if found is None:
        found = leads[led, trump] = Lead(led, trump, params)
    return found


@decides("play.lead", "play.follow-suit", "play.head-the-trick", "play.trump-when-void", "play.free-discard")
def duty(hand: list[Card], led: Card | None, trump: Suit, params: Params) -> Duty:
    """The legal cards of ``hand`` and the duty that selects them."""
    if led is None:
        return Duty(list(hand), DutyKind.LEAD, LEADING.say(params), ["play.lead"])
    lead = lead_for(led, trump, params)
    led_suit = lead.suit
    followed = [c for c in hand if c.suit is led_suit]
    if followed and lead.follow:
        if not lead.head:
            return Duty(followed, DutyKind.FOLLOW, lead.follow_because, list(lead.follow_ids), lead)
        winners = [c for c in followed if c in lead.beaten_by]  # every card here follows suit: only rank decides
        suit = led_suit.english
        if winners:
            because = BEAT_WITH_ONE.say(params, led=led.pretty, suit=suit, card=winners[0].pretty) \
                if len(winners) == 1 else BEAT_WITH_ANY.say(params, led=led.pretty, suit=suit, cards=card_list(winners))
            return Duty(winners, DutyKind.HEAD, because, list(lead.follow_ids), lead)
        if len(followed) == 1:
            because = ONLY_ONE_CANNOT_BEAT.say(params, led=led.pretty, suit=suit, one=suit[:-1],
                                               card=followed[0].pretty)
        else:
            because = NONE_CAN_BEAT.say(params, led=led.pretty, suit=suit)
        return Duty(followed, DutyKind.FOLLOW, because, list(lead.follow_ids), lead)
    if not followed and lead.trump_because is not None:
        trumps = [c for c in hand if c.suit is trump]
        if trumps:
            return Duty(trumps, DutyKind.TRUMP, lead.trump_because, list(lead.trump_ids), lead)
    return Duty(list(hand), DutyKind.FREE, lead.free_because, ["play.free-discard"], lead)


def _ace_note(found: Duty, hand: list[Card], params: Params) -> str:
    """Point out the ace's place when it is in play: the commonest mistake (seed 003's example)."""
    lead = found.lead
    if lead is not None and lead.ace is not None and lead.ace in hand:
        return " " + ACE_BELOW.say(params, ace=lead.ace.pretty, led=lead.card.pretty, rank=RANK_NAMES[lead.card.rank])
    return ""


def read_position(question: Question, params: Params) -> tuple[Suit, list[Card], Card | None]:
    """The trump suit, the hand and the card led (None when leading), each checked."""
    suit, held, card = question.get("trump"), question.get("hand"), question.get("led")
    # nearly every question writes its cards as the API does (``QS``): read by look-ups alone
    if type(suit) is str and type(held) is list and 1 <= len(held) <= params.hand_size and \
            (card is None or type(card) is str):
        try:
            trump, hand = SUITS[suit], [CANONICAL_CARDS[item] for item in held]
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
        raise QuestionError("led-in-hand", f"The card led, {led.pretty}, cannot also be in your hand.", "led")
    return trump, hand, led


@decides("pack.rank-order", REVOKE)
def duty_citing(found: Duty, book: RuleBook, params: Params) -> Citing:
    """The ``cites`` and ``laws`` of an answer decided by ``found``: the duty's rules, the rank order
    when rank decides, and the law on revoking beside every duty of the follower."""
    # the same parameters give a duty the same ids, whatever the hand: worked out once
    cited = _CITED.of(params)
    rule_ids = cited.get(found.kind)
    if rule_ids is None:
        rule_ids = tuple(found.rule_ids)
        if found.rank_matters:
            rule_ids += (params.rule_for("rank_order"),)
        if found.kind.binds and REVOKE in book.rules:
            rule_ids += (REVOKE,)
        cited[found.kind] = rule_ids
    return fields_for(book, rule_ids)


@dataclass(frozen=True, slots=True)
class PlayAnswer:
    """The ``play`` kind's answer: the legal cards in rank order, whether the card asked about is one of them
    (None when none was asked), the rules that decided, and why."""

    legal_cards: tuple[Card, ...]
    legal: bool | None
    citing: Citing
    explanation: str

    def as_json(self) -> Answer:
        """The answer as docs/api.md gives it (``legal`` only when a card was asked about)."""
        answer: Answer = {"legal_cards": [c.notation for c in self.legal_cards]}
        if self.legal is not None:
            answer["legal"] = self.legal
        answer.update(self.citing)
        answer["explanation"] = self.explanation
        return answer


@decides("deal.five-cards")
def answer_play(question: Question, book: RuleBook, params: Params) -> PlayAnswer:
    """Kind ``play``: the legal cards of a hand, and whether ``card`` may be played."""
    trump, hand, led = read_position(question, params)
    card = question.get("card")
    if card is not None:
        card = read_card(card, "card")
        if card not in hand:
            raise QuestionError("card-not-in-hand", f"{card.pretty} is not in your hand ({wording.card_list(hand)}).",
                                "card")
    found = duty(hand, led, trump, params)
    ordered = tuple(params.ranking.sort(found.legal))
    text = found.because + _ace_note(found, hand, params)
    legal = None if card is None else card in found.legal
    if card is not None and legal:
        text = LEGAL.say(params, card=card.pretty) + " " + text
    elif card is not None:
        instead = INSTEAD.say(params, cards=card_list(ordered))
        text = " ".join((NOT_ALLOWED.say(params, card=card.pretty), text, instead))
    return PlayAnswer(ordered, legal, duty_citing(found, book, params), text)


def trick_winner(led: Card, followed: Card, trump: Suit, params: Params) -> str:
    """``"leader"`` or ``"follower"``."""
    return "follower" if beats(followed, led, trump, params) else "leader"


@decides("play.trick-winner", "pack.rank-order", "pack.trump-suit")
def explain_trick(led: Card, followed: Card, trump: Suit, params: Params) -> tuple[str, list[str]]:
    """Why the trick goes where it goes, and the rules used."""
    rules = ["play.trick-winner"]
    if followed.suit == led.suit:
        high, low = (followed, led) if params.ranking.higher(followed, led) else (led, followed)
        rules.append(params.rule_for("rank_order"))
        text = SAME_SUIT.say(params, suit=led.suit.english, high=high.pretty, low=low.pretty,
                             order=" ".join(params.rank_order))
    elif followed.suit == trump:
        rules.append("pack.trump-suit")
        text = TRUMPED.say(params, led=led.pretty, followed=followed.pretty)
    elif led.suit == trump:
        rules.append("pack.trump-suit")
        text = TRUMP_LED.say(params, led=led.pretty, followed=followed.pretty, one=led.suit.english[:-1])
    else:
        text = NOT_FOLLOWED.say(params, led=led.pretty, followed=followed.pretty, suit=led.suit.english)
    return text, rules


@dataclass(frozen=True, slots=True)
class TrickAnswer:
    """The ``trick`` kind's answer: who wins, the rules that decided, and why."""

    winner: str  # leader | follower
    citing: Citing
    explanation: str

    def as_json(self) -> Answer:
        return {"winner": self.winner, **self.citing, "explanation": self.explanation}


def answer_trick(question: Question, book: RuleBook, params: Params) -> TrickAnswer:
    """Kind ``trick``: who wins a trick of two cards."""
    trump = read_suit(require(question, "trump"), "trump")
    led = read_card(require(question, "led"), "led")
    followed = read_card(require(question, "followed"), "followed")
    if led == followed:
        raise QuestionError("duplicate-card", f"The same card, {led.pretty}, cannot be both led and played to.",
                            "followed")
    text, rules = explain_trick(led, followed, trump, params)
    return TrickAnswer(trick_winner(led, followed, trump, params), Reasons(book).add(*rules).fields(), text)
