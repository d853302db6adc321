"""``ecarte-tutor lesson [ID]``: list the lessons, or take one at the terminal.

ID is a lesson's number (``3``), slug (``trump-and-the-king``) or id (``03-trump-and-the-king``).
Answers are read from standard input, one a line, so a lesson can also be scripted.
"""
from __future__ import annotations

import sys

from ..lessons import find_lesson, run_lesson
from ..library import load_library


def add_arguments(parser) -> None:
    parser.add_argument("lesson", nargs="?", metavar="ID", help="the lesson to take (number, slug or id); "
                                                                 "without it, list the lessons")
    parser.add_argument("--step", type=int, default=1, metavar="N", help="start at step N (default 1)")


def list_lessons(lessons, out) -> None:
    for lesson in lessons:
        exercises = len(lesson.exercises)
        out.write(f"{lesson.number:2d}  {lesson.slug:<34} {lesson.title} "
                  f"({len(lesson.steps)} steps, {exercises} exercise{'s' * (exercises != 1)})\n")
    out.write("\nTake one with: ecarte-tutor lesson NUMBER\n")


def run(args, stdin=None, stdout=None) -> int:
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    library = load_library()
    lessons = library.lessons
    if not args.lesson:
        list_lessons(lessons, stdout)
        return 0
    lesson = find_lesson(lessons, args.lesson)
    if lesson is None:
        print(f"ecarte-tutor: no lesson {args.lesson!r}; run 'ecarte-tutor lesson' to list them.", file=sys.stderr)
        return 2
    if not 1 <= args.step <= len(lesson.steps):
        print(f"ecarte-tutor: lesson {lesson.number} has steps 1 to {len(lesson.steps)}.", file=sys.stderr)
        return 2
    run_lesson(lesson, stdin, stdout, book=library.book, start=args.step)
    return 0
