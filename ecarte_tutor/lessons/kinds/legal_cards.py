"""``legal-cards``: tick every card of the hand that may be played (``{"cards": ["QS"]}``, a set).

The diagnosis names one card: a card ticked that may not be played, or else a legal card
left out, with the duty that decides it (the engine's :func:`~ecarte_tutor.engine.play.duty`).
"""
from __future__ import annotations

from ...cards import parse_card, parse_suit
from ...engine.play import duty
from ..diagnosis import Diagnosis
from ..reading import BadResponse, card_list, pretty, require
from .base import ExerciseKind, KindError, cards_line, params_of, trumps_line


def card_choices(cards, key: str) -> tuple[dict, ...]:
    """Cards offered to pick from, each ``{"value": "QS", "label": "Q♠"}``."""
    choices = []
    for i, text in enumerate(cards):
        try:
            card = parse_card(text)
        except ValueError as exc:
            raise KindError(str(exc), f"{key}[{i}]") from None
        choices.append({"value": str(card), "label": card.pretty})
    return tuple(choices)


class LegalCards(ExerciseKind):
    name = "legal-cards"
    ask_kind = "play"

    def choices(self, entry, book):
        return card_choices(entry["position"]["hand"], "position.hand")

    def expected(self, exercise, answer):
        return {"cards": list(answer["legal_cards"])}

    def normalize(self, exercise, response):
        cards = card_list(require(response, "cards", '{"cards": ["QS"]}'), "cards")
        hand = [parse_card(c) for c in exercise.position["hand"]]
        for i, card in enumerate(cards):
            if card not in hand:
                raise BadResponse(f"{card.pretty} is not in the hand ({pretty(hand)}).", f"cards[{i}]")
        if not cards:
            raise BadResponse("Choose at least one card: there is always a card you may play.", "cards")
        return {"cards": [str(c) for c in cards]}

    def agree(self, exercise, a, b):
        return set(a["cards"]) == set(b["cards"])

    def diagnose(self, exercise, given, expected, answer, book):
        params = params_of(exercise, book)
        position = exercise.position
        hand = [parse_card(c) for c in position["hand"]]
        led = parse_card(position["led"]) if position.get("led") else None
        trump = parse_suit(position["trump"])
        found = duty(hand, led, trump, params)
        ticked = {parse_card(c) for c in given["cards"]}
        extra = [c for c in hand if c in ticked and c not in found.legal]
        if extra:
            return _wrongly_ticked(extra[0], led, trump, found, params)
        missed = [c for c in hand if c in found.legal and c not in ticked]
        return _left_out(missed[0], led, found, hand, params)

    def words(self, exercise, answer):
        return pretty(answer["cards"])

    def read_form(self, exercise, form):
        response = {"cards": form.getlist("cards")}
        return response, dict(response)

    def form_data(self, exercise, answer):
        return {"cards": list(answer["cards"])}

    def describe(self, exercise, book):
        p = exercise.position
        return [trumps_line(p), cards_line("Card led", [p["led"]]) if p.get("led") else "You are to lead.",
                cards_line("Your hand", p["hand"])]

    def read_typed(self, exercise, terminal):
        text = terminal.answer("Which cards may be played? Type all of them, separated by spaces")
        return {"cards": text.replace(",", " ").split()}


def _singular(suit) -> str:
    return suit.english[:-1]


def _ace_below(card, led, params) -> bool:
    """The commonest mistake: an ace taken to beat the knave (or the queen, or the king) it ranks below."""
    return card.rank == "A" and led is not None and card.suit == led.suit and params.ranking.higher(led, card)


def _wrongly_ticked(card, led, trump, found, params) -> Diagnosis:
    follow, head = found.rule_ids[0], found.rule_ids[-1]
    suit = led.suit.english if led else ""
    if found.code == "head" and card.suit == led.suit:
        if _ace_below(card, led, params):
            return Diagnosis(f"You chose {card.pretty}, but it does not beat {led.pretty}: the ace ranks below "
                             f"the knave. You hold a {_singular(led.suit)} that does beat it, so you must play "
                             "that one.", params.rule_for("rank_order"))
        return Diagnosis(f"You chose {card.pretty}, but it does not beat {led.pretty}, and you hold a "
                         f"{_singular(led.suit)} that does: when you can win the trick, you must.", head)
    if found.code in ("head", "follow"):
        what = "a trump, but" if card.suit is trump else f"not a {_singular(led.suit)}, and"
        return Diagnosis(f"You chose {card.pretty}: it is {what} you hold {suit}, and while you hold the suit "
                         "led you must follow it.", follow)
    # found.code == "trump": a card of another plain suit ticked while holding a trump
    return Diagnosis(f"You chose {card.pretty}, but you have no {suit} and you do hold a trump: a player "
                     "who cannot follow suit must trump.", found.rule_ids[0])


# Why a card left out may be played too, by the duty that decides (the engine's Duty.code).
LEFT_OUT = {
    "lead": "the leader may lead any card; the duties bind only the player who answers a lead.",
    "free": "holding neither {suit} nor a trump, you may play any card.",
    "trump": "you have no {suit}, and any trump wins this trick, so any of your trumps will do.",
    "head": "it beats {led} too, and any {one} that wins the trick will do.",
    "follow": "it is legal too, because none of your {suit} beats {led}{ace}, so any {one} will do.",
}


def _left_out(card, led, found, hand, params) -> Diagnosis:
    rule = found.rule_ids[-1]
    aces = [c for c in hand if _ace_below(c, led, params)] if found.code == "follow" else []
    ace = f" ({aces[0].pretty} does not: the ace ranks below the knave)" if aces else ""
    words = {"suit": led.suit.english, "led": led.pretty, "one": _singular(led.suit), "ace": ace} if led else {}
    return Diagnosis(f"You left out {card.pretty}: " + LEFT_OUT[found.code].format(**words),
                     params.rule_for("rank_order") if aces else rule)
