"""``ecarte-tutor play --lang fr``: the table at the terminal speaks French (issue 42); the words typed stay."""
from ecarte_tutor.i18n import speaking
from ecarte_tutor.languages import extracted

from .test_terminal import OPTIONS, run_play, script_for

ENGLISH_LINES = ("Écarté against the tutor", "At each decision", "— Deal", "Turn-up:", "Your cards:", "Review of deal",
                 "Score now:", "Refused by the referee", "The game's record", "Your legal cards", "Choices:")


def test_a_whole_game_at_the_terminal_in_french():
    lines, game = script_for(12, level="club", profile="london", first_dealer="learner")
    status, text = run_play([*OPTIONS, "--lang", "fr"], lines)
    assert status == 0
    assert "L'écarté contre le tuteur (niveau club), profil london, partie en 5 ; graine 12." in text
    assert "— Donne 1 : vous donnez ; vous êtes le donneur." in text
    assert "Refusé par l'arbitre :" in text and "Revue de la donne 1 :" in text
    assert "Le relevé de la partie (rejouez-la avec --replay FICHIER) :" in text
    for english in ENGLISH_LINES:
        assert english not in text, english
    with speaking("fr"):
        from ecarte_tutor.table import endings

        assert endings.game_over(game) in text  # the game's end from the French endings


def test_the_terminal_s_sentences_are_in_the_catalogue():
    said = {key for key, places in extracted().items() if any("table/terminal.py" in place for place in places)}
    assert len(said) > 40  # the terminal says nothing outside the catalogue but the record and the ids


def test_english_stays_the_default():
    lines, _ = script_for(12, level="club", profile="london", first_dealer="learner")
    status, text = run_play(OPTIONS, lines)
    assert status == 0 and "Écarté against the tutor (club level)" in text and "tuteur" not in text
