"""Reading the facts of a ``dispute`` question, each checked against rules/dispute-facts.yaml."""
from __future__ import annotations

from difflib import get_close_matches

from ...errors import QuestionError, excerpt
from ...fields import is_whole_number, require, whole_number
from ...i18n import tr
from ...jsontypes import Question
from ...rulebook import Fact, FactValue, RuleBook


def read_facts(question: Question, book: RuleBook) -> dict[str, FactValue]:
    """The given facts, names and values checked against rules/dispute-facts.yaml.

    A null value counts as not given (a form may send every field). Besides JSON
    booleans and integers, the strings "true"/"false" and digit strings are read, so a
    plain HTML form can answer the interview.
    """
    given = require(question, "facts")
    if not isinstance(given, dict):
        raise QuestionError("bad-field", tr("'facts' must be an object of fact names and values, like "
                                            "{\"irregularity\": \"revoke\"}."), "facts")
    facts: dict[str, FactValue] = {}
    for name, value in given.items():
        spec = book.facts.get(name)
        if spec is None:
            near = get_close_matches(str(name), list(book.facts), n=1)
            raise QuestionError("unknown-fact", tr("%(name)s is not a fact the referee asks about. Did you mean "
                                                   "'%(near)s'?", name=excerpt(name), near=near[0]) if near else
                                tr("%(name)s is not a fact the referee asks about. The facts are: %(facts)s.",
                                   name=excerpt(name), facts=", ".join(book.facts)), f"facts.{name}")
        if value is not None:
            facts[name] = _read_value(spec, value, f"facts.{name}")
    return facts


def _read_value(spec: Fact, value: object, field: str) -> FactValue:
    kind, name = spec["type"], spec["name"]
    if kind == "boolean":
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            return value.strip().lower() == "true"
        if isinstance(value, bool):
            return value
        raise QuestionError("bad-fact-value", tr("'%(field)s' must be true or false, got %(value)s.", field=name,
                                                 value=excerpt(value)), field)
    if kind == "integer":
        if isinstance(value, str) and is_whole_number(value.strip()):
            value = int(value.strip())
        number = whole_number(value)  # 3.0 is the JSON number 3
        value = value if number is None else number
        low, high = spec.get("min"), spec.get("max")
        if isinstance(value, bool) or not isinstance(value, int) \
                or (low is not None and value < low) or (high is not None and value > high):
            raise QuestionError("bad-fact-value", tr("'%(field)s' must be a whole number from %(low)d to %(high)d, "
                                                     "got %(value)s.", field=name, low=low, high=high,
                                                     value=excerpt(value))
                                if low is not None and high is not None else
                                tr("'%(field)s' must be a whole number, got %(value)s.", field=name,
                                   value=excerpt(value)), field)
        return value
    allowed = [choice["value"] for choice in spec["choices"]]
    if isinstance(value, str) and value.strip().lower() in allowed:
        return value.strip().lower()
    raise QuestionError("bad-fact-value", tr("%(value)s is not a value of '%(field)s'; choose one of %(values)s.",
                                             value=excerpt(value), field=name, values=", ".join(map(str, allowed))),
                        field)
