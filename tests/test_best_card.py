"""``best-card``: the card to play, judged by ``analyse`` from what the learner can know, never from the
other hand; a worse card is explained from the learner's view."""
import re
from dataclasses import replace

import pytest
from data_under_test import BOOK, LIBRARY

from ecarte_tutor import ask
from ecarte_tutor.cards import parse_card
from ecarte_tutor.lessons import expected_answer, grade

EXERCISES = [(lesson, step) for lesson in LIBRARY.lessons for step in lesson.exercises
             if step.exercise.kind == "best-card"]


def test_the_course_goes_on_to_the_play_of_the_cards():
    lessons = {lesson.id for lesson, _ in EXERCISES}
    assert len(lessons) >= 3 and len(EXERCISES) >= 9
    assert all(sum(1 for item, _ in EXERCISES if item.id == lesson) >= 3 for lesson in lessons)
    goals = {step.exercise.position.get("goal", "point") for _, step in EXERCISES}
    assert {"point", "trick"} <= goals


def _hidden_swapped(position):
    """The same position with the other player's unplayed cards swapped for cards of the stock the
    learner has not seen: what he knows is unchanged."""
    deal, view = position["deal"], position["view"]
    rival = "dealer" if view == "elder" else "elder"
    played = {a["card"] for a in position["actions"] if a.get("do") == "card"}
    keep = [c for c in deal[rival] if c in played]
    free = [c for c in deal[rival] if c not in played]
    stock = list(deal["stock"])
    swapped = stock[-len(free):]
    return {**position, "deal": {**deal, rival: keep + swapped, "stock": stock[:-len(free)] + free}}


@pytest.mark.parametrize("lesson, step", EXERCISES, ids=[f"{lesson.id}/{step.index}" for lesson, step in EXERCISES])
def test_the_answer_does_not_depend_on_the_hand_the_learner_cannot_see(lesson, step):
    exercise = step.exercise
    other = _hidden_swapped(exercise.position)
    question = {k: v for k, v in other.items() if k != "goal"}
    answer = ask({**question, "kind": "analyse"}, BOOK)
    if "error" in answer:  # the swap made an earlier card of his illegal: that hand was never possible
        pytest.skip(answer["error"]["message"])
    assert expected_answer(replace(exercise, position=other), BOOK)["best"] == \
        expected_answer(exercise, BOOK)["best"]


FIGURE = {"point": "p_point", "vole": "p_vole", "trick": "p_trick"}
GOAL_SAID = {"point": "best chance of the point", "vole": "whether you win the vole",
             "trick": "whether you take at least one trick"}


@pytest.mark.parametrize("lesson, step", EXERCISES, ids=[f"{lesson.id}/{step.index}" for lesson, step in EXERCISES])
def test_the_explanation_is_led_by_the_figure_the_goal_is_judged_on(lesson, step):
    """A learner's report: playing to save a trick, the explanation ranked the cards by the chance of the point (nil
    for all) and called them all best; the goal's own figure, card by card, and its best cards are said."""
    exercise = step.exercise
    goal = exercise.position.get("goal", "point")
    if goal not in FIGURE:
        pytest.skip("the most tricks on average: the analysis's own 'Most tricks' verdict")
    feedback = grade(exercise, {"card": expected_answer(exercise, BOOK)["card"]}, BOOK)
    assert GOAL_SAID[goal] in feedback.explanation
    if goal != "point":
        assert "best chance of the point" not in feedback.explanation
        best = [parse_card(c).pretty for c in feedback.expected["best"]]
        assert re.search(r"Best: " + ".*".join(map(re.escape, best)) + r"\.$", feedback.explanation)
        for entry in feedback.answer["cards"]:
            share = entry[FIGURE[goal]]
            said = f"{100 * share:.0f} %" if share not in (0, 1) else ("every one" if share == 1 else "none")
            assert f"after {parse_card(entry['card']).pretty}" in feedback.explanation and said in feedback.explanation


@pytest.mark.parametrize("lesson, step", EXERCISES, ids=[f"{lesson.id}/{step.index}" for lesson, step in EXERCISES])
def test_a_worse_card_is_explained_from_the_learners_view(lesson, step):
    exercise = step.exercise
    best = expected_answer(exercise, BOOK)["best"]
    analysed = ask({**{k: v for k, v in exercise.position.items() if k != "goal"}, "kind": "analyse"}, BOOK)
    legal = {entry["card"] for entry in analysed["cards"]}
    seen = {str(parse_card(c)) for c in exercise.position["deal"][exercise.position["view"]]}
    seen |= {a["card"] for a in exercise.position["actions"] if a.get("do") == "card"}
    seen.add(exercise.position["deal"]["turn_up"])
    for choice in exercise.choices:
        card = choice["value"]
        if card in best:
            assert grade(exercise, {"card": card}, BOOK).correct
            continue
        diagnosis = grade(exercise, {"card": card}, BOOK).diagnosis
        text = diagnosis.text
        if card not in legal:
            # the learner played it: he did not "allow" it, as in a legal-cards exercise
            assert "must" in text and f"You played {parse_card(card).pretty}" in text, text
            continue
        assert text.count("%") >= 2 or "on average" in text, text
        assert "From what you can see" in text
        # the reason leads, in words (a deal where the cards part, both played out); the figures follow
        example = re.match(r"Say the (?:dealer|elder hand) holds ([^.]+)\.", text)
        assert example, f"the verdict does not lead with why: {text}"
        assert text.index("From what you can see") > text.index(" trick")
        shown = {str(parse_card(c.strip())) for c in re.split(r",| and ", example.group(1))}
        assert not shown & seen, "the example hand holds only cards the learner has not seen"


def test_any_card_of_a_tierce_major_is_right():
    lesson = next(item for item in LIBRARY.lessons if item.slug == "leading-for-the-point")
    exercise = lesson.step(2).exercise
    assert all(grade(exercise, {"card": card}, BOOK).correct for card in ("KS", "QS", "JS"))
    assert exercise.handler.words(exercise, expected_answer(exercise, BOOK)) == "K♠ (or Q♠, J♠, which do as well)"


def test_a_card_not_in_the_hand_is_asked_again():
    from ecarte_tutor.lessons import BadResponse

    _, step = EXERCISES[0]
    with pytest.raises(BadResponse, match="is not in your hand"):
        grade(step.exercise, {"card": "7D"}, BOOK)
