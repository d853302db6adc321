"""The interview: which row decides, and which fact to ask for when none can yet.

Every row in force whose irregularity is the one given, and none of whose known
conditions fails, is a *candidate*. The first candidate (rule-book order: the
most specific rows first) decides: when every fact it needs is known it is the
ruling; otherwise the answer asks for the first of its unknown facts, in the
order of rules/dispute-facts.yaml. Nothing is assumed: a fact is known only when
it was given or follows from what was given.

A question is asked only when some answer can change the remedy: when a later
candidate could rule already and every candidate before it rules alike (the same
remedy, whatever their unknown facts turn out to be), that one rules. Its words
state only what is known (a king announced once the hand was over scores nothing,
whoever announced it: law 23's row for that case says so without naming him).
"""
from __future__ import annotations

from ...errors import QuestionError
from ...i18n import tr, trc
from ...marks import fact_name
from ...rulebook import Params, RuleBook
from ...wording import Words
from .conditions import matches
from .knowledge import Knowledge
from .points import joined, points_needs, points_used
from .rows import Row, resolve_seat, seat_fact

IRREGULARITY = fact_name("irregularity")


def is_candidate(row: Row, known: Knowledge) -> bool:
    """Does the row still fit: its irregularity, and every condition whose fact is known?"""
    if known[IRREGULARITY] not in row.irregularities:
        return False
    return all(matches(cond, known[name]) for name, cond in row.conditions.items() if name in known)


def next_step(rows: tuple[Row, ...], known: Knowledge, params: Params, book: RuleBook) -> tuple[Row, str | None]:
    """The deciding row, and the fact to ask for next (None when the row is the ruling)."""
    for index, row in enumerate(rows):
        if is_candidate(row, known):
            unknown = _unknown(row, known, params, book)
            if not unknown:
                return row, None
            alike = _ruling_alike(row, rows[index + 1:], known, params, book)
            return (alike, None) if alike else (row, unknown[0])
    raise no_match(rows, known, book)


def _unknown(row: Row, known: Knowledge, params: Params, book: RuleBook) -> list[str]:
    """The facts the row still needs before it can rule, the first to ask first."""
    unknown = [name for name in row.needed if name not in known]
    return unknown or points_needs(row, known, params, book)


def _ruling_alike(first: Row, later: tuple[Row, ...], known: Knowledge, params: Params, book: RuleBook) -> Row | None:
    """A later candidate that can rule now, when ``first`` and every candidate between them rule as it does: then
    no answer to the questions ``first`` would ask can change the remedy (None when some answer might)."""
    remedy = _remedy(first, known)
    if remedy is None:
        return None
    for row in later:
        if not is_candidate(row, known):
            continue
        if _remedy(row, known) != remedy:
            return None
        if not _unknown(row, known, params, book):
            return row
    return None


def _remedy(row: Row, known: Knowledge) -> tuple[object, ...] | None:
    """What the row decides for the players (not which law says it), its seats made concrete; None when that
    rests on a fact not yet known: a seat to name, or points worked out from the tricks."""
    decision = row.decision
    points = decision.get("points")
    if points == "concession" or "picks" in decision or any("points" in option for option in decision["options"]):
        return None
    refs = [decision.get("chooser"), *(points or {})]
    if any(name not in known for name in filter(None, map(seat_fact, refs))):
        return None
    seats = tuple(sorted((resolve_seat(ref, known), value) for ref, value in (points or {}).items()))
    return (decision["compulsory"], resolve_seat(decision.get("chooser"), known), seats,
            tuple((option["id"], option["label"], option["consequence"]) for option in decision["options"]))


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
    what = tr("“%(question)s”", question=words.fact_value(IRREGULARITY, irregularity))
    same_kind = [row for row in rows if irregularity in row.irregularities]
    if not same_kind:
        return QuestionError("no-matching-law", tr("No law in the rule book rules on %(what)s under this profile.",
                                                   what=what), f"facts.{IRREGULARITY}")

    def conflicting(row: Row) -> list[str]:
        return [name for name, cond in row.conditions.items() if name in known and not matches(cond, known[name])]

    conflicts = [(row, conflicting(row)) for row in same_kind]
    fewest = min(len(names) for _row, names in conflicts)
    nearest = [(row, names) for row, names in conflicts if len(names) == fewest][:4]
    said = []
    for row, names in nearest:
        conditions = [tr("%(condition)s (%(known)s)", condition=words.fact_condition(name, row.conditions[name]),
                         known=_as_known(words, known, name)) for name in names]
        said.append(tr("%(rule)s needs %(conditions)s", rule=_rule_name(words, row), conditions=joined(conditions)))
    needs = trc("list", "; ").join(said)
    culprits = sorted(known.given_behind(nearest[0][1]))
    return QuestionError("no-matching-law",
                         tr("No rule of the club code covers %(what)s with these facts: %(needs)s.", what=what,
                            needs=needs),
                         f"facts.{culprits[0]}" if culprits else "facts")


def _rule_name(words: Words, row: Row) -> str:
    return tr("law %(number)s", number=row.rule.law) if row.rule.law else words.rule(row.rule.id)


def _as_known(words: Words, known: Knowledge, name: str) -> str:
    """What is known of a fact, and whether it was given or follows from other answers."""
    state = words.fact_state(name, known[name])
    behind = sorted(known.given_behind([name]))
    if behind == [name]:
        moment = name in words.moments
        return tr("you said %(answer)s", answer=state if moment else words.fact_value(name, known[name]))
    questions = [tr("“%(question)s”", question=words.fact(n)) for n in behind]
    return tr("here %(state)s, from your answer to %(questions)s", state=state, questions=joined(questions))
