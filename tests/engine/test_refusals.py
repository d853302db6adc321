"""A question refused names the field at fault and says what is wrong there (docs/api.md's error object).

The worked cases compare an error's code only; these hold its ``field`` too, which a form or an API client uses to
point at the box to correct, and the words that name the mistake."""
import pytest

from ecarte_tutor import ask

HANDS = {"elder": ["QD", "JD", "KH", "10S", "9S"], "dealer": ["AD", "7D", "KS", "QS", "8C"]}
STOCK = ["JS", "AS", "8S", "7S", "QH", "JH", "AH", "10H", "9H", "8H", "7H", "10D", "9D", "8D", "KC", "QC", "JC", "AC",
         "10C", "9C", "7C"]

REFUSALS = [
    ({"kind": "play", "trump": "S", "hand": ["QS", "7H"], "led": "QS"}, "led-in-hand", "led", "The card led, Q♠"),
    # the same card written another way takes the field-by-field reading, which must refuse it the same way
    ({"kind": "play", "trump": "spades", "hand": ["Q♠", "7H"], "led": "QS"}, "led-in-hand", "led", "Q♠"),
    ({"kind": "trick", "trump": "X", "led": "QS", "followed": "7H"}, "bad-suit", "trump", "'X' is not a suit"),
    ({"kind": "play", "trump": "S", "hand": ["QS", "7H", "8H", "9H", "10H", "JH"], "led": "KS"}, "too-many-cards",
     "hand", "'hand' holds 6 cards; at most 5 are allowed."),
    ({"kind": "trick", "trump": "S", "led": "QS", "followed": "QS"}, "duplicate-card", "followed",
     "The same card, Q♠, cannot be both led and played to."),
    ({"kind": "hand", "deal": {**HANDS, "turn_up": "KD", "stock": STOCK}, "actions": [{"by": "elder", "do": "jump"}]},
     "bad-action", "actions[0].do", "actions[0].do must be one of propose, stand, accept, refuse, discard,"),
    ({"kind": "hand", "deal": {**HANDS, "stock": STOCK}, "actions": []}, "bad-deal", "deal.turn_up",
     "The deal needs the turn-up card."),
    ({"kind": "hand", "deal": {**HANDS, "turn_up": "KD", "stock": [], "out_of_play": ["7C"] * 22}, "actions": []},
     "bad-deal", "deal.out_of_play", "At most 21 cards can be out of play, not 22."),
    ({"kind": "record", "trump": "X", "tricks": []}, "bad-suit", "trump", "'X' is not a suit"),
    ({"kind": "record", "trump": "S", "tricks": "x"}, "bad-field", "tricks", "'tricks' must be a list of tricks"),
    ({"kind": "record", "trump": "S", "tricks": [{"leader": "elder", "led": "7H", "followed": "8H"},
                                                 {"leader": "elder", "led": "7H", "followed": "9H"}]},
     "duplicate-card", "tricks[1].led", "7♥ appears twice in the record (tricks[0].led and tricks[1].led)"),
    ({"kind": "pool", "players": ["Anne", "Bertrand", "Claude"], "results": ["Anne", "Anne", "Claude"]},
     "pool-over", "results[2]", "Anne had already won the pool before game 3."),
]


@pytest.mark.parametrize(("question", "code", "field", "words"), REFUSALS,
                         ids=[f"{q['kind']}-{code}-{i}" for i, (q, code, _, _) in enumerate(REFUSALS)])
def test_a_refusal_names_its_field(question, code, field, words):
    error = ask(question)["error"]
    assert (error["code"], error["field"]) == (code, field)
    assert words in error["message"]
