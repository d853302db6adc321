"""The compiled core (engine/_core.c) against the Python search it ports, card for card.

Random positions, seeded: every size of hand, either player to act (leading, or answering a card on
the table, so partial tricks), every trump, under every profile's duties; the whole-hand search of
``leader_tricks``; a view's tally over every holding; and the deals of an exchange decision, which
must be the very deals the Python path draws, played out to the same outcome deal by deal.
"""
import os
import random

import pytest
from data_under_test import BOOK, PROFILES

from ecarte_tutor import ask
from ecarte_tutor.cards import PACK, RANKS, Card, Suit
from ecarte_tutor.engine import doubledummy, exchange_core, hand
from ecarte_tutor.engine.advice import advise
from ecarte_tutor.engine.deal import read_deal
from ecarte_tutor.engine.discarding import choose_discard
from ecarte_tutor.strategy import SEAT_ADVICE, Pattern, Strategy

# Skipped where no compiler built the core; under CI (which builds it) they fail instead, so a core that stopped
# building cannot pass unseen.
IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
pytestmark = pytest.mark.skipif(doubledummy.CORE is None and not IN_CI, reason="the compiled core is not built here")

POSITIONS = 6_000


def python_search(on):
    """The Python search (off) or the core (on), for the duration of a block."""
    class Switch:
        def __enter__(self):
            doubledummy.use_core(not on)
            return self

        def __exit__(self, *exc):
            doubledummy.use_core(True)
    return Switch()


def random_position(rng):
    size = rng.randint(1, 5)
    cards = rng.sample(PACK, 2 * size + 1)
    led = cards[-1] if rng.random() < 0.5 else None
    return tuple(cards[:size]), tuple(cards[size:2 * size]), led, rng.choice(list(Suit))


@pytest.mark.parametrize("profile", PROFILES)
def test_the_core_gives_each_card_the_tricks_the_python_search_gives(profile):
    params = BOOK.params(profile)
    rng = random.Random(f"core {profile}")
    for _ in range(POSITIONS // len(PROFILES)):
        to_act, other_hand, led, trump = random_position(rng)
        core = doubledummy.card_values(to_act, other_hand, led, trump, params)
        with python_search(on=True):
            reference = doubledummy.card_values(to_act, other_hand, led, trump, params)
        assert core == reference, (to_act, other_hand, led, trump)
        assert list(core) == list(reference)  # the same cards, in the hand's order


def test_positions_asked_again_are_answered_from_the_kept_values_as_the_search_answers():
    """The core keeps card_values' answers by position (31 bits a position, made from the raw masks): asked all
    once, then all again from the table, every answer is still the Python search's; a key two positions shared
    would give one of them the other's values."""
    params = BOOK.params(PROFILES[0])
    rng = random.Random("kept values")
    positions = [random_position(rng) for _ in range(3_000)]
    with python_search(on=True):
        references = [doubledummy.card_values(*position, params) for position in positions]
    for _ in range(2):
        for position, reference in zip(positions, references, strict=True):
            assert doubledummy.card_values(*position, params) == reference, position


@pytest.mark.parametrize("profile", PROFILES)
def test_the_core_finds_the_leaders_tricks_the_python_search_finds(profile):
    params = BOOK.params(profile)
    rng = random.Random(f"leader {profile}")
    for _ in range(1_000):
        size = rng.randint(1, 5)
        cards = rng.sample(PACK, 2 * size)
        trump = rng.choice(list(Suit))
        core = doubledummy.leader_tricks(cards[:size], cards[size:], trump, params)
        with python_search(on=True):
            assert core == doubledummy.leader_tricks(cards[:size], cards[size:], trump, params)


def played_question(rng, profile):
    """A deal and legal actions chosen at random through the referee, stopped in the play (or before it)."""
    params = BOOK.params(profile)
    cards = [c.notation for c in rng.sample(PACK, len(PACK))]
    deal = {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10], "stock": cards[11:]}
    state = hand.start(read_deal(deal, params))
    actions = []
    played = rng.randrange(0, 2 * params.hand_size)
    while state.phase != "play" or sum(map(len, state.played.values())) < played:
        options = [o for o in hand.next_actions(state, params) if o["do"] != "announce-king"]
        action = dict(rng.choice(options))
        if action["do"] == "discard":
            count = rng.randint(action["min"], action["max"])
            action = {"by": action["by"], "do": "discard", "cards": rng.sample(action["from"], count)}
        actions.append(action)
        hand.apply(state, hand.read_action(action, len(actions) - 1), params)
    return {"kind": "analyse", "profile": profile, "deal": deal, "actions": actions}, state


@pytest.mark.parametrize("profile", PROFILES)
def test_a_view_weighs_every_holding_alike_in_the_core_and_in_python(profile):
    rng = random.Random(f"view {profile}")
    for _ in range(12):
        question, state = played_question(rng, profile)
        for seat in ("elder", "dealer"):
            # the double-dummy view: the hidden-card model's core and reference are held together in test_hidden
            asked = {**question, "view": seat, "model": "double-dummy"}
            core = ask(asked, BOOK)
            with python_search(on=True):
                assert core == ask(asked, BOOK)


def exchange_question(rng, profile, longest=6):
    """A random deal stopped at a random decision of the exchange, at most ``longest`` actions in: (question,
    state); discards of every size allowed, or with ``longest`` above 6 mostly the largest (to reach the stock's
    end)."""
    params = BOOK.params(profile)
    cards = [c.notation for c in rng.sample(PACK, len(PACK))]
    deal = {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10], "stock": cards[11:]}
    state = hand.start(read_deal(deal, params))
    actions = []
    stop = rng.randrange(0, longest)
    while state.phase != "play" and len(actions) < stop:
        options = [o for o in hand.next_actions(state, params) if o["do"] != "announce-king"]
        if longest > 6 and any(o["do"] == "propose" for o in options):
            options = [o for o in options if o["do"] == "propose"]
        action = dict(rng.choice(options))
        if action["do"] == "discard":
            count = rng.randint(action["min"], action["max"])
            if longest > 6:
                count = max(count, action["max"] - rng.randint(0, 1))
            action = {"by": action["by"], "do": "discard", "cards": rng.sample(action["from"], count)}
        actions.append(action)
        hand.apply(state, hand.read_action(action, len(actions) - 1), params)
    return {"kind": "analyse", "profile": profile, "deal": deal, "actions": actions}, state


@pytest.mark.parametrize("profile", PROFILES)
def test_an_exchange_decision_weighs_the_same_deals_to_the_same_figures_in_the_core(profile):
    """The whole answer, figures, closeness and citations included, equal to the Python path's (the play
    double dummy: the hidden-card play is checked on fewer deals below)."""
    rng = random.Random(f"exchange {profile}")
    asked = 0
    while asked < 5:
        question, state = exchange_question(rng, profile)
        if state.phase == "play" or state.pending:
            continue
        asked += 1
        question["view"] = state.to_act()
        question["model"] = "double-dummy"
        core = ask(question, BOOK)
        assert core["model"] == "double-dummy"
        with python_search(on=True):
            assert core == ask(question, BOOK), question


@pytest.mark.parametrize("profile", PROFILES)
def test_the_hidden_card_play_after_an_exchange_is_the_python_references_deal_by_deal(profile, monkeypatch):
    """The play by the hidden-card model at the end of each choice (each player choosing from his own worlds,
    knowing his discards): the core's outcomes equal the reference's (hidden.reference_play, on the rule
    book's functions and the Python search), on a few deals and worlds: the whole answer alike."""
    from ecarte_tutor.engine import analysis, analysis_exchange
    monkeypatch.setattr(analysis_exchange, "WORLDS", 4)
    params = BOOK.params(profile)
    rng = random.Random(f"hidden exchange {profile}")
    asked, parted = 0, 0
    while asked < 3:
        question, state = exchange_question(rng, profile)
        if state.phase == "play" or state.pending:
            continue
        asked += 1
        viewer = state.to_act()
        position = analysis.replay({**question, "view": viewer}, params)

        def weigh(model, position=position, viewer=viewer):
            return analysis_exchange.analyse_exchange(position.deal, position.actions, position.state, viewer, BOOK,
                                                      params, model=model, deals=4).as_json()
        core = weigh("hidden")
        assert core["model"] == "hidden" and 1 <= core["holdings"] <= 4
        with python_search(on=True):
            assert core == weigh("hidden"), question
        parted += core["choices"] != weigh("double-dummy")["choices"]
    assert parted  # the hidden-card play is not the double-dummy one under another name


def test_the_decisions_the_core_does_not_weigh_again_are_the_cards_the_reference_weighs(monkeypatch):
    """A discard under the hidden-card model: the core plays the lowest card without weighing where every legal
    card is worth the same in every world, and looks up a decision it met before (under another discard, or in
    another deal: the same knowledge renumbered and the same stakes); the Python reference weighs every
    decision, and the answers are the same."""
    from ecarte_tutor.engine import analysis, analysis_exchange
    monkeypatch.setattr(analysis_exchange, "WORLDS", 4)
    params = BOOK.params()
    cards = [c.notation for c in random.Random("taken again").sample(PACK, len(PACK))]
    deal = {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10], "stock": cards[11:]}
    actions = [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}]
    position = analysis.replay({"kind": "analyse", "deal": deal, "actions": actions, "view": "elder"}, params)

    def weigh():
        return analysis_exchange.analyse_exchange(position.deal, position.actions, position.state, "elder", BOOK,
                                                  params, model="hidden", deals=5).as_json()
    doubledummy.CORE.decision_counts()
    core = weigh()
    weighed, alike, looked_up = doubledummy.CORE.decision_counts()
    assert weighed and alike and looked_up
    with python_search(on=True):
        assert core == weigh()


def test_the_cores_tutor_throws_out_the_cards_choose_discard_throws_out():
    rng = random.Random("tutor")
    params = BOOK.params()
    for _ in range(2_000):
        trump = rng.choice(list(Suit))
        cards = rng.sample(PACK, 5)
        low = rng.randint(0, 5)
        high = rng.randint(low, 5)
        layout = exchange_core.Layout.of(trump, params)
        thrown = doubledummy.CORE.tutor_discard(doubledummy.mask(cards, layout.raw), low, high, layout.suit_index,
                                                layout.king_bit)
        expected = choose_discard(cards, trump, low, high, params)
        assert thrown == [layout.index(card) for card in expected], (cards, trump, low, high)


def random_pattern(rng, index):
    """A pattern of the schema's every kind of condition, at random (the bundled ones use only some)."""
    def ranks():
        return rng.sample(RANKS, rng.randint(1, 3))

    def limits():
        low = rng.randint(0, 3)
        return rng.choice([{"min": low}, {"max": rng.randint(low, 5)}, {"min": low, "max": rng.randint(low, 5)}])

    when = {}
    while not when:
        if rng.random() < 0.5:
            when["trumps"] = limits()
        if rng.random() < 0.2:
            when["trump_king"] = rng.random() < 0.5
        if rng.random() < 0.5:
            keys = rng.sample(["cards", "any_of", "all_of", "others_in"], rng.randint(1, 4))
            when["suit"] = {key: limits() if key == "cards" else ranks() for key in keys}
        if rng.random() < 0.4:
            when["count"] = [{"ranks": ranks(), **limits()} for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.3:
            when["guarded"] = rng.choices(RANKS, k=rng.randint(1, 4))
    seat = rng.choice(["elder", "dealer"])
    return Pattern(f"p{index}", seat, rng.choice(SEAT_ADVICE[seat]), "strategy.x", "a pattern", when,
                   rng.random() < 0.7)


def random_hand(rng, trump):
    """Five cards, with more trumps and fuller suits than a plain deal gives, so every pattern is met often."""
    if rng.random() < 0.5:
        return rng.sample(PACK, 5)
    suits = [trump] * rng.randint(0, 3) + [rng.choice(list(Suit)) for _ in range(5)]
    pool = [c for c in PACK if c.suit in suits[:5]]
    return rng.sample(pool, 5) if len(pool) >= 5 else rng.sample(PACK, 5)


def core_advice(strategy, cards, trump, seat, order):
    """The core's advice on ``cards`` by the patterns compiled for ``order``: (advice, pattern or None)."""
    raw = doubledummy.raw_bits(trump, order)
    table = exchange_core.compile_patterns(strategy, order)
    code, index = doubledummy.CORE.advise(doubledummy.mask(cards, raw), exchange_core.SEAT_INDEX[seat], table,
                                          7 - order.index("K"))
    return SEAT_ADVICE[seat][code], None if index < 0 else strategy.patterns[index]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_compiled_jeux_de_regle_advise_as_advise_does(profile):
    """The rule book's own patterns, on many hands, both seats, the profile's rank order and shuffled ones."""
    rng = random.Random(f"advise {profile}")
    order = tuple(BOOK.params(profile).ranking.order)
    for number in range(4_000):
        trump = rng.choice(list(Suit))
        cards = random_hand(rng, trump)
        seat = rng.choice(["elder", "dealer"])
        shuffled = order if number % 2 else tuple(rng.sample(order, len(order)))
        expected = advise(cards, trump, seat, BOOK.strategy)
        assert core_advice(BOOK.strategy, cards, trump, seat, shuffled) == (expected.advice, expected.pattern), \
            (cards, trump, seat)


def test_every_kind_of_condition_compiles_to_what_advise_reads():
    """Random strategies using every condition the schema allows (others_in, all_of, three guarded ranks, a
    king that must be missing...), each checked on random hands."""
    rng = random.Random("patterns")
    order = tuple(BOOK.params().ranking.order)
    for _ in range(150):
        patterns = tuple(random_pattern(rng, i) for i in range(rng.randint(1, 6)))
        strategy = Strategy(patterns, BOOK.strategy.defaults)
        for _ in range(100):
            trump = rng.choice(list(Suit))
            cards = random_hand(rng, trump)
            seat = rng.choice(["elder", "dealer"])
            expected = advise(cards, trump, seat, strategy)
            assert core_advice(strategy, cards, trump, seat, order) == (expected.advice, expected.pattern), \
                (patterns, cards, trump, seat)


@pytest.mark.parametrize("profile", PROFILES)
def test_a_flow_kept_from_an_earlier_question_is_the_one_the_referee_works_out_afresh(profile):
    """The programs are kept by the state's counts and facts (exchange_core.flow_key): any two states with one
    key must give the same programs, worked out from either; checked over many random decisions."""
    from ecarte_tutor.engine.analysis_exchange import VERBS, _choices
    params = BOOK.params(profile)
    rng = random.Random(f"flows {profile}")
    exchange_core._FLOWS.clear()
    asked, keys = 0, set()
    while asked < 150:
        question, state = exchange_question(rng, profile, longest=30)
        if state.phase == "play" or state.pending:
            continue
        asked += 1
        viewer = state.to_act()
        choices = _choices(state, viewer, params)
        layout = exchange_core.Layout.of(state.trump, params)
        keys.add(exchange_core.flow_key(state))
        kept = exchange_core.programs(state, viewer, choices, VERBS, layout, params)
        saved = dict(exchange_core._FLOWS)
        exchange_core._FLOWS.clear()
        assert exchange_core.programs(state, viewer, choices, VERBS, layout, params) == kept, question
        exchange_core._FLOWS.update(saved)
    assert len(keys) < asked / 3  # most decisions met a flow already kept


def test_patterns_the_table_cannot_hold_are_matched_in_python_with_the_same_answers():
    """More counts than a compiled row has room for: no table, and the dealer's answers come from advise."""
    params = BOOK.params()
    order = tuple(params.ranking.order)
    crowded = Pattern("crowded", "dealer", "refuse", "strategy.x", "a pattern",
                      {"count": [*({"ranks": [rank], "max": 5} for rank in RANKS[1:]), {"ranks": ["K"], "min": 1}]})
    strategy = Strategy((crowded, *BOOK.strategy.patterns), BOOK.strategy.defaults)
    assert exchange_core.compile_patterns(strategy, order) is None
    trump = Suit.H
    layout = exchange_core.Layout.of(trump, params)
    hidden = [layout.index(card) for card in PACK if card != Card("7", trump)]
    worlds, kept = doubledummy.CORE.deal_worlds(7, 200, 200, hidden, 1, 0, 5, [], [], layout.suit_index,
                                                layout.king_bit)
    answers = exchange_core.answers(doubledummy.CORE, worlds, trump, layout, strategy, order)
    cards = {bit: card for card, bit in layout.raw.items()}
    for (_, dealer, _), accepted in zip(doubledummy.CORE.worlds_hands(worlds), answers, strict=True):
        held = [cards[1 << b] for b in range(32) if dealer >> b & 1]
        assert accepted == (advise(held, trump, "dealer", strategy).advice == "accept")
    assert kept == 200 and 0 < sum(answers) < kept
