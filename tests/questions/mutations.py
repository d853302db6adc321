"""Hypothesis strategies for questions near valid ones: a sample or scenario question, changed a little."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from .samples import ANSWERED, scenario_questions

SEEDS = list(ANSWERED.values()) + scenario_questions()
NAMES = ["x", "crad", "dealer_refused", "Kind", "", "cards", "card", "facts", "profile", "agreements", "elder",
         "irregularity", "offender", "game-target", "stock", "by", "do"]
ODD_TEXT = ["", " ", "KH", "kh", " t\ufe0f♥ ", "1 0H", "10h\n", "6H", "ZZ", "Elder ", "DEALER", "spades", "♤",
            "London", " modern ", "mars", "revoke", " Revoke", "TRUE", "false ", "7", " 03", "x" * 20]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.sampled_from([2.0, 3.5, 1e20, -0.0]),
                    st.sampled_from(ODD_TEXT), st.text(max_size=4))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.sampled_from(NAMES), inner, max_size=3), max_leaves=8)


def _nodes(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _nodes(item, (*path, index))


def _set(root, path, value):
    if not path:
        return value
    node = root
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return root


def _changed(draw, value):
    """One small change of a value: another value, another spelling, a key more or less, an item more."""
    choice = draw(st.integers(0, 5))
    if choice == 0:
        return draw(json_values)
    if isinstance(value, str) and choice <= 2:
        return draw(st.sampled_from([value.lower(), value.upper(), f" {value} ", value + "\ufe0f", value[:-1]]))
    if isinstance(value, (int, float)) and not isinstance(value, bool) and choice <= 2:
        return draw(st.sampled_from([float(value), value + 1, value - 1, str(value)]))
    if isinstance(value, dict) and value and choice == 3:
        key = draw(st.sampled_from(sorted(value)))
        return {k: v for k, v in value.items() if k != key}
    if isinstance(value, dict) and choice >= 4:
        return {**value, draw(st.sampled_from(NAMES)): draw(json_values)}
    if isinstance(value, list) and value and choice >= 3:
        return value + [draw(st.sampled_from(value))]
    return draw(json_values) if choice == 5 else value


@st.composite
def near_questions(draw):
    question = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(0, 3))):
        path, value = draw(st.sampled_from(list(_nodes(question))))
        if not path or path[:1] == ("kind",):
            continue
        question = _set(question, path, _changed(draw, value))
    return question
