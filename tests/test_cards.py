"""Card notation: every form API.md accepts, canonical output, clear errors; rank orders."""
import json

import pytest

from ecarte_tutor.cards import PACK, Card, Ranking, Suit, parse_card, parse_suit
from ecarte_tutor.errors import CardNotationError


@pytest.mark.parametrize("text, canonical", [
    ("10H", "10H"), ("th", "10H"), ("T♥", "10H"), ("jS", "JS"), ("J♠", "JS"), ("a♦", "AD"),
    ("AD", "AD"), ("kc", "KC"), ("Q♣", "QC"), ("7s", "7S"), (" 9D ", "9D"), ("8♡", "8H"), ("J♠️", "JS"),
])
def test_notations_parse_to_canonical(text, canonical):
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["6H", "1S", "ZZ", "", "H", "10", "11H", "QX", "AAS", None, 10, ["KH"]])
def test_bad_strings_are_refused_with_the_string_named(text):
    with pytest.raises(CardNotationError) as err:
        parse_card(text)
    # the string as typed (quoted); anything else as the asker wrote it in JSON: null, 10, ["KH"]
    assert (repr(text) if isinstance(text, str) else json.dumps(text)) in str(err.value)
    assert "rank" in str(err.value) and "suit" in str(err.value)


@pytest.mark.parametrize("text, suit", [("S", Suit.S), ("♥", Suit.H), ("diamonds", Suit.D), ("CLUBS", Suit.C),
                                        ("h", Suit.H), ("Spade", Suit.S)])
def test_suits(text, suit):
    assert parse_suit(text) is suit


@pytest.mark.parametrize("text", ["X", "", "trumps", None, 3])
def test_bad_suits(text):
    with pytest.raises(CardNotationError, match="not a suit"):
        parse_suit(text)


def test_pack_has_32_distinct_cards():
    assert len(PACK) == 32 == len(set(PACK))
    assert {c.rank for c in PACK} == {"K", "Q", "J", "A", "10", "9", "8", "7"}


def test_a_card_cannot_be_changed():
    card = parse_card("QS")
    with pytest.raises(AttributeError, match="cannot be changed"):
        card.rank = "K"
    with pytest.raises(AttributeError, match="cannot be changed"):
        del card.rank  # was a TypeError: __delattr__ was __setattr__, which wants a value
    assert card.rank == "Q" and Card("Q", Suit.S) is card


def test_repr_and_pretty_forms():
    card = parse_card("10h")
    assert repr(card) == "Card.from_str('10H')"
    assert card.pretty == "10♥" and card.spoken == "ten of hearts"


def test_traditional_ranking_puts_the_ace_below_the_knave(book):
    ranking = book.params().ranking
    assert ranking.higher(parse_card("JS"), parse_card("AS"))
    assert ranking.higher(parse_card("AS"), parse_card("10S"))
    assert ranking.higher(parse_card("KS"), parse_card("QS"))


def test_ace_high_ranking():
    ranking = Ranking(["A", "K", "Q", "J", "10", "9", "8", "7"])
    assert ranking.higher(parse_card("AS"), parse_card("KS"))
    assert ranking.sort([parse_card("KS"), parse_card("AS"), parse_card("7H")]) == [
        Card("A", Suit.S), Card("K", Suit.S), Card("7", Suit.H)]


def test_ranking_must_list_every_rank_once():
    with pytest.raises(ValueError, match="each of"):
        Ranking(["K", "K", "J", "A", "10", "9", "8", "7"])


def test_module_examples():
    import doctest

    from ecarte_tutor import cards
    assert doctest.testmod(cards).failed == 0
