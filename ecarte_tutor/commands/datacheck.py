"""The data check ``serve`` runs before it starts, remembered per change of the data.

``serve`` refuses to start on data that ``ecarte-tutor check`` refuses (:func:`ecarte_tutor.library.defects`).
That check answers every worked case and lesson exercise with the engine (seconds), while the data changes
only with a release or an edit; so a clean result is written to the instance folder under a key, the SHA-256
of every file the check reads (the rule book, the lessons, the scenarios, the house file) and of the package's
own files (the check reads the code's ties to the rule book too) with the package's version. A start whose key
matches skips the check; any change to any of those files runs it again.

What a page would otherwise work out on its first showing in each worker (where each rule is used, every
case's ruling, the card-play steps' analyses) is kept beside the mark under the same key, made with the
check: a start reads it instead, so that no first page after a start costs more than twice the next.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar, cast

from .. import __version__
from ..paths import PACKAGE_DIR, lessons_dir, rules_dir, scenarios_dir

if TYPE_CHECKING:
    from flask import Flask

MARK = "data-checked"
"""The file in the instance folder holding the key of the data last found clean."""
INDEX = "rule-uses.json"
"""The file in the instance folder holding where each rule is used (ecarte_tutor.trace), made from the data of the key
it names: the rule and law pages read it instead of working it out on their first showing (seconds)."""
CASEBOOK = "casebook.json"
"""Every worked case's ruling, laws and search fields (Casebook.as_kept), for the data of the key it names."""
LESSONS = "lesson-analyses.json"
"""The card-play steps' analyses and their words for every card (lessons.grading.work_out)."""
MARKDOWN = "markdown-html.json"
"""Every lesson step's body and rule statement as their pages show them, in HTML (web.markup.keep_rendered)."""
TEMPLATES = "templates-compiled"
"""The site's templates compiled (Jinja's bytecode cache: each file is keyed by its template's source)."""
T = TypeVar("T")
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


def stored(instance: str, key: str, name: str) -> object | None:
    """What :func:`store` kept under ``name`` for the data of ``key``; None when nothing is kept for that data."""
    try:
        kept = json.loads((Path(instance) / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return kept.get("value") if isinstance(kept, dict) and kept.get("key") == key else None


def store(instance: str, key: str, name: str, value: object) -> None:
    """Keep ``value`` (JSON) under ``name`` for the data of ``key``, written whole or not at all; a folder that
    cannot be written to only means the next start works it out again."""
    target = Path(instance) / name
    written = target.with_name(f"{name}.{os.getpid()}")
    try:
        written.write_text(json.dumps({"key": key, "value": value}, ensure_ascii=False), encoding="utf-8")
        written.replace(target)
    except OSError:
        written.unlink(missing_ok=True)


def kept(instance: str, key: str, name: str, work_out: Callable[[], T]) -> T:
    """The value kept under ``name`` for the data of ``key``, or ``work_out()``'s, then kept for the next start."""
    found = stored(instance, key, name)
    if found is None:
        found = work_out()
        store(instance, key, name, found)
    return cast(T, found)


def prepare(app: Flask, key: str) -> None:
    """Make ``app`` answer each page's first showing about as fast as its next, before the server forks its workers
    (they share all of it):

    - where each rule is used, the casebook and the card-play steps' analyses: read from what an earlier start kept
      for the data of ``key``, else worked out now (with the data check) and kept;
    - the course's files read (the glossary, the catalogue of mistakes, the kept verdicts);
    - every template loaded (compiled once per change of its file, into the instance folder), Markdown's patterns
      compiled, every lesson step's body and rule statement rendered (kept like the analyses), the OpenAPI document
      written, and each kind's question check compiled (the first question of a kind would wait for it).

    Each worker, once forked, readies itself too (web.warmup.ready_to_serve)."""
    import markdown
    import nh3
    from jinja2 import FileSystemBytecodeCache

    from ..engine.kinds import KINDS
    from ..lessons import exchange_verdicts, verdicts
    from ..lessons.glossary import glossary_of
    from ..lessons.grading import work_out
    from ..lessons.kinds import best_card
    from ..lessons.mistakes import catalogue_of
    from ..questions.check import question_check
    from ..web.api import openapi_text
    from ..web.glossary import glossary_links
    from ..web.markup import keep_rendered, render_markdown
    from ..web.site import Site

    site: Site = app.extensions["ecarte_tutor"]
    instance = app.instance_path
    cases = stored(instance, key, CASEBOOK)
    casebook = site.casebook(cases if isinstance(cases, dict) else None)
    if cases is None:
        store(instance, key, CASEBOOK, casebook.as_kept())
    index = stored(instance, key, INDEX)
    if isinstance(index, dict):
        site.trace().load(index)
    else:
        store(instance, key, INDEX, site.trace().every_rule())
    worked = kept(instance, key, LESSONS, lambda: work_out(site.lessons, site.book))
    best_card.take(worked)
    glossary_of(site.book)
    catalogue_of(site.book)
    verdicts.stored()
    exchange_verdicts.stored()
    compiled = Path(instance) / TEMPLATES
    try:
        compiled.mkdir(exist_ok=True)
        app.jinja_env.bytecode_cache = FileSystemBytecodeCache(str(compiled))
    except OSError:
        pass  # a folder that cannot be written to: each template is compiled on its first showing, as without
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    render_markdown("A *first* rendering compiles Markdown's patterns.")

    def pages_html() -> dict[str, str]:
        with app.test_request_context():  # the glossary's links as a page at the site's root writes them; kept by
            texts = {glossary_links(step.body) for lesson in site.lessons for step in lesson.steps}  # that text
        for rule in site.book.rules.values():
            texts |= {rule.statement, *(view["says"] for view in rule.disagreements)}
        return {text: str(render_markdown(text)) for text in texts}

    versions = f"{key} markdown {markdown.__version__} nh3 {getattr(nh3, '__version__', '')}"  # they make the HTML
    keep_rendered(kept(instance, versions, MARKDOWN, pages_html))
    openapi_text(app)
    import encodings.idna  # noqa: F401 - werkzeug's first reading of a Host header imports it (a millisecond)
    for kind, found in KINDS.items():
        question_check(site.book, kind, found.schema)
