"""Practice: fresh exercises on a rule, made from a seed, on the rule's boundary, graded by the engine."""
import io
from datetime import UTC, datetime, timedelta
from functools import cache

import pytest
from data_under_test import BOOK, LIBRARY
from wrong_answers import typical_wrong_answers

from ecarte_tutor.asking import ask
from ecarte_tutor.cards import parse_card, parse_suit
from ecarte_tutor.lessons import LessonError, Progress, engine_answer, expected_answer, grade, run_lesson
from ecarte_tutor.lessons.drills import drill_exercise, drill_for, drillable, fresh_drill
from ecarte_tutor.lessons.kinds.dispute import said_by
from ecarte_tutor.lessons.review import basics

DRILLABLE = sorted(drillable(BOOK))
SEEDS = range(6)


@cache
def drilled(rule_id: str, seed: int):
    """``drill_exercise(rule_id, seed)``, made once for the tests below that read it (read it, never change it)."""
    return drill_exercise(rule_id, seed, BOOK)


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
    exercises = [drilled(rule_id, seed) for seed in SEEDS]
    for exercise in exercises:
        assert rule_id in engine_answer(exercise, BOOK)["cites"] or set(drill_for(rule_id, BOOK).cited) & set(
            engine_answer(exercise, BOOK)["cites"])
        assert exercise.prompt and exercise.hint
    # a law with one situation only (law 12: a card face up in the pack) varies the remedies offered
    variants = {repr((sorted(x.position.items()), x.choices)) for x in exercises}
    assert len(variants) >= 2, "different seeds give different exercises"
    assert drill_exercise(rule_id, 3, BOOK) == exercises[3], "the same seed gives the same exercise (made afresh)"


@pytest.mark.parametrize("rule_id", DRILLABLE)
def test_a_wrong_answer_in_practice_is_diagnosed_too(rule_id):
    for seed in range(3):
        exercise = drilled(rule_id, seed)
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


# --- progress keeps the rules broken, each with its review's state -------------------------------------

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
HEAD = "play.head-the-trick"


def test_a_rule_broken_stays_until_mastered_however_many_there_are():
    p = Progress()
    for n in range(40):  # far more than the twelve an earlier cookie held
        p = p.missed_rule(f"law.{n + 1}", NOW)
    assert len(p.reviews) == 40 and all(item.is_due(NOW) and not item.mastered for item in p.reviews.values())
    assert Progress.from_dict(p.to_dict()) == p
    assert [item.rule for item in p.to_review(basics(BOOK))][:2] == ["law.1", "law.10"]


def test_a_practice_answer_is_one_review_a_situation():
    p = Progress().missed_rule(HEAD, NOW).missed_rule(None, NOW)
    assert p.seq == 1 and p.reviews[HEAD].reviews == 0
    p, outcome = p.practised(HEAD, "s1", True, None, NOW)
    assert outcome == "scheduled" and p.reviews[HEAD].due == NOW + timedelta(minutes=10)
    assert p.practised(HEAD, "s1", True, None, NOW + timedelta(hours=1)) == (p, "seen")  # no credit twice
    later, outcome = p.practised(HEAD, "s2", True, None, NOW + timedelta(minutes=1))
    assert outcome == "not-due" and later.reviews[HEAD] == p.reviews[HEAD]
    p, outcome = p.practised(HEAD, "s3", False, "play.follow-suit", NOW + timedelta(minutes=10))
    assert outcome == "scheduled" and p.reviews[HEAD].lapses == 1 and "play.follow-suit" in p.reviews
    assert p.last_situation == "s3" and Progress.from_dict(p.to_dict()) == p
    assert p.reset().reviews == {} and p.reset().reset_seq == p.seq + 1


def test_a_mistake_elsewhere_on_a_rule_reviewed_is_a_lapse():
    p, _ = Progress().missed_rule(HEAD, NOW).practised(HEAD, "s1", True, None, NOW)
    before = p.reviews[HEAD]
    p = p.missed_rule(HEAD, NOW + timedelta(minutes=5))
    assert p.reviews[HEAD].lapses == before.lapses + 1 and p.reviews[HEAD].due > NOW + timedelta(minutes=5)
    fresh = Progress().missed_rule(HEAD, NOW)
    assert fresh.missed_rule(HEAD, NOW + timedelta(minutes=1)) == fresh, "never practised yet: it stays due"


def test_an_earlier_cookies_practice_list_becomes_reviews_and_nothing_else():
    data = {"lessons": {}, "practice": [["law.43", 2], ["law.9", 7], ["BAD ID", 1], ["law.9"], "x", ["law.1", True],
                                        ["pack.piquet-pack", 1]]}
    assert set(Progress.from_dict(data, now=NOW).reviews) == {"law.43", "law.9", "law.1", "pack.piquet-pack"}
    assert set(Progress.from_dict(data, rules={"law.43"}, now=NOW).reviews) == {"law.43"}
    assert Progress.from_dict(data).reviews == {}


def test_rules_take_turns_and_the_rules_of_the_game_come_first():
    basic = basics(BOOK)
    p = Progress().missed_rule("variant.ace-high", NOW).missed_rule("scoring.point", NOW) \
        .missed_rule("play.follow-suit", NOW)
    assert p.next_to_practise(NOW, basic) == "play.follow-suit"
    assert p.next_to_practise(NOW, basic, after="play.follow-suit") == "scoring.point"
    assert [item.rule for item in p.due(NOW, basic)][-1] == "variant.ace-high"
    assert Progress().next_to_practise(NOW, basic) is None


# --- at the terminal -------------------------------------------------------------------------------


def test_practice_at_the_terminal_after_a_lesson(book):
    lesson = next(item for item in LIBRARY.lessons if item.slug == "pack-and-ranking")
    start = Progress().missed_rule("play.trump-when-void", datetime.now(UTC))
    # practice opens at the progress counter (three answers on), on the next seed
    _, exercise = fresh_drill("play.trump-when-void", start.seq + 3 + 1, {None}, BOOK)
    script = ["QS", "as 7s", "leader", "practise", " ".join(expected_answer(exercise, BOOK)["cards"])]
    out = io.StringIO()
    progress = run_lesson(lesson, io.StringIO("".join(line + "\n" for line in script)), out, book=BOOK,
                          progress=start, start=4)
    text = out.getvalue()
    assert "Your answers broke “" in text and "--- Practice: “" in text
    assert text.count("Right.") == 4
    assert "Nothing more is due for practice now; the next review falls due in 10 minutes." in text
    assert progress.reviews["play.trump-when-void"].reviews == 1


# --- a drill's right answers are the ruling's, and nothing the ruling says is offered as wrong ------------------

RULED = [rule_id for rule_id in DRILLABLE if BOOK.rules[rule_id].decisions]


@pytest.mark.parametrize("rule_id", RULED)
def test_a_drills_wrong_choices_never_say_what_its_ruling_says(rule_id):
    for seed in range(4):
        exercise = drilled(rule_id, seed)
        ruling = engine_answer(exercise, BOOK)
        right = {option["id"] for option in ruling["options"]}
        assert set(expected_answer(exercise, BOOK)["option_ids"]) == right  # read from the ruling
        offered = {choice["value"] for choice in exercise.choices}
        assert right <= offered
        assert (offered - right) & said_by(BOOK, ruling) == set(), (seed, ruling["case"])


def _ruling(facts):
    return ask({"kind": "dispute", "facts": facts}, BOOK)


def test_no_penalty_is_never_wrong_beside_a_ruling_that_penalises_nobody():
    cut = _ruling({"irregularity": "cut-exposed", "cut": "to-dealer", "deal_begun": False})
    assert cut["status"] == "ruling" and "Nobody is penalised" in cut["explanation"]
    assert {"no-penalty", "no-known-penalty"} <= said_by(BOOK, cut)
    # a revoke not corrected cuts the offender's score by a point: there "no penalty" is wrong
    revoke = next(exercise for exercise in (drill_exercise("law.43", seed, BOOK) for seed in range(40))
                  if engine_answer(exercise, BOOK)["case"] == "law.43/not-corrected")
    assert "no-penalty" not in said_by(BOOK, engine_answer(revoke, BOOK))


def test_rectifying_a_deal_says_the_extra_cards_go_back():
    ruling = _ruling({"irregularity": "wrong-card-count", "count_error": "too-many", "trump_turned": False,
                      "elder_looked": False})
    assert ruling["status"] == "ruling", ruling.get("need")
    assert "rectify" in {option["id"] for option in ruling["options"]}
    assert {"return-surplus", "complete-from-stock"} <= said_by(BOOK, ruling)
