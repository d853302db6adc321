"""Every language held to the English: the catalogues, the rule book's translations, the glossary (issue 42).

``ecarte-tutor check`` runs :func:`problems`; ``ecarte-tutor lang update`` (:func:`update_catalogue`) brings a
catalogue's messages up to the code's. What is checked, each failure one line naming its file:

- **the catalogues** (``ecarte_tutor/locale/<lang>/LC_MESSAGES/messages.po``): every message the code and the
  templates say (extracted as ``pybabel extract`` would, with the keywords of :data:`KEYWORDS`) has its
  translation, not fuzzy, every plural form given; a translated message the code no longer says is named too
  (missing in English); the slots of each translation are exactly those of its English (``%(card)s``);
- **the rule book's translations** (``rules/<lang>/``, :mod:`ecarte_tutor.bookwords`): each entry names a rule (or
  the section) of its English file, gives only texts the English has, and its ``says`` templates outcomes the
  English has, with exactly the English slots (``{led}``); a file marked ``complete`` gives every text of its
  English file;
- **the data files' translations** (:func:`parallels`: the score sheet's words, the table's endings; each a file
  of the same nested keys, :mod:`ecarte_tutor.datawords`): every key exists in English, its slots are the
  English's, a ``complete`` file gives every text, its ``of:`` stamp is the English's as it now is;
- **the glossary** (``ecarte_tutor/locale/<lang>/glossary.yaml``): no text of the language holds a word a
  term must never become, and a text whose English names a term names it in the language's way.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import datawords
from .bookwords import FACT, FACTS_FILE, IMPLICATIONS, OPTIONS, Translation, english_parts, fact_parts, slots
from .coursewords import problems as course_problems
from .i18n import DEFAULT_LANG, LANGS, LOCALE_DIR, po_file
from .paths import PACKAGE_DIR
from .rulebook import RuleBook
from .yamlio import load_yaml, set_in_entry

KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "tr": None, "trn": (1, 2),
            "trc": ((1, "c"), 2), "marked": None, "marked_in": ((1, "c"), 2)}
"""The functions whose literal arguments are messages (``pybabel extract -k``): Flask-Babel's and Jinja's in the
templates and the site, :mod:`ecarte_tutor.i18n`'s in the domain."""
METHODS = [("**/templates/**.html", "jinja2"), ("**.py", "python")]
GLOSSARY = "glossary.yaml"


@dataclass(frozen=True)
class Pair:
    """One text in English and in another language, and where the translation is kept."""

    where: str
    english: str
    translated: str


def extracted() -> dict[tuple[str | None, str | tuple[str, str]], list[str]]:
    """Every message the package says: (context, id or (singular, plural)) -> where (``file:line``)."""
    from babel.messages.extract import extract_from_dir

    found: dict[tuple[str | None, str | tuple[str, str]], list[str]] = {}
    for path, line, message, _comments, context in extract_from_dir(
            str(PACKAGE_DIR), METHODS, keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True):
        key: str | tuple[str, str] = message if isinstance(message, str) else (message[0], message[1])
        if key and key != ("", ""):
            found.setdefault((context, key), []).append(f"ecarte_tutor/{path}:{line}")
    return found


def _catalog(lang: str) -> Any:
    from babel.messages.pofile import read_po

    with po_file(lang).open("rb") as handle:
        return read_po(handle, locale=lang)


def _rel(path: Path) -> str:
    return path.relative_to(PACKAGE_DIR.parent).as_posix() if PACKAGE_DIR.parent in path.parents else str(path)


def catalogue_problems(lang: str, said: dict[tuple[str | None, str | tuple[str, str]], list[str]]) -> list[str]:
    """What does not hold between the code's messages and the catalogue of ``lang`` (module docstring)."""
    path = po_file(lang)
    where = _rel(path)
    if not path.is_file():
        return [f"{where}: no catalogue for '{lang}' (ecarte-tutor lang update {lang} makes it)"]
    catalog = _catalog(lang)
    found: list[str] = []
    kept = {(message.context, message.id): message for message in catalog if message.id}
    for key, places in sorted(said.items(), key=lambda item: str(item[0])):
        message = kept.get(key)
        context, text = key
        shown = text if isinstance(text, str) else text[0]
        named = f"{shown!r}" + (f" (context {context})" if context else "")
        if message is None:
            found.append(f"{where}: the message {named} said at {places[0]} is missing in {lang}")
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy or not all(strings):
            found.append(f"{where}: the message {named} said at {places[0]} has no {lang} translation yet"
                         + (" (fuzzy)" if message.fuzzy else ""))
            continue
        english = set().union(*(slots(t) for t in ([text] if isinstance(text, str) else list(text))))
        for string in strings:
            given = slots(string)
            if given != english:
                found.append(f"{where}: the message {named} has the slots {_named(given)} in {lang}, and "
                             f"{_named(english)} in English")
                break
    for key in sorted(set(kept) - set(said), key=str):
        text = key[1] if isinstance(key[1], str) else key[1][0]
        found.append(f"{where}: the message {text!r} is no longer said by the code (missing in English): "
                     f"remove it (ecarte-tutor lang update {lang})")
    return found


def _named(names: Iterable[str]) -> str:
    return ", ".join(sorted(names)) or "none"


def catalogue_pairs(lang: str) -> Iterator[Pair]:
    """Each translated message of ``lang``'s catalogue with its English."""
    if not po_file(lang).is_file():
        return
    where = _rel(po_file(lang))
    for message in _catalog(lang):
        if not message.id or message.fuzzy:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        for english, translated in zip(ids * len(strings), strings, strict=False):
            if translated:
                context = f"{message.context}: " if message.context else ""
                yield Pair(f"{where} › {context}{ids[0]!r}", english, translated)


def _english_texts(book: RuleBook, key: str) -> tuple[dict[str, str], dict[str, str]] | None:
    """The texts and ``says`` of an English entry (a rule id, ``<file>#section``, a dispute fact's ``fact:<name>``
    or the remedies' ``options``); None when there is none."""
    if key.startswith(FACT):
        fact = book.facts.get(key.removeprefix(FACT))
        return None if fact is None else (fact_parts(fact), {})
    if key == OPTIONS:
        return (dict(book.option_labels), {}) if book.option_labels else None
    if key == IMPLICATIONS:
        said = {str(n): item["says"] for n, item in enumerate(book.implications) if item.get("says")}
        return (said, {}) if said else None
    if key.endswith("#section"):
        section = next((s for s in book.sections if s.file == key.removesuffix("#section")), None)
        if section is None:
            return None
        texts = {"title": section.title, **({"intro": section.intro} if section.intro else {})}
        return texts, dict(section.says)
    rule = book.rules.get(key)
    if rule is None:
        return None
    texts = {name: str(getattr(rule, name)) for name in ("title", "statement", "example") if getattr(rule, name, None)}
    if rule.agreement and rule.agreement.get("label"):
        texts["label"] = str(rule.agreement["label"])
    texts.update(english_parts(rule.decisions, rule.readings, rule.drills, rule.disagreements, rule.presupposes,
                               rule.relations))
    return texts, dict(rule.says)


def fingerprint(book: RuleBook, key: str) -> str:
    """Eight hex digits that change whenever the English of an entry (its texts and templates) changes."""
    import hashlib
    import json

    english = _english_texts(book, key)
    text = json.dumps(english, sort_keys=True, ensure_ascii=False) if english else ""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def stale(book: RuleBook, translation: Translation) -> list[str]:
    """The translated entries whose English changed since they were stamped (or that were never stamped)."""
    return [f"{entry.file} › {key}: " + (f"its English changed since it was translated (of: {entry.of}, now "
                                         f"{fingerprint(book, key)}): check the translation, then "
                                         f"ecarte-tutor lang stamp {translation.lang}" if entry.of else
                                         f"not stamped: ecarte-tutor lang stamp {translation.lang}")
            for key, entry in translation.entries.items()
            if _english_texts(book, key) is not None and entry.of != fingerprint(book, key)]


def stamp(book: RuleBook, translation: Translation, root: Path) -> int:
    """Write each translated entry's fingerprint (``of:``) in its file, as the translator vouches the translation
    follows its English; the files are edited line by line (comments and layout kept). Returns the entries
    stamped anew."""
    changed = 0
    by_file: dict[str, list[str]] = {}
    for key, entry in translation.entries.items():
        if _english_texts(book, key) is not None and entry.of != fingerprint(book, key):
            by_file.setdefault(entry.file, []).append(key)
    for file, keys in by_file.items():
        path = root.parent / file
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        for key in keys:
            name = "section" if key.endswith("#section") else key.removeprefix(FACT)
            indent = "" if name in ("section", OPTIONS, IMPLICATIONS) else "  "
            at = next(i for i, line in enumerate(lines) if line.rstrip("\n").rstrip() == f"{indent}{name}:")
            set_in_entry(lines, at, indent + "  ", "of", fingerprint(book, key))
            changed += 1
        path.write_text("".join(lines), encoding="utf-8")
    return changed


def book_problems(book: RuleBook, translation: Translation) -> tuple[list[str], list[Pair], dict[str, int]]:
    """What does not hold between the rule book and its translation; the pairs of texts; the texts left to
    translate, by English file."""
    found: list[str] = []
    pairs: list[Pair] = []
    facts_file = f"{book.root.name}/{FACTS_FILE}"
    files_of = {rule.id: rule.file for rule in book.rules.values()} | {OPTIONS: facts_file, IMPLICATIONS: facts_file}
    files_of |= {f"{FACT}{name}": facts_file for name in book.facts}
    for key, entry in translation.entries.items():
        english = _english_texts(book, key)
        where = f"{entry.file} › {key}"
        if english is None:
            found.append(f"{where}: no rule of the English rule book has this id")
            continue
        english_file = key.removesuffix("#section") if key.endswith("#section") else files_of[key]
        if translation.files[entry.file][0] != english_file:
            found.append(f"{where}: the rule is in {english_file}; its words go in the translation of that file")
        texts, says = english
        for name, text in entry.texts.items():
            if name not in texts:
                found.append(f"{where} › {name}: the English has no {name} to translate")
            else:
                pairs.append(Pair(f"{where} › {name}", texts[name], text))
        for outcome, template in entry.says.items():
            if outcome not in says:
                found.append(f"{where} › says.{outcome}: the English has no outcome '{outcome}'")
                continue
            pairs.append(Pair(f"{where} › says.{outcome}", says[outcome], template))
            given, wanted = slots(template), slots(says[outcome])
            if given != wanted:
                found.append(f"{where} › says.{outcome}: the slots are {_named(given)}, and {_named(wanted)} in "
                             "English: a template names each slot the engine fills, no more and no fewer")
    left: dict[str, int] = {}
    files = [(section.file, [f"{section.file}#section", *(rule.id for rule in section.rules)])
             for section in book.sections]
    if book.facts:
        files.append((facts_file, [*(f"{FACT}{name}" for name in book.facts), *([OPTIONS] if book.option_labels
                                                                                else []),
                                   *([IMPLICATIONS] if _english_texts(book, IMPLICATIONS) else [])]))
    for file, keys in files:
        for key in keys:
            english = _english_texts(book, key)
            assert english is not None
            texts, says = english
            found_entry = translation.entries.get(key)
            given = set() if found_entry is None else set(found_entry.texts) | {f"says.{o}" for o in found_entry.says}
            wanted = set(texts) | {f"says.{o}" for o in says}
            missing = sorted(wanted - given)
            if missing:
                left[file] = left.get(file, 0) + len(missing)
            if missing and _complete(translation, file):
                found.append(f"{_translated_file(translation, file)} › {key}: complete, but "
                             f"{', '.join(missing)} not translated")
    return found, pairs, left


def _translated_file(translation: Translation, english_file: str) -> str:
    return next((file for file, (of, _complete) in translation.files.items() if of == english_file), english_file)


def _complete(translation: Translation, english_file: str) -> bool:
    return any(of == english_file and complete for of, complete in translation.files.values())


def glossary(lang: str) -> list[dict[str, Any]]:
    """The terms of ``lang``'s glossary (none when it has none)."""
    path = LOCALE_DIR / lang / GLOSSARY
    if not path.is_file():
        return []
    document = load_yaml(path)
    terms = document.get("terms", []) if isinstance(document, dict) else []
    return [term for term in terms if isinstance(term, dict)]


_SLOT = re.compile(r"\{\w+\}|%\(\w+\)[sd]")


def _word(phrase: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(phrase.lower())}(?![\w-])")


def glossary_problems(lang: str, pairs: Iterable[Pair]) -> list[str]:
    """Where a text of ``lang`` breaks its glossary (module docstring)."""
    found: list[str] = []
    terms = glossary(lang)
    for pair in pairs:
        translated = _SLOT.sub(" ", pair.translated.lower())  # a slot's name is no word of the text
        english = _SLOT.sub(" ", pair.english.lower())
        for term in terms:
            for word in term.get("never", ()):
                if _word(str(word)).search(translated):  # a whole word: « retournée » is not « tournée »
                    found.append(f"{pair.where}: “{word}” is never said for {term['term']} (glossary)")
            named = [w for w in term.get("en", ()) if _word(str(w)).search(english)
                     and not any(_word(str(u)).search(english) for u in term.get("unless", ()))]
            if named and not any(str(form).lower() in translated for form in term.get("fr", ())):
                found.append(f"{pair.where}: the English says “{named[0]}”; the {lang} says {term['term']} "
                             f"(one of {', '.join(term.get('fr', ()))}), and this text does not (glossary)")
    return found


@dataclass(frozen=True)
class Report:
    """What :func:`problems` found, and how far each language has come."""

    problems: list[str]
    stale: list[str]  # translations older than their English: reported, not yet a defect (docs/languages.md)
    messages: dict[str, int]  # lang -> messages translated
    said: int  # messages the code says
    left: dict[str, dict[str, int]]  # lang -> English file -> texts left to translate


def problems(book: RuleBook, langs: Iterable[str] = LANGS) -> Report:
    """Every language but English held to the English (module docstring)."""
    from .untranslated import unextracted

    said = extracted()
    found: list[str] = unextracted(key if isinstance(key, str) else key[0] for _context, key in said)
    old: list[str] = []
    messages: dict[str, int] = {}
    left: dict[str, dict[str, int]] = {}
    for lang in langs:
        if lang == DEFAULT_LANG:
            continue
        found += catalogue_problems(lang, said)
        translation = book.translations.get(lang, Translation(lang))
        book_found, pairs, left[lang] = book_problems(book, translation)
        old += stale(book, translation)
        found += book_found
        for parallel in parallels(book, lang):
            held = datawords.problems(parallel)
            found += held.problems
            old += [held.stale] if held.stale else []
            pairs += [Pair(*pair) for pair in held.pairs]
            if held.left:
                left[lang][parallel.english.relative_to(PACKAGE_DIR.parent).as_posix()
                           if PACKAGE_DIR.parent in parallel.english.parents else parallel.english.name] = held.left
        po_pairs = list(catalogue_pairs(lang))
        messages[lang] = len({pair.where for pair in po_pairs})
        lessons = lesson_words(lang)  # lessons/<lang>/ (ecarte_tutor/lessons/lessonwords.py)
        course = course_problems(book.root, lang)  # rules/<lang>/course/ (ecarte_tutor/coursewords.py)
        found += lessons.problems + course.problems
        old += course.stale
        left[lang].update(lessons.left | course.left)
        pairs += [Pair(*pair) for pair in lessons.pairs + course.pairs]
        found += glossary_problems(lang, [*po_pairs, *pairs])
    return Report(found, old, messages, len(said), left)


def parallels(book: RuleBook, lang: str) -> list[datawords.Parallel]:
    """The data files translated in parallel files of the same keys (docs/languages.md), into ``lang``."""
    from .engine import parting
    from .marque import words
    from .table import endings

    return [words.parallel(lang), endings.parallel(book, lang), parting.parallel(book, lang)]


def stamp_parallels(book: RuleBook, lang: str) -> int:
    """Stamp each parallel file of ``lang`` with its English's fingerprint; the files stamped anew."""
    return sum(datawords.stamp(parallel) for parallel in parallels(book, lang))


def lesson_words(lang: str) -> Any:
    """The lessons' words in ``lang`` held to their English files (:mod:`ecarte_tutor.lessons.lessonwords`)."""
    from .lessons.lessonwords import problems as lesson_problems
    from .paths import lessons_dir

    return lesson_problems(lessons_dir(), lang)


def update_catalogue(lang: str) -> tuple[Path, int, int]:
    """Bring ``lang``'s catalogue up to the code's messages (as ``pybabel update``): new messages added untranslated,
    those no longer said dropped, translations kept. Returns the file, and the messages added and dropped."""
    from babel.messages.catalog import Catalog

    said = extracted()
    path = po_file(lang)
    old = _catalog(lang) if path.is_file() else Catalog(locale=lang)
    kept = {(message.context, message.id): message for message in old if message.id}
    new = Catalog(locale=lang, project="ecarte-tutor", domain="messages")
    added = 0
    for context, text in sorted(said, key=lambda item: str(item[1])):
        before = kept.get((context, text))
        if before is None:
            added += 1
        new.add(text, before.string if before else ("", "") if isinstance(text, tuple) else "", context=context,
                flags=before.flags if before else ())
    new.header_comment = old.header_comment if path.is_file() else (
        f"# Écarté Tutor in {lang}: the messages of the site, the API and the command line (docs/languages.md).")
    write_catalogue(path, new)
    return path, added, len(set(kept) - set(said))


def write_catalogue(path: Path, catalog: Any) -> None:
    """Write a catalogue as the repository keeps it: sorted, no line numbers and no dates, so that two translators'
    changes to different messages never touch the same lines."""
    from io import BytesIO

    from babel.messages.pofile import write_po

    buffer = BytesIO()
    write_po(buffer, catalog, width=120, sort_output=True, no_location=True)
    lines = buffer.getvalue().decode("utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith(('"POT-Creation-Date:', '"PO-Revision-Date:'))]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(kept), encoding="utf-8")


