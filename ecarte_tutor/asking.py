"""``ask(question) -> answer``: the one entry point of the API (docs/api.md).

Each kind is answered by its own module; this module reads the kind, checks the question
against the kind's schema (:mod:`ecarte_tutor.questions`), reads the profile and the
agreements, dispatches, and turns every :class:`QuestionError` into the API's error object.
Nothing a user sends produces a traceback.

The schema check comes in two parts. A field the kind does not have, anywhere in the
question, is an error before anything else is read. Any other way the question breaks its
schema (a wrong type, a card that is no card) is left to the kind's handler, whose errors
are the precise ones; should the handler answer all the same, the schema's error stands.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Protocol, cast

from .agreements import agreements_taking_part, read_agreements
from .engine.kinds import KINDS
from .errors import QuestionError, excerpt
from .house import House, under_house
from .i18n import DEFAULT_LANG, LANGS, marked, read_lang, speaking, tr
from .jsontypes import Answer
from .questions.check import question_check
from .rulebook import RuleBook, default_rulebook

logger = logging.getLogger(__name__)


class Shelf(Protocol):
    """What ``ask()`` reads of a :class:`~ecarte_tutor.library.Library` (a layer above): the rule book,
    and the house rules it serves, if any."""

    @property
    def book(self) -> RuleBook: ...

    @property
    def house(self) -> House | None: ...


def read_profile(question: Mapping[str, object], book: RuleBook) -> str:
    profile = question.get("profile")
    if profile is None:
        return book.default_profile
    if not isinstance(profile, str) or profile.strip().lower() not in book.profiles:
        raise QuestionError("unknown-profile",
                            tr("Unknown profile %(profile)s; choose one of %(profiles)s.", profile=excerpt(profile),
                               profiles=", ".join(book.profiles)), "profile")
    return profile.strip().lower()


def _json_type(value: object) -> str:
    """How a JSON reader would name the type of ``value``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return tr("a boolean")
    names = {list: marked("an array"), str: marked("a string"), int: marked("a number"), float: marked("a number")}
    return tr(names[type(value)]) if type(value) in names else f"a {type(value).__name__}"


def ask(question: object, library: Shelf | RuleBook | None = None) -> Answer:
    """Answer one question (a dict) with a dict: an answer, or ``{"error": {...}}``.

    ``library`` is the :class:`~ecarte_tutor.library.Library` (or just its rule book) to answer
    from; without one, the bundled rule book.
    """
    if isinstance(library, RuleBook) or library is None:
        book, house = library or default_rulebook(), None
    else:
        book, house = library.book, library.house
    try:
        with speaking(question_lang(question)):
            answer = _answer(under_house(question, house), book)
        if house is not None and "error" not in answer:
            answer["house"] = house.title  # the rulings say which house rules they follow
        return answer
    except QuestionError as exc:
        return exc.to_answer()
    except RecursionError:
        with speaking(_lang_or_english(question)):
            return QuestionError("bad-question", tr("The question is nested too deeply to read.")).to_answer()
    except Exception:  # noqa: BLE001 - a defect must not become a traceback for the user
        logger.exception("ask() failed on a question")
        with speaking(_lang_or_english(question)):
            return QuestionError("internal-error", tr("This question exposed a defect in Écarté Tutor and could not "
                                                      "be answered; it has been logged.")).to_answer()


def _lang_or_english(question: object) -> str:
    """The question's language for a message made after its answer failed (English when it names none we have)."""
    try:
        return question_lang(question)
    except QuestionError:
        return DEFAULT_LANG


def question_lang(question: object) -> str:
    """The language a question asks its answer in (``lang``; absent or null: English). An unknown one is refused
    as an unknown profile is (``unknown-lang``), before anything else is read, in English."""
    value = question.get("lang") if isinstance(question, dict) else None
    if value is None:
        return DEFAULT_LANG
    lang = read_lang(value)
    if lang is None:
        raise QuestionError("unknown-lang", tr("Unknown language %(lang)s; choose one of %(langs)s.",
                                               lang=excerpt(value), langs=", ".join(LANGS)), "lang")
    return lang


def _answer(question: object, book: RuleBook) -> Answer:
    if not isinstance(question, dict):
        raise QuestionError("not-an-object", tr("A question must be a JSON object, not %(type)s.",
                                               type=_json_type(question)))
    kind = question.get("kind")
    if kind is None:
        raise QuestionError("missing-field", tr("The question needs a 'kind': one of %(kinds)s.",
                                               kinds=", ".join(KINDS)), "kind")
    found = KINDS.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise QuestionError("unknown-kind", tr("Unknown kind %(kind)s; choose one of %(kinds)s.", kind=excerpt(kind),
                                              kinds=", ".join(KINDS)), "kind")
    problem = question_check(book, kind, found.schema).check(question)  # raises for an unknown field
    profile = book.default_profile if question.get("profile") is None else read_profile(question, book)
    agreements = () if question.get("agreements") is None else read_agreements(question, book)
    lang = question_lang(question)
    params = book.params(profile, agreements, lang)
    try:
        # a fresh dict of the kind's own shape each call, which ask() completes
        answer = cast(Answer, found.answer(question, book, params).as_json())
    except QuestionError:
        raise
    except Exception:  # noqa: BLE001 - a question that breaks its schema is answered by the schema's error
        if problem is None:
            raise
        raise problem from None
    if problem is not None:
        raise problem
    if "laws" not in answer:
        answer["laws"] = []
    answer["profile"] = profile
    if "agreements" in question:
        cites = answer.get("cites", [])
        answer["agreements"] = agreements_taking_part(params, cites if isinstance(cites, list) else [], book)
    return answer
