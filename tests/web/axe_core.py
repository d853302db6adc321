"""A current axe-core for the browser tests, fetched once from the npm registry and checked.

The tests run the release pinned here (recent enough to check ``label-content-name-mismatch``):
``npm pack`` fetches its package into tmp/axe-core/ (the first run on a fresh clone, in CI too;
nothing to install by hand), its sha512 is checked against the one pinned, and axe.min.js is read
from it. ``AXE_CORE_JS`` names another
copy of axe.min.js (one kept offline, say).
"""
from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import tarfile
from functools import lru_cache
from pathlib import Path

VERSION = "4.14.1"
INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
FOLDER = Path(__file__).resolve().parents[2] / "tmp" / "axe-core"
# Every rule on, whatever its tags, as an audit runs it (issue 43): the experimental ones too (label-in-name,
# WCAG 2.5.3; a table's fake caption; a paragraph styled as a heading), and the 24 px target size of WCAG 2.2
# alongside the tests' own 44 px measure.
EVERY_RULE = "() => Object.fromEntries(axe.getRules().map(rule => [rule.ruleId, {enabled: true}]))"


class Unavailable(Exception):
    """axe-core could not be had (no npm, no registry): the caller skips or fails, saying why."""


def _fetch() -> Path:
    script = FOLDER / f"axe-{VERSION}.min.js"
    if script.exists():
        return script
    npm = shutil.which("npm")
    if npm is None:
        raise Unavailable("npm is not installed (apt-get install -y npm), so axe-core cannot be fetched")
    FOLDER.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "pack", f"axe-core@{VERSION}", "--pack-destination", str(FOLDER), "--silent"],
                          capture_output=True, text=True, timeout=300, check=False)
    tarball = FOLDER / f"axe-core-{VERSION}.tgz"
    if done.returncode or not tarball.exists():
        raise Unavailable(f"npm pack axe-core@{VERSION} failed: {done.stderr.strip()[-300:]}")
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if digest != INTEGRITY:
        tarball.unlink()
        raise Unavailable(f"axe-core-{VERSION}.tgz does not match its pinned sha512")
    with tarfile.open(tarball) as archive:
        member = archive.extractfile("package/axe.min.js")
        assert member is not None
        script.write_bytes(member.read())
    tarball.unlink()
    return script


@lru_cache(maxsize=1)
def source() -> str:
    """The text of axe.min.js."""
    given = os.environ.get("AXE_CORE_JS")
    return Path(given).read_text(encoding="utf-8") if given else _fetch().read_text(encoding="utf-8")


def run(page, options: dict | None = None) -> dict:
    """axe-core's results for ``page`` as it is now, every rule on (:data:`EVERY_RULE`)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(source())
    options = {"resultTypes": ["violations", "incomplete"], **(options or {})}
    options["rules"] = {**page.evaluate(EVERY_RULE), **options.get("rules", {})}
    return page.evaluate("options => axe.run(document, options)", options)
