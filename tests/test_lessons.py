"""The course: every lesson loads and validates, its answers are the engine's, and it covers the rule book."""
import json
import re

import pytest
from data_under_test import LIBRARY
from hypothesis import given
from hypothesis import strategies as st

from ecarte_tutor import paths
from ecarte_tutor.errors import DataError
from ecarte_tutor.lessons import (
    BadResponse,
    Exercise,
    LessonError,
    Progress,
    engine_answer,
    expected_answer,
    find_lesson,
    grade,
    lesson_problems,
    load_lesson,
    load_lessons,
    same_answer,
)
from ecarte_tutor.lessons.progress import summary_words
from ecarte_tutor.rulebook import LAW_SECTION
from ecarte_tutor.schemas import validator
from ecarte_tutor.yamlio import load_yaml

LESSONS = LIBRARY.lessons
EXERCISES = [(lesson, step) for lesson in LESSONS for step in lesson.exercises]
LAW_GROUPS = {
    "misdeals and wrong hand sizes": range(9, 22),
    "exposed and faced cards": [11, 12, 13, 35, 36, 37],
    "wrong and imperfect packs": [6, 14, 44, 45],
    "revokes, leads out of turn, abandoned hands": range(39, 44),
}


def test_the_course_has_at_least_twelve_lessons_numbered_in_order():
    assert len(LESSONS) >= 12
    assert [lesson.number for lesson in LESSONS] == list(range(1, len(LESSONS) + 1))


@pytest.mark.parametrize("path", sorted(paths.lessons_dir().glob("*.yaml")), ids=lambda p: p.name)
def test_each_file_validates_against_the_lesson_schema(path):
    errors = list(validator("lesson").iter_errors(load_yaml(path)))
    assert errors == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_cited_rule_exists(lesson, book):
    assert [rule_id for rule_id in lesson.cites if rule_id not in book.rules] == []
    assert all(step.cites or step.exercise for step in lesson.steps)
    assert lesson.steps[0].exercise is None, "a lesson opens with an explanation"


@pytest.mark.parametrize("lesson, step", EXERCISES, ids=[f"{lesson.id}/{step.index}" for lesson, step in EXERCISES])
def test_stated_answer_is_the_engines(lesson, step, book):
    exercise = step.exercise
    assert exercise.expected is not None, "every exercise states its answer, so content and engine stay in step"
    engine = expected_answer(exercise, book)
    kind = exercise.handler  # a best-card step may state any card its verdict accepts, as a learner may answer it
    agree = same_answer(exercise, exercise.expected, engine) or (
        exercise.kind == "best-card" and kind.agree(exercise, kind.normalize(exercise, exercise.expected), engine))
    assert agree, f"lesson says {exercise.expected}, engine {engine}"
    answer = engine_answer(exercise, book)
    assert answer["explanation"]
    assert set(answer["cites"]) <= set(book.rules)
    # grading the stated answer says "right", and the feedback carries the engine's reasons
    feedback = grade(exercise, exercise.expected, book)
    assert feedback.correct and feedback.cites == answer["cites"] and feedback.laws == answer["laws"]


def test_lesson_problems_is_clean(book):
    assert lesson_problems(LESSONS, book) == []


def test_every_section_of_the_rule_book_is_taught(book):
    taught = {book.rules[rule_id].section for lesson in LESSONS for rule_id in lesson.cites}
    assert {section.name for section in book.sections} <= taught


@pytest.mark.parametrize("group", LAW_GROUPS, ids=str)
def test_every_remedial_law_group_is_taught(group, book):
    cited = {book.rules[rule_id].law for lesson in LESSONS for rule_id in lesson.cites
             if book.rules[rule_id].section == LAW_SECTION}
    missing = [n for n in LAW_GROUPS[group] if n in book.laws and n not in cited]
    assert missing == []
    # and one lesson teaches the group as a whole, with at least one exercise on it
    assert any(set(LAW_GROUPS[group]) & set(book.laws) <= {book.rules[c].law for c in lesson.cites if c in book.rules}
               and lesson.exercises for lesson in LESSONS)


def test_the_ace_below_the_knave_exercise_of_seed_003(book):
    """J♠ led, spades not trumps: with Q♠ 7♠ only the queen; with A♠ 7♠ either card."""
    positions = {tuple(sorted(s.exercise.position["hand"])): s.exercise for _, s in EXERCISES
                 if s.exercise.kind == "legal-cards" and s.exercise.position.get("led") == "JS"}
    assert expected_answer(positions[("7S", "QS")], book) == {"cards": ["QS"]}
    assert set(expected_answer(positions[("7S", "AS")], book)["cards"]) == {"AS", "7S"}


def test_find_lesson_by_number_slug_or_id():
    first = LESSONS[0]
    assert find_lesson(LESSONS, "1") is first
    assert find_lesson(LESSONS, "01") is first
    assert find_lesson(LESSONS, first.slug) is first
    assert find_lesson(LESSONS, first.id) is first
    assert find_lesson(LESSONS, "99") is None
    assert first.step(1) is first.steps[0]
    with pytest.raises(IndexError):
        first.step(0)


# --- grading ---------------------------------------------------------------------------------


def exercise(kind, position, choices=()):
    return Exercise(kind=kind, prompt="p" * 5, position=position, hint="h" * 5, choices=tuple(choices))


KNAVE_LED = exercise("legal-cards", {"trump": "H", "led": "JS", "hand": ["QS", "7S", "AD"]})


def test_grade_right_and_wrong_legal_cards(book):
    right = grade(KNAVE_LED, {"cards": ["q♠"]}, book)
    assert right.correct and right.expected == {"cards": ["QS"]}
    wrong = grade(KNAVE_LED, {"cards": ["7S"]}, book)
    assert not wrong.correct
    assert "Q♠" in wrong.explanation and "play.head-the-trick" in wrong.cites
    assert not grade(KNAVE_LED, {"cards": ["QS", "7S"]}, book).correct  # every legal card, no more


@pytest.mark.parametrize("response, message", [
    ({"cards": ["ZZ"]}, "not a card"),
    ({"cards": ["KH"]}, "not in the hand"),
    ({"cards": []}, "at least one"),
    ({"card": ["QS"]}, "needs 'cards'"),
    ("QS", "needs 'cards'"),
])
def test_unreadable_responses_are_not_wrong_answers(response, message, book):
    with pytest.raises(BadResponse, match=message):
        grade(KNAVE_LED, response, book)


def test_a_card_left_out_under_a_trump_lead_is_said_as_a_trump_lead(book):
    trump_led = exercise("legal-cards", {"trump": "H", "led": "JH", "hand": ["7C", "8C", "9D"]})
    text = grade(trump_led, {"cards": ["7C", "8C"]}, book).diagnosis.text
    assert text == "You left out 9♦: a trump was led and you hold no trump, so you may play any card."


@pytest.mark.parametrize(("led", "rank"), [("JS", "knave"), ("QS", "queen"), ("KS", "king")])
def test_an_ace_left_out_is_said_to_rank_below_the_card_led_itself(book, led, rank):
    """A learner's report: with the queen led, "the ace ranks below the knave" named a card not on the table."""
    following = exercise("legal-cards", {"trump": "H", "led": led, "hand": ["AS", "8S", "9D"]})
    text = grade(following, {"cards": ["8S"]}, book).diagnosis.text
    assert f"(A♠ does not: the ace ranks below the {rank})" in text and text.startswith("You left out A♠")


@pytest.mark.parametrize(("led", "rank"), [("JS", "knave"), ("QS", "queen")])
def test_an_ace_allowed_against_a_card_it_ranks_below_names_that_card_s_rank(book, led, rank):
    """The same class as the card left out: the ace allowed is said to rank below the card led itself."""
    following = exercise("legal-cards", {"trump": "H", "led": led, "hand": ["AS", "KS", "9D"]})
    text = grade(following, {"cards": ["AS"]}, book).diagnosis.text
    assert text.startswith(f"You allowed A♠, but it does not beat {led[0]}♠: the ace ranks below the {rank}. ")


@pytest.mark.parametrize("followed", ["KS", "QS", "JS"])
def test_an_ace_given_the_trick_is_told_every_rank_above_it(book, monkeypatch, followed):
    """Giving the trick to an ace over a higher card of its suit, where no named mistake fits: the ranks above the
    ace are read from the table's order ('below the knave' alone said nothing of the king that took it)."""
    from ecarte_tutor.lessons.kinds import trick_winner

    monkeypatch.setattr(trick_winner, "mistakes_named", lambda case, given: [])
    trick = exercise("trick-winner", {"trump": "H", "led": "AS", "followed": followed})
    text = grade(trick, {"winner": "leader"}, book).diagnosis.text
    assert text == (f"You gave the trick to A♠, but both cards are spades, so rank alone decides: the ace ranks "
                    f"below the king, the queen and the knave, and A♠ ranks below {followed[0]}♠.")


def test_a_card_given_twice_is_refused_not_dropped(book):
    """A learner's report: a seven-card order with a card typed twice was accepted as the six, and a discard of six
    with a repeat graded as five; the repeat is named and nothing is graded."""
    order = exercise("rank-order", {"cards": ["7H", "AH", "JH"]})
    with pytest.raises(BadResponse, match="You gave J♥ twice") as raised:
        grade(order, {"order": ["JH", "AH", "7H", "JH"]}, book)
    assert raised.value.field == "order[3]"
    with pytest.raises(BadResponse, match="You gave Q♠ twice"):
        grade(KNAVE_LED, {"cards": "QS qs"}, book)
    discard = next(step.exercise for lesson in LIBRARY.lessons for step in lesson.exercises
                   if step.exercise.kind == "best-exchange" and "cards" in expected_answer(step.exercise, book))
    hand = [choice["value"] for choice in discard.choices]
    with pytest.raises(BadResponse, match="twice"):
        grade(discard, {"cards": [*hand, hand[0]]}, book)


def test_grade_every_kind(book):
    trick = exercise("trick-winner", {"trump": "H", "led": "JS", "followed": "AS"})
    assert grade(trick, {"winner": "Leader"}, book).correct
    assert grade(trick, {"winner": "js"}, book).correct  # naming the winning card is fine
    assert not grade(trick, {"winner": "follower"}, book).correct
    with pytest.raises(BadResponse):
        grade(trick, {"winner": "KD"}, book)

    order = exercise("rank-order", {"cards": ["7H", "AH", "JH"]})
    assert grade(order, {"order": ["JH", "AH", "7H"]}, book).correct
    assert not grade(order, {"order": ["AH", "JH", "7H"]}, book).correct
    assert "pack.rank-order" in grade(order, {"order": ["AH", "JH", "7H"]}, book).cites
    with pytest.raises(BadResponse, match="exactly these cards"):
        grade(order, {"order": ["JH", "AH"]}, book)

    score = exercise("score", {"tricks": {"elder": 2, "dealer": 3}, "elder_played_without_proposing": True})
    assert grade(score, {"points": {"elder": 0, "dealer": 2}}, book).correct
    assert not grade(score, {"points": {"elder": 0, "dealer": 1}}, book).correct
    with pytest.raises(BadResponse, match="whole number"):
        grade(score, {"points": {"elder": "x", "dealer": 1}}, book)

    short = exercise("exchange", {"stock": 3, "elder_discards": 3, "dealer_discards": 2})
    assert grade(short, {"elder_draws": 3, "dealer_draws": 0}, book).correct
    assert not grade(short, {"elder_draws": 1, "dealer_draws": 2}, book).correct

    advice = exercise("propose-or-play", {"trump": "H", "hand": ["KS", "QS", "JS", "8H", "8D"]})
    assert grade(advice, {"choice": "pl"}, book).correct
    assert not grade(advice, {"choice": "propose"}, book).correct
    with pytest.raises(BadResponse):
        grade(advice, {"choice": "p"}, book)  # ambiguous: propose or play


def test_grade_dispute(book):
    facts = {"irregularity": "wrong-card-count", "discovered": "before-turn-up", "elder_looked": False}
    misdeal = exercise("dispute", {"facts": facts},
                       [{"value": v, "label": v} for v in ("rectify", "fresh-deal", "deal-stands")])
    right = grade(misdeal, {"option_ids": ["fresh-deal", "rectify"], "chooser": "Elder"}, book)
    assert right.correct and 9 in right.laws and right.expected["chooser"] == "elder"
    assert "Claim a fresh deal" in right.explanation  # the remedies are spelled out
    assert not grade(misdeal, {"option_ids": ["fresh-deal"], "chooser": "elder"}, book).correct
    assert not grade(misdeal, {"option_ids": "fresh-deal rectify", "chooser": "nobody"}, book).correct
    with pytest.raises(BadResponse, match="not one of the remedies offered: rectify"):
        grade(misdeal, {"option_ids": ["cut-again"], "chooser": "elder"}, book)
    # who chooses is half the ruling: left out, it is asked for, never read as "nobody"
    with pytest.raises(BadResponse, match="needs 'chooser'"):
        grade(misdeal, {"option_ids": ["fresh-deal", "rectify"]}, book)


@pytest.mark.parametrize("points, message", [
    ({"elder": 1}, "Give the dealer's points: a whole number"),
    ({"elder": 1, "dealer": None}, "Give the dealer's points"),
    ({"elder": -1, "dealer": 0}, "The elder hand's points must be a whole number (0 or more), not -1"),
])
def test_a_count_left_out_or_negative_is_asked_for_in_words(points, message, book):
    """A learner's report: "'points.dealer' must be a whole number (0 or more), not None" spoke in keys."""
    score = exercise("score", {"tricks": {"elder": 2, "dealer": 3}})
    with pytest.raises(BadResponse, match=re.escape(message)):
        grade(score, {"points": points}, book)


DEAL = {"elder": ["10C", "9C", "KH", "QH", "JH"], "dealer": ["KC", "QC", "JC", "AC", "7H"], "turn_up": "7C",
        "stock": ["KS", "QS", "JS", "AS", "10S", "9S", "8S", "7S", "AH", "10H", "9H", "8H", "KD", "QD", "JD", "AD",
                  "10D", "9D", "8D", "7D", "8C"]}


def test_grade_pool_and_hand_score(book):
    players = [{"value": f"{w}:{n}", "label": f"{n} {w}"} for w in ("out", "won") for n in ("Ann", "Bo", "Cy")]
    pool = exercise("pool", {"players": ["Ann", "Bo", "Cy"], "results": ["Ann", "Ann"]}, players)
    assert grade(pool, {"next": "won:Ann"}, book).correct
    assert grade(pool, {"next": "ANN WON"}, book).correct, "a choice's words, in any case"
    assert not grade(pool, {"next": "out:Bo"}, book).correct
    with pytest.raises(BadResponse, match="not one of the answers"):
        grade(pool, {"next": "Dee"}, book)
    declined = exercise("hand-score", {"agreements": ["doubling"], "deal": DEAL, "actions": [
        {"by": "elder", "do": "stand"}, {"by": "dealer", "do": "double"}, {"by": "elder", "do": "decline-double"}]})
    assert grade(declined, {"points": {"elder": 0, "dealer": 2}}, book).correct
    wrong = grade(declined, {"points": {"elder": 2, "dealer": 0}}, book)
    assert "the elder hand declined the double" in wrong.diagnosis.text and wrong.diagnosis.rule == "variant.doubling"
    stake = grade(declined, {"points": {"elder": 0, "dealer": 1}}, book).diagnosis
    assert "the elder hand played without proposing" in stake.text and "2 instead of 1" in stake.text
    assert stake.mistakes == ("stake-forgotten-in-a-played-hand",)


def test_an_unanswerable_position_is_a_lesson_error(book):
    broken = exercise("legal-cards", {"trump": "H", "led": "JS", "hand": ["JS"]})
    with pytest.raises(LessonError, match="led-in-hand"):
        expected_answer(broken, book)
    partial = exercise("dispute", {"facts": {"irregularity": "wrong-card-count"}},
                       [{"value": "fresh-deal", "label": "x"}])
    with pytest.raises(LessonError, match="incomplete"):
        expected_answer(partial, book)
    unfinished = exercise("hand-score", {"deal": DEAL, "actions": [{"by": "elder", "do": "stand"}]})
    with pytest.raises(LessonError, match="not over"):
        expected_answer(unfinished, book)


# --- loading -----------------------------------------------------------------------------------


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """title: A test lesson
summary: Just enough to load.
steps:
  - title: Read this
    body: Some words for the body.
    cites: [pack.rank-order]
  - title: Try this
    body: Some more words here.
    exercise:
      kind: trick-winner
      prompt: Who wins this?
      position: {trump: H, led: JS, followed: AS}
      hint: Compare the ranks.
"""


def test_load_a_lesson(tmp_path, book):
    lesson = load_lesson(write(tmp_path, "07-a-test.yaml", GOOD), book)
    assert (lesson.id, lesson.number, lesson.slug) == ("07-a-test", 7, "a-test")
    assert [s.index for s in lesson.steps] == [1, 2]
    assert lesson.cites == ("pack.rank-order",)
    assert lesson.steps[1].exercise.choices[0]["value"] == "leader"
    assert lesson.steps[1].exercise.expected is None


@pytest.mark.parametrize("name, text, message", [
    ("7-a-test.yaml", GOOD, "NN-slug"),
    ("07-a-test.yaml", GOOD.replace("title: Read this", "titel: Read this"), r"steps\[0\]"),
    ("07-a-test.yaml", GOOD.replace("kind: trick-winner", "kind: riddle"), r"steps\[1\]\.exercise\.kind"),
    ("07-a-test.yaml", GOOD.replace("    cites: [pack.rank-order]\n", ""), r"steps\[0\]"),
    ("07-a-test.yaml", GOOD.replace("title: A test lesson", "title: A\ntitle: B"), "twice"),
    ("07-a-test.yaml", GOOD.replace("followed: AS}", "followed: AS}\n      choices: [x]")
     .replace("trick-winner", "dispute").replace("{trump: H, led: JS, followed: AS}", "{facts: {}}"),
     "choices"),
])
def test_a_broken_lesson_names_file_and_key(tmp_path, name, text, message, book):
    with pytest.raises(DataError, match=message):
        load_lesson(write(tmp_path, name, text), book)


def test_bad_card_in_a_position_is_a_data_error(tmp_path, book):
    text = GOOD.replace("kind: trick-winner", "kind: legal-cards").replace("followed: AS", "hand: [QS, 6S]")
    with pytest.raises(DataError, match=r"position\.hand\[1\]"):
        load_lesson(write(tmp_path, "07-a-test.yaml", text), book)


def test_numbers_and_slugs_are_unique(tmp_path, book):
    write(tmp_path, "01-one.yaml", GOOD)
    write(tmp_path, "01-two.yaml", GOOD)
    with pytest.raises(DataError, match="number 1"):
        load_lessons(tmp_path, book)


# --- progress -------------------------------------------------------------------------------


def test_progress_records_first_tries():
    lesson = LESSONS[0]
    ex = [s.index for s in lesson.exercises]
    p = Progress().record(lesson.id, 1)
    p = p.record(lesson.id, ex[0], correct=True)
    p = p.record(lesson.id, ex[1], correct=False).record(lesson.id, ex[1], correct=True)
    p = p.record(lesson.id, ex[0], correct=False)  # reviewing a done step changes nothing
    now = p.lesson(lesson.id)
    assert now.done == {1, ex[0], ex[1]} and now.first_try == {ex[0]} and now.missed == frozenset()
    summary = p.summary(lesson)
    assert summary == {"steps": len(lesson.steps), "done": 3, "missed": 0, "exercises": len(ex), "first_try": 1,
                       "complete": False}
    # a step answered wrong and not yet right is counted apart: neither done nor unseen
    assert p.record(lesson.id, ex[2], correct=False).summary(lesson)["missed"] == 1
    assert Progress.from_dict(json.loads(json.dumps(p.to_dict())), LESSONS) == p
    assert not p.reset().lessons and p.reset().seq == p.seq + 1
    assert p.reset().reset_seq == p.seq + 1  # a reset is a change too, and older pages answer nothing


def test_a_lessons_counts_in_words_name_only_what_is_there():
    """One sentence for the terminal and the lesson page: the steps answered wrong and the exercises only
    when there are some."""
    counts = {"steps": 6, "done": 2, "missed": 1, "exercises": 4, "first_try": 1, "complete": False}
    assert summary_words(counts) == ("2 of 6 steps done (1 answered wrong, to try again); "
                                     "1 of 4 exercises right first time.")
    assert summary_words({**counts, "missed": 0, "exercises": 0}) == "2 of 6 steps done."


def test_progress_counts_every_change_and_only_changes():
    lesson = LESSONS[0]
    ex = [s.index for s in lesson.exercises]
    steps = [Progress()]
    for event in [(1, None), (ex[0], False), (ex[0], True), (ex[0], False), (1, None)]:
        steps.append(steps[-1].record(lesson.id, event[0], correct=event[1]))
    assert [p.seq for p in steps] == [0, 1, 2, 3, 3, 3]  # reviewing a done step is no change
    assert Progress.from_dict(steps[3].to_dict()).seq == 3


@pytest.mark.parametrize("seq", [-1, True, "7", 1.5, 2 ** 60, None])
def test_a_malformed_counter_reads_as_zero(seq):
    assert Progress.from_dict({"seq": seq, "lessons": {}}).seq == 0


@pytest.mark.parametrize("garbage", [
    None, 3, "x", [], {"lessons": 5}, {"lessons": {"01-x": "y"}}, {"lessons": {"BAD ID": {"done": [1]}}},
    {"lessons": {"01-x": {"done": ["1", True, -1, 10**9], "first_try": [2]}}},
])
def test_progress_from_garbage_is_empty(garbage):
    assert Progress.from_dict(garbage) == Progress()


def test_progress_drops_unknown_lessons_and_steps():
    lesson = LESSONS[0]
    data = {"lessons": {lesson.id: {"done": [1, 999], "first_try": [1, 2], "missed": [1, 3]},
                        "99-nope": {"done": [1]}}}
    p = Progress.from_dict(data, LESSONS)
    assert p.lesson(lesson.id).done == {1}
    assert p.lesson(lesson.id).first_try == {1}  # first tries only among steps done
    assert p.lesson(lesson.id).missed == {3}
    assert "99-nope" not in p.lessons


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=4), max_leaves=20)


@given(st.dictionaries(st.sampled_from(["lessons", "x"]),
                       st.dictionaries(st.text(max_size=10), json_values, max_size=4) | json_values))
def test_progress_from_dict_never_fails(data):
    progress = Progress.from_dict(data)
    assert Progress.from_dict(progress.to_dict()) == progress
