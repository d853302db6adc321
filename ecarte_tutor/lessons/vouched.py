"""Sentences the engine vouches for: the placeholders of a lesson's text, filled from the engine.

A lesson never writes a consequence (a score, a cost, who chooses, how many cards a rule allows)
as fixed text: it writes a placeholder, and the engine's answer for that very moment fills it in
when the lesson is loaded. Three sources, by the first word of the path:

``{p.vole_value}``
    A parameter of the rule book under the step's rules: its exercise's profile and agreements,
    or the default profile for a step without one. ``{p.vole_value@modern}`` reads another profile,
    and a path may go down into a parameter (``{p.game_value_scale.0.value}``).
``{answer.points.elder}``
    The engine's answer to the step's own exercise (``ask()``'s answer, with every field).
``{failed.points.dealer}``
    The answer to a question the step names under ``asks:`` (a ``score``, ``dispute``, any kind).

A path goes down through mappings by key and lists by index (``answer.options.0.label``). Filters
follow a bar: ``|word`` (a number in words: 2 -> "two"), ``|seat`` ("elder" -> "the elder hand"),
``|chooser`` (None -> "nobody", a seat -> "the non-dealer" or "the dealer"), ``|whose`` (a ruling's
chooser: None -> "compulsory: nobody chooses", "elder" -> "the non-dealer's choice"), ``|labels`` (a
ruling's options, as "this or that"), ``|cap`` (a capital first letter), ``|card`` (``KH`` -> ``K♥``),
``|times`` (2 -> "double"). A placeholder that cannot be filled is a content defect that
``load_lesson`` reports, naming the lesson, the step and the placeholder.

:func:`literal_consequences` finds what a text states as fixed words that only the engine may state:
``ecarte-tutor check`` reports each as a lesson defect.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..asking import ask
from ..cards import parse_card
from ..errors import CardNotationError
from ..i18n import DEFAULT_LANG, current, marked_in, trc
from ..jsontypes import Answer, Question
from ..rulebook import Params, RuleBook
from ..wording import listed

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*(?:\.[a-z0-9_-]+)*(?:@[a-z]+)?)((?:\|[a-z]+)*)\}")
NUMBER_WORDS = (marked_in("lesson count", "none"), marked_in("lesson count", "one"), marked_in("lesson count", "two"),
                marked_in("lesson count", "three"), marked_in("lesson count", "four"),
                marked_in("lesson count", "five"), marked_in("lesson count", "six"), marked_in("lesson count", "seven"),
                marked_in("lesson count", "eight"), marked_in("lesson count", "nine"), marked_in("lesson count", "ten"),
                marked_in("lesson count", "eleven"), marked_in("lesson count", "twelve"))
"""``|word``: a count in words, said in the language being spoken (``trc("lesson count", …)``)."""
CHOOSER_WORDS = {None: marked_in("lesson chooser", "nobody"), "elder": marked_in("lesson chooser", "the non-dealer"),
                 "dealer": marked_in("lesson chooser", "the dealer")}
SEAT_WORDS = {"elder": marked_in("lesson seat", "the elder hand"), "dealer": marked_in("lesson seat", "the dealer"),
              None: marked_in("lesson seat", "nobody")}
WHOSE_WORDS = {None: marked_in("lesson whose", "compulsory: nobody chooses"),
               "elder": marked_in("lesson whose", "the non-dealer's choice"),
               "dealer": marked_in("lesson whose", "the dealer's choice")}
TIMES_WORDS = {1: marked_in("lesson times", "single"), 2: marked_in("lesson times", "double"),
               3: marked_in("lesson times", "treble")}
SHOWN = {True: marked_in("lesson value", "yes"), False: marked_in("lesson value", "no"),
         None: marked_in("lesson value", "none")}


def spoken() -> dict[str, str]:
    """What a question to ``ask()`` adds to be answered in the language being spoken: nothing in English, so the
    English questions (and their answers) stay those of before."""
    lang = current()
    return {} if lang == DEFAULT_LANG else {"lang": lang}


class Unfilled(ValueError):
    """A placeholder the engine cannot fill: the message names it."""


def _word(value: object) -> str:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(NUMBER_WORDS):
        raise Unfilled(f"|word needs a whole number from 0 to {len(NUMBER_WORDS) - 1}, not {value!r}")
    return trc("lesson count", NUMBER_WORDS[value])


def _card(value: object) -> str:
    try:
        return parse_card(value).pretty
    except CardNotationError as exc:
        raise Unfilled(f"|card needs a card, not {value!r}") from exc


def _labels(value: object) -> str:
    """A ruling's options as one clause: "have the dealer put it right or claim a fresh deal"."""
    if not isinstance(value, list) or not all(isinstance(o, Mapping) and "label" in o for o in value):
        raise Unfilled(f"|labels needs a ruling's options, not {value!r}")
    labels = [str(o["label"]) for o in value]
    labels = [label[:1].lower() + label[1:] if label[1:2].islower() else label for label in labels]
    return listed(labels, "or")


def _looked_up(table: Mapping[Any, str], name: str) -> Callable[[object], str]:
    context = "lesson " + name  # the words of each filter are marked in the catalogue under "lesson <filter>"

    def look(value: object) -> str:
        if value not in table:
            raise Unfilled(f"|{name} needs one of {sorted(map(str, table))}, not {value!r}")
        return trc(context, table[value])
    return look


FILTERS: dict[str, Callable[[object], str]] = {
    "word": _word,
    "seat": _looked_up(SEAT_WORDS, "seat"),
    "chooser": _looked_up(CHOOSER_WORDS, "chooser"),
    "cap": lambda value: str(value)[:1].upper() + str(value)[1:],
    "card": _card,
    "times": _looked_up(TIMES_WORDS, "times"),
    "whose": _looked_up(WHOSE_WORDS, "whose"),
    "labels": _labels,
}


def _down(value: object, path: list[str], where: str) -> object:
    for key in path:
        if isinstance(value, Mapping) and key in value:
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            raise Unfilled(f"{where} has no '{key}'")
    return value


def _shown(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return trc("lesson value", SHOWN[value])
    return str(value)


@dataclass
class Vouched:
    """What a step's placeholders are filled from: its rules, its exercise's answer and its named questions."""

    book: RuleBook
    params: Params
    answer: Answer | None = None
    asks: Mapping[str, object] = field(default_factory=dict)  # named answers, or a mistake's slots
    filled: int = 0  # placeholders filled so far (each a consequence the engine stated)

    def value(self, path: str) -> object:
        """The value a placeholder's path names (without its filters)."""
        head, _, profile = path.partition("@")
        first, *rest = head.split(".")
        if first == "p":
            params = self.params
            if profile:
                if profile not in self.book.profiles:
                    raise Unfilled(f"no profile '{profile}'")
                params = self.book.params(profile)
            if not rest or rest[0] not in params:
                raise Unfilled(f"'{head}' is not a parameter of the rule book")
            return _down(params[rest[0]], rest[1:], f"the parameter '{rest[0]}'")
        if profile:
            raise Unfilled("only a parameter (p.…) may name a profile")
        if first == "answer":
            if self.answer is None:
                raise Unfilled("the step has no exercise, so there is no 'answer'")
            return _down(self.answer, rest, "the exercise's answer")
        if first in self.asks:
            return _down(self.asks[first], rest, f"the answer to '{first}'")
        raise Unfilled(f"'{first}' is neither p, answer nor a question the step asks")

    def fill(self, text: str) -> str:
        """``text`` with every placeholder filled; :class:`Unfilled` names the first that cannot be."""
        def one(match: re.Match[str]) -> str:
            try:
                value: object = self.value(match[1])
                for name in filter(None, match[2].split("|")):
                    if name not in FILTERS:
                        raise Unfilled(f"no filter '|{name}' (filters: {', '.join(FILTERS)})")
                    value = FILTERS[name](value)
            except Unfilled as exc:
                raise Unfilled(f"{match[0]}: {exc}") from None
            self.filled += 1
            return _shown(value)
        return PLACEHOLDER.sub(one, text)


def asked(questions: Mapping[str, Question], book: RuleBook) -> dict[str, Answer]:
    """The engine's answer to each question a step names; :class:`Unfilled` for one it refuses."""
    out: dict[str, Answer] = {}
    for name, question in questions.items():
        answer = ask({**question, **spoken()}, book)
        if "error" in answer:
            error = answer["error"]
            message = error.get("message") if isinstance(error, Mapping) else error
            raise Unfilled(f"the engine cannot answer the question '{name}': {message}")
        need = answer.get("need")
        if isinstance(need, Mapping):  # a dispute interview that has not reached its ruling
            raise Unfilled(f"the question '{name}' is incomplete: the engine still asks for '{need.get('fact')}'")
        out[name] = answer
    return out


# --- what only the engine may state --------------------------------------------------------------

_NUMBER = r"(?:\*\*)?(?:\d+|one|two|three|four|five|six|seven|double|treble)\b(?:\*\*)?"
LITERAL = (
    # a score or a cost: "scores 2", "worth one", "gives his adversary 2", "costs 2", "instead of 1"
    ("a score", re.compile(r"\b(?:(?:scores?|scoring|worth|costs?|counts?(?: as)?|marks?|instead of|loses?|"
                           r"reach(?:es)?|only|raises? \w+ \w+ to)\s+|gives? (?:\w+ ){0,3}?)" + _NUMBER
                           + r"(?!\s+(?:tricks?|cards?|each|of)\b)", re.I)),
    ("a score", re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven)\s+points?\b", re.I)),
    ("a score", re.compile(r"\b(?:point|vole|king|game)\*{0,2}\s*[:,]\s*" + _NUMBER, re.I)),
    ("who chooses", re.compile(r"\b(?:nobody|no one|(?:the|his) (?:non-dealer|dealer|elder(?: hand)?|adversary|"
                               r"innocent (?:player|side)|other player|player \w+ \w+ \w+))\s+"
                               r"(?:chooses|decides|picks|makes the choice|has (?:a|the|no) choice)\b", re.I)),
    ("who chooses", re.compile(r"\b(?:compulsory|who (?:chooses|decides)|makes the choice|"
                               r"(?:has|have|leaves) (?:a|the|no) choice|(?:a|the) choice (?:is|belongs|between))\b",
                               re.I)),
)


def literal_consequences(text: str) -> list[tuple[str, str]]:
    """Each consequence ``text`` states in fixed words (placeholders aside): (what it states, the words)."""
    bare = PLACEHOLDER.sub("…", text)
    found: dict[tuple[int, int], tuple[str, str]] = {}
    for what, pattern in LITERAL:
        for match in pattern.finditer(bare):
            end = re.search(r"[.?!:;]|$", bare[match.end():])
            question = end is not None and end[0] == "?"
            overlaps = any(a < match.end() and match.start() < b for a, b in found)
            if not question and not overlaps:  # a question asks for the consequence; it states none
                found[match.span()] = (what, match[0])
    return [found[span] for span in sorted(found)]
