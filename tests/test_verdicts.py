"""The best-card verdicts under the hidden-card model: kept as data, recomputed here, and held by every step."""
from data_under_test import BOOK, LIBRARY

from ecarte_tutor.lessons import verdicts
from ecarte_tutor.lessons.checks import recompute_verdicts
from ecarte_tutor.lessons.grading import expected_answer


def best_card_steps():
    return [(lesson, step) for lesson in LIBRARY.lessons for step in lesson.steps
            if step.exercise is not None and step.exercise.kind == "best-card"]


def test_every_verdict_kept_is_what_a_fresh_weighing_gives():
    fresh, differ = recompute_verdicts(BOOK)
    assert differ == []
    assert len(fresh) == len(best_card_steps())


def test_every_stated_card_is_as_good_as_the_best_and_every_card_left_out_is_worse():
    for lesson, step in best_card_steps():
        exercise = step.exercise
        kept = verdicts.verdict_for(exercise.position, BOOK)
        assert kept is not None, (lesson.file, step.index)
        assert kept.model == "hidden" and kept.deals >= 1000 and kept.worlds >= 30
        assert str(exercise.expected["card"]) in kept.accepted, (lesson.file, step.index)
        for card, figures in kept.cards.items():
            if card not in kept.accepted:
                assert figures["gap"] >= verdicts.MARGIN * figures["error"] > 0, (lesson.file, step.index, card)
        # the step accepts exactly the cards the verdict cannot tell apart
        assert sorted(expected_answer(exercise, BOOK)["best"]) == sorted(kept.accepted)


def test_check_names_a_stated_card_the_hidden_game_beats():
    """Lesson 17's two top trumps: the books lead the king of trumps, the hidden game a small club; a step
    stating the king is a defect check names, with the figures."""
    step = next(s for lesson, s in best_card_steps() if s.exercise.position["deal"]["elder"][:2] == ["KH", "QH"])
    found = verdicts.problems(step.exercise.position, "KH", BOOK)
    assert len(found) == 1 and "trails 7C by" in found[0] and "no longer holds" in found[0]
    assert verdicts.problems(step.exercise.position, "7C", BOOK) == []
    # and the step's own check (what 'ecarte-tutor check' runs on every exercise) says so
    from dataclasses import replace

    from ecarte_tutor.lessons.checks import _exercise_problems

    stated_king = replace(step.exercise, expected={"card": "KH"})
    assert any("no longer holds" in problem for problem in _exercise_problems(stated_king, BOOK))
    assert not any("no longer holds" in problem for problem in _exercise_problems(step.exercise, BOOK))


def test_a_position_without_a_verdict_is_a_defect():
    position = {**best_card_steps()[0][1].exercise.position, "goal": "tricks"}
    assert "no verdict is kept" in verdicts.problems(position, "KS", BOOK)[0]
