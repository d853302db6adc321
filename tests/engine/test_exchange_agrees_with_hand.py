"""The ``exchange`` and ``hand`` kinds judge every discard they both see alike.

For every profile and every agreement that touches the exchange, every stock a hand can
really reach before a proposal (found by playing exchanges through the ``hand`` kind), and
every pair of discards from 0 to 5: the ``exchange`` kind refuses exactly the discards the
``hand`` kind refuses, and where both accept they serve the same cards, leave the same stock
and agree whether the exchange is over.
"""
from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from ecarte_tutor import ask
from ecarte_tutor.table.dealing import deal, deal_question

AGREEMENTS: list[list[object]] = [[], ["single-exchange"], ["doubling", "offer-the-point"], [{"game-target": 3}]]
DISCARDS = range(6)


def _hand(book, profile: str, agreements: list[object], actions: list[dict]) -> dict:
    """The ``hand`` kind's answer (read only), asked once per question: the sweep of stocks and the test ask the
    same hands, and the 36 pairs of discards share an exchange's first steps (43 questions a stock, not 216)."""
    key = json.dumps([id(book), profile, agreements, actions])
    if key not in _ANSWERS:
        question = {"kind": "hand", "profile": profile, "agreements": agreements,
                    "deal": deal_question(deal(7, 0, book.params())), "actions": actions}
        _ANSWERS[key] = ask(question, book)
    return _ANSWERS[key]


_ANSWERS: dict[str, dict] = {}


def _discard(seat: str, hand: list[str], count: int) -> dict:
    return {"by": seat, "do": "discard", "cards": hand[:count]}


def _rounds(book, profile: str, agreements: list[object]) -> Iterator[tuple[int, list[dict]]]:
    """Every stock size a hand reaches when the elder is about to propose, with the actions that reach it."""
    start = _hand(book, profile, agreements, [])
    todo, seen = [(start["state"]["stock_size"], [])], set()
    while todo:
        stock, prefix = todo.pop(0)
        if stock in seen:
            continue
        seen.add(stock)
        yield stock, prefix
        for elder in DISCARDS:
            for dealer in DISCARDS:
                actions = _exchange(book, profile, agreements, prefix, elder, dealer)
                answer = _hand(book, profile, agreements, actions)
                state = answer["state"]
                if answer["legal"] and state["phase"] == "proposal" and state["stock_size"] not in seen:
                    todo.append((state["stock_size"], actions))


def _exchange(book, profile: str, agreements: list[object], prefix: list[dict], elder: int,
              dealer: int | None) -> list[dict]:
    """The actions of one exchange after ``prefix``: proposal, acceptance, the elder's discard, the dealer's."""
    actions = [*prefix, {"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}]
    state = _hand(book, profile, agreements, actions)["state"]
    actions.append(_discard("elder", state["hands"]["elder"], elder))
    after = _hand(book, profile, agreements, actions)
    if dealer is not None and after["legal"] and after["state"]["phase"] == "dealer-discard":
        actions.append(_discard("dealer", after["state"]["hands"]["dealer"], dealer))
    return actions


@pytest.fixture(scope="module")
def cases(book) -> list[tuple[str, list[object], int, list[dict]]]:
    """Every profile, agreement and reachable stock, with the actions that reach it."""
    return [(profile, agreements, stock, prefix) for profile in book.profiles for agreements in AGREEMENTS
            for stock, prefix in _rounds(book, profile, agreements)]


def test_the_sweep_reaches_many_stocks(cases):
    stocks = {(profile, stock) for profile, _agreed, stock, _prefix in cases}
    assert len(stocks) >= 4 * 15  # every profile reaches most stock sizes from 21 down


def test_the_exchange_kind_judges_every_discard_as_the_hand_kind(book, cases):
    disagreements, judged = [], 0
    for profile, agreements, stock, prefix in cases:
        for elder in DISCARDS:
            for dealer in DISCARDS:
                judged += 1
                actions = _exchange(book, profile, agreements, prefix, elder, dealer)
                hand = _hand(book, profile, agreements, actions)
                exchange = ask({"kind": "exchange", "profile": profile, "agreements": agreements, "stock": stock,
                                "elder_discards": elder, "dealer_discards": dealer}, book)
                problem = _disagreement(hand, exchange, len(prefix), actions)
                if problem:
                    disagreements.append(f"{profile} {agreements} stock {stock}, {elder}+{dealer}: {problem}")
    assert not disagreements, f"{len(disagreements)} of {judged}:\n" + "\n".join(disagreements[:20])
    assert judged > 4 * len(AGREEMENTS) * 36 * 10


def _disagreement(hand: dict, exchange: dict, start: int, actions: list[dict]) -> str | None:
    refused = hand["first_illegal"]
    if "error" in exchange or refused is not None:
        if "error" in exchange and refused is not None:
            return None
        return f"hand {refused and refused['code']}, exchange {exchange.get('error', {}).get('code')}"
    state = hand["state"]
    drawn = {seat: state["discarded"][seat] for seat in ("elder", "dealer")}
    before = _hand_state_before(actions, start)
    served = {seat: drawn[seat] - before[seat] for seat in drawn}
    over = state["phase"] != "proposal"
    got = (served["elder"], served["dealer"], state["stock_size"], over)
    said = (exchange["elder_draws"], exchange["dealer_draws"], exchange["stock_left"], exchange["exchange_over"])
    return None if got == said else f"hand (elder, dealer, stock, over) {got}, exchange {said}"


def _hand_state_before(actions: list[dict], start: int) -> dict[str, int]:
    """The cards each side had drawn before this exchange (its discards before ``start``, less none taken back:
    a prefix only ever holds exchanges served in full)."""
    return {seat: sum(len(a["cards"]) for a in actions[:start] if a["do"] == "discard" and a["by"] == seat)
            for seat in ("elder", "dealer")}


@pytest.mark.parametrize("profile", ["london", "finnish"])
def test_a_dealer_who_accepts_with_cards_left_may_not_discard_none(book, profile):
    answer = ask({"kind": "exchange", "profile": profile, "stock": 9, "elder_discards": 2, "dealer_discards": 0},
                 book)
    assert answer["error"]["field"] == "dealer_discards" and "at least 1" in answer["error"]["message"]
