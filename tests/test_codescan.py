"""The code's ties to the rule book, read from its source: markers, rule ids, marked names (ecarte_tutor.codescan)."""
import textwrap

from ecarte_tutor.cli import main
from ecarte_tutor.codescan import problems, scan
from ecarte_tutor.rulebook import load_rulebook


def test_the_package_and_the_rule_book_agree(book):
    assert problems(book) == []


def test_the_code_that_applies_a_rule_is_found_by_its_id_with_its_line(book):
    applying = scan(book).applying()
    duty = next(f for f in applying["play.head-the-trick"] if f.name == "ecarte_tutor.engine.play.duty")
    source = (duty.place.file, duty.place.line)
    assert source[0] == "ecarte_tutor/engine/play.py"
    lines = (book.root.parent / source[0]).read_text(encoding="utf-8").splitlines()
    assert lines[source[1] - 1].startswith("def duty(")
    assert any(f.module.startswith("ecarte_tutor.engine.scoring") for f in applying["law.49"])
    # a constant named in a marker counts as its value: play.REVOKE is law 43
    assert any(f.name == "ecarte_tutor.engine.play.duty_citing" for f in applying["law.43"])


def package(tmp_path, **modules):
    """A package ``pkg`` under ``tmp_path`` with these modules (name -> source)."""
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    for name, source in modules.items():
        (root / f"{name}.py").write_text(textwrap.dedent(source))
    return root


def code_problems(book, root):
    """What ``problems`` finds in the code of ``root`` (not the rules it leaves unapplied: it is no engine)."""
    return [line for line in problems(book, root) if line.startswith("pkg/")]


def test_an_id_the_book_lacks_is_reported_with_its_line(book, tmp_path):
    found = code_problems(book, package(tmp_path, a="""\
        from ecarte_tutor.marks import decides


        @decides("play.no-such-rule")
        def applies_nothing():
            return None
        """))
    assert found == ["pkg/a.py:4: 'play.no-such-rule' has the shape of a rule id, but the rule book has none such"]


def test_a_cited_id_outside_the_marker_is_reported_with_the_function_and_the_line(book, tmp_path):
    found = code_problems(book, package(tmp_path, a="""\
        from ecarte_tutor.marks import decides


        @decides("play.lead")
        def marked(reasons):
            reasons.add("play.lead")
            reasons.add("play.follow-suit")


        def unmarked(reasons):
            reasons.add("play.trick-winner")


        def outer(reasons):
            @decides("pack.rank-order")
            def inner():
                return "pack.rank-order"
            return inner
        """))
    assert found == [
        "pkg/a.py:7: pkg.a.marked cites 'play.follow-suit', but its marker does not name it (@decides)",
        "pkg/a.py:11: pkg.a.unmarked cites 'play.trick-winner', but it has no marker (@decides)"]


def test_a_constant_read_from_another_module_is_a_citation(book, tmp_path):
    rules = 'RULE = "play.lead"\nBOTH = (RULE, "play.follow-suit")\n'
    found = code_problems(book, package(tmp_path, rules=rules, a="""\
        from . import rules
        from .rules import BOTH


        def reads(reasons):
            reasons.add(rules.RULE)


        def unpacks(reasons):
            reasons.add(*BOTH)
        """))
    assert found == ["pkg/a.py:6: pkg.a.reads cites 'play.lead', but it has no marker (@decides)",
                     "pkg/a.py:10: pkg.a.unpacks cites 'play.follow-suit', but it has no marker (@decides)",
                     "pkg/a.py:10: pkg.a.unpacks cites 'play.lead', but it has no marker (@decides)"]


def test_field_paths_endpoints_and_f_strings_are_no_rule_ids(book, tmp_path):
    assert code_problems(book, package(tmp_path, a="""\
        from ecarte_tutor.errors import QuestionError


        def read(value, number):
            read_cards(value, "deal.elder")
            url_for("play.game")
            DataError("file", "bad", key="variant.parameter")
            raise QuestionError("bad-deal", "no", "deal.dealer")
            return f"law.{number}"
        """)) == []


def test_marked_names_are_held_against_the_book_and_an_option_id_must_be_marked(book, tmp_path):
    found = code_problems(book, package(tmp_path, a="""\
        from ecarte_tutor import marks
        from ecarte_tutor.marks import fact_name, fact_value, law_number, option_id

        KNOWN = (fact_name("offender"), fact_value("irregularity", "incorrect-pack"), option_id("fresh-deal"),
                 law_number(43), marks.option_id("replay-hand"))
        UNKNOWN = (fact_name("the_offender"), fact_value("irregularity", "bent-pack"), option_id("fresh-start"),
                   law_number(52), fact_value("no_such_fact", "x"))
        BARE = "score-as-played"
        """))
    assert found == [
        "pkg/a.py:6: '' is not a value of fact 'irregularity'".replace("''", "'bent-pack'"),
        "pkg/a.py:6: fact 'the_offender' is not a dispute fact of the rule book",
        "pkg/a.py:6: option 'fresh-start' is not an option of the rule book",
        "pkg/a.py:7: fact 'no_such_fact' is not a dispute fact of the rule book",
        "pkg/a.py:7: the rule book has no law 52",
        "pkg/a.py:8: the option id 'score-as-played' is written bare: write option_id('score-as-played')"]


def rename(rules_root, old, new):
    """Rename ``old`` to ``new`` in every file of a copied rule book, as a rename in the data alone would."""
    for path in [*rules_root.glob("*.yaml"), *rules_root.glob("laws/*.yaml")]:
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    return load_rulebook(rules_root)


def test_an_option_renamed_in_the_data_alone_fails_check_naming_the_python(rules_copy, capsys):
    found = problems(rename(rules_copy, "fresh-deal", "deal-anew"))
    assert found and all("'fresh-deal' is not an option of the rule book" in line for line in found)
    assert all(line.startswith(("ecarte_tutor/table/deals.py:", "ecarte_tutor/web/play.py:",
                                "ecarte_tutor/marque/scorer.py:")) for line in found)
    assert main(["check", "--rules", str(rules_copy)]) == 1
    assert "fresh-deal" in capsys.readouterr().err


def test_a_fact_renamed_in_the_data_alone_is_caught(rules_copy):
    found = problems(rename(rules_copy, "deal_begun", "deal_started"))
    assert any(line.startswith("ecarte_tutor/engine/pack.py:") and "'deal_begun'" in line for line in found)


def test_a_renamed_rule_is_caught_both_ways(rules_copy):
    found = problems(rename(rules_copy, "deal.turn-up", "deal.turned-card"))
    assert any("'deal.turn-up' has the shape of a rule id" in p for p in found)
    assert any("'deal.turned-card' sets an engine parameter" in p for p in found)
