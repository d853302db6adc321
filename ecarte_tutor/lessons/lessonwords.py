"""A lesson's words in another language: ``lessons/<lang>/NN-slug.yaml`` beside ``lessons/NN-slug.yaml`` (issue 42).

The parallel file holds the words only; the exercises' positions, answers, citations and claims stay in the
English file (docs/languages.md)::

    complete: true                 # every text of the English lesson translated: check fails on one missing
    title: Le jeu et l'ordre des cartes
    summary: >-
      … {p.pack_size} …            # the English text's placeholders, no more and no fewer
    steps:                         # by position, one per English step, in order
      - of: Thirty-two cards, five tricks   # the English step's title, verbatim
        title: Trente-deux cartes, cinq levées
        body: |
          …
        exercise:                  # only where the English step has one
          prompt: …
          hint: …

A step's ``of:`` names the English step it translates, so a step inserted or moved in English fails ``check``
until the translation follows. Where a text is not translated yet, the lesson shows the English one
(:func:`ecarte_tutor.lessons.model.in_language`). :func:`problems` is what ``check`` and ``ecarte-tutor lang``
hold each file to.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bookwords import one_line
from ..coursewords import slots_named
from ..errors import DataError
from ..i18n import DEFAULT_LANG, LANGS
from ..yamlio import load_yaml

STEP_TEXTS = ("title", "body")
EXERCISE_TEXTS = ("prompt", "hint")


@dataclass(frozen=True)
class StepWords:
    """The words of one step: the English title it translates (``of``), and its texts (title, body, prompt, hint)."""

    of: str
    texts: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class LessonWords:
    """The words of one lesson in one language."""

    file: str  # lessons/fr/01-pack-and-ranking.yaml
    complete: bool
    texts: Mapping[str, str]  # title, summary
    steps: tuple[StepWords, ...]


def _text(found: object, path: Path, key: str) -> str:
    if not isinstance(found, str) or not found.strip():
        raise DataError(path, "must be a text", key=key)
    return found.strip()


def _step(found: object, path: Path, key: str) -> StepWords:
    if not isinstance(found, dict):
        raise DataError(path, "a step is a mapping: of, title, body, exercise", key=key)
    unknown = sorted(set(found) - {"of", *STEP_TEXTS, "exercise"})
    if unknown:
        raise DataError(path, f"a step gives only of, title, body and exercise (prompt, hint), not "
                              f"{', '.join(map(str, unknown))}", key=key)
    if "of" not in found:
        raise DataError(path, "a step names the English step it translates by its title (of:)", key=key)
    texts = {name: _text(found[name], path, f"{key}.{name}") for name in STEP_TEXTS if name in found}
    if "title" in texts:
        texts["title"] = one_line(texts["title"])
    exercise = found.get("exercise")
    if exercise is not None:
        if not isinstance(exercise, dict) or set(exercise) - set(EXERCISE_TEXTS):
            raise DataError(path, "an exercise gives only its prompt and hint (the rest stays in the English file)",
                            key=f"{key}.exercise")
        texts |= {name: _text(exercise[name], path, f"{key}.exercise.{name}") for name in EXERCISE_TEXTS
                  if name in exercise}
    return StepWords(one_line(_text(found["of"], path, f"{key}.of")), texts)


def read_words(path: Path, root: Path) -> LessonWords:
    """One translated lesson file; a malformed one raises :class:`DataError` naming file and key."""
    document: Any = load_yaml(path)
    if not isinstance(document, dict):
        raise DataError(path, "must be a mapping: complete, title, summary, steps")
    unknown = sorted(set(document) - {"complete", "title", "summary", "steps"})
    if unknown:
        raise DataError(path, f"a lesson's translation holds complete, title, summary and steps, not "
                              f"{', '.join(map(str, unknown))}")
    texts = {name: _text(document[name], path, name) for name in ("title", "summary") if name in document}
    texts = {name: one_line(text) for name, text in texts.items()}
    steps = document.get("steps") or []
    if not isinstance(steps, list):
        raise DataError(path, "steps is a list, one entry per English step in order", key="steps")
    return LessonWords(f"{root.name}/{path.relative_to(root).as_posix()}", document.get("complete") is True, texts,
                       tuple(_step(step, path, f"steps[{i}]") for i, step in enumerate(steps)))


def words_file(english: Path, lang: str) -> Path:
    """Where the words of the lesson file ``english`` in ``lang`` are kept."""
    return english.parent / lang / english.name


def load_words(english: Path, lang: str) -> LessonWords | None:
    """The words of the lesson file ``english`` in ``lang``, or None (English, or not translated yet)."""
    if lang == DEFAULT_LANG or lang not in LANGS:
        return None
    path = words_file(english, lang)
    return read_words(path, english.parent) if path.is_file() else None


# --- what check holds -------------------------------------------------------------------------------------------


def english_texts(document: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Every text of an English lesson file a translation gives, as (key, text): ``title``, ``summary``,
    ``steps[0].title``, ``steps[2].exercise.prompt``…"""
    yield "title", one_line(document["title"])
    yield "summary", one_line(document["summary"])
    for i, step in enumerate(document.get("steps", [])):
        yield f"steps[{i}].title", one_line(step["title"])
        yield f"steps[{i}].body", str(step["body"]).strip()
        exercise = step.get("exercise")
        if isinstance(exercise, Mapping):
            for name in EXERCISE_TEXTS:
                if exercise.get(name):
                    yield f"steps[{i}].exercise.{name}", str(exercise[name]).strip()


def translated_texts(words: LessonWords) -> dict[str, str]:
    """The translation's texts under the keys of :func:`english_texts`."""
    out = dict(words.texts)
    for i, step in enumerate(words.steps):
        for name, text in step.texts.items():
            out[f"steps[{i}].{'exercise.' if name in EXERCISE_TEXTS else ''}{name}"] = text
    return out


def placeholders(text: str) -> set[str]:
    """The engine's placeholders a text names (``{p.hand_size}``, filters aside: each language says them its way)."""
    from .vouched import PLACEHOLDER

    return {match[1] for match in PLACEHOLDER.finditer(text)}


@dataclass(frozen=True)
class Found:
    """What :func:`problems` found for one language: defects, the pairs of texts (for the glossary), texts left."""

    problems: list[str] = field(default_factory=list)
    pairs: list[tuple[str, str, str]] = field(default_factory=list)  # (where, English, translated)
    left: dict[str, int] = field(default_factory=dict)  # English file -> texts left to translate


def problems(root: Path, lang: str) -> Found:
    """Each translated lesson of ``lang`` under ``root`` held to its English file: its steps by count and by
    ``of:`` title, only texts the English has, the same placeholders, every text when ``complete``; and the texts
    left to translate in every lesson."""
    found = Found()
    folder = root / lang
    english_files = {path.name: path for path in sorted(root.glob("*.yaml"))}
    if folder.is_dir():
        for path in sorted(folder.glob("*.yaml")):
            if path.name not in english_files:
                found.problems.append(f"{root.name}/{lang}/{path.name}: no lesson {root.name}/{path.name} to translate")
    for name, english_path in english_files.items():
        document = load_yaml(english_path)
        english = dict(english_texts(document))
        try:
            words = load_words(english_path, lang)
        except DataError as exc:
            found.problems.append(str(exc))
            words = None
        where_english = f"{root.name}/{name}"
        if words is None:
            found.left[where_english] = len(english)
            continue
        steps = document.get("steps", [])
        if len(words.steps) != len(steps):
            found.problems.append(f"{words.file}: {len(words.steps)} steps, and {len(steps)} in {where_english}: one "
                                  "entry per English step, in order")
        for i, (step, entry) in enumerate(zip(words.steps, steps, strict=False)):
            title = one_line(entry["title"])
            if step.of != title:
                found.problems.append(f"{words.file} › steps[{i}]: of: “{step.of}”, but the English step {i + 1} is "
                                      f"“{title}” (a step inserted or moved in English: move the translation too)")
        given = translated_texts(words)
        for key, text in given.items():
            if key not in english:
                found.problems.append(f"{words.file} › {key}: the English has no such text to translate")
                continue
            found.pairs.append((f"{words.file} › {key}", english[key], text))
            mine, theirs = placeholders(text), placeholders(english[key])
            if mine != theirs:
                found.problems.append(f"{words.file} › {key}: the placeholders are {slots_named(mine)}, and "
                                      f"{slots_named(theirs)} in English: the same ones, each said in the language")
        missing = [key for key in english if key not in given]
        if missing:
            found.left[where_english] = len(missing)
            if words.complete:
                found.problems.append(f"{words.file}: complete, but {', '.join(missing)} not translated")
    return found
