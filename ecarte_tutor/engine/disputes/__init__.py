"""``kind: dispute``: rule on an irregularity at the table from the decision tables of the rule book.

How the interview works is told in docs/laws-and-disputes.md: the facts given and
what follows from them (:mod:`.knowledge`), the rows in force under the profile
(:mod:`.rows`), the first row that still fits deciding or asking its next fact
(:mod:`.interview`), and the answers (:mod:`.answers`). Nothing is assumed.
"""
from __future__ import annotations

from ...jsontypes import Question
from ...rulebook import FactValue, Params, RuleBook
from .answers import Need, NeedAnswer, Ruling, RulingAnswer, need_answer, ruling_answer
from .facts import read_facts
from .interview import IRREGULARITY, facts_used, next_step
from .knowledge import Knowledge, close, establish, only_answer, refuse_table_facts, table_facts
from .points import refuse_unmade
from .rows import decision_rows

__all__ = ["Need", "NeedAnswer", "Ruling", "RulingAnswer", "answer_dispute"]


def answer_dispute(question: Question, book: RuleBook, params: Params) -> NeedAnswer | RulingAnswer:
    """Kind ``dispute``: the next fact to ask for, or the ruling."""
    given = read_facts(question, book)
    if IRREGULARITY not in given:
        # The irregularity is always the first question: nothing can be ruled without it.
        return need_answer(book, IRREGULARITY, given, None)
    refuse_unmade(given, book, params)
    refuse_table_facts(book, given)
    table = table_facts(book, (name for name, _value in params.agreements))
    known = establish(book, given, table)
    rows = decision_rows(book, params)
    forced: dict[str, tuple[FactValue, frozenset[str]]] = dict(table)
    row, ask_for = next_step(rows, known, params, book)
    while ask_for:  # a fact with one possible answer is not asked: it follows from those given
        only = only_answer(book, given, forced, ask_for)
        if only is None:
            return need_answer(book, ask_for, given, known, table)
        forced[ask_for] = only
        found = close(book, given, forced)
        assert isinstance(found, Knowledge)  # the one answer that close() found possible
        known = found
        row, ask_for = next_step(rows, known, params, book)
    return ruling_answer(book, row, known, facts_used(rows, row, known, params, book), params)
