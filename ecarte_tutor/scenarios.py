"""Worked cases (``scenarios/**.yaml``): the casebook, and test data for every kind of question.

A case holds a question exactly as ``ask()`` receives it and the answer it must
get; :func:`mismatches` compares them (see docs/scenarios.md for the rules).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard, cast

from . import paths
from .casesearch import SYNONYMS_FILE
from .errors import DataError
from .jsontypes import Question
from .schemas import explain, key_path, schema_errors
from .yamlio import load_yaml

SET_KEYS = {"legal_cards", "missing", "duplicates", "foreign"}
CITING_KEYS = {"cites", "laws"}  # compared as sets: a rule missing and a rule cited besides both fail


@dataclass(frozen=True)
class Scenario:
    """One worked case: where it lives, what is asked, what must come back."""

    id: str
    name: str  # one sentence stating the expected answer, for the tests and the referee
    group: str
    file: str
    question: Question
    expect: dict[str, object]
    situation: str = ""
    source: dict[str, str] | None = None  # source and locator
    note: str = ""  # what the law says that decides the case
    title: str = ""  # a player's name for the case: the casebook's heading
    summary: str = ""  # one line a player reads under the title


@dataclass(frozen=True)
class Side:
    """One side of a rule's edge: what it is, the cases that sit there, and whether they cite the rule."""

    says: str
    cases: tuple[str, ...]
    cites_rule: bool | None  # every case here cites the rule (True), none does (False), not stated (None)


@dataclass(frozen=True)
class Boundary:
    """A rule's edge, a number or a moment, and the worked cases on either side of it (docs/scenarios.md)."""

    rule: str
    edge: str
    sides: tuple[Side, ...]
    file: str


def load_scenarios(root: Path | str | None = None) -> list[Scenario]:
    """Every case under ``root`` (default: the bundled ``scenarios/``), ids checked unique."""
    return load_casebook(root)[0]


def load_boundaries(root: Path | str | None = None) -> list[Boundary]:
    """The ``boundaries`` of every file of cases under ``root`` (default: the bundled ``scenarios/``)."""
    return load_casebook(root)[1]


def load_casebook(root: Path | str | None = None) -> tuple[list[Scenario], list[Boundary]]:
    """Every case and every boundary under ``root`` (default: the bundled ``scenarios/``), each file read once."""
    root = Path(root) if root else paths.scenarios_dir()
    cases: list[Scenario] = []
    boundaries: list[Boundary] = []
    seen: dict[str, str] = {}
    for path in sorted(root.rglob("*.yaml")):
        if path.parent == root and path.name == SYNONYMS_FILE:
            continue  # the search's words, not cases
        rel = path.relative_to(root).as_posix()
        document = _read(path)
        for case in _cases(document, rel):
            if case.id in seen:
                raise DataError(path, f"case id is also used in {seen[case.id]}", rule_id=case.id, key="id")
            seen[case.id] = case.file
            cases.append(case)
        boundaries += [Boundary(entry["rule"], entry["edge"],
                                tuple(Side(side["says"], tuple(side["cases"]), side.get("cites_rule"))
                                      for side in entry["sides"]), rel)
                       for entry in document.get("boundaries", [])]
    return cases, boundaries


def load_scenario_file(path: Path, rel: str = "") -> list[Scenario]:
    """The cases of one file, validated; ``rel`` is its path under the scenarios folder (``play/duties.yaml``),
    whose first part is the cases' group (default: the file's folder and name)."""
    return _cases(_read(path), rel or f"{path.parent.name}/{path.name}")


def _read(path: Path) -> dict[str, Any]:
    document = load_yaml(path)
    for error in schema_errors("scenarios", document):
        raise DataError(path, explain(error), key=key_path(error))
    return cast(dict[str, Any], document)


def _cases(document: dict[str, Any], rel: str) -> list[Scenario]:
    return [Scenario(entry["id"], entry["name"], rel.split("/")[0], rel, entry["question"], entry["expect"],
                     entry.get("situation", ""), entry.get("source"), entry.get("note", ""), entry.get("title", ""),
                     entry.get("summary", "")) for entry in document["cases"]]


def boundary_problems(boundaries: Iterable[Boundary], cases: Iterable[Scenario], rules: Mapping[str, int | None]) \
        -> list[str]:
    """What is wrong with the boundaries, one line each: a rule or a case that does not exist, a case on both
    sides, a side whose cases do not cite the rule as it says, two cases across the edge that expect the same.

    ``rules`` maps each rule id of the rule book to its law's number (None for a rule that is not a law).
    Only the cases' stated answers are read; the tests hold those against the engine.
    """
    by_id = {case.id: case for case in cases}
    problems: list[str] = []
    for boundary in boundaries:
        where = f"{boundary.file} › boundary of {boundary.rule}"
        if boundary.rule not in rules:
            problems.append(f"{where}: no rule {boundary.rule!r} in the rule book")
            continue
        law = rules[boundary.rule]
        named = [case_id for side in boundary.sides for case_id in side.cases]
        problems += [f"{where}: no worked case {case_id!r}" for case_id in dict.fromkeys(named)
                     if case_id not in by_id]
        problems += [f"{where}: {case_id} is on both sides" for case_id in dict.fromkeys(named)
                     if named.count(case_id) > 1]
        for side in boundary.sides:
            for case_id in side.cases:
                case = by_id.get(case_id)
                if case is None or side.cites_rule is None:
                    continue
                cites, laws = case.expect.get("cites") or [], case.expect.get("laws") or []
                cited = isinstance(cites, list) and boundary.rule in cites
                numbered = law is None or (isinstance(laws, list) and law in laws)
                if side.cites_rule and not (cited and numbered):
                    problems.append(f"{where}: {case_id} is on the side that cites it ({side.says}), but does not")
                if not side.cites_rule and (cited or (law is not None and isinstance(laws, list) and law in laws)):
                    problems.append(f"{where}: {case_id} is on the side that does not cite it ({side.says}), but does")
        first, second = boundary.sides[0].cases, boundary.sides[-1].cases
        problems += [f"{where}: {a} and {b} lie on either side of the edge but expect the same answer"
                     for a in first for b in second
                     if a != b and a in by_id and b in by_id and by_id[a].expect == by_id[b].expect]
    return problems


def _dict_list(value: object) -> TypeGuard[list[dict[str, object]]]:
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)


def _option_ids(value: Iterable[object]) -> set[object]:
    return {item["id"] if isinstance(item, dict) else item for item in value}


def mismatches(expect: Mapping[str, object], answer: object, where: str = "") -> list[str]:
    """What in ``answer`` differs from ``expect`` (empty when the case passes)."""
    problems: list[str] = []
    if not isinstance(answer, dict):
        return [f"{where or 'answer'}: expected an object, got {answer!r}"]
    for key, wanted in expect.items():
        here = f"{where}.{key}" if where else key
        if key == "error":
            got = answer.get("error", {}).get("code") if isinstance(answer.get("error"), dict) else None
            if got != wanted:
                problems.append(f"error: expected code {wanted!r}, got {answer.get('error', 'no error')!r}")
            continue
        if key == "clash":  # conflicting-facts: the facts named as clashing, in any order
            error = answer.get("error")
            got = error.get("clash") if isinstance(error, dict) else None
            if not isinstance(wanted, list) or not isinstance(got, list) or set(map(str, wanted)) != set(map(str, got)):
                problems.append(f"clash: expected {wanted!r}, got {got!r}")
            continue
        if key == "explanation_mentions":
            text = str(answer.get("explanation", ""))
            phrases = wanted if isinstance(wanted, list) else [wanted]  # one phrase alone need not be a list
            problems += [f"explanation does not mention {word!r}: {text!r}" for word in phrases
                         if str(word) not in text]
            continue
        if key == "explanation_omits":  # words the explanation must not say (a fact not given)
            text = str(answer.get("explanation", ""))
            phrases = wanted if isinstance(wanted, list) else [wanted]
            problems += [f"explanation says {word!r}: {text!r}" for word in phrases if str(word) in text]
            continue
        if key not in answer:
            problems.append(f"{here}: missing from the answer")
            continue
        got = answer[key]
        if key in SET_KEYS and isinstance(wanted, list):
            if set(map(str, wanted)) != set(map(str, got or [])):
                problems.append(f"{here}: expected {sorted(wanted)}, got {got}")
        elif key == "options" and isinstance(wanted, list):
            if _option_ids(wanted) != _option_ids(got):
                problems.append(f"{here}: expected {sorted(_option_ids(wanted), key=str)}, "
                                f"got {sorted(_option_ids(got), key=str)}")
            else:  # an option written as an object is also checked field by field (its points...)
                by_id = {item["id"]: item for item in got if isinstance(item, dict)}
                problems += [problem for item in wanted if isinstance(item, dict)
                             for problem in mismatches(item, by_id.get(item["id"], {}), f"{here}[{item['id']}]")]
        elif key in CITING_KEYS and isinstance(wanted, list):
            absent = [item for item in wanted if item not in (got or [])]
            extra = [item for item in (got or []) if item not in wanted]
            if absent or extra:
                problems.append(f"{here}: expected {wanted}, got {got}" + (f"; {absent} not cited" if absent else "")
                                + (f"; {extra} cited besides" if extra else ""))
        elif isinstance(wanted, dict) and isinstance(got, dict):
            problems += mismatches(wanted, got, here)
        elif _dict_list(wanted) and _dict_list(got) and len(wanted) == len(got):
            # a list of objects: each expected object is checked like a dict, key by key
            for index, (item, actual) in enumerate(zip(wanted, got, strict=True)):
                problems += mismatches(item, actual, f"{here}[{index}]")
        elif wanted != got:
            problems.append(f"{here}: expected {wanted!r}, got {got!r}")
    return problems
