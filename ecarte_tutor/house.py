"""A club's house rules: a base profile and the agreements its members play by, under a title.

A house file (``rules/houses/*.yaml``, schema ``house.schema.json``) is checked against the
rule book like a question's ``agreements``; a site or a question answered under it uses its
profile and agreements wherever the question names none, and every answer says so.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .agreements import read_agreements
from .errors import DataError, QuestionError
from .rulebook import Agreed, RuleBook
from .schemas import explain, key_path, schema_errors
from .yamlio import load_yaml


@dataclass(frozen=True)
class House:
    title: str
    profile: str
    agreements: Agreed  # (name, value) pairs, as read_agreements gives them
    # the agreements as the file wrote them (questions and links repeat them)
    written: tuple[str | dict[str, object], ...]
    file: str


def load_house(path: Path | str, book: RuleBook) -> House:
    """Read and check a house file; a defect raises :class:`DataError` naming the file and the key."""
    path = Path(path)
    document = load_yaml(path)
    for error in schema_errors("house", document):
        raise DataError(path, explain(error), key=key_path(error))
    if document["profile"] not in book.profiles:
        raise DataError(path, f"unknown profile '{document['profile']}'; the profiles are "
                              f"{', '.join(book.profiles)}", key="profile")
    written = tuple(document.get("agreements", ()))
    try:
        agreements = read_agreements({"agreements": list(written)}, book)
    except QuestionError as exc:
        raise DataError(path, exc.message, key=exc.field) from None
    return House(document["title"].strip(), document["profile"], agreements, written, path.name)


def under_house(question: object, house: House | None) -> object:
    """The question as the house would have it: its profile and agreements where the question has none."""
    if house is None or not isinstance(question, dict):
        return question
    out = dict(question)
    out.setdefault("profile", house.profile)
    if "agreements" not in out and house.written:
        out["agreements"] = list(house.written)
    return out
