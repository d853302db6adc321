"""``kind: dispute``: rule on a table irregularity from the laws' decision tables.

The interview is the one in docs/laws-and-disputes.md. Every decision row of every
law (laws by number, rows in file order) that applies in the profile is a
*candidate* while its ``irregularity`` includes the given one and each of its
``when`` facts that is known matches. The first candidate decides: if all the
facts it needs are known it is the ruling, otherwise the answer asks for its first
unknown fact. A row needs its ``when`` facts (in their order) and, after them, any
seat-valued fact its ``chooser`` or ``points`` refer to (``adversary-of-offender``
cannot be resolved without ``offender``).

Two kinds of fact are never asked, because an outside casebook sends only the facts
of API.md and asking would turn a ruling into a question:

- a fact with a ``default`` (rules/dispute-facts.yaml) counts as its default when not
  given; a ruling that relied on a default says so in ``assumed``;
- a fact listed under an irregularity's ``only_if_given`` is used for that irregularity
  only when the question gives it: a row testing it is no candidate otherwise.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from .errors import QuestionError
from .fields import SEAT_NAMES, SEATS, is_whole_number, other, require
from .rulebook import Rule, RuleBook

IRREGULARITY = "irregularity"
ADVERSARY_OF = "adversary-of-"


@dataclass(frozen=True)
class Row:
    """One decision row of one law, ready for the interview."""

    law: Rule
    decision: dict
    irregularities: tuple[str, ...]
    needed: tuple[str, ...]

    @property
    def case(self) -> str:
        return f"{self.law.id}/{self.decision['case']}"

    @property
    def when(self) -> dict:
        return self.decision.get("when", {})


@dataclass(frozen=True)
class Known:
    """What the interview knows: the given facts, the defaults standing in for the others,
    and the facts it must not ask about for this irregularity."""

    given: MappingProxyType
    defaults: MappingProxyType
    only_if_given: frozenset

    def value(self, name: str):
        """(True, value) for a given or defaulted fact, (False, None) otherwise."""
        if name in self.given:
            return True, self.given[name]
        if name in self.defaults:
            return True, self.defaults[name]
        return False, None

    def askable(self, name: str) -> bool:
        return name not in self.given and name not in self.defaults and name not in self.only_if_given


@lru_cache(maxsize=64)  # the rule book never changes once loaded: work it out once
def fact_defaults(book: RuleBook) -> MappingProxyType:
    """Every fact that has a default, with its default (rules/dispute-facts.yaml)."""
    return MappingProxyType({name: spec["default"] for name, spec in book.facts.items() if "default" in spec})


@lru_cache(maxsize=64)  # the rule book never changes once loaded: work it out once
def only_if_given(book: RuleBook, irregularity: str) -> frozenset:
    """The facts an irregularity uses only when they are given (its choice's ``only_if_given``)."""
    for choice in book.facts.get(IRREGULARITY, {}).get("choices", ()):
        if choice["value"] == irregularity:
            return frozenset(choice.get("only_if_given", ()))
    return frozenset()


def known_facts(book: RuleBook, given: dict) -> Known:
    """The interview's view of ``given``: defaults fill only facts that were not given."""
    defaults = {name: value for name, value in fact_defaults(book).items() if name not in given}
    unasked = only_if_given(book, given[IRREGULARITY]) - set(given) if IRREGULARITY in given else frozenset()
    return Known(MappingProxyType(dict(given)), MappingProxyType(defaults), frozenset(unasked))


# --- the decision rows -------------------------------------------------------------------------


def seat_fact(ref) -> str | None:
    """The fact a seat reference reads (``adversary-of-hand`` -> ``hand``), or None for a fixed seat."""
    if ref is None or ref in SEATS:
        return None
    return ref[len(ADVERSARY_OF):] if ref.startswith(ADVERSARY_OF) else ref


def _needed(decision: dict) -> tuple[str, ...]:
    names = list(decision.get("when", {}))
    for ref in [decision.get("chooser"), *decision.get("points", {})]:
        name = seat_fact(ref)
        if name and name not in names:
            names.append(name)
    return tuple(names)


@lru_cache(maxsize=64)  # the rule book never changes once loaded: work it out once
def decision_rows(book: RuleBook, profile: str) -> tuple[Row, ...]:
    """Every decision row in force under ``profile``, in rule-book order."""
    rows = []
    for number in sorted(book.laws):
        law = book.laws[number]
        if profile not in law.profiles:
            continue
        for decision in law.decisions:
            if profile not in decision.get("profiles", (profile,)):
                continue
            kinds = decision["irregularity"]
            kinds = (kinds,) if isinstance(kinds, str) else tuple(kinds)
            rows.append(Row(law, decision, kinds, _needed(decision)))
    return tuple(rows)


def matches(condition, value) -> bool:
    """Does a known fact value satisfy a ``when`` condition (value, list of values, or {min, max})?"""
    if isinstance(condition, dict):
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return condition.get("min", value) <= value <= condition.get("max", value)
    if isinstance(condition, list):
        return any(_same(item, value) for item in condition)
    return _same(condition, value)


def _same(a, b) -> bool:
    # True == 1 in Python; a boolean fact must not match an integer condition.
    return type(a) is type(b) and a == b


def is_candidate(row: Row, known: Known) -> bool:
    """Does the row still fit: its irregularity, and every ``when`` fact that is given or defaulted?

    A fact the irregularity uses only when given, and which was not, rules the row out: the
    interview may not ask for it, so the row could never be decided.
    """
    if known.given[IRREGULARITY] not in row.irregularities:
        return False
    for name in row.needed:
        if name in known.only_if_given:
            return False
        has, value = known.value(name)
        if has and name in row.when and not matches(row.when[name], value):
            return False
    return True


# --- reading the facts -------------------------------------------------------------------------


def read_facts(question: dict, book: RuleBook) -> dict:
    """The given facts, names and values checked against rules/dispute-facts.yaml.

    A null value counts as not given (a form may send every field). Besides JSON
    booleans and integers, the strings "true"/"false" and digit strings are read, so a
    plain HTML form can answer the interview.
    """
    given = require(question, "facts")
    if not isinstance(given, dict):
        raise QuestionError("bad-field", "'facts' must be an object of fact names and values, "
                                         "like {\"irregularity\": \"revoke\"}.", "facts")
    facts = {}
    for name, value in given.items():
        spec = book.facts.get(name)
        if spec is None:
            known = ", ".join(book.facts)
            raise QuestionError("unknown-fact", f"'{name}' is not a fact the referee asks about; "
                                                f"the facts are: {known}.", f"facts.{name}")
        if value is not None:
            facts[name] = _read_value(spec, value, f"facts.{name}")
    return facts


def _read_value(spec, value, field: str):
    kind, name = spec["type"], spec["name"]
    if kind == "boolean":
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            return value.strip().lower() == "true"
        if isinstance(value, bool):
            return value
        raise QuestionError("bad-fact-value", f"'{name}' must be true or false, got {value!r}.", field)
    if kind == "integer":
        if isinstance(value, str) and is_whole_number(value.strip()):
            value = int(value.strip())
        low, high = spec.get("min"), spec.get("max")
        in_range = not isinstance(value, bool) and isinstance(value, int) \
            and (low is None or value >= low) and (high is None or value <= high)
        if not in_range:
            span = f" from {low} to {high}" if low is not None and high is not None else ""
            raise QuestionError("bad-fact-value", f"'{name}' must be a whole number{span}, got {value!r}.", field)
        return value
    allowed = [choice["value"] for choice in spec["choices"]]
    if isinstance(value, str) and value.strip().lower() in allowed:
        return value.strip().lower()
    raise QuestionError("bad-fact-value", f"{value!r} is not a value of '{name}'; choose one of "
                                          f"{', '.join(map(str, allowed))}.", field)


# --- the interview -----------------------------------------------------------------------------


def interview(rows: list[Row], known: Known) -> tuple[Row, str | None]:
    """The deciding row and the fact to ask for next (None when the row is the ruling).

    Walks the candidates in order: the first one either still has an unknown fact (ask it:
    a later, complete row must not win while an earlier, more specific one may apply) or
    is complete (the ruling). Given and defaulted facts are known, so never asked.
    """
    for row in rows:
        if is_candidate(row, known):
            unknown = [name for name in row.needed if known.askable(name)]
            return row, (unknown[0] if unknown else None)
    raise _no_match(rows, known)


def assumptions(rows: list[Row], ruling: Row, known: Known) -> dict:
    """The defaults the ruling relied on, in the order of rules/dispute-facts.yaml's facts.

    A default is relied on when the ruling row tests it, or when it alone set aside an
    earlier row that every given fact fits (had the fact been otherwise, that row might rule).
    """
    used = {name for name in ruling.needed if name in known.defaults}
    earlier = rows[:next(i for i, row in enumerate(rows) if row is ruling)]
    for row in earlier:
        if known.given[IRREGULARITY] not in row.irregularities or any(
                name in known.only_if_given for name in row.needed):
            continue
        if all(matches(cond, known.given[name]) for name, cond in row.when.items() if name in known.given):
            used |= {name for name, cond in row.when.items()
                     if name in known.defaults and not matches(cond, known.defaults[name])}
    return {name: value for name, value in known.defaults.items() if name in used}


def _no_match(rows: list[Row], known: Known) -> QuestionError:
    """The error for facts no row fits, naming for the nearest rows what they would need."""
    irregularity = known.given[IRREGULARITY]
    same_kind = [row for row in rows if irregularity in row.irregularities]
    if not same_kind:
        return QuestionError("no-matching-law", f"No law in the rule book rules on '{irregularity}' yet.",
                             f"facts.{IRREGULARITY}")

    def conflicting(row):
        names = []
        for name, cond in row.when.items():
            has, value = known.value(name)
            if name in known.only_if_given or (has and not matches(cond, value)):
                names.append(name)
        return names

    conflicts = [(row, conflicting(row)) for row in same_kind]
    fewest = min(len(names) for _row, names in conflicts)
    nearest = [(row, names) for row, names in conflicts if len(names) == fewest][:4]
    needs = "; ".join(
        f"law {row.law.law} needs " + " and ".join(
            f"{n} {_describe(row.when[n])} ({_given_as(known, n)})" for n in names)
        for row, names in nearest)
    return QuestionError("no-matching-law",
                         f"No law of the club code covers '{irregularity}' with these facts: {needs}.",
                         f"facts.{nearest[0][1][0]}" if nearest[0][1] else "facts")


def _given_as(known: Known, name: str) -> str:
    if name in known.given:
        return f"given {_show(known.given[name])}"
    if name in known.defaults:
        return f"assumed {_show(known.defaults[name])} when not given"
    return "not given"


def _describe(condition) -> str:
    if isinstance(condition, dict):
        if "min" in condition and "max" in condition:
            return f"from {condition['min']} to {condition['max']}"
        return f"of at least {condition['min']}" if "min" in condition else f"of at most {condition['max']}"
    if isinstance(condition, list):
        return "one of " + ", ".join(map(_show, condition))
    return f"= {_show(condition)}"


def _show(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- answers -----------------------------------------------------------------------------------


def resolve_seat(ref, facts: dict):
    """A seat reference made concrete: ``adversary-of-offender`` with offender dealer -> elder."""
    name = seat_fact(ref)
    if name is None:
        return ref
    seat = facts[name]
    return other(seat) if ref.startswith(ADVERSARY_OF) else seat


def _need_answer(book: RuleBook, name: str, facts: dict) -> dict:
    spec = book.facts[name]
    need = {"fact": name, "question": spec["question"],
            "choices": [{"value": c["value"], "label": c["label"]} for c in spec["choices"]],
            "type": spec["type"]}
    for key in ("min", "max", "help"):
        if key in spec:
            need[key] = spec[key]
    return {"status": "need", "need": need, "laws": [], "cites": [],
            "explanation": f"To rule, I need to know one more thing: {spec['question']}",
            "facts_used": dict(facts)}


def _ruling_answer(book: RuleBook, row: Row, known: Known, assumed: dict) -> dict:
    decision = row.decision
    facts = {**known.defaults, **known.given}
    laws = sorted({row.law.law, *decision.get("laws", ())})
    # The deciding law is cited first, then the other laws taking part, then the row's extra rules.
    cites = [row.law.id]
    for rule_id in [book.laws[n].id for n in laws if n in book.laws] + list(decision.get("cites", ())):
        if rule_id not in cites:
            cites.append(rule_id)
    chooser = resolve_seat(decision["chooser"], facts)
    answer = {
        "status": "ruling",
        "case": row.case,
        "laws": laws,
        "cites": cites,
        "compulsory": decision["compulsory"],
        "chooser": chooser,
        "options": [{"id": o["id"], "label": o["label"], "consequence": o["consequence"]}
                    for o in decision["options"]],
    }
    explanation = [decision["explanation"].strip()]
    if chooser:
        explanation.append(f"Here the choice belongs to {SEAT_NAMES[chooser]}.")
    if "points" in decision:
        points = {seat: 0 for seat in SEATS}
        for ref, value in decision["points"].items():
            points[resolve_seat(ref, facts)] += value
        answer["points"] = points
        explanation += [f"{SEAT_NAMES[seat].capitalize()} marks {n}." for seat, n in points.items() if n]
    # One sentence per assumption, last, so the reader sees what to correct if it is wrong.
    explanation += [book.facts[name]["assumption"].strip() for name in assumed]
    answer["window"] = decision.get("window")
    answer["explanation"] = " ".join(explanation)
    answer["facts_used"] = {IRREGULARITY: known.given[IRREGULARITY],
                            **{n: known.given[n] for n in row.needed if n in known.given}}
    answer["assumed"] = dict(assumed)
    # the laws' texts in the order they are cited: the deciding law first
    answer["law_text"] = book.law_text([book.rules[c].law for c in cites if book.rules[c].law in laws])
    return answer


def answer_dispute(question: dict, book: RuleBook, params) -> dict:
    """Answer a ``dispute`` question: the next fact to ask for, or the ruling."""
    facts = read_facts(question, book)
    if IRREGULARITY not in facts:
        # The irregularity is always the first question: nothing can be ruled without it.
        return _need_answer(book, IRREGULARITY, facts)
    rows = decision_rows(book, params.profile)
    known = known_facts(book, facts)
    row, ask_for = interview(rows, known)
    if ask_for:
        return _need_answer(book, ask_for, facts)
    return _ruling_answer(book, row, known, assumptions(rows, row, known))
