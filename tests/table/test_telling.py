"""What the table says: the story from the referee's state, the score as it stands, the deal's summary."""
from ecarte_tutor.table import telling
from ecarte_tutor.table.review import review_hand


def story(game):
    return [telling.action_line(game, e) for e in game.log if "action" in e]


def test_i_play_after_an_accepted_exchange_is_not_playing_without_proposing(fixed_game, weak_dealer):
    game = fixed_game(weak_dealer, learner="elder")
    game.play({"do": "propose"})  # the club tutor, weak, accepts
    game.play({"do": "discard", "cards": ["JS", "QH"]})
    game.play({"do": "stand"})
    line = next(s for s in reversed(story(game)) if s.startswith("You play"))
    assert line.startswith("You play on after the exchange (“I play”)") and "without proposing" not in line
    # London: a later "I play" stakes no more than the exchange did
    assert "costs no more here than an accepted exchange: should it fail, the tutor scores 1 either way" in line
    review = review_hand_after(game)
    assert any("You played on after the exchange" in d["text"] for d in review["decisions"])
    assert not any("played without proposing" in d["text"] for d in review["decisions"])


def review_hand_after(game):
    number = game.current.number
    while game.decision() is not None and game.current.number == number:
        choice = game.decision().choices
        card = next((c for c in choice if c["do"] == "card"), None)
        game.play({"do": "card", "card": card["card"]} if card else {k: v for k, v in choice[0].items()
                                                                     if k not in ("by", "min", "max", "from")})
    return review_hand(game, number)


def test_playing_without_proposing_says_what_it_stakes(fixed_game, hoffmann_last):
    game = fixed_game(hoffmann_last, learner="elder")
    game.play({"do": "stand"})
    line = next(s for s in story(game) if s.startswith("You"))
    assert line == ("You play without proposing (“I play”): should playing without proposing fail, the tutor "
                    "scores 2 instead of 1.")
    modern = fixed_game(hoffmann_last, learner="elder", profile="modern")
    modern.play({"do": "stand"})
    line = next(s for s in story(modern) if s.startswith("You"))
    assert "costs no more here than an accepted exchange" in line  # the modern profile does not punish it


def test_each_trick_names_who_led_it(fixed_game, hoffmann_last):
    game = fixed_game(hoffmann_last, learner="elder")
    game.play({"do": "stand"})
    game.play({"do": "card", "card": "KS"})
    entry = next(e for e in game.log if "trick" in e)
    assert telling.trick_line(game, entry).startswith(("You win the trick (you led K♠",
                                                       "The tutor wins the trick (you led K♠"))


def test_the_score_as_it_stands_adds_up_its_own_sheet(fixed_game, weak_dealer):
    deal = dict(weak_dealer, turn_up="KH", stock=[c for c in weak_dealer["stock"] if c != "KH"] + ["10C"])
    game = fixed_game(deal, learner="elder")  # the tutor deals and turns up a king
    now = telling.standing(game)
    assert now["score"] == {"learner": 0, "tutor": 1}
    assert [e["claim"] for e in now["sheet"]] == ["turned-king"] and "so far" in now["sheet"][0]["reason"]
    assert sum(e["points"] for e in now["sheet"] if e["player"] == "tutor") == now["score"]["tutor"]


def test_a_deal_over_is_summed_up_from_the_score(fixed_game, hoffmann_last):
    game = fixed_game(hoffmann_last, learner="elder")
    game.play({"do": "stand"})
    review = review_hand_after(game)
    summary = telling.deal_summary(game, 0)
    assert summary == review["summary"]
    tricks = summary["tricks"]
    assert summary["lines"][0] == f"Tricks: you {tricks['learner']}, the tutor {tricks['tutor']}."
    assert sum(tricks.values()) == 5 and len(summary["lines"]) >= 2
    assert summary["score"] == game.scores or summary["score"] == {
        p: game.hands[1].score_before[s] for p, s in game.hands[1].seats.items()}
