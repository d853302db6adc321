"""Pool écarté (kind ``pool``): rotation, the winner, and names as players write them."""
from ecarte_tutor import ask

PLAYERS = ["Anne", "Bertrand", "Claude"]


def pool(results, **more):
    return ask({"kind": "pool", "players": PLAYERS, "first": ["Anne", "Bertrand"], "results": results, **more})


def test_the_loser_gives_his_seat_to_the_player_who_waited():
    answer = pool(["Anne"])
    assert answer["seated"] == ["Anne", "Claude"] and answer["sitting_out"] == "Bertrand"
    assert "one more win in a row takes the pool" in answer["explanation"]


def test_two_wins_running_take_the_pool_and_two_apart_do_not():
    assert pool(["Anne", "Anne"])["winner"] == "Anne"
    apart = pool(["Anne", "Claude", "Bertrand", "Anne"])
    assert apart["winner"] is None and apart["sitting_out"] is not None


def test_names_match_whatever_their_capitals_and_answers_keep_the_players_spelling():
    answer = pool(["anne ", "ANNE"])
    assert answer["winner"] == "Anne"


def test_two_players_whose_names_differ_only_in_capitals_are_refused():
    answer = ask({"kind": "pool", "players": ["Anne", "anne", "Claude"], "first": ["Anne", "Claude"],
                  "results": []})
    assert answer["error"]["code"] == "same-player"


def test_two_first_players_who_are_one_name_are_refused_as_one_player():
    answer = ask({"kind": "pool", "players": PLAYERS, "first": ["Anne", " anne"], "results": []})
    assert answer["error"]["code"] == "same-player" and answer["error"]["field"] == "first"


def test_the_schema_calls_blank_exactly_the_names_the_engine_calls_blank():
    """The name pattern of the schema and Python's ``str.strip`` agree on every blank character, so a name
    the schema allows is never refused as blank (a form feed once got past the schema)."""
    import json
    import re
    import sys
    from importlib.resources import files

    schema = json.loads(files("ecarte_tutor.schemas").joinpath("questions/pool.schema.json").read_text())
    pattern = re.compile(schema["$defs"]["name"]["pattern"])
    blanks = [chr(i) for i in range(sys.maxunicode + 1) if chr(i).isspace()]
    assert [c for c in blanks if pattern.search(c)] == []
    for c in blanks:
        answer = ask({"kind": "pool", "players": [c, "Bertrand", "Claude"]})
        assert answer["error"]["code"] == "bad-field"
    assert pattern.search("\u200b")  # a zero-width space is no blank to Python, nor to the schema
