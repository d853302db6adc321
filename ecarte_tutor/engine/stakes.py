"""What each answer to a proposal stakes: the points of every outcome, worked out by the scoring.

At the hand's ``proposal_number``-th proposal the elder may play (say "I play") or propose, and the
dealer refuse or accept it. Each choice sets the facts the ``hand`` referee sets for it (who played
without proposing, who refused the first or a later proposal), and :func:`consequences` asks the
``score`` scoring what each outcome then gives: the chooser wins the point or the vole, or fails
(his adversary wins the point) or loses every trick. So law 49 and each profile's variants (who is
vulnerable, what a vole against him scores, whether a commitment survives an accepted exchange)
are the scoring's, never a sentence's.

:func:`stake_clause` and :func:`king_points` say it in words; every figure they state is one of these.
"""
from __future__ import annotations

from typing import NotRequired, TypedDict

from ..fields import other
from ..i18n import marked_in, tr, trc
from ..rulebook import Kept, Params, RuleBook
from .scoring import HandFacts, score

CHOICES = {"elder": ("play", "propose"), "dealer": ("refuse", "accept")}  # the committing choice first
OUTCOMES = ("wins-point", "wins-vole", "fails", "loses-vole")  # from the chooser's side
SEAT_WORDS = {"elder": "the elder hand", "dealer": "the dealer"}
PLAYER_WORDS = {"the elder hand": marked_in("player", "the elder hand"),
                "the dealer": marked_in("player", "the dealer"), "the tutor": marked_in("player", "the tutor"),
                "he": marked_in("player", "he")}
"""The players a stake clause names in the third person, said in the current language ("you" has its own
sentences: the verb agrees with it)."""


class Recorded(TypedDict):
    """The facts of the exchange the referee records and the scoring reads (:class:`.scoring.HandFacts`)."""

    elder_played_without_proposing: bool
    dealer_refused_first_proposal: bool
    dealer_refused_later_proposal: bool


class Consequence(TypedDict):
    """What one outcome of one choice scores, by seat (the hand's tricks only: no king, no wager)."""

    choice: str
    outcome: str
    points: dict[str, int]
    reply: NotRequired[str]


def proposal_at(phase: str, proposals: int) -> int:
    """The ``proposal_number`` a decision is about, from the referee's state: the elder's next proposal
    while he is to propose or play, the one on the table while the dealer answers it (and after)."""
    return proposals + 1 if phase == "proposal" else max(proposals, 1)


def facts_after(choice: str, proposal_number: int) -> Recorded:
    """The facts the referee records for ``choice`` at the ``proposal_number``-th proposal
    (``engine.hand.apply``: "I play" before any proposal, a refusal of the first or of a later one).
    ``propose`` is the proposal accepted: nothing is recorded, and the hand is played after the exchange."""
    return {"elder_played_without_proposing": choice == "play" and proposal_number == 1,
            "dealer_refused_first_proposal": choice == "refuse" and proposal_number == 1,
            "dealer_refused_later_proposal": choice == "refuse" and proposal_number > 1}


def _tricks(chooser: str, outcome: str, params: Params) -> dict[str, int]:
    winner = chooser if outcome.startswith("wins") else other(chooser)
    won = params.hand_size if outcome.endswith("vole") else params.point_tricks
    return {winner: won, other(winner): params.hand_size - won}


_CONSEQUENCES: Kept[tuple[str, bool], list[Consequence]] = Kept("each choice's points, by seat and proposal")


def consequences(seat: str, proposal_number: int, params: Params, book: RuleBook) -> list[Consequence]:
    """One object per choice of ``seat`` and outcome, each scored by :func:`.scoring.score`."""
    key = (seat, proposal_number == 1)  # the facts tell the first proposal from the rest only
    kept = _CONSEQUENCES.of(params)
    found = kept.get(key)
    if found is None:
        found = []
        for choice in CHOICES[seat]:
            flags = facts_after(choice, proposal_number)
            for outcome in OUTCOMES:
                scored = score(HandFacts(_tricks(seat, outcome, params), **flags), None, params, book)
                found.append({"choice": choice, "outcome": outcome, "points": dict(scored["points"])})
        kept[key] = found
    return [{**c, "points": dict(c["points"])} for c in found]  # copies: an answer may be changed by its reader


def points(found: list[Consequence], choice: str, outcome: str) -> dict[str, int]:
    """The points of ``choice`` and ``outcome`` among ``found``."""
    return next(c["points"] for c in found if c["choice"] == choice and c["outcome"] == outcome)


def stake_clause(found: list[Consequence], seat: str, proposal_number: int, chooser: str = "you",
                 rival: str | None = None) -> str:
    """What the seat's committing choice (the elder's "I play", the dealer's refusal) stakes beside the
    other, in words: "should a refusal of the first proposal fail, the elder hand scores 2 instead of 1".
    ``chooser`` and ``rival`` name the two players ("you", "he", "the dealer"; the rival by his seat
    unless said)."""
    committing, safe = CHOICES[seat]
    other_seat = other(seat)
    failed, instead = points(found, committing, "fails")[other_seat], points(found, safe, "fails")[other_seat]
    noun = _noun(committing, proposal_number)
    who = rival or SEAT_WORDS[other_seat]
    said = {"noun": noun, "who": _player(who), "failed": failed, "instead": instead}
    if failed > instead:
        text = tr("should %(noun)s fail, you score %(failed)d instead of %(instead)d", **said) if who == "you" else \
            tr("should %(noun)s fail, %(who)s scores %(failed)d instead of %(instead)d", **said)
    else:
        # not "nothing extra": where an accepted exchange commits the elder too (Finnish) the failure costs 2 either way
        text = tr("%(noun)s costs no more here than an accepted exchange: should it fail, you score %(failed)d "
                  "either way", **said) if who == "you" else \
            tr("%(noun)s costs no more here than an accepted exchange: should it fail, %(who)s scores %(failed)d "
               "either way", **said)
    swept = points(found, committing, "loses-vole")[other_seat]
    swept_safe = points(found, safe, "loses-vole")[other_seat]
    if swept not in (failed, swept_safe):
        text += tr(", or %(swept)d should you lose every trick", swept=swept) if chooser == "you" else \
            tr(", or %(swept)d should %(chooser)s lose every trick", swept=swept, chooser=_player(chooser))
    return text


def _player(words: str) -> str:
    """A player named in the third person, in the current language (words it does not know, as they are)."""
    return trc("player", PLAYER_WORDS[words]) if words in PLAYER_WORDS else words


def _noun(choice: str, proposal_number: int) -> str:
    if choice == "refuse":
        return tr("a refusal") if proposal_number > 1 else tr("a refusal of the first proposal")
    return tr("playing without proposing") if proposal_number == 1 else tr("playing on without another exchange")


def king_points(seat: str, params: Params, book: RuleBook) -> int:
    """What announcing the king of trumps scores ``seat``, as the scoring marks it."""
    facts = HandFacts({seat: params.point_tricks, other(seat): params.hand_size - params.point_tricks},
                      king_announced_by=seat)
    awards = score(facts, None, params, book, with_tricks=False)["awards"]
    return next(a["points"] for a in awards if a["claim"] == "announced-king")
