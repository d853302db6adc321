"""``dispute``: the remedies a law allows and who chooses (``{"option_ids": [...], "chooser": seat | None}``).

The learner ticks, among the remedies offered, every one the law allows (compared as a
set) and says who chooses: ``"elder"``, ``"dealer"``, or ``None`` (JSON null, "none",
"nobody") when the remedy is compulsory. Points a law awards are explained, not asked.

The diagnosis changes one fact of the situation at a time and asks the engine again: when
the learner's ruling is the ruling of a changed situation, that fact is what points to
another law. Failing that it names one remedy missed or wrongly ticked, or the chooser.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NotRequired, TypedDict, cast

from ...engine.disputes.answers import Ruling
from ...errors import excerpt
from ...fields import SEAT_NAMES, SEATS, is_whole_number
from ...jsontypes import Question
from ...rulebook import Fact, FactValue, RuleBook
from ..diagnosis import Diagnosis
from ..reading import SEAT_WORDS, BadResponse, LessonError, require, word
from .base import Asked, ExerciseKind, Form, FormFields, KindError, Position, Terminal

if TYPE_CHECKING:
    from ..model import Choice, Exercise, ExerciseEntry

NOBODY = ("none", "nobody", "null", "no one", "compulsory")


class ChooserChoice(TypedDict):
    value: str | None  # a seat, or None: nobody chooses (the remedy is compulsory)
    label: str


CHOOSER_CHOICES: tuple[ChooserChoice, ...] = (
    {"value": "elder", "label": "The non-dealer (elder hand)"},
    {"value": "dealer", "label": "The dealer"},
    {"value": None, "label": "Nobody: the remedy is compulsory"},
)


class DisputePosition(Position):
    """A ``dispute`` question without its kind: the facts of the situation, by name."""

    facts: NotRequired[dict[str, FactValue]]


class DisputeAnswer(Ruling, Asked):
    pass


class RulingResponse(TypedDict):
    option_ids: list[str]  # every remedy the law allows, compared as a set
    chooser: str | None  # the seat that chooses; None: the remedy is compulsory


class Dispute(ExerciseKind[DisputePosition, DisputeAnswer, RulingResponse]):
    name = "dispute"
    ask_kind = "dispute"
    # who chooses, as a form offers it: "none" stands for the compulsory remedy (JSON null)
    chooser_choices: tuple[Choice, ...] = tuple({"value": c["value"] or "none", "label": c["label"]}
                                               for c in CHOOSER_CHOICES)

    def choices(self, entry: ExerciseEntry, book: RuleBook) -> tuple[Choice, ...]:
        labels = book.option_labels  # rules/dispute-facts.yaml, options
        offered = entry["choices"]
        for i, option in enumerate(offered):
            if option not in labels:
                raise KindError(f"unknown remedy option '{option}'", f"choices[{i}]")
        return tuple({"value": option, "label": labels[option]} for option in offered)

    def engine_answer(self, exercise: Exercise, book: RuleBook) -> DisputeAnswer:
        answer = self.asked(exercise, book)
        if answer.get("status") != "ruling":
            need = answer.get("need")
            fact = need.get("fact") if isinstance(need, dict) else None
            raise LessonError(f"the dispute's facts are incomplete: the engine still asks for '{fact}'")
        return cast(DisputeAnswer, answer)  # a ruling (engine/disputes/answers.py), as ask() completes it

    def expected(self, exercise: Exercise, answer: DisputeAnswer) -> RulingResponse:
        return {"option_ids": sorted(option["id"] for option in answer["options"]), "chooser": answer["chooser"]}

    def explanation(self, answer: DisputeAnswer) -> str:
        remedies = "; ".join(f"{o['label']}: {o['consequence']}" for o in answer.get("options", []))
        who = {"elder": "the non-dealer chooses", "dealer": "the dealer chooses"}.get(answer.get("chooser") or "",
                                                                                     "it is compulsory")
        return f"{answer.get('explanation', '')} Remedy ({who}): {remedies}"

    def problems(self, exercise: Exercise, expected: RulingResponse) -> list[str]:
        offered = {choice["value"] for choice in exercise.choices}
        missing = sorted(set(expected["option_ids"]) - offered)
        return [f"the right remedies {missing} are not among the choices"] if missing else []

    def normalize(self, exercise: Exercise, response: object) -> RulingResponse:
        ids = require(response, "option_ids", '{"option_ids": ["fresh-deal"], "chooser": "elder"}')
        if isinstance(ids, str):
            ids = ids.replace(",", " ").split()
        offered = [choice["value"] for choice in exercise.choices]
        if not isinstance(ids, list) or not ids:
            raise BadResponse("Choose at least one remedy.", "option_ids")
        for i, option in enumerate(ids):
            if option not in offered:
                raise BadResponse(f"{excerpt(option)} is not one of the remedies offered: {', '.join(offered)}.",
                                  f"option_ids[{i}]")
        assert isinstance(response, dict)  # require() refuses anything else
        chooser = response.get("chooser")
        if isinstance(chooser, str) and not chooser.strip():
            raise BadResponse("Say who chooses the remedy (or that it is compulsory).", "chooser")
        if isinstance(chooser, str) and chooser.strip().lower() in NOBODY:
            chooser = None
        if chooser is not None:
            chooser = word(chooser, SEATS, "chooser")
        return {"option_ids": sorted(set(ids)), "chooser": chooser}

    def agree(self, exercise: Exercise, a: RulingResponse, b: RulingResponse) -> bool:
        return (set(a["option_ids"]), a["chooser"]) == (set(b["option_ids"]), b["chooser"])

    def diagnose(self, exercise: Exercise, given: RulingResponse, expected: RulingResponse, answer: DisputeAnswer,
                 book: RuleBook) -> Diagnosis:
        law = _law_words(answer, book)
        rule = next(iter(answer.get("cites", [])), None)
        if set(given["option_ids"]) == set(expected["option_ids"]):
            return Diagnosis(_chooser_mistake(given["chooser"], expected["chooser"]), rule)
        also = _chooser_note(given["chooser"], expected["chooser"])
        found = _other_situation(self, exercise, given, book)
        if found:
            fact, mine, theirs, other_laws = found
            elsewhere = f" (law {other_laws[0]})" if other_laws and other_laws[0] not in answer.get("laws", []) else ""
            return Diagnosis(f"Your remedy fits a case where the answer to “{fact['question']}” is “{theirs}”"
                             f"{elsewhere}. Here the answer is “{mine}”, and {law} rules otherwise.{also}", rule)
        labels = {choice["value"]: choice["label"] for choice in exercise.choices}
        missed = [o for o in expected["option_ids"] if o not in given["option_ids"]]
        if missed:
            return Diagnosis(f"“{labels[missed[0]]}” is open here too: {law} allows it.{also}", rule)
        extra = next(o for o in given["option_ids"] if o not in expected["option_ids"])
        return Diagnosis(f"“{labels[extra]}” is not among the remedies {law} allows here.{also}", rule)

    def words(self, exercise: Exercise, answer: RulingResponse) -> str:
        labels = {c["value"]: c["label"] for c in exercise.choices}
        options = "; ".join(labels.get(i, i) for i in answer["option_ids"])
        who = SEAT_NAMES.get(answer["chooser"] or "", "nobody (it is compulsory)")
        return f"{options} — chosen by {who}"

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        response: Question = {"option_ids": form.getlist("option_ids"), "chooser": form.get("chooser", "")}
        return response, dict(response)

    def form_data(self, exercise: Exercise, answer: RulingResponse) -> FormFields:
        return {"option_ids": list(answer["option_ids"]), "chooser": answer["chooser"] or "none"}

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        facts = self.position(exercise.position).get("facts", {})
        return [fact_line(book, name, value) for name, value in facts.items()]

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        terminal.say("Remedies:")
        for number, choice in enumerate(exercise.choices, 1):
            terminal.say(f"  {number}. {choice['label']}")
        values = [c["value"] for c in exercise.choices]
        while True:
            picked = terminal.answer("Which remedies does the law allow? Type their numbers (e.g. 1 3)")
            tokens = picked.replace(",", " ").split()
            bad = [t for t in tokens if not (is_whole_number(t) and 1 <= int(t) <= len(values)) and t not in values]
            if not bad:
                break
            terminal.say(f"{excerpt(bad[0])} is not one of the remedies: type numbers from 1 to {len(values)}.")
        ids = [values[int(t) - 1] if is_whole_number(t) else t for t in tokens]
        names = ", ".join(str(c["value"] or "nobody") for c in CHOOSER_CHOICES)
        chooser = terminal.answer(f"Who chooses the remedy: {names} (nobody when it is compulsory)?")
        return {"option_ids": ids, "chooser": chooser}


def fact_line(book: RuleBook, name: str, value: FactValue) -> str:
    """One fact of a situation as a sentence: its question and the answer's label."""
    fact = book.facts.get(name)
    if not fact:
        return f"{name}: {value}"
    label: FactValue | None = next((c["label"] for c in fact.get("choices", ()) if c["value"] == value), None)
    if label is None:
        label = {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value
    return f"{fact['question']} {label}."


def _chooser_mistake(mine: str | None, right: str | None) -> str:
    if right is None:
        return "The remedies are right, but nobody chooses here: the law makes the remedy compulsory."
    if mine is None:
        return "The remedies are right, but they are not compulsory: the law lets one of the players choose."
    return f"The remedies are right, but the choice is not {SEAT_WORDS[mine]}'s to make."


def _chooser_note(mine: str | None, right: str | None) -> str:
    """A second mistake, in who chooses, said after the first (empty when the chooser is right)."""
    if mine == right:
        return ""
    if right is None:
        return " Nobody chooses here, either: what the law lays down is compulsory."
    return f" And the choice is {SEAT_WORDS[right]}'s to make."


def _law_words(answer: DisputeAnswer, book: RuleBook) -> str:
    texts = answer.get("law_text") or []
    if not texts:  # a rule that is no law (a profile's, an agreement's), by its title
        rule = book.rules.get(next(iter(answer.get("cites", [])), ""))
        return f"the rule “{rule.title}”" if rule else "the rule that decides"
    return f"law {texts[0]['law']} (“{texts[0]['title']}”)"


def _other_situation(kind: Dispute, exercise: Exercise, given: RulingResponse,
                     book: RuleBook) -> tuple[Fact, str, str, list[int]] | None:
    """The first fact whose other value makes the learner's ruling right: (fact, value here, other value, laws)."""
    facts = kind.position(exercise.position).get("facts", {})
    offered = {choice["value"] for choice in exercise.choices}
    for name, value in facts.items():
        fact = book.facts.get(name)
        if name == "irregularity" or not fact:
            continue  # what went wrong is not in doubt; when it came to light and who did it may be
        for choice in fact.get("choices", ()):
            if choice["value"] == value:
                continue
            changed = replace(exercise, position={**exercise.position, "facts": {**facts, name: choice["value"]}})
            try:
                other = kind.engine_answer(changed, book)
            except LessonError:
                continue  # the changed situation is incomplete or impossible
            options = {o["id"] for o in other["options"]} & offered
            if options == set(given["option_ids"]):
                here = next((c["label"] for c in fact["choices"] if c["value"] == value), str(value))
                return fact, here, choice["label"], other.get("laws", [])
    return None
