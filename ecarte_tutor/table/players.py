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

Each level decides with :meth:`Beginner.decide`, which gives the choice and one line of why built
from the very advice and analysis that chose it (:class:`Reasoned`): ``said``, what the table may
hear while the deal is on (no card the learner cannot see), and ``why``, the whole reason, for the
review once the deal is over.
"""
from __future__ import annotations

from typing import NamedTuple, TypeAlias

from ..cards import Card, shown
from ..engine import stakes
from ..engine.advice import AdviceJson
from ..engine.analysis import CardFigures, ViewedJson
from ..engine.hand import NextAction, WrittenAction
from ..i18n import current, marked, tr, trn
from ..strategy import patterns_named
from .discard import choose_discard
from .hoffmann import LEAD_WORDS, SCORE_RULE, conceal_king, lead_preference, score_adjusted
from .view import SeatView

OPTIONAL = ("announce-king", "double", "offer-point")
ANSWERS = ("accept-double", "decline-double", "accept-offer", "decline-offer")
EVEN = 0.5  # a wager is taken when the point is at least as likely as not

Chosen: TypeAlias = NextAction | WrittenAction
"""What a player decides: one of the legal choices, or for a discard the cards it throws out."""


class Reasoned(NamedTuple):
    """A decision and its why: ``said`` while the deal is on (nothing the other player cannot see),
    ``why`` in full (its cards and figures named), for once the deal is over."""

    choice: Chosen
    said: str
    why: str


def _tenths(value: float) -> str:
    """A figure to one decimal place, as the current language writes it (2.5; 2,5 in French)."""
    text = f"{value:.1f}"
    return text if current() == "en" else text.replace(".", ",")


def _pick(choices: list[NextAction], verb: str) -> NextAction:
    return next(c for c in choices if c["do"] == verb)


def _both(choice: Chosen, line: str) -> Reasoned:
    """A reason that names nothing hidden: the same line during the deal and after it."""
    return Reasoned(choice, line, line)


def _share(p: float) -> str:
    return tr("%(percent)s %%", percent=round(100 * p))


def _card(card: Card) -> str:
    return shown(card, current())


class Beginner:
    """Legal but plain."""

    level = "beginner"

    def choose(self, view: SeatView, choices: list[NextAction], score_before: dict[str, int]) -> Chosen:
        """One of ``choices`` (the seat's legal actions now, with ``pass`` when it may let the other go on)."""
        return self.decide(view, choices, score_before).choice

    def decide(self, view: SeatView, choices: list[NextAction], score_before: dict[str, int]) -> Reasoned:
        """The choice :meth:`choose` makes, with its why."""
        verbs = {c["do"] for c in choices}
        if verbs & set(ANSWERS):
            return self.answer_wager(view, choices)
        optional = [c for c in choices if c["do"] in OPTIONAL]
        if optional:
            chosen = self.optional(view, optional, score_before)
            if chosen is not None:
                return chosen
        if "pass" in verbs:
            return _both(_pick(choices, "pass"), tr("It lets you go on: it announces and offers nothing now."))
        if "propose" in verbs:
            if not self._would_throw(view):
                return _both(_pick(choices, "stand"), tr("It plays: the discard advice would throw out nothing, so an "
                                                         "exchange would change no card."))
            return self.propose(view, choices)
        if "accept" in verbs:
            if self._idle_exchange(view):
                return _both(_pick(choices, "refuse"), tr("It refuses: the last exchange changed no card on either "
                                                          "side, so another would be as idle."))
            return self.respond(view, choices)
        if "discard" in verbs:
            return self.discard(view, _pick(choices, "discard"))
        return self.card(view, [c for c in choices if c["do"] == "card"])

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

    def optional(self, view: SeatView, options: list[NextAction], score_before: dict[str, int]) -> Reasoned | None:
        """Announce the king once play begins (the exchange over, the cards settled)."""
        kings = [c for c in options if c["do"] == "announce-king"]
        if not kings or view.phase != "play":
            return None
        points = stakes.king_points(view.seat, view.params, view.book)
        return _both(kings[0], tr("It holds the king of trumps and announces it: %(points)s point on the score.",
                                   points=points))

    def answer_wager(self, view: SeatView, choices: list[NextAction]) -> Reasoned:
        verbs = [c["do"] for c in choices]
        verb = "accept-double" if "accept-double" in verbs else "accept-offer"
        return _both(_pick(choices, verb), tr("A beginner takes every double and every point offered."))

    def propose(self, view: SeatView, choices: list[NextAction]) -> Reasoned:
        if view.public["proposals"] == 0:
            return _both(_pick(choices, "propose"), tr("A beginner always proposes once, for fresh cards."))
        return _both(_pick(choices, "stand"), tr("A beginner proposes once only, then plays."))

    def respond(self, view: SeatView, choices: list[NextAction]) -> Reasoned:
        return _both(_pick(choices, "accept"), tr("A beginner always accepts a proposal."))

    def discard(self, view: SeatView, choice: NextAction) -> Reasoned:
        thrown = choose_discard(view.hand, view.trump, choice["min"], choice["max"], view.params)
        move: WrittenAction = {"by": choice["by"], "do": "discard", "cards": [c.notation for c in thrown]}
        count = len(thrown)
        said = trn("It throws out %(count)d card: by the discard advice it keeps its trumps and kings and changes "
                   "the rest.", "It throws out %(count)d cards: by the discard advice it keeps its trumps and kings "
                   "and changes the rest.", count)
        cards = " ".join(_card(c) for c in thrown) or tr("nothing")
        return Reasoned(move, said, tr("It threw out %(cards)s: by the discard advice it kept its trumps and kings "
                                       "and changed the rest, the lowest first.", cards=cards))

    def card(self, view: SeatView, cards: list[NextAction]) -> Reasoned:
        card = Card.from_str(cards[0]["card"])
        if len(cards) == 1:
            return _both(cards[0], tr("%(card)s: the only card the rules of play allowed it.", card=_card(card)))
        return _both(cards[0], tr("%(card)s: a beginner plays the first of its legal cards, the suits in a fixed "
                                  "order and the highest first.", card=_card(card)))


ADVISED_WORDS = {"play": marked("to play without proposing"), "propose": marked("to propose"),
                 "refuse": marked("to refuse"), "accept": marked("to accept")}  # said through tr
EXCHANGE_SAID = {  # the tutor's exchange decision while the deal is on, and in full once over (through tr)
    "plays": (marked("It plays: %(rules)s advise it for the hand it holds (shown when the deal is over)."),
              marked("It plays by %(rules)s. %(because)s")),
    "plays on": (marked("It plays on: %(rules)s advise it for the hand it holds (shown when the deal is over)."),
                 marked("It plays on by %(rules)s. %(because)s")),
    "proposes": (marked("It proposes: %(rules)s advise it for the hand it holds (shown when the deal is over)."),
                 marked("It proposes by %(rules)s. %(because)s")),
    "refuses": (marked("It refuses: %(rules)s advise it for the hand it holds (shown when the deal is over)."),
                marked("It refuses by %(rules)s. %(because)s")),
    "accepts": (marked("It accepts: %(rules)s advise it for the hand it holds (shown when the deal is over)."),
                marked("It accepts by %(rules)s. %(because)s")),
}


class Club(Beginner):
    """The jeux de règle and the analysis from its own view."""

    level = "club"

    def analysis(self, view: SeatView) -> ViewedJson:
        """The analysis from this seat's view, once per decision (a wager, then a card, share it)."""
        if "analysis" not in view.cache:
            view.cache["analysis"] = view.analyse()
        return view.cache["analysis"]

    def advised(self, view: SeatView) -> tuple[str, list[str], str]:
        """The advice for this seat's cards, its rules, and why in full (the advice kind's own verdict)."""
        answer: AdviceJson = view.advice()
        return answer["advice"], answer["cites"], answer["explanation"].split(". ", 1)[-1]

    def _exchange(self, view: SeatView, choices: list[NextAction]) -> Reasoned:
        advice, _, because = self.advised(view)
        verb = "stand" if advice == "play" else advice
        words = {"stand": "plays" if view.public["proposals"] == 0 else "plays on", "propose": "proposes",
                 "refuse": "refuses", "accept": "accepts"}[verb]
        rules = patterns_named(view.book.strategy, view.seat)
        said, why = EXCHANGE_SAID[words]
        return Reasoned(_pick(choices, verb), tr(said, rules=rules), tr(why, rules=rules, because=because))

    def propose(self, view: SeatView, choices: list[NextAction]) -> Reasoned:
        return self._exchange(view, choices)

    def respond(self, view: SeatView, choices: list[NextAction]) -> Reasoned:
        return self._exchange(view, choices)

    def ranked(self, view: SeatView, cards: list[NextAction]) -> list[NextAction]:
        """The legal cards, best first by the analysis from this seat's view."""
        return sorted(cards, key=lambda choice: self.key(view, choice))  # stable: ties keep the referee's order

    def figures(self, view: SeatView, choice: NextAction) -> CardFigures:
        return next(e for e in self.analysis(view)["cards"] if e["card"] == choice["card"])

    def key(self, view: SeatView, choice: NextAction) -> tuple[float, float, float]:
        """Best first: the chance of the point, then of the vole, then the tricks on average."""
        f = self.figures(view, choice)
        return (-f["p_point"], -f["p_vole"], -f["expected_tricks"])

    def card(self, view: SeatView, cards: list[NextAction]) -> Reasoned:
        return self._ranked_card(view, cards, self.ranked(view, cards)[0], "")

    def _ranked_card(self, view: SeatView, cards: list[NextAction], chosen: NextAction, tie: str) -> Reasoned:
        card = Card.from_str(chosen["card"])
        if len(cards) == 1:
            return _both(chosen, tr("%(card)s: the only card the rules of play allowed it.", card=_card(card)))
        f = self.figures(view, chosen)
        said = tr("%(card)s: from what it can see, the card with the best chance of the point.", card=_card(card))
        why = tr("%(card)s: from its own view (its cards, the turn-up and the cards played), the best chance of the "
                 "point among its %(count)s legal cards — %(point)s for the point, %(vole)s for the vole, %(tricks)s "
                 "tricks on average%(tie)s.", card=_card(card), count=len(cards), point=_share(f["p_point"]),
                 vole=_share(f["p_vole"]), tricks=_tenths(f["expected_tricks"]), tie=tie)
        return Reasoned(chosen, said, why)

    def my_chance(self, view: SeatView) -> float:
        """This seat's chance of the point, from its own view. Before play (a double offered during the
        exchange) the engine cannot analyse yet: a hand the jeux de règle would play as it is (play
        without proposing, or refuse) counts as sure of the point, any other as not."""
        if view.phase != "play":
            return 1.0 if self.advised(view)[0] in ("play", "refuse") else 0.0
        answer = self.analysis(view)
        return answer["p_point"] if answer["to_act"] == view.seat else 1 - answer["p_point"]

    def optional(self, view: SeatView, options: list[NextAction], score_before: dict[str, int]) -> Reasoned | None:
        king = super().optional(view, options, score_before)
        if king is not None:
            return king
        wagers = {c["do"]: c for c in options if c["do"] in ("double", "offer-point")}
        if not wagers or view.phase != "play":
            return None
        chance = self.my_chance(view)
        if "double" in wagers and chance == 1:  # the point is certain: make it count double
            return _both(wagers["double"], tr("It offers to double: from what it can see, the point is certain."))
        if "offer-point" in wagers and chance == 0:  # the point is lost whatever: give it, and no vole
            return _both(wagers["offer-point"], tr("It offers you the point: from what it can see, the point is "
                                                   "lost whatever it plays, and this way there is no vole."))
        return None

    def answer_wager(self, view: SeatView, choices: list[NextAction]) -> Reasoned:
        verbs = [c["do"] for c in choices]
        if "accept-double" in verbs:
            chance = self.my_chance(view)
            if chance >= EVEN:
                return Reasoned(_pick(choices, "accept-double"), tr("It accepts the double: from what it can see, "
                                                                    "the point is at least as likely as not."),
                                tr("It accepted the double: from its view its chance of the point was %(chance)s.",
                                   chance=_share(chance)))
            return Reasoned(_pick(choices, "decline-double"), tr("It declines the double: from what it can see, the "
                                                                 "point is less likely than not."),
                            tr("It declined the double: from its view its chance of the point was %(chance)s.",
                               chance=_share(chance)))
        if view.phase != "play":  # the point offered before play: take it (the vole cannot be known yet)
            return _both(_pick(choices, "accept-offer"), tr("It takes the point offered: before the play "
                                                            "nothing can be known of the vole."))
        answer = self.analysis(view)  # declining the point offered binds him to win every trick
        if answer["to_act"] == view.seat and answer["vole"]:
            return _both(_pick(choices, "decline-offer"), tr("It declines the point: from what it can see, it "
                                                             "wins every trick whatever you hold."))
        return _both(_pick(choices, "accept-offer"), tr("It takes the point offered: the vole is not certain "
                                                        "from what it can see."))


class Book(Club):
    """As in the book: Hoffmann's advice where it applies, otherwise as club."""

    level = "book"

    def advised(self, view: SeatView) -> tuple[str, list[str], str]:
        advice, cites, because = super().advised(view)
        adjusted, cites = score_adjusted(view, advice, cites)
        if adjusted != advice:
            rules = patterns_named(view.book.strategy, view.seat)
            because = tr("%(rules)s say %(advice)s, but the score changes it (%(rule)s): %(adjusted)s instead.",
                         rules=rules, advice=tr(ADVISED_WORDS[advice]), adjusted=tr(ADVISED_WORDS[adjusted]),
                         rule=view.book.text(SCORE_RULE, "title", current()).lower())
        return adjusted, cites, because

    def optional(self, view: SeatView, options: list[NextAction], score_before: dict[str, int]) -> Reasoned | None:
        kings = [c for c in options if c["do"] == "announce-king"]
        if kings and view.phase == "play" and conceal_king(view, score_before):
            options = [c for c in options if c["do"] != "announce-king"]
        return super().optional(view, options, score_before) if options else None

    def card(self, view: SeatView, cards: list[NextAction]) -> Reasoned:
        ranked = self.ranked(view, cards)
        if view.led is not None:
            return self._ranked_card(view, cards, ranked[0], "")
        top = self.key(view, ranked[0])
        best = [c for c in ranked if self.key(view, c) == top]
        chosen = min(best, key=lambda c: lead_preference(Card.from_str(c["card"]), view.hand, view.params))
        tie = ""
        if len(best) > 1:
            rank = lead_preference(Card.from_str(chosen["card"]), view.hand, view.params)
            tie = tr("; among leads as good, Hoffmann's choice (%(kind)s)", kind=tr(LEAD_WORDS[rank]))
        return self._ranked_card(view, cards, chosen, tie)


LEVELS = {player.level: player for player in (Beginner, Club, Book)}


def make_player(level: str) -> Beginner:
    return LEVELS[level]()
