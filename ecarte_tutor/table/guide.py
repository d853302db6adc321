"""The guided first hand: a real game at the table, its first deal fixed, each step explained first.

:func:`start` opens an ordinary :class:`.game.Game` whose seed gives a deal worth walking through
(``GUIDED_SEED``: the learner is the elder hand with one trump, two kings and an ace, so he
proposes, throws out and plays to tricks; the tutor plays at club level). Before each of the
learner's decisions in that deal :func:`explain` says, from the engine at that moment:

- what he holds (his cards sorted as a player holds them, the trumps counted);
- what the rules let him do now (the referee's legal choices; the ``play`` kind's duty for a
  card; the profile's limits for a discard; what a commitment stakes, by the scoring);
- what the advice suggests and why (the ``advice`` kind, the discard advice, the ``analyse``
  kind from his own view for a card) — advice he is free not to take.

Nothing here decides for him: every move goes to the referee as in any game.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from ..cards import Card, shown, suit_name
from ..engine import play, stakes
from ..engine.citing import Explained
from ..i18n import current, marked, tr, trn
from ..jsontypes import Question
from ..rulebook import RuleBook
from .discard import choose_discard
from .game import Decision, Game
from .hoffmann import lead_preference
from .telling import pretty
from .view import SeatView, in_hand_order
from .why import lead_hint, stakes_of

ADVICE = {"play": marked("The advice is to play as you are. %(because)s"),
          "propose": marked("The advice is to propose. %(because)s"),
          "accept": marked("The advice is to accept. %(because)s"),
          "refuse": marked("The advice is to refuse. %(because)s")}  # by the advice kind's verdict; through tr
GUIDED_SEED = 32  # the learner (elder) holds A♠ K♦ 7♦ 9♥ K♠ with the ten of hearts turned up
GUIDED = {"seed": GUIDED_SEED, "level": "club", "first_dealer": "tutor"}


class GuideStep(TypedDict):
    """One step of the guided hand, said before the learner acts."""

    step: int
    title: str
    holds: str
    allowed: str
    advice: str


def start(book: RuleBook | None = None, profile: str | None = None,
          agreements: Sequence[object] | None = None) -> Game:
    """The guided game: the table's own game, its first deal the fixed one."""
    return Game.start(book, **GUIDED, profile=profile, agreements=list(agreements or ()))


def guiding(game: Game) -> bool:
    """Is the game at its guided deal (the first), with a decision of the learner's to explain?"""
    return game.settings.seed == GUIDED_SEED and game.current.number == 0 and game.decision() is not None


def explain(game: Game) -> GuideStep | None:
    """The step the learner is at in the guided deal, or None once it is over."""
    if not guiding(game):
        return None
    decision = game.decision()
    assert decision is not None  # guiding() says so
    view = decision.view
    verbs = {c["do"] for c in decision.choices}
    number = 1 + sum(1 for player in game.current.by if player == "learner")
    holds = _holds(view)
    if verbs & {"propose", "stand", "accept", "refuse"}:
        title, allowed, advice = _exchange(view, verbs)
    elif "discard" in verbs:
        title, allowed, advice = _discard(view, decision)
    elif "card" in verbs:
        title, allowed, advice = _card(view, decision)
    else:
        title, allowed, advice = _announcement(view, decision)
    return {"step": number, "title": title, "holds": holds, "allowed": allowed, "advice": advice}


def _holds(view: SeatView) -> str:
    cards = in_hand_order(view.hand, view.trump, view.params)
    trumps = sum(1 for c in cards if c.suit is view.trump)
    lang = current()
    slots = {"cards": pretty(cards), "suit": suit_name(view.trump, lang), "turn_up": shown(view.turn_up, lang)}
    if view.seat == "elder":
        return trn("You are the elder hand (you speak and lead first). You hold %(cards)s: %(count)d trump, %(suit)s "
                   "being trumps because the turn-up is %(turn_up)s.", "You are the elder hand (you speak and lead "
                   "first). You hold %(cards)s: %(count)d trumps, %(suit)s being trumps because the turn-up is "
                   "%(turn_up)s.", trumps, **slots) if trumps else \
            tr("You are the elder hand (you speak and lead first). You hold %(cards)s: no trump, %(suit)s being trumps "
               "because the turn-up is %(turn_up)s.", **slots)
    return trn("You are the dealer. You hold %(cards)s: %(count)d trump, %(suit)s being trumps because the turn-up is "
               "%(turn_up)s.", "You are the dealer. You hold %(cards)s: %(count)d trumps, %(suit)s being trumps "
               "because the turn-up is %(turn_up)s.", trumps, **slots) if trumps else \
        tr("You are the dealer. You hold %(cards)s: no trump, %(suit)s being trumps because the turn-up is "
           "%(turn_up)s.", **slots)


def _exchange(view: SeatView, verbs: set[str]) -> tuple[str, str, str]:
    advice = view.advice()
    number = view.proposal_number
    stake = stakes.stake_clause(advice["consequences"], view.seat, number, chooser="you")
    if view.seat == "elder":
        title = tr("Propose, or play?")
        allowed = tr("The rules let you propose (ask for an exchange of cards, which the dealer may accept or refuse) "
                     "or %(stand)s. What it stakes: %(stake)s.", stand=stakes_of("stand", number), stake=stake)
    else:
        title = tr("Accept, or refuse?")
        allowed = tr("The elder hand has proposed. The rules let you accept (%(accept)s) or %(refuse)s. What it "
                     "stakes: %(stake)s.", accept=stakes_of("accept", number), refuse=stakes_of("refuse", number),
                     stake=stake)
    because = advice["explanation"].split(". ", 1)[-1]
    return title, allowed, tr(ADVICE[advice["advice"]], because=because)


def _discard(view: SeatView, decision: Decision) -> tuple[str, str, str]:
    choice = next(c for c in decision.choices if c["do"] == "discard")
    low, high = choice["min"], choice["max"]
    stock = view.public["stock_size"]
    allowed = (tr("The exchange was accepted: the rules let you throw out %(low)s to %(high)s cards and draw as many "
                  "from the stock (%(stock)s cards in it). The cards you throw out are seen by nobody.", low=low,
                  high=high, stock=stock) if low != high else
               tr("The exchange was accepted: the rules let you throw out %(low)s cards and draw as many from the "
                  "stock (%(stock)s cards in it). The cards you throw out are seen by nobody.", low=low, stock=stock))
    advised = choose_discard(view.hand, view.trump, low, high, view.params)
    advice = tr("The advice is to keep trumps and kings and throw the rest: throw out %(cards)s. A king is worth "
                "keeping (it may take a trick, and the king of trumps scores when announced); trumps win tricks of "
                "any other suit.", cards=pretty(advised))
    return tr("What to throw out"), allowed, advice


def _card(view: SeatView, decision: Decision) -> tuple[str, str, str]:
    legal = [Card.from_str(c["card"]) for c in decision.choices if c["do"] == "card"]
    question: Question = {"kind": "play", "trump": view.trump.letter, "hand": [c.notation for c in view.hand]}
    if view.led is not None:
        question["led"] = view.led.notation
    duty = view.ask(question, Explained)["explanation"]
    lang = current()
    title = tr("Your lead") if view.led is None else tr("Play to %(card)s", card=shown(view.led, lang))
    allowed = tr("%(duty)s The rules let you play %(cards)s.", duty=duty,
                 cards=play.card_list(legal, lang=lang))
    if len(legal) == 1:
        return title, allowed, tr("There is nothing to choose: play it.")
    figures = {f["card"]: f for f in view.analyse()["cards"]}
    top = max(f["p_point"] for f in figures.values())
    best = [c for c in legal if figures[c.notation]["p_point"] >= top - 0.005]
    chance = round(100 * top)
    advice = trn("From what you can know (your cards, the turn-up and the cards played), %(cards)s gives the best "
                 "chance of the point: %(chance)s %%.", "From what you can know (your cards, the turn-up and the "
                 "cards played), %(cards)s give the best chance of the point: %(chance)s %%.", len(best),
                 cards=play.card_list(best, lang=lang), chance=chance)
    if view.led is None and (not view.could_beat(best[0]) or lead_preference(best[0], view.hand, view.params) < 2):
        advice += " " + lead_hint(view, best[0])  # what Hoffmann says, where it bears this choice out
    return title, allowed, advice


def _announcement(view: SeatView, decision: Decision) -> tuple[str, str, str]:
    verbs = [c["do"] for c in decision.choices]
    if "announce-king" in verbs:
        points = stakes.king_points(view.seat, view.params, view.book)
        return (tr("The king of trumps"), tr("You hold the king of trumps: announcing it scores %(points)s, and you "
                                             "may let the chance go.", points=points),
                tr("The advice is to announce it: the point is yours for the saying."))
    return (tr("Before the tutor goes on"), tr("The tutor is about to act; what is open to you now closes with its "
                                               "move."), tr("Go on unless you mean to use it now."))
