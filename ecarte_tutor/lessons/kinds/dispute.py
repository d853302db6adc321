"""``dispute``: the remedies a law allows and who chooses (``{"option_ids": [...], "chooser": seat | None}``).

The learner ticks, among the remedies offered, every one the law allows (compared as a
set) and says who chooses: ``"elder"``, ``"dealer"``, or ``None`` (JSON null, "none",
"nobody") when the remedy is compulsory. Points a law awards are explained, not asked.

The diagnosis names every part of the ruling the learner got wrong (the catalogue's mistakes in
a part of an answer): each remedy ticked that the law does not allow, with the situation, one fact
away, where it would be a remedy (the engine asked again with that fact changed); each remedy left
out; and a wrong chooser, or a compulsory remedy taken for a choice, or the other way round.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NotRequired, TypedDict, cast

from ...engine.disputes.answers import POINTS_LATER, Ruling, chooser_sentence
from ...errors import excerpt
from ...fields import SEAT_NAMES, SEATS, is_whole_number
from ...i18n import DEFAULT_LANG, current, marked, marked_in, tr, trc
from ...jsontypes import Question
from ...rulebook import Fact, FactValue, RuleBook
from ...wording import listed, lower_first, seat_name
from ..diagnosis import Diagnosis
from ..exercise import ExerciseKind, Form, FormFields, KindError, Position, Terminal
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import BadResponse, LessonError, require, word
from ..vouched import SEAT_WORDS as SAID_SEATS

if TYPE_CHECKING:
    from ..exercise import Choice, Exercise, ExerciseEntry

REMEDY = marked("“%(label)s”: %(consequence)s.")
REMEDY_LATER = marked("“%(label)s”: %(consequence)s. The hand is scored only once it has been played out.")
REMEDIES = {(True, "elder"): marked("Remedies (the non-dealer chooses): %(remedies)s"),
            (True, "dealer"): marked("Remedies (the dealer chooses): %(remedies)s"),
            (True, None): marked("Remedies (it is compulsory): %(remedies)s"),
            (False, "elder"): marked("Remedy (the non-dealer chooses): %(remedies)s"),
            (False, "dealer"): marked("Remedy (the dealer chooses): %(remedies)s"),
            (False, None): marked("Remedy (it is compulsory): %(remedies)s")}
"""The remedies after the engine's reasons, by whether there are several and who chooses."""
MISREAD = {(False, False): marked(": it is a remedy when the answer to “%(question)s” is %(said)s, and here the answer "
                                  "is “%(mine)s”"),
           (False, True): marked(": it is a remedy when the answer to “%(question)s” is %(said)s (law %(law)s), and "
                                 "here the answer is “%(mine)s”"),
           (True, False): marked(": it is a remedy when the answer to “%(question)s” is, for instance, %(said)s, and "
                                 "here the answer is “%(mine)s”"),
           (True, True): marked(": it is a remedy when the answer to “%(question)s” is, for instance, %(said)s (law "
                                "%(law)s), and here the answer is “%(mine)s”")}
"""Why a remedy ticked may have looked right: the situation, one fact away, where it is one (a clause after the
remedy's name, by whether the fact's choices are examples and whether another law decides there)."""
FACT_ANSWERS = (marked_in("fact answer", "yes"), marked_in("fact answer", "no"))
NOBODY = ("none", "nobody", "null", "no one", "noone", "neither", "compulsory", "it is compulsory")


def _without(text: str, sentence: str) -> str:
    """``text`` with ``sentence`` taken out where it stands as a sentence of its own."""
    if text == sentence:
        return ""
    if text.endswith(" " + sentence):
        return text[:-len(sentence) - 1]
    return text.replace(sentence + " ", "", 1) if text.startswith(sentence + " ") or f" {sentence} " in text \
        else text


def said_by(book: RuleBook, ruling: Ruling) -> set[str]:
    """Every remedy option whose words the ruling says: its own options, the options they include, and "no
    penalty" where nothing in it penalises (rules/dispute-facts.yaml, options). A drill's right answers are
    the ruling's options, and none of these is ever offered as a wrong one."""
    outcomes = book.option_outcomes
    right = {option["id"] for option in ruling["options"]}
    said = right | {other for option in right if option in outcomes for other in outcomes[option].includes}
    if not _penalises(book, ruling):
        said |= {option for option, outcome in outcomes.items() if outcome.penalty is False}
    return said


def _penalises(book: RuleBook, ruling: Ruling) -> bool:
    """Whether an option of the ruling penalises the offender: a penalty remedy, or a point cut from his score."""
    rule_id, _, case = ruling["case"].rpartition("/")  # "law.43/not-corrected"
    decision = next((d for d in book.rules[rule_id].decisions if d["case"] == case), None)
    options = decision["options"] if decision else ()
    outcomes = book.option_outcomes
    return any(option["id"] in outcomes and outcomes[option["id"]].penalty for option in options) or \
        any("cut" in option.get("points", {}) for option in options)


class ChooserChoice(TypedDict):
    value: str | None  # a seat, or None: nobody chooses (the remedy is compulsory)
    label: str


CHOOSER_CHOICES: tuple[ChooserChoice, ...] = (
    {"value": "elder", "label": marked("The non-dealer (elder hand)")},
    {"value": "dealer", "label": marked("The dealer")},
    {"value": None, "label": marked("Nobody: the remedy is compulsory")},
)


class DisputePosition(Position):
    """A ``dispute`` question without its kind: the facts of the situation, by name."""

    facts: NotRequired[dict[str, FactValue]]


class RulingResponse(TypedDict):
    option_ids: list[str]  # every remedy the law allows, compared as a set
    chooser: str | None  # the seat that chooses; None: the remedy is compulsory


class Dispute(ExerciseKind[DisputePosition, Ruling, RulingResponse]):
    name = "dispute"
    ask_kind = "dispute"
    @property
    def chooser_choices(self) -> tuple[Choice, ...]:
        """Who chooses, as a form offers it, in the language spoken: "none" stands for the compulsory remedy (JSON
        null)."""
        return tuple({"value": c["value"] or "none", "label": tr(c["label"])} for c in CHOOSER_CHOICES)

    def choices(self, entry: ExerciseEntry, book: RuleBook) -> tuple[Choice, ...]:
        labels = book.option_labels  # rules/dispute-facts.yaml, options
        offered = entry["choices"]
        for i, option in enumerate(offered):
            if option not in labels:
                raise KindError(f"unknown remedy option '{option}'", f"choices[{i}]")
        return tuple({"value": option, "label": labels[option]} for option in offered)

    def engine_answer(self, exercise: Exercise, book: RuleBook) -> Ruling:
        answer = self.asked(exercise, book)
        if answer.get("status") != "ruling":
            need = answer.get("need")
            fact = need.get("fact") if isinstance(need, dict) else None
            raise LessonError(f"the dispute's facts are incomplete: the engine still asks for '{fact}'")
        return cast(Ruling, answer)  # a ruling (engine/disputes/answers.py), as ask() completes it

    def expected(self, exercise: Exercise, answer: Ruling) -> RulingResponse:
        return {"option_ids": sorted(option["id"] for option in answer["options"]), "chooser": answer["chooser"]}

    def explanation(self, answer: Ruling) -> str:
        options = answer.get("options", [])
        text = str(answer.get("explanation", ""))
        # the engine's reasons end by saying who chooses and, of a remedy whose points wait for the play, that
        # they do: both are said once below, beside the remedies, and not again after its label alone
        chooser = answer.get("chooser")
        if chooser in SEAT_NAMES:
            text = _without(text, chooser_sentence(chooser))
        later = set()
        for option in options:
            stripped = _without(text, f"{option['label']}: {POINTS_LATER}.")
            if stripped != text:
                text = stripped
                later.add(option["id"])
        # each remedy a sentence of its own, its label quoted (a label may hold a semicolon of its own)
        remedies = " ".join(tr(REMEDY_LATER if o["id"] in later else REMEDY, label=o["label"],
                               consequence=lower_first(o["consequence"].strip().rstrip(".")))
                            for o in options)
        who = chooser if chooser in ("elder", "dealer") else None
        return f"{text} " + tr(REMEDIES[len(options) > 1, who], remedies=remedies)

    def problems(self, exercise: Exercise, expected: RulingResponse) -> list[str]:
        offered = {choice["value"] for choice in exercise.choices}
        missing = sorted(set(expected["option_ids"]) - offered)
        return [f"the right remedies {missing} are not among the choices"] if missing else []

    def said_but_wrong(self, exercise: Exercise, book: RuleBook) -> list[str]:
        """The choices offered as wrong that the ruling says too (``said_by``): a learner who ticks one is right."""
        ruling = self.engine_answer(exercise, book)
        right = {option["id"] for option in ruling["options"]}
        return sorted(choice["value"] for choice in exercise.choices
                      if choice["value"] not in right and choice["value"] in said_by(book, ruling))

    def normalize(self, exercise: Exercise, response: object) -> RulingResponse:
        ids = require(response, "option_ids", '{"option_ids": ["fresh-deal"], "chooser": "elder"}')
        if isinstance(ids, str):
            ids = ids.replace(",", " ").split()
        offered = [choice["value"] for choice in exercise.choices]
        if not isinstance(ids, list) or not ids:
            raise BadResponse(tr("Choose at least one remedy."), "option_ids")
        for i, option in enumerate(ids):
            if option not in offered:
                listed = "; ".join(f"{choice['value']} (“{choice['label']}”)" for choice in exercise.choices)
                raise BadResponse(tr("%(option)s is not one of the remedies offered: %(offered)s.",
                                     option=excerpt(option), offered=listed), f"option_ids[{i}]")
        # who chooses is half the ruling: never taken as "nobody" because it was left out (null says nobody)
        chooser = require(response, "chooser", '{"chooser": "elder"} (or null: nobody, the remedy is compulsory)')
        if isinstance(chooser, str) and not chooser.strip():
            raise BadResponse(tr("Say who chooses the remedy (or that it is compulsory)."), "chooser")
        return {"option_ids": sorted(set(ids)), "chooser": read_chooser(chooser)}

    def agree(self, exercise: Exercise, a: RulingResponse, b: RulingResponse) -> bool:
        return (set(a["option_ids"]), a["chooser"]) == (set(b["option_ids"]), b["chooser"])

    def slots(self, case: Case, given: RulingResponse) -> dict[str, object]:
        return {"law": _law_words(case.answer, case.book), "within": _within(case.answer, case.book)}

    def diagnose(self, exercise: Exercise, given: RulingResponse, expected: RulingResponse, answer: Ruling,
                 book: RuleBook) -> Diagnosis:
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        assert named is not None  # a wrong ruling differs in a remedy or in the chooser, each a catalogue part
        law = _law_words(answer, book)  # named in full once, then shortly
        first, _, rest = named.text.partition(law)
        short = trc("named again", "the law") if answer.get("law_text") else trc("named again", "that rule")
        return replace(named, text=first + law + rest.replace(law, short)) if rest else named

    def words(self, exercise: Exercise, answer: RulingResponse) -> str:
        labels = {c["value"]: c["label"] for c in exercise.choices}
        options = "; ".join(labels.get(i, i) for i in answer["option_ids"])
        chooser = answer["chooser"]
        who = seat_name(chooser) if chooser in SEAT_NAMES else tr("nobody (it is compulsory)")
        return tr("%(options)s — chosen by %(who)s", options=options, who=who)

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
        while True:  # asked again on its own: the remedies typed are kept
            chooser = terminal.answer(f"Who chooses the remedy: {names} (nobody when it is compulsory)?")
            try:
                read_chooser(chooser)
            except BadResponse as problem:
                terminal.say(problem.message)
                continue
            return {"option_ids": ids, "chooser": chooser}


# The seats as the course's own words name them, beside the API's "elder" and "dealer".
SEAT_READINGS = {"non-dealer": "elder", "nondealer": "elder", "non dealer": "elder", "elder hand": "elder",
                 "pone": "elder", "elder": "elder", "dealer": "dealer"}


def read_chooser(chooser: object) -> str | None:
    """Who chooses, as typed: a seat ("elder", "the non-dealer", "The dealer"...), or None for nobody."""
    if isinstance(chooser, str):
        text = " ".join(chooser.strip().lower().split())
        if text.startswith("the "):
            text = text[4:]
        if text in NOBODY:
            return None
        if text in SEAT_READINGS:
            return SEAT_READINGS[text]
    if chooser is None:
        return None
    try:
        return word(chooser, SEATS, "chooser")
    except BadResponse:  # the three answers the prompt offers, not the two seats alone
        raise BadResponse(f"Answer 'elder' (the non-dealer), 'dealer' or 'nobody' (when the remedy is compulsory), "
                          f"not {excerpt(chooser)}.", "chooser") from None


def misread(case: Case, option: str) -> str:
    """Why a learner may have ticked ``option``: the situation, one fact away, where it is a remedy
    (a clause to follow the remedy's name), or nothing when there is none. Each such situation is ruled once
    for the case (``case.nearby``), however many options ticked look at it."""
    found = _other_situation(DISPUTE, case.exercise, option, case.book, case.nearby)
    if not found:
        return ""
    fact, mine, theirs, other_laws = found
    law = other_laws[0] if other_laws and other_laws[0] not in case.answer.get("laws", []) else None
    said = listed([tr("“%(label)s”", label=label) for label in theirs], "or")
    # a number's choices are examples (a hand may hold 2 cards too): those found are said as examples
    example = fact.get("type") == "integer"
    return tr(MISREAD[example, law is not None], question=fact["question"], said=said, law=law, mine=mine)


def fact_line(book: RuleBook, name: str, value: FactValue) -> str:
    """One fact of a situation as a sentence: its question and the answer's label."""
    fact = book.facts.get(name)
    if not fact:
        return f"{name}: {value}"
    label: FactValue | None = next((c["label"] for c in fact.get("choices", ()) if c["value"] == value), None)
    if label is None:
        label = trc("fact answer", FACT_ANSWERS[0] if value else FACT_ANSWERS[1]) if isinstance(value, bool) else value
    return tr("%(question)s %(answer)s.", question=fact["question"], answer=label)


def _within(answer: Ruling, book: RuleBook) -> str:
    """A choice the remedy itself holds, said beside "nobody chooses" (law 44: the dealer's pick of the two new
    packs): a learner who named that player is told what he does choose, and why it is no choice of remedy."""
    rule_id, _, case_id = answer.get("case", "").partition("/")
    rule = book.rules.get(rule_id)
    decision = next((d for d in rule.decisions if d["case"] == case_id), None) if rule else None
    picks = decision.get("picks") if decision else None
    if not picks:
        return ""
    return tr(" a remedy (%(seat)s does pick %(what)s, but that is part of the remedy itself)",
              seat=trc("lesson seat", SAID_SEATS[picks["seat"]]), what=picks["what"])


def _law_words(answer: Ruling, book: RuleBook) -> str:
    texts = answer.get("law_text") or []
    if not texts:  # a rule that is no law (a profile's, an agreement's), by its title
        rule = book.rules.get(next(iter(answer.get("cites", [])), ""))
        if rule is None:
            return tr("the rule that decides")
        lang = current()
        return tr("the rule “%(title)s”", title=rule.title if lang == DEFAULT_LANG else book.text(rule.id, "title",
                                                                                                    lang))
    return tr("law %(number)s (“%(title)s”)", number=texts[0]["law"], title=texts[0]["title"])


def _other_situation(kind: Dispute, exercise: Exercise, option: str, book: RuleBook,
                     asked: dict[tuple[str, str], Ruling | None]) -> tuple[Fact, str, list[str], list[int]] | None:
    """The first fact whose other values make ``option`` a remedy: (fact, value here, every such other value,
    the laws of the first); each other situation's ruling asked once into ``asked``."""
    facts = kind.position(exercise.position).get("facts", {})
    for name, value in facts.items():
        fact = book.facts.get(name)
        if name == "irregularity" or not fact:
            continue  # what went wrong is not in doubt; when it came to light and who did it may be
        found: list[str] = []
        laws: list[int] = []
        for choice in fact.get("choices", ()):
            if choice["value"] == value:
                continue
            key = (name, repr(choice["value"]))
            if key not in asked:
                changed = replace(exercise, position={**exercise.position, "facts": {**facts, name: choice["value"]}})
                try:
                    asked[key] = kind.engine_answer(changed, book)
                except LessonError:
                    asked[key] = None  # the changed situation is incomplete or impossible
            other = asked[key]
            if other is None:
                continue
            if option in {o["id"] for o in other["options"]}:
                found.append(str(choice["label"]))
                laws = laws or list(other.get("laws", []))
        if found:
            here = next((c["label"] for c in fact["choices"] if c["value"] == value), str(value))
            return fact, str(here), found, laws
    return None


DISPUTE = Dispute()
