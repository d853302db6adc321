"""The small fixture data root (tests/data/laws-fixture), built for the session from its own files and the real ones.

The fixture keeps only what it writes for the tests: ``rules/basics.yaml``, a handful of laws with
decision tables of its own, its lessons and scenarios. The dispute facts and the sources are the
real rule book's (``SHARED``), copied in when the tests start, so they are never kept twice.
"""
import atexit
import shutil
import tempfile
from pathlib import Path

from ecarte_tutor import paths

SOURCE = Path(__file__).parent / "data" / "laws-fixture"
SHARED = ("dispute-facts.yaml", "sources.yaml")  # files of rules/ the fixture takes from the real rule book


def build(target: Path) -> Path:
    """The fixture's data root at ``target``: its own files, and the real rule book's shared ones."""
    shutil.copytree(SOURCE, target)
    for name in SHARED:
        shutil.copyfile(paths.rules_dir() / name, target / "rules" / name)
    return target


_made = Path(tempfile.mkdtemp(prefix="ecarte-laws-fixture-"))
atexit.register(shutil.rmtree, _made, ignore_errors=True)
FIXTURE = build(_made / "laws-fixture")
