"""The three kinds of failure: bad notation, bad data files, bad questions."""
from __future__ import annotations

from os import PathLike
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only: importing the cards loads nothing more
    from .jsontypes import Answer


class CardNotationError(ValueError):
    """A string is not a card (or suit) in any notation the tutor reads."""


class DataError(Exception):
    """A rule, lesson or scenario file is broken; the message names file, id and key."""

    def __init__(self, path: str | PathLike[str], message: str, rule_id: str | None = None, key: str | None = None):
        self.path = str(path)
        self.rule_id = rule_id
        self.key = key
        where = self.path
        if rule_id:
            where += f" › {rule_id}"
        if key:
            where += f" › {key}"
        super().__init__(f"{where}: {message}")


class QuestionError(Exception):
    """A question cannot be answered as asked; becomes the API's error object."""

    def __init__(self, code: str, message: str, field: str | None = None, clash: list[str] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.clash = clash  # conflicting-facts: the fewest facts given that cannot all be true together

    def to_answer(self) -> Answer:
        error: dict[str, object] = {"code": self.code, "message": self.message, "field": self.field}
        if self.clash is not None:
            error["clash"] = self.clash
        return {"error": error}
