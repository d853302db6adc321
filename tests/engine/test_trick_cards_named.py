"""An explanation names its cards and the trump suit as a player of the question's language writes them."""
import pytest

from ecarte_tutor import ask


@pytest.mark.parametrize(("led", "followed", "both"), [
    ("QH", "QS", ("D♠", "D♥")),  # trumped
    ("QS", "KH", ("D♠", "R♥")),  # the trump led
    ("KH", "QC", ("R♥", "D♣")),  # a plain suit not followed
    ("KH", "QH", ("R♥", "D♥")),  # the suit led, by rank
])
def test_a_trick_in_french_names_the_card_led_and_the_card_played_to_it_in_french(led, followed, both):
    answer = ask({"kind": "trick", "trump": "S", "led": led, "followed": followed, "lang": "fr"})
    assert all(card in answer["explanation"] for card in both), answer["explanation"]


@pytest.mark.parametrize(("hand", "led"), [
    (["7S", "8H"], "KC"),  # void in the suit led: he must trump
    (["7H", "8H"], "KS"),  # trumps led and he has none: any card
])
def test_a_play_answer_in_french_names_the_trump_suit_in_french(hand, led):
    answer = ask({"kind": "play", "trump": "S", "hand": hand, "led": led, "lang": "fr"})
    assert "atout pique" in answer["explanation"], answer["explanation"]
