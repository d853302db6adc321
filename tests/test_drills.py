"""Practice: fresh exercises on a rule, made from a seed, on the rule's boundary, graded by the engine."""
import io

import pytest
from data_under_test import BOOK, LIBRARY
from wrong_answers import typical_wrong_answers

from ecarte_tutor.cards import parse_card, parse_suit
from ecarte_tutor.lessons import LessonError, Progress, engine_answer, expected_answer, grade, run_lesson
from ecarte_tutor.lessons.drills import drill_exercise, drill_for, drillable
from ecarte_tutor.lessons.progress import MAX_PRACTICE, RIGHT_TO_CLEAR

DRILLABLE = sorted(drillable(BOOK))
SEEDS = range(6)


def test_every_rule_a_lesson_diagnosis_notes_can_be_practised():
    noted = set()
    for lesson in LIBRARY.lessons:
        for step in lesson.exercises:
            exercise = step.exercise
            for _, answer in typical_wrong_answers(exercise, expected_answer(exercise, BOOK)):
                noted.add(grade(exercise, answer, BOOK).diagnosis.rule)
    assert noted - set(DRILLABLE) == set()
    assert {"play.head-the-trick", "pack.rank-order", "scoring.penalty", "law.43"} <= set(DRILLABLE)


@pytest.mark.parametrize("rule_id", DRILLABLE)
def test_each_drill_makes_fresh_exercises_the_engine_rules_by_that_rule(rule_id):
    exercises = [drill_exercise(rule_id, seed, BOOK) for seed in SEEDS]
    for exercise in exercises:
        assert rule_id in engine_answer(exercise, BOOK)["cites"] or set(drill_for(rule_id, BOOK).cited) & set(
            engine_answer(exercise, BOOK)["cites"])
        assert exercise.prompt and exercise.hint
    # a law with one situation only (law 12: a card face up in the pack) varies the remedies offered
    variants = {repr((sorted(x.position.items()), x.choices)) for x in exercises}
    assert len(variants) >= 2, "different seeds give different exercises"
    assert drill_exercise(rule_id, 3, BOOK) == exercises[3], "the same seed gives the same exercise"


@pytest.mark.parametrize("rule_id", DRILLABLE)
def test_a_wrong_answer_in_practice_is_diagnosed_too(rule_id):
    for seed in range(3):
        exercise = drill_exercise(rule_id, seed, BOOK)
        for _, answer in typical_wrong_answers(exercise, expected_answer(exercise, BOOK))[:4]:
            diagnosis = grade(exercise, answer, BOOK).diagnosis
            assert diagnosis.text and diagnosis.rule in BOOK.rules


def _cards(exercise, key):
    return [parse_card(c) for c in exercise.position[key]]


@pytest.mark.parametrize("seed", range(20))
def test_the_hands_sit_on_the_rules_boundary(seed):
    ranking = BOOK.params().ranking
    head = drill_exercise("play.head-the-trick", seed, BOOK)
    led = parse_card(head.position["led"])
    same = [c for c in _cards(head, "hand") if c.suit == led.suit]
    assert any(ranking.higher(c, led) for c in same) and any(ranking.higher(led, c) for c in same), \
        "one card of the suit led above it and one below"
    follow = drill_exercise("play.follow-suit", seed, BOOK)
    led, trump = parse_card(follow.position["led"]), parse_suit(follow.position["trump"])
    hand = _cards(follow, "hand")
    assert all(ranking.higher(led, c) for c in hand if c.suit == led.suit) and any(c.suit == led.suit for c in hand)
    assert any(c.suit == trump for c in hand), "a trump that would win, and may not be played"
    void = drill_exercise("play.trump-when-void", seed, BOOK)
    led, trump = parse_card(void.position["led"]), parse_suit(void.position["trump"])
    assert not any(c.suit == led.suit for c in _cards(void, "hand"))
    assert any(c.suit == trump for c in _cards(void, "hand"))
    short = drill_exercise("exchange.short-stock", seed, BOOK).position
    assert short["stock"] < short["elder_discards"] + short["dealer_discards"]
    order = {parse_card(c).rank for c in drill_exercise("pack.rank-order", seed, BOOK).position["cards"]}
    assert {"A", "J"} <= order


def test_a_whole_suit_is_put_in_order_sometimes():
    sizes = {len(drill_exercise("pack.rank-order", seed, BOOK).position["cards"]) for seed in range(12)}
    assert 8 in sizes and min(sizes) >= 5


def test_a_rule_without_practice_is_a_lesson_error():
    with pytest.raises(LessonError, match="no practice"):
        drill_exercise("pack.piquet-pack", 1, BOOK)
    assert drill_for("no.such-rule", BOOK) is None


# --- progress keeps the rules broken, by id and count ---------------------------------------------


def test_a_rule_broken_is_owed_until_answered_right_twice():
    p = Progress().missed_rule("play.head-the-trick").missed_rule(None)
    assert p.practice == (("play.head-the-trick", RIGHT_TO_CLEAR),) and p.seq == 1
    p = p.practised("play.head-the-trick", True)
    assert p.owed("play.head-the-trick") == 1
    p = p.practised("play.head-the-trick", False, broke="play.follow-suit")  # wrong again: owed in full
    assert p.practice == (("play.head-the-trick", 2), ("play.follow-suit", 2))
    p = p.practised("play.head-the-trick", True).practised("play.head-the-trick", True)
    assert p.practice == (("play.follow-suit", 2),) and p.next_to_practise() == "play.follow-suit"
    assert Progress.from_dict(p.to_dict()) == p
    assert p.reset().practice == ()


def test_the_cookie_keeps_few_rules_and_drops_what_it_cannot_use():
    p = Progress()
    for n in range(MAX_PRACTICE + 5):
        p = p.missed_rule(f"law.{n + 1}")
    assert len(p.practice) == MAX_PRACTICE and p.practice[-1][0] == f"law.{MAX_PRACTICE + 5}"
    data = {"lessons": {}, "practice": [["law.43", 2], ["law.9", 7], ["BAD ID", 1], ["law.9"], "x", ["law.1", True],
                                        ["pack.piquet-pack", 1]]}
    assert Progress.from_dict(data).practice == (("law.43", 2), ("pack.piquet-pack", 1))
    assert Progress.from_dict(data, rules={"law.43"}).practice == (("law.43", 2),)


def test_rules_take_turns():
    p = Progress().missed_rule("a.one").missed_rule("b.two")
    assert p.next_to_practise() == "a.one" and p.next_to_practise("a.one") == "b.two"
    assert p.next_to_practise("b.two") == "a.one" and Progress().next_to_practise() is None


# --- at the terminal -------------------------------------------------------------------------------


def test_practice_at_the_terminal_after_a_lesson(book):
    lesson = next(item for item in LIBRARY.lessons if item.slug == "pack-and-ranking")
    start = Progress().missed_rule("play.trump-when-void")
    script = ["QS", "as 7s", "leader", "practise"]
    seed = start.seq + 3  # practice opens at the progress counter (three answers on), one seed an exercise
    for n in range(1, RIGHT_TO_CLEAR + 1):
        exercise = drill_exercise("play.trump-when-void", seed + n, BOOK)
        script.append(" ".join(expected_answer(exercise, BOOK)["cards"]))
    out = io.StringIO()
    progress = run_lesson(lesson, io.StringIO("".join(line + "\n" for line in script)), out, book=BOOK,
                          progress=start, start=4)
    text = out.getvalue()
    assert "Your answers broke “" in text and "--- Practice: “" in text
    assert text.count("Right.") == 3 + RIGHT_TO_CLEAR
    assert "Every rule you missed is cleared." in text and progress.practice == ()
