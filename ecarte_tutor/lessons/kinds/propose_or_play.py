"""``propose-or-play``: the elder's "propose" or "play", the dealer's "accept" or "refuse" (``{"choice": ...}``).

Advice, not law: the engine matches the hand against the jeux de règle. The diagnosis
names the pattern the hand fits, the king of trumps that overrides it, or the patterns a
hand with this many trumps would need.
"""
from __future__ import annotations

from ...cards import Card, parse_card, parse_suit
from ...strategy import KING_EXCEPTION_RULE
from ..diagnosis import Diagnosis
from ..reading import pretty, require, word
from .base import OneChoice, trumps_line

ELDER_CHOICES = ({"value": "propose", "label": "Propose"}, {"value": "play", "label": "Play without proposing"})
DOING = {"play": "playing without proposing", "propose": "proposing", "refuse": "refusing", "accept": "accepting"}
DEALER_CHOICES = ({"value": "refuse", "label": "Refuse (play as dealt)"}, {"value": "accept", "label": "Accept"})


def _seat(position: dict) -> str:
    return position.get("seat") or "elder"


class ProposeOrPlay(OneChoice):
    name = "propose-or-play"
    ask_kind = "advice"
    field = "choice"

    def choices(self, entry, book):
        return DEALER_CHOICES if _seat(entry["position"]) == "dealer" else ELDER_CHOICES

    def expected(self, exercise, answer):
        return {"choice": answer["advice"]}

    def normalize(self, exercise, response):
        allowed = ("refuse", "accept") if _seat(exercise.position) == "dealer" else ("propose", "play")
        return {"choice": word(require(response, "choice", '{"choice": "play"}'), allowed, "choice")}

    def diagnose(self, exercise, given, expected, answer, book):
        p = exercise.position
        seat, trump = _seat(p), parse_suit(p["trump"])
        patterns = {pattern.id: pattern for pattern in book.strategy.patterns if pattern.seat == seat}
        fitted = patterns.get(answer.get("pattern"))
        if KING_EXCEPTION_RULE in answer.get("cites", []):
            return Diagnosis(f"The hand is a jeu de règle ({fitted.label}), but you hold the king of trumps, "
                             f"{Card('K', trump).pretty}: with it, propose all the same. The dealer cannot draw "
                             "the king, and a refusal puts the risk on him.", KING_EXCEPTION_RULE)
        if fitted:
            return Diagnosis(f"You chose to {given['choice']}, but the hand fits one of the patterns: "
                             f"{fitted.label}. Such a hand calls for {DOING[fitted.advice]}.", fitted.rule)
        trumps = sum(1 for c in p["hand"] if parse_card(c).suit == trump)
        wanted = [pt.label for pt in patterns.values() if _allows(pt, trumps)]
        needs = "; ".join(wanted) if wanted else "more trumps"
        default = book.strategy.defaults[seat]
        return Diagnosis(f"You chose to {given['choice']}, but with {trumps} trump{'s' * (trumps != 1)} the "
                         f"hand fits none of the patterns that would allow it (it would need: {needs}).",
                         default["rule"])

    def words(self, exercise, answer):
        return answer["choice"]

    def describe(self, exercise, book):
        p = exercise.position
        seat = "the dealer" if _seat(p) == "dealer" else "the elder hand"
        return [trumps_line(p), f"You are {seat}. Your hand: {pretty(p['hand'])}"]

    def read_typed(self, exercise, terminal):
        words = "accept or refuse" if _seat(exercise.position) == "dealer" else "propose or play"
        return {"choice": terminal.answer(f"Your decision: {words}?")}


def _allows(pattern, trumps: int) -> bool:
    """Whether a hand with ``trumps`` trumps can fit ``pattern`` at all."""
    limits = pattern.when.get("trumps", {})
    return limits.get("min", 0) <= trumps <= limits.get("max", trumps)
