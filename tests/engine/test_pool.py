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
    assert answer["error"]["code"] == "bad-field"
