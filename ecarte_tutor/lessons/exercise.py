"""An exercise, and what every kind of exercise knows: how it is asked, read, graded, diagnosed and shown.

One object per kind (see :mod:`ecarte_tutor.lessons.kinds`) instead of the same switch on
the kind in the model, the grader, the terminal and the site. The site draws a kind with
the macros ``position(x)`` and ``form(x, kept)`` of ``templates/lessons/kinds/<name>.html``.

This module stands below the kinds, the catalogue of mistakes and the model that loads the lessons
(they all read it, it reads none of them): an exercise finds its kind's object through the kinds
registered here (:func:`register_kinds`), and a mistake's :class:`Case` is an exercise as the makers
read it.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Generic, NotRequired, Protocol, TypeAlias, TypedDict, TypeVar, cast

from ..agreements import read_agreements
from ..asking import ask, read_profile
from ..cards import parse_suit, suit_name
from ..engine.citing import Explained
from ..errors import QuestionError
from ..i18n import current, tr
from ..jsontypes import Answer, Question
from ..rulebook import Params, RuleBook
from .diagnosis import Diagnosis
from .reading import LessonError, pretty
from .vouched import spoken


class Asked(Explained):
    """An answer of ``ask()``, which names the profile it was ruled under (best-card's, read whole)."""

    profile: str


class Position(TypedDict, total=False):
    """What any position may carry besides the facts of its kind: the profile, and the players' agreements."""

    profile: str
    agreements: list[object]  # each an agreement's name, or {name: value}


FormFields: TypeAlias = dict[str, str | list[str]]
"""The fields of a form, by name: one value, or several (``getlist``)."""


class Form(Protocol):
    """A posted form or a query string as the kinds read them (werkzeug's ``MultiDict``)."""

    def get(self, key: str, default: str, /) -> str: ...

    def getlist(self, key: str, /) -> list[str]: ...


class Terminal(Protocol):
    """The terminal lesson as the kinds prompt through it (:class:`~ecarte_tutor.lessons.terminal.TerminalLesson`)."""

    def answer(self, prompt: str) -> str: ...

    def say(self, text: str = "") -> None: ...


P = TypeVar("P", bound=Position)  # the position, as the kind's ask() question
A = TypeVar("A", bound=Explained)  # the engine's answer to it (the kind's TypedDict, beside its handler)
R = TypeVar("R", bound=Mapping[str, object])  # the response form (the package docstring's table)


class ExerciseEntry(TypedDict):
    """An exercise as a lesson file writes it (schemas/lesson.schema.json), or a drill makes it."""

    kind: str
    prompt: str
    position: Question
    hint: str
    choices: NotRequired[list[str]]  # dispute exercises: the remedy option ids offered
    expected: NotRequired[dict[str, object]]


class Choice(TypedDict):
    """One thing a learner may pick: the value sent, and its label."""

    value: str
    label: str


@dataclass(frozen=True)
class Exercise:
    """One exercise: a position in card notation, what the learner must answer, and a hint.

    ``position`` is the question ``ask()`` receives, without ``kind``; ``expected`` is the
    answer the YAML states (or None), in the response form of the kind.
    """

    kind: str
    prompt: str
    position: Question
    hint: str
    choices: tuple[Choice, ...] = ()
    expected: dict[str, object] | None = None

    @property
    def handler(self) -> AnyKind:
        """The object that reads, grades, diagnoses and shows this kind of exercise."""
        return _KINDS[self.kind]

    @property
    def ask_kind(self) -> str | None:
        """The ``ask()`` kind that decides this exercise (None for rank-order)."""
        return self.handler.ask_kind

    @property
    def profile(self) -> str | None:
        # as the position names it: ask() (the engine's answer) and params_of check it
        return cast("str | None", self.position.get("profile"))


@dataclass
class Case:
    """An exercise as the makers read it: the kind, the position, the engine's answer and the rules."""

    kind: AnyKind
    exercise: Exercise
    answer: Any  # the engine's answer, in the kind's shape
    expected: Mapping[str, object]  # the right answer, in the response form
    book: RuleBook
    params: Params
    # the engine's rulings of situations one fact away, by fact and value, asked once for the case however many
    # remedies ticked are explained by them (lessons.kinds.dispute.misread); None: no ruling there
    nearby: dict[tuple[str, str], Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def position(self) -> Mapping[str, Any]:
        return self.exercise.position

    def right(self, response: Mapping[str, object]) -> bool:
        agree: bool = self.kind.agree(self.exercise, response, self.expected)
        return agree

    def ask(self, position: Mapping[str, object]) -> Mapping[str, object] | None:
        """The right answer (response form) to another position, None if the engine cannot rule on it."""
        changed = replace(self.exercise, position=dict(position))
        try:
            expected: Mapping[str, object] = self.kind.expected(changed, self.kind.engine_answer(changed, self.book))
        except LessonError:
            return None
        return expected


class KindError(ValueError):
    """A lesson entry this kind cannot use; ``key`` is relative to the exercise (``position.hand[1]``)."""

    def __init__(self, message: str, key: str):
        super().__init__(message)
        self.key = key


class ExerciseKind(Generic[P, A, R]):
    """The behaviour every kind shares; each kind overrides what differs.

    A kind reads its positions as ``P``, the engine's answers as ``A`` and its responses as ``R``.
    """

    name = ""
    ask_kind: str | None = None  # the ask() kind that decides it (None: worked out from the rule book)

    # --- loading --------------------------------------------------------------------------------

    def choices(self, entry: ExerciseEntry, book: RuleBook) -> tuple[Choice, ...]:
        """What the learner picks from (``{"value", "label"}``), for kinds with a closed set."""
        return ()

    def position(self, position: Mapping[str, object]) -> P:
        """A position (an exercise's, or a lesson entry's) in the shape of this kind's question.

        Not checked here: the engine refuses a position it cannot answer (:meth:`engine_answer`
        raises :class:`LessonError`, and ``ecarte-tutor check`` asks it every lesson's), and the
        drills make theirs in this shape.
        """
        return cast(P, position)

    # --- the engine's side ----------------------------------------------------------------------

    def engine_answer(self, exercise: Exercise, book: RuleBook) -> A:
        """The engine's full answer to the position; :class:`LessonError` if it cannot give one."""
        # ask() gives each kind of question the answer docs/api.md describes, which ``A`` names
        return cast(A, self.asked(exercise, book))

    def asked(self, exercise: Exercise, book: RuleBook) -> Answer:
        """``ask()``'s answer to the position, an error raised as :class:`LessonError`."""
        answer: Answer = ask({**exercise.position, "kind": self.ask_kind, **spoken()}, book)
        if "error" in answer:
            error = cast(Mapping[str, object], answer["error"])  # QuestionError.to_answer: code, message, field
            raise LessonError(f"the engine cannot answer this {self.name} exercise: {error['message']} "
                              f"(code {error['code']}, field {error['field']})")
        return answer

    def expected(self, exercise: Exercise, answer: A) -> R:
        """The engine's answer in this kind's response form."""
        raise NotImplementedError

    def explanation(self, answer: A) -> str:
        """The reason shown with the answer."""
        cited: Explained = answer
        return cited.get("explanation", "")

    def under(self, exercise: Exercise, params: Params, book: RuleBook) -> R | None:
        """The answer the engine gives under other parameters (a mistaken rule a learner may hold),
        None for a kind whose answer parameters do not decide."""
        return None

    def slots(self, case: Case, given: R) -> dict[str, object]:
        """Words of this answer that a mistake's description may name (``{extra}``, ``{seat}``)."""
        return {}

    def problems(self, exercise: Exercise, expected: R) -> list[str]:
        """Content defects ``ecarte-tutor check`` reports (beyond a stated answer that differs)."""
        return []

    # --- the learner's side ---------------------------------------------------------------------

    def normalize(self, exercise: Exercise, response: object) -> R:
        """The response in canonical form, or :class:`BadResponse` saying what to fix."""
        raise NotImplementedError

    def agree(self, exercise: Exercise, a: R, b: R) -> bool:
        """Whether two canonical answers are the same answer."""
        return a == b

    def diagnose(self, exercise: Exercise, given: R, expected: R, answer: A, book: RuleBook) -> Diagnosis:
        """What is wrong in ``given`` (canonical, and not the expected answer)."""
        raise NotImplementedError

    def words(self, exercise: Exercise, answer: R) -> str:
        """An answer of this kind in words, with card symbols."""
        raise NotImplementedError

    # --- the site -------------------------------------------------------------------------------

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        """The response from a posted form (``get``/``getlist``), and the input to show again."""
        raise NotImplementedError

    def form_data(self, exercise: Exercise, answer: R) -> FormFields:
        """The form fields a learner sends to give ``answer`` (the inverse of :meth:`read_form`)."""
        raise NotImplementedError

    # --- the terminal ---------------------------------------------------------------------------

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        """The position in words, one line each (also the facts box of a generated exercise)."""
        return []

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        """Prompt through ``terminal.answer(prompt)`` (and ``terminal.say``) for one response."""
        raise NotImplementedError


AnyKind: TypeAlias = ExerciseKind[Any, Any, Any]
"""A kind whatever its shapes: what an exercise's ``handler`` is, and what ``EXERCISE_KINDS`` holds. Each kind
reads and answers in shapes of its own, so code for every kind (grading, the terminal, the site)
passes one kind's values back to the same kind."""


_KINDS: dict[str, AnyKind] = {}  # every kind of exercise, by the name lessons use (register_kinds)


def register_kinds(kinds: Mapping[str, AnyKind]) -> None:
    """Make the kinds of exercise known down here, where an exercise finds its ``handler`` and the catalogue of
    mistakes its kinds: the kinds' package (lessons/kinds/__init__.py) does it as the lessons' package loads."""
    _KINDS.update(kinds)


def kinds_known() -> Mapping[str, AnyKind]:
    """The kinds of exercise by name (those :func:`register_kinds` made known)."""
    return _KINDS


class OneChoice(ExerciseKind[P, A, R]):
    """A kind answered by one word picked among its ``choices`` (a button each, on the site)."""

    field = ""  # the response's one key, and the form field's name

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        response: Question = {self.field: form.get(self.field, "").strip()}
        return response, dict(response)

    def form_data(self, exercise: Exercise, answer: R) -> FormFields:
        return {self.field: str(answer[self.field])}  # the word chosen


def params_of(exercise: Exercise, book: RuleBook) -> Params:
    """The rule book's parameters under the exercise's profile and agreements (a wrong one is a lesson defect)."""
    try:
        return book.params(read_profile({"profile": exercise.profile}, book), read_agreements(exercise.position, book))
    except QuestionError as exc:
        raise LessonError(f"a {exercise.kind} exercise: {exc.message}") from None


def trumps_line(position: Mapping[str, object]) -> str:
    suit = parse_suit(position["trump"])
    return tr("Trumps: %(suit)s (%(symbol)s)", suit=suit_name(suit, current()), symbol=suit.symbol)


def cards_line(label: str, cards: Iterable[object]) -> str:
    return tr("%(label)s: %(cards)s", label=label, cards=pretty(cards))
