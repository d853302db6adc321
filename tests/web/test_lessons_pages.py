"""``/lessons``: every step renders, exercises are graded by the engine, progress lives in the cookie."""
import pytest
from conftest import Page
from data_under_test import LIBRARY
from werkzeug.datastructures import MultiDict

from ecarte_tutor.lessons import EXERCISE_KINDS, expected_answer
from ecarte_tutor.web.lessons import PROGRESS_KEY, read_response

LESSONS = LIBRARY.lessons
STEPS = [(lesson.id, step.index) for lesson in LESSONS for step in lesson.steps]
EXERCISES = [(lesson, step) for lesson in LESSONS for step in lesson.exercises]


def form_for(exercise, expected):
    """The form a learner would send to give ``expected`` (the engine's answer)."""
    kind = exercise.kind
    if kind == "legal-cards":
        return {"cards": expected["cards"]}
    if kind == "trick-winner":
        return {"winner": expected["winner"]}
    if kind == "rank-order":
        return {f"order_{i}": card for i, card in enumerate(expected["order"], 1)}
    if kind == "score":
        return {"points_elder": expected["points"]["elder"], "points_dealer": expected["points"]["dealer"]}
    if kind == "exchange":
        return {"elder_draws": expected["elder_draws"], "dealer_draws": expected["dealer_draws"]}
    if kind == "dispute":
        return {"option_ids": expected["option_ids"], "chooser": expected["chooser"] or "none"}
    if kind == "propose-or-play":
        return {"choice": expected["choice"]}
    raise AssertionError(kind)


def test_index_lists_every_lesson(get):
    page = get("/lessons/")
    assert page.status == 200
    for lesson in LESSONS:
        assert lesson.title in page.text
        assert f"/lessons/{lesson.id}/" in page.links()


@pytest.mark.parametrize("lesson_id, number", STEPS, ids=[f"{i}-{n}" for i, n in STEPS])
def test_every_step_renders_with_linked_citations(get, app, lesson_id, number):
    page = get(f"/lessons/{lesson_id}/{number}")
    assert page.status == 200
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    for rule_id in lesson.step(number).cites:
        assert f"/rules#{rule_id}" in page.links()


@pytest.mark.parametrize("lesson, step", EXERCISES, ids=[f"{lesson.id}-{step.index}" for lesson, step in EXERCISES])
def test_every_exercise_can_be_answered_right_through_its_form(client, app, lesson, step):
    expected = expected_answer(step.exercise, app.extensions["ecarte_tutor"].book)
    response = client.post(f"/lessons/{lesson.id}/{step.index}", data=form_for(step.exercise, expected))
    text = response.get_data(as_text=True)
    assert response.status_code == 200, text[:2000]
    assert 'class="feedback right"' in text


def test_a_wrong_answer_explains_and_keeps_the_input(client):
    response = client.post("/lessons/01-pack-and-ranking/4", data={"cards": ["7S"]})
    text = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Not quite" in text and "/rules#play.head-the-trick" in text
    assert 'value="7S" aria-label="seven of spades" checked' in text


def test_an_unreadable_answer_is_a_400_with_the_form(client):
    response = client.post("/lessons/01-pack-and-ranking/4", data={"cards": ["KD"]})
    assert response.status_code == 400
    assert "is not in the hand" in response.get_data(as_text=True)
    response = client.post("/lessons/01-pack-and-ranking/4", data={"cards": ["<b>x"]})
    assert response.status_code == 400
    assert "<b>x" not in response.get_data(as_text=True)


def test_dispute_exercise_needs_a_chooser(client):
    lesson, step = next((lesson, step) for lesson, step in EXERCISES if step.exercise.kind == "dispute")
    response = client.post(f"/lessons/{lesson.id}/{step.index}", data={"option_ids": ["fresh-deal"]})
    assert response.status_code == 400
    assert "who chooses" in response.get_data(as_text=True)


def test_progress_is_kept_in_the_signed_cookie(client):
    client.post("/lessons/01-pack-and-ranking/4", data={"cards": ["QS"]})
    with client.session_transaction() as session:
        progress = session[PROGRESS_KEY]
    assert progress["lessons"]["01-pack-and-ranking"]["first_try"] == [4]
    assert "1 of 4 exercises right first time" in client.get("/lessons/").get_data(as_text=True)
    client.post("/lessons/reset")
    with client.session_transaction() as session:
        assert session[PROGRESS_KEY]["lessons"] == {}
        assert session[PROGRESS_KEY]["seq"] == progress["seq"] + 1


def test_a_tampered_cookie_is_ignored(client):
    client.set_cookie("session", "not-a-signed-value")
    assert client.get("/lessons/").status_code == 200


def test_reading_a_step_marks_it_done(client):
    lesson = LESSONS[0]
    plain = next(step for step in lesson.steps if step.exercise is None)
    client.get(f"/lessons/{lesson.id}/{plain.index}")
    with client.session_transaction() as session:
        assert plain.index in session[PROGRESS_KEY]["lessons"][lesson.id]["done"]


@pytest.mark.parametrize("url", ["/lessons/no-such-lesson/", "/lessons/01-pack-and-ranking/99",
                                 "/lessons/01-pack-and-ranking/0"])
def test_unknown_lessons_and_steps_are_404(get, url):
    assert get(url).status == 404


def test_lessons_by_number_and_slug(get):
    assert get("/lessons/1/").status == 200
    assert get("/lessons/pack-and-ranking/").status == 200


def test_a_rank_order_with_an_empty_place_is_shown_again_as_entered(client):
    lesson, step = next((lesson, step) for lesson, step in EXERCISES if step.exercise.kind == "rank-order")
    cards = [choice["value"] for choice in step.exercise.choices]
    entered = {"order_1": cards[0], "order_3": cards[2]}  # place 2 left empty
    response = client.post(f"/lessons/{lesson.id}/{step.index}", data=entered)
    assert response.status_code == 400
    page = Page(response)
    assert page.checked("order_1") == {cards[0]}
    assert page.checked("order_2") == set()
    assert page.checked("order_3") == {cards[2]}, "a card stays in the place it was put"


@pytest.mark.parametrize("kind", sorted(EXERCISE_KINDS))
def test_every_kind_of_exercise_is_read_from_its_form(kind):
    class Exercise:
        choices = ({"value": "KH"}, {"value": "QH"})

    Exercise.kind = kind
    response, kept = read_response(Exercise(), MultiDict())
    assert isinstance(response, dict) and isinstance(kept, dict)


def test_the_rank_order_is_graded_without_its_empty_places():
    class Exercise:
        kind = "rank-order"
        choices = ({"value": "KH"}, {"value": "QH"}, {"value": "JH"})

    response, kept = read_response(Exercise(), MultiDict({"order_1": "KH", "order_3": "JH"}))
    assert response == {"order": ["KH", "JH"]}
    assert kept == {"order": ["KH", "", "JH"]}
