"""Worked cases (``scenarios/**.yaml``): the casebook, and test data for every kind of question.

A case holds a question exactly as ``ask()`` receives it and the answer it must
get; :func:`mismatches` compares them (see docs/scenarios.md for the rules).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

from . import paths
from .casesearch import SYNONYMS_FILE
from .errors import DataError
from .jsontypes import Question
from .schemas import explain, key_path, schema_errors
from .yamlio import load_yaml

SET_KEYS = {"legal_cards", "missing", "duplicates", "foreign"}
SUBSET_KEYS = {"cites", "laws"}


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


def load_scenarios(root: Path | str | None = None) -> list[Scenario]:
    """Every case under ``root`` (default: the bundled ``scenarios/``), ids checked unique."""
    root = Path(root) if root else paths.scenarios_dir()
    cases: list[Scenario] = []
    seen: dict[str, str] = {}
    for path in sorted(root.rglob("*.yaml")):
        if path.parent == root and path.name == SYNONYMS_FILE:
            continue  # the search's words, not cases
        for case in load_scenario_file(path, path.relative_to(root).as_posix()):
            if case.id in seen:
                raise DataError(path, f"case id is also used in {seen[case.id]}", rule_id=case.id, key="id")
            seen[case.id] = case.file
            cases.append(case)
    return cases


def load_scenario_file(path: Path, rel: str = "") -> list[Scenario]:
    """The cases of one file, validated; ``rel`` is its path under the scenarios folder (``play/duties.yaml``),
    whose first part is the cases' group (default: the file's folder and name)."""
    rel = rel or f"{path.parent.name}/{path.name}"
    document = load_yaml(path)
    for error in schema_errors("scenarios", document):
        raise DataError(path, explain(error), key=key_path(error))
    return [Scenario(entry["id"], entry["name"], rel.split("/")[0], rel, entry["question"], entry["expect"],
                     entry.get("situation", ""), entry.get("source"), entry.get("note", ""), entry.get("title", ""),
                     entry.get("summary", "")) for entry in document["cases"]]


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
        elif key in SUBSET_KEYS and isinstance(wanted, list):
            absent = [item for item in wanted if item not in (got or [])]
            if absent:
                problems.append(f"{here}: {absent} not in {got}")
        elif isinstance(wanted, dict) and isinstance(got, dict):
            problems += mismatches(wanted, got, here)
        elif _dict_list(wanted) and _dict_list(got) and len(wanted) == len(got):
            # a list of objects: each expected object is checked like a dict, key by key
            for index, (item, actual) in enumerate(zip(wanted, got, strict=True)):
                problems += mismatches(item, actual, f"{here}[{index}]")
        elif wanted != got:
            problems.append(f"{here}: expected {wanted!r}, got {got!r}")
    return problems
