"""The engine's explanations in the rule book's words: a template beside the rule, for each outcome.

A rule (or a section) of the rule book may carry ``says``: for each outcome the engine explains by
it, a sentence with placeholders in braces::

    - id: play.follow-suit
      says:
        follow: "{led} was led and you hold {suit}, so you must follow suit."

The engine declares each outcome once, with the placeholders it fills: ``FOLLOW = Saying(
"play.follow-suit", "follow", "led", "suit")``, and says it with ``FOLLOW.say(params, led=…, suit=…)``
(the parameters carry their rule book's templates). :func:`problems` holds the two against each
other — a template that names a placeholder the engine does not fill, an outcome declared with no
template, a template for an outcome nothing declares — and ``ecarte-tutor check`` and the library's
loading refuse any of them, naming the rule's file and key. The words of a dispute's ruling are
the decision rows' own (``explanation``); these are those of the play, the trick and the score.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from string import Formatter

from ..errors import DataError
from ..rulebook import Params, RuleBook

_DECLARED: dict[tuple[str, str], Saying] = {}  # (rule id or section, outcome) -> its declaration


@dataclass(frozen=True)
class Saying:
    """One outcome the engine explains: the rule (or section) whose ``says`` holds its template, the
    outcome's key there, and the placeholders the engine fills."""

    owner: str
    outcome: str
    fields: frozenset[str]

    def __init__(self, owner: str, outcome: str, *fields: str):
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "fields", frozenset(fields))
        _DECLARED[owner, outcome] = self

    @property
    def key(self) -> tuple[str, str]:
        return self.owner, self.outcome

    def say(self, params: Params, **values: object) -> str:
        """The outcome in the rule book's words, its placeholders filled with ``values``."""
        return params.says[self.owner, self.outcome].format_map(values)


def placeholders(template: str) -> set[str]:
    """The names a template's braces hold (``{led}`` -> ``led``); a ValueError for a brace left open."""
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


def check_slots(path: Path, templates: Mapping[str, tuple[str, Collection[str]]], filler: str) -> None:
    """A DataError for the first of a catalogue's ``templates`` (where -> its text and the slots ``filler`` fills)
    whose braces name a slot nobody fills: a sentence that would fail, or print a brace, when it is said."""
    for where, (text, allowed) in templates.items():
        unknown = sorted(placeholders(text) - set(allowed))
        if unknown:
            raise DataError(path, f"the sentence names slots {filler} does not fill: {', '.join(unknown)}", key=where)


def declared() -> dict[tuple[str, str], Saying]:
    """Every outcome the engine declares (its modules once imported: engine.kinds imports them all)."""
    return dict(_DECLARED)


def problems(book: RuleBook) -> list[str]:
    """What does not hold between the engine's outcomes and the rule book's templates, one line each."""
    found: list[str] = []
    files = {rule.id: rule.file for rule in book.rules.values()} | {s.name: s.file for s in book.sections}
    for key, saying in sorted(declared().items()):
        owner, outcome = key
        if owner not in files:
            continue  # a book without the rule cannot answer by it at all (a test's small rule book)
        where = f"{files.get(owner, 'rules/')} › {owner} › says.{outcome}"
        template = book.says.get(key)
        if template is None:
            found.append(f"{where}: the engine explains the outcome '{outcome}' by {owner}, which gives it no words")
            continue
        try:
            unknown = sorted(placeholders(template) - saying.fields)
        except ValueError as exc:
            found.append(f"{where}: {exc}")
            continue
        if unknown:
            known = ", ".join("{" + name + "}" for name in sorted(saying.fields)) or "none"
            found.append(f"{where}: names {', '.join('{' + n + '}' for n in unknown)}, which the engine does not "
                         f"fill (it fills {known})")
    for owner, outcome in sorted(set(book.says) - set(declared())):
        found.append(f"{files.get(owner, 'rules/')} › {owner} › says.{outcome}: no code of the engine explains an "
                     f"outcome '{outcome}' by {owner}")
    return found
