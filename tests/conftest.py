"""Shared fixtures: the bundled rule book, and modified copies of it for data-driven tests."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import settings
from instances import instances  # noqa: F401 -- the fixture: servers' instance folders, the data checked once a run

from ecarte_tutor import paths
from ecarte_tutor.rulebook import default_rulebook, load_rulebook
from ecarte_tutor.yamlio import load_yaml

# No wall-clock deadline on property tests: on a loaded machine a slow example is not a failure
# (speed is measured in bench/, never asserted in a test).
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")


@pytest.fixture(scope="session")
def book():
    return default_rulebook()


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The project built as a wheel (pip wheel, as a release is), once a session: test_packaging reads what it
    carries and test_plain_install installs it. One worker runs both modules (conftest.py at the root: together)."""
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out),
                            str(Path(__file__).resolve().parent.parent)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr[-2000:]
    return next(out.glob("ecarte_tutor-*.whl"))


@pytest.fixture
def rules_copy(tmp_path):
    """A fresh copy of rules/ in a temporary folder; returns its path."""
    target = tmp_path / "rules"
    shutil.copytree(paths.rules_dir(), target)
    return target


def set_param(rules_root, name, value):
    """Change the rule (or variant, in every profile) that sets parameter ``name`` in a copied rule book."""
    origin = load_rulebook(rules_root).params().rule_for(name)
    for path in list(rules_root.glob("*.yaml")) + list(rules_root.glob("laws/*.yaml")):
        document = load_yaml(path)
        for rule in document.get("rules", []) if isinstance(document, dict) else []:
            if rule["id"] != origin:
                continue
            if name in rule.get("params", {}):
                rule["params"][name] = value
            else:
                for choice in rule["variant"]["profiles"].values():
                    choice["value"] = value
            path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False), encoding="utf-8")
            return load_rulebook(rules_root)
    raise AssertionError(f"no rule sets {name}")


@pytest.fixture
def modified_book(rules_copy):
    """``modified_book(name=value, ...)``: a rule book whose parameters are changed in its YAML."""
    def make(**changes):
        book = None
        for name, value in changes.items():
            book = set_param(rules_copy, name, value)
        return book
    return make
