"""The interview: which row decides, and which fact to ask for when none can yet.

Every row in force whose irregularity is the one given, and none of whose known
conditions fails, is a *candidate*. The first candidate (rule-book order: the
most specific rows first) decides: when every fact it needs is known it is the
ruling; otherwise the answer asks for the first of its unknown facts, in the
order of rules/dispute-facts.yaml. Nothing is assumed: a fact is known only when
it was given or follows from what was given.
"""
from __future__ import annotations

from ...errors import QuestionError
from ...marks import fact_name
from ...rulebook import Params, RuleBook
from ...wording import Words
from .conditions import matches
from .knowledge import Knowledge
from .points import points_needs, points_used
from .rows import Row

IRREGULARITY = fact_name("irregularity")


def is_candidate(row: Row, known: Knowledge) -> bool:
    """Does the row still fit: its irregularity, and every condition whose fact is known?"""
    if known[IRREGULARITY] not in row.irregularities:
        return False
    return all(matches(cond, known[name]) for name, cond in row.conditions.items() if name in known)


def next_step(rows: tuple[Row, ...], known: Knowledge, params: Params, book: RuleBook) -> tuple[Row, str | None]:
    """The deciding row, and the fact to ask for next (None when the row is the ruling)."""
    for row in rows:
        if is_candidate(row, known):
            unknown = [name for name in row.needed if name not in known]
            if not unknown:
                unknown = points_needs(row, known, params, book)
            return row, (unknown[0] if unknown else None)
    raise no_match(rows, known, book)


def facts_used(rows: tuple[Row, ...], ruling: Row, known: Knowledge, params: Params, book: RuleBook) -> set[str]:
    """The given facts that decided the ruling.

    Those behind the facts the ruling row needs, and those that alone set aside an earlier
    row of the same irregularity (had they been otherwise, that row might rule).
    """
    names = set(ruling.needed)
    names |= points_used(ruling, known, params, book)
    used = set(known.given_behind(name for name in names if name in known))
    for row in rows:
        if row is ruling:
            break
        if known[IRREGULARITY] not in row.irregularities:
            continue
        # A given fact set this row aside only if every failing condition rests on it: when
        # another failing condition does not, changing that fact alone leaves the row aside.
        failing = [known.given_behind([name]) for name, cond in row.conditions.items()
                   if name in known and not matches(cond, known[name])]
        used |= frozenset.intersection(*failing) if failing else frozenset()
    return used | {IRREGULARITY}


def no_match(rows: tuple[Row, ...], known: Knowledge, book: RuleBook) -> QuestionError:
    """The error for facts no row fits, naming for the nearest rows what they would need, in a player's words."""
    words = Words(book)
    irregularity = known[IRREGULARITY]
    what = f"“{words.fact_value(IRREGULARITY, irregularity)}”"
    same_kind = [row for row in rows if irregularity in row.irregularities]
    if not same_kind:
        return QuestionError("no-matching-law", f"No law in the rule book rules on {what} under this profile.",
                             f"facts.{IRREGULARITY}")

    def conflicting(row: Row) -> list[str]:
        return [name for name, cond in row.conditions.items() if name in known and not matches(cond, known[name])]

    conflicts = [(row, conflicting(row)) for row in same_kind]
    fewest = min(len(names) for _row, names in conflicts)
    nearest = [(row, names) for row, names in conflicts if len(names) == fewest][:4]
    needs = "; ".join(
        f"{_rule_name(row)} needs " + " and ".join(
            f"{words.fact_condition(name, row.conditions[name])} ({_as_known(words, known, name)})" for name in names)
        for row, names in nearest)
    culprits = sorted(known.given_behind(nearest[0][1]))
    return QuestionError("no-matching-law",
                         f"No rule of the club code covers {what} with these facts: {needs}.",
                         f"facts.{culprits[0]}" if culprits else "facts")


def _rule_name(row: Row) -> str:
    return f"law {row.rule.law}" if row.rule.law else row.rule.title


def _as_known(words: Words, known: Knowledge, name: str) -> str:
    """What is known of a fact, and whether it was given or follows from other answers."""
    state = words.fact_state(name, known[name])
    behind = sorted(known.given_behind([name]))
    if behind == [name]:
        moment = name in words.moments
        return f"you said {state if moment else words.fact_value(name, known[name])}"
    return f"here {state}, from your answer to " + " and ".join(f"“{words.fact(n)}”" for n in behind)
