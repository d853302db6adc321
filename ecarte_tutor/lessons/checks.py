"""Cross-checks between the course and the rule book (used by the tests and ``ecarte-tutor check``)."""
from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..engine import parting
from ..errors import DataError
from ..rulebook import RuleBook
from . import claims, verdicts
from .glossary import Glossary, glossary_of
from .grading import BadResponse, LessonError, engine_answer, expected_answer, same_answer
from .kinds.dispute import Dispute
from .mistakes import Catalogue, catalogue_of
from .model import Choice, Exercise, Lesson, load_lessons
from .quickref import quick_reference
from .vouched import literal_consequences

# Two options are alike when their words (articles aside) run nearly the same, or end on the same
# clause: a learner cannot tell which is meant. Options that differ only in a name or a card
# (who sits out, which card) differ in exactly what the exercise asks.
ALIKE_RATIO = 0.7
ALIKE_TAIL = 4  # words
_ARTICLES = {"the", "a", "an"}


def lesson_problems(lessons: Iterable[Lesson], book: RuleBook, course: Iterable[Lesson] | None = None) -> list[str]:
    """One line per defect: an unknown rule id, a position the engine cannot answer, a stated answer
    that differs from the engine's, a defect the kind finds (a dispute's right remedies not offered),
    a consequence written as fixed words, a term used before the lesson that introduces it, or two
    options that read alike. ``course``: the whole course the lessons belong to, when they are only
    part of it (one file checked alone): the terms its earlier lessons introduce count as taught."""
    lessons = list(lessons)
    problems: list[str] = []
    for lesson in lessons:
        for step in lesson.steps:
            where = f"{lesson.file} step {step.index}"
            problems += [f"{where}: cites unknown rule '{rule_id}'" for rule_id in step.cites
                         if rule_id not in book.rules]
            problems += [f"{where}: {problem}" for problem in _exercise_problems(step.exercise, book)]
            texts = {"body": step.body, **({"prompt": step.exercise.prompt, "hint": step.exercise.hint}
                                           if step.exercise else {})}
            problems += [f"{where}: {problem}" for problem in claims.problems(
                texts, step.claims, step.exercise.position if step.exercise else None, book)]
            problems += [f"{where}: {problem}" for problem in _profile_problems(step.exercise, texts, book)]
    glossary = glossary_of(book)
    taught = lessons if course is None else list(course)
    return (problems + wording_problems(lessons) + order_problems(taught, glossary) + glossary_problems(glossary)
            + catalogue_problems(catalogue_of(book)) + _quick_problems(book) + _why_problems(book))


# The kinds whose answers weigh hidden hands (verdicts kept as data, lessons/verdicts/): their advice is the
# strategy's, not a profile's rule, and weighing them under every profile would cost minutes.
WEIGHED_KINDS = frozenset({"best-card", "best-exchange"})


def _profile_names(book: RuleBook, profile: str) -> list[str]:
    """The words that name a profile in a lesson's text: its name, the first word of its title and what the
    title says in brackets ("London (the club code)": london, the club code)."""
    title = book.profiles[profile].title
    bracketed = title[title.find("(") + 1:title.find(")")] if "(" in title else ""
    return [word.lower() for word in (profile, title.split()[0], bracketed) if word]


def _profile_problems(exercise: object, texts: dict[str, str], book: RuleBook) -> list[str]:
    """An exercise whose right answer differs under another profile must say which profile it teaches (a learner
    who plays by another table's rules is otherwise marked wrong for a right answer)."""
    if not isinstance(exercise, Exercise) or exercise.kind in WEIGHED_KINDS:
        return []
    own = exercise.profile or book.default_profile
    said = " ".join(" ".join(text.split()) for text in texts.values()).lower()
    if any(word in said for word in _profile_names(book, own)):
        return []
    try:
        right = expected_answer(exercise, book)
        others = [name for name in book.profiles if name != own and expected_answer(
            replace(exercise, position={**exercise.position, "profile": name}), book) != right]
    except (LessonError, KeyError):
        return []  # an exercise the engine cannot answer is reported by _exercise_problems
    return [f"its answer differs under the {', '.join(others)} profile(s), and its words do not say it is taught "
            f"under the {own} profile (name it: {' or '.join(_profile_names(book, own))})"] if others else []


def _why_problems(book: RuleBook) -> list[str]:
    """The sentences that say why one card beats another (rules/course/why.yaml): its schema, and no slot the
    engine does not fill, checked here rather than on the first page that needs them."""
    try:
        parting.catalogue(book)
    except DataError as exc:
        return [str(exc)]
    return []


def recompute_verdicts(book: RuleBook) -> tuple[list[verdicts.Verdict], list[str]]:
    """Every ``best-card`` step of the course weighed again, under its own rules and under each other profile
    (:func:`.verdicts.under_profiles`): the verdicts, and one line per verdict that differs from the data kept
    (or that has none), and per verdict kept that no step makes."""
    fresh: list[verdicts.Verdict] = []
    differ: list[str] = []
    kept = verdicts.stored()
    for lesson in load_lessons(None, book):
        for step in lesson.steps:
            exercise = step.exercise
            if exercise is None or exercise.kind != "best-card":
                continue
            for verdict in verdicts.under_profiles(exercise.position, book,
                                                   lambda position: verdicts.compute(position, book)):
                fresh.append(verdict)
                if kept.get(verdict.key) != verdict:
                    differ.append(f"{lesson.file} step {step.index}: the hidden-card verdict kept differs from a "
                                  f"fresh weighing (best {verdict.best}, accepted {', '.join(verdict.accepted)})")
    return fresh, differ + verdicts.left_over(kept, fresh)


def _quick_problems(book: RuleBook) -> list[str]:
    """The quick reference filled under every profile (the site shows it under each): a question it asks that
    one profile's engine cannot answer is a defect here, not a page that fails (a 500 found by a crawl)."""
    problems: list[str] = []
    for profile in book.profiles:
        try:
            quick = quick_reference(book, profile)
        except DataError as exc:
            problems.append(f"{exc} (under the {profile} profile)")
            continue
        problems += quick.problems() if quick else []
    return problems


def _exercise_problems(exercise: object, book: RuleBook) -> list[str]:
    if not isinstance(exercise, Exercise):
        return []
    try:
        answer = engine_answer(exercise, book)
        expected = expected_answer(exercise, book)
    except (LessonError, KeyError) as exc:
        return [str(exc)]
    problems = [f"the engine cites unknown rule '{rule_id}'" for rule_id in answer.get("cites", [])
                if rule_id not in book.rules]
    defects = exercise.handler.problems(exercise, expected)
    if isinstance(exercise.handler, Dispute):  # a remedy offered as wrong never says what the ruling says
        defects += [f"the choice '{option}' is offered as wrong, but the ruling says it too"
                    for option in exercise.handler.said_but_wrong(exercise, book)]
    if exercise.kind == "best-card":  # the verdict kept as data holds the card the step states
        stated = exercise.expected.get("card") if exercise.expected else None
        defects += verdicts.problems(exercise.position, None if stated is None else str(stated), book)
    if defects:
        return problems + defects
    players = exercise.position.get("players")
    names = [str(name) for name in players] if isinstance(players, list) else []
    problems += [f"the options “{a}” and “{b}” read alike: say what sets them apart, or offer another"
                 for a, b in alike_choices(exercise.choices, names)]
    if exercise.expected is not None:
        try:
            agree = same_answer(exercise, exercise.expected, expected)
            if exercise.kind == "best-card":  # as a learner's card is graded: any card the verdict accepts
                kind = exercise.handler
                agree = agree or kind.agree(exercise, kind.normalize(exercise, exercise.expected), expected)
        except BadResponse as exc:
            return [*problems, f"the stated answer cannot be read: {exc.message}"]
        if not agree:
            problems.append(f"the lesson says {exercise.expected}, the engine says {expected}")
    return problems


def wording_problems(lessons: Iterable[Lesson]) -> list[str]:
    """Each consequence a lesson writes in fixed words instead of a placeholder the engine fills."""
    problems: list[str] = []
    for lesson in lessons:
        texts = [(f"{lesson.file} summary", lesson.written_summary)]
        texts += [(f"{lesson.file} step {step.index} {name}", text) for step in lesson.steps
                  for name, text in step.written.items()]
        for where, text in texts:
            problems += [f"{where}: states {what} in fixed words (“{words}”): write a placeholder the engine "
                         "fills (docs/lessons.md)" for what, words in literal_consequences(text)]
    return problems


def glossary_problems(glossary: Glossary) -> list[str]:
    """Each consequence a definition writes in fixed words."""
    return [f"{glossary.file} › {term.id}: states {what} in fixed words (“{words}”): write a placeholder"
            for term in glossary.terms for what, words in literal_consequences(term.written)]


def catalogue_problems(catalogue: Catalogue) -> list[str]:
    """Each consequence a mistake's words state in fixed words."""
    return [f"{catalogue.file} › {mistake.id}: states {what} in fixed words (“{words}”): write a placeholder"
            for mistake in catalogue.mistakes for what, words in literal_consequences(mistake.says)]


def order_problems(lessons: Sequence[Lesson], glossary: Glossary) -> list[str]:
    """A step that uses a glossary term before the lesson introducing it; a term introduced twice, or
    by a lesson that never uses it."""
    if not glossary.terms:
        return []
    problems: list[str] = []
    introduced: dict[str, Lesson] = {}
    for lesson in lessons:
        for term_id in lesson.introduces:
            if term_id in introduced:
                problems.append(f"{lesson.file}: introduces '{term_id}', which {introduced[term_id].file} "
                                "introduces already")
            introduced.setdefault(term_id, lesson)
    for lesson in lessons:
        used_here = set()
        for step in lesson.steps:
            for term in glossary.used(step.texts):
                used_here.add(term.id)
                first = introduced.get(term.id)
                if first is None:
                    problems.append(f"{lesson.file} step {step.index}: uses the term “{term.term}”, which no lesson "
                                    "introduces")
                elif first.number > lesson.number:
                    problems.append(f"{lesson.file} step {step.index}: uses the term “{term.term}” before lesson "
                                    f"{first.number} ({first.title}) introduces it")
        problems += [f"{lesson.file}: introduces '{term_id}' but never uses it" for term_id in lesson.introduces
                     if term_id not in used_here]
    return problems


def _words(label: str) -> list[str]:
    return [w for w in re.findall(r"[\w♠♥♦♣-]+", label.lower()) if w not in _ARTICLES]


def _names_only(a: list[str], b: list[str], names: set[str]) -> bool:
    """Whether two labels differ only in a name or a card (what sets the choices apart)."""
    if len(a) != len(b):
        return False
    differ = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(differ) == 1 and all(w in names or re.search(r"\d|[♠♥♦♣]", w) for w in differ[0])


def alike_choices(choices: Sequence[Choice], names: Iterable[str] = ()) -> list[tuple[str, str]]:
    """The pairs of options whose words a learner could take for one another (``names``: the
    players' names, which set choices apart)."""
    labels = [choice["label"] for choice in choices]
    known = {name.lower() for name in names}
    out = []
    for first, second in itertools.combinations(labels, 2):
        a, b = _words(first), _words(second)
        if len(a) < 2 or len(b) < 2 or _names_only(a, b, known):
            continue
        tail = 0
        while tail < min(len(a), len(b)) and a[-1 - tail] == b[-1 - tail]:
            tail += 1
        if difflib.SequenceMatcher(None, a, b).ratio() >= ALIKE_RATIO or tail >= ALIKE_TAIL:
            out.append((first, second))
    return out
