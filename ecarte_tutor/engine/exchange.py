"""The exchange when the stock runs short (kind ``exchange``; law 38 and the profiles' variant).

The elder hand is served first. What the dealer gets when the stock cannot cover
both exchanges is the variant ``short_stock_dealer``: under the club code he
must play his hand as it is; elsewhere he takes what remains.
"""
from __future__ import annotations

from ..fields import read_int, require
from ..jsontypes import Answer, Question
from ..marks import decides
from ..rulebook import Params, RuleBook
from .citing import Reasons


@decides("variant.short-stock-dealer", "exchange.discard-limits")
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
    result["exchange_over"] = result["stock_left"] == 0 or dealer_must_play
    return result, short, dealer_must_play


@decides("exchange.discard-and-draw", "exchange.short-stock", "law.38", "deal.turn-up",
         "variant.elder-min-discard", "variant.dealer-min-discard")
def answer_exchange(question: Question, book: RuleBook, params: Params) -> Answer:
    """Kind ``exchange``."""
    stock = read_int(require(question, "stock"), "stock", low=0, high=params.stock_size)
    elder = read_int(require(question, "elder_discards"), "elder_discards",
                     low=params.elder_min_discard, high=params.elder_max_discard)
    dealer = question.get("dealer_discards")
    if dealer is not None:
        dealer = read_int(dealer, "dealer_discards", low=0, high=params.dealer_max_discard)
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
        if dealer < params.dealer_min_discard <= stock - result["elder_draws"]:
            reasons.add(params.rule_for("dealer_min_discard"))
            text.append(f"Note: under the {params.profile} profile a dealer who accepts must exchange at least "
                        f"{params.dealer_min_discard} card{'s' * (params.dealer_min_discard != 1)}.")
    text.append("No further proposal is possible: the exchange is over." if result["exchange_over"]
                else f"{result['stock_left']} card{'s' * (result['stock_left'] != 1)} remain, "
                     "so the elder may propose again.")
    return {**result, **reasons.fields(), "explanation": " ".join(text)}
