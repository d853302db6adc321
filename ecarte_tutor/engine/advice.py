"""Advice on proposing or playing (kind ``advice``): a hand matched against the jeux de règle.

In: ``{"kind": "advice", "trump": suit, "hand": [5 cards], "seat": "elder" | "dealer",
"proposal_number": n}`` (``seat`` defaults to ``"elder"``, ``proposal_number`` to 1: the hand's first
proposal, the elder's to make or the dealer's to answer). Out:

- ``advice``: ``"play"`` or ``"propose"`` for the elder, ``"refuse"`` or ``"accept"`` for the dealer;
- ``play_without_proposing``: true when the hand should be played as dealt (for the
  dealer: when he should refuse, which commits him the same way);
- ``pattern``: the id of the hand pattern that decided, or null when none fits;
- ``consequences``: for each choice of the seat and each outcome, the points the scoring gives
  (:mod:`.stakes`); every cost the explanation states is one of them;
- ``computed``: where the tutor's computation of the list (:mod:`.jeux_weighed`, the page
  ``/rules/jeux-de-regle/computed``) disagrees with the advice for hands like this one, its figures
  (the share worth playing as dealt, its interval, the hands weighed, the gain a hand and the page); else null;
- ``trumps``, ``seat``, ``proposal_number``, ``cites``, ``explanation``, and ``laws: []`` (advice is not law).

The patterns are the rule book's (``RuleBook.strategy``, from ``rules/strategy/patterns.yaml``);
their wording is in the ``strategy.*`` rules of ``rules/strategy.yaml``. A seat's default explanation
there is a template: ``{stake:play}`` or ``{stake:refuse}`` is filled with what that choice stakes
at this proposal (:func:`.stakes.stake_clause`).

>>> from ecarte_tutor import ask
>>> ask({"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JS", "8H", "8D"]})["advice"]
'play'
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import cast

from ..cards import Card, Suit, shown, suit_name
from ..errors import QuestionError
from ..fields import read_cards, read_seat, read_suit, require, whole_number
from ..i18n import current, tr, trn
from ..jsontypes import Question
from ..marks import decides
from ..rulebook import Params, RuleBook
from ..strategy import KING_EXCEPTION_RULE, STAKE, Limits, Pattern, Strategy, SuitCondition
from . import stakes
from .citing import Explained
from .saying import Saying

# --- matching -------------------------------------------------------------------------------


def _in_range(n: int, limits: Limits) -> bool:
    return limits.get("min", 0) <= n <= limits.get("max", n)


def _suit_fits(suit_cards: list[Card], plain: list[Card], cond: SuitCondition) -> bool:
    ranks = {c.rank for c in suit_cards}
    if "cards" in cond and not _in_range(len(suit_cards), cond["cards"]):
        return False
    if "any_of" in cond and not ranks & set(cond["any_of"]):
        return False
    if "all_of" in cond and not set(cond["all_of"]) <= ranks:
        return False
    if "others_in" in cond:
        others = [c for c in plain if c not in suit_cards]
        if any(c.rank not in cond["others_in"] for c in others):
            return False
    return True


def _guarded(by_suit: dict[Suit, list[Card]], wanted: list[str]) -> bool:
    """Each wanted rank held with a second card of its suit, each in a different plain suit."""
    candidates = [s for s, cards in by_suit.items() if len(cards) >= 2]
    for suits in permutations(candidates, len(wanted)):
        if all(any(c.rank == rank for c in by_suit[s]) for s, rank in zip(suits, wanted, strict=True)):
            return True
    return False


def matches(pattern: Pattern, hand: list[Card], trump: Suit) -> bool:
    """True when ``hand`` (with ``trump``) meets every condition of ``pattern``."""
    when = pattern.when
    trumps = [c for c in hand if c.suit == trump]
    plain = [c for c in hand if c.suit != trump]
    by_suit: dict[Suit, list[Card]] = {}
    for card in plain:
        by_suit.setdefault(card.suit, []).append(card)
    if "trumps" in when and not _in_range(len(trumps), when["trumps"]):
        return False
    if "trump_king" in when and any(c.rank == "K" for c in trumps) != when["trump_king"]:
        return False
    if "suit" in when and not any(_suit_fits(cards, plain, when["suit"]) for cards in by_suit.values()):
        return False
    for entry in when.get("count", ()):
        n = sum(1 for c in plain if c.rank in entry["ranks"])
        if not _in_range(n, entry):
            return False
    return "guarded" not in when or _guarded(by_suit, when["guarded"])


@dataclass(frozen=True)
class Advice:
    """What the seat should do with this hand, and why."""

    advice: str
    pattern: Pattern | None
    king_exception: bool
    cites: tuple[str, ...]

    @property
    def play_without_proposing(self) -> bool:
        return self.advice in ("play", "refuse")


@decides(KING_EXCEPTION_RULE)
def advise(hand: list[Card], trump: Suit, seat: str, strategy: Strategy) -> Advice:
    """Try the seat's patterns in order; apply the king exception to an elder's jeu de règle."""
    for pattern in strategy.patterns:
        if pattern.seat != seat or not matches(pattern, hand, trump):
            continue
        holds_king = Card("K", trump) in hand
        # strategy.king-exception: with the king of trumps the elder proposes, hoping to be refused.
        if seat == "elder" and pattern.advice == "play" and pattern.king_exception and holds_king:
            return Advice("propose", pattern, True, (pattern.rule, KING_EXCEPTION_RULE))
        return Advice(pattern.advice, pattern, False, (pattern.rule,))
    default = strategy.defaults[seat]
    return Advice(default["advice"], None, False, (default["rule"],))


def _cards(cards: list[Card]) -> str:
    lang = current()
    return " ".join(shown(c, lang) for c in cards)


def _explain(advice: Advice, hand: list[Card], trump: Suit, seat: str, number: int, strategy: Strategy,
             params: Params, book: RuleBook) -> str:
    trumps = sum(1 for c in hand if c.suit == trump)
    opening = trn("%(cards)s with %(suit)s as trumps (%(count)d trump).",
                  "%(cards)s with %(suit)s as trumps (%(count)d trumps).", trumps, cards=_cards(hand),
                  suit=suit_name(trump, current()))
    found = stakes.consequences(seat, number, params, book)
    stake = stakes.stake_clause(found, seat, number, chooser=stakes.SEAT_WORDS[seat])
    if advice.pattern is None:
        text = " ".join(strategy.defaults[seat]["explanation"].split())
        return f"{opening} {STAKE.sub(lambda match: stake, text)}"
    label = advice.pattern.label
    if seat == "elder" and advice.king_exception:
        king = shown(Card("K", trump), current())
        refusal = stakes.stake_clause(stakes.consequences("dealer", number, params, book), "dealer", number,
                                      chooser="the dealer")
        return tr("%(opening)s It is a jeu de règle (%(label)s), but it holds the king of trumps, %(king)s: propose "
                  "instead. An exchange cannot give the king to the dealer, and %(refusal)s.", opening=opening,
                  label=label, king=king, refusal=refusal)
    if seat == "elder":
        said = {"opening": opening, "label": label, "count": params.point_tricks, "stake": stake}
        return tr("%(opening)s It is a jeu de règle (%(label)s): it should win %(count)d tricks unless the dealer "
                  "holds two trumps, so play without proposing (%(stake)s).", **said) if number == 1 else \
            tr("%(opening)s It is a jeu de règle (%(label)s): it should win %(count)d tricks unless the dealer holds "
               "two trumps, so play on without another exchange (%(stake)s).", **said)
    if advice.advice == "refuse":
        return tr("%(opening)s Refuse: %(label)s (%(stake)s).", opening=opening, label=label, stake=stake)
    return tr("%(opening)s Accept: %(label)s (%(stake)s).", opening=opening, label=label, stake=stake)


def read_proposal_number(question: Question, params: Params) -> int:
    """``proposal_number``: 1 (the default) for the hand's first proposal; a later one only where the
    agreements allow a second exchange."""
    value = question.get("proposal_number")
    if value is None:
        return 1
    number = whole_number(value)
    if number is None:
        raise QuestionError("bad-field", tr("'proposal_number' must be a whole number from 1 (the hand's first "
                                            "proposal), got %(value)s.", value=repr(value)), "proposal_number")
    if number < 1:
        raise QuestionError("out-of-range", tr("'proposal_number' counts the hand's proposals from 1 (the first), "
                                               "got %(value)d.", value=number), "proposal_number")
    if number > 1 and params.single_exchange:
        raise QuestionError("out-of-range", tr("Under the single-exchange agreement a hand has one proposal only, "
                                               "so there is no proposal %(number)d.", number=number),
                            "proposal_number")
    return number


class AdviceJson(Explained):
    """The ``advice`` kind's answer as sent (the module's docstring; docs/api.md)."""

    seat: str
    proposal_number: int
    advice: str  # play | propose (the elder), refuse | accept (the dealer)
    play_without_proposing: bool
    pattern: str | None
    trumps: int
    consequences: list[stakes.Consequence]
    computed: dict[str, object] | None


COMPUTED_PAGE = "/rules/jeux-de-regle/computed"
# Where the computed figures part from the list, in the rule book's words (rules/strategy.yaml, the jeux de
# règle's ``says``): by seat, for a hand of a pattern or one off the list.
COMPUTED_WORDS = {(seat, listed): Saying("strategy.jeux-de-regle", f"computed-{seat}-{listed}", "hands", "share",
                                         "low", "high", "gain", "page")
                  for seat in ("elder", "dealer") for listed in ("pattern", "off-list")}


@dataclass(frozen=True, slots=True)
class AdviceAnswer:
    """The ``advice`` kind's answer: the seat and the proposal it is about, the advice and the pattern that gave
    it, the trumps held, what each choice stakes, and why."""

    seat: str
    proposal_number: int
    advice: Advice
    trumps: int
    consequences: list[stakes.Consequence]
    explanation: str
    computed: dict[str, object] | None = None

    def as_json(self) -> AdviceJson:
        advice = self.advice
        return {"seat": self.seat, "proposal_number": self.proposal_number, "advice": advice.advice,
                "play_without_proposing": advice.play_without_proposing,
                "pattern": advice.pattern.id if advice.pattern else None, "trumps": self.trumps,
                "consequences": self.consequences, "computed": self.computed, "cites": list(advice.cites),
                "explanation": self.explanation, "laws": []}  # advice is not law


@decides("deal.five-cards", "scoring.point", "scoring.penalty")
def answer_advice(question: Question, book: RuleBook, params: Params) -> AdviceAnswer:
    """Kind ``advice``: should this hand be played without proposing (or the proposal refused)?"""
    trump = read_suit(require(question, "trump"), "trump")
    hand = read_cards(require(question, "hand"), "hand", min_count=params.hand_size, max_count=params.hand_size)
    seat = "elder" if question.get("seat") is None else read_seat(question["seat"], "seat")
    number = read_proposal_number(question, params)
    strategy = book.strategy
    if strategy is None:
        raise QuestionError("no-strategy", tr("This rule book has no jeux de règle (rules/strategy/patterns.yaml), "
                                              "so it cannot give advice."), "kind")
    advice = advise(hand, trump, seat, strategy)
    explanation = _explain(advice, hand, trump, seat, number, strategy, params, book)
    computed = _computed(advice, hand, trump, seat, number, params, book)
    if computed is not None:
        explanation += " " + _computed_words(computed, advice, seat, params)
    return AdviceAnswer(seat, number, advice, sum(1 for c in hand if c.suit == trump),
                        stakes.consequences(seat, number, params, book), explanation, computed)


def _computed(advice: Advice, hand: list[Card], trump: Suit, seat: str, number: int, params: Params,
              book: RuleBook) -> dict[str, object] | None:
    """The computation's figures for hands like this one, where they disagree with the list (the first proposal
    under the rules they were computed for; not the king's exception, which the pattern's figures mix in)."""
    from . import jeux_data

    if number != 1 or advice.king_exception or params is not book.params():
        return None
    found = jeux_data.disagreement(book, seat, advice.pattern, hand, trump, advice.advice)
    if found is None:
        return None
    return {"share": found["share"], "interval": list(found["interval"]), "hands": found["hands"],
            "gain": found["gain"], "page": COMPUTED_PAGE}


@decides("strategy.jeux-de-regle")
def _computed_words(computed: dict[str, object], advice: Advice, seat: str, params: Params) -> str:
    """The computed figures, where they part from the list, in the jeux de règle's own words."""
    low, high = cast(list[float], computed["interval"])
    saying = COMPUTED_WORDS[seat, "pattern" if advice.pattern is not None else "off-list"]
    return saying.say(params, hands=computed["hands"], share=f"{100 * cast(float, computed['share']):.0f}",
                      low=f"{100 * low:.0f}", high=f"{100 * high:.0f}", gain=f"{cast(float, computed['gain']):+.2f}",
                      page=computed["page"])
