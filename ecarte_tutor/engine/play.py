"""The duties of play and the winner of a trick (kinds ``play`` and ``trick``).

The duties (follow suit, head the trick, trump when void) and the rank order are
parameters of the rule book; this module only combines them.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import wording
from ..cards import Card, Suit
from ..errors import QuestionError
from ..fields import read_card, read_cards, read_suit, require
from ..jsontypes import Answer, Question
from ..rulebook import Params, RuleBook
from .citing import Reasons, fields_for
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


@dataclass
class Duty:
    """Which cards of a hand may be played to ``led``, and why."""

    legal: list[Card]
    code: str  # lead | head | follow | trump | free
    because: str  # one sentence: the duty that decides
    rule_ids: list[str] = field(default_factory=list)

    @property
    def rank_matters(self) -> bool:
        """Following suit brings in the duty to beat the card led, so the rank order decides."""
        return self.code in ("follow", "head")


@decides("play.lead", "play.follow-suit", "play.head-the-trick", "play.trump-when-void", "play.free-discard")
def duty(hand: list[Card], led: Card | None, trump: Suit, params: Params) -> Duty:
    """The legal cards of ``hand`` and the duty that selects them."""
    if led is None:
        return Duty(list(hand), "lead", "You are leading, and the leader may lead any card.", ["play.lead"])
    led_suit = led.suit
    suit = led_suit.english
    followed = [c for c in hand if c.suit is led_suit]
    if followed and params.must_follow_suit:
        rule_ids = [params.rule_for("must_follow_suit")]
        because = f"{led.pretty} was led and you hold {suit}, so you must follow suit"
        if not params.must_head_trick:
            return Duty(followed, "follow", because + ".", rule_ids)
        rule_ids.append(params.rule_for("must_head_trick"))
        strength = params.ranking.strength  # every card here follows suit: only rank decides
        to_beat = strength[led.rank]
        winners = [c for c in followed if strength[c.rank] > to_beat]
        if winners:
            verb = "does" if len(winners) == 1 else "do"
            return Duty(winners, "head", f"{because} and beat {led.pretty} when you can: {card_list(winners)} {verb}.",
                        rule_ids)
        if len(followed) == 1:
            return Duty(followed, "follow", f"{because}; your only {suit[:-1]}, {followed[0].pretty}, does not beat "
                                            f"{led.pretty}, so play it all the same.", rule_ids)
        return Duty(followed, "follow", f"{because}; none of your {suit} beats {led.pretty}, so any of them will do.",
                    rule_ids)
    if not followed and params.must_trump_when_void and led_suit is not trump:
        trumps = [c for c in hand if c.suit is trump]
        if trumps:
            return Duty(trumps, "trump", f"You hold no {suit}, so you must trump {led.pretty} "
                                         f"({trump.english} are trumps; any trump wins this trick).",
                        [params.rule_for("must_trump_when_void")])
    return Duty(list(hand), "free", f"You hold no {suit} and no trump, so you may play any card.",
                ["play.free-discard"])


def _ace_note(hand: list[Card], led: Card | None, params: Params) -> str:
    """Point out the ace's place when it is in play: the commonest mistake (seed 003's example)."""
    if led is None or params.ranking.ace_above_knave:
        return ""
    aces = [c for c in hand if c.rank == "A" and c.suit == led.suit]
    if aces and params.ranking.higher(led, aces[0]):
        return f" Remember that the ace ranks below the knave, so {aces[0].pretty} does not beat {led.pretty}."
    return ""


def read_position(question: Question, params: Params) -> tuple[Suit, list[Card], Card | None]:
    trump = read_suit(require(question, "trump"), "trump")
    hand = read_cards(require(question, "hand"), "hand", min_count=1, max_count=params.hand_size)
    led = question.get("led")
    led = None if led is None else read_card(led, "led")
    if led is not None and led in hand:
        raise QuestionError("led-in-hand", f"The card led, {led.pretty}, cannot also be in your hand.", "led")
    return trump, hand, led


@decides("pack.rank-order", REVOKE, "deal.five-cards")
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
    rule_ids = tuple(found.rule_ids)
    if found.rank_matters:
        rule_ids += (params.rule_for("rank_order"),)
    if found.code in ("head", "trump", "follow") and REVOKE in book.rules:
        rule_ids += (REVOKE,)
    ordered = params.ranking.sort(found.legal)
    answer: Answer = {"legal_cards": [c.notation for c in ordered]}
    text = found.because + _ace_note(hand, led, params)
    if card is not None:
        answer["legal"] = card in found.legal
        if answer["legal"]:
            text = f"{card.pretty} is legal. " + text
        else:
            text = (f"{card.pretty} is not allowed. " + text +
                    f" You could play {card_list(ordered)} instead.")
    answer.update(fields_for(book, rule_ids))
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
