"""The tutor's three levels: how each decides, from its own seat's view only.

Every decision is one of the choices the ``hand`` referee lists as legal (``next_actions``), so
the tutor never attempts an illegal action; each level is deterministic, so a seed replays.

- ``beginner`` — legal but plain: proposes once then plays, always accepts, throws what the
  discard advice throws, plays the first legal card (by suit, highest first), announces the king.
- ``club`` — the jeux de règle (the ``advice`` kind) to propose or play and to accept or refuse,
  the discard advice, and each card from the ``analyse`` kind with ``view`` = its own seat: the
  card with the best chance of the point, then of the vole, then the most tricks on average.
- ``book`` — as club, and Hoffmann's further advice where it applies (:mod:`.hoffmann`): the
  state of the score, concealing the king, leading from sequences.
"""
from __future__ import annotations

from typing import TypeAlias

from ..cards import Card
from ..engine.hand import NextAction, WrittenAction
from .answers import Viewed
from .discard import choose_discard
from .hoffmann import conceal_king, lead_preference, score_adjusted
from .view import SeatView

OPTIONAL = ("announce-king", "double", "offer-point")
ANSWERS = ("accept-double", "decline-double", "accept-offer", "decline-offer")
EVEN = 0.5  # a wager is taken when the point is at least as likely as not

Chosen: TypeAlias = NextAction | WrittenAction
"""What a player decides: one of the legal choices, or for a discard the cards it throws out."""


def _pick(choices: list[NextAction], verb: str) -> NextAction:
    return next(c for c in choices if c["do"] == verb)


class Beginner:
    """Legal but plain."""

    level = "beginner"

    def choose(self, view: SeatView, choices: list[NextAction], score_before: dict[str, int]) -> Chosen:
        """One of ``choices`` (the seat's legal actions now, with ``pass`` when it may let the other go on)."""
        verbs = {c["do"] for c in choices}
        if verbs & set(ANSWERS):
            return self.answer_wager(view, choices)
        optional = [c for c in choices if c["do"] in OPTIONAL]
        if optional:
            chosen = self.optional(view, optional, score_before)
            if chosen is not None:
                return chosen
        if "pass" in verbs:
            return _pick(choices, "pass")
        if "propose" in verbs:
            return _pick(choices, self.propose(view) if self._would_throw(view) else "stand")
        if "accept" in verbs:
            return _pick(choices, "refuse" if self._idle_exchange(view) else self.respond(view))
        if "discard" in verbs:
            choice = _pick(choices, "discard")
            thrown = choose_discard(view.hand, view.trump, choice["min"], choice["max"], view.params)
            return {"by": choice["by"], "do": "discard", "cards": [c.notation for c in thrown]}
        cards = [c for c in choices if c["do"] == "card"]
        return self.card(view, cards)

    # --- each decision -------------------------------------------------------------------------

    @staticmethod
    def _would_throw(view: SeatView) -> bool:
        """Would an exchange change anything? Where a profile lets the elder discard nothing and the
        advice keeps all five cards, proposing again and again would never end the exchange."""
        low = min(view.params.elder_min_discard, view.public["stock_size"])
        return bool(choose_discard(view.hand, view.trump, low, view.params.elder_max_discard, view.params))

    @staticmethod
    def _idle_exchange(view: SeatView) -> bool:
        """Did the last exchange change no card on either side? Then another would be as idle: refuse."""
        last = view.discards[-2:]
        return len(last) == 2 and not any(d["count"] for d in last)

    def optional(self, view: SeatView, options: list[NextAction], score_before: dict[str, int]) -> NextAction | None:
        """Announce the king once play begins (the exchange over, the cards settled)."""
        kings = [c for c in options if c["do"] == "announce-king"]
        return kings[0] if kings and view.phase == "play" else None

    def answer_wager(self, view: SeatView, choices: list[NextAction]) -> NextAction:
        verbs = [c["do"] for c in choices]
        return _pick(choices, "accept-double" if "accept-double" in verbs else "accept-offer")

    def propose(self, view: SeatView) -> str:
        return "propose" if view.public["proposals"] == 0 else "stand"

    def respond(self, view: SeatView) -> str:
        return "accept"

    def card(self, view: SeatView, cards: list[NextAction]) -> NextAction:
        return cards[0]


class Club(Beginner):
    """The jeux de règle and the analysis from its own view."""

    level = "club"

    def analysis(self, view: SeatView) -> Viewed:
        """The analysis from this seat's view, once per decision (a wager, then a card, share it)."""
        if "analysis" not in view.cache:
            view.cache["analysis"] = view.analyse()
        return view.cache["analysis"]

    def advised(self, view: SeatView) -> tuple[str, list[str]]:
        answer = view.advice()
        return answer["advice"], answer["cites"]

    def propose(self, view: SeatView) -> str:
        return "stand" if self.advised(view)[0] == "play" else "propose"  # "I play" is the verb stand

    def respond(self, view: SeatView) -> str:
        return self.advised(view)[0]

    def ranked(self, view: SeatView, cards: list[NextAction]) -> list[NextAction]:
        """The legal cards, best first by the analysis from this seat's view."""
        return sorted(cards, key=lambda choice: self.key(view, choice))  # stable: ties keep the referee's order

    def key(self, view: SeatView, choice: NextAction) -> tuple[float, float, float]:
        """Best first: the chance of the point, then of the vole, then the tricks on average."""
        f = next(e for e in self.analysis(view)["cards"] if e["card"] == choice["card"])
        return (-f["p_point"], -f["p_vole"], -f["expected_tricks"])

    def card(self, view: SeatView, cards: list[NextAction]) -> NextAction:
        return self.ranked(view, cards)[0]

    def my_chance(self, view: SeatView) -> float:
        """This seat's chance of the point, from its own view. Before play (a double offered during the
        exchange) the engine cannot analyse yet: a hand the jeux de règle would play as it is (play
        without proposing, or refuse) counts as sure of the point, any other as not."""
        if view.phase != "play":
            return 1.0 if self.advised(view)[0] in ("play", "refuse") else 0.0
        answer = self.analysis(view)
        return answer["p_point"] if answer["to_act"] == view.seat else 1 - answer["p_point"]

    def optional(self, view: SeatView, options: list[NextAction], score_before: dict[str, int]) -> NextAction | None:
        king = super().optional(view, options, score_before)
        if king is not None:
            return king
        wagers = {c["do"]: c for c in options if c["do"] in ("double", "offer-point")}
        if not wagers or view.phase != "play":
            return None
        chance = self.my_chance(view)
        if "double" in wagers and chance == 1:  # the point is certain: make it count double
            return wagers["double"]
        if "offer-point" in wagers and chance == 0:  # the point is lost whatever: give it, and no vole
            return wagers["offer-point"]
        return None

    def answer_wager(self, view: SeatView, choices: list[NextAction]) -> NextAction:
        verbs = [c["do"] for c in choices]
        if "accept-double" in verbs:
            return _pick(choices, "accept-double" if self.my_chance(view) >= EVEN else "decline-double")
        if view.phase != "play":  # the point offered before play: take it (the vole cannot be known yet)
            return _pick(choices, "accept-offer")
        answer = self.analysis(view)  # declining the point offered binds him to win every trick
        sure_vole = answer["to_act"] == view.seat and answer["vole"]
        return _pick(choices, "decline-offer" if sure_vole else "accept-offer")


class Book(Club):
    """As in the book: Hoffmann's advice where it applies, otherwise as club."""

    level = "book"

    def advised(self, view: SeatView) -> tuple[str, list[str]]:
        advice, cites = super().advised(view)
        return score_adjusted(view, advice, cites)

    def optional(self, view: SeatView, options: list[NextAction], score_before: dict[str, int]) -> NextAction | None:
        kings = [c for c in options if c["do"] == "announce-king"]
        if kings and view.phase == "play" and conceal_king(view, score_before):
            options = [c for c in options if c["do"] != "announce-king"]
        return super().optional(view, options, score_before) if options else None

    def card(self, view: SeatView, cards: list[NextAction]) -> NextAction:
        ranked = self.ranked(view, cards)
        if view.led is not None:
            return ranked[0]
        top = self.key(view, ranked[0])
        best = [c for c in ranked if self.key(view, c) == top]
        return min(best, key=lambda c: lead_preference(Card.from_str(c["card"]), view.hand, view.params))


LEVELS = {player.level: player for player in (Beginner, Club, Book)}


def make_player(level: str) -> Beginner:
    return LEVELS[level]()
