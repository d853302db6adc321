"""What every kind of exercise knows: how it is asked, read, graded, diagnosed and shown.

One object per kind (see :mod:`ecarte_tutor.lessons.kinds`) instead of the same switch on
the kind in the model, the grader, the terminal and the site. The site draws a kind with
the macros ``position(x)`` and ``form(x, kept)`` of ``templates/lessons/kinds/<name>.html``.
"""
from __future__ import annotations

from ...agreements import read_agreements
from ...asking import ask, read_profile
from ...cards import parse_suit
from ...errors import QuestionError
from ...rulebook import Params, RuleBook
from ..diagnosis import Diagnosis
from ..reading import LessonError, pretty


class KindError(ValueError):
    """A lesson entry this kind cannot use; ``key`` is relative to the exercise (``position.hand[1]``)."""

    def __init__(self, message: str, key: str):
        super().__init__(message)
        self.key = key


class ExerciseKind:
    """The behaviour every kind shares; each kind overrides what differs."""

    name = ""
    ask_kind: str | None = None  # the ask() kind that decides it (None: worked out from the rule book)

    # --- loading --------------------------------------------------------------------------------

    def choices(self, entry: dict, book: RuleBook) -> tuple[dict, ...]:
        """What the learner picks from (``{"value", "label"}``), for kinds with a closed set."""
        return ()

    # --- the engine's side ----------------------------------------------------------------------

    def engine_answer(self, exercise, book: RuleBook) -> dict:
        """The engine's full answer to the position; :class:`LessonError` if it cannot give one."""
        answer = ask({**exercise.position, "kind": self.ask_kind}, book)
        if "error" in answer:
            error = answer["error"]
            raise LessonError(f"the engine cannot answer this {self.name} exercise: {error['message']} "
                              f"(code {error['code']}, field {error['field']})")
        return answer

    def expected(self, exercise, answer: dict) -> dict:
        """The engine's answer in this kind's response form."""
        raise NotImplementedError

    def explanation(self, answer: dict) -> str:
        """The reason shown with the answer."""
        return answer.get("explanation", "")

    def problems(self, exercise, expected: dict) -> list[str]:
        """Content defects ``ecarte-tutor check`` reports (beyond a stated answer that differs)."""
        return []

    # --- the learner's side ---------------------------------------------------------------------

    def normalize(self, exercise, response) -> dict:
        """The response in canonical form, or :class:`BadResponse` saying what to fix."""
        raise NotImplementedError

    def agree(self, exercise, a: dict, b: dict) -> bool:
        """Whether two canonical answers are the same answer."""
        return a == b

    def diagnose(self, exercise, given: dict, expected: dict, answer: dict, book: RuleBook) -> Diagnosis:
        """What is wrong in ``given`` (canonical, and not the expected answer)."""
        raise NotImplementedError

    def words(self, exercise, answer: dict) -> str:
        """An answer of this kind in words, with card symbols."""
        raise NotImplementedError

    # --- the site -------------------------------------------------------------------------------

    def read_form(self, exercise, form) -> tuple[dict, dict]:
        """The response from a posted form (``get``/``getlist``), and the input to show again."""
        raise NotImplementedError

    def form_data(self, exercise, answer: dict) -> dict:
        """The form fields a learner sends to give ``answer`` (the inverse of :meth:`read_form`)."""
        raise NotImplementedError

    # --- the terminal ---------------------------------------------------------------------------

    def describe(self, exercise, book: RuleBook) -> list[str]:
        """The position in words, one line each (also the facts box of a generated exercise)."""
        return []

    def read_typed(self, exercise, terminal) -> dict:
        """Prompt through ``terminal.answer(prompt)`` (and ``terminal.say``) for one response."""
        raise NotImplementedError


class OneChoice(ExerciseKind):
    """A kind answered by one word picked among its ``choices`` (a button each, on the site)."""

    field = ""  # the response's one key, and the form field's name

    def read_form(self, exercise, form):
        response = {self.field: form.get(self.field, "").strip()}
        return response, dict(response)

    def form_data(self, exercise, answer):
        return {self.field: answer[self.field]}


def params_of(exercise, book: RuleBook) -> Params:
    """The rule book's parameters under the exercise's profile and agreements (a wrong one is a lesson defect)."""
    try:
        return book.params(read_profile({"profile": exercise.profile}, book), read_agreements(exercise.position, book))
    except QuestionError as exc:
        raise LessonError(f"a {exercise.kind} exercise: {exc.message}") from None


def trumps_line(position: dict) -> str:
    suit = parse_suit(position["trump"])
    return f"Trumps: {suit.english} ({suit.symbol})"


def cards_line(label: str, cards) -> str:
    return f"{label}: {pretty(cards)}"
