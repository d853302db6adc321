"""The catalogue of typical mistakes (``rules/course/mistakes.yaml``), each applied as the engine makes it.

A mistake is a wrong belief: a parameter taken wrongly (the ace above the king), a fact of the
position left out (the turned king), another profile's rules, or a slip only code can say (tricks
counted as points: :mod:`.simulate`). For an exercise, :func:`simulated` works out the wrong
answer each fitting mistake gives; :func:`named` finds the mistakes a learner's answer is, so a
diagnosis names what he did and never a mistake his answer does not show.

Two kinds of detection: most mistakes are *whole* answers (the learner's answer is the mistaken
engine's answer, exactly); a few are *parts* of an answer (a wrong remedy ticked, a right one
left out, the chooser), found one by one, so that a learner who makes several is told each.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NotRequired, TypedDict

from ..coursewords import text as course_text
from ..errors import DataError
from ..i18n import current, tr, trc
from ..rulebook import Params, RuleBook
from ..schemas import explain, key_path, schema_errors
from ..wording import lower_first
from ..yamlio import load_yaml
from .beside import once
from .diagnosis import Diagnosis, profile_words
from .exercise import AnyKind, Exercise, kinds_known, params_of
from .exercise import Case as Case
from .reading import LessonError
from .vouched import NUMBER_WORDS, Unfilled, Vouched

MISTAKES_FILE = Path("course") / "mistakes.yaml"  # relative to the rule-book folder


class MistakeEntry(TypedDict):
    id: str
    title: str
    kinds: list[str]
    rule: str | None
    detect: dict[str, Any]
    says: str
    fallback: NotRequired[bool]
    advice: NotRequired[bool]


@dataclass(frozen=True)
class Mistake:
    """One entry of the catalogue."""

    id: str
    title: str
    kinds: tuple[str, ...]
    rule: str | None
    detect: Mapping[str, Any]
    says: str
    fallback: bool = False  # says what the answer is, not why: named only when no other mistake gives it
    advice: bool = False  # a choice the rules allow, rated lower by the advice: never worded as a rule broken


@dataclass(frozen=True)
class Catalogue:
    mistakes: tuple[Mistake, ...] = ()
    file: str = ""

    def for_kind(self, kind: str) -> tuple[Mistake, ...]:
        return tuple(m for m in self.mistakes if kind in m.kinds)

    def get(self, mistake_id: str) -> Mistake | None:
        return next((m for m in self.mistakes if m.id == mistake_id), None)


@dataclass(frozen=True)
class Wrong:
    """A wrong answer a mistake gives, with the words its description needs (``slots``)."""

    response: Mapping[str, object]
    slots: Mapping[str, object] = field(default_factory=dict)


Maker = Callable[[Case, Mistake], list[Wrong]]
Present = Callable[[Case, Mapping[str, object]], list[Mapping[str, object]]]
MAKERS: dict[str, Maker] = {}
PARTS: dict[str, Present] = {}  # makers of a part of an answer: what the learner's answer shows of it


def maker(name: str, part: Present | None = None) -> Callable[[Maker], Maker]:
    """Register a custom maker (and, for a mistake in a part of the answer, how to find that part)."""
    def register(function: Maker) -> Maker:
        MAKERS[name] = function
        if part is not None:
            PARTS[name] = part
        return function
    return register


# --- the generic makers -----------------------------------------------------------------------------


def believed(params: Params, beliefs: Mapping[str, object]) -> Params:
    """``params`` as the learner takes them: each value given, or a sum of parameters worked out."""
    values: dict[str, object] = dict(params)
    for name, value in beliefs.items():
        if isinstance(value, str) and not value.isdigit():
            total, sign = 0, 1
            for token in re.findall(r"[a-z_]+|\d+|[-+]", value):
                if token in "+-":
                    sign = 1 if token == "+" else -1
                    continue
                number = int(token) if token.isdigit() else params[token]
                assert isinstance(number, int)  # the catalogue's check: sums of whole-number parameters
                total, sign = total + sign * number, 1
            value = total
        values[name] = value
    return Params(values, params.origin, params.profile, params.agreements, params.says)


def _believes(case: Case, mistake: Mistake) -> list[Wrong]:
    response = case.kind.under(case.exercise, believed(case.params, mistake.detect["believes"]), case.book)
    return [Wrong(response)] if response is not None else []


def _forgets(case: Case, mistake: Mistake) -> list[Wrong]:
    names = [name for name in mistake.detect["forgets"] if case.position.get(name) not in (None, False)]
    if not names:
        return []
    position = {key: value for key, value in case.position.items() if key not in names}
    response = case.ask(position)
    return [Wrong(response)] if response is not None else []


def _other_rule_book(case: Case, mistake: Mistake) -> list[Wrong]:
    book = case.book
    ours = case.params.profile
    out: list[Wrong] = []
    for theirs in book.profiles:
        if theirs == ours:
            continue
        response = case.ask({**case.position, "profile": theirs})
        if response is None:
            continue
        variant = _differing_variant(case, theirs)
        if variant is None:
            continue
        says = {p: str(variant.variant["profiles"][p].get("says", "")).strip() for p in (theirs, ours)}
        out.append(Wrong(response, {"theirs": profile_words(book, theirs), "ours": profile_words(book, ours),
                                    "theirs_says": lower_first(says[theirs]), "ours_says": lower_first(says[ours]),
                                    "_rule": variant.id}))
    return out


def _differing_variant(case: Case, theirs: str) -> Any:
    """The variant, among the rules the engine cites here, on which the two profiles differ."""
    ours = case.params.profile
    for rule_id in case.answer.get("cites", []):
        rule = case.book.rules.get(rule_id)
        if rule and rule.variant:
            profiles = rule.variant["profiles"]
            if profiles[theirs]["value"] != profiles[ours]["value"]:
                return rule
    return None


def wrong_answers(case: Case, mistake: Mistake) -> list[Wrong]:
    """The wrong answers ``mistake`` gives on this exercise (none: it does not fit)."""
    detect = mistake.detect
    if "believes" in detect:
        made = _believes(case, mistake)
    elif "forgets" in detect:
        made = _forgets(case, mistake)
    elif "other_rule_book" in detect:
        made = _other_rule_book(case, mistake)
    else:  # lessons/simulate.py's makers, registered as the lessons' package loads
        made = MAKERS[detect["custom"]](case, mistake)
    out: list[Wrong] = []
    for wrong in made:
        if not case.right(wrong.response) and not any(case.kind.agree(case.exercise, wrong.response, w.response)
                                                      and w.slots == wrong.slots for w in out):
            out.append(wrong)
    return out


# --- naming the learner's mistakes --------------------------------------------------------------------


@dataclass(frozen=True)
class Named:
    """A mistake the learner's answer shows, with its words filled in and the rule it breaks."""

    mistake: Mistake
    text: str
    rule: str | None
    part: bool  # a mistake in one part of the answer (there may be others beside it)


def case_of(kind: AnyKind, exercise: Exercise, answer: Any, book: RuleBook) -> Case:
    return Case(kind, exercise, answer, kind.expected(exercise, answer), book, params_of(exercise, book))


def named(case: Case, given: Mapping[str, object]) -> list[Named]:
    """Every catalogue mistake the answer ``given`` shows on this exercise, in catalogue order."""
    out: list[Named] = []
    for mistake in catalogue_of(case.book).for_kind(case.exercise.kind):
        custom = mistake.detect.get("custom")
        if custom in PARTS:
            found = [dict(slots) for slots in PARTS[custom](case, given)]
            part = True
        else:
            found = [dict(w.slots) for w in wrong_answers(case, mistake)
                     if case.kind.agree(case.exercise, w.response, given)]
            part = False
        for slots in found:
            text, rule = words(case, mistake, given, slots)
            if all(text != n.text for n in out):
                out.append(Named(mistake, text, rule, part))
    # a mistake that only describes the answer (the scores swapped) gives way to one that says why it was given
    if any(not n.part and not n.mistake.fallback for n in out):
        out = [n for n in out if n.part or not n.mistake.fallback]
    return out


def words(case: Case, mistake: Mistake, given: Mapping[str, object],
          slots: Mapping[str, object]) -> tuple[str, str | None]:
    """The mistake's description for this answer, and the rule it breaks."""
    every = {**case.kind.slots(case, given), **slots}
    try:
        says = course_text(case.book.root, current(), MISTAKES_FILE.name, mistake.id, "says") or mistake.says
        text = Vouched(case.book, case.params, case.answer, every).fill(says)
    except Unfilled as exc:
        raise LessonError(f"the mistake '{mistake.id}' cannot be described here: {exc}") from None
    rule = mistake.rule
    if rule and rule.startswith("@"):
        rule = case.params.rule_for(rule[1:])
    elif rule and rule.startswith("{"):  # the kind works out which rule decides this very answer
        rule = _str(every.get(rule.strip("{}")))
        if rule not in case.book.rules:
            raise LessonError(f"the mistake '{mistake.id}' names its rule by {mistake.rule}, which is not a rule here")
    return " ".join(text.split()), rule or _str(every.get("_rule")) or next(iter(case.answer.get("cites", [])), None)


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


def diagnosis_of(found: list[Named]) -> Diagnosis | None:
    """One diagnosis from the mistakes an answer shows: each part in turn; several whole answers that
    fit, each as a possibility (the answer alone cannot tell them apart); None when the catalogue
    names none."""
    if not found:
        return None
    whole = [n for n in found if not n.part]
    parts = [n for n in found if n.part]
    if parts:
        chosen = parts
        text = " ".join(n.text for n in parts)
    elif len(whole) == 1:
        chosen, text = whole, whole[0].text
    else:
        chosen = whole
        count = trc("lesson count", NUMBER_WORDS[len(whole)]) if len(whole) < len(NUMBER_WORDS) else str(len(whole))
        ways = [tr("One: %(mistake)s", mistake=n.text) if i == 0 else tr("Or: %(mistake)s", mistake=n.text)
                for i, n in enumerate(whole)]  # each possibility a sentence of its own
        text = " ".join([tr("%(count)s different mistakes give this answer; which did you make?",
                            count=count.capitalize()), *ways])
    return Diagnosis(text, chosen[0].rule, tuple(n.mistake.id for n in chosen),
                     advice=all(n.mistake.advice for n in chosen))


def simulated(kind: AnyKind, exercise: Exercise, book: RuleBook) -> list[tuple[Mistake, Wrong]]:
    """Every (mistake, wrong answer) the catalogue makes on this exercise: what the tests answer with."""
    case = case_of(kind, exercise, kind.engine_answer(exercise, book), book)
    return [(mistake, wrong) for mistake in catalogue_of(book).for_kind(exercise.kind)
            for wrong in wrong_answers(case, mistake)]


# --- loading ------------------------------------------------------------------------------------------


def load_catalogue(path: Path | str, book: RuleBook, kinds: Mapping[str, object]) -> Catalogue:
    """Read and check the catalogue: schema, unique ids, known kinds, rules, makers and parameters."""
    path = Path(path)
    document = load_yaml(path)
    for error in schema_errors("mistakes", document):
        raise DataError(path, explain(error), key=key_path(error))
    entries: list[MistakeEntry] = document["mistakes"]
    params = book.params()
    out: list[Mistake] = []
    for index, entry in enumerate(entries):
        where = f"mistakes[{index}]"
        problem = _entry_problem(entry, book, params, kinds, {m.id for m in out})
        if problem:
            raise DataError(path, problem[1], key=f"{where}.{problem[0]}")
        out.append(Mistake(entry["id"], entry["title"], tuple(entry["kinds"]), entry["rule"], entry["detect"],
                           " ".join(entry["says"].split()), bool(entry.get("fallback")), bool(entry.get("advice"))))
    return Catalogue(tuple(out), path.name)


def _entry_problem(entry: MistakeEntry, book: RuleBook, params: Params, kinds: Mapping[str, object],
                   seen: set[str]) -> tuple[str, str] | None:
    if entry["id"] in seen:
        return "id", f"the mistake id '{entry['id']}' is used twice"
    unknown = [kind for kind in entry["kinds"] if kind not in kinds]
    if unknown:
        return "kinds", f"no exercise kind '{unknown[0]}'"
    rule = entry["rule"]
    named_by_slot = rule is not None and rule.startswith("{")  # checked when filled (words)
    if rule and not named_by_slot and (rule[1:] not in params if rule.startswith("@") else rule not in book.rules):
        return "rule", f"no rule or parameter '{rule}'"
    detect = entry["detect"]
    if "custom" in detect and detect["custom"] not in MAKERS:
        return "detect.custom", f"no maker '{detect['custom']}' in lessons/simulate.py"
    for name, value in detect.get("believes", {}).items():
        if name not in params:
            return "detect.believes", f"'{name}' is not a parameter"
        names = re.findall(r"[a-z_]+", value) if isinstance(value, str) else []
        if any(n not in params or not isinstance(params[n], int) for n in names):
            return "detect.believes", f"'{value}' is not a sum of whole-number parameters"
    return None


def catalogue_of(book: RuleBook) -> Catalogue:
    """The catalogue beside ``book`` (``rules/course/mistakes.yaml``), loaded once; empty if it has none."""
    return once(book, MISTAKES_FILE, lambda path: load_catalogue(path, book, kinds_known()), Catalogue())
