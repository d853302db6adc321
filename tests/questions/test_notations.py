"""The patterns of the notations in common.schema.json accept exactly the strings the engine reads.

The patterns are what the OpenAPI document states; the readers (``parse_card`` and the rest) are
what the engine does. Strings are drawn from the characters that matter (ranks, suits, case,
blanks, the emoji variation selector U+FE0F, the Kelvin sign that lowers to k).
"""
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte_tutor.questions.formats import formats_for
from ecarte_tutor.questions.schemas import common_schema

PIECES = ["K", "k", "\u212a", "Q", "j", "A", "a", "1", "0", "10", "T", "t", "9", "7", "6", "2", "S", "s", "H", "h",
          "D", "C", "c", "♠", "♥", "♦", "♣", "♤", "♧", " ", "\t", "\n", "\ufe0f", "x", "Z", "spades", "Hearts",
          "diamond", "CLUB", "elder", "Dealer", "london", "French", "ſ", "é", "İ"]
texts = st.lists(st.sampled_from(PIECES), max_size=6).map("".join) | st.text(max_size=6)
NOTATIONS = ["card", "playing-card", "suit", "seat", "profile"]


@pytest.fixture(scope="module")
def notations(book):
    defs = common_schema(book)["$defs"]
    formats = formats_for(book)
    return {name: (re.compile(defs[name]["pattern"]), defs[name].get("maxLength"), formats[name])
            for name in NOTATIONS}


@pytest.mark.parametrize("name, good, bad", [
    ("card", ["KH", "kh", "t♥", " 1 0 h ", "Q\ufe0fS", "\u212aS", "j♤"], ["6H", "1S", "KH♥", "K\tH", "", "10"]),
    ("playing-card", ["6H", "2c", "10♠", "AD"], ["1H", "11D", "ZZ", "6", "\u212aS"]),
    ("suit", ["H", "♥\ufe0f", " spades ", "Heart", "c"], ["x", "spadess", "♥♥", ""]),
    ("seat", ["elder", " DEALER "], ["eldest", "", "d"]),
    ("profile", ["london", " French "], ["mars", ""]),
])
def test_examples_of_each_notation(notations, name, good, bad):
    pattern, _, found = notations[name]
    for text in good:
        assert pattern.search(text) and found.reads(text), text
    for text in bad:
        assert not pattern.search(text) and not found.reads(text), text


@settings(max_examples=1500, deadline=None)
@given(name=st.sampled_from(NOTATIONS), text=texts)
def test_each_pattern_accepts_exactly_what_the_engine_reads(notations, name, text):
    pattern, _, found = notations[name]  # the schema also caps the length (maxLength), whatever the reader says
    assert (pattern.search(text) is not None) == found.accepts(text), (name, text)


def test_blank_is_what_str_strip_takes_away_and_no_pattern_relies_on_backslash_s(book):
    """Engines disagree on \\s (Python counts U+001C..U+001F, ECMAScript U+FEFF): the patterns spell it out."""
    import sys

    from ecarte_tutor.engine.kinds import KINDS
    from ecarte_tutor.questions.schemas import BLANK, kind_schema

    blank = re.compile(BLANK)
    assert all(bool(blank.fullmatch(chr(code))) == chr(code).isspace() for code in range(sys.maxunicode + 1))

    def patterns(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "pattern":
                    yield value
                yield from patterns(value) if key != "patternProperties" else [*value, *patterns(value)]
        elif isinstance(node, list):
            for value in node:
                yield from patterns(value)

    found = [*patterns(common_schema(book))]
    for kind in KINDS.values():
        found += patterns(kind_schema(book, kind.schema))
    assert found and not [p for p in found if "\\s" in p or "\\S" in p or "." in p.replace("\\.", "")]
    # a class of blanks written out by hand drifts: every one is BLANK, or BLANK negated (a pool's name
    # pattern once left out the form feed, so the schema took a name the engine calls blank)
    body = BLANK[1:-1]
    assert [p for p in found if "\u3000" in p.replace(body, "")] == []
