"""The sheet's own sentences (``words.yaml``): the engine says what a hand scores, these say the rest."""
from __future__ import annotations

from functools import cache
from pathlib import Path

from ..yamlio import load_yaml

WORDS = Path(__file__).with_name("words.yaml")


@cache
def catalogue() -> dict[str, dict[str, str]]:
    loaded = load_yaml(WORDS)
    assert isinstance(loaded, dict)
    return loaded


def say(group: str, key: str, **values: object) -> str:
    """The sentence ``group.key`` with its placeholders filled."""
    return catalogue()[group][key].format(**values)


def choices(group: str) -> dict[str, str]:
    """The labels of one group of answers (``proposals``, ``king``...), in order."""
    return dict(catalogue()[group])
