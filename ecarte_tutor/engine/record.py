"""What a record of play proves (kind ``record``): revokes and other faults shown by the cards alone.

The record lists the tricks in order — who led, the card led, the card played to it — without
the hands. After the exchange nobody takes a card, so every card a player shows later was in
his hand all along. A follower who did not follow suit is proven to have revoked once he later
plays a card of that suit; one who neither followed nor trumped, once he later plays a trump;
one who followed low without winning, once he later plays a card of the suit led that would
have won. A lead by the player who did not win the previous trick (by the dealer at the first)
is a lead out of turn, proven by the record itself. The duties come from the profile's
parameters, exactly as the ``play`` kind applies them.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypedDict

from ..cards import Card, Suit, shown, suit_name
from ..errors import QuestionError
from ..fields import other, read_card, read_seat, read_suit, require
from ..i18n import current, tr, trc, trn
from ..jsontypes import Question
from ..marks import decides
from ..rulebook import Params, RuleBook
from ..wording import seat_name
from .citing import Citing, Explained, Reasons
from .play import REVOKE, trick_winner

LEAD_OUT_OF_TURN = "law.40"


class FaultCode(StrEnum):
    """What a record of the tricks proves (``proven[].code``, docs/api.md)."""

    REVOKE = "revoke"  # did not follow suit, and later played that suit
    FAILED_TO_TRUMP = "failed-to-trump"  # neither followed nor trumped, and later played a trump
    FAILED_TO_WIN_TRICK = "failed-to-win-trick"  # followed low, and later played a card of the suit that would win
    LEAD_OUT_OF_TURN = "lead-out-of-turn"  # led without having won the previous trick (or the dealer at the first)


@dataclass(frozen=True)
class Trick:
    leader: str
    led: Card
    followed: Card | None

    @property
    def follower(self) -> str:
        return other(self.leader)


@dataclass
class Fault:
    """An irregularity the record proves: at which trick, by whom, and the later trick that proves it."""

    trick: int
    seat: str
    code: FaultCode
    proof: int | None
    rule_ids: tuple[str, ...]
    explanation: str


class Proven(TypedDict):
    """A fault as the answer lists it (``proven``)."""

    trick: int
    seat: str
    code: FaultCode
    proof: int | None
    laws: list[int]
    explanation: str


def read_tricks(question: Question, params: Params) -> list[Trick]:
    raw = require(question, "tricks")
    if not isinstance(raw, list):
        raise QuestionError("bad-field", tr("'tricks' must be a list of tricks like "
                                            "{\"leader\": \"elder\", \"led\": \"KS\", \"followed\": \"7S\"}."),
                            "tricks")
    if len(raw) > params.hand_size:
        raise QuestionError("too-many-tricks", tr("A hand has %(most)d tricks; the record lists %(count)d.",
                                                  most=params.hand_size, count=len(raw)), "tricks")
    tricks: list[Trick] = []
    seen: dict[Card, str] = {}
    for i, item in enumerate(raw):
        where = f"tricks[{i}]"
        if not isinstance(item, dict):
            raise QuestionError("bad-field", tr("%(field)s must be an object with leader, led and followed.",
                                                field=where), where)
        leader = read_seat(item.get("leader"), f"{where}.leader")
        led = read_card(require_in(item, "led", where), f"{where}.led")
        followed = item.get("followed")
        if followed is None and i < len(raw) - 1:
            raise QuestionError("unfinished-trick", tr("%(field)s has no card played to it; only the last trick of "
                                                       "the record may be unfinished.", field=where),
                                f"{where}.followed")
        followed = None if followed is None else read_card(followed, f"{where}.followed")
        for name, card in (("led", led), ("followed", followed)):
            if card is None:
                continue
            place = f"{where}.{name}"
            if card in seen:
                raise QuestionError("duplicate-card", tr("%(card)s appears twice in the record (%(first)s and "
                                                         "%(second)s); a pack holds each card once.",
                                                         card=shown(card, current()), first=seen[card],
                                                         second=place), place)
            seen[card] = place
        tricks.append(Trick(leader, led, followed))
    return tricks


def require_in(item: Mapping[str, object], name: str, where: str) -> object:
    if item.get(name) is None:
        raise QuestionError("missing-field", tr("%(field)s needs '%(name)s'.", field=where, name=name),
                            f"{where}.{name}")
    return item[name]


def _later(tricks: list[Trick], after: int, seat: str, wanted: Callable[[Card], bool]) -> int | None:
    """The first later trick in which ``seat`` shows a card that ``wanted`` accepts."""
    for j in range(after + 1, len(tricks)):
        trick = tricks[j]
        card = trick.led if trick.leader == seat else trick.followed
        if card is not None and wanted(card):
            return j
    return None


@decides("play.follow-suit", "play.head-the-trick", "play.trump-when-void", REVOKE)
def _follower_fault(tricks: list[Trick], i: int, trump: Suit, params: Params) -> Fault | None:
    """The fault, if the record proves one, in the card played to trick ``i``."""
    trick = tricks[i]
    led, card, seat = trick.led, trick.followed, trick.follower
    if card is None:
        return None
    suit, followed = led.suit, card

    def proven(held: Callable[[Card], bool], code: FaultCode, duty: str,
               says: Callable[[dict[str, object]], str]) -> Fault | None:
        """The fault ``code`` if a later trick shows the follower held a card ``held`` all along, said with the
        trick's words (made only then: a record's clean tricks are most of them)."""
        proof = _later(tricks, i, seat, held)
        if proof is None:
            return None
        lang = current()
        slots: dict[str, object] = {"trick": i + 1, "seat": seat_name(seat), "card": shown(followed, lang),
                                    "led": shown(led, lang), "later": proof + 1,
                                    "shown": shown(_shown(tricks[proof], seat), lang)}
        return Fault(i, seat, code, proof, (params.rule_for(duty), REVOKE), says(slots))

    if card.suit != suit and params.must_follow_suit:
        fault = proven(lambda c: c.suit == suit, FaultCode.REVOKE, "must_follow_suit", lambda slots: tr(
            "At trick %(trick)d %(seat)s played %(card)s to %(led)s without following suit, yet at trick %(later)d "
            "he played %(shown)s, a %(suit)s he held all along: a revoke.", suit=trc("suit", suit.english[:-1]),
            **slots))
        if fault is None and card.suit != trump and suit != trump and params.must_trump_when_void:
            fault = proven(lambda c: c.suit == trump, FaultCode.FAILED_TO_TRUMP, "must_trump_when_void",
                           lambda slots: tr(
                               # The record proves the trump he held, never that he held none of the suit led:
                               # holding one, he revoked; holding none, he failed to trump. Either is a fault.
                               "At trick %(trick)d %(seat)s played %(card)s to %(led)s, neither following suit nor "
                               "trumping, yet at trick %(later)d he played %(shown)s, a trump he held all along: had "
                               "he held any %(suit)s he should have followed, and holding none he should have "
                               "trumped. The record does not show which, but either way he broke a rule of play.",
                               suit=suit_name(suit, current()), **slots))
        return fault
    if card.suit == suit and params.must_head_trick and trick_winner(led, card, trump, params) == "leader":
        return proven(lambda c: c.suit == suit and params.ranking.higher(c, led), FaultCode.FAILED_TO_WIN_TRICK,
                      "must_head_trick", lambda slots: tr(
                          "At trick %(trick)d %(seat)s played %(card)s under %(led)s, yet at trick %(later)d he "
                          "played %(shown)s, which would have won it: he did not win a trick he could have won.",
                          **slots))
    return None


def _shown(trick: Trick, seat: str) -> Card:
    card = trick.led if trick.leader == seat else trick.followed
    assert card is not None
    return card


@decides("play.lead", "play.trick-winner", LEAD_OUT_OF_TURN)
def proven_faults(tricks: list[Trick], trump: Suit, params: Params) -> list[Fault]:
    """Every fault the record proves, trick by trick."""
    faults: list[Fault] = []
    rightful = "elder"  # the elder leads to the first trick; then the winner of each trick
    for i, trick in enumerate(tricks):
        if trick.leader != rightful:
            faults.append(Fault(i, trick.leader, FaultCode.LEAD_OUT_OF_TURN, None, ("play.lead", LEAD_OUT_OF_TURN),
                                tr("At trick %(trick)d %(seat)s led %(card)s, but %(rightful)s should have led.",
                                   trick=i + 1, seat=seat_name(trick.leader), card=shown(trick.led, current()),
                                   rightful=seat_name(rightful))))
        fault = _follower_fault(tricks, i, trump, params)
        if fault:
            faults.append(fault)
        if trick.followed is not None:
            won = trick_winner(trick.led, trick.followed, trump, params)
            rightful = trick.leader if won == "leader" else trick.follower
    return faults


@dataclass(frozen=True, slots=True)
class RecordAnswer:
    """The ``record`` kind's answer: the faults the record proves (none: it is clean), the rules and why."""

    proven: tuple[Proven, ...]
    citing: Citing
    explanation: str

    def as_json(self) -> RecordJson:
        return {"proven": list(self.proven), "clean": not self.proven, **self.citing, "explanation": self.explanation}


class RecordJson(Explained):
    """The ``record`` kind's answer as sent (docs/api.md): the faults the record proves, in order."""

    proven: list[Proven]
    clean: bool


@decides("play.lead", "pack.rank-order", "variant.ace-high")
def answer_record(question: Question, book: RuleBook, params: Params) -> RecordAnswer:
    """Kind ``record``: the irregularities a record of tricks proves by itself."""
    trump = read_suit(require(question, "trump"), "trump")
    tricks = read_tricks(question, params)
    faults = proven_faults(tricks, trump, params)
    reasons = Reasons(book).add("play.lead")
    if any(t.followed is not None and t.followed.suit == t.led.suit for t in tricks):
        # a trick of one suit is won by rank, and its rank decides the next leader and the duty to head it
        reasons.add(params.rule_for("rank_order"))
    proven: list[Proven] = []
    for fault in faults:
        cited = Reasons(book).add(*(r for r in fault.rule_ids if r in book.rules))
        reasons.add(*cited.ids)
        proven.append({"trick": fault.trick, "seat": fault.seat, "code": fault.code, "proof": fault.proof,
                       "laws": cited.laws, "explanation": fault.explanation})
    if proven:
        text = " ".join(item["explanation"] for item in proven)
    else:
        text = trn("Nothing in these %(count)d trick proves an irregularity: no player who failed to follow, to "
                   "trump or to win later showed a card that he must then have held, and every trick was led by the "
                   "player whose lead it was.",
                   "Nothing in these %(count)d tricks proves an irregularity: no player who failed to follow, to "
                   "trump or to win later showed a card that he must then have held, and every trick was led by the "
                   "player whose lead it was.", len(tricks))
    return RecordAnswer(tuple(proven), reasons.fields(), text)
