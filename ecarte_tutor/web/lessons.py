"""``/lessons``: the course, one step a page, exercises answered with plain forms.

Progress is a :class:`~ecarte_tutor.lessons.Progress` kept in the signed session
cookie, so the server stores nothing. Answers are POSTed (they change progress);
a wrong answer shows the engine's explanation and the form again, with the
learner's answer kept, so he can try again.

Each exercise form carries the progress counter (``seq``) of the page it is on. An
answer sent with progress older than its page (a cookie put back from before, say
before a wrong answer) is refused with a 409 and changes nothing, so it cannot
overwrite newer progress or earn "right first time" again. A server that keeps no
state cannot tell a cookie put back *and* a page drawn again from it from the real
thing; the counter closes the easy way, not every way.
"""
from __future__ import annotations

import logging

from flask import Blueprint, abort, redirect, render_template, request, session, url_for

from .site import get_site

bp = Blueprint("lessons", __name__, url_prefix="/lessons")
log = logging.getLogger(__name__)

PROGRESS_KEY = "progress"


def _course():
    return get_site().lessons


def _progress(lessons):
    from ..lessons import Progress

    return Progress.from_dict(session.get(PROGRESS_KEY), lessons)


def _save(progress) -> None:
    session[PROGRESS_KEY] = progress.to_dict()
    session.permanent = True  # kept for PERMANENT_SESSION_LIFETIME (a year), not until the browser closes


STALE = ("Your browser sent back progress older than this page (an earlier copy of its cookie?), so this "
         "answer was not counted. Open the step again to go on from the progress you have.")


def _page_seq(form) -> int:
    """The progress counter of the page an answer was sent from (0 when missing or unreadable)."""
    raw = form.get("seq", "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 16 else 0


def _lesson_or_404(lesson_id: str):
    from ..lessons import find_lesson

    lessons = _course()
    lesson = find_lesson(lessons, lesson_id) if lessons else None
    if lesson is None:
        abort(404, description=f"There is no lesson '{lesson_id[:60]}'.")
    return lessons, lesson


def _step_or_404(lesson, number: int):
    try:
        return lesson.step(number)
    except IndexError:
        abort(404, description=f"The lesson '{lesson.title}' has steps 1 to {len(lesson.steps)}.")


@bp.get("/")
def index():
    lessons = _course()
    progress = _progress(lessons) if lessons else None
    summaries = {lesson.id: progress.summary(lesson) for lesson in lessons} if progress else {}
    return render_template("lessons/index.html", lessons=lessons, summaries=summaries)


@bp.post("/reset")
def reset():
    lessons = _course()
    if lessons:
        _save(_progress(lessons).reset())  # empty, but counting on: the counter never goes back
    return redirect(url_for("lessons.index"), code=303)


@bp.get("/<lesson_id>/")
def lesson(lesson_id: str):
    lessons, found = _lesson_or_404(lesson_id)
    progress = _progress(lessons)
    return render_template("lessons/lesson.html", lesson=found, done=progress.lesson(found.id),
                           summary=progress.summary(found), next_lesson=_next_lesson(lessons, found))


@bp.get("/<lesson_id>/<int:number>")
def step(lesson_id: str, number: int):
    lessons, found = _lesson_or_404(lesson_id)
    current = _step_or_404(found, number)
    progress = _progress(lessons)
    if current.exercise is None:
        updated = progress.record(found.id, number)  # a step without exercise is done once read
        if updated != progress:
            _save(updated)
            progress = updated
    return _render_step(lessons, found, current, progress)


@bp.post("/<lesson_id>/<int:number>")
def answer(lesson_id: str, number: int):
    from ..lessons import BadResponse, LessonError, grade

    lessons, found = _lesson_or_404(lesson_id)
    current = _step_or_404(found, number)
    if current.exercise is None:
        return redirect(url_for("lessons.step", lesson_id=found.id, number=number), code=303)
    response, kept = read_response(current.exercise, request.form)
    progress = _progress(lessons)
    if _page_seq(request.form) > progress.seq:
        return _render_step(lessons, found, current, progress, kept=kept, bad=STALE), 409
    if current.exercise.kind == "dispute" and not kept.get("chooser"):
        return _render_step(lessons, found, current, progress, kept=kept,
                            bad="Say who chooses the remedy (or that it is compulsory)."), 400
    try:
        feedback = grade(current.exercise, response, get_site().book)
    except BadResponse as exc:
        return _render_step(lessons, found, current, progress, kept=kept, bad=exc.message), 400
    except LessonError:
        log.exception("lesson %s step %s cannot be graded", found.id, number)
        return _render_step(lessons, found, current, progress, kept=kept,
                            bad="This exercise cannot be graded at the moment; the fault has been logged."), 400
    progress = progress.record(found.id, number, correct=feedback.correct)
    _save(progress)
    return _render_step(lessons, found, current, progress, kept=kept, feedback=feedback)


def _next_lesson(lessons, lesson):
    position = [item.id for item in lessons].index(lesson.id)
    return lessons[position + 1] if position + 1 < len(lessons) else None


def _render_step(lessons, lesson, current, progress, kept=None, feedback=None, bad=None):
    return render_template(
        "lessons/step.html", lesson=lesson, step=current, exercise=current.exercise,
        done=progress.lesson(lesson.id), summary=progress.summary(lesson), kept=kept or {},
        feedback=feedback, bad=bad, next_lesson=_next_lesson(lessons, lesson), seq=progress.seq,
        chooser_choices=_chooser_choices())


def _chooser_choices():
    from ..lessons import CHOOSER_CHOICES

    return [{"value": c["value"] if c["value"] is not None else "none", "label": c["label"]}
            for c in CHOOSER_CHOICES]


# Exercise kinds answered with one or two plain fields, graded as given.
PLAIN_FIELDS = {"trick-winner": ("winner",), "exchange": ("elder_draws", "dealer_draws"),
                "propose-or-play": ("choice",)}


def read_response(exercise, form) -> tuple[dict, dict]:
    """The learner's response in the grader's form, and the input to show again.

    Every kind of ``ecarte_tutor.lessons.EXERCISE_KINDS`` is read here (a test checks it).
    """
    kind = exercise.kind
    if kind == "rank-order":
        # Shown again exactly as entered (an empty place stays empty); graded without the empty places.
        order = [form.get(f"order_{i}", "") for i in range(1, len(exercise.choices) + 1)]
        return {"order": [card for card in order if card]}, {"order": order}
    if kind == "legal-cards":
        response = {"cards": form.getlist("cards")}
    elif kind == "score":
        response = {"points": {seat: form.get(f"points_{seat}", "").strip() for seat in ("elder", "dealer")}}
    elif kind == "dispute":  # chooser "none" is read by the grader as a compulsory remedy
        response = {"option_ids": form.getlist("option_ids"), "chooser": form.get("chooser", "")}
    else:
        response = {name: form.get(name, "").strip() for name in PLAIN_FIELDS[kind]}
    return response, dict(response)
