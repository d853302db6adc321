"""``/lessons``: the course, one step a page, exercises answered with plain forms.

Progress is a :class:`~ecarte_tutor.lessons.Progress` kept in the signed session
cookie, so the server stores nothing. Answers are POSTed (they change progress). A
first wrong answer shows what is wrong and a hint naming the rule, with the form again
and the learner's answer kept; a second shows the answer and its reason, and no form.
The form counts the wrong tries (``tries``); a plain GET round trip (the taps of the
ordering exercise) carries the count and the last wrong answer (``tried_<field>``).

Each exercise form carries the progress counter (``seq``) of the page it is on. An
answer sent with progress older than its page (a cookie put back from before, say
before a wrong answer) is refused with a 409 and changes nothing, so it cannot
overwrite newer progress or earn "right first time" again. A server that keeps no
state cannot tell a cookie put back *and* a page drawn again from it from the real
thing; the counter closes the easy way, not every way.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from werkzeug.datastructures import MultiDict

from ..wording import in_words
from .site import get_site

if TYPE_CHECKING:  # the lessons are imported when a page needs them
    from ..lessons import Exercise, Feedback, Lesson, Progress, Step

bp = Blueprint("lessons", __name__, url_prefix="/lessons")
log = logging.getLogger(__name__)

PROGRESS_KEY = "progress"
TRIED = "tried_"  # prefix of the fields that carry the last wrong answer through a GET


def _course() -> tuple[Lesson, ...]:
    return get_site().lessons


def progress_now(lessons: Sequence[Lesson]) -> Progress:
    from ..lessons import Progress

    return Progress.from_dict(session.get(PROGRESS_KEY), lessons, practisable())


def practisable() -> frozenset[str]:
    """The rules a drill can practise: only these are noted when broken (the cookie keeps nothing else)."""
    from ..lessons.drills import drillable

    return drillable(get_site().book)


def broken_rule(feedback: Feedback) -> str | None:
    from ..lessons.drills import to_practise

    return to_practise(feedback, get_site().book)


def save_progress(progress: Progress) -> None:
    session[PROGRESS_KEY] = progress.to_dict()
    session.permanent = True  # kept for PERMANENT_SESSION_LIFETIME (a year), not until the browser closes


STALE = ("Your browser sent back progress older than this page (an earlier copy of its cookie?), so this "
         "answer was not counted. Open the step again to go on from the progress you have.")


def _small_count(raw: str) -> int:
    """A counter sent back by a page (0 when missing or unreadable)."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 16 else 0


@dataclass
class Attempt:
    """One exercise on one page: where its answers go, and what the page shows of the tries so far."""

    action: str  # the URL answers are POSTed to (and ordering taps GET)
    seq: int  # the progress counter the page was drawn from
    tries: int = 0  # wrong answers so far on this page
    kept: dict[str, object] = field(default_factory=dict)  # the learner's input, shown again
    feedback: Feedback | None = None
    bad: str | None = None
    revealed: bool = False  # the answer is shown: no form any more

    def carry(self, exercise: Exercise) -> dict[str, object]:
        """What a GET round trip must carry so that the tries and the last diagnosis survive it."""
        out: dict[str, object] = {"tries": self.tries} if self.tries else {}
        if self.feedback is not None and not self.feedback.correct:
            given = exercise.handler.form_data(exercise, self.feedback.given)
            out.update({TRIED + name: value for name, value in given.items()})
        return out


def attempt_from_get(exercise: Exercise | None, action: str, progress: Progress) -> Attempt:
    """The exercise as a GET draws it: input and tries carried in the URL (pure function of it)."""
    from ..lessons import ANSWER_AFTER, BadResponse, LessonError, grade

    attempt = Attempt(action, progress.seq, tries=_small_count(request.args.get("tries", "")))
    if exercise is None or not request.args:
        return attempt
    kind = exercise.handler
    attempt.kept = kind.read_form(exercise, request.args)[1]
    tried = MultiDict([(key[len(TRIED):], value) for key, value in request.args.items(multi=True)
                       if key.startswith(TRIED)])
    if tried and 0 < attempt.tries < ANSWER_AFTER:
        try:
            feedback = grade(exercise, kind.read_form(exercise, tried)[0], get_site().book)
        except (BadResponse, LessonError):
            return attempt  # a URL edited by hand: draw the exercise without the old feedback
        attempt.feedback = None if feedback.correct else feedback
    return attempt


Record: TypeAlias = Callable[["Progress", "Feedback"], "Progress"]  # notes a graded answer in the progress


def answer_posted(exercise: Exercise, action: str, progress: Progress,
                  record: Record) -> tuple[Attempt, int, Progress]:
    """Grade the posted answer; ``record(progress, feedback) -> progress`` notes it (and it is saved).

    Returns the attempt to draw, the status, and the progress after it."""
    from ..lessons import ANSWER_AFTER, BadResponse, LessonError, grade

    form = request.form
    response, kept = exercise.handler.read_form(exercise, form)
    attempt = Attempt(action, progress.seq, tries=_small_count(form.get("tries", "")), kept=kept)
    if _small_count(form.get("seq", "")) > progress.seq:
        attempt.bad = STALE
        return attempt, 409, progress
    try:
        feedback = grade(exercise, response, get_site().book)
    except BadResponse as exc:
        attempt.bad = in_words(exc.message)
        return attempt, 400, progress
    except LessonError:
        log.exception("exercise at %s cannot be graded", action)
        attempt.bad = "This exercise cannot be graded at the moment; the fault has been logged."
        return attempt, 400, progress
    progress = record(progress, feedback)
    save_progress(progress)
    attempt.seq, attempt.feedback = progress.seq, feedback
    if not feedback.correct:
        attempt.tries += 1
        attempt.revealed = attempt.tries >= ANSWER_AFTER
    return attempt, 200, progress


def _lesson_or_404(lesson_id: str) -> tuple[tuple[Lesson, ...], Lesson]:
    from ..lessons import find_lesson

    lessons = _course()
    lesson = find_lesson(lessons, lesson_id) if lessons else None
    if lesson is None:
        abort(404, description=f"There is no lesson '{lesson_id[:60]}'.")
    return lessons, lesson


def _step_or_404(lesson: Lesson, number: int) -> Step:
    try:
        return lesson.step(number)
    except IndexError:
        abort(404, description=f"The lesson '{lesson.title}' has steps 1 to {len(lesson.steps)}.")


@bp.get("/")
def index():
    lessons = _course()
    progress = progress_now(lessons) if lessons else None
    summaries = {lesson.id: progress.summary(lesson) for lesson in lessons} if progress else {}
    return render_template("lessons/index.html", lessons=lessons, summaries=summaries,
                           practice=progress.practice if progress else ())


@bp.post("/reset")
def reset():
    lessons = _course()
    if lessons:
        save_progress(progress_now(lessons).reset())  # empty, but counting on: the counter never goes back
    return redirect(url_for("lessons.index"), code=303)


@bp.get("/<lesson_id>/")
def lesson(lesson_id: str):
    lessons, found = _lesson_or_404(lesson_id)
    progress = progress_now(lessons)
    return render_template("lessons/lesson.html", lesson=found, done=progress.lesson(found.id),
                           summary=progress.summary(found), next_lesson=_next_lesson(lessons, found))


@bp.get("/<lesson_id>/<int:number>")
def step(lesson_id: str, number: int):
    lessons, found = _lesson_or_404(lesson_id)
    current = _step_or_404(found, number)
    progress = progress_now(lessons)
    if current.exercise is None:
        updated = progress.record(found.id, number)  # a step without exercise is done once read
        if updated != progress:
            save_progress(updated)
            progress = updated
    attempt = attempt_from_get(current.exercise, request.path, progress)
    return _render_step(lessons, found, current, progress, attempt)


@bp.post("/<lesson_id>/<int:number>")
def answer(lesson_id: str, number: int):
    lessons, found = _lesson_or_404(lesson_id)
    current = _step_or_404(found, number)
    if current.exercise is None:
        return redirect(url_for("lessons.step", lesson_id=found.id, number=number), code=303)

    def record(progress: Progress, feedback: Feedback) -> Progress:
        return progress.record(found.id, number, correct=feedback.correct).missed_rule(broken_rule(feedback))

    attempt, status, progress = answer_posted(current.exercise, request.path, progress_now(lessons), record)
    return _render_step(lessons, found, current, progress, attempt), status


def _next_lesson(lessons: Sequence[Lesson], lesson: Lesson) -> Lesson | None:
    position = [item.id for item in lessons].index(lesson.id)
    return lessons[position + 1] if position + 1 < len(lessons) else None


def _render_step(lessons: Sequence[Lesson], lesson: Lesson, current: Step, progress: Progress, attempt: Attempt) -> str:
    return render_template(
        "lessons/step.html", lesson=lesson, step=current, x=current.exercise, attempt=attempt,
        done=progress.lesson(lesson.id), summary=progress.summary(lesson), next_lesson=_next_lesson(lessons, lesson))


# --- practice: fresh exercises on the rules the learner broke ----------------------------------

MAX_SEED = 10 ** 9


@bp.get("/practice/")
def practice():
    lessons = _course()
    progress = progress_now(lessons)
    from ..lessons.progress import RIGHT_TO_CLEAR

    return render_template("lessons/practice.html", owed=progress.practice, start=_next_drill(progress, None, 0),
                           needed=RIGHT_TO_CLEAR)


def _next_drill(progress: Progress, rule_id: str | None, seed: int) -> str | None:
    """Where practice goes on: the next rule still owed, with a fresh seed (a new start: the progress counter)."""
    following = progress.next_to_practise(rule_id)
    if following is None:
        return None
    return url_for("lessons.drill", rule_id=following, seed=(seed + 1 if rule_id else progress.seq) % MAX_SEED)


def _drill_or_404(rule_id: str, seed: int) -> Exercise:
    from ..lessons import LessonError
    from ..lessons.drills import drill_exercise

    if rule_id not in practisable() or seed >= MAX_SEED:
        abort(404, description="There is no practice for that rule.")
    try:
        return drill_exercise(rule_id, seed, get_site().book)
    except LessonError:  # a maker that found nothing: a defect, logged; the next seed will do
        log.exception("no practice exercise on %s from seed %s", rule_id, seed)
        following = url_for("lessons.drill", rule_id=rule_id, seed=seed + 1)
        abort(404, description=f"No exercise could be made from this page's number; try {following}.")


@bp.get("/practice/<rule_id>/<int:seed>")
def drill(rule_id: str, seed: int):
    exercise = _drill_or_404(rule_id, seed)
    progress = progress_now(_course())
    attempt = attempt_from_get(exercise, request.path, progress)
    return _render_drill(rule_id, seed, exercise, progress, attempt)


@bp.post("/practice/<rule_id>/<int:seed>")
def drill_answer(rule_id: str, seed: int):
    exercise = _drill_or_404(rule_id, seed)

    def record(progress: Progress, feedback: Feedback) -> Progress:
        return progress.practised(rule_id, feedback.correct, broken_rule(feedback))

    attempt, status, progress = answer_posted(exercise, request.path, progress_now(_course()), record)
    return _render_drill(rule_id, seed, exercise, progress, attempt), status


def _render_drill(rule_id: str, seed: int, exercise: Exercise, progress: Progress, attempt: Attempt) -> str:
    from ..lessons.progress import RIGHT_TO_CLEAR

    following = _next_drill(progress, rule_id, seed)
    link = {"url": following, "label": "Next practice exercise →"} if following else \
        {"url": url_for("lessons.practice"), "label": "All cleared: see your practice →"}
    return render_template("lessons/drill.html", rule=get_site().book.rules[rule_id], x=exercise, attempt=attempt,
                           owed=progress.owed(rule_id), needed=RIGHT_TO_CLEAR, link=link)
