"""The short stock: law 38 under the club code, priority and take-back elsewhere."""
import pytest

from ecarte_tutor import ask


def exchange(**q):
    return ask({"kind": "exchange", **q})


def test_law_38_the_dealer_must_play_when_the_stock_cannot_cover_both():
    answer = exchange(stock=3, elder_discards=2, dealer_discards=2)
    assert (answer["elder_draws"], answer["dealer_draws"], answer["dealer_takes_back"]) == (2, 0, 2)
    assert answer["exchange_over"] is True and 38 in answer["laws"]


def test_french_the_dealer_takes_what_remains():
    answer = exchange(profile="french", stock=3, elder_discards=2, dealer_discards=2)
    assert (answer["elder_draws"], answer["dealer_draws"], answer["dealer_takes_back"]) == (2, 1, 1)
    assert answer["exchange_over"] is True


@pytest.mark.parametrize("profile", ["french", "modern", "finnish"])
def test_a_profile_that_departs_from_law_38_says_so_where_it_cites_it(profile):
    """A referee's report: the dealer's draw from a short stock cited law 38, which has him play his hand as it is."""
    answer = exchange(profile=profile, stock=3, elder_discards=2, dealer_discards=2)
    assert 38 in answer["laws"] and "would have the dealer play his hand as it is" in answer["explanation"]
    assert "would have the dealer" not in exchange(stock=3, elder_discards=2, dealer_discards=2)["explanation"]


def test_elder_takes_back_what_cannot_be_replaced():
    answer = exchange(stock=2, elder_discards=4)
    assert answer["elder_draws"] == 2 and answer["elder_takes_back"] == 2 and answer["exchange_over"] is True


def test_enough_cards_for_both_leaves_the_exchange_open():
    answer = exchange(stock=10, elder_discards=3, dealer_discards=2)
    assert (answer["elder_draws"], answer["dealer_draws"], answer["exchange_over"]) == (3, 2, False)
    assert answer["laws"] == []


def test_exact_fit_uses_up_the_stock():
    answer = exchange(stock=5, elder_discards=3, dealer_discards=2)
    assert (answer["dealer_draws"], answer["exchange_over"]) == (2, True)


@pytest.mark.parametrize("question, code, field", [
    ({"stock": 22, "elder_discards": 1}, "out-of-range", "stock"),
    ({"stock": 5, "elder_discards": 0}, "out-of-range", "elder_discards"),
    ({"stock": 5, "elder_discards": 6}, "out-of-range", "elder_discards"),
    ({"stock": 5}, "missing-field", "elder_discards"),
    ({"stock": "five", "elder_discards": 1}, "bad-field", "stock"),
    # no proposal once the stock is used up: an exchange from it cannot have happened, under any profile
    ({"stock": 0, "elder_discards": 2, "dealer_discards": 1}, "inconsistent-facts", "stock"),
    ({"profile": "french", "stock": 0, "elder_discards": 1}, "inconsistent-facts", "stock"),
])
def test_bad_exchange_questions(question, code, field):
    answer = exchange(**question)
    assert answer["error"]["code"] == code and answer["error"]["field"] == field


def test_modern_elder_may_discard_none():
    assert exchange(profile="modern", stock=5, elder_discards=0)["elder_draws"] == 0


def test_dealer_minimum_comes_from_the_rule_book(modified_book):
    book = modified_book(dealer_min_discard=0)
    answer = ask({"kind": "exchange", "stock": 9, "elder_discards": 2, "dealer_discards": 0}, book)
    assert answer["dealer_draws"] == 0 and "at least" not in answer["explanation"]
    default = ask({"kind": "exchange", "stock": 9, "elder_discards": 2, "dealer_discards": 0})
    assert "at least 1" in default["error"]["message"] and default["error"]["field"] == "dealer_discards"


def test_what_the_dealer_may_take_and_whether_the_elder_may_propose_again_are_said_for_this_stock():
    """A referee's report: "the dealer may then take up to 0", and "2 cards remain, so the elder may propose
    again" before the dealer had discarded; and discard limits that named 0 to 5 under the London rules."""
    empty = ask({"kind": "exchange", "stock": 5, "elder_discards": 5})["explanation"]
    assert "up to 0" not in empty and "Nothing is left in the stock for the dealer." in empty
    waiting = ask({"kind": "exchange", "stock": 6, "elder_discards": 4})["explanation"]
    assert "remain, so the elder may propose again" not in waiting
    assert "depends on what the dealer's exchange leaves" in waiting
    too_many = ask({"kind": "exchange", "stock": 9, "elder_discards": 6})["error"]["message"]
    assert "from 1 to 5" in too_many
    none = ask({"kind": "exchange", "stock": 4, "elder_discards": 2, "dealer_discards": 0})["error"]["message"]
    assert "the the" not in none and none.startswith("Under the London rules the dealer must discard at least 1")
