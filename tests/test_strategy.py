"""The advice question: Hoffmann's jeux de règle, the king exception and the dealer's refusals."""
import pytest

from ecarte_tutor import ask
from ecarte_tutor.errors import DataError
from ecarte_tutor.strategy import PATTERNS_FILE, load_strategy


def advice(trump, hand, seat=None, **extra):
    question = {"kind": "advice", "trump": trump, "hand": hand.split(), **extra}
    if seat:
        question["seat"] = seat
    return ask(question)


@pytest.mark.parametrize("trump, hand, pattern", [
    # three trumps (Hoffmann p. 66: this hand should be played, though it may still lose)
    ("H", "QH AH 7H KS KD", "three-trumps"),
    # two trumps and the other three of one suit (the illustrative game, p. 63)
    ("D", "QD JD KS QS AS", "two-trumps-one-suit"),
    # two trumps, two of one suit headed by a king or queen
    ("S", "8S 7S QC 9C 7H", "two-trumps-guarded-honour"),
    # one trump and four of one suit including the king
    ("S", "8S KD 10D 9D 7D", "one-trump-four-with-king"),
    # one trump and a tierce major: Hoffmann's first example, p. 64
    ("H", "KS QS JS 8H 8D", "one-trump-tierce-major"),
    # one trump, three of a suit with its queen, the fifth card a king
    ("S", "8S QD 10D 9D KH", "one-trump-three-with-honours"),
    # three queens, or four court cards, with no trump...
    ("S", "QC QD QH 8H 8C", "no-trump-three-queens"),
    ("S", "KC QD JH 8H JC", "no-trump-four-court-cards"),
    # ...or with one: Hoffmann's own example, p. 64 (spades trumps, the eight of spades held)
    ("S", "QC QD QH 8H 8S", "no-trump-three-queens"),
    ("H", "KC QD JS 8H JC", "no-trump-four-court-cards"),
])
def test_jeux_de_regle_are_played(trump, hand, pattern):
    answer = advice(trump, hand)
    assert answer["advice"] == "play"
    assert answer["play_without_proposing"] is True
    assert answer["pattern"] == pattern
    assert answer["cites"] == ["strategy.jeux-de-regle"]
    assert answer["laws"] == []
    assert "jeu de règle" in answer["explanation"]


@pytest.mark.parametrize("trump, hand", [
    ("S", "8S 7S QC 9D 7H"),       # two trumps, plain cards in three suits, no guarded honour
    ("S", "8S QD 10D 9D 7H"),      # one trump, three with a queen, fifth card small
    ("D", "QC QD QH 8H 8S"),       # the queen of diamonds is a trump: one trump, two queens
    ("C", "10D 9D 8H 7H 10S"),     # nothing at all
])
def test_other_hands_propose(trump, hand):
    answer = advice(trump, hand)
    assert answer["advice"] == "propose"
    assert answer["play_without_proposing"] is False
    assert answer["pattern"] is None
    assert answer["cites"] == ["strategy.jeux-de-regle"]


def test_king_of_trumps_turns_a_jeu_de_regle_into_a_proposal():
    answer = advice("H", "KH 9H 7H 8S 8D")
    assert answer["advice"] == "propose"
    assert answer["pattern"] == "three-trumps"
    assert answer["cites"] == ["strategy.jeux-de-regle", "strategy.king-exception"]
    assert "K♥" in answer["explanation"]


@pytest.mark.parametrize("trump, hand, expected, pattern", [
    ("S", "8S 7S 9S KD 7H", "refuse", "three-trumps"),
    ("S", "8S 7S KS KD 7H", "accept", "three-trumps-with-king"),
    ("S", "8S QD 7D QH 7H", "refuse", "one-trump-guarded-queens"),
    ("S", "8S KD 7D QH 7H", "refuse", "one-trump-guarded-king-and-queen"),
    ("S", "8S KD 7D 10H 7H", "accept", "one-trump-one-king-small"),
    ("S", "8S KD KH 10H 7H", "refuse", "two-discards-only"),
    ("S", "8S QD JD 10H 7H", "accept", None),
])
def test_dealer_advice(trump, hand, expected, pattern):
    answer = advice(trump, hand, seat="dealer")
    assert answer["seat"] == "dealer"
    assert answer["advice"] == expected
    assert answer["play_without_proposing"] is (expected == "refuse")
    assert answer["pattern"] == pattern
    assert answer["cites"] == ["strategy.dealer-refusals"]


def test_notation_and_profile_are_free():
    answer = advice("hearts", "k♠ q♠ j♠ 8♥ 8d", profile="french")
    assert answer["advice"] == "play" and answer["profile"] == "french"


@pytest.mark.parametrize("question, code, field", [
    ({"kind": "advice", "hand": ["KS", "QS", "JS", "8H", "8D"]}, "missing-field", "trump"),
    ({"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JS", "8H"]}, "too-few-cards", "hand"),
    ({"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JS", "8H", "8D", "7D"]}, "too-many-cards", "hand"),
    ({"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JS", "8H", "6D"]}, "bad-card", "hand[4]"),
    ({"kind": "advice", "trump": "H", "hand": ["KS", "KS", "JS", "8H", "8D"]}, "duplicate-card", "hand[1]"),
    ({"kind": "advice", "trump": "X", "hand": ["KS", "QS", "JS", "8H", "8D"]}, "bad-suit", "trump"),
    ({"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JS", "8H", "8D"], "seat": "pone"}, "bad-seat", "seat"),
])
def test_bad_questions_name_the_field(question, code, field):
    error = ask(question)["error"]
    assert (error["code"], error["field"]) == (code, field)


def test_patterns_cite_strategy_rules_of_the_book(book):
    strategy = book.strategy
    assert strategy.rule_ids() <= set(book.rules)
    assert {p.seat for p in strategy.patterns} == {"elder", "dealer"}


def test_every_pattern_is_reachable(book):
    """Each pattern decides at least one of the hands above (none is shadowed by an earlier one)."""
    hands = [
        ("H", "QH AH 7H KS KD"), ("D", "QD JD KS QS AS"), ("S", "8S 7S QC 9C 7H"), ("S", "8S KD 10D 9D 7D"),
        ("H", "KS QS JS 8H 8D"), ("S", "8S QD 10D 9D KH"), ("S", "QC QD QH 8H 8C"), ("S", "KC QD JH 8H JC"),
    ]
    dealer = [("S", "8S 7S 9S KD 7H"), ("S", "8S 7S KS KD 7H"), ("S", "8S QD 7D QH 7H"), ("S", "8S KD 7D QH 7H"),
              ("S", "8S KD 7D 10H 7H"), ("S", "8S KD KH 10H 7H")]
    seen = {("elder", advice(t, h)["pattern"]) for t, h in hands}
    seen |= {("dealer", advice(t, h, seat="dealer")["pattern"]) for t, h in dealer}
    assert {(p.seat, p.id) for p in book.strategy.patterns} == seen


def test_a_broken_patterns_file_names_the_key(tmp_path, book):
    text = (book.root / PATTERNS_FILE).read_text(encoding="utf-8")
    bad = tmp_path / "patterns.yaml"
    bad.write_text(text.replace("advice: play", "advice: refuse", 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"patterns\[0\]\.advice"):
        load_strategy(bad)
    bad.write_text(text.replace("trumps: {min: 3}", "trumps: {least: 3}", 1), encoding="utf-8")
    with pytest.raises(DataError, match="least"):
        load_strategy(bad)
