"""Rows that can both match state which rules (engine/disputes/precedence.py); moving one changes nothing."""
import pytest

from ecarte_tutor import ask
from ecarte_tutor.engine.disputes.precedence import problems
from ecarte_tutor.errors import DataError
from ecarte_tutor.rulebook import load_rulebook

PRECEDES = "        precedes: [law.4/cut-for-deal-objected-too-late]  # both can match the same facts: this row rules\n"
BOTH = {"kind": "dispute", "facts": {"irregularity": "cut-exposed", "cut": "for-deal", "cards_exposed": 1,
                                      "deal_begun": True}}


def test_every_pair_of_rows_that_can_both_match_states_which_rules(book):
    assert problems(book) == []


def test_a_pair_with_no_precedence_is_refused_naming_both_rows_and_a_story(rules_copy):
    path = rules_copy / "laws" / "cutting.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(PRECEDES, ""), encoding="utf-8")
    [found] = problems(load_rulebook(rules_copy))
    assert found.startswith("law.4/one-card-shown (rules/laws/cutting.yaml) and law.4/cut-for-deal-objected-too-late")
    assert "irregularity: cut-exposed" in found and "`precedes`" in found


def test_precedence_both_ways_is_refused(rules_copy):
    path = rules_copy / "laws" / "cutting.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("      - case: cut-for-deal-objected-too-late\n",
                        "      - case: cut-for-deal-objected-too-late\n        precedes: [law.4/one-card-shown]\n")
    path.write_text(text, encoding="utf-8")
    assert any("each state that they precede the other" in p for p in problems(load_rulebook(rules_copy)))


def row_block(text, case):
    """Where the row ``case`` starts and ends in a law file's text."""
    start = text.index(f"      - case: {case}\n")
    ends = [i for i in (text.find("      - case: ", start + 1), text.find("\n  - id: ", start)) if i >= 0]
    return start, (min(ends) + (1 if min(ends) == text.find("\n  - id: ", start) else 0)) if ends else len(text)


def test_moving_a_row_that_is_preceded_changes_no_ruling(book, rules_copy):
    assert ask(BOTH, book)["case"] == "law.4/one-card-shown"
    path = rules_copy / "laws" / "cutting.yaml"
    text = path.read_text(encoding="utf-8")
    start, end = row_block(text, "one-card-shown")
    row, text = text[start:end], text[:start] + text[end:]
    _, after = row_block(text, "cut-for-deal-objected-too-late")
    path.write_text(text[:after] + row + text[after:], encoding="utf-8")  # now written after the row it precedes
    moved = load_rulebook(rules_copy)
    written = [d["case"] for d in moved.rules["law.4"].decisions]
    assert written.index("cut-for-deal-objected-too-late") < written.index("one-card-shown")
    assert problems(moved) == []
    assert ask(BOTH, moved)["case"] == "law.4/one-card-shown"


def test_precedes_must_name_a_row(rules_copy):
    path = rules_copy / "laws" / "cutting.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("law.4/cut-for-deal-objected-too-late]",
                                                             "law.4/no-such-row]"), encoding="utf-8")
    with pytest.raises(DataError, match="precedes 'law.4/no-such-row', which is no decision row"):
        load_rulebook(rules_copy)
