"""``/lessons``: the course, one step a page, exercises answered with plain forms.

Progress is a :class:`~ecarte_tutor.lessons.Progress` kept in the store, for the learner the
signed session cookie names (:mod:`.progress`). Answers are POSTed (they change progress), each
written in one transaction. A first wrong answer shows what is wrong and a hint naming the rule,
with the form again and the learner's answer kept; a second shows the answer and its reason, and
no form.
The form counts the wrong tries (``tries``); a plain GET round trip (the taps of the
ordering exercise) carries the count and the last wrong answer (``tried_<field>``).

Each exercise form carries the progress counter (``seq``) of the page it is on, and the server
holds the progress: an answer from a page drawn before the last change to its own exercise (the
same step answered in another tab, a form sent again from the history, a page from before a
reset), one whose counter is ahead of the progress (a page from progress since erased), and one
that carries no counter at all are each refused with a 409 that says so, and change nothing. An
old cookie put back names the same learner, whose progress is the server's: it earns nothing.
Answers from two tabs on two exercises both count.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from ..i18n import DEFAULT_LANG, marked, speaking, tr
from ..lessons.progress import summary_words
from ..lessons.review import next_due, waiting_time
from ..wording import in_words
from . import progress as stored
from .lang import page_lang
from .site import get_site

if TYPE_CHECKING:  # the lessons are imported when a page needs them
    from ..lessons import Exercise, Feedback, Lesson, Progress, Step

bp = Blueprint("lessons", __name__, url_prefix="/lessons")
log = logging.getLogger(__name__)

TRIED = "tried_"  # prefix of the fields that carry the last wrong answer through a GET


_spoken_courses: dict[tuple[int, str], tuple[Lesson, ...]] = {}  # (the library's id, lang) -> its lessons in lang
_spoken_lock = threading.Lock()


def course() -> tuple[Lesson, ...]:
    """The lessons in the page's language (English: the library's own), each made once per process and language:
    in French, the words of ``lessons/fr/`` with the engine's placeholders said in French."""
    site, lang = get_site(), page_lang()
    if lang == DEFAULT_LANG:
        return site.lessons
    key = (id(site.library), lang)
    found = _spoken_courses.get(key)
    if found is None:
        from ..lessons.model import in_language

        with _spoken_lock:
            found = _spoken_courses.get(key)
            if found is None:
                found = tuple(in_language(lesson, lang, site.book) for lesson in site.lessons)
                _spoken_courses[key] = found
    return found


def progress_now() -> Progress:
    """This browser's progress, from the store."""
    return stored.current()


def practisable() -> frozenset[str]:
    """The rules a drill can practise: only these are noted when broken (the cookie keeps nothing else)."""
    from ..lessons.drills import drillable

    return drillable(get_site().book)


@bp.app_template_global()
def hint_words(diagnosis) -> str:
    """The sentence a hint says the diagnosis's rule in (``%(rule)s``, untranslated: the page's ``_()`` says it):
    the rule that decides, or advice (never a rule broken by a choice the rules allow):
    :func:`ecarte_tutor.lessons.diagnosis.hint_sentence`."""
    from ..lessons.diagnosis import hint_sentence

    return hint_sentence(get_site().book, diagnosis)


@bp.app_template_global()
def advice_rules(rule_ids) -> list[str]:
    """The pieces of advice (rules/strategy.yaml) among ``rule_ids``, in their order: worded as advice, never as
    rules broken."""
    from ..lessons.diagnosis import split_advice

    return split_advice(get_site().book, rule_ids)[1]


def broken_rule(feedback: Feedback) -> str | None:
    from ..lessons.drills import to_practise

    return to_practise(feedback, get_site().book)


STALE = {
    "changed": marked("This exercise has been answered since this page was drawn (in another tab, or from a page of "
                      "your history), so this answer was not counted. Open the step again to go on from the progress "
                      "you have."),
    "ahead": marked("This page was drawn from progress this browser no longer has (erased, or from another device), "
                    "so this answer was not counted. Open the step again to go on from the progress you have."),
    "missing": marked("This answer came without the page's progress counter, so it could not be checked and was not "
                      "counted. Open the step again and answer from the page."),
}


def _page_seq(raw: str | None) -> int | None:
    """The progress counter a page sent back (None when missing or unreadable)."""
    return int(raw) if raw and raw.isascii() and raw.isdigit() and len(raw) <= 16 else None


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


class Stale(Exception):
    """Raised inside the answer's transaction: the page cannot be answered from (``why``: a key of STALE)."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


def answer_posted(exercise: Exercise, action: str, record: Record, lesson_id: str | None = None,
                  step: int | None = None, rule: str | None = None) -> tuple[Attempt, int, Progress]:
    """Grade the posted answer; ``record(progress, feedback) -> progress`` notes it, in one transaction with
    the check of the page's counter against the exercise (a lesson's ``lesson_id`` and ``step``, or a
    practice on ``rule``).

    Returns the attempt to draw, the status, and the progress after it."""
    from ..lessons import ANSWER_AFTER, BadResponse, LessonError, grade

    form = request.form
    response, kept = exercise.handler.read_form(exercise, form)
    page_seq = _page_seq(form.get("seq"))
    attempt = Attempt(action, page_seq or 0, tries=_small_count(form.get("tries", "")), kept=kept)
    # No learner yet: a counter ahead of the progress shown (none, or an earlier release's cookie's) is refused
    # here, before the answer's transaction would make a learner for nothing.
    if page_seq is None or (stored.learner_key() is None and page_seq > stored.current().seq):
        attempt.bad = tr(STALE["missing" if page_seq is None else "ahead"])
        return attempt, 409, progress_now()
    try:
        feedback = grade(exercise, response, get_site().book)
    except BadResponse as exc:
        attempt.bad = in_words(exc.message)
        return attempt, 400, progress_now()
    except LessonError:
        log.exception("exercise at %s cannot be graded", action)
        attempt.bad = tr("This exercise cannot be graded at the moment; the fault has been logged.")
        return attempt, 400, progress_now()

    def change(now: Progress) -> Progress:  # in the answer's transaction: the page checked against the truth
        why = now.stale(page_seq, lesson_id, step, rule)
        if why:
            raise Stale(why)
        return record(now, feedback)

    try:
        progress = stored.change(change)
    except Stale as exc:
        attempt.bad = tr(STALE[exc.why])
        progress = stored.current()
        attempt.seq = progress.seq
        return attempt, 409, progress
    attempt.seq, attempt.feedback = progress.seq, feedback
    if not feedback.correct:
        attempt.tries += 1
        attempt.revealed = attempt.tries >= ANSWER_AFTER
    return attempt, 200, progress


def _lesson_or_404(lesson_id: str) -> tuple[tuple[Lesson, ...], Lesson]:
    from ..lessons import find_lesson

    lessons = course()
    lesson = find_lesson(lessons, lesson_id) if lessons else None
    if lesson is None:
        abort(404, description=tr("There is no lesson '%(lesson)s'.", lesson=lesson_id[:60]))
    return lessons, lesson


def _step_or_404(lesson: Lesson, number: int) -> Step:
    try:
        return lesson.step(number)
    except IndexError:
        abort(404, description=tr("The lesson '%(lesson)s' has steps 1 to %(last)s.", lesson=lesson.title,
                                  last=len(lesson.steps)))


@bp.get("/")
def index():
    lessons = course()
    progress = progress_now() if lessons else None
    summaries = {lesson.id: progress.summary(lesson) for lesson in lessons} if progress else {}
    return render_template("lessons/index.html", lessons=lessons, summaries=summaries,
                           practice=progress.to_review(stored.basic_rules()) if progress else ())


@bp.post("/reset")
def reset():
    if stored.learner_key():
        stored.change(lambda progress: progress.reset())  # empty, but counting on: the counter never goes back
    return redirect(url_for("lessons.index"), code=303)


@bp.get("/<lesson_id>/")
def lesson(lesson_id: str):
    lessons, found = _lesson_or_404(lesson_id)
    progress = progress_now()
    return render_template("lessons/lesson.html", lesson=found, done=progress.lesson(found.id),
                           summary_words=summary_words(progress.summary(found)),
                           next_lesson=_next_lesson(lessons, found))


@bp.get("/<lesson_id>/<int:number>")
def step(lesson_id: str, number: int):
    lessons, found = _lesson_or_404(lesson_id)
    current = _step_or_404(found, number)
    progress = progress_now()  # a GET writes nothing: a step without exercise is marked read by its "Next" (a POST)
    attempt = attempt_from_get(current.exercise, request.path, progress)
    return _render_step(lessons, found, current, progress, attempt)


@bp.post("/<lesson_id>/<int:number>")
def answer(lesson_id: str, number: int):
    lessons, found = _lesson_or_404(lesson_id)
    current = _step_or_404(found, number)
    if current.exercise is None:  # "Next" on a step without exercise: read, and on to what follows
        stored.change(lambda now: now.record(found.id, number))
        return redirect(_after(lessons, found, number), code=303)

    moment = stored.now()

    def record(progress: Progress, feedback: Feedback) -> Progress:
        return progress.record(found.id, number, correct=feedback.correct).missed_rule(broken_rule(feedback), moment)

    attempt, status, progress = answer_posted(current.exercise, request.path, record, lesson_id=found.id, step=number)
    return _render_step(lessons, found, current, progress, attempt), status


def _after(lessons: Sequence[Lesson], lesson: Lesson, number: int) -> str:
    """Where "Next" leads from step ``number``: the next step, the next lesson, or the course."""
    if number < len(lesson.steps):
        return url_for("lessons.step", lesson_id=lesson.id, number=number + 1)
    following = _next_lesson(lessons, lesson)
    return url_for("lessons.lesson", lesson_id=following.id) if following else url_for("lessons.index")


def _next_lesson(lessons: Sequence[Lesson], lesson: Lesson) -> Lesson | None:
    position = [item.id for item in lessons].index(lesson.id)
    return lessons[position + 1] if position + 1 < len(lessons) else None


def _render_step(lessons: Sequence[Lesson], lesson: Lesson, current: Step, progress: Progress, attempt: Attempt) -> str:
    return render_template(
        "lessons/step.html", lesson=lesson, step=current, x=current.exercise, attempt=attempt,
        done=progress.lesson(lesson.id), next_lesson=_next_lesson(lessons, lesson))


# --- practice: fresh exercises on the rules the learner broke, as their reviews fall due ---------------

MAX_SEED = 10 ** 9


@bp.get("/practice/")
def practice():
    progress = progress_now()
    moment, basic = stored.now(), stored.basic_rules()
    waiting = progress.to_review(basic)
    coming = next_due(item for item in waiting if not item.is_due(moment))
    return render_template("lessons/practice.html", due=progress.due(moment, basic), waiting=waiting, basic=basic,
                           when=lambda item: waiting_time(item.due, moment),
                           coming=waiting_time(coming, moment) if coming else None)


@bp.get("/practice/next")
def practice_next():
    """The next rule due, on a situation not just answered: a redirect to its practice page."""
    from ..lessons import LessonError
    from ..lessons.drills import fresh_drill

    progress = progress_now()
    after = request.args.get("after")
    rule_id = progress.next_to_practise(stored.now(), stored.basic_rules(), after=after)
    if rule_id is None or rule_id not in practisable():
        return redirect(url_for("lessons.practice"), code=303)
    item = progress.reviews[rule_id]
    try:
        with speaking(DEFAULT_LANG):  # situations are fingerprinted in English, whatever the page's language
            seed, _ = fresh_drill(rule_id, progress.seq % MAX_SEED, {progress.last_situation, item.situation},
                                  get_site().book)
    except LessonError:
        log.exception("no practice exercise on %s from seed %s", rule_id, progress.seq)
        seed = (progress.seq + 1) % MAX_SEED
    return redirect(url_for("lessons.drill", rule_id=rule_id, seed=seed % MAX_SEED), code=303)


def _drill_or_404(rule_id: str, seed: int) -> Exercise:
    from ..lessons import LessonError
    from ..lessons.drills import drill_exercise

    if rule_id not in practisable() or seed >= MAX_SEED:
        abort(404, description=tr("There is no practice for that rule."))
    try:
        return drill_exercise(rule_id, seed, get_site().book)
    except LessonError:  # a maker that found nothing: a defect, logged; the next seed will do
        log.exception("no practice exercise on %s from seed %s", rule_id, seed)
        following = url_for("lessons.drill", rule_id=rule_id, seed=seed + 1)
        abort(404, description=tr("No exercise could be made from this page's number; try %(url)s.", url=following))


@bp.get("/practice/<rule_id>/<int:seed>")
def drill(rule_id: str, seed: int):
    exercise = _drill_or_404(rule_id, seed)
    progress = progress_now()
    attempt = attempt_from_get(exercise, request.path, progress)
    return _render_drill(rule_id, exercise, progress, attempt)


@bp.post("/practice/<rule_id>/<int:seed>")
def drill_answer(rule_id: str, seed: int):
    from ..lessons.drills import situation

    exercise = _drill_or_404(rule_id, seed)
    moment, english = stored.now(), page_lang() == DEFAULT_LANG
    with speaking(DEFAULT_LANG):  # the situation's fingerprint is the English exercise's, in every language
        seen = situation(exercise if english else _drill_or_404(rule_id, seed))
    outcome: list[str | None] = []

    def record(progress: Progress, feedback: Feedback) -> Progress:
        progress, result = progress.practised(rule_id, seen, feedback.correct, broken_rule(feedback), moment)
        outcome[:] = [result]
        return progress

    attempt, status, progress = answer_posted(exercise, request.path, record, rule=rule_id)
    return _render_drill(rule_id, exercise, progress, attempt, outcome[0] if outcome else None), status


def _render_drill(rule_id: str, exercise: Exercise, progress: Progress, attempt: Attempt,
                  outcome: str | None = None) -> str:
    moment = stored.now()
    following = progress.next_to_practise(moment, stored.basic_rules(), after=rule_id)
    link = {"url": url_for("lessons.practice_next", after=rule_id), "label": tr("Next practice exercise →")} \
        if following else {"url": url_for("lessons.practice"),
                           "label": tr("Nothing more is due now: see your reviews →")}
    item = progress.reviews.get(rule_id)
    return render_template("lessons/drill.html", rule=get_site().book.rules[rule_id], x=exercise, attempt=attempt,
                           item=item, outcome=outcome, when=waiting_time(item.due, moment) if item else None,
                           link=link)
