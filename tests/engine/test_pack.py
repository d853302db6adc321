"""Counting a pack on the table (kind: pack), on the fixture rule book."""

import pytest
from laws_fixture import FIXTURE

from ecarte_tutor import ask
from ecarte_tutor.cards import PACK
from ecarte_tutor.engine.pack import read_any_card
from ecarte_tutor.errors import QuestionError
from ecarte_tutor.rulebook import load_rulebook

FULL = [str(card) for card in PACK]


@pytest.fixture(scope="module")
def fbook():
    return load_rulebook(FIXTURE / "rules")


def inspect(fbook, cards):
    return ask({"kind": "pack", "cards": cards}, fbook)


def test_correct_pack(fbook):
    answer = inspect(fbook, list(reversed(FULL)))
    assert answer["size"] == 32 and answer["correct"] is True
    assert answer["missing"] == answer["duplicates"] == answer["foreign"] == []
    assert answer["laws"] == []
    assert answer["cites"] == ["fixture.pack"]
    assert "correct" in answer["explanation"]


def test_any_notation_counts(fbook):
    cards = [c.replace("10", "t").lower() for c in FULL[:-1]] + ["7♣"]
    assert inspect(fbook, cards)["correct"] is True


def test_missing_cards_are_sorted_by_suit_then_rank(fbook):
    answer = inspect(fbook, [c for c in FULL if c not in ("7C", "KS", "AH", "KH")])
    assert answer["correct"] is False and answer["size"] == 28
    assert answer["missing"] == ["KS", "KH", "AH", "7C"]
    assert answer["laws"] == [6, 44, 45]
    assert answer["cites"][:3] == ["law.45", "law.6", "law.44"]
    assert [t["law"] for t in answer["law_text"]] == [45, 6, 44]
    assert answer["law_text"][0]["title"] == fbook.laws[45].title
    for word in ("void", "cut for deal", "new cards", "K♠"):
        assert word in answer["explanation"]


def test_duplicate(fbook):
    answer = inspect(fbook, FULL + ["kh"])
    assert answer["size"] == 33 and answer["correct"] is False
    assert answer["duplicates"] == ["KH"] and answer["missing"] == [] and answer["foreign"] == []
    assert "K♥" in answer["explanation"], "the explanation names the card as a player writes it"


def test_foreign_cards_are_kept_as_given(fbook):
    answer = inspect(fbook, FULL[:-1] + ["6h", "2♣"])
    assert answer["foreign"] == ["6h", "2♣"]
    assert answer["missing"] == [FULL[-1]]
    assert answer["correct"] is False and 45 in answer["laws"]


def test_empty_pack_lacks_everything(fbook):
    answer = inspect(fbook, [])
    assert answer["size"] == 0 and len(answer["missing"]) == 32


@pytest.mark.parametrize("text, canonical", [("6H", "6H"), ("2c", "2C"), ("t♥", "10H"), ("10♠️", "10S"),
                                             ("a d", "AD"), ("kS", "KS")])
def test_read_any_card(text, canonical):
    assert read_any_card(text, "cards[0]") == canonical


@pytest.mark.parametrize("bad", ["ZZ", "1S", "11H", "0D", "K", "", "KX", 7, None, ["KH"]])
def test_bad_card_names_its_position(fbook, bad):
    answer = inspect(fbook, ["KH", bad])
    assert answer["error"]["code"] == "bad-card"
    assert answer["error"]["field"] == "cards[1]"
    with pytest.raises(QuestionError):
        read_any_card(bad, "x")


@pytest.mark.parametrize("question, code", [
    ({"kind": "pack"}, "missing-field"),
    ({"kind": "pack", "cards": "KH QH"}, "bad-field"),
    ({"kind": "pack", "cards": {"KH": 1}}, "bad-field"),
    ({"kind": "pack", "cards": ["KH"] * 201}, "too-many-cards"),
])
def test_not_a_list_of_cards(fbook, question, code):
    assert ask(question, fbook)["error"]["code"] == code


def test_two_hundred_cards_are_counted(fbook):
    answer = inspect(fbook, (FULL * 7)[:200])
    assert answer["size"] == 200 and set(answer["duplicates"]) == set(FULL)
