"""The data check ``serve`` runs before it starts, remembered per change of the data.

``serve`` refuses to start on data that ``ecarte-tutor check`` refuses (:func:`ecarte_tutor.library.defects`).
That check answers every worked case and lesson exercise with the engine (seconds), while the data changes
only with a release or an edit; so a clean result is written to the instance folder under a key, the SHA-256
of every file the check reads (the rule book, the lessons, the scenarios, the house file) and of the package's
own files (the check reads the code's ties to the rule book too) with the package's version. A start whose key
matches skips the check; any change to any of those files runs it again.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path

from .. import __version__
from ..paths import PACKAGE_DIR, lessons_dir, rules_dir, scenarios_dir

MARK = "data-checked"
"""The file in the instance folder holding the key of the data last found clean."""
INDEX = "rule-uses.json"
"""The file in the instance folder holding where each rule is used (ecarte_tutor.trace), made from the data of the key
it names: the rule and law pages read it instead of working it out on their first showing (seconds)."""
SKIPPED = frozenset({"__pycache__", ".mypy_cache", ".pytest_cache"})


def _files(root: Path) -> Iterable[Path]:
    if root.is_file():
        yield root
        return
    for folder, names, files in os.walk(root):
        names[:] = sorted(name for name in names if name not in SKIPPED)
        for name in sorted(files):
            if not name.endswith((".pyc", ".pyo")):
                yield Path(folder) / name


def data_key(config: dict) -> str:
    """The key of the data a site with ``config`` (create_app's) is checked on: it changes when any file does."""
    roots = [Path(config.get("RULES_DIR") or rules_dir()), Path(config.get("LESSONS_DIR") or lessons_dir()),
             Path(config.get("SCENARIOS_DIR") or scenarios_dir()), PACKAGE_DIR]
    if config.get("HOUSE_FILE"):
        roots.append(Path(config["HOUSE_FILE"]))
    digest = hashlib.sha256(f"ecarte-tutor {__version__}\n".encode())
    seen: set[Path] = set()
    for root in roots:
        for path in _files(root.resolve()):
            if path in seen:  # the package's data/ may be the rule book's folder too
                continue
            seen.add(path)
            digest.update(f"{path}\n".encode("utf-8", "surrogateescape"))
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


def remembered(instance: str, key: str) -> bool:
    """Whether the data of ``key`` was found clean by an earlier start using the instance folder ``instance``."""
    try:
        return (Path(instance) / MARK).read_text(encoding="utf-8").strip() == key
    except (OSError, UnicodeDecodeError):
        return False


def remember(instance: str, key: str) -> None:
    """Note that the data of ``key`` is clean (written whole or not at all); a folder that cannot be written to
    only means the next start checks again."""
    mark = Path(instance) / MARK
    written = mark.with_name(f"{MARK}.{os.getpid()}")
    try:
        written.write_text(key + "\n", encoding="utf-8")
        written.replace(mark)
    except OSError:
        written.unlink(missing_ok=True)


def stored_index(instance: str, key: str) -> dict | None:
    """Where each rule is used, as stored for the data of ``key``; None when none is stored for that data."""
    try:
        stored = json.loads((Path(instance) / INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return stored.get("rules") if isinstance(stored, dict) and stored.get("key") == key else None


def store_index(instance: str, key: str, rules: dict) -> None:
    """Keep ``rules`` (Trace.every_rule) for the data of ``key``, written whole or not at all."""
    target = Path(instance) / INDEX
    written = target.with_name(f"{INDEX}.{os.getpid()}")
    try:
        written.write_text(json.dumps({"key": key, "rules": rules}, ensure_ascii=False), encoding="utf-8")
        written.replace(target)
    except OSError:
        written.unlink(missing_ok=True)
