"""Why one card beats another (engine/parting.py): every fact a sentence states is read back from its words and
checked against the engine's replay of that deal. A sentence that states a trick, a card that takes it, a card
kept or a total the replay does not show fails."""
import random
import re
from string import Formatter

import pytest
from core_walks import needs_core, random_play
from data_under_test import BOOK, LIBRARY

from ecarte_tutor.cards import parse_card
from ecarte_tutor.engine import analysis, hidden, parting
from ecarte_tutor.errors import DataError
from ecarte_tutor.fields import SEATS, other
from ecarte_tutor.lessons import expected_answer, grade, verdicts
from ecarte_tutor.lessons.kinds.best_card import why

WORDS = parting.catalogue(BOOK)


def _one_of(words):
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


CARD = r"(?:10|[KQJA987])[♠♥♦♣]"
SLOT_TEXT = {"better": CARD, "worse": CARD, "keeper": CARD, "taker": CARD, "trick": _one_of(WORDS.ordinals),
             "moment": _one_of(WORDS.ordinals), "better_tricks": _one_of(WORDS.trick_counts),
             "worse_tricks": _one_of(WORDS.trick_counts), "rival": _one_of(r["who"] for r in WORDS.rivals.values()),
             "rival_of": _one_of(r["whose"] for r in WORDS.rivals.values())}


def _pattern(template):
    """A regex reading a filled template back: each slot a named group, a slot met again the same text."""
    out, seen = "", set()
    for literal, name, _, _ in Formatter().parse(template):
        out += re.escape(literal)
        if name is not None:
            out += f"(?P={name})" if name in seen else f"(?P<{name}>{SLOT_TEXT.get(name, '.+?')})"
            seen.add(name)
    return re.compile(out)


def read_back(text):
    """The facts a passage states, from its words alone: {slot: words} and the case its middle sentence is."""
    for case, line in WORDS.lines.items():
        for goal, end in WORDS.ends.items():
            found = _pattern(" ".join((WORDS.deal, line, end))).fullmatch(text)
            if found:
                return case, goal, found.groupdict()
    raise AssertionError(f"no sentence of the catalogue reads: {text}")


def check_against_replay(text, begin, params, seed, worlds, deal, rival):
    """Every fact ``text`` states, checked against the replay of ``deal`` after each card it names."""
    case, goal, said = read_back(text)
    better, worse = parse_card(said["better"]), parse_card(said["worse"])
    lines = {card: hidden.replay(begin, params, seed, deal, card, worlds) for card in (better, worse)}
    viewer, other_seat = begin.viewer, 1 - begin.viewer
    assert said["rival"] == WORDS.rivals[rival]["who"]
    holding = [parse_card(c) for c in re.split(r", | and ", said["holding"])]
    assert holding == list(lines[better].theirs) == list(lines[worse].theirs), "the hand said is the deal's"
    for slot, card in (("better_tricks", better), ("worse_tricks", worse)):
        if slot in said:  # an ending may say the count in other words ("you take none"), which the goal checks
            assert WORDS.trick_counts.index(said[slot]) == lines[card].won
    assert parting.goal_test(goal, params)(lines[better].won, lines[worse].won), "the ending said is the goal's"

    def trick(card, number):
        line = lines[card]
        return line.tricks[number - line.first]

    def played_at(card, seat, by):
        line = lines[by]
        return next(line.number(i) for i, t in enumerate(line.tricks) if t.card_of(seat) == card)

    number = WORDS.ordinals.index(said["trick"]) + 1
    keeper = better if case == "itself" else parse_card(said["worse"] if case == "now" else said["keeper"])
    taker = parse_card(said["taker"])
    won, lost = trick(better, number), trick(worse, number)
    assert won.winner == viewer and won.card_of(viewer) == keeper, f"after {better} {keeper} takes trick {number}"
    assert lost.winner == other_seat and lost.card_of(other_seat) == taker, f"after {worse} {taker} takes it"
    if case in ("forces", "keeps", "now"):
        moment = WORDS.ordinals.index(said["moment"]) + 1
        assert moment < number
    if case == "forces":  # the taker goes earlier after the better card, and takes nothing there
        assert played_at(taker, other_seat, better) == moment and trick(better, moment).winner == viewer
    if case in ("keeps", "now"):  # the keeper goes earlier after the worse card
        assert played_at(keeper, viewer, worse) == moment
    if case == "now":
        assert keeper == worse and moment == lines[worse].first
    return case


def best_card_steps():
    return [(lesson, step) for lesson in LIBRARY.lessons for step in lesson.steps
            if step.exercise is not None and step.exercise.kind == "best-card"]


@needs_core
@pytest.mark.parametrize("lesson, step", best_card_steps(),
                         ids=[f"{lesson.id}/{step.index}" for lesson, step in best_card_steps()])
def test_each_best_card_step_says_why_in_facts_its_replay_shows(lesson, step):
    exercise = step.exercise
    position = exercise.position
    params = BOOK.params()
    state = analysis.read_position({**{k: v for k, v in position.items() if k != "goal"}, "kind": "analyse"}, params)
    seat = position["view"]
    begin = hidden.start(state.state, state.held, seat, BOOK, params)
    kept = verdicts.verdict_for(position, BOOK)
    best = parse_card(expected_answer(exercise, BOOK)["best"][0])
    weighed = hidden.weigh(begin, params, kept.seed, kept.deals, kept.worlds)
    for card in kept.cards:
        if card in kept.accepted:
            continue
        text = why(position, BOOK, best, parse_card(card))
        assert text, f"no deal of the weighing shows why {best} beats {card}"
        found = parting.find(begin, params, weighed, kept.seed, best, parse_card(card), kept.goal)
        check_against_replay(text, begin, params, kept.seed, kept.worlds, found.deal, other(seat))
        # the verdict leads with it, the figures after
        diagnosis = grade(exercise, {"card": card}, BOOK).diagnosis
        figures = diagnosis.text[len(text):]
        assert diagnosis.text.startswith(text) and ("%" in figures or "on average" in figures)


@needs_core
def test_random_positions_say_why_in_facts_their_replay_shows():
    rng = random.Random("why in words")
    cases = set()
    checked = 0
    for profile in ("london", "modern"):
        params = BOOK.params(profile)
        for round_ in range(14):
            _, position = random_play(rng, params, tricks_played=round_ % 3, half=round_ % 2)
            seat = position.to_act
            begin = hidden.start(position.state, position.held, seat, BOOK, params)
            if begin.first.bit_count() < 2:
                continue
            weighed = hidden.weigh(begin, params, round_, 150, 10)
            cards = [c for c in weighed.cards if c is not None]
            mean = {c: sum(weighed.outcomes(c)) for c in cards}
            better, worse = max(cards, key=mean.get), min(cards, key=mean.get)
            for goal in ("tricks", "point"):
                found = parting.find(begin, params, weighed, round_, better, worse, goal)
                if found is None:
                    continue
                text = parting.words(found, goal, other(seat), BOOK)
                cases.add(check_against_replay(text, begin, params, round_, 10, found.deal, other(seat)))
                checked += 1
    assert checked >= 10 and len(cases) >= 3, (checked, cases)


@needs_core
def test_a_sentence_stating_what_the_replay_does_not_show_fails():
    lesson, step = best_card_steps()[0]
    position = step.exercise.position
    params = BOOK.params()
    state = analysis.read_position({**{k: v for k, v in position.items() if k != "goal"}, "kind": "analyse"}, params)
    begin = hidden.start(state.state, state.held, position["view"], BOOK, params)
    kept = verdicts.verdict_for(position, BOOK)
    weighed = hidden.weigh(begin, params, kept.seed, kept.deals, kept.worlds)
    worse = next(parse_card(c) for c in kept.cards if c not in kept.accepted)
    found = parting.find(begin, params, weighed, kept.seed, parse_card(kept.best), worse, kept.goal)
    text = parting.words(found, kept.goal, other(position["view"]), BOOK)
    check_against_replay(text, begin, params, kept.seed, kept.worlds, found.deal, other(position["view"]))
    ordinal = WORDS.ordinals[found.trick - 1]
    wrong = [text.replace(ordinal, WORDS.ordinals[found.trick % 5]),  # another trick
             text.replace(WORDS.trick_counts[found.worse.won], WORDS.trick_counts[found.worse.won + 1], 1),
             text.replace(f"{WORDS.rivals['dealer']['whose']} {found.taker.pretty}",
                          f"{WORDS.rivals['dealer']['whose']} {found.keeper.pretty}")]
    for sentence in wrong:
        assert sentence != text
        with pytest.raises(AssertionError):
            check_against_replay(sentence, begin, params, kept.seed, kept.worlds, found.deal, "dealer")


@needs_core
def test_the_replay_ends_as_the_weighing_does_deal_for_deal():
    """The replay (Python, trick by trick) against the compiled loop: the same tricks at the end, deal for deal."""
    params = BOOK.params()
    rng = random.Random("replays")
    for case in range(4):
        _, position = random_play(rng, params, tricks_played=case % 3, half=case % 2)
        for viewer in SEATS:
            begin = hidden.start(position.state, position.held, viewer, BOOK, params)
            weighed = hidden.weigh(begin, params, case, 12, 6)
            for card in weighed.cards:
                for deal in (0, 7, 11):
                    line = hidden.replay(begin, params, case, deal, card, 6)
                    assert line.won == weighed.outcomes(card)[deal]
                    assert len(line.tricks) == params.hand_size - sum(begin.tricks)


@needs_core
def test_one_replayer_gives_each_deal_the_replay_of_its_own():
    """The deals of a weighing replayed in turn by one Replayer (the draws before each made once) are the lines
    replay() gives deal by deal, every card of a deal on the same cards; a deal before the last is refused."""
    params = BOOK.params()
    _, position = random_play(random.Random("replayer"), params, tricks_played=1, half=0)
    begin = hidden.start(position.state, position.held, "elder", BOOK, params)
    weighed = hidden.weigh(begin, params, 5, 12, 6)
    replayer = hidden.Replayer(begin, params, 5, 6)
    for deal in (0, 1, 4, 11):
        for card in weighed.cards:
            line = replayer(deal, card)
            assert line == hidden.replay(begin, params, 5, deal, card, 6)
            assert line.won == weighed.outcomes(card)[deal]
    with pytest.raises(ValueError, match="increasing order"):
        replayer(3, weighed.cards[0])


def test_the_catalogue_names_only_slots_the_engine_fills(tmp_path):
    assert set(WORDS.lines) == set(parting.CASES) and set(WORDS.ends) == {"point", "vole", "trick", "tricks"}
    source = (BOOK.root / parting.WHY_FILE).read_text(encoding="utf-8")
    bad = tmp_path / "why.yaml"
    bad.write_text(source.replace("{taker} takes it.", "{taker} takes it {because}."), encoding="utf-8")
    with pytest.raises(DataError, match="because"):
        parting.load_catalogue(bad)
    bad.write_text(source.replace("ordinals:", "ordinal:"), encoding="utf-8")
    with pytest.raises(DataError):
        parting.load_catalogue(bad)


def test_check_names_a_broken_why_catalogue(tmp_path, monkeypatch):
    from ecarte_tutor.lessons import checks

    source = (BOOK.root / parting.WHY_FILE).read_text(encoding="utf-8")
    bad = tmp_path / "why.yaml"
    bad.write_text(source.replace("{taker} takes it.", "{taker} takes it {because}."), encoding="utf-8")
    monkeypatch.setattr(parting, "catalogue", lambda book: parting.load_catalogue(bad))
    assert any("because" in problem for problem in checks._why_problems(BOOK))
    monkeypatch.undo()
    assert checks._why_problems(BOOK) == []
