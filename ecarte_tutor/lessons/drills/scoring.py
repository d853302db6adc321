"""Drills on scoring a hand: the point and the vole, the penalty, the kings, the end of the game,
and the profiles' variants on them (each drawn under a profile where the engine cites it)."""
from __future__ import annotations

import random

from ...fields import SEATS, other
from ...i18n import marked_in, tr, trc
from ...jsontypes import Question
from ...rulebook import RuleBook
from ..model import ExerciseEntry
from ..vouched import SEAT_WORDS as SAID_SEATS
from .base import drill, profile_of, under, with_profile

TAKEN = {0: marked_in("tricks taken", "no tricks"), 1: marked_in("tricks taken", "one trick"),
         2: marked_in("tricks taken", "two tricks"), 3: marked_in("tricks taken", "three tricks"),
         4: marked_in("tricks taken", "four tricks"), 5: marked_in("tricks taken", "all five tricks")}
"""The tricks a seat took, as a prompt says them."""


def _seat(seat: str) -> str:
    """A seat in a prompt, in the language spoken ("the elder hand", « le premier en cartes »)."""
    return trc("lesson seat", SAID_SEATS[seat])


def _tricks(rng: random.Random, winner: str, won: int) -> dict[str, int]:
    return {winner: won, other(winner): 5 - won}


def _entry(position: Question, prompt: str, hint: str) -> ExerciseEntry:
    return {"kind": "score", "position": position, "hint": hint,
            "prompt": prompt + " " + tr("What does each player score for this hand?")}


def _trick_words(tricks: dict[str, int]) -> str:
    elder, dealer = (trc("tricks taken", TAKEN[tricks[seat]]) for seat in ("elder", "dealer"))
    return tr("The elder hand took %(elder)s and the dealer %(dealer)s.", elder=elder, dealer=dealer)


@drill("scoring.point", "scoring.only-winner-scores", accepts=("scoring.point", "scoring.vole"))
def point(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """Three or four tricks (the boundary of the point), now and then a vole to keep the count honest."""
    tricks = _tricks(rng, rng.choice(SEATS), rng.choice((3, 4, 4, 5)))
    return _entry({"tricks": tricks}, tr("The dealer accepted the exchange.") + " " + _trick_words(tricks),
                  tr("How many tricks make the point, and how many the vole?"))


@drill("scoring.vole")
def vole(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """All five tricks, sometimes beside a turned king for the other player."""
    winner = rng.choice(SEATS)
    position: Question = {"tricks": _tricks(rng, winner, 5)}
    prompt = tr("%(seat)s took every trick.", seat=_seat(winner).capitalize())
    if rng.random() < .5:
        position["king_turned"] = True
        prompt = tr("A king was turned up for trumps.") + " " + prompt
    return _entry(position, prompt, tr("What are all five tricks worth?"))


@drill("scoring.penalty", "variant.elder-vulnerable")
def penalty(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A player who took the risk (playing without proposing, refusing the first proposal) and fell
    one or two tricks short of the point; under a random profile, since they differ on it."""
    profile = profile_of(rng, book)
    risk = rng.choice(("elder_played_without_proposing", "dealer_refused_first_proposal"))
    stake = "elder" if risk == "elder_played_without_proposing" else "dealer"
    tricks = _tricks(rng, stake, rng.choice((1, 2, 2)))
    what = tr("The elder hand played without proposing.") if stake == "elder" else \
        tr("The dealer refused the first proposal.")
    return _entry(with_profile({"tricks": tricks, risk: True}, profile),
                  under(book, profile, f"{what} {_trick_words(tricks)}"),
                  tr("Who took a risk, and did he make the point?"))


@drill("variant.vulnerable-vole")
def vulnerable_vole(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """The player at risk loses every trick: is the vole worth more for it?"""
    profile = profile_of(rng, book)
    risk = rng.choice(("elder_played_without_proposing", "dealer_refused_first_proposal"))
    stake = "elder" if risk == "elder_played_without_proposing" else "dealer"
    tricks = _tricks(rng, other(stake), 5)
    winner = _seat(other(stake))
    what = tr("The elder hand played without proposing, and %(seat)s took every trick.", seat=winner) \
        if stake == "elder" else tr("The dealer refused the first proposal, and %(seat)s took every trick.",
                                    seat=winner)
    return _entry(with_profile({"tricks": tricks, risk: True}, profile), under(book, profile, what),
                  tr("Does the penalty add to the vole under these rules?"))


@drill("variant.elder-committed-after-acceptance")
def committed(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """After an accepted exchange the elder takes two tricks: is he still bound to three?"""
    profile = profile_of(rng, book)
    tricks = _tricks(rng, "elder", rng.choice((1, 2)))
    return _entry(with_profile({"tricks": tricks}, profile),
                  under(book, profile, tr("The elder hand proposed and the dealer accepted.") + " "
                        + _trick_words(tricks)),
                  tr("Is the elder still committed to three tricks after an accepted exchange, under these rules?"))


@drill("scoring.king-point", accepts=("king.turned-up",))
@drill("king.turned-up")
def turned_king(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A turned king and the tricks, to the same player or not."""
    tricks = _tricks(rng, rng.choice(SEATS), rng.choice((3, 4, 5)))
    return _entry({"tricks": tricks, "king_turned": True},
                  tr("A king was turned up for trumps.") + " " + _trick_words(tricks),
                  tr("Whom does a turned king score for?"))


@drill("king.announce")
def announced_king(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A king of trumps announced by either player, and the tricks to either."""
    seat = rng.choice(SEATS)
    tricks = _tricks(rng, rng.choice(SEATS), rng.choice((3, 4, 5)))
    return _entry({"tricks": tricks, "king_announced_by": seat},
                  tr("%(seat)s announced the king of trumps.", seat=_seat(seat).capitalize()) + " "
                  + _trick_words(tricks), tr("The king and the tricks are separate claims."))


@drill("scoring.game", "scoring.claim-order")
def game(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A player within a point or two of game, so that the order of the claims decides."""
    before = {seat: rng.choice((2, 3, 4)) for seat in SEATS}
    tricks = _tricks(rng, rng.choice(SEATS), rng.choice((3, 4, 5)))
    position: Question = {"tricks": tricks, "score_before": before}
    prompt = tr("The elder hand has %(elder)s and the dealer %(dealer)s.", elder=before["elder"],
                dealer=before["dealer"])
    if rng.random() < .6:
        position["king_turned"] = True
        prompt += " " + tr("A king was turned up for trumps.")
    prompt += " " + _trick_words(tricks)
    return _entry(position, prompt, tr("Claims are scored in order: what happens the moment a player reaches five?"))


@drill("variant.game-target")
def longer_game(rng: random.Random, book: RuleBook) -> ExerciseEntry:
    """A game the table lengthened, with a player already at or past the usual five: the hand still scores."""
    target = rng.choice((7, 7, 10))
    before = {seat: rng.choice((5, 6) if seat == "elder" else (2, 3, 4)) for seat in SEATS}
    if rng.random() < .5:
        before = {"elder": before["dealer"], "dealer": before["elder"]}
    tricks = _tricks(rng, rng.choice(SEATS), rng.choice((3, 4, 5)))
    prompt = " ".join([tr("The players agreed on games of %(target)s points.", target=target),
                       tr("The elder hand has %(elder)s and the dealer %(dealer)s.", elder=before["elder"],
                          dealer=before["dealer"]), _trick_words(tricks)])
    return _entry({"tricks": tricks, "score_before": before, "agreements": [{"game-target": target}]}, prompt,
                  tr("How far is %(target)s, and what do these tricks score?", target=target))

