"""The practice table's drills are data beside their laws: the rule book and the code that stages them
name the same drills, every remedy a drill's ruling can offer is carried out, and the table's effects
are the ones the schema allows."""
from __future__ import annotations

import pytest

from ecarte_tutor.schemas import validator
from ecarte_tutor.table import incidents
from ecarte_tutor.table.drills import STAGINGS
from ecarte_tutor.table.players import make_player
from ecarte_tutor.table.remedies import EFFECTS

from .test_drills import step, true_answers, until_open


def test_every_drill_of_the_rule_book_is_staged_and_every_staging_is_a_drill(book):
    assert set(book.table_drills) == set(STAGINGS)


def test_the_effects_are_those_the_schema_lets_a_drill_name():
    schema = validator("rulefile").schema
    assert set(schema["$defs"]["table_effect"]["enum"]) == set(EFFECTS)


def test_a_drill_sits_beside_the_law_it_drills(book):
    for code, drill in book.table_drills.items():
        assert drill.rule.law == drill.law and drill.rule.decisions, code
        assert drill.entry["facts"]["irregularity"] in {
            i for d in drill.rule.decisions for i in ([d["irregularity"]] if isinstance(d["irregularity"], str)
                                                      else d["irregularity"])}, code


@pytest.mark.parametrize("code", list(STAGINGS))
def test_every_option_a_drill_meets_has_a_remedy(book, code):
    met = set()
    for seed in range(8):
        try:
            game, bot = until_open(book, code, seed), make_player("beginner")
        except AssertionError:  # a game in which this drill's moment never came
            continue
        for _ in range(40):  # the ruling now, and later for a drill that can still be called
            if game.open is None or game.decision() is None:
                break
            met |= {o["id"] for o in incidents.assess(game, true_answers(game))["options"]}
            step(game, bot)
    remedies = book.table_drills[code].entry["remedies"]
    assert met and met <= set(remedies), f"{code}: options without a remedy: {met - set(remedies)}"


def test_a_broken_drill_is_refused_when_the_book_loads(rules_copy):
    from ecarte_tutor.errors import DataError
    from ecarte_tutor.rulebook import load_rulebook

    path = rules_copy / "laws" / "dealing.yaml"
    path.write_text(path.read_text().replace("tutor_prefers: [draw-surplus, fresh-deal]",
                                             "tutor_prefers: [draw-surplus, deal-stands]"), encoding="utf-8")
    with pytest.raises(DataError, match="deal-stands"):
        load_rulebook(rules_copy)
    path.write_text(path.read_text().replace("tutor_prefers: [draw-surplus, deal-stands]",
                                             "tutor_prefers: [draw-surplus, fresh-deal]").replace(
        "seen: The tutor deals and turns up {card} and {second}.", "seen: The tutor turns up {third}."),
        encoding="utf-8")
    with pytest.raises(DataError, match="third"):
        load_rulebook(rules_copy)

