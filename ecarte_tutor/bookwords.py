"""The rule book's words in another language: parallel files keyed by the English file's ids (issue 42).

``rules/<lang>/<path>.yaml`` gives the words of ``rules/<path>.yaml`` in ``lang`` (``rules/fr/play.yaml``
for ``rules/play.yaml``, ``rules/fr/laws/revoking.yaml`` for ``rules/laws/revoking.yaml``), by the same
ids, and nothing else: the rule's data (parameters, sources, decision rows) stays in the English file
alone. So a translator works in files of his own, which the English authors never edit, and several
translators work file by file without a conflict (docs/languages.md)::

    complete: true            # every entry of rules/play.yaml is translated: check fails on one missing
    section:                  # the section's own words: title, intro, says
      title: Le jeu de la main
    rules:
      play.follow-suit:       # an entry translates all the words of its rule, or check names what is left
        title: Fournir
        statement: ...
        says:
          follow: "{led} a été joué et vous avez du {suit} : vous devez fournir."
        of: 5d41402a          # the fingerprint of the English translated (ecarte-tutor lang stamp fr writes it)

Where a text is not translated yet, the English one is shown (a file without ``complete`` is under way);
``ecarte-tutor check`` fails on a translated entry that lacks a field its English rule has, on one that
names a rule or an outcome the English file does not have, and on a ``says`` template whose slots are not
exactly those of the English one (:func:`problems`).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from string import Formatter
from types import MappingProxyType
from typing import Any

from .errors import DataError
from .i18n import DEFAULT_LANG, LANGS
from .yamlio import load_yaml

TEXT_FIELDS = ("title", "statement", "example", "intro", "label")
"""The fields of an English entry that a player reads, and so that a translation gives (``label``: an agreement's).
``says`` (the engine's templates) is translated outcome by outcome."""
SECTION = "section"


@dataclass(frozen=True)
class Entry:
    """The words of one rule (or of one file's section, keyed ``rules/play.yaml#section``) in one language."""

    file: str  # the translation's file, relative to the data root (rules/fr/play.yaml)
    texts: Mapping[str, str]  # field -> text
    says: Mapping[str, str]  # outcome -> template
    of: str | None = None  # the fingerprint of the English it translates (ecarte_tutor.languages.fingerprint)


@dataclass(frozen=True)
class Translation:
    """The rule book's words in one language: each translated entry, and each file's English counterpart."""

    lang: str
    entries: Mapping[str, Entry] = field(default_factory=lambda: MappingProxyType({}))
    files: Mapping[str, tuple[str, bool]] = field(default_factory=lambda: MappingProxyType({}))
    """translation file -> (the English file it translates, relative to the data root; whether it is complete)"""

    def text(self, key: str, name: str) -> str | None:
        entry = self.entries.get(key)
        return entry.texts.get(name) if entry else None


def _flat(text: object) -> str:
    return " ".join(str(text).split())


def _says(found: object, path: Path, key: str) -> dict[str, str]:
    if found is None:
        return {}
    if not isinstance(found, dict) or not all(isinstance(v, str) for v in found.values()):
        raise DataError(path, "says must map each outcome to its template", key=key)
    return {str(name): _flat(text) for name, text in found.items()}


def _entry(found: object, path: Path, rel: str, key: str) -> Entry:
    if not isinstance(found, dict):
        raise DataError(path, "an entry must be a mapping of its texts", key=key)
    unknown = sorted(set(found) - set(TEXT_FIELDS) - {"says", "of"})
    if unknown:
        raise DataError(path, f"an entry gives only the words of its rule ({', '.join(TEXT_FIELDS)}, says), "
                              f"not {', '.join(unknown)}", key=key)
    texts: dict[str, str] = {}
    for name in TEXT_FIELDS:
        if name in found:
            text = found[name]
            if not isinstance(text, str) or not text.strip():
                raise DataError(path, "must be a text", key=f"{key}.{name}")
            texts[name] = text.strip() if name in ("statement", "intro") else _flat(text)
    of = found.get("of")
    return Entry(rel, MappingProxyType(texts), MappingProxyType(_says(found.get("says"), path, f"{key}.says")),
                 str(of) if of is not None else None)


def load_translation(root: Path, lang: str) -> Translation:
    """The translation of the rule book at ``root`` into ``lang`` (``root/lang/**.yaml``; none: an empty one)."""
    folder = root / lang
    entries: dict[str, Entry] = {}
    files: dict[str, tuple[str, bool]] = {}
    if lang == DEFAULT_LANG or lang not in LANGS or not folder.is_dir():
        return Translation(lang)
    for path in sorted(folder.rglob("*.yaml")):
        if path.relative_to(folder).parts[0] == "course":  # the course's words: ecarte_tutor.coursewords
            continue
        document: Any = load_yaml(path)
        rel = f"{root.name}/{path.relative_to(root).as_posix()}"
        english = f"{root.name}/{path.relative_to(folder).as_posix()}"
        if not isinstance(document, dict):
            raise DataError(path, "must be a mapping: complete, section, rules")
        unknown = sorted(set(document) - {"complete", "section", "rules"})
        if unknown:
            raise DataError(path, f"a translation holds complete, section and rules, not {', '.join(unknown)}")
        files[rel] = (english, document.get("complete") is True)
        if "section" in document:
            entries[f"{english}#{SECTION}"] = _entry(document["section"], path, rel, SECTION)
        rules = document.get("rules") or {}
        if not isinstance(rules, dict):
            raise DataError(path, "rules must map each rule id to its words", key="rules")
        for rule_id, found in rules.items():
            if str(rule_id) in entries:
                raise DataError(path, "this rule is translated twice", key=f"rules.{rule_id}")
            entries[str(rule_id)] = _entry(found, path, rel, f"rules.{rule_id}")
    return Translation(lang, MappingProxyType(entries), MappingProxyType(files))


def slots(template: str) -> set[str]:
    """The named slots of a ``says`` template (``{led}``) or of a catalogue message (``%(led)s``)."""
    if "%(" in template:
        return set(re.findall(r"%\((\w+)\)", template))
    return {name for _, name, _, _ in Formatter().parse(template) if name}
