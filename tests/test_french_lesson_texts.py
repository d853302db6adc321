"""The lessons' French words (issue 42): each ``lessons/fr/NN-slug.yaml`` held to its English lesson.

A translation gives only words, step by step in the English order (``of:`` is the English step's title), and
must keep what the English teaches: the engine's placeholders (by name; the filters are the language's), the
figures and the lesson and law numbers, the Markdown emphasis and code, and the glossary's terms. ``ecarte-tutor
check`` holds the same once the loader reads these files; this test holds the files themselves, so a broken
translation fails here whatever the loader's state.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from ecarte_tutor.languages import Pair, glossary_problems
from ecarte_tutor.lessons.vouched import PLACEHOLDER
from ecarte_tutor.paths import lessons_dir
from ecarte_tutor.yamlio import load_yaml

FRENCH = sorted((lessons_dir() / "fr").glob("*.yaml"))
STEP_KEYS = {"of", "title", "body", "exercise"}
EXERCISE_KEYS = {"prompt", "hint"}
ENGLISH_ONLY = {"the", "you", "your", "of", "and", "is", "with", "which", "when", "card", "cards", "trick", "tricks",
                "trump", "trumps", "hand", "play", "dealer", "elder", "lead", "led", "stock", "knave", "king"}
"""English words that are no French word: none may stand in a French text (slots' names left out)."""


def texts(document: Mapping[str, Any]) -> Iterator[tuple[str, str | None]]:
    """Every text a lesson file gives, keyed by where it is (``steps[2].exercise.hint``)."""
    yield "title", document.get("title")
    yield "summary", document.get("summary")
    for i, step in enumerate(document.get("steps") or []):
        yield f"steps[{i}].title", step.get("title")
        yield f"steps[{i}].body", step.get("body")
        exercise = step.get("exercise") or {}
        for name in sorted(EXERCISE_KEYS):
            yield f"steps[{i}].exercise.{name}", exercise.get(name)


def marks(text: str) -> Counter[str]:
    """What a translation must keep of a text: placeholders by name, figures, emphasis and code marks."""
    bare = PLACEHOLDER.sub(" ", text)
    found = Counter(f"slot {match[1]}" for match in PLACEHOLDER.finditer(text))
    found.update(f"figure {n}" for n in re.findall(r"\d+", bare))
    found.update({"**": bare.count("**"), "*": len(re.findall(r"(?<!\*)\*(?!\*)", bare)), "`": bare.count("`")})
    return +found


def defects(english: Mapping[str, Any], french: Mapping[str, Any]) -> list[str]:
    """Where ``french`` fails to translate ``english`` (an empty list when it is sound)."""
    found = [f"holds {key}, not a lesson's words" for key in sorted(set(french) - {"complete", "title", "summary",
                                                                                     "steps"})]
    en_steps, fr_steps = english["steps"], french.get("steps") or []
    if len(en_steps) != len(fr_steps):
        found.append(f"{len(fr_steps)} steps for the English {len(en_steps)}")
    for i, (en_step, fr_step) in enumerate(zip(en_steps, fr_steps, strict=False)):  # a missing step is named above
        if fr_step.get("of") != en_step["title"]:
            found.append(f"steps[{i}] is of {fr_step.get('of')!r}, the English step is {en_step['title']!r}")
        found += [f"steps[{i}] holds {key}" for key in sorted(set(fr_step) - STEP_KEYS)]
        if bool(fr_step.get("exercise")) != bool(en_step.get("exercise")):
            found.append(f"steps[{i}]: an exercise where the English has none, or none where it has one")
        found += [f"steps[{i}].exercise holds {key}" for key in sorted(set(fr_step.get("exercise") or {})
                                                                         - EXERCISE_KEYS)]
    pairs = []
    for (where, en_text), (_, fr_text) in zip(texts(english), texts(french), strict=False):
        if not en_text:
            continue
        if not fr_text:
            if french.get("complete") is True:
                found.append(f"{where} is not translated, and the file says complete")
            continue
        if marks(en_text) != marks(fr_text):
            found.append(f"{where} keeps {sorted((marks(fr_text)).elements())}, the English "
                         f"{sorted(marks(en_text).elements())}")
        words = set(re.findall(r"[A-Za-z]+", PLACEHOLDER.sub(" ", fr_text))) & ENGLISH_ONLY
        found += [f"{where} says the English “{word}”" for word in sorted(words)]
        pairs.append(Pair(where, en_text, fr_text))
    return found + glossary_problems("fr", pairs)


def english_of(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = load_yaml(path.parent.parent / path.name)
    return document


@pytest.mark.parametrize("path", FRENCH, ids=[path.stem for path in FRENCH])
def test_a_french_lesson_keeps_what_its_english_teaches(path):
    assert (path.parent.parent / path.name).is_file(), f"{path.name} translates no English lesson"
    assert defects(english_of(path), load_yaml(path)) == []


@pytest.mark.parametrize("path", FRENCH, ids=[path.stem for path in FRENCH])
def test_a_french_lesson_is_complete_and_every_step_speaks(path):
    french = load_yaml(path)
    assert french.get("complete") is True
    assert all(text for _, text in texts(french) if text is not None)
    assert len(french["steps"]) == len(english_of(path)["steps"])


def test_every_english_lesson_has_its_french():
    english = {path.name for path in lessons_dir().glob("*.yaml")}
    assert english and english == {path.name for path in FRENCH}


def test_the_check_names_each_way_a_translation_can_go_wrong():
    english = english_of(lessons_dir() / "fr" / "01-pack-and-ranking.yaml")
    sound = load_yaml(lessons_dir() / "fr" / "01-pack-and-ranking.yaml")
    assert defects(english, sound) == []

    def broken(change) -> list[str]:
        copy = load_yaml(lessons_dir() / "fr" / "01-pack-and-ranking.yaml")
        change(copy)
        return defects(english, copy)

    assert any("slot p.pack_size" in d for d in broken(lambda f: f.update(summary=f["summary"].replace(
        "{p.pack_size}", "trente-deux"))))
    assert any("figure 3" in d for d in broken(lambda f: f["steps"][0].update(body=f["steps"][0]["body"].replace(
        "leçon 3", "leçon 4"))))
    assert any("'**'" in d for d in broken(lambda f: f["steps"][1].update(body=f["steps"][1]["body"].replace(
        "**", "", 1))))
    assert any("is of" in d for d in broken(lambda f: f["steps"].reverse()))
    assert any("steps for the English" in d for d in broken(lambda f: f["steps"].pop()))
    assert any("says complete" in d for d in broken(lambda f: f["steps"][2]["exercise"].pop("hint")))
    assert any("holds expected" in d for d in broken(lambda f: f["steps"][2]["exercise"].update(expected=[])))
    assert any("English “trick”" in d for d in broken(lambda f: f.update(title="Le trick")))
    assert any("glossary" in d for d in broken(lambda f: f["steps"][3].update(body=f["steps"][3]["body"].replace(
        "**fournir**", "**suivre la couleur**"))))
