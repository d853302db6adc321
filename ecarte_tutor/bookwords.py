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
NESTED_FIELDS = ("decisions", "readings", "drills", "disagreements", "presupposes", "relations")
"""A rule's words kept below it, by names that never change, and flattened into dotted names
(``decisions.<case>.options.<option id>.consequence``, ``readings.<n>.reading``, ``drills.<code>.seen``,
``disagreements.<n>.says``, ``presupposes.<n>.says``, ``relations.<n>.how``: the lists by their place in the
English one)."""
SECTION = "section"
FACTS_FILE = "dispute-facts.yaml"
FACT = "fact:"  # the key of a dispute fact's words: fact:<name>; the remedies' labels are the key OPTIONS
OPTIONS = "options"
IMPLICATIONS = "implications"  # the key of the implications' reasons (``says``), each by its place in the list


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


def one_line(text: object) -> str:
    """A text with its runs of white space (a YAML block's line breaks too) as single spaces: how the words
    of every parallel file (the rule book's, the course's, the lessons') are compared and shown."""
    return " ".join(str(text).split())


def key_of(value: object) -> str:
    """A choice's value as a translation names it: booleans as true/false, the rest as text."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def flatten(found: object, prefix: str, path: Path, key: str) -> dict[str, str]:
    """Nested words (mappings and lists of texts) as dotted names -> text (a list's items by position)."""
    items: Any = found.items() if isinstance(found, dict) else enumerate(found) if isinstance(found, list) else None
    if items is None:
        if not isinstance(found, str) or not found.strip():
            raise DataError(path, "must be a text", key=f"{key}.{prefix}")
        return {prefix: one_line(found)}
    flat: dict[str, str] = {}
    for name, value in items:
        flat.update(flatten(value, f"{prefix}.{key_of(name)}", path, key))
    return flat


def english_parts(decisions: Any, readings: Any, drills: Any, disagreements: Any = (),
                  presupposes: Any = (), relations: Any = ()) -> dict[str, str]:
    """The words a rule keeps below it (its decision rows, readings, drills and the other sources' views), by the
    dotted names a translation gives them (:data:`NESTED_FIELDS`), as the English file writes them."""
    parts: dict[str, str] = {}
    for decision in decisions:
        at = f"decisions.{decision['case']}"
        parts[f"{at}.explanation"] = decision["explanation"]
        parts[f"{at}.window"] = decision["window"]["says"]
        for option in decision["options"]:
            parts[f"{at}.options.{option['id']}.label"] = option["label"]
            parts[f"{at}.options.{option['id']}.consequence"] = option["consequence"]
    for n, reading in enumerate(readings):
        parts.update({f"readings.{n}.{name}": reading[name] for name in ("topic", "reading", "because")})
    for drill in drills:
        at = f"drills.{drill['code']}"
        parts.update({f"{at}.{name}": drill[name] for name in ("what", "seen") if drill.get(name)})
        parts.update({f"{at}.shows.{option}": words for option, words in drill.get("shows", {}).items()})
    for n, found in enumerate(disagreements):
        parts.update({f"disagreements.{n}.{name}": found[name] for name in ("topic", "says") if found.get(name)})
    parts.update({f"presupposes.{n}.says": found["says"] for n, found in enumerate(presupposes)})
    parts.update({f"relations.{n}.how": found["how"] for n, found in enumerate(relations)})
    return parts


def fact_parts(fact: Mapping[str, Any]) -> dict[str, str]:
    """A dispute fact's words by the dotted names a translation gives them (rules/dispute-facts.yaml)."""
    parts = {name: fact[name] for name in ("question", "help") if fact.get(name)}
    parts.update({f"choices.{key_of(choice['value'])}": choice["label"] for choice in fact.get("choices", ())})
    parts.update({f"moment.{name}": fact["moment"][name] for name in ("happened", "pending")
                  if name in fact.get("moment", {})})
    parts.update({f"stages.{n}": stage["label"] for n, stage in enumerate(fact.get("stages", ()))})
    return parts


def _says(found: object, path: Path, key: str) -> dict[str, str]:
    if found is None:
        return {}
    if not isinstance(found, dict) or not all(isinstance(v, str) for v in found.values()):
        raise DataError(path, "says must map each outcome to its template", key=key)
    return {str(name): one_line(text) for name, text in found.items()}


def _entry(found: object, path: Path, rel: str, key: str) -> Entry:
    if not isinstance(found, dict):
        raise DataError(path, "an entry must be a mapping of its texts", key=key)
    unknown = sorted(set(found) - set(TEXT_FIELDS) - set(NESTED_FIELDS) - {"says", "of"})
    if unknown:
        raise DataError(path, f"an entry gives only the words of its rule ({', '.join(TEXT_FIELDS)}, "
                              f"{', '.join(NESTED_FIELDS)}, says), not {', '.join(unknown)}", key=key)
    texts: dict[str, str] = {}
    for name in NESTED_FIELDS:
        if name in found:
            texts.update(flatten(found[name], name, path, key))
    for name in TEXT_FIELDS:
        if name in found:
            text = found[name]
            if not isinstance(text, str) or not text.strip():
                raise DataError(path, "must be a text", key=f"{key}.{name}")
            texts[name] = text.strip() if name in ("statement", "intro") else one_line(text)
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
        if path.relative_to(folder).parts[0] == "course":  # the course's files: their own loaders (datawords)
            continue
        document: Any = load_yaml(path)
        rel = f"{root.name}/{path.relative_to(root).as_posix()}"
        english = f"{root.name}/{path.relative_to(folder).as_posix()}"
        if path.relative_to(folder).as_posix() == FACTS_FILE:
            files[rel] = (english, document.get("complete") is True) if isinstance(document, dict) else ("", False)
            entries.update(_facts(document, path, rel))
            continue
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


def _facts(document: object, path: Path, rel: str) -> dict[str, Entry]:
    """The words of rules/dispute-facts.yaml: each fact's (``fact:<name>``) and the remedies' labels (``options``)::

        facts:
          trump_turned: {question: …, choices: {true: …, false: …}, moment: {happened: …, pending: …}, of: …}
        options: {fresh-deal: Nouvelle donne, …, of: …}
    """
    if not isinstance(document, dict) or set(document) - {"complete", "facts", OPTIONS, IMPLICATIONS}:
        raise DataError(path, "a translation of the dispute facts holds complete, facts, options and implications")
    entries: dict[str, Entry] = {}
    facts = document.get("facts") or {}
    if not isinstance(facts, dict):
        raise DataError(path, "facts must map each fact's name to its words", key="facts")
    for name, found in facts.items():
        if not isinstance(found, dict):
            raise DataError(path, "a fact's words are a mapping", key=f"facts.{name}")
        of = found.get("of")
        texts = flatten({k: v for k, v in found.items() if k != "of"}, "", path, f"facts.{name}")
        entries[f"{FACT}{name}"] = Entry(rel, MappingProxyType({k[1:]: v for k, v in texts.items()}),
                                         MappingProxyType({}), str(of) if of is not None else None)
    for key in (OPTIONS, IMPLICATIONS):
        if key in document:
            found = document[key]
            if not isinstance(found, dict):
                raise DataError(path, f"{key} must map each option id (or implication's place) to its words", key=key)
            of = found.get("of")
            texts = flatten({k: v for k, v in found.items() if k != "of"}, "", path, key)
            entries[key] = Entry(rel, MappingProxyType({k[1:]: v for k, v in texts.items()}), MappingProxyType({}),
                                 str(of) if of is not None else None)
    return entries


def slots(template: str) -> set[str]:
    """The named slots of a ``says`` template (``{led}``) or of a catalogue message (``%(led)s``)."""
    if "%(" in template:
        return set(re.findall(r"%\((\w+)\)", template))
    return {name for _, name, _, _ in Formatter().parse(template) if name}
