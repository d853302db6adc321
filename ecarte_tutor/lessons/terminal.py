"""A lesson at the terminal: plain prompts on any text streams (so tests can script a run).

Cards are typed in any notation the card parser reads (``QS``, ``q♠``, ``10h``, ``TH``).
At any answer prompt: ``hint`` shows the hint, ``skip`` shows the answer and moves on,
``quit`` (or the end of the input) leaves. A response that cannot be read gets a
message saying why and the same prompt again; a wrong answer shows the engine's
explanation and the rules it cites, then the learner tries again.
"""
from __future__ import annotations

import re
import sys

from ..cards import parse_card, parse_suit
from ..fields import SEAT_NAMES, is_whole_number
from ..lineio import Leave, read_line
from ..rulebook import RuleBook
from .grading import BadResponse, expected_answer, grade
from .model import CHOOSER_CHOICES, Exercise, Lesson, Step
from .progress import Progress

COMMANDS = "or: hint, skip, quit"


class _Quit(Exception):
    """The learner typed 'quit' or the input ended."""


class _Skip(Exception):
    """The learner gave up on this exercise."""


def plain(markdown: str) -> str:
    """Markdown made readable as plain text: emphasis marks and code ticks dropped."""
    text = re.sub(r"\*\*(.+?)\*\*|__(.+?)__", lambda m: m.group(1) or m.group(2), markdown)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    return text.replace("`", "")


def _pretty_cards(cards) -> str:
    return " ".join(parse_card(c).pretty for c in cards)


def _pretty_suit(suit) -> str:
    s = parse_suit(suit)
    return f"{s.english} ({s.symbol})"


class TerminalLesson:
    """One run through one lesson, reading answers from ``stdin`` and writing to ``stdout``."""

    def __init__(self, lesson: Lesson, stdin=None, stdout=None, *, book: RuleBook,
                 progress: Progress | None = None):
        self.lesson = lesson
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.book = book
        self.progress = progress or Progress()

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
        return self.progress

    def report(self) -> None:
        summary = self.progress.summary(self.lesson)
        self.say(f"Steps done: {summary['done']} of {summary['steps']}; "
                 f"right at the first try: {summary['first_try']} of {summary['exercises']} exercises.")

    def show_step(self, step: Step) -> None:
        self.say()
        self.say(f"--- Step {step.index} of {len(self.lesson.steps)}: {step.title} ---")
        self.say(plain(step.body))
        if step.cites:
            self.say(f"(Rules: {', '.join(step.cites)})")

    def exercise(self, step: Step) -> None:
        exercise = step.exercise
        self.say()
        self.say(f"Exercise: {plain(exercise.prompt)}")
        for line in self.describe(exercise):
            self.say(f"  {line}")
        while True:
            try:
                response = self.ask_response(exercise)
            except _Skip:
                expected = expected_answer(exercise, self.book)
                self.say(f"The answer: {self.format_answer(exercise, expected)}.")
                self.progress = self.progress.record(self.lesson.id, step.index, correct=False)
                return
            try:
                feedback = grade(exercise, response, self.book)
            except BadResponse as exc:
                self.say(exc.message)
                continue
            if feedback.correct:
                self.say(f"Right. {feedback.explanation}")
                self.progress = self.progress.record(self.lesson.id, step.index, correct=True)
                return
            self.progress = self.progress.record(self.lesson.id, step.index, correct=False)
            self.say(f"Not right. {feedback.explanation}")
            if feedback.cites:
                self.say(f"Rules cited: {', '.join(feedback.cites)}.")
            unnamed = [n for n in feedback.laws if f"law.{n}" not in feedback.cites]
            if unnamed:
                self.say(f"Club-code laws: {', '.join(map(str, unnamed))}.")
            self.say("Try again.")

    # --- one exercise -------------------------------------------------------------------------

    def describe(self, exercise: Exercise) -> list[str]:
        """The position, in words and card symbols."""
        p, kind = exercise.position, exercise.kind
        lines = []
        if p.get("profile"):
            lines.append(f"Rules in force: the {p['profile']} profile")
        if kind in ("legal-cards", "trick-winner", "propose-or-play"):
            lines.append(f"Trumps: {_pretty_suit(p['trump'])}")
        if kind == "legal-cards":
            lines.append(f"Card led: {_pretty_cards([p['led']])}" if p.get("led") else "You are to lead.")
            lines.append(f"Your hand: {_pretty_cards(p['hand'])}")
        elif kind == "trick-winner":
            lines.append(f"Led: {_pretty_cards([p['led']])}   Played to it: {_pretty_cards([p['followed']])}")
        elif kind == "rank-order":
            lines.append(f"Cards: {_pretty_cards(p['cards'])}")
        elif kind == "propose-or-play":
            seat = p.get("seat", "elder")
            lines.append(f"You are {SEAT_NAMES[seat]}. Your hand: {_pretty_cards(p['hand'])}")
        elif kind == "score":
            lines += self._describe_score(p)
        elif kind == "exchange":
            lines.append(f"Cards left in the stock: {p['stock']}")
            lines.append(f"The elder hand discards {p['elder_discards']}")
            if p.get("dealer_discards") is not None:
                lines.append(f"The dealer then wants to discard {p['dealer_discards']}")
        elif kind == "dispute":
            lines += self._describe_facts(p.get("facts", {}))
        return lines

    @staticmethod
    def _describe_score(p: dict) -> list[str]:
        tricks = p["tricks"]
        lines = [f"Tricks: elder hand {tricks.get('elder')}, dealer {tricks.get('dealer')}"]
        if p.get("elder_played_without_proposing"):
            lines.append("The elder hand played without proposing.")
        if p.get("dealer_refused_first_proposal"):
            lines.append("The dealer refused the first proposal.")
        if p.get("king_turned"):
            lines.append("A king was turned up for trumps.")
        if p.get("king_announced_by"):
            lines.append(f"The king of trumps was announced by {SEAT_NAMES[p['king_announced_by']]}.")
        if p.get("score_before"):
            before = p["score_before"]
            lines.append(f"Score before the hand: elder hand {before.get('elder')}, dealer {before.get('dealer')}")
        return lines

    def _describe_facts(self, facts: dict) -> list[str]:
        lines = []
        for name, value in facts.items():
            fact = self.book.facts.get(name)
            label = None
            if fact and fact.get("choices"):
                label = next((c["label"] for c in fact["choices"] if c["value"] == value), None)
            if fact and label:
                lines.append(f"{fact['question']} {label}.")
            elif fact:
                shown = {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value
                lines.append(f"{fact['question']} {shown}.")
            else:
                lines.append(f"{name}: {value}")
        return lines

    def _answer(self, prompt: str, exercise: Exercise) -> str:
        while True:
            text = self.read(f"{prompt} ({COMMANDS})")
            command = text.lower()
            if command == "hint":
                self.say(f"Hint: {plain(exercise.hint)}")
                continue
            if command == "skip":
                raise _Skip
            if not text:
                self.say("Please type an answer.")
                continue
            return text

    def ask_response(self, exercise: Exercise) -> dict:
        """Prompt for one answer and turn the typed text into the kind's response form."""
        kind = exercise.kind
        if kind == "legal-cards":
            return {"cards": self._answer("Which cards may be played? Type all of them, separated by spaces",
                                          exercise).replace(",", " ").split()}
        if kind == "trick-winner":
            return {"winner": self._answer("Who wins the trick: leader or follower (or type the winning card)?",
                                           exercise)}
        if kind == "rank-order":
            return {"order": self._answer("Type these cards from the highest to the lowest",
                                          exercise).replace(",", " ").split()}
        if kind in ("score", "exchange"):
            prompt = ("Points for this hand: type the elder hand's, then the dealer's (e.g. 1 0)" if kind == "score"
                      else "Cards drawn: type the elder hand's number, then the dealer's (e.g. 3 2)")
            while True:
                numbers = self._answer(prompt, exercise).replace(",", " ").split()
                if len(numbers) == 2 and all(is_whole_number(n) for n in numbers):
                    elder, dealer = (int(n) for n in numbers)
                    if kind == "score":
                        return {"points": {"elder": elder, "dealer": dealer}}
                    return {"elder_draws": elder, "dealer_draws": dealer}
                self.say("Type two whole numbers: the elder hand's first, then the dealer's.")
        if kind == "dispute":
            return self._ask_dispute(exercise)
        if kind == "propose-or-play":
            words = "accept or refuse" if exercise.position.get("seat") == "dealer" else "propose or play"
            return {"choice": self._answer(f"Your decision: {words}?", exercise)}
        raise ValueError(f"unknown exercise kind {kind!r}")

    def _ask_dispute(self, exercise: Exercise) -> dict:
        self.say("Remedies:")
        for number, choice in enumerate(exercise.choices, 1):
            self.say(f"  {number}. {choice['label']} [{choice['value']}]")
        while True:
            picked = self._answer("Which remedies does the law allow? Type their numbers (e.g. 1 3)", exercise)
            ids = []
            for token in picked.replace(",", " ").split():
                if is_whole_number(token) and 1 <= int(token) <= len(exercise.choices):
                    ids.append(exercise.choices[int(token) - 1]["value"])
                elif token in [c["value"] for c in exercise.choices]:
                    ids.append(token)
                else:
                    ids = None
                    self.say(f"{token!r} is not one of the remedies: type numbers from 1 to {len(exercise.choices)}.")
                    break
            if ids:
                break
        names = ", ".join(str(c["value"] or "nobody") for c in CHOOSER_CHOICES)
        chooser = self._answer(f"Who chooses the remedy: {names} (nobody when it is compulsory)?", exercise)
        return {"option_ids": ids, "chooser": chooser}

    def format_answer(self, exercise: Exercise, expected: dict) -> str:
        """The right answer in words."""
        kind = exercise.kind
        if kind == "legal-cards":
            return _pretty_cards(expected["cards"])
        if kind == "rank-order":
            return _pretty_cards(expected["order"])
        if kind == "trick-winner":
            return f"the {expected['winner']} wins"
        if kind == "score":
            return f"elder hand {expected['points']['elder']}, dealer {expected['points']['dealer']}"
        if kind == "exchange":
            return f"the elder hand draws {expected['elder_draws']}, the dealer {expected['dealer_draws']}"
        if kind == "dispute":
            labels = {c["value"]: c["label"] for c in exercise.choices}
            options = "; ".join(labels.get(i, i) for i in expected["option_ids"])
            who = SEAT_NAMES.get(expected["chooser"], "nobody (it is compulsory)")
            return f"{options} — chosen by {who}"
        return expected.get("choice", str(expected))


def run_lesson(lesson: Lesson, stdin=None, stdout=None, *, book: RuleBook,
               progress: Progress | None = None, start: int = 1) -> Progress:
    """Take ``lesson`` at the terminal (default: standard input and output); return the progress."""
    return TerminalLesson(lesson, stdin, stdout, book=book, progress=progress).run(start)
