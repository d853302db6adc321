"""A data file's words in another language: a parallel file of the same nested keys (issue 42).

Some sentences a player reads are kept in small YAML files of their own rather than in the rule book or the
gettext catalogue: the score sheet's words (``ecarte_tutor/marque/words.yaml``), how the practice table says a
deal or the game has ended (``rules/course/endings.yaml``). Each is translated in a parallel file that repeats
its nested keys with the language's texts (``words.fr.yaml``, ``rules/fr/course/endings.yaml``):

- :func:`translated` gives the English document with each text the translation has put in its place, so a text
  not translated yet is said in English (the loader's fallback, text by text);
- :func:`problems` holds a translation to its English as ``ecarte-tutor check`` holds ``rules/fr/``: every key it
  gives exists in English, its ``{slots}`` are the English text's, and a file marked ``complete: true`` gives every
  text; it also says how many texts are left and whether the file was stamped against its English as it is now;
- the file's ``of:`` is the fingerprint of the English texts it translates (:func:`fingerprint`), written by
  ``ecarte-tutor lang stamp`` (:func:`stamp`) once the translation follows its English: a reworded English text
  makes the translation stale until a translator has checked it.
"""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from string import Formatter
from typing import Any

from .yamlio import load_yaml, text_scalar

META = ("complete", "of")  # a translation's own keys: not texts


@dataclass(frozen=True)
class Parallel:
    """An English data file and where its translation into ``lang`` is kept (``where``: how messages name it)."""

    english: Path
    translated: Path
    lang: str
    where: str


def flat(document: object, prefix: str = "") -> dict[str, str]:
    """Every text of a nested document by its dotted key (``errors.bad-choice``, ``ordinals.0`` for a list's first);
    a translation's own keys left out."""
    found: dict[str, str] = {}
    if isinstance(document, Mapping):
        for key, value in document.items():
            if not prefix and key in META:
                continue
            found.update(flat(value, f"{prefix}{key}."))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found.update(flat(value, f"{prefix}{index}."))
    elif isinstance(document, str):
        found[prefix[:-1]] = document
    return found


def _slots(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in Formatter().parse(text) if name}
    except ValueError:  # an unbalanced brace: no slot can be read, and the English has none such
        return {"?"}


def _document(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    loaded = load_yaml(path)
    return loaded if isinstance(loaded, dict) else {}


def translated(english: Mapping[str, Any], translation: Mapping[str, Any]) -> dict[str, Any]:
    """``english`` with each text ``translation`` gives in its place (same nested keys; a list's texts by position);
    the rest stays English."""
    return {key: _in_place(value, translation.get(key)) for key, value in english.items()}


def _in_place(value: Any, theirs: Any) -> Any:
    if isinstance(value, Mapping):
        return translated(value, theirs if isinstance(theirs, Mapping) else {})
    if isinstance(value, list):
        given = theirs if isinstance(theirs, list) else []
        return [_in_place(item, given[index] if index < len(given) else None) for index, item in enumerate(value)]
    return theirs if isinstance(theirs, str) and theirs.strip() else value


def digest(texts: Mapping[str, str]) -> str:
    """Eight hex digits of some texts by key (a translation's stamp): they change whenever one of the texts does."""
    return hashlib.sha1(json.dumps(dict(texts), sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()[:8]


def fingerprint(english: Mapping[str, Any]) -> str:
    """Eight hex digits that change whenever a text of the English changes."""
    return digest(flat(english))


@dataclass(frozen=True)
class Held:
    """What :func:`problems` found of one translation."""

    problems: list[str]
    pairs: list[tuple[str, str, str]]  # (where, English, translation) of each text translated
    left: int  # texts of the English not translated yet
    stale: str | None  # the file's stamp is not the English's as it now is


def problems(parallel: Parallel) -> Held:
    """The translation held to its English (module docstring)."""
    english = flat(_document(parallel.english))
    document = _document(parallel.translated)
    theirs = flat(document)
    found: list[str] = []
    pairs: list[tuple[str, str, str]] = []
    for key, text in theirs.items():
        where = f"{parallel.where} › {key}"
        if key not in english:
            found.append(f"{where}: the English ({parallel.english.name}) has no such text")
            continue
        given, wanted = _slots(text), _slots(english[key])
        if given != wanted:
            found.append(f"{where}: the slots are {', '.join(sorted(given)) or 'none'}, and "
                         f"{', '.join(sorted(wanted)) or 'none'} in English")
        pairs.append((where, english[key], text))
    missing = sorted(set(english) - {k for k, v in theirs.items() if v.strip()})
    if missing and document.get("complete") is True:
        found.append(f"{parallel.where}: complete, but {', '.join(missing)} not translated")
    stale = None
    if document:
        now = fingerprint(_document(parallel.english))
        if document.get("of") != now:
            stale = (f"{parallel.where}: its English changed since it was translated (of: {document.get('of')}, "
                     f"now {now}): check the translation, then ecarte-tutor lang stamp {parallel.lang}"
                     if document.get("of") else f"{parallel.where}: not stamped: ecarte-tutor lang stamp "
                                                f"{parallel.lang}")
    return Held(found, pairs, len(missing), stale)


_OF = re.compile(r"^of:.*$", re.M)


def stamp(parallel: Parallel) -> bool:
    """Write the English's fingerprint as the translation's ``of:`` (the first line after its comments); True when
    it changed."""
    if not parallel.translated.is_file():
        return False
    now = fingerprint(_document(parallel.english))
    text = parallel.translated.read_text(encoding="utf-8")
    line = f"of: {text_scalar(now)}"
    if _OF.search(text):
        changed = _OF.sub(line, text, count=1)
    else:
        lines = text.splitlines(keepends=True)
        at = next((i for i, kept in enumerate(lines) if kept.strip() and not kept.startswith("#")), len(lines))
        changed = "".join([*lines[:at], line + "\n", *lines[at:]])
    if changed == text:
        return False
    parallel.translated.write_text(changed, encoding="utf-8")
    return True
