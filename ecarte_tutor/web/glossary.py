"""``/glossary``: every term of the course defined once, and the links that lead there from a lesson.

The terms and where a text uses them come from :mod:`ecarte_tutor.lessons.glossary`; here they
become links. In a lesson page each text (a step's body, an exercise's prompt and hint) links the
first use of every term it contains to the term's entry, ``/glossary#<id>``.
"""
from __future__ import annotations

from flask import Blueprint, render_template, url_for
from markupsafe import Markup, escape

from ..lessons.glossary import Glossary, glossary_of
from .markup import colour_suits
from .site import get_book, get_site

bp = Blueprint("glossary", __name__)


def _glossary() -> Glossary:
    return glossary_of(get_book())


@bp.get("/glossary")
def index():
    glossary = _glossary()
    first = {term: lesson for lesson in reversed(get_site().lessons) for term in lesson.introduces}
    terms = sorted(glossary.terms, key=lambda term: term.term.lower())
    return render_template("glossary/index.html", terms=terms, first=first)


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


@bp.app_template_filter("terms")
def terms(text: str) -> Markup:
    """Plain text escaped, suits coloured, and the first use of each term linked to its entry."""
    out, at = [], 0
    for use in _glossary().first_uses(text):
        out += [colour_suits(text[at:use.start]),
                Markup('<a class="term" href="{}">{}</a>').format(_anchor(use.term.id), text[use.start:use.end])]
        at = use.end
    out.append(colour_suits(text[at:]))
    return Markup("").join(out) if out else Markup(escape(text))
