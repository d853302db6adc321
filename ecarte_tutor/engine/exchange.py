"""The exchange when the stock runs short (kind ``exchange``; law 38 and the profiles' variant).

The elder hand is served first. What the dealer gets when the stock cannot cover
both exchanges is the variant ``short_stock_dealer``: under the club code he
must play his hand as it is; elsewhere he takes what remains.
"""
from __future__ import annotations

from ..errors import QuestionError
from ..fields import SEAT_NAMES, read_int, require
from ..jsontypes import Answer, Question
from ..marks import decides
from ..rulebook import Params, RuleBook
from .citing import Reasons


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
def share_stock(stock: int, elder: int, dealer: int | None, params: Params) -> tuple[dict[str, int], bool, bool]:
    """The draws and take-backs of each side (the answer's fields), whether the stock was short,
    and whether the dealer must therefore play his hand as it is."""
    elder_draws = min(elder, stock)
    remaining = stock - elder_draws
    short = elder > stock or (dealer is not None and elder + dealer > stock)
    # law 38 (london): when the stock cannot serve both, the dealer plays his hand as it is
    dealer_must_play = short and params.short_stock_dealer == "plays-without-exchange"
    # every field a number of cards, but exchange_over: true or false
    result: dict[str, int] = {"elder_draws": elder_draws, "elder_takes_back": elder - elder_draws}
    if dealer is None:
        dealer_draws = 0
        result["dealer_may_draw"] = min(remaining, params.dealer_max_discard)
    else:
        dealer_draws = 0 if dealer_must_play else min(dealer, remaining)
    result["dealer_draws"] = dealer_draws
    result["dealer_takes_back"] = (dealer or 0) - dealer_draws
    result["stock_left"] = remaining - dealer_draws
    # the single-exchange agreement ends the exchange once the dealer has discarded
    result["exchange_over"] = result["stock_left"] == 0 or dealer_must_play or (
        dealer is not None and params.single_exchange)
    return result, short, dealer_must_play


@decides("exchange.discard-and-draw", "exchange.short-stock", "law.38", "deal.turn-up",
         "variant.elder-min-discard", "variant.dealer-min-discard", "variant.single-exchange")
def answer_exchange(question: Question, book: RuleBook, params: Params) -> Answer:
    """Kind ``exchange``."""
    stock = read_int(require(question, "stock"), "stock", low=0, high=params.stock_size)
    elder = _read_discard(question, "elder", stock, params)
    dealer = None
    if question.get("dealer_discards") is not None:
        dealer = _read_discard(question, "dealer", stock - min(elder, stock), params)
    result, short, dealer_must_play = share_stock(stock, elder, dealer, params)
    reasons = Reasons(book).add("exchange.discard-and-draw")
    text = [f"The stock holds {stock} card{'s' * (stock != 1)}; the elder hand is served first and draws "
            f"{result['elder_draws']} for his {elder} discard{'s' * (elder != 1)}."]
    if result["elder_takes_back"]:
        text.append(f"The stock cannot replace {result['elder_takes_back']} of them, so he takes "
                    f"{'that card' if result['elder_takes_back'] == 1 else 'those cards'} back into his hand.")
    if short:
        reasons.add("exchange.short-stock", params.rule_for("short_stock_dealer")).law("law.38")
    if dealer is None:
        text.append(f"The dealer may then take up to {result['dealer_may_draw']}.")
    elif dealer_must_play:
        text.append("The stock cannot cover both exchanges, so the dealer takes nothing and must play his hand "
                    "as it is (he keeps any cards he had meant to discard).")
    else:
        text.append(f"The dealer draws {result['dealer_draws']}.")
        if result["dealer_takes_back"]:
            text.append(f"Only {result['dealer_draws']} card{'s' * (result['dealer_draws'] != 1)} remained, so he "
                        f"keeps {result['dealer_takes_back']} of the cards he meant to discard.")
    if dealer is not None and params.single_exchange and result["stock_left"] and not dealer_must_play:
        reasons.add(params.rule_for("single_exchange"))
        text.append("Only one exchange a hand was agreed, so the exchange is over with the dealer's discard.")
    text.append("No further proposal is possible: the exchange is over." if result["exchange_over"]
                else f"{result['stock_left']} card{'s' * (result['stock_left'] != 1)} remain, "
                     "so the elder may propose again.")
    return {**result, **reasons.fields(), "explanation": " ".join(text)}


def _read_discard(question: Question, seat: str, available: int, params: Params) -> int:
    """A side's discard, refused outside :func:`discard_limits` as the ``hand`` kind refuses it."""
    field = f"{seat}_discards"
    low, high = discard_limits(seat, available, params)
    count = read_int(require(question, field), field, low=0, high=high)
    if count < low:
        raise QuestionError("out-of-range", f"Under the {params.profile} profile the {SEAT_NAMES[seat]} must "
                                            f"discard at least {low} card{'s' * (low != 1)} while the stock can "
                                            f"replace {'it' if low == 1 else 'them'}, not {count} "
                                            f"({params.rule_for(f'{seat}_min_discard')}).", field)
    return count
