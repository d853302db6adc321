"""The engine names the rules it applies, and they agree with the rule book."""
from ecarte_tutor.engine import decides as module
from ecarte_tutor.engine.decides import applied_rules, decides, problems
from ecarte_tutor.rulebook import load_rulebook


def test_every_rule_the_code_applies_is_in_the_book_and_every_parameter_is_applied(book):
    assert problems(book) == []


def test_the_code_that_applies_a_rule_can_be_found_by_its_id():
    applied = applied_rules()
    assert "ecarte_tutor.engine.play.duty" in applied["play.head-the-trick"]
    assert any(where.startswith("ecarte_tutor.engine.scoring") for where in applied["law.49"])


def test_a_rule_id_the_book_lacks_is_reported(book, monkeypatch):
    monkeypatch.setattr(module, "_APPLIED", {key: set(value) for key, value in module._APPLIED.items()})

    @decides("play.no-such-rule")
    def applies_nothing():
        return None

    assert any("play.no-such-rule" in problem and "applies_nothing" in problem for problem in problems(book))


def test_a_renamed_rule_is_caught_both_ways(rules_copy):
    for path in rules_copy.glob("*.yaml"):  # the rule and every link to it
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("id: deal.turn-up", "id: deal.turned-card").replace(
            "deal.turn-up,", "deal.turned-card,").replace("[deal.turn-up]", "[deal.turned-card]"), encoding="utf-8")
    found = problems(load_rulebook(rules_copy))
    assert any("'deal.turn-up'" in p and "not in the rule book" in p for p in found)
    assert any("'deal.turned-card' sets an engine parameter" in p for p in found)
