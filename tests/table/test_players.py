"""The tutor's levels: plain but legal, the jeux de règle and the analysis, and Hoffmann's advice."""
import pytest
from data_under_test import BOOK

from ecarte_tutor import ask
from ecarte_tutor.cards import Suit, parse_card
from ecarte_tutor.engine import hand as referee
from ecarte_tutor.table.discard import avoidable_breach, choose_discard
from ecarte_tutor.table.game import Game
from ecarte_tutor.table.hoffmann import lead_preference
from ecarte_tutor.table.selfplay import play_game

PARAMS = BOOK.params()
def cards(text):
    return [parse_card(c) for c in text.split()]


def test_the_discard_keeps_trumps_and_kings_and_throws_the_lowest_first():
    hand = cards("KS 7H QD 9C 8H")  # hearts trumps
    assert choose_discard(hand, Suit.H, 1, 5, PARAMS) == cards("9C QD")
    assert choose_discard(hand, Suit.H, 1, 1, PARAMS) == cards("9C")  # the profile's limit: the lowest goes
    # made to throw more than the advice would: a plain king before a trump, the lowest trump first
    assert choose_discard(hand, Suit.H, 4, 5, PARAMS) == cards("9C QD KS 7H")
    assert choose_discard(cards("KS 7H 8H 9H KD"), Suit.H, 0, 5, PARAMS) == []


def test_a_forced_king_is_no_breach_of_the_advice():
    hand = cards("KS 7H QD 9C 8H")
    assert avoidable_breach(hand, cards("KS 9C"), Suit.H, 1) == cards("KS")
    assert avoidable_breach(hand, cards("9C QD KS"), Suit.H, 3) == []  # three required, two others held


def test_hoffmann_leads_the_top_of_a_sequence_then_a_single_card():
    hand = cards("KS QS 9H AD 7D")
    ranks = {c.notation: lead_preference(c, hand, PARAMS) for c in hand}
    assert ranks["KS"] == 0 and ranks["9H"] == 1 and ranks["AD"] == 3 and ranks["QS"] == 2


def test_the_beginner_is_plain():
    game = play_game(BOOK, seed=4, profile="london", learner_level="beginner", tutor_level="beginner").game
    for hp in game.hands:
        tutor_seat = hp.seats["tutor"]
        verbs = [a["do"] for a, p in zip(hp.actions, hp.by, strict=True) if p == "tutor"]
        if tutor_seat == "dealer":
            assert "refuse" not in verbs  # he always accepts...
        else:
            assert verbs[0] in ("propose", "stand") and verbs.count("propose") <= 1  # ...proposes once at most


def test_the_club_tutor_proposes_and_answers_by_the_jeux_de_regle():
    game = play_game(BOOK, seed=21, profile="london", learner_level="beginner", tutor_level="club").game
    checked = 0
    for hp in game.hands:
        state = referee.start(hp.deal)
        for index, (action, player) in enumerate(zip(hp.actions, hp.by, strict=True)):
            if player == "tutor" and action["do"] in ("propose", "stand", "accept", "refuse"):
                mine = state.hands[action["by"]]
                advice = ask({"kind": "advice", "trump": state.trump.letter, "seat": action["by"],
                              "hand": [c.notation for c in mine]})["advice"]
                assert action["do"] == {"play": "stand"}.get(advice, advice) or action["do"] == "refuse"
                checked += 1
            referee.apply(state, referee.read_action(action, index), game.params)
    assert checked >= len(game.hands)


def test_the_tutor_never_peeks_at_the_learners_cards(fixed_game, hoffmann_last):
    """Swapping the learner's hand for other unseen cards changes nothing the tutor decides."""
    elder, stock = hoffmann_last["elder"], hoffmann_last["stock"]
    swapped = {**hoffmann_last, "elder": ["KS", *stock[:4]], "stock": [c for c in elder if c != "KS"] + stock[4:]}
    replies = []
    for deal in (hoffmann_last, swapped):
        game = fixed_game(deal, learner="elder", level="club")
        game.play({"do": "stand"})
        game.play({"do": "card", "card": "KS"})  # the tutor (dealer) answers from his own view only
        replies.append([a for a, p in zip(game.current.actions, game.current.by, strict=True) if p == "tutor"])
    assert replies[0][-1]["do"] == "card" and replies[0] == replies[1]


def test_the_book_tutor_conceals_the_king_as_in_hoffmanns_game(fixed_game, hoffmann_last):
    """A (dealer, 3) holds K♦; Y (elder, 4) plays without proposing. A's king cannot change who wins
    the game, so the book keeps it quiet; the club tutor announces it."""
    scores = {"learner": 4, "tutor": 3}
    book = fixed_game(hoffmann_last, learner="elder", scores=scores, level="book")
    book.play({"do": "stand"})
    assert not any(a["do"] == "announce-king" for a in book.current.actions)
    club = fixed_game(hoffmann_last, learner="elder", scores=scores, level="club")
    club.play({"do": "stand"})
    assert club.current.actions[-1] == {"by": "dealer", "do": "announce-king"}
    # at love all the king's point matters: the book announces it too
    level = fixed_game(hoffmann_last, learner="elder", level="book")
    level.play({"do": "stand"})
    assert level.current.actions[-1] == {"by": "dealer", "do": "announce-king"}


def test_the_book_minds_the_score_before_staking_the_penalty(fixed_game, hoffmann_last):
    """Y's hand is a jeu de règle (two trumps, three spades): the club tutor plays it; the book tutor,
    with A at 3 so that a failure would give A the game, proposes instead."""
    advice = ask({"kind": "advice", "trump": "D", "hand": hoffmann_last["elder"]})
    assert advice["advice"] == "play"
    club = fixed_game(hoffmann_last, learner="dealer", scores={"learner": 3, "tutor": 4}, level="club")
    assert club.current.actions[0] == {"by": "elder", "do": "stand"}
    book = fixed_game(hoffmann_last, learner="dealer", scores={"learner": 3, "tutor": 4}, level="book")
    assert book.current.actions[0] == {"by": "elder", "do": "propose"}
    calm = fixed_game(hoffmann_last, learner="dealer", level="book")
    assert calm.current.actions[0] == {"by": "elder", "do": "stand"}


@pytest.mark.parametrize("level", ["club", "book"])
def test_the_tutor_answers_a_double_offered_before_play(book, level):
    """Before play the engine cannot analyse: the tutor answers a double from the jeux de règle instead of
    failing."""
    verb = "double"
    game = Game.start(book, seed=5, level=level, agreements=["doubling", "offer-the-point"])
    assert game.current.state.phase == "proposal" and verb in [c["do"] for c in game.decision().choices]
    assert game.play({"do": verb}) is None
    state = game.hands[0].state  # a double declined or a point taken ends that hand: look at it
    assert state.pending is None and (state.double_asked or state.offer_made)


@pytest.mark.parametrize("level", ["beginner", "club", "book"])
def test_every_tutor_decision_has_a_why_that_names_no_hidden_card(level):
    """The why comes from the decision that chose the move (asked again on the view it had), and
    what is said during the deal names no card the learner cannot see."""
    from ecarte_tutor.table.telling import tutor_reasons

    game = play_game(BOOK, seed=5, profile="london", learner_level="beginner", tutor_level=level).game
    for hp in game.hands:
        reasons = tutor_reasons(game, hp)
        tutor_actions = [i for i, p in enumerate(hp.by) if p == "tutor"]
        assert set(reasons) == set(tutor_actions)
        state = referee.start(hp.deal)
        for index, action in enumerate(hp.actions):
            if index in reasons:
                said = reasons[index].said
                hidden = set(state.hands[action["by"]]) - {parse_card(action["card"])} if action["do"] == "card" \
                    else set(state.hands[action["by"]])
                assert not [c for c in hidden if c.pretty in said], (said, hidden)
                assert reasons[index].why
                if action["do"] == "card":
                    assert said.startswith(parse_card(action["card"]).pretty)
            referee.apply(state, referee.read_action(action, index), PARAMS)


@pytest.mark.parametrize("level", ["club", "book"])
def test_the_tutors_why_gives_the_advice_and_the_analysis_that_chose_each_move(level):
    """Propose, refuse, discard, lead: each why states what chose it, asked afresh here of the engine — the
    jeux de règle's verdict at that proposal, the very cards thrown out, the card's chance of the point
    from the tutor's own view."""
    from ecarte_tutor.engine import stakes
    from ecarte_tutor.table.telling import tutor_reasons

    kinds = set()
    for seed in (3, 8, 13):
        game = play_game(BOOK, seed=seed, profile="london", learner_level="club", tutor_level=level).game
        for hp in game.hands:
            whys = tutor_reasons(game, hp)
            state = referee.start(hp.deal, game.params, hp.score_before)
            settings = game.settings.question()
            for index, action in enumerate(hp.actions):
                verb, seat, why = action["do"], action["by"], whys.get(index)
                if why is not None and verb in ("propose", "stand", "accept", "refuse"):
                    number = stakes.proposal_at(state.phase, state.proposals)
                    advice = ask({"kind": "advice", **settings, "trump": state.trump.letter, "seat": seat,
                                  "hand": [c.notation for c in state.hands[seat]], "proposal_number": number})
                    advised = {"play": "stand"}.get(advice["advice"], advice["advice"])
                    # the jeux de règle are the elder's: the dealer answers by Hoffmann's rules for the dealer
                    rules = "the jeux de règle" if seat == "elder" else "Hoffmann's rules for the dealer's answer"
                    assert f"by {rules}" in why.why and not (seat == "dealer" and "jeux de règle" in why.why)
                    if verb == advised:
                        assert advice["explanation"].split(". ", 1)[-1] in why.why
                    else:  # only the book departs from them, for the score, and says so
                        assert level == "book" and "but the score changes it" in why.why
                    kinds.add(verb)
                elif why is not None and verb == "discard":
                    thrown = " ".join(parse_card(c).pretty for c in action["cards"]) or "nothing"
                    assert why.why.startswith(f"It threw out {thrown}: ")
                    assert str(len(action["cards"])) in why.said and not any(
                        parse_card(c).pretty in why.said for c in action["cards"])
                    kinds.add(verb)
                elif why is not None and verb == "card" and "legal cards" in why.why:
                    seen = ask({"kind": "analyse", **settings, "deal": hp.question(game.settings)["deal"],
                                "actions": hp.actions[:index], "view": seat})
                    figures = next(e for e in seen["cards"] if e["card"] == action["card"])
                    assert why.why.startswith(parse_card(action["card"]).pretty + ": from its own view")
                    assert f"{round(100 * figures['p_point'])} % for the point" in why.why
                    assert max(e["p_point"] for e in seen["cards"]) == figures["p_point"]
                    kinds.add("lead" if not state.current else "follow")
                referee.apply(state, referee.read_action(action, index), game.params)
    assert {"propose", "stand", "accept", "refuse", "discard", "lead", "follow"} <= kinds
