"""The course: lessons with exercises graded by the engine, and the learner's progress.

For the site (and any other front end) this package offers:

``load_lessons(root, book) -> list[Lesson]``
    Every ``lessons/NN-slug.yaml`` in course order (``root`` None: the bundled folder),
    validated against ``schemas/lesson.schema.json`` and read against the rule book
    ``book``; a broken file raises ``DataError`` naming file and key. The library
    (:mod:`ecarte_tutor.library`) loads them with the rule book. ``find_lesson(lessons, key)``
    finds one by id, slug or number.

``Lesson``  (id, number, slug, title, summary, steps, cites)
    ``id`` is the file stem (``"01-pack-and-ranking"``), ``number`` its two digits, ``slug``
    the rest. ``cites``: every rule id the steps cite, in order of first use.
    ``lesson.step(i)`` returns the step at 1-based ``i``; ``lesson.exercises`` the steps with one.

``Step``  (index, title, body, cites, exercise)
    ``index`` is 1-based. ``body`` is Markdown (render it like a rule statement). ``cites``
    are rule ids (link them to ``/rules#<id>``). ``exercise`` is an ``Exercise`` or None.

``Exercise``  (kind, prompt, position, hint, choices, expected)
    ``position`` is the question ``ask()`` receives, minus ``kind``. ``choices`` is a tuple of
    ``{"value", "label"}`` for the kinds with a closed set (cards of the hand, leader/follower,
    remedies, propose/play); ``()`` otherwise. ``expected`` is the answer the YAML states, or None.
    Show ``hint`` only on request, before answering. ``exercise.handler`` is its kind's object.

``EXERCISE_KINDS``: name -> ``ExerciseKind``
    One object per kind (``lessons/kinds/``) knows how that kind is read, normalised, graded,
    diagnosed and shown: ``read_form`` / ``form_data`` (the site's fields), ``read_typed`` and
    ``describe`` (the terminal), ``words`` (an answer in words), ``diagnose``; the site draws it
    with ``templates/lessons/kinds/<kind>.html``. Nothing else switches on the kind.

``grade(exercise, response, book) -> Feedback(correct, expected, explanation, cites, laws, given, diagnosis)``
    The engine decides (``ask()``; rank-order reads ``params(profile).rank_order``).
    ``expected`` is the engine's answer in the response form below, ``given`` the learner's;
    ``explanation``, ``cites`` and ``laws`` are the engine's. A wrong answer carries a
    ``Diagnosis(text, rule)``: what is wrong, in a player's words, and the rule it breaks.
    Show the diagnosis and a hint naming the rule at the first wrong try, and the answer with
    the explanation only at the ``ANSWER_AFTER``-th (2). ``Feedback.answer`` holds the engine's
    full answer. A response that cannot be read raises ``BadResponse`` (``.message``, ``.field``):
    show the message and ask again; it is not a wrong answer. ``LessonError`` means the engine
    cannot answer the position (a content bug).

``expected_answer(exercise, book) -> dict``
    The engine's answer in the same response form.

Response forms, by ``Exercise.kind``:

=================  ===========================================  ===========================================
kind               position (ask kind)                          response
=================  ===========================================  ===========================================
legal-cards        trump, hand, led (play)                      ``{"cards": ["QS"]}`` every legal card; set
trick-winner       trump, led, followed (trick)                 ``{"winner": "leader" | "follower"}``
                                                                (the winning card is accepted too)
rank-order         cards (rule book's rank order)               ``{"order": ["KH", "QH", ...]}`` high first
score              tricks, flags, score_before (score)          ``{"points": {"elder": x, "dealer": y}}``
exchange           stock, elder_discards, dealer_discards       ``{"elder_draws": n, "dealer_draws": m}``
dispute            facts (dispute)                              ``{"option_ids": [...], "chooser": seat|null}``
propose-or-play    trump, hand, seat (advice)                   ``{"choice": "propose" | "play"}``
                                                                (dealer seat: ``"accept" | "refuse"``)
pool               players, first, results (pool)               ``{"next": "out:<name>" | "won:<name>"}``
hand-score         deal, actions, agreements (hand)             ``{"points": {"elder": x, "dealer": y}}``
=================  ===========================================  ===========================================

Cards may be written in any notation the card parser reads; ``expected`` uses canonical
cards (``"10H"``). Any position may carry ``profile``.

The dispute form is the smallest that tests the ruling fairly: the learner ticks, among the
remedies offered in ``choices``, every one the law allows (compared as a set), and says who
chooses between them: ``"elder"``, ``"dealer"``, or ``null`` when the remedy is compulsory
(``CHOOSER_CHOICES`` lists the three with labels). Points a law awards appear in the
explanation but are not asked for.

``Progress``
    An immutable value, kept by the caller (the site: the store): ``record(lesson_id, step,
    correct=None|True|False)``, ``lesson(lesson_id) -> LessonProgress`` (``done``, ``first_try``,
    ``missed``, step by step with the counter of each one's last change), ``summary(lesson)``,
    ``reset()``, ``stale(page_seq, lesson_id, step, rule)`` (why an answer from a page drawn at
    ``page_seq`` cannot count), ``to_dict()`` and ``Progress.from_dict(data, lessons=None,
    rules=None, now=None)``, which never fails: malformed parts are dropped. ``reviews`` holds the
    rules broken, each a ``review.ReviewItem`` with its FSRS state: ``missed_rule(rule_id, now)``,
    ``practised(rule_id, situation, correct, broke, now) -> (progress, outcome)``,
    ``due(now, basics)``, ``to_review(basics)``, ``next_to_practise(now, basics, after)``
    (``lessons/review.py`` is the policy: spacing, mastery, basics first).

``drills.drill_exercise(rule_id, seed, book) -> Exercise``
    A fresh exercise on a rule, the same for the same seed (``lessons/drills/``);
    ``drills.fresh_drill(rule_id, seed, avoid, book)`` the first whose situation is not in ``avoid``;
    ``drills.to_practise(feedback, book)`` is the rule a wrong answer broke, if it can be practised.

``lesson_problems(lessons, book) -> list[str]``
    Cross-checks for ``ecarte-tutor check``: unknown rule ids, stated answers that differ from
    the engine's, positions the engine cannot answer.

``run_lesson(lesson, stdin, stdout, book=book, progress=None, start=1) -> Progress``
    The terminal lesson of ``ecarte-tutor lesson``, which offers practice at its end.
"""
from . import simulate  # noqa: F401 - the mistakes' makers register themselves (lessons/mistakes.py MAKERS)
from .checks import lesson_problems
from .diagnosis import Diagnosis
from .grading import (
                      ANSWER_AFTER,
                      BadResponse,
                      Feedback,
                      LessonError,
                      engine_answer,
                      expected_answer,
                      grade,
                      same_answer,
)
from .kinds import CHOOSER_CHOICES, EXERCISE_KINDS
from .model import Exercise, Lesson, Step, exercise_from, find_lesson, load_lesson, load_lessons
from .progress import LessonProgress, Progress
from .terminal import run_lesson

__all__ = [
    "ANSWER_AFTER", "BadResponse", "CHOOSER_CHOICES", "Diagnosis", "EXERCISE_KINDS", "Exercise", "Feedback",
    "Lesson", "LessonError", "LessonProgress", "Progress", "Step", "engine_answer", "exercise_from",
    "expected_answer", "find_lesson", "grade", "lesson_problems", "load_lesson", "load_lessons", "run_lesson",
    "same_answer",
]
