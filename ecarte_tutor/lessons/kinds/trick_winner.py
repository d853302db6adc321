"""``trick-winner``: who takes a trick of two cards (``{"winner": "leader" | "follower"}``).

The winning card itself is accepted as an answer. The diagnosis says why the card the
learner chose cannot take the trick, from the branch of the engine's own explanation.
"""
from __future__ import annotations

from ...cards import CardNotationError, parse_card, parse_suit
from ...engine.play import explain_trick
from ..diagnosis import Diagnosis
from ..reading import BadResponse, require, word
from .base import OneChoice, params_of, trumps_line

WINNERS = ("leader", "follower")


class TrickWinner(OneChoice):
    name = "trick-winner"
    ask_kind = "trick"
    field = "winner"

    def choices(self, entry, book):
        position = entry["position"]
        led, followed = (parse_card(position[key]).pretty for key in ("led", "followed"))
        return ({"value": "leader", "label": f"The leader, who led {led}"},
                {"value": "follower", "label": f"The follower, who played {followed}"})

    def expected(self, exercise, answer):
        return {"winner": answer["winner"]}

    def normalize(self, exercise, response):
        value = require(response, "winner", '{"winner": "leader"}')
        try:  # the winning card itself is a fair way to answer
            card = parse_card(value)
        except CardNotationError:
            return {"winner": word(value, WINNERS, "winner")}
        for role, key in (("leader", "led"), ("follower", "followed")):
            if card == parse_card(exercise.position[key]):
                return {"winner": role}
        raise BadResponse(f"{card.pretty} is not in this trick; answer 'leader' or 'follower'.", "winner")

    def diagnose(self, exercise, given, expected, answer, book):
        p = exercise.position
        led, followed, trump = parse_card(p["led"]), parse_card(p["followed"]), parse_suit(p["trump"])
        _, rules = explain_trick(led, followed, trump, params_of(exercise, book))
        chosen, other = (led, followed) if given["winner"] == "leader" else (followed, led)
        start = f"You gave the trick to {chosen.pretty}, but"
        if led.suit == followed.suit:
            note = " the ace ranks below the knave, and" if chosen.rank == "A" else ""
            return Diagnosis(f"{start} both cards are {led.suit.english}, so rank alone decides:{note} "
                             f"{chosen.pretty} ranks below {other.pretty}.", rules[-1])
        if other.suit == trump:
            return Diagnosis(f"{start} {other.pretty} is a trump, and a trump beats every card of another suit, "
                             "however high.", rules[-1])
        return Diagnosis(f"{start} {followed.pretty} neither follows {led.suit.english} nor is a trump, so it "
                         "cannot win the trick, whatever its rank.", rules[-1])

    def words(self, exercise, answer):
        key = "led" if answer["winner"] == "leader" else "followed"
        return f"the {answer['winner']} wins, with {parse_card(exercise.position[key]).pretty}"

    def describe(self, exercise, book):
        p = exercise.position
        led, followed = parse_card(p["led"]).pretty, parse_card(p["followed"]).pretty
        return [trumps_line(p), f"Led: {led}   Played to it: {followed}"]

    def read_typed(self, exercise, terminal):
        return {"winner": terminal.answer("Who wins the trick: leader or follower (or type the winning card)?")}
