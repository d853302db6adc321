"""A trick's explanation names both its cards as a player of the question's language writes them."""
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
