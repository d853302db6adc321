"""A game's settings and its record: the compact, JSON-able value that rebuilds the whole game.

The record is ``{"v", "seed", "profile", "level", "agreements", "dealer", "moves"}``: the seed of
the shuffles, the profile and the agreements the game is played under, the tutor's level, who
dealt first, and every move of both players in the notation of :mod:`.moves`. Nothing else is
kept: replaying the moves from the seed gives back every hand, the score and the score sheet.
A site can sign it and put it in a page; :func:`read_record` checks everything a stranger could
have changed and says clearly what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..agreements import read_agreements
from ..errors import QuestionError, excerpt
from ..i18n import current, tr
from ..jsontypes import Question
from ..rulebook import Params, RuleBook
from .dealing import MAX_SEED
from .incident_codes import IncidentCode

VERSION = 1
LEVELS = ("beginner", "club", "book")
PLAYERS = ("learner", "tutor")
FIELDS = ("v", "seed", "profile", "level", "agreements", "dealer", "drills", "moves")


class TableError(ValueError):
    """Settings or a record that cannot be played: the message says what to change."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message, self.field = message, field


@dataclass(frozen=True)
class Settings:
    """What a game is played with (all JSON-able): the record without its moves."""

    seed: int
    profile: str
    level: str
    agreements: tuple[object, ...] = ()  # as a question writes them: names, or one-key objects like {"game-target": 7}
    first_dealer: str = "tutor"
    drills: tuple[IncidentCode, ...] = ()  # the irregularities the tutor commits on purpose (rules/laws: drills)

    def question(self) -> Question:
        """The fields every question of this game carries (profile, and agreements when there are any)."""
        fields: Question = {"profile": self.profile}
        if self.agreements:
            fields["agreements"] = self._agreements()
        return fields

    def _agreements(self) -> list[object]:
        return [dict(a) if isinstance(a, dict) else a for a in self.agreements]  # copies

    def params(self, book: RuleBook) -> Params:
        """The parameters the game is played under; the engine explains itself in the language being spoken
        (a game's record has no language: the same game is told in the language of each page)."""
        return book.params(self.profile, read_agreements(self.question(), book), current())

    def to_record(self, moves: str = "") -> dict[str, object]:
        record: dict[str, object] = {"v": VERSION, "seed": self.seed, "profile": self.profile, "level": self.level,
                                     "agreements": self._agreements(), "dealer": self.first_dealer}
        if self.drills:
            record["drills"] = list(self.drills)
        return {**record, "moves": moves}


def make_settings(book: RuleBook, *, seed: object, profile: object = None, level: object = "club",
                  agreements: object = (), first_dealer: object = "tutor", drills: object = ()) -> Settings:
    """Settings checked against the rule book: a clear :class:`TableError` for anything unknown."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise TableError(tr("The seed must be a whole number from 0 to %(most)s, not %(given)s.", most=MAX_SEED,
                            given=excerpt(seed)), "seed")
    profile = book.default_profile if profile is None else profile
    if not isinstance(profile, str) or profile.strip().lower() not in book.profiles:
        raise TableError(tr("Unknown profile %(given)s; choose one of %(known)s.", given=excerpt(profile),
                            known=", ".join(book.profiles)), "profile")
    if not isinstance(level, str) or level not in LEVELS:
        raise TableError(tr("Unknown level %(given)s; choose one of %(known)s.", given=excerpt(level),
                            known=", ".join(LEVELS)), "level")
    if not isinstance(first_dealer, str) or first_dealer not in PLAYERS:
        raise TableError(tr("Who deals first must be 'learner' or 'tutor', not %(given)s.",
                            given=excerpt(first_dealer)), "dealer")
    if not isinstance(agreements, (list, tuple)):
        raise TableError(tr("The agreements must be a list such as [\"doubling\", {\"game-target\": 7}]."),
                         "agreements")
    # the drills beside their laws (rules/laws/*.yaml) that the table stages
    known = [code for code in book.table_drills if code in set(IncidentCode)]
    if not isinstance(drills, (list, tuple)) or any(not isinstance(d, str) or d not in known for d in drills):
        raise TableError(tr("The drills must be a list of %(known)s; not %(given)s.", known=", ".join(known),
                            given=excerpt(drills)), "drills")
    settings = Settings(seed, profile.strip().lower(), level, tuple(agreements), first_dealer,
                        tuple(dict.fromkeys(IncidentCode(d) for d in drills)))
    try:
        settings.params(book)
    except QuestionError as exc:
        raise TableError(exc.message, "agreements") from None
    return settings


def read_record(record: object, book: RuleBook) -> tuple[Settings, str]:
    """The settings and the moves of a record (a dict, e.g. just read from JSON)."""
    if not isinstance(record, dict):
        raise TableError(tr("A game record must be an object with the fields %(fields)s.", fields=", ".join(FIELDS)))
    unknown = [name for name in record if name not in FIELDS]
    if unknown:
        raise TableError(tr("'%(name)s' is not a field of a game record.", name=unknown[0]), str(unknown[0]))
    if record.get("v") != VERSION:
        raise TableError(tr("This game record is of version %(given)s; this tutor reads version %(version)s.",
                            given=excerpt(record.get("v")), version=VERSION), "v")
    settings = make_settings(book, seed=record.get("seed"), profile=record.get("profile"),
                             level=record.get("level"), agreements=record.get("agreements") or (),
                             first_dealer=record.get("dealer"), drills=record.get("drills") or ())
    moves = record.get("moves", "")
    if not isinstance(moves, str):
        raise TableError(tr("The record's moves must be a string of move words."), "moves")
    return settings, moves

