"""The sheet's own sentences (``words.yaml``): the engine says what a hand scores, these say the rest.

In another language they are those of ``words.<lang>.yaml`` (the same nested keys, :mod:`..datawords`), each
sentence not translated yet said in English; the language is the one being spoken (:func:`..i18n.current`).
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

from ..datawords import Parallel, translated
from ..i18n import DEFAULT_LANG, current
from ..yamlio import load_yaml

WORDS = Path(__file__).with_name("words.yaml")


def translation_file(lang: str) -> Path:
    """Where the sheet's words in ``lang`` are kept (``words.fr.yaml``)."""
    return WORDS.with_name(f"words.{lang}.yaml")


def parallel(lang: str) -> Parallel:
    """The words and their translation into ``lang`` (``ecarte-tutor check`` holds one to the other)."""
    return Parallel(WORDS, translation_file(lang), lang, f"ecarte_tutor/marque/{translation_file(lang).name}")


@cache
def _catalogue_in(lang: str) -> dict[str, dict[str, str]]:
    loaded: dict[str, dict[str, str]] = load_yaml(WORDS)
    assert isinstance(loaded, dict)
    path = translation_file(lang)
    if lang != DEFAULT_LANG and path.is_file():
        theirs = load_yaml(path)
        loaded = translated(loaded, theirs if isinstance(theirs, dict) else {})
    return loaded


def catalogue() -> dict[str, dict[str, str]]:
    """Every group of the sheet's words, in the current language."""
    return _catalogue_in(current())


def say(group: str, key: str, **values: object) -> str:
    """The sentence ``group.key`` with its placeholders filled."""
    return catalogue()[group][key].format(**values)


def choices(group: str) -> dict[str, str]:
    """The labels of one group of answers (``proposals``, ``king``...), in order."""
    return dict(catalogue()[group])
