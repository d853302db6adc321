"""The best-card verdicts under the hidden-card model: kept as data, recomputed here, and held by every step."""
from data_under_test import BOOK, LIBRARY

from ecarte_tutor.lessons import verdicts
from ecarte_tutor.lessons.checks import recompute_verdicts
from ecarte_tutor.lessons.grading import expected_answer


def best_card_steps():
    return [(lesson, step) for lesson in LIBRARY.lessons for step in lesson.steps
            if step.exercise is not None and step.exercise.kind == "best-card"]


def test_every_verdict_kept_is_what_a_fresh_weighing_gives():
    """Under the step's own rules and under every other profile: a profile whose verdict accepts other cards has
    it kept, and one that accepts the same has none (so a profile that came to change an answer, or stopped,
    shows here as a verdict missing or left over)."""
    fresh, differ = recompute_verdicts(BOOK)
    assert differ == []
    assert len({v.key for v in fresh}) == len(fresh) == len(best_card_steps()) + len(PROFILE_DEPENDENT)


# The steps whose answer a profile changes (issue 38: verdicts were kept for the default profile only). Under the
# modern club's rules the elder who plays without proposing is not vulnerable: both players then weigh the point
# otherwise, and one of lesson 17's leads parts from the London answer. (Step 6 parted too, accepting the ace
# of spades alone, until each player's worlds came from what he knows: it now accepts the ace and the queen of
# clubs under both.)
PROFILE_DEPENDENT = {("17-leading-for-the-point.yaml", 5, "modern"): ("QD", "JD")}


def test_a_step_whose_answer_a_profile_changes_has_that_profiles_verdict_kept():
    for lesson, step in best_card_steps():
        own = verdicts.verdict_for(step.exercise.position, BOOK)
        for profile in BOOK.profiles:
            if profile == BOOK.default_profile:
                continue
            theirs = verdicts.verdict_for({**step.exercise.position, "profile": profile}, BOOK)
            if (lesson.file, step.index, profile) in PROFILE_DEPENDENT:
                assert theirs.accepted == PROFILE_DEPENDENT[lesson.file, step.index, profile] != own.accepted
                assert theirs.key != own.key
            else:  # the recomputation found the same answer under this profile: nothing kept for it
                assert theirs is None, (lesson.file, step.index, profile)


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


def test_a_step_may_state_any_card_its_verdict_accepts():
    """Check agrees with a stated card as the grading agrees with a learner's: any card the verdict accepts will
    do, not only the first of them in the hand's order (lesson 17's small clubs and diamonds)."""
    from dataclasses import replace

    from ecarte_tutor.lessons.checks import _exercise_problems

    step = next(s for lesson, s in best_card_steps() if s.exercise.position["deal"]["elder"][:2] == ["KH", "QH"])
    accepted = verdicts.verdict_for(step.exercise.position, BOOK).accepted
    assert len(accepted) >= 2
    for card in accepted:
        assert _exercise_problems(replace(step.exercise, expected={"card": card}), BOOK) == [], card
    assert _exercise_problems(replace(step.exercise, expected={"card": "KH"}), BOOK) != []  # a card left out


def test_a_position_without_a_verdict_is_a_defect():
    position = {**best_card_steps()[0][1].exercise.position, "goal": "tricks"}
    assert "no verdict is kept" in verdicts.problems(position, "KS", BOOK)[0]
