"""``kind: dispute``: rule on an irregularity at the table from the decision tables of the rule book.

How the interview works is told in docs/laws-and-disputes.md: the facts given and
what follows from them (:mod:`.knowledge`), the rows in force under the profile
(:mod:`.rows`), the first row that still fits deciding or asking its next fact
(:mod:`.interview`), and the answers (:mod:`.answers`). Nothing is assumed.
"""
from __future__ import annotations

from dataclasses import replace

from ...jsontypes import Question
from ...rulebook import FactValue, Params, RuleBook
from .answers import Need, NeedAnswer, Ruling, RulingAnswer, need_answer, ruling_answer
from .facts import read_facts
from .interview import IRREGULARITY, facts_used, next_step
from .knowledge import Conflict, Forced, Knowledge, close, establish, only_answer, refuse_table_facts, table_facts
from .points import refuse_unmade
from .rows import Row, decision_rows

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
    # what the answers alone settle, without the table's agreements (the timeline shows only what was told)
    story = close(book, given) if table else known
    rows = decision_rows(book, params)
    forced: dict[str, tuple[FactValue, frozenset[str]]] = dict(table)
    row, ask_for = next_step(rows, known, params, book)
    while ask_for:  # a fact with one possible answer is not asked: it follows from those given
        only = only_answer(book, given, forced, ask_for)
        if only is None:
            need = need_answer(book, ask_for, given, known, table, story)
            return _naming_the_table(need, book, story, rows, params, table) if table else need
        forced[ask_for] = only
        found = close(book, given, forced)
        assert isinstance(found, Knowledge)  # the one answer that close() found possible
        known = found
        row, ask_for = next_step(rows, known, params, book)
    return ruling_answer(book, row, known, facts_used(rows, row, known, params, book), params, story)


def _naming_the_table(need: NeedAnswer, book: RuleBook, alone: Knowledge | Conflict, rows: tuple[Row, ...],
                      params: Params, table: Forced) -> NeedAnswer:
    """``need``, citing the agreements whose settled facts changed the question: the story told alone (``alone``),
    without them, would have asked another (a single exchange settles which proposal a proposal awaiting an
    answer is)."""
    if not isinstance(alone, Knowledge) or next_step(rows, alone, params, book)[1] == need.need["fact"]:
        return need
    agreements = {str(book.facts[name].get("table")) for name in table}
    made = [book.agreements[name].id for name in sorted(agreements) if name in book.agreements]
    return replace(need, cites=[*need.cites, *(rule for rule in made if rule not in need.cites)])
