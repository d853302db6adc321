"""One line of *why* for each legal choice of a decision, in a player's words, from the engine.

- a card, where there is a choice: first its verdict from what the learner can see (the hidden-card
  model's chances, :mod:`.judging`), led, for a card that trails the best, by why the best beats it in
  words (a deal where the two part, both played out: the trick it loses and to which card); then the
  ``play`` kind's explanation of that card ("J♠ was led and you hold spades, so you must follow suit and
  beat J♠ when you can: Q♠ does");
- propose or play, accept or refuse: what the choice stakes, and the jeux de règle's verdict on
  this hand (the ``advice`` kind);
- a discard: the profile's limits and what the discard advice would throw out;
- the king, doubling, offering the point: the rule, and until when it is open;
- letting the tutor go on: what closes with his next action.
"""
from __future__ import annotations

from typing import TypedDict

from ..cards import Card, shown
from ..engine import parting, play, stakes, wagers
from ..engine.advice import AdviceJson
from ..engine.citing import Explained
from ..engine.hand import NextAction
from ..i18n import current, marked, tr, trn
from ..jsontypes import Question
from ..marks import decides
from ..strategy import patterns_named
from . import judging
from .discard import DISCARD_RULE, choose_discard
from .hoffmann import LEADING_RULE, lead_preference
from .view import SeatView

STAKES = {  # what an exchange choice is, by (verb, proposal 1 or later), each through tr
    ("propose", 1): marked("ask for an exchange of cards; the dealer may accept or refuse"),
    ("accept", 1): marked("grant the exchange: each of you throws out cards and draws from the stock"),
    ("stand", 1): marked("play the cards as dealt (\"I play\")"),
    ("stand", 2): marked("play on with the cards you hold now, without another exchange (\"I play\")"),
    ("refuse", 1): marked("refuse the first proposal and play the hands as they are"),
    ("refuse", 2): marked("refuse this further exchange and play the hands as they now are"),
}


def stakes_of(verb: str, proposal_number: int) -> str:
    """What an exchange choice is at this proposal ("I play" before any proposal is playing the cards
    as dealt; after an accepted exchange it is playing on with the cards drawn)."""
    later = 2 if proposal_number > 1 and verb in ("stand", "refuse") else 1
    return tr(STAKES[verb, later])


RULES = {"propose": "exchange.propose", "stand": "exchange.propose", "accept": "exchange.accept-or-refuse",
         "refuse": "exchange.accept-or-refuse"}
WAGER_RULES = {"double": wagers.DOUBLE, "accept-double": wagers.DOUBLE, "decline-double": wagers.DOUBLE,
               "offer-point": wagers.OFFER, "accept-offer": wagers.OFFER, "decline-offer": wagers.OFFER}
LEAD_HINTS = {  # by hoffmann.lead_preference, each through tr
    0: marked("%(card)s heads a sequence: the lead Hoffmann recommends."),
    1: marked("%(card)s is a single card of its suit: a sound lead."),
    2: marked("%(card)s is neither the top of a sequence nor a single card."),
    3: marked("%(card)s is a high card from a suit of two whose other card is lower: Hoffmann warns it often costs "
              "the point."),
}
MASTER = marked("%(card)s cannot be beaten: no card your adversary may still hold ranks above it, so it wins the "
                "trick.")
MASTER_OR_TRUMP = marked("%(card)s cannot be beaten: no card your adversary may still hold ranks above it or is a "
                         "trump, so it wins the trick.")


class Reason(TypedDict):
    """Why one legal choice: a line in a player's words, and the rules it rests on."""

    choice: NextAction
    why: str
    cites: list[str]


@decides(wagers.DOUBLE, wagers.OFFER, "exchange.accept-or-refuse", "exchange.propose")
def reasons(view: SeatView, choices: list[NextAction]) -> list[Reason]:
    """``[{"choice": action, "why": one line, "cites": [rule ids]}]``, one per choice."""
    out: list[Reason] = []
    advice: AdviceJson | None = None
    cards = [choice["card"] for choice in choices if choice["do"] == "card"]
    verdicts = card_verdicts(view, cards) if len(cards) > 1 else {}
    for choice in choices:
        verb = choice["do"]
        if verb == "card":
            line, cites = _card(view, choice["card"])
            if choice["card"] in verdicts:
                line = f"{verdicts[choice['card']]} {line}"  # two sentences, each whole
        elif verb in RULES:
            advice = advice or view.advice()
            line, cites = _exchange(view, verb, advice)
        elif verb == "discard":
            line, cites = _discard(view, choice)
        elif verb == "announce-king":
            line, cites = _king(view)
        elif verb in WAGER_RULES:
            rule, lang = view.book.rules[WAGER_RULES[verb]], current()
            line = tr("%(title)s: %(statement)s", title=view.book.text(rule.id, "title", lang),
                      statement=" ".join(view.book.text(rule.id, "statement", lang).split()))
            cites = [rule.id]
        else:
            line, cites = tr("Let the tutor go on: what you could announce or offer now closes with his next "
                             "action."), []
        out.append({"choice": choice, "why": line, "cites": cites})
    return out


@decides(LEADING_RULE)
def _card(view: SeatView, card: str) -> tuple[str, list[str]]:
    question: Question = {"kind": "play", "trump": view.trump.letter, "hand": [c.notation for c in view.hand],
                          "card": card}
    if view.led is not None:
        question["led"] = view.led.notation
    answer = view.ask(question, Explained)
    text, cites = answer["explanation"], answer["cites"]
    played = Card.from_str(card)
    legal = tr("%(card)s is legal. ", card=shown(played, current()))
    text = text[len(legal):] if text.startswith(legal) else text
    if view.led is None:  # any card may be led: say what Hoffmann says of this one, if it can be beaten
        text += " " + lead_hint(view, played)
        cites = [*cites, LEADING_RULE]
    return text, cites


def card_verdicts(view: SeatView, cards: list[str]) -> dict[str, str]:
    """Each card's verdict from what the learner can see (the catalogue's ``verdicts``), a card that trails the
    best led by why the best beats it (:func:`.judging.whys`)."""
    answer = view.analyse()
    figures = {entry["card"]: entry for entry in answer["cards"] if entry["card"] in cards}
    if len(figures) < 2:
        return {}
    best = judging.best_by_view(figures, view.params)
    top = figures[best[0]]
    words = parting.catalogue(view.book).verdicts
    lang = current()
    names = play.card_list((Card.from_str(c) for c in best), lang=lang)
    trailing = {Card.from_str(c): goal for c in figures if c not in best
                and (goal := judging.behind(figures[c], top, figures)) is not None}
    whys = judging.whys(view.analyse_question(), view.params, view.book, view.seat, Card.from_str(best[0]),
                        trailing) if trailing else {}
    out = {}
    for card, mine in figures.items():
        slots = {"card": shown(Card.from_str(card), lang), "best": names, "chance": judging.chance(mine),
                 "best_chance": judging.chance(top)}
        kind = "best" if card in best else "worse" if Card.from_str(card) in trailing else "near"
        verdict = words[kind].format(**slots)
        reason = whys.get(Card.from_str(card))
        out[card] = f"{reason} {verdict}" if reason else verdict
    return out


def lead_hint(view: SeatView, card: Card) -> str:
    """Hoffmann's view of a lead, for what the learner can know: a card nothing still unseen can beat
    is a sure trick, whatever the shape of its suit."""
    written = shown(card, current())
    if not view.could_beat(card):
        return tr(MASTER if card.suit is view.trump else MASTER_OR_TRUMP, card=written)
    return tr(LEAD_HINTS[lead_preference(card, view.hand, view.params)], card=written)


@decides("exchange.accept-or-refuse", "exchange.propose")
def _exchange(view: SeatView, verb: str, advice: AdviceJson) -> tuple[str, list[str]]:
    advised = {"play": "stand"}.get(advice["advice"], advice["advice"])
    rules = patterns_named(view.book.strategy, view.seat)
    first = advice["explanation"].split(". ", 1)[-1]  # the hand is on show already: keep the verdict's reasons
    slots = {"stakes": stakes_of(verb, view.proposal_number), "rules": rules, "reasons": first}
    line = (tr("To %(stakes)s: %(rules)s advise it. %(reasons)s", **slots) if verb == advised else
            tr("To %(stakes)s: %(rules)s advise against it. %(reasons)s", **slots))
    return line, [RULES[verb], *advice["cites"]]


@decides("exchange.discard-and-draw", DISCARD_RULE)
def _discard(view: SeatView, choice: NextAction) -> tuple[str, list[str]]:
    low, high = choice["min"], choice["max"]
    lang = current()
    advised = choose_discard(view.hand, view.trump, low, high, view.params)
    slots = {"throw": " ".join(shown(c, lang) for c in advised) or tr("nothing"),
             "rule": view.book.text(DISCARD_RULE, "title", lang).lower()}
    line = (tr("Throw out %(low)s to %(high)s cards and draw as many. The advice (%(rule)s): keep trumps and kings, "
               "so throw out %(throw)s.", low=low, high=high, **slots) if low != high else
            trn("Throw out %(count)d card and draw as many. The advice (%(rule)s): keep trumps and kings, so throw "
                "out %(throw)s.", "Throw out %(count)d cards and draw as many. The advice (%(rule)s): keep trumps "
                "and kings, so throw out %(throw)s.", low, **slots))
    return line, ["exchange.discard-and-draw", view.params.rule_for(f"{view.seat}_min_discard"), DISCARD_RULE]


@decides("king.announce")
def _king(view: SeatView) -> tuple[str, list[str]]:
    king = Card("K", view.trump)
    window = view.params.rule_for("king_window")
    variant = view.book.rules[window].variant
    assert variant is not None  # the profiles set the window (variant.king-window): no agreement changes it
    says = " ".join(variant["profiles"][view.params.profile]["says"].split())
    points = stakes.king_points(view.seat, view.params, view.book)
    return (tr("You hold %(card)s, the king of trumps: announcing it scores %(points)s. Until when: %(says)s",
               card=shown(king, current()), points=points, says=says), ["king.announce", window])
