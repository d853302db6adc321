"""``best-exchange``: the discard and the answer to a proposal, judged by ``analyse`` before the play from
what the learner can know; each lesson's claim is the engine's for its exercise, whatever the seed."""
import pytest
from data_under_test import BOOK, LIBRARY

from ecarte_tutor.engine import analysis, analysis_exchange
from ecarte_tutor.lessons import BadResponse, expected_answer, grade
from ecarte_tutor.lessons.kinds.best_exchange import GOALS, _goal

EXERCISES = [(lesson, step) for lesson in LIBRARY.lessons for step in lesson.exercises
             if step.exercise.kind == "best-exchange"]
IDS = [f"{lesson.id}/{step.index}" for lesson, step in EXERCISES]
SEEDS = (None, 1878)  # the lessons' own sample (None: the seed fixed by what the learner knows) and another
RIGHT = {}  # (exercise, seed) -> the choices right: each analysis costs a second or two


def lesson(slug):
    return next(item for item in LIBRARY.lessons if item.slug == slug)


def _key(choice):
    return frozenset(map(str, choice)) if isinstance(choice, tuple) else choice


def right_under(exercise, seed):
    """The choices counted right for the exercise's goal when the deals are drawn with ``seed``."""
    key = (id(exercise), seed)
    if key not in RIGHT:
        RIGHT[key] = _right_under(exercise, seed)
    return RIGHT[key]


def _right_under(exercise, seed):
    if seed is None:  # the answer the lesson grades by
        return {frozenset(c) if isinstance(c, list) else c for c in expected_answer(exercise, BOOK)["right"]}
    params = BOOK.params()
    question = {**{k: v for k, v in exercise.position.items() if k != "goal"}, "kind": "analyse"}
    position = analysis.replay(question, params)
    answer = analysis_exchange.analyse_exchange(position.deal, position.actions, position.state,
                                                exercise.position["view"], BOOK, params, seed=seed)
    goal = _goal(exercise.position, answer.decision)
    listed = {"close_point": answer.close_point, "close_score": answer.close_score, "best": answer.best}
    return {_key(choice) for choice in listed[GOALS[goal][0]]}


def stated(exercise):
    expected = exercise.expected
    return frozenset(expected["cards"]) if "cards" in expected else expected["choice"]


def test_the_course_teaches_the_exchange_and_proposing_beyond_the_rules():
    slugs = {item.slug for item, _ in EXERCISES}
    assert {"discarding", "proposing-beyond-the-rules"} <= slugs
    discards = [s for item, s in EXERCISES if item.slug == "discarding"]
    proposals = [s for item, s in EXERCISES if item.slug == "proposing-beyond-the-rules"]
    assert len(discards) >= 4 and len(proposals) >= 3
    assert all("cards" in s.exercise.expected for s in discards)
    assert {s.exercise.expected["choice"] for s in proposals} >= {"play", "propose", "refuse"}
    assert {s.exercise.position["view"] for s in discards} == {"elder", "dealer"}


@pytest.mark.parametrize("lesson, step", EXERCISES, ids=IDS)
def test_the_stated_answer_is_right_and_every_typical_mistake_wrong_whatever_the_seed(lesson, step):
    """A position whose answer turns on the sample is a bad exercise: two other samples agree."""
    from test_mistakes import MADE

    exercise = step.exercise
    made = [w.response for item, s, _, w in MADE if item.id == lesson.id and s.index == step.index]
    wrong = {frozenset(r["cards"]) if "cards" in r else r["choice"] for r in made}
    assert wrong, "some catalogued mistake fits every exercise"
    for seed in SEEDS:
        right = right_under(exercise, seed)
        assert stated(exercise) in right, seed
        assert not wrong & right, (seed, wrong & right)


def test_the_lessons_claims_are_the_engines():
    discarding = lesson("discarding")
    king, small, plain, dealer = (discarding.step(i).exercise for i in (2, 3, 4, 5))
    for seed in SEEDS:
        # "keep the king of trumps", "keep your trumps, however small", "keep the plain king"
        assert all("KS" not in choice for choice in right_under(king, seed))
        assert all(not {"7S", "8S"} & choice for choice in right_under(small, seed))
        assert all({"KH", "QS", "JS"}.isdisjoint(choice) for choice in right_under(plain, seed))
        # the dealer keeps his trump and his king
        assert all({"QS", "KC"}.isdisjoint(choice) for choice in right_under(dealer, seed))
    beyond = lesson("proposing-beyond-the-rules")
    two_trumps, king_of_trumps, weak, refusal = (beyond.step(i).exercise for i in (2, 3, 4, 5))
    advice = {s.exercise.position["view"] for s in (beyond.step(2),)}
    assert advice == {"elder"}
    for seed in SEEDS:
        assert right_under(two_trumps, seed) == {"play"}
        assert right_under(king_of_trumps, seed) == {"propose"}
        assert right_under(weak, seed) == {"propose"}
        assert right_under(refusal, seed) == {"refuse"}


def test_beyond_the_rules_means_where_the_jeux_de_regle_advise_otherwise():
    from ecarte_tutor import ask

    beyond = lesson("proposing-beyond-the-rules")
    for index, seat in ((2, "elder"), (5, "dealer")):
        exercise = beyond.step(index).exercise
        deal = exercise.position["deal"]
        advice = ask({"kind": "advice", "trump": deal["turn_up"][-1], "hand": deal[seat], "seat": seat}, BOOK)
        assert advice["advice"] != exercise.expected["choice"], advice


@pytest.mark.parametrize("lesson, step", EXERCISES, ids=IDS)
def test_a_wrong_choice_is_compared_with_the_best_in_the_engines_figures(lesson, step):
    exercise = step.exercise
    expected = expected_answer(exercise, BOOK)
    answer = exercise.handler.engine_answer(exercise, BOOK)
    for choice in answer["choices"]:
        given = {"cards": choice["discard"]} if "discard" in choice else {"choice": choice["choice"]}
        feedback = grade(exercise, given, BOOK)
        if feedback.correct:
            continue
        text = feedback.diagnosis.text
        assert f"Over {answer['holdings']:,} deals of the cards you cannot see" in text
        share = f"{100 * choice['p_point']:.0f} %"
        assert share in text, (share, text)  # his own choice's figure, from this very analysis
        if "choice" in given:
            assert "At stake: should" in text
    assert grade(exercise, {"cards": expected["cards"]} if "cards" in expected else
                 {"choice": expected["choice"]}, BOOK).correct


def test_a_discard_beyond_the_limits_is_named_with_the_limits():
    exercise = lesson("discarding").step(2).exercise
    diagnosis = grade(exercise, {"cards": []}, BOOK).diagnosis
    assert diagnosis.text.startswith("You threw out nothing; here you must throw out from 1 to 5 cards")
    assert diagnosis.rule == "exchange.discard-limits"


def test_a_card_not_in_the_hand_is_asked_again_and_any_order_is_the_same_discard():
    exercise = lesson("discarding").step(2).exercise
    with pytest.raises(BadResponse, match="is not in your hand"):
        grade(exercise, {"cards": ["AS"]}, BOOK)
    assert grade(exercise, {"cards": ["7c", "qc", "9h", "8d"]}, BOOK).correct
    # under the hidden-card play keeping the queen loses the point more often, by more than two standard errors
    assert not grade(exercise, {"cards": ["7c", "9h", "8d"]}, BOOK).correct
    exercise = lesson("discarding").step(3).exercise
    assert grade(exercise, {"cards": ["9c", "10d"]}, BOOK).correct
    words = exercise.handler.words(exercise, expected_answer(exercise, BOOK))
    # the verdict's best first (the knave thrown out too), the other it cannot tell from it beside it
    assert words.startswith("throw out J♥, 10♦, 9♣ (also counted right: throw out 10♦, 9♣")
    assert "which do as well" not in words
