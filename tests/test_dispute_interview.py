"""Properties of the dispute interview, on the bundled casebook and on the test fixture.

1. Following the interview from no facts (or from any part of a case's facts) reaches the
   case's own ruling, never asking a fact twice or asking one already given. A fact the
   case does not state is answered with each possible value (or, under hypothesis, any
   one): the ruling must not depend on it.
2. Every irregularity of rules/dispute-facts.yaml reaches a ruling for some facts, and
   every decision row can be reached (no row is hidden behind an earlier one): found by
   an exhaustive walk of the interview tree.

Facts the interview never asks (those with a default, and an irregularity's
``only_if_given`` facts) can only be volunteered: a case's own are given from the start,
and the walk of part 2 starts from every way of giving or not giving them.
"""
from itertools import product
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecarte_tutor import ask
from ecarte_tutor.disputes import decision_rows, fact_defaults, only_if_given
from ecarte_tutor.paths import rules_dir
from ecarte_tutor.rulebook import FACTS_FILE, PROFILES, get_rulebook, load_rulebook
from ecarte_tutor.scenarios import bundled_scenarios, load_scenarios, mismatches
from ecarte_tutor.yamlio import load_yaml

FIXTURE = Path(__file__).parent / "data" / "laws-fixture"
MAX_PATHS = 2000  # a bound on the interview tree walked for one case or irregularity


@lru_cache(maxsize=None)
def book_of(dataset: str):
    return load_rulebook(FIXTURE / "rules") if dataset == "fixture" else get_rulebook()


def ruling_cases(dataset: str, scenarios):
    return [(dataset, case) for case in scenarios
            if case.question.get("kind") == "dispute" and case.expect.get("status") == "ruling"]


CASES = ruling_cases("fixture", load_scenarios(FIXTURE / "scenarios")) + ruling_cases("bundled", bundled_scenarios())
IRREGULARITIES = [choice["value"] for fact in load_yaml(rules_dir() / FACTS_FILE)["facts"]
                  if fact["name"] == "irregularity" for choice in fact["choices"]]


def case_id(item):
    return f"{item[0]}:{item[1].id}"


def never_asked(book, irregularity) -> set[str]:
    """The facts the interview may not ask for this irregularity: they can only be volunteered."""
    return set(fact_defaults(book)) | set(only_if_given(book, irregularity))


def volunteered(book, known: dict) -> dict:
    """The facts of ``known`` that a user must give up front, since nobody will ask for them."""
    unasked = never_asked(book, known.get("irregularity"))
    return {name: value for name, value in known.items() if name in unasked}


def _step(book, question, facts, asked):
    """One interview step; checks that the fact asked for is new."""
    answer = ask({**question, "facts": facts}, book)
    if answer.get("status") != "need":
        return answer, None
    fact = answer["need"]["fact"]
    assert fact not in facts, f"asked for {fact!r}, which was given: {facts}"
    assert fact not in asked, f"asked for {fact!r} twice (asked so far: {asked})"
    if "irregularity" in facts:
        assert fact not in never_asked(book, facts["irregularity"]), f"asked for {fact!r}, which is never asked"
    return answer, fact


def _check_final(case, answer, direct, asked):
    assert "error" not in answer, f"{case.id}: the interview ended in an error after asking {asked}: {answer}"
    assert answer == direct, f"{case.id}: the interview (asking {asked}) ruled {answer.get('case')}, " \
                             f"the full facts rule {direct.get('case')}"
    assert mismatches(case.expect, answer) == [], f"{case.file}: {case.id}: {mismatches(case.expect, answer)}"


# --- 1. the interview reaches each case's ruling ---------------------------------------------------


@pytest.mark.parametrize("item", CASES, ids=case_id)
def test_interview_from_nothing_reaches_the_case_ruling(item):
    dataset, case = item
    book = book_of(dataset)
    question = {k: v for k, v in case.question.items() if k != "facts"}
    known = case.question.get("facts", {})
    direct = ask(case.question, book)
    # Depth-first over the answers; a fact the case leaves open branches over its choices.
    stack, walked = [(volunteered(book, known), [])], 0
    while stack:
        walked += 1
        assert walked <= MAX_PATHS, f"{case.id}: the interview tree is larger than {MAX_PATHS} paths"
        facts, asked = stack.pop()
        answer, fact = _step(book, question, facts, asked)
        if fact is None:
            _check_final(case, answer, direct, asked)
            continue
        values = [known[fact]] if fact in known else [c["value"] for c in answer["need"]["choices"]]
        stack += [({**facts, fact: value}, asked + [fact]) for value in values]


@pytest.mark.parametrize("item", CASES, ids=case_id)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_interview_from_any_part_of_the_facts(item, data):
    dataset, case = item
    book = book_of(dataset)
    question = {k: v for k, v in case.question.items() if k != "facts"}
    known = case.question.get("facts", {})
    facts = {name: known[name] for name in data.draw(st.sets(st.sampled_from(sorted(known))) if known
                                                     else st.just(set()), label="given")}
    facts.update(volunteered(book, known))
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
    _check_final(case, answer, direct, asked)


# --- 2. every irregularity and every row can be reached ---------------------------------------------


def _domains(book) -> dict:
    """The values worth trying for each fact: its choices, plus for whole numbers the edges of every range."""
    domains = {}
    for name, spec in book.facts.items():
        values = [c["value"] for c in spec["choices"]]
        if spec["type"] == "integer":
            low, high = spec.get("min", 0), spec.get("max", 52)
            for profile in PROFILES:
                for row in decision_rows(book, profile):
                    cond = row.when.get(name)
                    items = cond if isinstance(cond, list) else [cond]
                    if isinstance(cond, dict):
                        items = [v + d for v in cond.values() for d in (-1, 0, 1)]
                    values += [v for v in items if isinstance(v, int) and not isinstance(v, bool)]
            values = sorted({v for v in values if low <= v <= high})
        domains[name] = values
    return domains


def volunteer_starts(book, profile: str, irregularity: str, domains: dict) -> list[dict]:
    """Every way of giving, or not giving, the never-asked facts the irregularity's rows test.

    A row reachable only when such a fact is given (a default-valued fact with another value,
    or an ``only_if_given`` fact) counts as reachable: a user may always volunteer it.
    """
    unasked = never_asked(book, irregularity)
    names = sorted({name for row in decision_rows(book, profile) if irregularity in row.irregularities
                    for name in row.when if name in unasked})
    starts = []
    for values in product(*[[None, *domains[name]] for name in names]):
        start = {name: value for name, value in zip(names, values, strict=True) if value is not None}
        starts.append({"irregularity": irregularity, **start})
    return starts


def reachable(book, profile: str, irregularity: str, domains: dict) -> set[str]:
    """Every ruling (its ``case``) the interview can reach for one irregularity."""
    found, walked = set(), 0
    stack = volunteer_starts(book, profile, irregularity, domains)
    while stack and walked < MAX_PATHS * 10:
        walked += 1
        facts = stack.pop()
        answer = ask({"kind": "dispute", "profile": profile, "facts": facts}, book)
        if answer.get("status") == "ruling":
            found.add(answer["case"])
        elif answer.get("status") == "need":
            fact = answer["need"]["fact"]
            assert fact not in facts, f"asked for {fact!r}, which was given: {facts}"
            assert fact not in never_asked(book, irregularity), f"asked for {fact!r}, which is never asked"
            stack += [{**facts, fact: value} for value in domains[fact]]
    assert not stack, f"{irregularity}: the interview tree is larger than {MAX_PATHS * 10} paths"
    return found


@lru_cache(maxsize=None)
def reachable_by_profile(dataset: str) -> dict:
    """profile -> irregularity -> reachable cases (a profile whose rows equal london's is not walked twice)."""
    book = book_of(dataset)
    domains = _domains(book)
    result, walked_rows = {}, {}
    for profile in PROFILES:
        rows = tuple(row.case for row in decision_rows(book, profile))
        if rows in walked_rows:
            result[profile] = result[walked_rows[rows]]
            continue
        walked_rows[rows] = profile
        kinds = {kind for row in decision_rows(book, profile) for kind in row.irregularities}
        result[profile] = {kind: reachable(book, profile, kind, domains) for kind in kinds}
    return result


@pytest.mark.parametrize("irregularity", IRREGULARITIES)
def test_every_irregularity_reaches_a_ruling(irregularity):
    by_profile = reachable_by_profile("bundled")
    assert any(by_profile[p].get(irregularity) for p in PROFILES), \
        f"no facts lead to a ruling on '{irregularity}' in any profile"


@pytest.mark.parametrize("dataset", ["fixture", "bundled"])
def test_every_decision_row_can_be_reached(dataset):
    book = book_of(dataset)
    by_profile = reachable_by_profile(dataset)
    # A row that applies in several profiles needs to be reachable in one of them.
    rows = {row.case for profile in PROFILES for row in decision_rows(book, profile)}
    reached = {case for profile in PROFILES for cases in by_profile[profile].values() for case in cases}
    assert sorted(rows - reached) == [], "these rows can never be reached: an earlier row always decides first"


def test_fixture_walk_finds_both_surplus_rows():
    cases = reachable_by_profile("fixture")["london"]["wrong-card-count"]
    assert cases == {"law.15/elder-surplus", "law.17/surplus-before-decision"}
    assert reachable_by_profile("fixture")["french"]["overscore"] == {"law.51/french-only-row"}


@pytest.mark.parametrize("dataset", ["fixture", "bundled"])
def test_compulsory_rows_have_one_option_and_no_chooser(dataset):
    book = book_of(dataset)
    wrong = [row.case for profile in PROFILES for row in decision_rows(book, profile)
             if row.decision["compulsory"] and (len(row.decision["options"]) != 1 or row.decision["chooser"])]
    assert sorted(set(wrong)) == [], "a compulsory remedy has exactly one option and chooser null"
