"""Doubling and offering the point (the agreements of seed 000's "Variations"), inside a hand.

With the agreement ``doubling`` either player may offer to double the hand before the third
trick is led; with ``offer-the-point`` either may offer the point to the other before the
first card is led. The other player must answer before anything else happens. How each answer
scores is in :mod:`ecarte_tutor.engine.scoring` (``wager_claim``); here the hand only moves on.
"""
from __future__ import annotations

from collections.abc import Sized
from typing import Protocol

from ..fields import SEATS, other
from ..i18n import tr
from ..marks import decides
from ..rulebook import Params
from .illegal import Illegal

DOUBLE = "variant.doubling"
OFFER = "variant.offering-the-point"
OPENERS = {"double": ("accept-double", "decline-double"), "offer-point": ("accept-offer", "decline-offer")}
ANSWERS = {answer: opener for opener, answers in OPENERS.items() for answer in answers}
VERBS = tuple(OPENERS) + tuple(ANSWERS)


class Wagering(Protocol):
    """What the wagers read and change of a hand in play (:class:`~ecarte_tutor.engine.hand.HandState` has it)."""

    phase: str
    pending: tuple[str, str] | None  # (offer, seat) waiting for the other player's answer
    double_asked: bool
    offer_made: bool
    doubled: bool
    offer_declined_by: str | None
    ended: tuple[str, str] | None

    @property
    def history(self) -> Sized: ...  # the tricks finished

    @property
    def current(self) -> Sized: ...  # the cards of the trick in progress


def _double_open(state: Wagering, params: Params) -> bool:
    """Before the third trick is led, once per hand."""
    before_third = len(state.history) < 2 or (len(state.history) == 2 and not state.current)
    return params.doubling and not state.double_asked and before_third


def _offer_open(state: Wagering, params: Params) -> bool:
    """Once the exchange is over and before the first card is led, once per hand."""
    return params.offer_the_point and not state.offer_made and state.phase == "play" \
        and not state.history and not state.current


def wager_options(state: Wagering, params: Params) -> list[tuple[str, str]]:
    """The wagering actions open now, as (seat, verb): the answers to a pending offer, or the offers either
    seat may make."""
    if state.phase in ("complete", "game-over"):
        return []
    if state.pending:
        opener, seat = state.pending
        return [(other(seat), answer) for answer in OPENERS[opener]]
    options: list[tuple[str, str]] = []
    if _double_open(state, params):
        options += [(seat, "double") for seat in SEATS]
    if _offer_open(state, params):
        options += [(seat, "offer-point") for seat in SEATS]
    return options


@decides(DOUBLE, OFFER)
def apply_wager(state: Wagering, seat: str, verb: str, params: Params) -> None:
    """Carry out a wagering action, or raise :class:`Illegal` with the agreement's rule."""
    rule = DOUBLE if verb in ("double", "accept-double", "decline-double") else OFFER
    if verb in OPENERS:
        agreed = params.doubling if verb == "double" else params.offer_the_point
        if not agreed:
            raise Illegal("not-agreed", tr("Nobody agreed to doubling at this table; it needs the players' "
                                           "agreement.") if verb == "double" else
                          tr("Nobody agreed to offering the point at this table; it needs the players' agreement."),
                          [rule])
        if state.pending:
            raise Illegal("answer-pending", tr("An offer is waiting for its answer first."), [rule])
        if not (_double_open(state, params) if verb == "double" else _offer_open(state, params)):
            raise Illegal("wager-too-late" if state.phase == "play" else "not-now",
                          tr("'%(verb)s' is possible only before the third trick is led, once a hand.", verb=verb)
                          if verb == "double" else
                          tr("'%(verb)s' is possible only once the exchange is over and before the first card is "
                             "led, once a hand.", verb=verb), [rule])
        state.pending = (verb, seat)
        if verb == "double":
            state.double_asked = True
        else:
            state.offer_made = True
        return
    if not state.pending or ANSWERS[verb] != state.pending[0] or seat == state.pending[1]:
        raise Illegal("not-now", tr("'%(verb)s' answers an offer the other player has made, and none is waiting.",
                                    verb=verb), [rule])
    opener, offerer = state.pending
    state.pending = None
    if verb == "accept-double":
        state.doubled = True
    elif verb == "decline-double":
        state.ended, state.phase = ("double-declined", offerer), "complete"
    elif verb == "accept-offer":
        state.ended, state.phase = ("offer-accepted", seat), "complete"
    else:
        state.offer_declined_by = seat
