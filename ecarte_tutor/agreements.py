"""Reading a question's ``agreements``: what the players agreed on top of their profile.

Each agreement is a rule of the rule book with an ``agreement`` entry (its name, the engine
parameter it changes and the value it gives it, or the range a value given with it must lie
in): ``"ace-high"``, ``{"game-target": 7}``... The names come from the rule book, never from
here. The result is a tuple of (name, value) pairs that ``RuleBook.params`` applies.
"""
from __future__ import annotations

from collections.abc import Hashable
from difflib import get_close_matches

from .errors import QuestionError, excerpt
from .fields import whole_number
from .jsontypes import Question
from .rulebook import Agreed, Agreement, Params, RuleBook

FIELD = "agreements"


def read_agreements(question: Question, book: RuleBook) -> Agreed:
    """The agreements of ``question`` as sorted (name, value) pairs; () when there are none."""
    raw = question.get(FIELD)
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise QuestionError("bad-field", "'agreements' must be a list such as [\"ace-high\", {\"game-target\": 7}].",
                            FIELD)
    chosen: dict[str, object] = {}
    for i, item in enumerate(raw):
        where = f"{FIELD}[{i}]"
        name, value = _entry(item, where)
        rule = book.agreements.get(name)
        if rule is None:
            near = get_close_matches(name, list(book.agreements), n=1)
            hint = f" Did you mean '{near[0]}'?" if near else f" The agreements are: {', '.join(book.agreements)}."
            raise QuestionError("unknown-agreement", f"{excerpt(name)} is not an agreement the tutor knows.{hint}",
                                where)
        value = _value(book.agreement(name), name, value, where)
        if name in chosen and chosen[name] != value:
            raise QuestionError("conflicting-agreements", f"'{name}' is agreed twice, with different values "
                                                          f"({excerpt(chosen[name])} and {excerpt(value)}).", where)
        chosen[name] = value
    by_parameter: dict[str, str] = {}
    for name in chosen:
        parameter = book.agreement(name)["parameter"]
        if parameter in by_parameter:
            raise QuestionError("conflicting-agreements", f"'{by_parameter[parameter]}' and '{name}' both change "
                                                          "the same rule; agree on one of them.", FIELD)
        by_parameter[parameter] = name
    return tuple(sorted((name, _frozen(value)) for name, value in chosen.items()))


def _entry(item: object, where: str) -> tuple[str, object]:
    if isinstance(item, str):
        return item.strip().lower(), None
    if isinstance(item, dict) and len(item) == 1:
        (name, value), = item.items()
        return str(name).strip().lower(), value
    raise QuestionError("bad-field", f"{where} must be an agreement's name, or an object of one name and its "
                                     "value such as {\"game-target\": 7}.", where)


def _value(agreement: Agreement, name: str, value: object, where: str) -> object:
    if "range" not in agreement:
        if value not in (None, True):
            raise QuestionError("bad-field", f"'{name}' takes no value: write it as the plain name.", where)
        return agreement["value"]
    low, high = agreement["range"]["min"], agreement["range"]["max"]
    number = whole_number(value)  # 7.0 is the JSON number 7
    if number is None or not low <= number <= high:
        raise QuestionError("bad-field", f"'{name}' needs a whole number from {low} to {high}, such as "
                                         f"{{\"{name}\": {low + (high - low) // 3}}}.", where)
    return number


def _frozen(value: object) -> Hashable:
    """A value usable in a cache key (the ace-high rank order is a list)."""
    return tuple(value) if isinstance(value, list) else value


def agreements_taking_part(params: Params, cites: list[str], book: RuleBook) -> list[str | dict[str, Hashable]]:
    """The agreements whose rule the answer cites, as the question wrote them (API: ``agreements``)."""
    out: list[str | dict[str, Hashable]] = []
    for name, value in params.agreements:
        rule = book.agreements[name]
        if rule.id in cites:
            out.append({name: value} if "range" in book.agreement(name) else name)
    return out
