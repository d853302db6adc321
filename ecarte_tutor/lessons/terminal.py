"""A lesson at the terminal: plain prompts on any text streams (so tests can script a run).

Cards are typed in any notation the card parser reads (``QS``, ``q♠``, ``10h``, ``TH``).
At any answer prompt: ``hint`` shows the hint, ``rule`` prints the rule the last hint named,
``skip`` shows the answer and moves on, ``help`` lists these, ``quit`` (or the end of the input)
leaves. A response that cannot be read gets a message saying why and the same prompt again. A
first wrong answer gets what is wrong and a hint naming the rule by its title (a piece of advice,
or what a choice the rules allow is judged by, is said to be advice, not a rule broken); a second,
the answer and its reason, and the lesson moves on.
"""
from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeAlias

from ..lineio import Leave, LineInput, Output, read_line
from ..rulebook import RuleBook
from ..terminal_markdown import render
from .diagnosis import Diagnosis, is_advice, rule_role, split_advice
from .drills import fresh_drill, situation, to_practise
from .grading import ANSWER_AFTER, BadResponse, expected_answer, grade
from .model import Exercise, Lesson, Step
from .progress import Progress, summary_words
from .review import basics, waiting_time

COMMANDS = "or: hint, skip, help, quit"
HELP = ("Type your answer, or one of these: 'hint' for a hint; 'rule' to read the rule the last hint named; "
        "'skip' to see the answer and move on; 'quit' to leave the lesson.")

Record: TypeAlias = Callable[[bool, str | None], None]
"""Notes one answer graded: whether it was right, and the rule a wrong one broke (if a drill can practise it)."""


class _Quit(Exception):
    """The learner typed 'quit' or the input ended."""


class _Skip(Exception):
    """The learner gave up on this exercise."""


def plain(markdown: str) -> str:
    """Markdown made readable as plain text: emphasis marks and code ticks dropped."""
    text = re.sub(r"\*\*(.+?)\*\*|__(.+?)__", lambda m: m.group(1) or m.group(2), markdown)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    return text.replace("`", "")


class TerminalLesson:
    """One run through one lesson, reading answers from ``stdin`` and writing to ``stdout``."""

    def __init__(self, lesson: Lesson, stdin: LineInput | None = None, stdout: Output | None = None, *,
                 book: RuleBook, progress: Progress | None = None):
        self.lesson = lesson
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.book = book
        self.progress = progress or Progress()
        self._exercise: Exercise | None = None  # the exercise being answered, for 'hint'
        self._rule: str | None = None  # the rule the last hint named, for 'rule'
        self.clock: Callable[[], datetime] = lambda: datetime.now(UTC)  # reviews are spaced by the clock

    # --- input and output -----------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def read(self, prompt: str) -> str:
        """One line of input after ``prompt``; 'quit' or end of input raises _Quit."""
        self.stdout.write(f"{prompt}\n")
        try:
            return read_line(self.stdin, self.stdout)
        except Leave:
            raise _Quit from None

    def answer(self, prompt: str) -> str:
        """A non-empty answer to ``prompt``; 'hint' and 'skip' are handled here (the kinds call this)."""
        while True:
            text = self.read(f"{prompt} ({COMMANDS})")
            command = text.lower()
            if command == "hint":
                assert self._exercise is not None  # the kinds prompt for the exercise take() is asking
                self.say(f"Hint: {plain(self._exercise.hint)}")
                continue
            if command in ("help", "?"):
                self.say(HELP)
                continue
            if command == "rule":
                self.show_rule()
                continue
            if command == "skip":
                raise _Skip
            if not text:
                self.say("Please type an answer.")
                continue
            return text

    def rule_words(self, rule_id: str) -> str:
        """A rule as a player reads it: by its title (a law by its number too), as the site names it."""
        rule = self.book.rules.get(rule_id)
        if rule is None:
            return "the rule book"
        return f"law {rule.law}, “{rule.title}”" if rule.law else f"“{rule.title}”"

    def hint_rule(self, diagnosis: Diagnosis) -> str:
        """The sentence after a first wrong answer's hint: the rule that decides, or the advice (never a rule said
        broken by a choice the rules allow), and how to read it here."""
        if not diagnosis.rule:
            return ""
        self._rule = diagnosis.rule
        before, after = rule_role(self.book, diagnosis)
        return f" {before[:1].upper()}{before[1:]}{self.rule_words(diagnosis.rule)} (type 'rule' to read it){after}"

    def show_rule(self) -> None:
        """The rule the last hint named, as the rule book states it (plain text), with the referee's command."""
        rule = self.book.rules.get(self._rule) if self._rule else None
        if rule is None:
            self.say("No rule has been named yet for this exercise: 'rule' reads the one a hint names after a wrong "
                     "answer.")
            return
        kind = "Advice, not a rule of the game" if is_advice(self.book, rule.id) else (
            f"Law {rule.law}" if rule.law else "Rule")
        self.say(f"{kind}: {rule.title}")
        self.say(render(rule.statement, styled=False).strip())
        self.say(f"(The whole entry, with its sources: ecarte-tutor rules {rule.id})")

    # --- the lesson ---------------------------------------------------------------------------

    def run(self, start: int = 1) -> Progress:
        """Go through the steps from ``start``; return the progress made (also on quit)."""
        lesson = self.lesson
        self.say(f"Lesson {lesson.number}: {lesson.title}")
        self.say(lesson.summary)
        try:
            for step in lesson.steps[max(start, 1) - 1:]:
                self.show_step(step)
                if step.exercise is None:
                    self.progress = self.progress.record(lesson.id, step.index)
                    if step.index < len(lesson.steps):
                        self.read("[Enter] to go on, 'quit' to leave.")
                else:
                    self.exercise(step)
        except _Quit:
            self.say("You left the lesson. Your progress so far:")
            self.report()
            return self.progress
        self.say()
        self.say(f"End of lesson {lesson.number}.")
        self.report()
        with contextlib.suppress(_Quit):  # leaving the practice leaves the lesson too, as it was
            self.offer_practice()
        return self.progress

    def report(self) -> None:
        self.say(summary_words(self.progress.summary(self.lesson)))

    def show_step(self, step: Step) -> None:
        self.say()
        self.say(f"--- Step {step.index} of {len(self.lesson.steps)}: {step.title} ---")
        self.say(plain(step.body))
        if step.cites:
            self.say(f"({cites_words(self.book, step.cites)})")

    def exercise(self, step: Step) -> None:
        """Take one step's exercise, recording every answer in the lesson's progress."""
        def record(correct: bool, rule: str | None) -> None:
            self.progress = self.progress.record(self.lesson.id, step.index, correct=correct).missed_rule(
                rule, self.clock())
        assert step.exercise is not None  # run() sends only the steps with an exercise here
        self.take(step.exercise, record)

    def rule_title(self, rule_id: str) -> str:
        rule = self.book.rules.get(rule_id)
        return f"“{rule.title}”" if rule else "the rule book"

    def offer_practice(self) -> None:
        """Offer fresh exercises on the rules broken, and drill those due until none is or the learner leaves.

        Each rule comes back as its review schedules it (minutes, then days): the terminal keeps
        no progress between runs, so it says where the spacing goes on.
        """
        basic = basics(self.book)
        waiting = self.progress.due(self.clock(), basic)
        if not waiting:
            return
        self.say()
        self.say(broken_words(self.book, [item.rule for item in waiting], self.rule_title))
        if self.read("Type 'practise' to practise on fresh hands, or press Enter to finish.").lower() not in \
                ("practise", "practice", "p", "yes", "y"):
            return
        rule, seed = None, self.progress.seq
        while True:
            rule = self.progress.next_to_practise(self.clock(), basic, after=rule)
            if rule is None:
                coming = min((item.due for item in self.progress.reviews.values()), default=None)
                self.say()
                self.say("Nothing more is due for practice now" + (
                    f"; the next review falls due {waiting_time(coming, self.clock())}" if coming else "") +
                    ". The terminal keeps no progress: at the site, each rule comes back over the days until mastered.")
                return
            seed, exercise = fresh_drill(rule, seed + 1, {self.progress.last_situation}, self.book)
            self.say()
            self.say(f"--- Practice: {self.rule_title(rule)} ---")

            def record(correct: bool, broke: str | None, rule: str = rule, exercise: Exercise = exercise) -> None:
                self.progress = self.progress.practised(rule, situation(exercise), correct, broke, self.clock())[0]
            self.take(exercise, record)

    def take(self, exercise: Exercise, record: Record) -> bool:
        """Ask ``exercise`` until it is right, skipped, or wrong :data:`ANSWER_AFTER` times.

        ``record(correct, rule)`` is called after each answer graded (``rule``: the rule a wrong
        answer broke). Returns whether it was answered right.
        """
        kind = exercise.handler
        self._exercise, self._rule = exercise, None
        self.say()
        self.say(f"Exercise: {plain(exercise.prompt)}")
        if exercise.profile:
            self.say(f"  Rules in force: the {exercise.profile} profile")
        for line in kind.describe(exercise, self.book):
            self.say(f"  {line}")
        tries = 0
        while True:
            try:
                response = kind.read_typed(exercise, self)
            except _Skip:
                expected = expected_answer(exercise, self.book)
                self.say(f"The answer: {kind.words(exercise, expected)}.")
                record(False, None)
                return False
            try:
                feedback = grade(exercise, response, self.book)
            except BadResponse as exc:
                self.say(exc.message)
                continue
            if feedback.correct:
                self.say(f"Right. {feedback.explanation}")
                record(True, None)
                return True
            tries += 1
            diagnosis = feedback.diagnosis
            assert diagnosis is not None  # grade() diagnoses every wrong answer
            record(False, to_practise(feedback, self.book))
            if tries < ANSWER_AFTER:
                self.say(f"Not yet. {diagnosis.text}")
                # a mistake named says what is wrong already: the step's hint, written for no answer in
                # particular, may point at what this answer got right ('hint' still shows it)
                hint = "" if diagnosis.mistakes else f" {plain(exercise.hint)}"
                rule = self.hint_rule(diagnosis)
                if hint or rule:
                    self.say(f"Hint:{hint}{rule}")
                continue
            self.say(f"Not right. {diagnosis.text}")
            self.say(f"The answer: {kind.words(exercise, feedback.expected)}.")
            self.say(f"Why: {feedback.explanation}")
            return False


def cites_words(book: RuleBook, cites: list[str] | tuple[str, ...]) -> str:
    """A step's rules by title, the pieces of advice apart: "Rules: …; advice: …"."""
    def title(rule_id: str) -> str:
        return book.rules[rule_id].title if rule_id in book.rules else "the rule book"

    rules, advice = ([title(r) for r in part] for part in split_advice(book, cites))
    parts = ([f"Rules: {'; '.join(rules)}"] if rules else []) + \
        ([f"{'advice' if rules else 'Advice'} (not law): {'; '.join(advice)}"] if advice else [])
    return "; ".join(parts)


def broken_words(book: RuleBook, rules: list[str], title: Callable[[str], str]) -> str:
    """What the answers missed, in one sentence: the rules broken, and apart from them the advice not followed."""
    broke, advice = ([title(r) for r in part] for part in split_advice(book, rules))
    said = [f"broke {'; '.join(broke)}"] if broke else []
    if advice:
        said.append(f"went against the advice of {'; '.join(advice)} (advice, not law)")
    return f"Your answers {' and '.join(said)}."


def run_lesson(lesson: Lesson, stdin: LineInput | None = None, stdout: Output | None = None, *, book: RuleBook,
               progress: Progress | None = None, start: int = 1) -> Progress:
    """Take ``lesson`` at the terminal (default: standard input and output); return the progress."""
    return TerminalLesson(lesson, stdin, stdout, book=book, progress=progress).run(start)
