"""The score sheet against the engine: each kind of hand scored as ``ask()`` scores it, impossible entries refused
with the engine's words, the game, the rubber and the pool, and who deals next."""
from datetime import UTC, datetime

import pytest

from ecarte_tutor import ask
from ecarte_tutor.marque import SheetError, add_entry, new_sheet, read_entry, replay
from ecarte_tutor.rulebook import default_rulebook

BOOK = default_rulebook()
NOW = datetime(2026, 12, 7, 14, 0, tzinfo=UTC)


def sheet(match="game", agreements=(), profile="london", players=("Anne", "Bob")):
    return new_sheet(list(players), profile, list(agreements), match, players[0], BOOK, NOW)


def enter(data, **form):
    return add_entry(data, read_entry({"proposals": "exchanged", "king": "none", "outcome": "played", **form},
                                      data["players"]), BOOK, NOW)


HANDS = [  # (form of the sheet, the same hand as a score question)
    ({"tricks_elder": "3", "tricks_dealer": "2"}, {"tricks": {"elder": 3, "dealer": 2}}),
    ({"tricks_elder": "0", "tricks_dealer": "5"}, {"tricks": {"elder": 0, "dealer": 5}}),
    ({"tricks_elder": "2", "tricks_dealer": "3", "proposals": "played-without-proposing"},
     {"tricks": {"elder": 2, "dealer": 3}, "elder_played_without_proposing": True}),
    ({"tricks_elder": "4", "tricks_dealer": "1", "proposals": "refused-first"},
     {"tricks": {"elder": 4, "dealer": 1}, "dealer_refused_first_proposal": True}),
    ({"tricks_elder": "3", "tricks_dealer": "2", "proposals": "refused-later"},
     {"tricks": {"elder": 3, "dealer": 2}, "dealer_refused_later_proposal": True}),
    ({"tricks_elder": "1", "tricks_dealer": "4", "king": "turned"}, {"tricks": {"elder": 1, "dealer": 4},
                                                                     "king_turned": True}),
    ({"tricks_elder": "5", "tricks_dealer": "0", "king": "announced-elder"},
     {"tricks": {"elder": 5, "dealer": 0}, "king_announced_by": "elder"}),
    ({"tricks_elder": "3", "tricks_dealer": "2", "king": "announced-dealer", "proposals": "played-without-proposing"},
     {"tricks": {"elder": 3, "dealer": 2}, "king_announced_by": "dealer", "elder_played_without_proposing": True}),
]


@pytest.mark.parametrize("profile", ["london", "modern", "finnish"])
@pytest.mark.parametrize(("form", "question"), HANDS)
def test_every_kind_of_hand_scores_as_the_engine_scores_it(form, question, profile):
    data, standing = enter(sheet(profile=profile), dealer="Anne", **form)
    line = standing.lines[0]
    engine = ask({"kind": "score", "profile": profile, "score_before": {"elder": 0, "dealer": 0}, **question})
    assert line.points == {"Anne": engine["points"]["dealer"], "Bob": engine["points"]["elder"]}
    assert [a["reason"] for a in line.awards] == [a["reason"] for a in engine["awards"]]
    assert line.laws == engine["laws"] and line.cites == engine["cites"]
    assert line.explanation == engine["explanation"]


def test_the_score_runs_on_and_the_deal_alternates():
    data, standing = enter(sheet(), dealer="Anne", tricks_elder="3", tricks_dealer="2")
    assert standing.next_dealer == "Bob" and standing.next_elder == "Anne"
    data, standing = enter(data, dealer="Bob", tricks_elder="5", tricks_dealer="0")  # Anne, elder, the vole
    assert standing.current.score == {"Anne": 2, "Bob": 1}
    engine = ask({"kind": "score", "tricks": {"elder": 5, "dealer": 0}, "score_before": {"elder": 0, "dealer": 1}})
    assert standing.lines[1].score_after == {"Anne": engine["score_after"]["elder"],
                                              "Bob": engine["score_after"]["dealer"]}


def test_a_turned_king_at_four_ends_the_game_before_the_tricks():
    data = sheet()
    for dealer, elder in (("Anne", "0"), ("Bob", "5")):
        data, standing = enter(data, dealer=dealer, tricks_elder=elder, tricks_dealer=str(5 - int(elder)))
    assert standing.current.score == {"Anne": 4, "Bob": 0}
    with pytest.raises(SheetError, match="did not end the game"):
        enter(data, dealer="Anne", outcome="not-played")
    data, standing = enter(data, dealer="Anne", king="turned", outcome="not-played")
    assert standing.over and standing.games[0].winner == "Anne" and standing.next_dealer is None
    assert [a["claim"] for a in standing.lines[-1].awards] == ["turned-king"]
    with pytest.raises(SheetError, match="finished"):
        enter(data, dealer="Bob", tricks_elder="3", tricks_dealer="2")


@pytest.mark.parametrize(("form", "words"), [
    ({"tricks_elder": "6", "tricks_dealer": "0"}, "from 0 to 5"),
    ({"tricks_elder": "5", "tricks_dealer": "5"}, "must add up to 5"),
    ({"tricks_elder": "", "tricks_dealer": ""}, "Give the tricks"),
    ({"tricks_elder": "3", "tricks_dealer": "2", "doubled": "on"}, "was not agreed"),
    ({"outcome": "offer-taken", "scores": "elder"}, "was not agreed"),
])
def test_an_impossible_hand_is_refused_in_words(form, words):
    with pytest.raises(SheetError, match=words):
        enter(sheet(), dealer="Anne", **form)


def test_a_player_not_at_the_table_cannot_deal():
    with pytest.raises(SheetError, match="Choose who dealt"):
        enter(sheet(), dealer="Zoe", tricks_elder="3", tricks_dealer="2")


def test_the_wagers_score_as_the_engine_scores_them_under_their_agreements():
    data = sheet(agreements=["doubling", "offer-the-point"])
    data, standing = enter(data, dealer="Anne", tricks_elder="3", tricks_dealer="2", doubled="on")
    assert standing.lines[0].points == {"Anne": 0, "Bob": 2}, "a doubled point"
    data, standing = enter(data, dealer="Bob", outcome="double-declined", scores="dealer")
    assert standing.lines[1].points == {"Anne": 0, "Bob": 1}, "a double declined gives the doubler the point"
    data, standing = enter(data, dealer="Anne", tricks_elder="4", tricks_dealer="1", offer_declined_by="elder")
    assert standing.lines[2].points["Anne"] > 0, "declined the point, he lost a trick: his adversary scores"


def test_a_game_target_agreed_binds_every_hand_and_a_rubber_takes_two_games():
    data = sheet(match="rubber", agreements=[{"game-target": 3}])
    hands = [("Anne", "0"), ("Bob", "5"),  # Anne 4 of 3: game 1
             ("Anne", "0"), ("Bob", "5")]  # Anne again: game 2, and the rubber
    for dealer, elder in hands:
        data, standing = enter(data, dealer=dealer, tricks_elder=elder, tricks_dealer=str(5 - int(elder)))
    assert [g.winner for g in standing.games] == ["Anne", "Anne"]
    assert standing.over and "Anne wins the rubber, 2 games to 0" in standing.result
    assert "scoring.rubber" in standing.cites


def test_the_pool_seats_the_player_who_waited():
    data = sheet(match="pool", players=("Anne", "Bob", "Carl"))
    for dealer, elder in (("Anne", "0"), ("Bob", "5")):
        data, standing = enter(data, dealer=dealer, tricks_elder=elder, tricks_dealer=str(5 - int(elder)))
    data, standing = enter(data, dealer="Anne", tricks_elder="0", tricks_dealer="5")
    assert standing.current.players == ("Anne", "Carl")
    pool = ask({"kind": "pool", "players": ["Anne", "Bob", "Carl"], "results": ["Anne"]})
    assert standing.said == [pool["explanation"]]
    with pytest.raises(SheetError, match="Bob is not playing"):
        enter(data, dealer="Bob", tricks_elder="3", tricks_dealer="2")


def test_a_sheet_needs_its_players_and_a_known_table():
    with pytest.raises(SheetError):
        new_sheet(["Anne", "anne"], "london", [], "game", "Anne", BOOK, NOW)
    with pytest.raises(SheetError):
        new_sheet(["Anne"], "london", [], "game", "Anne", BOOK, NOW)
    with pytest.raises(SheetError):
        new_sheet(["Anne", "Bob"], "london", ["no-such-agreement"], "game", "Anne", BOOK, NOW)
    assert replay(sheet(), book=BOOK).next_dealer == "Anne"


def scores(data, name, points):
    """Enter the next hand (the dealer the sheet names) in which ``name`` scores ``points``: 2 a vole, 1 a point."""
    dealer = replay(data, book=BOOK).next_dealer
    mine = 5 if points == 2 else 3
    elder = mine if name != dealer else 5 - mine
    return enter(data, dealer=dealer, tricks_elder=str(elder), tricks_dealer=str(5 - elder))


def rubber_of(data, games):
    """Play each game as a list of (name, points) hands."""
    standing = None
    for game in games:
        for name, points in game:
            data, standing = scores(data, name, points)
    return data, standing


TREBLE_FOR_BOB = [("Bob", 2), ("Bob", 2), ("Bob", 1)]  # 5 to 0: treble
SINGLE_FOR_ANNE = [("Bob", 2), ("Bob", 2), ("Anne", 2), ("Anne", 2), ("Anne", 1)]  # 5 to 4: single


@pytest.mark.parametrize(("profile", "agreements"), [("london", ["treble-double-single"]), ("finnish", [])])
def test_a_rubber_goes_on_games_won_and_the_games_values_count_for_the_stakes(profile, agreements):
    """Scoring.rubber: two games out of three take it, whatever they count; law 46's values are the stakes, shown."""
    data = sheet(match="rubber", profile=profile, agreements=agreements)
    data, standing = rubber_of(data, [TREBLE_FOR_BOB, SINGLE_FOR_ANNE, SINGLE_FOR_ANNE])
    assert [(g.winner, g.value) for g in standing.games] == [("Bob", 3), ("Anne", 1), ("Anne", 1)]
    assert standing.over and "Anne wins the rubber, 2 games to 1" in standing.result  # not Bob, with 3 to 2
    assert standing.said[-1] == ("The rubber goes on games won, whatever a game counts; for the stakes the games "
                                 "count Anne 2, Bob 3.")
    assert {"scoring.rubber", "scoring.game-value-scale"} <= set(standing.cites)


def test_where_every_game_counts_one_the_rubber_says_nothing_of_values():
    data, standing = rubber_of(sheet(match="rubber"), [TREBLE_FOR_BOB, SINGLE_FOR_ANNE])
    assert standing.said == ["Games won: Anne 1, Bob 1."]
    assert "scoring.game-value-scale" not in standing.cites


def test_the_rubber_takes_as_many_games_as_the_rule_book_says(modified_book):
    """scoring.rubber's ``rubber_games``: two wins end a best of three; a book asking three plays on."""
    book = modified_book(rubber_games=3)
    data = new_sheet(["Anne", "Bob"], "london", [], "rubber", "Anne", book, NOW)
    for _ in range(2):
        for _ in range(3):  # Anne's vole, vole, point: a game
            dealer = replay(data, book=book).next_dealer
            elder = 5 if dealer != "Anne" else 0
            data, standing = add_entry(data, read_entry({"proposals": "exchanged", "king": "none",
                                                         "outcome": "played", "dealer": dealer,
                                                         "tricks_elder": str(elder),
                                                         "tricks_dealer": str(5 - elder)}, data["players"]),
                                       book, NOW)
    assert [g.winner for g in standing.games] == ["Anne", "Anne", None]  # a third game begun
    assert not standing.over and standing.current.players == ("Anne", "Bob")


def test_a_pool_whose_games_count_by_the_losers_score_shows_each_players_games_for_the_stakes():
    data = sheet(match="pool", profile="finnish", players=("Anne", "Bob", "Carl"))
    data, standing = rubber_of(data, [TREBLE_FOR_BOB])
    assert [(g.winner, g.value) for g in standing.games if g.winner] == [("Bob", 3)]
    assert standing.said[-1] == ("The pool goes on games won running, whatever a game counts; for the stakes the "
                                 "games count Anne 0, Bob 3, Carl 0.")
    assert "scoring.game-value-scale" in standing.cites
    _, standing = rubber_of(sheet(match="pool", players=("Anne", "Bob", "Carl")), [TREBLE_FOR_BOB])
    assert not any("for the stakes" in line for line in standing.said)  # every game counts one: nothing to add
