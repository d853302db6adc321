"""The jeux de règle weighed (engine/jeux_weighed.py): the data shipped is fresh and of the right shape, the
command makes data of that shape, ``check`` finds stale data, and ``advice`` cites the computation exactly
where it and the list disagree."""
import datetime
import random

import pytest
from data_under_test import BOOK

from ecarte_tutor import ask
from ecarte_tutor.cards import PACK
from ecarte_tutor.engine import analysis_exchange, hand, jeux_data, jeux_weighed
from ecarte_tutor.engine.advice import advise
from ecarte_tutor.engine.deal import Deal


def test_the_data_shipped_is_fresh_for_these_rules_and_weighs_every_pattern_on_enough_hands():
    assert jeux_data.problems(BOOK) == []
    data = jeux_data.load(BOOK)
    assert data["model"] == "hidden" and data["hands"] >= 300 and data["worlds"] >= 30
    assert {(r["seat"], r["id"]) for r in data["patterns"]} == {(p.seat, p.id) for p in BOOK.strategy.patterns}
    for row in data["patterns"]:
        assert row["hands"] >= 300 and row["worth_playing"] == round(row["share"] * row["hands"])
        low, high = row["interval"]
        assert (low, high) == tuple(round(x, 4) for x in jeux_weighed.wilson(row["worth_playing"], row["hands"]))
    datetime.date.fromisoformat(data["date"])


def test_stale_or_misshapen_data_is_a_defect_check_names(monkeypatch):
    monkeypatch.setattr(jeux_data, "fingerprint", lambda book: "other")
    assert "made for other patterns, rules or settings" in jeux_data.problems(BOOK)[0]
    data = jeux_data.load(BOOK)
    broken = {**data, "patterns": data["patterns"][1:]}
    monkeypatch.setattr(jeux_data, "load", lambda book: broken)
    assert any("is not weighed" in p for p in jeux_data.problems(BOOK))
    monkeypatch.setattr(jeux_data, "load", lambda book: {"patterns": []})
    assert "does not have the keys" in jeux_data.problems(BOOK)[0]


def test_the_command_weighs_every_pattern_and_the_hands_off_the_list(monkeypatch):
    """On a tiny budget: the shape the full run has, every hand drawn one the pattern decides."""
    monkeypatch.setattr(jeux_weighed, "HANDS", 4)
    monkeypatch.setattr(jeux_data, "HANDS", 4)
    monkeypatch.setattr(jeux_weighed, "OFF_LIST", 12)
    monkeypatch.setattr(jeux_data, "OFF_LIST", 12)
    monkeypatch.setattr(jeux_weighed, "DEALS", 8)
    monkeypatch.setattr(jeux_data, "DEALS", 8)
    monkeypatch.setattr(jeux_weighed, "LEAST_GROUP", 1)
    monkeypatch.setattr(jeux_data, "LEAST_GROUP", 1)
    data = jeux_weighed.compute(BOOK, today=datetime.date(2026, 1, 2))
    assert set(data) == jeux_data.TOP_KEYS and data["date"] == "2026-01-02"
    assert [(r["seat"], r["id"]) for r in data["patterns"]] == [(p.seat, p.id) for p in BOOK.strategy.patterns]
    assert all(set(r) == jeux_data.PATTERN_KEYS and r["hands"] == 4 for r in data["patterns"])
    for seat in ("elder", "dealer"):
        everything, *groups = data["off_list"][seat]
        assert everything["group"] == "all" and everything["hands"] == 12
        assert all(g["share"] >= data["bars"][seat] for g in groups)
    assert data["fingerprint"] != jeux_data.load(BOOK)["fingerprint"]  # the settings are part of it


def test_the_hands_drawn_for_a_pattern_are_the_ones_advise_decides_by_it():
    decide = jeux_weighed._decider(BOOK.strategy, BOOK.params())
    for pattern in BOOK.strategy.patterns[:3]:
        for deal, found in jeux_weighed._hands(random.Random(1), pattern.seat, lambda f, p=pattern: f is p, 20,
                                               decide):
            cards = list(getattr(deal, pattern.seat))
            assert advise(cards, deal.turn_up.suit, pattern.seat, BOOK.strategy).pattern is pattern is found
    rng = random.Random(2)
    for _ in range(2000):
        cards = rng.sample(PACK, 6)
        for seat in ("elder", "dealer"):
            assert decide(cards[:5], cards[5].suit, seat) is advise(cards[:5], cards[5].suit, seat,
                                                                      BOOK.strategy).pattern


def test_a_hands_gain_is_playing_less_proposing_over_the_same_deals():
    cards = random.Random(3).sample(PACK, 32)
    deal = Deal(tuple(cards[:5]), tuple(cards[5:10]), cards[10], tuple(cards[11:]))
    params = BOOK.params()
    state = hand.start(deal)
    choices, outcomes = analysis_exchange.deal_by_deal(deal, [], state, "elder", BOOK, params, 5, jeux_weighed.DEALS)
    expected = sum(a[1] - b[1] for a, b in zip(outcomes["play"], outcomes["propose"], strict=True)) / len(
        outcomes["play"])
    assert jeux_weighed.gain(deal, "elder", BOOK, params, 5) == pytest.approx(expected)


def test_advice_cites_the_computation_where_it_and_the_list_disagree_and_only_there():
    data = jeux_data.load(BOOK)
    # off the list, one trump (not the king) and three plain court cards: the list proposes, the figures play
    group = next(r for r in data["off_list"]["elder"] if r["group"] == "t1-n-c3")
    assert group["interval"][0] > 0.5
    answer = ask({"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JC", "8H", "7D"]})
    assert answer["advice"] == "propose" and answer["pattern"] is None
    assert answer["computed"] == {"share": group["share"], "interval": group["interval"], "hands": group["hands"],
                                  "gain": group["gain"], "page": "/rules/jeux-de-regle/computed"}
    assert "parts from the list" in answer["explanation"] and "/rules/jeux-de-regle/computed" in answer["explanation"]
    words = BOOK.params().says["strategy.jeux-de-regle", "computed-elder-off-list"]  # the rule book's, not Python's
    low, high = group["interval"]
    assert answer["explanation"].endswith(words.format(
        hands=group["hands"], share=f"{100 * group['share']:.0f}", low=f"{100 * low:.0f}", high=f"{100 * high:.0f}",
        gain=f"{group['gain']:+.2f}", page="/rules/jeux-de-regle/computed"))
    # a jeu de règle the figures back: nothing cited
    agreed = ask({"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JS", "8H", "8D"]})
    assert agreed["pattern"] == "one-trump-tierce-major" and agreed["computed"] is None
    assert "parts from the list" not in agreed["explanation"]
    # another profile's rules, or a later proposal: the figures were not computed for them
    assert ask({"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JC", "8H", "7D"],
                "profile": "modern"})["computed"] is None


def test_the_verdict_of_a_row_reads_its_interval_against_one_half():
    assert jeux_data.verdict({"seat": "elder", "interval": [0.6, 0.8]}, "play") == "agrees"
    assert jeux_data.verdict({"seat": "elder", "interval": [0.6, 0.8]}, "propose") == "differs"
    assert jeux_data.verdict({"seat": "dealer", "interval": [0.1, 0.3]}, "refuse") == "differs"
    assert jeux_data.verdict({"seat": "dealer", "interval": [0.4, 0.6]}, "accept") == "even"


def test_the_figures_go_stale_with_a_rule_of_the_hand_but_not_with_the_form_of_the_match(modified_book):
    """A hand's play reads the point's value, never the rubber's length (jeux_data.MATCH_FORM)."""
    assert jeux_data.fingerprint(modified_book(rubber_games=3)) == jeux_data.fingerprint(BOOK)
    assert jeux_data.fingerprint(modified_book(point_value=2)) != jeux_data.fingerprint(BOOK)
