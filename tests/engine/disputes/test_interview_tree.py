"""Properties of the dispute interview, on the bundled casebook and on the test fixture.

1. Following the interview from no facts (or from any part of a case's facts) reaches the
   case's own ruling (told less, a row ruling alike may rule: engine.disputes.interview),
   never asking a fact twice or asking one already given or implied. A
   fact the case neither states nor implies is answered with each possible value: the ruling
   must not depend on it.
2. The whole interview tree of every irregularity, under every profile (and under each agreement
   that brings decision rows of its own, such as the bystanders' custom), walked exhaustively:
   every irregularity reaches a ruling, every decision row can be reached, and no question is
   asked whose answer cannot change the ruling (nor one with a single possible answer).
3. ``facts_used`` is exact: changing a given fact that is not in it never changes the ruling.
4. An explanation states no fact the question did not give: a sentence said while a fact is unknown
   is said whatever that fact's answer would have been.
"""
import difflib
import json
import os
import re
from functools import cache
from pathlib import Path

import pytest
from data_under_test import BOOK, LIBRARY, PROFILES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from laws_fixture import FIXTURE

from ecarte_tutor import ask
from ecarte_tutor.agreements import read_agreements
from ecarte_tutor.engine.disputes.knowledge import close, establish, only_answer
from ecarte_tutor.engine.disputes.rows import decision_rows
from ecarte_tutor.errors import QuestionError
from ecarte_tutor.rulebook import load_rulebook
from ecarte_tutor.scenarios import load_scenarios, mismatches

from .deciding import remedy

MAX_NODES = 20000  # a bound on the interview tree walked for one irregularity
REFUSED = ("conflicting-facts", "agreement-not-made")  # stories that cannot be true of the hand asked about


@cache
def book_of(dataset: str):
    return load_rulebook(FIXTURE / "rules") if dataset == "fixture" else BOOK


def ruling_cases(dataset: str, scenarios):
    return [(dataset, case) for case in scenarios
            if case.question.get("kind") == "dispute" and case.expect.get("status") == "ruling"]


CASES = ruling_cases("fixture", load_scenarios(FIXTURE / "scenarios")) + ruling_cases("bundled", LIBRARY.scenarios)


def case_id(item):
    return f"{item[0]}:{item[1].id}"


def outcome(answer):
    """What a ruling decides (not how it was reached), or the error, or the fact asked."""
    if "error" in answer:
        return ("error", answer["error"]["code"])
    if answer["status"] == "need":
        return ("need", answer["need"]["fact"])
    return ("ruling", answer["case"], tuple(answer["laws"]), answer["chooser"], answer["compulsory"],
            tuple((o["id"], tuple(sorted(o.get("points", {}).items()))) for o in answer["options"]),
            tuple(sorted((answer.get("points") or {}).items())))


def implied(book, facts: dict) -> dict:
    try:
        return dict(establish(book, facts).values)
    except QuestionError:
        return {}


def entailed(book, facts: dict) -> dict:
    """What ``facts`` imply, with every fact that has one possible answer left (the interview never asks
    those: engine.disputes.knowledge.only_answer)."""
    known, forced = implied(book, facts), {}
    if not known:
        return known
    changed = True
    while changed:
        changed = False
        for name, spec in book.facts.items():
            if name in known or "choices" not in spec:
                continue
            only = only_answer(book, facts, forced, name)
            if only is not None:
                forced[name] = only
                known = dict(close(book, facts, forced).values)
                changed = True
    return known


def _step(book, question, facts, asked):
    """One interview step; checks that the fact asked for is neither given, implied nor asked before."""
    answer = ask({**question, "facts": facts}, book)
    if answer.get("status") != "need":
        return answer, None
    fact = answer["need"]["fact"]
    assert fact not in facts, f"asked for {fact!r}, which was given: {facts}"
    assert fact not in asked, f"asked for {fact!r} twice (asked so far: {asked})"
    assert fact not in implied(book, facts), f"asked for {fact!r}, which follows from {facts}"
    return answer, fact


def _check_final(case, answer, direct, asked):
    assert "error" not in answer, f"{case.id}: the interview ended in an error after asking {asked}: {answer}"
    if answer.get("case") != direct.get("case") and remedy(answer) == remedy(direct):
        return  # told less, it ruled once no answer could change the remedy: a row for what was told, ruling alike
    assert outcome(answer) == outcome(direct), \
        f"{case.id}: the interview (asking {asked}) ruled {answer.get('case')}, " \
        f"the full facts rule {direct.get('case')}"
    assert mismatches({k: v for k, v in case.expect.items() if k != "facts_used"}, answer) == []


# --- 1. the interview reaches each case's ruling ---------------------------------------------------


@pytest.mark.parametrize("item", CASES, ids=case_id)
def test_interview_from_nothing_reaches_the_case_ruling(item):
    dataset, case = item
    book = book_of(dataset)
    question = {k: v for k, v in case.question.items() if k != "facts"}
    known = entailed(book, case.question.get("facts", {}))
    direct = ask(case.question, book)
    stack, walked = [({"irregularity": known["irregularity"]}, [])], 0
    while stack:
        walked += 1
        assert walked <= MAX_NODES, f"{case.id}: the interview tree is larger than {MAX_NODES} paths"
        facts, asked = stack.pop()
        answer, fact = _step(book, question, facts, asked)
        if answer.get("error", {}).get("code") == "conflicting-facts":
            continue  # a value the case's own facts rule out
        if fact is None:
            _check_final(case, answer, direct, asked)
            continue
        values = [known[fact]] if fact in known else [c["value"] for c in answer["need"]["choices"]]
        stack += [({**facts, fact: value}, asked + [fact]) for value in values]


@pytest.mark.parametrize("item", CASES, ids=case_id)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_interview_from_any_part_of_the_facts(item, data):
    dataset, case = item
    book = book_of(dataset)
    question = {k: v for k, v in case.question.items() if k != "facts"}
    stated = case.question.get("facts", {})
    known = entailed(book, stated)
    facts = {name: stated[name] for name in data.draw(st.sets(st.sampled_from(sorted(stated))), label="given")}
    facts["irregularity"] = stated["irregularity"]
    direct = ask(case.question, book)
    asked = []
    for _ in range(len(book.facts) + 1):
        answer, fact = _step(book, question, facts, asked)
        if fact is None:
            break
        asked.append(fact)
        facts[fact] = known[fact] if fact in known else data.draw(
            st.sampled_from([c["value"] for c in answer["need"]["choices"]]), label=fact)
    else:
        pytest.fail(f"{case.id}: the interview asked more questions than there are facts: {asked}")
    if answer.get("error", {}).get("code") == "conflicting-facts":
        return
    _check_final(case, answer, direct, asked)


# --- 2. the whole tree of every irregularity --------------------------------------------------------


@cache
def tables(book) -> list[tuple[str, tuple[str, ...]]]:
    """(profile, agreements) for every table the tree is walked at: each profile as it stands, and each
    profile with every agreement whose parameter a decision row reads (its rows are in force only then),
    or whose facts the interview asks (doubling, offering the point)."""
    read = {name for rule in book.rules.values() for d in rule.decisions for name in d.get("params", {})}
    asked = {fact["agreement"] for fact in book.facts.values() if "agreement" in fact}  # its facts are asked then
    agreed = [name for name, rule in book.agreements.items()
              if book.agreement(name)["parameter"] in read or name in asked]
    return [(profile, ()) for profile in PROFILES] + [(profile, (name,)) for name in agreed for profile in PROFILES]


def params_at(book, table):
    profile, agreements = table
    return book.params(profile, read_agreements({"agreements": list(agreements)}, book))


def question_at(table, facts: dict) -> dict:
    profile, agreements = table
    return {"kind": "dispute", "profile": profile, "facts": facts, **({"agreements": list(agreements)} if agreements
                                                                      else {})}


@cache
def domains(book) -> dict:
    """The values worth trying for each fact: its choices, plus for whole numbers the edges of every range."""
    found = {}
    for name, spec in book.facts.items():
        values = [c["value"] for c in spec["choices"]]
        if spec["type"] == "integer":
            low, high = spec.get("min", 0), spec.get("max", 52)
            for table in tables(book):
                for row in decision_rows(book, params_at(book, table)):
                    cond = row.conditions.get(name)
                    items = cond if isinstance(cond, list) else [cond]
                    if isinstance(cond, dict):
                        items = [v + d for v in cond.values() for d in (-1, 0, 1)]
                    values += [v for v in items if isinstance(v, int) and not isinstance(v, bool)]
            values = sorted({v for v in values if low <= v <= high})
        found[name] = values
    return found


class Tree:
    """The interview tree of one irregularity under one profile and its agreements, walked once."""

    def __init__(self, book, table: tuple[str, tuple[str, ...]], irregularity: str):
        self.book, self.table, self.domains = book, table, domains(book)
        self.memo: dict = {}
        self.rulings: dict = {}  # outcome -> one set of facts that reached it
        self.pointless: list = []
        self.refused_offers: list = []  # an answer the interview offered, then refused as impossible
        self.direct: dict = {}  # facts -> what ask() answered to them
        self.nodes = 0
        self.outcomes = self.walk({"irregularity": irregularity})

    def walk(self, facts: dict) -> frozenset:
        """Every outcome reachable from ``facts`` by answering the interview's questions."""
        key = frozenset(facts.items())
        if key in self.memo:
            return self.memo[key]
        self.nodes += 1
        assert self.nodes <= MAX_NODES, f"{facts['irregularity']}: the interview tree has over {MAX_NODES} nodes"
        answer = ask(question_at(self.table, facts), self.book)
        found = self.direct[key] = outcome(answer)
        if found[0] == "error" and found[1] == "conflicting-facts":
            result = frozenset()
        elif found[0] != "need":
            if found[0] == "ruling":
                self.rulings.setdefault(found, dict(facts))
            result = frozenset([found])
        else:
            fact = found[1]
            assert fact not in facts, f"asked for {fact!r}, which was given: {facts}"
            branches = [self.walk({**facts, fact: value}) for value in self.domains[fact]]
            self.refused_offers += [(dict(facts), fact, c["value"]) for c in answer["need"]["choices"]
                                    if self.direct.get(frozenset({**facts, fact: c["value"]}.items()))
                                    == ("error", "conflicting-facts")]
            possible = [b for b in branches if b]
            if len(possible) < 2 or len(set(possible)) < 2:
                self.pointless.append((dict(facts), fact))
            result = frozenset().union(*branches)
        self.memo[key] = result
        return result


@cache
def tree(dataset: str, table: tuple[str, tuple[str, ...]], kind: str) -> Tree:
    """One irregularity's tree at one table, walked once per session (per xdist worker)."""
    return Tree(book_of(dataset), table, kind)


def walked_tables(dataset: str, kind: str) -> list[tuple[str, tuple[str, ...]]]:
    """The tables ``kind``'s tree is walked at: every profile, and each agreement that can change its ruling."""
    book = book_of(dataset)
    return [table for table in tables(book)
            if not table[1] or not set(table[1]) <= _asked_only(book) or kind in _scored(book)]


def trees_of(dataset: str, kind: str) -> dict:
    """((profile, agreements), kind) -> its walked tree, for one irregularity."""
    return {(table, kind): tree(dataset, table, kind) for table in walked_tables(dataset, kind)}


def trees(dataset: str) -> dict:
    """((profile, agreements), irregularity) -> its walked tree, for every irregularity."""
    return {key: found for kind in irregularities(dataset) for key, found in trees_of(dataset, kind).items()}


def irregularities(dataset: str) -> list[str]:
    return [c["value"] for c in book_of(dataset).facts["irregularity"]["choices"]]


@cache
def _asked_only(book) -> set[str]:
    """The agreements that bring no rows, only facts of their own: they matter only where a ruling scores."""
    read = {name for rule in book.rules.values() for d in rule.decisions for name in d.get("params", {})}
    return {fact["agreement"] for fact in book.facts.values() if "agreement" in fact
            and book.agreement(fact["agreement"])["parameter"] not in read}


@cache
def _scored(book) -> set[str]:
    """The irregularities some row of which scores the hand (a concession, or an option with points)."""
    out: set[str] = set()
    for rule in book.rules.values():
        for d in rule.decisions:
            if d.get("points") == "concession" or any("points" in o for o in d["options"]):
                out |= {d["irregularity"]} if isinstance(d["irregularity"], str) else set(d["irregularity"])
    return out


def test_every_irregularity_reaches_a_ruling():
    walked = trees("bundled")
    for kind in [c["value"] for c in BOOK.facts["irregularity"]["choices"]]:
        assert any(o[0] == "ruling" for table in tables(BOOK) for o in walked[(table, kind)].outcomes), \
            f"no facts lead to a ruling on '{kind}' in any profile"


@pytest.mark.parametrize("dataset", ["fixture", "bundled"])
def test_every_decision_row_can_be_reached(dataset):
    book = book_of(dataset)
    reached = {o[1] for tree in trees(dataset).values() for o in tree.outcomes if o[0] == "ruling"}
    rows = {row.case for table in tables(book) for row in decision_rows(book, params_at(book, table))
            if row.case in reached or not rules_its_own_story(book, table, row)}
    assert sorted(rows - reached) == [], "these rows can never be reached: an earlier row always decides first"


def rules_its_own_story(book, table, row) -> bool:
    """A row the walk from the irregularity alone never reaches may rule a story that tells a later moment at once
    (the ``discovered`` shortcut: a king raised after the hand, whoever announced it): its own facts, told."""
    told = {name: cond for name, cond in row.conditions.items() if isinstance(cond, (bool, int, str))}
    return any(ask(question_at(table, {**told, "irregularity": kind}), book).get("case") == row.case
               for kind in row.irregularities)


@pytest.mark.parametrize("dataset", ["fixture", "bundled"])
def test_no_question_whose_answer_cannot_change_the_ruling(dataset):
    pointless = [(table, facts, fact) for (table, _kind), tree in trees(dataset).items()
                 for facts, fact in tree.pointless]
    assert pointless[:8] == [], "these questions have one possible answer, or answers that all rule alike"


@pytest.mark.parametrize("dataset", ["fixture", "bundled"])
def test_no_answer_is_offered_that_the_facts_given_refuse(dataset):
    """A referee's report: a hand given up while cards were left was offered "All five" tricks won, then refused."""
    refused = [(table, facts, fact, value) for (table, _kind), tree in trees(dataset).items()
               for facts, fact, value in tree.refused_offers]
    assert refused[:8] == []


@pytest.mark.parametrize("dataset", ["fixture", "bundled"])
def test_compulsory_rows_have_one_option_and_no_chooser(dataset):
    book = book_of(dataset)
    wrong = [row.case for table in tables(book) for row in decision_rows(book, params_at(book, table))
             if row.decision["compulsory"] and (len(row.decision["options"]) != 1 or row.decision["chooser"])]
    assert sorted(set(wrong)) == [], "a compulsory remedy has exactly one option and chooser null"


# --- the walk kept as a golden file -----------------------------------------------------------------
# Every ruling the walk reaches, one a line: a change to the rule book or the engine that changes a
# ruling shows as a readable diff of tests/data/interview-walk.golden.jsonl. When the change is meant,
# write the file anew and commit it with the change:
#     ECARTE_TUTOR_WRITE_GOLDEN=1 .venv/bin/python -m pytest tests/engine/disputes/test_interview_tree.py -k golden

GOLDEN = Path(__file__).resolve().parents[2] / "data" / "interview-walk.golden.jsonl"
WRITE_GOLDEN = "ECARTE_TUTOR_WRITE_GOLDEN"


def golden_lines() -> list[str]:
    """The walk of the bundled rule book, a ruling a line (sorted, so that the file changes only where rulings do)."""
    lines = []
    for ((profile, agreements), kind), walked in trees("bundled").items():
        for result, facts in walked.rulings.items():
            _ruling, case, laws, chooser, compulsory, options, points = result
            line = {"irregularity": kind, "profile": profile, "agreements": list(agreements), "facts": facts,
                    "ruling": case, "laws": list(laws), "chooser": chooser, "compulsory": compulsory,
                    "options": {option: dict(scores) for option, scores in options}, "points": dict(points),
                    "facts_used": list(answered((profile, agreements), facts)["facts_used"])}
            lines.append(json.dumps(line, ensure_ascii=False))
    return sorted(lines)


def test_the_walk_rules_as_its_golden_file():
    found = golden_lines()
    if os.environ.get(WRITE_GOLDEN):
        GOLDEN.write_text("".join(line + "\n" for line in found), encoding="utf-8")
        pytest.skip(f"{GOLDEN.name} written anew: {len(found)} rulings")
    kept = GOLDEN.read_text(encoding="utf-8").splitlines() if GOLDEN.exists() else []
    if found != kept:
        diff = list(difflib.unified_diff(kept, found, str(GOLDEN.name), "the walk now", n=0, lineterm=""))
        pytest.fail(f"the interview walk no longer rules as {GOLDEN.name} says ({len(diff)} lines of diff; if the "
                    f"change is meant, run with {WRITE_GOLDEN}=1 and commit the file):\n" + "\n".join(diff[:60]),
                    pytrace=False)


# --- 3. facts_used is exact -------------------------------------------------------------------------
# The two sweeps below ask about half a million questions between them: each is split by irregularity
# (pytest-xdist spreads the parts over the cores), and both parts of one irregularity run in one worker
# (conftest.py at the root: together), one after the other (``kind``), so the second reads the answers
# the first asked for (``ruled``).


WALKED = irregularities("bundled")


@pytest.fixture(scope="module", params=WALKED)
def kind(request) -> str:
    """One irregularity of the bundled book, a module-scoped parameter: pytest runs every test that takes it
    for one irregularity before the next, in one process too (-n 0)."""
    return request.param


def test_facts_used_is_exact_on_every_ruling_of_the_walk(kind):
    """Changing any fact outside ``facts_used`` (a given one to another value, or one not given to
    any value, as long as it fits the rest) never changes the ruling; every fact in it was given."""
    book = book_of("bundled")
    dom = domains(book)
    for (table, _kind), walked in trees_of("bundled", kind).items():
        for result, facts in walked.rulings.items():
            used = answered(table, facts)["facts_used"]
            assert all(facts.get(n) == v for n, v in used.items()), f"facts_used names facts not given: {used}"
            # every fact not in facts_used: the given ones changed, the others added
            for name in book.facts:
                if name in used or book.facts[name].get("table"):  # a table's fact is its agreement's, never told
                    continue
                for value in dom[name]:
                    if facts.get(name) == value:
                        continue
                    changed, _words = ruled(table, {**facts, name: value})
                    if changed[0] == "error" and changed[1] in REFUSED:
                        continue
                    assert changed == result, \
                        f"{table}: {facts} ruled {result[1]}; with {name}={value} " \
                        f"(not in facts_used) it is {changed}"


def answered(table, facts: dict) -> dict:
    return ask(question_at(table, facts), BOOK)


def ruled(table, facts: dict) -> tuple[tuple, str | None]:
    """The outcome and explanation of the bundled book's answer, remembered: the two sweeps of one
    irregularity ask much the same. Only the last two irregularities' answers are kept (memory)."""
    remembered = _RULED.setdefault(facts["irregularity"], {})
    while len(_RULED) > 2:
        del _RULED[next(iter(_RULED))]
    key = (table, frozenset(facts.items()))
    if key not in remembered:
        answer = answered(table, facts)
        remembered[key] = outcome(answer), answer.get("explanation")
    return remembered[key]


_RULED: dict[str, dict] = {}  # irregularity -> (table, facts) -> what ruled() found


SENTENCE_BREAK = re.compile(r"(?<=[.)])\s+(?=[A-Z(“])")


def said_whatever_the_answer(book, table, facts: dict, dom) -> dict:
    """For each sentence of the ruling's explanation, the unknown facts (neither given nor implied)
    whose possible answers would not all keep it: fact -> the answers that keep it (perhaps none)."""
    known = implied(book, facts)
    said = SENTENCE_BREAK.split(ruled(table, facts)[1])
    dropped: dict = {}
    for name in book.facts:
        if name in known:
            continue
        answers = [(value, set(SENTENCE_BREAK.split(words))) for value in dom[name]
                   for found, words in [ruled(table, {**facts, name: value})] if found[0] == "ruling"]
        for sentence in said:
            keep = [value for value, sentences in answers if sentence in sentences]
            if len(keep) < len(answers):
                dropped.setdefault(sentence, {})[name] = keep
    return dropped


def test_no_explanation_states_a_fact_the_question_did_not_give(kind):
    """Every ruling of the walk, under every profile and agreement: a sentence said while a fact is
    unknown, which one answer to it keeps and will keep whatever else is learnt, and another answer
    drops, presumes the first answer (law 42 under the Finnish profile spoke of "an accepted
    exchange" of an elder who may have played without proposing). A sentence that an answer keeps
    only while other facts stay open is a general one, worded for what is not yet known."""
    book = book_of("bundled")
    dom = domains(book)
    presumed = []
    for (table, _kind), walked in trees_of("bundled", kind).items():
        for result, facts in walked.rulings.items():
            for sentence, facts_open in said_whatever_the_answer(book, table, facts, dom).items():
                for name, keep in facts_open.items():
                    if keep and any(sentence not in said_whatever_the_answer(book, table, {**facts, name: value}, dom)
                           for value in keep):
                        presumed.append(f"{table} {result[1]} {facts}: “{sentence}” holds only if {name} is {keep}")
    assert presumed[:6] == []


@pytest.mark.parametrize("item", CASES, ids=case_id)
def test_facts_used_is_exact_on_every_case(item):
    dataset, case = item
    book = book_of(dataset)
    answer = ask(case.question, book)
    result = outcome(answer)
    stated = case.question.get("facts", {})
    for name in stated:
        if name in answer["facts_used"]:
            continue
        for value in domains(book)[name]:
            changed = ask({**case.question, "facts": {**stated, name: value}}, book)
            if changed.get("error", {}).get("code") not in REFUSED:
                assert outcome(changed) == result, f"{case.id}: with {name}={value} the ruling changes"
