"""A plain (non-editable) install carries the rule book, lessons, scenarios, templates and schemas."""
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel_names(wheel):
    """What the session's wheel (tests/conftest.py) carries."""
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


@pytest.mark.parametrize("folder", ["rules", "rules/laws", "rules/strategy", "lessons", "scenarios/disputes",
                                    "rules/fr", "rules/fr/laws"])
def test_every_data_file_is_in_the_wheel(wheel_names, folder):
    for path in (ROOT / folder).glob("*.yaml"):
        assert f"ecarte_tutor/data/{path.relative_to(ROOT).as_posix()}" in wheel_names


@pytest.mark.parametrize("name", ["ecarte_tutor/templates/base.html", "ecarte_tutor/static/css/site.css",
                                  "ecarte_tutor/schemas/rulefile.schema.json", "ecarte_tutor/py.typed",
                                  "ecarte_tutor/templates/rules/_where_used.html"])
def test_site_files_and_schemas_are_in_the_wheel(wheel_names, name):
    assert name in wheel_names


def test_every_question_schema_is_in_the_wheel(wheel_names):
    folder = ROOT / "ecarte_tutor" / "schemas" / "questions"
    for path in folder.glob("*.schema.json"):
        assert f"ecarte_tutor/schemas/questions/{path.name}" in wheel_names


def test_the_stores_migrations_are_in_the_wheel(wheel_names):
    """An installed wheel migrates its own database: Alembic's environment and every migration travel with it."""
    folder = ROOT / "ecarte_tutor" / "store" / "migrations"
    for path in [folder / "env.py", folder / "script.py.mako", *(folder / "versions").glob("*.py")]:
        assert f"ecarte_tutor/store/migrations/{path.relative_to(folder).as_posix()}" in wheel_names


def test_every_language_travels_with_the_wheel(wheel_names):
    """The catalogues are compiled at first use from their .po (ecarte_tutor/i18n.py): the .po and the glossary
    are what an installed wheel needs to speak French."""
    folder = ROOT / "ecarte_tutor" / "locale"
    found = [*folder.glob("*/LC_MESSAGES/*.po"), *folder.glob("*/glossary.yaml")]
    assert found
    for path in found:
        assert f"ecarte_tutor/locale/{path.relative_to(folder).as_posix()}" in wheel_names
