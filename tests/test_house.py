"""A club's house rules: loaded and checked against the rule book, and applied to every answer."""
from pathlib import Path

import pytest

from ecarte_tutor import ask
from ecarte_tutor.cli import main
from ecarte_tutor.errors import DataError
from ecarte_tutor.house import load_house
from ecarte_tutor.library import load_library

EXAMPLE = Path(__file__).parents[1] / "rules" / "houses" / "cercle-exemple.yaml"


def test_the_example_house_loads_with_its_profile_and_agreements(book):
    house = load_house(EXAMPLE, book)
    assert house.title.startswith("Rules of the Cercle")
    assert house.profile == "london"
    assert dict(house.agreements) == {"game-target": 7, "treble-double-single": "by-loser-score"}


def test_answers_under_a_house_follow_it_and_say_so():
    library = load_library(house=EXAMPLE)
    answer = ask({"kind": "score", "tricks": {"elder": 3, "dealer": 2}, "score_before": {"elder": 5, "dealer": 0}},
                 library)
    assert answer["house"] == "Rules of the Cercle de l'Exemple"
    assert answer["winner"] is None and answer["score_after"] == {"elder": 6, "dealer": 0}  # a game of seven
    answer = ask({"kind": "score", "tricks": {"elder": 3, "dealer": 2}, "score_before": {"elder": 6, "dealer": 0}},
                 library)
    assert answer["winner"] == "elder" and answer["game_value"] == 3  # treble: the loser had nothing
    # a question that names its own profile or agreements keeps them
    answer = ask({"kind": "score", "tricks": {"elder": 3, "dealer": 2}, "score_before": {"elder": 4, "dealer": 0},
                  "agreements": []}, library)
    assert answer["winner"] == "elder" and answer["game_value"] == 1


@pytest.mark.parametrize("text, key, fragment", [
    ("title: A house\nprofile: paris\n", "profile", "unknown profile 'paris'"),
    ("title: A house\nprofile: london\nagreements: [ace-hi]\n", "agreements[0]", "ace-high"),
    ("title: A house\nprofile: london\nagreements: [{game-target: 40}]\n", "agreements[0]", "3 to 15"),
    ("title: A house\nprofile: london\nextra: 1\n", "(top level)", "extra"),
])
def test_a_broken_house_file_names_the_file_and_the_key(tmp_path, book, text, key, fragment):
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_house(path, book)
    assert "house.yaml" in str(err.value) and key in str(err.value) and fragment in str(err.value)


def test_check_takes_a_house_file(capsys):
    assert main(["check", "--house", str(EXAMPLE)]) == 0
    assert "House: Rules of the Cercle de l'Exemple" in capsys.readouterr().out
