"""Strict loading: every deliberately broken file in tests/data/broken stops the load, naming file and key."""
import collections.abc
import json
import shutil
import typing
from pathlib import Path

import pytest

from ecarte_tutor.errors import DataError
from ecarte_tutor.rulebook import default_rulebook, load_rulebook

BROKEN = Path(__file__).parent / "data" / "broken"

CASES = {
    "duplicate-key": ["appears twice", "title"],
    "unknown-key": ["sourse", "extra.misspelt"],
    "unknown-source": ["unknown source 'nowhere-1900'", "extra.nowhere", "sources[0].source"],
    "rank-not-string": ["rank_order", "10"],
    "param-twice": ["point_value", "already set"],
    "wrong-prefix": ["play.misplaced", "section name 'extra.'"],
    "no-statement": ["statement", "extra.silent"],
    "bad-syntax": ["not valid YAML"],
    "variant-missing-profile": ["finnish", "extra.half-variant"],
    "duplicate-id": ["pack.rank-order", "more than once"],
    "window-not-a-moment": ["extra.off-the-timeline", "decisions[0].window.after", "'count'",
                            "not a moment on the timeline"],
    "discovered-in-row": ["extra.coarse-row", "decisions[0].when.discovered", "shortcut"],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_file_is_refused_with_file_and_key(case, rules_copy):
    shutil.copy(BROKEN / f"{case}.yaml", rules_copy / f"zz-{case}.yaml")
    with pytest.raises(DataError) as err:
        load_rulebook(rules_copy)
    message = str(err.value)
    assert f"zz-{case}.yaml" in message or case == "duplicate-id"
    for fragment in CASES[case]:
        assert fragment in message, message


def test_every_broken_case_has_a_file():
    assert {p.stem for p in BROKEN.glob("*.yaml")} == set(CASES)


def test_missing_parameter_is_reported(rules_copy):
    path = rules_copy / "scoring.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("game_target: 5", "game_target_x: 5"), encoding="utf-8")
    with pytest.raises(DataError):
        load_rulebook(rules_copy)


def test_the_bundled_book_loads_with_sources_and_profiles(book):
    assert len(book.rules) >= 40
    assert all(rule.sources for rule in book.rules.values())
    # the four profiles the API contract names, london the default
    assert list(book.profiles) == ["london", "french", "modern", "finnish"] and book.default_profile == "london"
    assert set(book.laws) == set(range(1, 52))


def test_loaded_once_per_process(book):
    assert default_rulebook() is book


def test_every_law_cites_hoffmann_or_cavendish(book):
    for number, rule in book.laws.items():
        assert rule.id == f"law.{number}"
        assert {c.source for c in rule.sources} & {"hoffmann-1909", "cavendish-1878"}, rule.id


def test_profile_parameters_differ_where_the_sources_do(book):
    assert book.params("london").dealer_min_discard == 1
    assert book.params("french").dealer_min_discard == 0
    assert book.params("modern").elder_vulnerable_without_proposal is False
    assert book.params("finnish").game_value == "by-loser-score"
    assert book.params("modern").rule_for("dealer_min_discard") == "variant.dealer-min-discard"


def test_a_yaml_key_that_is_a_list_is_refused_not_a_crash(rules_copy):
    (rules_copy / "zz-complex-key.yaml").write_text("? [a, b]\n: 1\n", encoding="utf-8")
    with pytest.raises(DataError, match="plain value"):
        load_rulebook(rules_copy)


def test_every_decision_option_needs_a_label(rules_copy):
    facts = rules_copy / "dispute-facts.yaml"
    text = facts.read_text(encoding="utf-8")
    facts.write_text(text.replace('  - {id: cut-again, label: "Cut again"}\n', ""), encoding="utf-8")
    with pytest.raises(DataError, match="option 'cut-again' is not listed"):
        load_rulebook(rules_copy)


def test_a_choice_of_a_fact_must_be_a_value_of_its_type(rules_copy):
    """A choice fact's value of another type (the facts schema lets any fact's choices be text, true/false
    or numbers) once broke the question schemas with a TypeError, not a DataError."""
    facts = rules_copy / "dispute-facts.yaml"
    text = facts.read_text(encoding="utf-8")
    choice = '      - {value: deal, label: "While the hands were being dealt"}\n'
    assert choice in text
    facts.write_text(text.replace(choice, choice + '      - {value: true, label: "Some other time"}\n'),
                     encoding="utf-8")
    with pytest.raises(DataError, match=r"exposed_while\.choices\[1\]: True is not a choice value"):
        load_rulebook(rules_copy)


def test_a_stage_of_the_first_dispute_question_holds_at_most_eight_choices(rules_copy):
    """Opened on a phone, a stage of nine or more choices made the page over two screens tall (a browser test
    caught it only in CI): the data's own check refuses it first."""
    facts = rules_copy / "dispute-facts.yaml"
    text = facts.read_text(encoding="utf-8")
    stage = "choices: [revoke, failed-to-win-trick, lead-out-of-turn,"
    assert stage in text
    crowded = text.replace(stage, stage.replace("[", "[deal-out-of-turn, wrong-pack, wrong-card-count, "))
    facts.write_text(crowded.replace("[deal-out-of-turn, wrong-pack, wrong-card-count, wrong-packet-order,",
                                     "[wrong-packet-order,"), encoding="utf-8")
    with pytest.raises(DataError, match=r"stages\[\d\]\.choices: .* is too long"):
        load_rulebook(rules_copy)


def test_a_parameter_may_not_hide_a_method_of_params():
    from ecarte_tutor.rulebook import Params
    with pytest.raises(ValueError, match="items"):
        Params({"items": 1}, {"items": "x.y"}, "london")
    assert Params({"hand_size": 5}, {"hand_size": "deal.hand"}, "london").hand_size == 5


def _has_type(value, hint) -> bool:
    """A plain check of ``value`` against one of the annotations of Params."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return value in args
    if origin is collections.abc.Sequence:
        return isinstance(value, (list, tuple)) and all(_has_type(item, args[0]) for item in value)
    if typing.is_typeddict(hint):
        return isinstance(value, dict) and all(_has_type(value[key], item_hint)
                                               for key, item_hint in typing.get_type_hints(hint).items())
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def test_params_types_every_parameter_of_the_schema(book):
    """The attributes the engine reads are typed on Params (for mypy): exactly the parameters of
    params.schema.json, and every profile's values, and an agreement's, have the declared types."""
    from ecarte_tutor.agreements import read_agreements
    from ecarte_tutor.rulebook import Params
    from ecarte_tutor.schemas import SCHEMA_DIR

    schema = json.loads((SCHEMA_DIR / "params.schema.json").read_text(encoding="utf-8"))
    hints = typing.get_type_hints(Params)
    declared = set(hints) - {"origin", "profile", "agreements", "says", "kept", "lang"}
    assert declared == set(schema["properties"])
    agreed = read_agreements({"agreements": ["ace-high", {"game-target": 7}]}, book)
    for params in [book.params(profile) for profile in book.profiles] + [book.params("london", agreed)]:
        for name in sorted(declared):
            assert _has_type(params[name], hints[name]), (params.profile, name, params[name])


def test_what_modules_work_out_from_the_book_is_kept_typed_by_each_module(book):
    """Issue 24: the untyped ``derived`` caches became ``Kept`` values owned by their modules."""
    for holder in (book, book.params()):
        assert "derived" not in vars(holder)
        assert all(type(key).__name__ == "Kept" for key in holder.kept)


def test_a_remedy_that_includes_no_option_is_refused(rules_copy):
    facts = rules_copy / "dispute-facts.yaml"
    text = facts.read_text(encoding="utf-8")
    said = "includes: [return-surplus, complete-from-stock]"
    assert said in text
    facts.write_text(text.replace(said, "includes: [return-surplus, give-back]"), encoding="utf-8")
    with pytest.raises(DataError, match=r"includes 'give-back', which is no other option"):
        load_rulebook(rules_copy)
