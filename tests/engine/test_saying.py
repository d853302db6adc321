"""The engine's explanations are the rule book's words (engine/saying.py): templates beside the rule, held to the
code."""
import pytest

from ecarte_tutor import ask
from ecarte_tutor.engine import kinds  # noqa: F401 - every outcome declared
from ecarte_tutor.engine.saying import declared, placeholders, problems
from ecarte_tutor.errors import DataError
from ecarte_tutor.library import load_library
from ecarte_tutor.rulebook import load_rulebook

FREE = '      free: "You hold no {suit} and no trump, so you may play any card."'
DISCARD = {"kind": "play", "trump": "H", "led": "KS", "hand": ["QD", "7C"]}


def rewrite(rules_root, old, new, file="play.yaml"):
    path = rules_root / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_rulebook(rules_root)


def test_every_outcome_the_engine_declares_has_words_and_every_word_an_outcome(book):
    assert problems(book) == []
    assert ("play.head-the-trick", "beat-with-one") in declared()
    assert all(key in book.says for key in declared())


def test_the_words_of_an_answer_are_the_rule_books(rules_copy):
    book = rewrite(rules_copy, FREE, '      free: "No {suit}, no trump: any card will do."')
    assert ask(DISCARD, book)["explanation"] == "No spades, no trump: any card will do."


def test_a_placeholder_the_engine_does_not_fill_is_refused_with_its_file_and_key(rules_copy):
    book = rewrite(rules_copy, FREE, '      free: "You hold no {suit} and no {trumps}, so you may play any card."')
    assert problems(book) == ["rules/play.yaml › play.free-discard › says.free: names {trumps}, which the engine "
                              "does not fill (it fills {suit})"]
    with pytest.raises(DataError, match="names {trumps}"):
        load_library(rules_copy)


def test_an_outcome_without_words_and_words_without_an_outcome_are_refused(rules_copy):
    book = rewrite(rules_copy, FREE + "\n", '      freely: "Any card."\n')
    assert problems(book) == [
        "rules/play.yaml › play.free-discard › says.free: the engine explains the outcome 'free' by "
        "play.free-discard, which gives it no words",
        "rules/play.yaml › play.free-discard › says.freely: no code of the engine explains an outcome 'freely' "
        "by play.free-discard"]


def test_a_brace_left_open_is_refused(rules_copy):
    book = rewrite(rules_copy, FREE, '      free: "You hold no {suit and no trump."')
    assert len(problems(book)) == 1 and "says.free" in problems(book)[0]


def test_placeholders_are_the_names_in_braces():
    assert placeholders("{led} was led and you hold {suit}.") == {"led", "suit"}
    assert placeholders("No braces.") == set()


def test_the_counts_in_the_words_come_from_the_parameters(book):
    from ecarte_tutor.engine.scoring import DEALER_REFUSED_LATER, VOLE

    assert "{hand_size}" in book.says[VOLE.key] and "five" not in book.says[VOLE.key]
    assert "{point_tricks}" in book.says[DEALER_REFUSED_LATER.key]
    vole = ask({"kind": "score", "tricks": {"elder": 5, "dealer": 0}}, book)
    assert "won the vole (all five tricks): 2." in vole["explanation"]


def test_a_catalogue_sentence_naming_a_slot_nobody_fills_is_refused_where_it_is():
    from pathlib import Path

    from ecarte_tutor.engine.saying import check_slots
    from ecarte_tutor.errors import DataError

    check_slots(Path("why.yaml"), {"lines.keeps": ("{card} keeps {trick}", {"card", "trick", "rival"})}, "the engine")
    with pytest.raises(DataError, match="names slots the table does not fill: rival, score") as raised:
        check_slots(Path("endings.yaml"), {"ok": ("{winner}", {"winner"}),
                                           "game_over": ("{winner} {score} {rival}", {"winner"})}, "the table")
    assert "game_over" in str(raised.value)
