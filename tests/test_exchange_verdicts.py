"""The best-exchange verdicts under the hidden-card model: kept as data, recomputed here, and held by every step."""
from data_under_test import BOOK, LIBRARY

from ecarte_tutor.lessons import exchange_verdicts
from ecarte_tutor.lessons.grading import expected_answer


def best_exchange_steps():
    return [(lesson, step) for lesson in LIBRARY.lessons for step in lesson.steps
            if step.exercise is not None and step.exercise.kind == "best-exchange"]


def stated(step):
    return step.exercise.expected.get("cards", step.exercise.expected.get("choice"))


def test_every_verdict_kept_is_what_a_fresh_weighing_gives():
    fresh, differ = exchange_verdicts.recompute(BOOK, LIBRARY.lessons)
    assert differ == []
    assert len(fresh) == len(best_exchange_steps()) >= 8


def test_every_stated_answer_is_the_best_and_every_choice_left_out_is_worse_by_two_standard_errors():
    for lesson, step in best_exchange_steps():
        kept = exchange_verdicts.verdict_for(step.exercise.position, BOOK)
        assert kept is not None, (lesson.file, step.index)
        assert kept.model == "hidden" and kept.deals >= 3000 and kept.worlds >= 30
        assert exchange_verdicts.said(stated(step)) == exchange_verdicts.normal(kept.best), (lesson.file, step.index)
        for choice, figures in kept.choices.items():
            if choice not in kept.accepted:
                assert figures["gap"] >= exchange_verdicts.MARGIN * figures["error"] > 0, (lesson.file, choice)
        assert exchange_verdicts.problems(step.exercise.position, stated(step), BOOK) == []


def test_a_step_counts_right_exactly_the_choices_its_verdict_accepts_with_the_verdicts_figures():
    for lesson, step in best_exchange_steps():
        kept = exchange_verdicts.verdict_for(step.exercise.position, BOOK)
        answer = step.exercise.handler.engine_answer(step.exercise, BOOK)
        assert expected_answer(step.exercise, BOOK)["right"] == answer["right"]
        right = sorted(exchange_verdicts.said(r) for r in answer["right"])
        assert right == sorted(exchange_verdicts.normal(c) for c in kept.accepted), (lesson.file, step.index)
        assert answer["holdings"] == kept.deals and answer["model"] == "hidden"
        assert f"{kept.deals:,} deals" in answer["explanation"]


def test_check_names_a_stated_answer_the_hidden_game_beats():
    """Lesson 21's two trumps and odd cards: playing at once beats proposing by many standard errors; a step
    stating 'propose' is a defect check names, with the figures."""
    step = next(s for _, s in best_exchange_steps() if s.exercise.position["deal"]["elder"][0] == "10S")
    found = exchange_verdicts.problems(step.exercise.position, "propose", BOOK)
    assert len(found) == 1 and "trails play by" in found[0] and "no longer holds" in found[0]


def test_a_position_without_a_verdict_is_a_defect():
    position = {**best_exchange_steps()[0][1].exercise.position, "goal": "tricks"}
    assert "no best-exchange verdict is kept" in exchange_verdicts.problems(position, ["7C"], BOOK)[0]
