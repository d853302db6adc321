"""The worked cases and the lessons as test items of their own (ecarte_tutor.yamlcases); and which tests
pytest-xdist keeps together in one worker.

pytest collects ``scenarios/**.yaml`` and ``lessons/*.yaml`` (``testpaths`` in pyproject.toml): one item
per worked case, one per lesson step and one for the lesson as a whole. A failure is reported at the
case's or the step's line in its YAML file (``scenarios/disputes/dealing.yaml:106``) with what the
engine answered otherwise, so it reads as ``ecarte-tutor check FILE`` prints it.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from ecarte_tutor.casesearch import SYNONYMS_FILE
from ecarte_tutor.rulebook import default_rulebook
from ecarte_tutor.yamlcases import Pending, pending

ROOT = Path(__file__).parent
SCENARIOS, LESSONS = ROOT / "scenarios", ROOT / "lessons"


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    # a lesson is a file of lessons/ itself: lessons/verdicts/ holds the card-play verdicts, data of the lessons
    if file_path.suffix == ".yaml" and file_path.name != SYNONYMS_FILE and \
            (SCENARIOS in file_path.parents or file_path.parent == LESSONS):
        return YamlFile.from_parent(parent, path=file_path)
    return None


class YamlFile(pytest.File):
    """A file of worked cases, or a lesson."""

    def collect(self):
        name = self.path.relative_to(ROOT).as_posix()
        for entry in pending(self.path, default_rulebook(), name):
            yield YamlItem.from_parent(self, name=entry.name, entry=entry)


class YamlItem(pytest.Item):
    """One worked case or lesson step, run by the engine."""

    def __init__(self, *, entry: Pending, **kwargs):
        super().__init__(**kwargs)
        self.entry = entry

    def runtest(self) -> None:
        found = self.entry.run()
        if not found.passed:
            raise YamlFailure(found.report())

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, YamlFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, self.entry.line - 1, f"{self.entry.file}:{self.entry.line}: {self.entry.name}"


class YamlFailure(Exception):
    """A case or step whose engine answer differs from the one it states."""


# pytest-xdist (dev.py test: -n auto --dist loadgroup) hands the tests to its workers one by one, except
# these, which share something expensive that each worker would otherwise make again:
TOGETHER_BY_FILE = {
    "tests/store/test_site_on_databases.py",  # a gunicorn server per database (its module fixture)
    "tests/web/test_serve.py",  # the servers its tests share (its module fixture)
    "tests/web/test_accessible_pages.py",  # the crawl of the site its tests read (14 s of CPU)
    "tests/web/test_french_crawl.py",  # its two crawls (English, with French), read by two tests (10 s of CPU)
    # a Chromium and the site under waitress (the session's: tests/web/conftest.py; once a worker)
    "tests/web/test_browser.py", "tests/web/test_browser_a11y.py", "tests/web/test_browser_house.py",
    "tests/web/test_browser_play.py", "tests/web/test_browser_quick.py",
    "tests/test_drills.py",  # the drills its tests each read, made once (its drilled())
    "tests/engine/test_exchange_agrees_with_hand.py",  # the stocks its tests sweep (its module fixture: 4 s of CPU)
}
TOGETHER_AS = {
    # the session's wheel (tests/conftest.py), built once: one module reads it, the other installs it
    "tests/test_packaging.py": "the wheel", "tests/test_plain_install.py": "the wheel",
    # the self-play games both read (tests/selfplay_games.py), played once
    "tests/table/test_audit.py": "self-play", "tests/table/test_selfplay.py": "self-play",
}
TOGETHER_BY_PARAMETER = {
    # the two sweeps over an irregularity's rulings (facts_used, explanations) share the answers they ask for;
    # the tests of one worked case share its interview; the tests that read every irregularity's tree
    # (parametrised by the data set, or not at all) share the walk (13 s of CPU for the bundled one)
    "tests/engine/disputes/test_interview_tree.py",
}
WHOLE_WALK = ("[bundled]", "[fixture]", "")  # what test_interview_tree.py's tests of every tree end with


def together(nodeid: str) -> str:
    """The unit of work ``nodeid`` belongs to (its own id when it can go anywhere)."""
    path, _, name = nodeid.partition("::")
    if path in TOGETHER_BY_FILE:
        return path
    if path in TOGETHER_AS:
        return TOGETHER_AS[path]
    if path in TOGETHER_BY_PARAMETER:
        parameter = name[name.index("["):] if name.endswith("]") else ""
        return path + ("[every tree]" if parameter in WHOLE_WALK else parameter)
    return nodeid


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """--dist loadgroup, grouping by ``together`` (xdist's own xdist_group marks find no hold on pytest 9.2's
    node ids: it renames the items, which pytest no longer reads)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Together(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return together(nodeid)

    return Together(config, log)
