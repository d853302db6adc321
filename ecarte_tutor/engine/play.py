"""The duties of play and the winner of a trick (kinds ``play`` and ``trick``).

The duties (follow suit, head the trick, trump when void) and the rank order are
parameters of the rule book; this module only combines them.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import wording
from ..cards import CANONICAL_CARDS, PACK, RANK_NAMES, SUITS, Card, Suit
from ..errors import QuestionError
from ..fields import read_card, read_cards, read_suit, require
from ..jsontypes import Answer, Question
from ..rulebook import Params, RuleBook
from .citing import Citing, Reasons, fields_for
from .decides import decides

REVOKE = "law.43"  # renouncing, or not winning a trick when able: cited beside every duty of the follower


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
    code: str  # lead | head | follow | trump | free
    because: str  # one sentence: the duty that decides
    rule_ids: list[str] = field(default_factory=list)
    lead: Lead | None = None  # what the card led asks, when a card was led

    @property
    def rank_matters(self) -> bool:
        """Following suit brings in the duty to beat the card led, so the rank order decides."""
        return self.code in ("follow", "head")


class Lead:
    """What one card led asks of the follower, under one set of parameters and one trump suit.

    Everything here is the same whatever the follower holds, so it is worked out once for
    each parameters, trump and card led, and kept on the parameters (``Params.derived``):
    :func:`duty` then only sorts the hand against it.
    """

    __slots__ = ("suit", "follow", "head", "beaten_by", "ace", "because", "trump_because", "free_because",
                 "follow_ids", "trump_ids")

    def __init__(self, led: Card, trump: Suit, params: Params):
        self.suit = led.suit
        self.follow, self.head = params.must_follow_suit, params.must_head_trick
        ranking = params.ranking
        # the cards of the suit led that beat it: heading the trick is holding one of them
        self.beaten_by = frozenset(c for c in PACK if c.suit is led.suit and ranking.higher(c, led))
        # the ace of the suit led, when it ranks below the card led: the commonest mistake (seed 003)
        ace = Card("A", led.suit)
        self.ace = ace if not ranking.ace_above_knave and ranking.higher(led, ace) else None
        suit = led.suit.english
        self.because = f"{led.pretty} was led and you hold {suit}, so you must follow suit"
        self.follow_ids = [params.rule_for("must_follow_suit")]
        if self.head:
            self.follow_ids.append(params.rule_for("must_head_trick"))
        trumps = params.must_trump_when_void and led.suit is not trump
        self.trump_because = (f"You hold no {suit}, so you must trump {led.pretty} "
                              f"({trump.english} are trumps; any trump wins this trick).") if trumps else None
        self.trump_ids = [params.rule_for("must_trump_when_void")] if trumps else []
        self.free_because = f"You hold no {suit} and no trump, so you may play any card."


def lead_for(led: Card, trump: Suit, params: Params) -> Lead:
    """The :class:`Lead` of ``led`` under ``params`` with ``trump`` trumps, worked out on first use."""
    found: Lead | None = params.derived.get((led, trump))
    if found is None:
        found = params.derived[led, trump] = Lead(led, trump, params)
    return found


@decides("play.lead", "play.follow-suit", "play.head-the-trick", "play.trump-when-void", "play.free-discard")
def duty(hand: list[Card], led: Card | None, trump: Suit, params: Params) -> Duty:
    """The legal cards of ``hand`` and the duty that selects them."""
    if led is None:
        return Duty(list(hand), "lead", "You are leading, and the leader may lead any card.", ["play.lead"])
    lead = lead_for(led, trump, params)
    led_suit = lead.suit
    followed = [c for c in hand if c.suit is led_suit]
    if followed and lead.follow:
        because = lead.because
        if not lead.head:
            return Duty(followed, "follow", because + ".", list(lead.follow_ids), lead)
        winners = [c for c in followed if c in lead.beaten_by]  # every card here follows suit: only rank decides
        if winners:
            verb = "does" if len(winners) == 1 else "do"
            return Duty(winners, "head", f"{because} and beat {led.pretty} when you can: {card_list(winners)} {verb}.",
                        list(lead.follow_ids), lead)
        suit = led_suit.english
        if len(followed) == 1:
            return Duty(followed, "follow", f"{because}; your only {suit[:-1]}, {followed[0].pretty}, does not beat "
                                            f"{led.pretty}, so play it all the same.", list(lead.follow_ids), lead)
        return Duty(followed, "follow", f"{because}; none of your {suit} beats {led.pretty}, so any of them will do.",
                    list(lead.follow_ids), lead)
    if not followed and lead.trump_because is not None:
        trumps = [c for c in hand if c.suit is trump]
        if trumps:
            return Duty(trumps, "trump", lead.trump_because, list(lead.trump_ids), lead)
    return Duty(list(hand), "free", lead.free_because, ["play.free-discard"], lead)


def _ace_note(found: Duty, hand: list[Card], led: Card | None) -> str:
    """Point out the ace's place when it is in play: the commonest mistake (seed 003's example)."""
    ace = found.lead.ace if found.lead is not None else None
    if ace is not None and led is not None and ace in hand:
        # the comparison named is the one at hand: below the knave only when a knave was led
        name = RANK_NAMES[led.rank]
        return f" Remember that the ace ranks below the {name}, so {ace.pretty} does not beat {led.pretty}."
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
    rule_ids: tuple[str, ...] | None = params.derived.get(("cited", found.code))
    if rule_ids is None:
        rule_ids = tuple(found.rule_ids)
        if found.rank_matters:
            rule_ids += (params.rule_for("rank_order"),)
        if found.code in ("head", "trump", "follow") and REVOKE in book.rules:
            rule_ids += (REVOKE,)
        params.derived["cited", found.code] = rule_ids
    return fields_for(book, rule_ids)


@decides("deal.five-cards")
def answer_play(question: Question, book: RuleBook, params: Params) -> Answer:
    """Kind ``play``: the legal cards of a hand, and whether ``card`` may be played."""
    trump, hand, led = read_position(question, params)
    card = question.get("card")
    if card is not None:
        card = read_card(card, "card")
        if card not in hand:
            raise QuestionError("card-not-in-hand", f"{card.pretty} is not in your hand ({wording.card_list(hand)}).",
                                "card")
    found = duty(hand, led, trump, params)
    ordered = params.ranking.sort(found.legal)
    answer: Answer = {"legal_cards": [c.notation for c in ordered]}
    text = found.because + _ace_note(found, hand, led)
    if card is not None:
        legal = answer["legal"] = card in found.legal
        if legal:
            text = f"{card.pretty} is legal. " + text
        else:
            text = (f"{card.pretty} is not allowed. " + text +
                    f" You could play {card_list(ordered)} instead.")
    answer.update(duty_citing(found, book, params))
    answer["explanation"] = text
    return answer


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
        text = (f"Both cards are {led.suit.english}; {high.pretty} ranks above {low.pretty} "
                f"(order {' '.join(params.rank_order)}), so {high.pretty} wins.")
    elif followed.suit == trump:
        rules.append("pack.trump-suit")
        text = f"{followed.pretty} is a trump and {led.pretty} is not, so the trump wins."
    elif led.suit == trump:
        rules.append("pack.trump-suit")
        text = (f"{led.pretty} is a trump and {followed.pretty} is neither a trump nor a "
                f"{led.suit.english[:-1]}, so {led.pretty} wins.")
    else:
        text = (f"{followed.pretty} neither follows {led.suit.english} nor is a trump, "
                f"so it cannot win: {led.pretty} takes the trick.")
    return text, rules


def answer_trick(question: Question, book: RuleBook, params: Params) -> Answer:
    """Kind ``trick``: who wins a trick of two cards."""
    trump = read_suit(require(question, "trump"), "trump")
    led = read_card(require(question, "led"), "led")
    followed = read_card(require(question, "followed"), "followed")
    if led == followed:
        raise QuestionError("duplicate-card", f"The same card, {led.pretty}, cannot be both led and played to.",
                            "followed")
    text, rules = explain_trick(led, followed, trump, params)
    return {"winner": trick_winner(led, followed, trump, params), **Reasons(book).add(*rules).fields(),
            "explanation": text}
