"""``/glossary``: every term of the course defined once, and the links that lead there from a lesson.

The terms and where a text uses them come from :mod:`ecarte_tutor.lessons.glossary`; here they
become links. A step's body links the first use of every term it contains to the term's entry,
``/glossary#<id>``; the terms its exercise uses besides are listed, linked, under the body.
"""
from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from flask import Blueprint, render_template, url_for

from ..lessons.glossary import Glossary, Term, glossary_in
from .lang import page_lang
from .site import get_book

if TYPE_CHECKING:
    from ..lessons import Step

bp = Blueprint("glossary", __name__)


def _glossary() -> Glossary:
    """The glossary in the page's language (its terms looked for in the page's words)."""
    return glossary_in(get_book(), page_lang())


@bp.get("/glossary")
def index():
    glossary = _glossary()
    from .lessons import course  # the lessons in the page's language

    first = {term: lesson for lesson in reversed(course()) for term in lesson.introduces}
    terms = sorted(glossary.terms, key=lambda term: _initial(term.term) + term.term.lower())
    letters: dict[str, list[Term]] = {}
    for term in terms:
        letters.setdefault(_initial(term.term), []).append(term)
    return render_template("glossary/index.html", terms=terms, letters=list(letters.items()), first=first)


def _initial(word: str) -> str:
    """The letter a headword is filed under in the index: "É" under E."""
    return unicodedata.normalize("NFD", word)[:1].upper()


def _anchor(term_id: str) -> str:
    return url_for("glossary.index") + "#" + term_id


@bp.app_template_filter("glossary_links")
def glossary_links(text: str) -> str:
    """Markdown with the first use of each glossary term made a link to its entry."""
    out, at = [], 0
    for use in _glossary().first_uses(text):
        out += [text[at:use.start], f"[{text[use.start:use.end]}]({_anchor(use.term.id)})"]
        at = use.end
    return "".join(out) + text[at:]


@bp.app_template_filter("exercise_terms")
def exercise_terms(step: Step) -> list[Term]:
    """The terms the step's exercise uses (prompt, hint, options) that its body does not: the page lists
    them, linked, beside the body; links inside the exercise would be taps too small for a finger."""
    if step.exercise is None:
        return []
    glossary = _glossary()
    in_body = {term.id for term in glossary.used([step.body])}
    exercise = step.exercise
    texts = [exercise.prompt, exercise.hint, *(choice["label"] for choice in exercise.choices)]
    return [term for term in glossary.used(texts) if term.id not in in_body]
