"""One line of why for each legal choice."""
from ecarte_tutor.cards import PACK
from ecarte_tutor.table.why import reasons


def test_each_legal_card_is_explained_by_the_play_kind(fixed_game, hoffmann_last):
    game = fixed_game(hoffmann_last, learner="dealer", level="club")  # the tutor (elder) stands and leads
    decision = game.decision()
    led = decision.view.led
    assert led is not None
    lines = reasons(decision.view, decision.choices)
    assert [line["choice"] for line in lines] == decision.choices
    cards = [line for line in lines if line["choice"]["do"] == "card"]
    assert cards and all(line["why"] and line["cites"] for line in cards)
    if led.suit.letter in {c.suit.letter for c in decision.view.hand}:
        assert all("you must follow suit" in line["why"] for line in cards)
    king = [line for line in lines if line["choice"]["do"] == "announce-king"]
    assert king and "K♦" in king[0]["why"] and "variant.king-window" in king[0]["cites"]


def test_following_names_the_card_that_beats(fixed_game):
    elder, dealer = ["JS", "8H", "8D", "9C", "7C"], ["QS", "7S", "AC", "10C", "7D"]
    deal = {"elder": elder, "dealer": dealer, "turn_up": "9H",
            "stock": [c.notation for c in PACK if c.notation not in [*elder, *dealer, "9H"]]}
    game = fixed_game(deal, learner="dealer", level="beginner")  # the plain tutor proposes once...
    game.play({"do": "refuse"})  # ...and, refused, leads its first card: J♠
    decision = game.decision()
    assert decision.view.led.notation == "JS"
    lines = [(line["choice"]["card"], line["why"]) for line in reasons(decision.view, decision.choices)
             if line["choice"]["do"] == "card"]
    assert lines == [("QS", "J♠ was led and you hold spades, so you must follow suit and beat J♠ when you can: "
                            "Q♠ does.")]


def test_propose_and_play_say_what_the_jeux_de_regle_advise(fixed_game, hoffmann_last):
    game = fixed_game(hoffmann_last, learner="elder")
    decision = game.decision()
    lines = {line["choice"]["do"]: line for line in reasons(decision.view, decision.choices)}
    assert "advise it" in lines["stand"]["why"] and "advise against it" in lines["propose"]["why"]
    assert "strategy.jeux-de-regle" in lines["stand"]["cites"]


def test_a_lead_says_what_hoffmann_thinks_of_it(fixed_game, hoffmann_last):
    game = fixed_game(hoffmann_last, learner="elder")
    game.play({"do": "stand"})
    decision = game.decision()
    lines = {line["choice"].get("card"): line["why"] for line in reasons(decision.view, decision.choices)}
    assert "heads a sequence" in lines["KS"] and "leader may lead any card" in lines["KS"]
    assert "heads a sequence" in lines["QD"]  # Q♦ J♦ in trumps


def test_a_lead_nothing_unseen_can_beat_is_not_warned_off(fixed_game):
    """Issue 19: K♥ 10♥ of trumps at trick 4; nothing could beat K♥, so no "often costs the point"."""
    from ecarte_tutor.cards import PACK

    elder, dealer = ["KH", "10H", "AS", "AD", "AC"], ["7S", "8S", "7D", "8D", "7C"]
    deal = {"elder": elder, "dealer": dealer, "turn_up": "9H",
            "stock": [c.notation for c in PACK if c.notation not in [*elder, *dealer, "9H"]]}
    game = fixed_game(deal, learner="elder", level="beginner")
    game.play({"do": "stand"})
    for card in ("AS", "AD", "AC"):  # three tricks of plain aces, each won: the learner leads again
        assert game.play({"do": "card", "card": card}) is None
    decision = game.decision()
    assert decision.view.led is None and [c.notation for c in decision.view.hand] == ["KH", "10H"]
    lines = {line["choice"].get("card"): line["why"] for line in reasons(decision.view, decision.choices)}
    assert "often costs the point" not in lines["KH"]
    assert "K♥ cannot be beaten: no card your adversary may still hold ranks above it" in lines["KH"]
    assert "cannot be beaten" not in lines["10H"]  # Q♥ and J♥ are still unseen


def test_the_ace_is_compared_with_the_card_actually_led():
    from ecarte_tutor import ask

    king = ask({"kind": "play", "trump": "H", "led": "KS", "hand": ["AS", "7S"]})["explanation"]
    assert "below the knave" not in king and "the ace ranks below the king, so A♠ does not beat K♠" in king
    knave = ask({"kind": "play", "trump": "H", "led": "JS", "hand": ["AS", "7S"]})["explanation"]
    assert "the ace ranks below the knave, so A♠ does not beat J♠" in knave


def test_a_card_that_trails_is_told_why_the_best_beats_it_in_facts_the_replay_shows(fixed_game, hoffmann_last):
    """At the first lead of Hoffmann's last deal, each card is judged from what the learner can see; a card that
    trails the best is led by why (a deal where the two part, both played out), every fact of which the engine's
    replay of that deal shows; the figures follow, then the rules."""
    import re

    from ecarte_tutor.engine import analysis, hidden
    from ecarte_tutor.table.judging import RIVAL
    from tests.engine.test_parting import check_against_replay

    game = fixed_game(hoffmann_last, learner="elder")
    game.play({"do": "stand"})
    decision = game.decision()
    view = decision.view
    lines = {line["choice"]["card"]: line["why"] for line in reasons(view, decision.choices)
             if line["choice"]["do"] == "card"}
    assert all(why.startswith(("Say the tutor holds", "From what you can see")) for why in lines.values())
    explained = {card: why for card, why in lines.items() if why.startswith("Say the tutor holds")}
    assert explained, lines
    params = game.params
    position = analysis.read_position(view.analyse_question(), params)
    begin = hidden.start(position.state, position.held, view.seat, game.book, params)
    seed = analysis.weighing_seed(position, view.seat)
    for card, why in explained.items():
        passage, figures = why.split(" From what you can see, ", 1)
        assert "gives the best chance" in figures and "leader may lead any card" in figures
        held = [c.strip() for c in re.match(r"Say the tutor holds ([^.]+)\.", passage).group(1).replace(
            " and ", ", ").split(", ")]
        # the deals of the weighing where the tutor holds that hand: the facts said hold in one of them
        deals = [d for d, theirs in enumerate(hidden.other_hands(begin, seed, hidden.DEALS))
                 if [c.pretty for c in params.ranking.sort(_cards(theirs, begin))] == held]
        assert deals, f"no deal of the weighing gives the tutor {held}"
        failures = []
        for deal in deals:
            try:
                check_against_replay(passage, begin, params, seed, hidden.WORLDS, deal, RIVAL)
                break
            except AssertionError as exc:
                failures.append(exc)
        else:
            raise AssertionError(f"{card}: no replay shows {passage}: {failures}")


def _cards(bits, begin):
    from ecarte_tutor.engine import doubledummy

    by_bit = {bit: card for card, bit in doubledummy.raw_bits(begin.trump, begin.order).items()}
    return [by_bit[1 << i] for i in range(32) if bits >> i & 1]


def test_the_why_of_a_card_never_reads_the_tutors_hand(fixed_game, hoffmann_last):
    """Two deals alike in all the learner can see, the tutor's cards swapped for cards of the stock: the why of
    every card (its verdict, the deal where the cards part, the replay) is the same."""
    kept, rest = hoffmann_last["dealer"][:1], hoffmann_last["dealer"][1:]  # K♦, the king he announces, stays
    assert kept == ["KD"]
    swapped = {**hoffmann_last, "dealer": kept + hoffmann_last["stock"][-4:],
               "stock": hoffmann_last["stock"][:-4] + rest}
    said = []
    for deal in (hoffmann_last, swapped):
        game = fixed_game(deal, learner="elder")
        game.play({"do": "stand"})
        decision = game.decision()
        said.append([line["why"] for line in reasons(decision.view, decision.choices)])
    assert said[0] == said[1]
    assert any(why.startswith("Say the tutor holds") for why in said[0])
