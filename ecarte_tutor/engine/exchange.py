"""The exchange when the stock runs short (kind ``exchange``; law 38 and the profiles' variant).

The elder hand is served first. What the dealer gets when the stock cannot cover
both exchanges is the variant ``short_stock_dealer``: under the club code he
must play his hand as it is; elsewhere he takes what remains.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NotRequired, TypedDict

from ..errors import QuestionError
from ..fields import read_int, require, whole_number
from ..i18n import tr, trn
from ..jsontypes import Question
from ..marks import decides
from ..rulebook import Params, RuleBook
from ..wording import profile_rules, seat_name
from .citing import Citing, Explained, Reasons


@dataclass(frozen=True, slots=True)
class StockShare:
    """How the stock serves the two discards: each side's draws and take-backs, and what is left.

    ``dealer_may_draw`` is set only while the dealer's discard is not known (None otherwise).
    """

    elder_draws: int
    elder_takes_back: int
    dealer_may_draw: int | None
    dealer_draws: int
    dealer_takes_back: int
    stock_left: int
    exchange_over: bool
    short: bool  # the stock could not serve both discards in full (law 38)
    dealer_must_play: bool  # ... and the profile makes the dealer play his hand as it is

    def draws(self, seat: str) -> int:
        """The cards ``seat`` (elder or dealer) draws."""
        return self.elder_draws if seat == "elder" else self.dealer_draws


class ExchangeJson(Explained):
    """The ``exchange`` kind's answer as sent (docs/api.md)."""

    elder_draws: int
    elder_takes_back: int
    dealer_may_draw: NotRequired[int]  # while the dealer's discard is not known
    dealer_draws: int
    dealer_takes_back: int
    stock_left: int
    exchange_over: bool


@dataclass(frozen=True, slots=True)
class ExchangeAnswer:
    """The ``exchange`` kind's answer: the stock's share, the rules that decided, and why."""

    share: StockShare
    citing: Citing
    explanation: str

    def as_json(self) -> ExchangeJson:
        """The answer as docs/api.md gives it (``dealer_may_draw`` only while the dealer's discard is unknown)."""
        share = self.share
        may: _MayDraw = {} if share.dealer_may_draw is None else {"dealer_may_draw": share.dealer_may_draw}
        return {"elder_draws": share.elder_draws, "elder_takes_back": share.elder_takes_back, **may,
                "dealer_draws": share.dealer_draws, "dealer_takes_back": share.dealer_takes_back,
                "stock_left": share.stock_left, "exchange_over": share.exchange_over, **self.citing,
                "explanation": self.explanation}


class _MayDraw(TypedDict, total=False):
    dealer_may_draw: int


@decides("exchange.discard-limits", "variant.elder-min-discard", "variant.dealer-min-discard")
def discard_limits(seat: str, available: int, params: Params) -> tuple[int, int]:
    """The fewest and the most cards ``seat`` may discard with ``available`` cards left in the stock.

    The one judge of a discard's size, for the ``hand`` and the ``exchange`` kinds alike: the
    profile's least, lowered to what the stock still holds (nobody must discard a card that cannot
    be replaced), and the profile's most (a larger discard than the stock is served as far as it
    goes, law 38).
    """
    low: int = getattr(params, f"{seat}_min_discard")
    high: int = getattr(params, f"{seat}_max_discard")
    return min(low, available), high


@decides("variant.short-stock-dealer", "exchange.discard-limits", "variant.single-exchange")
def share_stock(stock: int, elder: int, dealer: int | None, params: Params) -> StockShare:
    """How ``stock`` cards serve the elder's ``elder`` discards, then the dealer's (None: not yet known)."""
    elder_draws = min(elder, stock)
    remaining = stock - elder_draws
    short = elder > stock or (dealer is not None and elder + dealer > stock)
    # law 38 (london): when the stock cannot serve both, the dealer plays his hand as it is
    dealer_must_play = short and params.short_stock_dealer == "plays-without-exchange"
    may_draw = min(remaining, params.dealer_max_discard) if dealer is None else None
    dealer_draws = 0 if dealer is None or dealer_must_play else min(dealer, remaining)
    left = remaining - dealer_draws
    # the single-exchange agreement ends the exchange once the dealer has discarded
    over = left == 0 or dealer_must_play or (dealer is not None and params.single_exchange)
    return StockShare(elder_draws=elder_draws, elder_takes_back=elder - elder_draws, dealer_may_draw=may_draw,
                      dealer_draws=dealer_draws, dealer_takes_back=(dealer or 0) - dealer_draws, stock_left=left,
                      exchange_over=over, short=short, dealer_must_play=dealer_must_play)


@decides("exchange.discard-and-draw", "exchange.short-stock", "law.38", "deal.turn-up",
         "variant.elder-min-discard", "variant.dealer-min-discard", "variant.single-exchange")
def answer_exchange(question: Question, book: RuleBook, params: Params) -> ExchangeAnswer:
    """Kind ``exchange``."""
    stock = read_int(require(question, "stock"), "stock", low=0, high=params.stock_size)
    if stock == 0:  # exchange.short-stock: once the stock is used up no proposal can be made
        raise QuestionError("inconsistent-facts", tr("The stock is empty, so nobody can propose and there is no "
                                                     "exchange to settle: the hand is played as it stands."), "stock")
    elder = _read_discard(question, "elder", stock, params)
    dealer = None
    if question.get("dealer_discards") is not None:
        dealer = _read_discard(question, "dealer", stock - min(elder, stock), params)
    share = share_stock(stock, elder, dealer, params)
    reasons = Reasons(book).add("exchange.discard-and-draw")
    text = [trn("The stock holds %(count)d card; the elder hand is served first and draws %(draws)d for his "
                "%(discards)s.", "The stock holds %(count)d cards; the elder hand is served first and draws %(draws)d "
                "for his %(discards)s.", stock, draws=share.elder_draws,
                discards=trn("%(count)d discard", "%(count)d discards", elder))]
    if share.elder_takes_back:
        text.append(trn("The stock cannot replace %(count)d of them, so he takes that card back into his hand.",
                        "The stock cannot replace %(count)d of them, so he takes those cards back into his hand.",
                        share.elder_takes_back))
    if share.short:
        reasons.add("exchange.short-stock", params.rule_for("short_stock_dealer")).law("law.38")
    if dealer is None:
        text.append(tr("The dealer may then take up to %(count)d.", count=share.dealer_may_draw)
                    if share.dealer_may_draw else tr("Nothing is left in the stock for the dealer."))
    elif share.dealer_must_play:
        text.append(tr("The stock cannot cover both exchanges, so the dealer takes nothing and must play his hand "
                       "as it is (he keeps any cards he had meant to discard)."))
    else:
        if not share.dealer_draws and share.dealer_takes_back:
            text.append(tr("Nothing remained for the dealer, so he keeps every card he meant to discard."))
        else:
            text.append(tr("The dealer draws %(count)d.", count=share.dealer_draws))
        if share.dealer_draws and share.dealer_takes_back:
            text.append(trn("Only %(count)d card remained, so he keeps %(kept)d of the cards he meant to discard.",
                            "Only %(count)d cards remained, so he keeps %(kept)d of the cards he meant to discard.",
                            share.dealer_draws, kept=share.dealer_takes_back))
        if share.short:  # the profile departs from law 38 here: say so, never cite the law as if it agreed
            text.append(tr("Law 38 of the club code, which serves the elder first as here, would have the dealer "
                           "play his hand as it is; %(rules)s let him take what is left instead.",
                           rules=profile_rules(params.profile)))
    if dealer is not None and params.single_exchange and share.stock_left and not share.dealer_must_play:
        reasons.add(params.rule_for("single_exchange"))
        text.append(tr("Only one exchange a hand was agreed, so the exchange is over with the dealer's discard."))
    if dealer is None and not share.exchange_over:  # the dealer's own discard, still to come, decides what is left
        text.append(tr("Whether the elder may propose again depends on what the dealer's exchange leaves."))
    else:
        text.append(tr("No further proposal is possible: the exchange is over.") if share.exchange_over
                    else trn("%(count)d card remain, so the elder may propose again.",
                             "%(count)d cards remain, so the elder may propose again.", share.stock_left))
    return ExchangeAnswer(share, reasons.fields(), " ".join(text))


def _read_discard(question: Question, seat: str, available: int, params: Params) -> int:
    """A side's discard, refused outside :func:`discard_limits` as the ``hand`` kind refuses it."""
    field = f"{seat}_discards"
    low, high = discard_limits(seat, available, params)
    raw = require(question, field)
    count = whole_number(raw)
    if count is None or not 0 <= count <= high:
        read_int(raw, field, low=low, high=high)  # raises, naming the profile's own limits
    assert count is not None
    if count < low:
        raise QuestionError("out-of-range", trn("Under %(rules)s %(seat)s must discard at least %(count)d card while "
                                                "the stock can replace it, not %(given)d.",
                                                "Under %(rules)s %(seat)s must discard at least %(count)d cards while "
                                                "the stock can replace them, not %(given)d.", low,
                                                rules=profile_rules(params.profile), seat=seat_name(seat),
                                                given=count), field)
    return count
