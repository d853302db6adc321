"""The course's sentences in another language: ``rules/<lang>/course/<file>`` beside ``rules/course/<file>`` (issue 42).

The course files (the mistakes, the glossary, the quick reference, the sentences of why a card beats another, the
table's endings) hold data beside their words; the parallel file holds the words only, keyed by each entry's
``id`` (a mistake, a term) or, in a file without ids, by the path to the words (``sections.0.lines.2``, ``lines``,
``_`` for the file's top)::

    # rules/fr/course/mistakes.yaml
    complete: true                 # every text of the English file translated: check fails on one missing
    entries:
      ace-high:
        title: L'as pris pour la plus forte carte
        says: >-
          Vous avez traité l'as comme la plus forte carte de sa couleur …
        of: 1a2b3c4d               # the fingerprint of the English translated (ecarte-tutor lang stamp fr)

The slots (``{thrown}``, ``{p.vole_value|word}``) are those of the English text, each filled by the engine in
the language. Where a text is not translated yet the English one is said (:func:`text`); ``check`` holds each
file as it holds ``rules/fr/`` (:func:`problems`), and ``ecarte-tutor lang`` counts what is left.
"""
from __future__ import annotations

import re
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bookwords import one_line
from .datawords import digest
from .errors import DataError
from .i18n import DEFAULT_LANG, LANGS
from .yamlio import load_yaml, set_in_entry

COURSE = "course"
TEXTS: dict[str, frozenset[str] | None] = {
    "mistakes.yaml": frozenset({"title", "says"}),
    "glossary.yaml": frozenset({"term", "definition"}),
    "quick.yaml": frozenset({"title", "says"}),
}
"""The course files a player reads, and the fields of each that are words (None: every text of the file). The
sentences of why a card beats another and the table's endings are translated by :mod:`.datawords`, which reads them
for the engine and the table."""
ELSEWHERE = frozenset({"why.yaml", "endings.yaml"})
"""The course files translated by :mod:`.datawords` (the same keys as their English, read by the engine and the
table), which these checks leave to it."""
TOP = "_"  # the key of a file's own top-level words


def english_entries(document: object, name: str) -> dict[str, dict[str, str]]:
    """The words of an English course file by entry key and field (module docstring)."""
    allowed = TEXTS.get(name)
    out: dict[str, dict[str, str]] = {}

    def walk(value: object, path: list[str]) -> None:
        key = ".".join(path) or TOP
        if isinstance(value, dict):
            for field_name, child in value.items():
                if isinstance(child, str):
                    if field_name != "id" and (allowed is None or field_name in allowed):
                        out.setdefault(key, {})[str(field_name)] = one_line(child)
                else:
                    walk(child, [*path, str(field_name)])
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, str):
                    if allowed is None:
                        out.setdefault(key, {})[str(i)] = one_line(item)
                elif isinstance(item, dict) and isinstance(item.get("id"), str):
                    walk(item, [item["id"]])
                else:
                    walk(item, [*path, str(i)])

    walk(document, [])
    return out


@dataclass(frozen=True)
class Entry:
    texts: Mapping[str, str]
    of: str | None = None


@dataclass(frozen=True)
class CourseWords:
    """One course file's words in one language."""

    file: str  # rules/fr/course/mistakes.yaml
    complete: bool = False
    entries: Mapping[str, Entry] = field(default_factory=dict)


def read_words(path: Path, rel: str) -> CourseWords:
    """A translated course file; a malformed one raises :class:`DataError` naming file and key."""
    document: Any = load_yaml(path)
    if not isinstance(document, dict) or set(document) - {"complete", "entries"}:
        raise DataError(path, "a course file's translation holds complete and entries (each entry's words by key)")
    entries = document.get("entries") or {}
    if not isinstance(entries, dict):
        raise DataError(path, "entries maps each entry's key to its words", key="entries")
    found: dict[str, Entry] = {}
    for key, words in entries.items():
        if not isinstance(words, dict) or not all(isinstance(v, (str, int)) for v in words.values()):
            raise DataError(path, "an entry maps each field to its text (and of: to its fingerprint)",
                            key=f"entries.{key}")
        texts = {str(name): one_line(text) for name, text in words.items() if name != "of"}
        if any(not text for text in texts.values()):
            raise DataError(path, "a text may not be empty", key=f"entries.{key}")
        found[str(key)] = Entry(texts, str(words["of"]) if words.get("of") is not None else None)
    return CourseWords(rel, document.get("complete") is True, found)


def words_path(rules_root: Path, lang: str, name: str) -> Path:
    return rules_root / lang / COURSE / name


_kept: dict[Path, CourseWords | None] = {}
_lock = threading.Lock()


def load_words(rules_root: Path, lang: str, name: str) -> CourseWords | None:
    """The words of ``rules/course/<name>`` in ``lang`` (kept once read), or None (English, or none yet)."""
    if lang == DEFAULT_LANG or lang not in LANGS:
        return None
    path = words_path(Path(rules_root), lang, name)
    if path not in _kept:
        with _lock:
            if path not in _kept:
                rel = f"{Path(rules_root).name}/{lang}/{COURSE}/{name}"
                _kept[path] = read_words(path, rel) if path.is_file() else None
    return _kept[path]


def text(rules_root: Path, lang: str, name: str, key: str, field_name: str) -> str | None:
    """The text ``field_name`` of the entry ``key`` of ``rules/course/<name>`` in ``lang``; None where it is not
    translated (the caller says the English)."""
    words = load_words(rules_root, lang, name)
    entry = words.entries.get(key) if words else None
    return entry.texts.get(field_name) if entry else None


# --- what check holds -------------------------------------------------------------------------------------------

_SLOT = re.compile(r"\{([^{}|]+)(?:\|[^{}]*)?\}")


def slot_names(text: str) -> set[str]:
    """The slots a course text names, filters aside: ``{thrown}``, ``{p.vole_value}``."""
    return {match[1] for match in _SLOT.finditer(text)}


def fingerprint(english: Mapping[str, str]) -> str:
    """Eight hex digits that change whenever an entry's English changes."""
    return digest(english)


@dataclass
class Found:
    problems: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    pairs: list[tuple[str, str, str]] = field(default_factory=list)
    left: dict[str, int] = field(default_factory=dict)


def _english(rules_root: Path) -> Iterator[tuple[str, dict[str, dict[str, str]]]]:
    for name in TEXTS:
        path = rules_root / COURSE / name
        if path.is_file():
            yield name, english_entries(load_yaml(path), name)


def problems(rules_root: Path, lang: str) -> Found:
    """Each translated course file of ``lang`` held to its English (module docstring)."""
    found = Found()
    rules_root = Path(rules_root)
    folder = rules_root / lang / COURSE
    english_files = dict(_english(rules_root))
    if folder.is_dir():
        for path in sorted(folder.glob("*.yaml")):
            if path.name not in english_files and path.name not in ELSEWHERE:
                found.problems.append(f"{rules_root.name}/{lang}/{COURSE}/{path.name}: no course file "
                                      f"{rules_root.name}/{COURSE}/{path.name} to translate")
    for name, english in english_files.items():
        where_english = f"{rules_root.name}/{COURSE}/{name}"
        path = words_path(rules_root, lang, name)
        try:
            words = read_words(path, f"{rules_root.name}/{lang}/{COURSE}/{name}") if path.is_file() else None
        except DataError as exc:
            found.problems.append(str(exc))
            words = None
        missing = 0
        for key, texts in english.items():
            entry = words.entries.get(key) if words else None
            missing += len(set(texts) - set(entry.texts if entry else ()))
            if words and entry is not None and set(texts) - set(entry.texts) and words.complete:
                found.problems.append(f"{words.file} › {key}: complete, but "
                                      f"{', '.join(sorted(set(texts) - set(entry.texts)))} not translated")
            if words and entry is None and words.complete:
                found.problems.append(f"{words.file} › {key}: complete, but not translated")
        if missing:
            found.left[where_english] = missing
        if words is None:
            continue
        for key, entry in words.entries.items():
            where = f"{words.file} › {key}"
            if key not in english:
                found.problems.append(f"{where}: {where_english} has no entry '{key}'")
                continue
            if entry.of != fingerprint(english[key]):
                found.stale.append(f"{where}: " + (f"its English changed since it was translated (of: {entry.of})"
                                                   if entry.of else "not stamped")
                                   + f": check it, then ecarte-tutor lang stamp {lang}")
            for name_, translated in entry.texts.items():
                if name_ not in english[key]:
                    found.problems.append(f"{where} › {name_}: the English has no {name_} to translate")
                    continue
                found.pairs.append((f"{where} › {name_}", english[key][name_], translated))
                mine, theirs = slot_names(translated), slot_names(english[key][name_])
                if mine != theirs:
                    found.problems.append(f"{where} › {name_}: the slots are {slots_named(mine)}, and "
                                          f"{slots_named(theirs)} in English: the same ones, each filled in the "
                                          "language")
    return found


def slots_named(names: set[str]) -> str:
    """Slots as a check's message names them: ``{led}, {suit}``, or none."""
    return ", ".join("{" + name + "}" for name in sorted(names)) or "none"


def stamp(rules_root: Path, lang: str) -> int:
    """Write each translated entry's fingerprint (``of:``) in its file, line by line (comments and layout kept), as
    :func:`ecarte_tutor.languages.stamp` does for the rule book. Returns the entries stamped anew."""
    changed = 0
    rules_root = Path(rules_root)
    for name, english in _english(rules_root):
        path = words_path(rules_root, lang, name)
        if not path.is_file():
            continue
        words = read_words(path, name)
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        for key, entry in words.entries.items():
            if key not in english or entry.of == fingerprint(english[key]):
                continue
            at = next(i for i, line in enumerate(lines) if line.rstrip() in (f"  {key}:", f'  "{key}":'))
            set_in_entry(lines, at, "    ", "of", fingerprint(english[key]))
            changed += 1
        path.write_text("".join(lines), encoding="utf-8")
        _kept.pop(path, None)
    return changed
