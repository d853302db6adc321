"""The practice table's incident codes (table/incident_codes.py): one per drill of the rule book, each staged."""
from ecarte_tutor.table.drills import STAGINGS
from ecarte_tutor.table.incident_codes import IncidentCode, code_defects


def test_every_drill_of_the_rule_book_has_its_code_and_its_staging(book):
    assert set(book.table_drills) == set(IncidentCode) == set(STAGINGS)
    assert code_defects(book.table_drills) == []
    assert all(type(code) is IncidentCode for code in STAGINGS)  # the stagings are keyed by the enum itself


def test_a_drill_renamed_in_the_data_or_in_the_code_is_a_defect_naming_it(book):
    renamed = [("draw-too-many" if code == "dealer-six" else code) for code in book.table_drills]
    problems = code_defects(renamed)
    assert any("'draw-too-many' has no staging" in p for p in problems)
    assert any("'dealer-six' is in no law's drills" in p for p in problems)


def test_settings_and_incidents_hold_the_enum_not_strings(book):
    from ecarte_tutor.table.settings import make_settings
    settings = make_settings(book, seed=3, drills=["revoke", "overscore", "revoke"])
    assert settings.drills == (IncidentCode.REVOKE, IncidentCode.OVERSCORE)
    assert all(type(code) is IncidentCode for code in settings.drills)
