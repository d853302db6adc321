"""Every exercise of the course, answered wrongly in each typical way, gets a diagnosis of its own.

A diagnosis names what is wrong (a card, a pair, a claim, a fact, a remedy) and the rule the
mistake breaks; it never gives the whole answer. The answer comes only with the second wrong
try, at the terminal as on the site (tests/web/test_lessons_pages.py).
"""
import contextlib
import io
import re

import pytest
from data_under_test import BOOK, LIBRARY
from wrong_answers import typical_wrong_answers

from ecarte_tutor.cards import CardNotationError, parse_card
from ecarte_tutor.lessons import BadResponse, expected_answer, grade, run_lesson
from ecarte_tutor.lessons.reading import SEAT_WORDS

EXERCISES = [(lesson, step) for lesson in LIBRARY.lessons for step in lesson.exercises]
GENERIC = re.compile(r"not quite|try again|wrong answer|that is (wrong|incorrect)", re.I)


def situation_words(exercise) -> set[str]:
    """What a specific diagnosis may name: the cards, seats, choices, numbers and facts of the exercise."""
    words = set(SEAT_WORDS.values()) | {c["label"] for c in exercise.choices} | {"trump", "law "}
    words |= set(exercise.position.get("players", ()))  # a pool's players, by name
    words |= {rule.title.split(" (")[0] for rule in BOOK.profiles.values()}
    for line in exercise.handler.describe(exercise, BOOK):
        words |= set(re.findall(r"\d+|[KQJA]|10|[♠♥♦♣]", line))
    for value in _strings(exercise.position):
        with contextlib.suppress(CardNotationError, ValueError):
            words.add(parse_card(value).pretty)
    return {w for w in words if w}


def _strings(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


CASES = [(lesson, step, what, answer) for lesson, step in EXERCISES
         for what, answer in typical_wrong_answers(step.exercise, expected_answer(step.exercise, BOOK))]


def test_every_exercise_has_typical_wrong_answers():
    covered = {(lesson.id, step.index) for lesson, step, _, _ in CASES}
    assert covered == {(lesson.id, step.index) for lesson, step in EXERCISES}
    assert len(CASES) > 3 * len(EXERCISES)


@pytest.mark.parametrize("lesson, step, what, answer", CASES,
                         ids=[f"{lesson.id}/{step.index}: {what}" for lesson, step, what, _ in CASES])
def test_a_typical_wrong_answer_gets_a_specific_diagnosis(lesson, step, what, answer):
    exercise = step.exercise
    try:
        feedback = grade(exercise, answer, BOOK)
    except BadResponse as exc:
        pytest.fail(f"a typical wrong answer could not be read: {exc.message}")
    assert not feedback.correct
    diagnosis = feedback.diagnosis
    assert diagnosis is not None and diagnosis.rule in BOOK.rules, "it names a rule the hint can link"
    text = diagnosis.text
    assert len(text) > 30 and not GENERIC.search(text), text
    assert any(word in text for word in situation_words(exercise)), f"names nothing of the situation: {text}"
    assert not re.search(r"\b[a-z]+\.[a-z][a-z-]+\b", text), f"a rule id in what the learner reads: {text}"
    whole = exercise.handler.words(exercise, feedback.expected)
    if " " in whole:  # a one-word answer (play, propose) is implied by any diagnosis of a two-way choice
        assert whole not in text, f"the diagnosis gives the whole answer: {text}"


def test_the_ace_above_the_knave_is_named():
    lesson = next(item for item in LIBRARY.lessons if item.slug == "pack-and-ranking")
    exercise = next(step.exercise for step in lesson.exercises if step.exercise.kind == "rank-order")
    feedback = grade(exercise, {"order": ["KH", "QH", "AH", "JH", "10H", "7H"]}, BOOK)
    assert feedback.diagnosis.text.startswith("You put the ace above the knave")
    assert feedback.diagnosis.rule == "pack.rank-order"


def test_a_legal_card_left_out_names_the_duty():
    lesson = next(item for item in LIBRARY.lessons if item.slug == "pack-and-ranking")
    exercise = next(step.exercise for step in lesson.exercises if "AS" in step.exercise.position.get("hand", []))
    text = grade(exercise, {"cards": ["AS"]}, BOOK).diagnosis.text
    assert text.startswith("You left out 7♠, which may be played here. You treated the ace as the highest card")
    assert "it ranks below the king, the queen and the knave" in text


def test_a_dispute_diagnosis_names_the_fact_that_points_to_another_law():
    lesson = next(item for item in LIBRARY.lessons if item.slug == "misdeals-and-wrong-hand-sizes")
    step = next(s for s in lesson.exercises if s.exercise.position["facts"].get("hand") == "dealer"
                and s.exercise.position["facts"].get("count") == 6)
    text = grade(step.exercise, {"option_ids": ["fresh-deal", "discard-surplus"], "chooser": "elder"},
                 BOOK).diagnosis.text
    assert "“Whose hand is wrong or affected?”" in text and "(law 15)" in text and "law 17" in text


def _wrong_twice(lesson, step, answer_lines):
    out = io.StringIO()
    script = "".join(line + "\n" for line in [*answer_lines, *answer_lines, "quit"])
    run_lesson(lesson, io.StringIO(script), out, book=BOOK, start=step.index)
    text = out.getvalue()
    return text.split(f"--- Step {step.index + 1} ")[0]


TYPED = {  # the first typical wrong answer of each exercise, as a learner types it at the terminal
    "legal-cards": lambda x, a: [" ".join(a["cards"])],
    "rank-order": lambda x, a: [" ".join(a["order"])],
    "trick-winner": lambda x, a: [a["winner"]],
    "score": lambda x, a: [f"{a['points']['elder']} {a['points']['dealer']}"],
    "hand-score": lambda x, a: [f"{a['points']['elder']} {a['points']['dealer']}"],
    "exchange": lambda x, a: [f"{a['elder_draws']} {a['dealer_draws']}"],
    "dispute": lambda x, a: [" ".join(str([c["value"] for c in x.choices].index(o) + 1) for o in a["option_ids"]),
                             a["chooser"]],
    "propose-or-play": lambda x, a: [a["choice"]],
    "pool": lambda x, a: [str([c["value"] for c in x.choices].index(a["next"]) + 1)],
    "best-card": lambda x, a: [a["card"]],
    "best-exchange": lambda x, a: [" ".join(a["cards"]) if "cards" in a else a["choice"]],
}


@pytest.mark.parametrize("lesson, step", EXERCISES, ids=[f"{lesson.id}/{step.index}" for lesson, step in EXERCISES])
def test_at_the_terminal_the_answer_comes_only_with_the_second_wrong_try(lesson, step):
    exercise = step.exercise
    expected = expected_answer(exercise, BOOK)
    _, answer = typical_wrong_answers(exercise, expected)[0]
    text = _wrong_twice(lesson, step, TYPED[exercise.kind](exercise, answer))
    first, _, second = text.partition("Not yet.")[2].partition("Not right.")
    assert first and second, text
    assert "The answer:" not in first and "The answer:" in second
    assert exercise.handler.words(exercise, expected) in second
    assert "Try again" not in text


def test_a_bystander_dispute_diagnosis_names_how_the_advice_was_given():
    lesson = next(item for item in LIBRARY.lessons if item.slug == "other-tables")
    step = next(s for s in lesson.exercises
                if s.exercise.position.get("facts", {}).get("irregularity") == "bystander-advice")
    diagnosis = grade(step.exercise, {"option_ids": ["advice-allowed"], "chooser": "none"}, BOOK).diagnosis
    assert "“How was the advice given?”" in diagnosis.text and "By pointing at a card" in diagnosis.text
    assert "“Agreement: bystanders who bet and advise”" in diagnosis.text, "a rule that is no law, by its title"
    assert diagnosis.rule == "variant.french-bystanders"


def test_a_dispute_diagnosis_also_names_a_wrong_chooser():
    lesson = next(item for item in LIBRARY.lessons if item.slug == "other-tables")
    step = next(s for s in lesson.exercises
                if s.exercise.position.get("facts", {}).get("irregularity") == "bystander-advice")
    both = grade(step.exercise, {"option_ids": ["advice-allowed"], "chooser": "elder"}, BOOK).diagnosis.text
    assert "“How was the advice given?”" in both
    assert "You gave the choice to the elder hand, but here nobody chooses" in both
    one = grade(step.exercise, {"option_ids": ["advice-allowed"], "chooser": "none"}, BOOK).diagnosis.text
    assert "nobody chooses" not in one


def test_a_pool_diagnosis_tells_two_wins_from_two_running():
    lesson = next(item for item in LIBRARY.lessons if item.slug == "other-tables")
    exercise = next(s.exercise for s in lesson.exercises if s.exercise.kind == "pool")
    assert grade(exercise, {"next": "out:Bertrand"}, BOOK).correct, "the loser of the fourth game waits"
    text = grade(exercise, {"next": "won:Anne"}, BOOK).diagnosis.text
    assert "You gave the pool to Anne, who has won games 1 and 4, but not running" in text
    assert "a winner keeps the seat" in grade(exercise, {"next": "Anne sits out the next game"}, BOOK).diagnosis.text
    assert "nobody waits twice in a row" in grade(exercise, {"next": "out:Claude"}, BOOK).diagnosis.text


def test_a_hand_score_diagnosis_names_the_wager_left_out():
    lesson = next(item for item in LIBRARY.lessons if item.slug == "other-tables")
    wagers = {s.exercise.position["agreements"][0]: s.exercise for s in lesson.exercises
              if s.exercise.kind == "hand-score"}
    doubled, offered = wagers["doubling"], wagers["offer-the-point"]
    text = grade(doubled, {"points": {"elder": 0, "dealer": 2}}, BOOK).diagnosis.text
    # 2 is the undoubled count, and also the doubled point with the stake forgotten (learner's report): both named
    assert text.startswith("You gave the elder hand 0 and the dealer 2. Two different mistakes give this answer")
    assert "You scored the hand as if nobody had doubled" in text and "played without proposing" in text
    text = grade(offered, {"points": {"elder": 0, "dealer": 2}}, BOOK).diagnosis.text
    assert "the dealer declined the point offered" in text and "win every trick" in text


EXCHANGES = [(lesson, step) for lesson, step in EXERCISES if step.exercise.kind == "exchange"]


@pytest.mark.parametrize("lesson, step", EXCHANGES, ids=[f"{lesson.id}/{step.index}" for lesson, step in EXCHANGES])
def test_a_wrong_draw_for_the_dealer_is_explained_by_this_stock(lesson, step):
    """The reason given is worked out for this stock (learner's report: a dealer who simply replaces his two
    discards from six cards was told that he is served "from what the stock still holds")."""
    exercise = step.exercise
    expected = expected_answer(exercise, BOOK)
    p = exercise.position
    stock, elder, dealer = p["stock"], p["elder_discards"], p.get("dealer_discards") or 0
    left = stock - expected["elder_draws"]
    for wrong in sorted({0, 1, 2, 3, 5} - {expected["dealer_draws"]}):
        feedback = grade(exercise, {"elder_draws": expected["elder_draws"], "dealer_draws": wrong}, BOOK)
        text = feedback.diagnosis.text
        if feedback.diagnosis.mistakes:  # a catalogued mistake gives this answer: its own words say why
            continue
        assert f"You had the dealer draw {wrong}, but" in text, text
        assert f"leaves {left}" in text, text
        if expected["dealer_draws"] == dealer and dealer and stock >= elder + dealer:
            assert f"for each of the {dealer} he discarded" in text, text
        elif expected["dealer_draws"] == 0:
            assert "draws nothing" in text or "nothing is left for the dealer" in text, text
        else:
            assert f"draws those {expected['dealer_draws']}" in text, text
        assert "from what the stock still holds" not in text


def _step(lesson_number: int, index: int):
    lesson = next(item for item in LIBRARY.lessons if item.number == lesson_number)
    return next(step for step in lesson.steps if step.index == index).exercise


def test_a_claim_the_game_s_end_cut_off_is_said_so_not_that_only_the_winner_scores():
    """Learner's report: the elder won the point, but the dealer's turned king had already won the game."""
    king_first = _step(10, 2)
    diagnosis = grade(king_first, {"points": {"elder": 1, "dealer": 2}}, BOOK).diagnosis
    assert "only the player who wins the point" not in diagnosis.text
    assert "The dealer's turned king, scored before it, had already won him the game" in diagnosis.text
    assert diagnosis.rule == "scoring.claim-order"
    announced = grade(_step(10, 3), {"points": {"elder": 1, "dealer": 1}}, BOOK).diagnosis
    assert "The dealer won the vole" in announced.text and "The elder hand's king, scored before it" in announced.text


def test_the_ace_put_last_is_said_below_the_card_that_is_there():
    order = _step(2, 3)
    assert "7" not in "".join(order.position["cards"]), "this exercise holds no seven"
    wrong = list(expected_answer(order, BOOK)["order"])
    wrong.remove(next(c for c in wrong if c.startswith("A")))
    text = grade(order, {"order": [*wrong, next(c for c in order.position["cards"] if c.startswith("A"))]},
                 BOOK).diagnosis.text
    assert "below the seven" not in text and f"below the ten ({parse_card(wrong[-1]).pretty})" in text


def test_a_remedy_of_other_hand_sizes_is_said_for_each_size_the_law_allows_it():
    """Learner's report: "a remedy when the hand holds 3" (law 18) — it holds for a hand of 4 as much."""
    too_many = _step(11, 3)
    numbers = {c["value"]: c["value"] for c in too_many.choices}
    options = sorted({*expected_answer(too_many, BOOK)["option_ids"], "complete-from-stock"} & set(numbers))
    text = grade(too_many, {"option_ids": options, "chooser": expected_answer(too_many, BOOK)["chooser"]},
                 BOOK).diagnosis.text
    assert "is, for instance, “3” or “4”" in text


def test_every_card_wrongly_allowed_gets_its_reason():
    """Learner's report: a trump and a card of another suit ticked while holding the suit led were only said to be
    "not playable either"."""
    follow = _step(7, 3)
    text = grade(follow, {"cards": list(follow.position["hand"])}, BOOK).diagnosis.text
    assert "may not be played either" not in text
    assert "while you hold the suit led you must follow it: you may neither trump nor throw a card of another suit" \
        in text


def test_a_trick_under_the_ace_high_agreement_names_the_agreement():
    ace_high = _step(16, 7)
    text = grade(ace_high, {"winner": "leader"}, BOOK).diagnosis.text
    assert "this table agreed that “the ace ranks high, above the king”" in text
