"""The rule book pages: ``/rules`` (every rule, one anchor per id), ``/rules/<id>``, ``/rules/sources``,
``/rules/disagreements``, ``/laws`` and each law on its own, ``/laws/<n>``."""
from __future__ import annotations

import json

from flask import Blueprint, abort, render_template

from ..rulebook import LAW_SECTION
from .forms import current_profile
from .site import get_book, get_site

bp = Blueprint("rules", __name__)


@bp.app_template_filter("param_value")
def param_value(value) -> str:
    """A parameter value as a reader sees it: lists joined, booleans as yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return ", ".join(map(str, value))
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


@bp.app_template_filter("ruling_lines")
def ruling_lines(rule) -> list[tuple[str, str, bool]]:
    """A law's decisions as (window, options, compulsory), each distinct line once."""
    lines = []
    for decision in rule.decisions:
        line = (decision["window"]["says"], "; ".join(o["label"] for o in decision["options"]),
                bool(decision.get("compulsory")))
        if line not in lines:
            lines.append(line)
    return lines


@bp.get("/rules")
def index():
    book = get_book()
    profile = current_profile()
    sections = [s for s in book.sections if s.name != LAW_SECTION]
    law_sections = [s for s in book.sections if s.name == LAW_SECTION]
    return render_template("rules/index.html", sections=sections, law_sections=law_sections, profile=profile)


@bp.get("/rules/sources")
def sources():
    return render_template("rules/sources.html")


@bp.get("/rules/disagreements")
def disagreements():
    book = get_book()
    profile = current_profile()
    disputed = [rule for rule in book.rules.values() if rule.disagreements]
    return render_template("rules/disagreements.html", variants=book.variants, disputed=disputed,
                           profile=profile, profiles=list(book.profiles))


@bp.get("/rules/<rule_id>")
def rule(rule_id: str):
    """One rule on its own (a short link; the anchor on /rules is the canonical place)."""
    found = get_book().rules.get(rule_id)
    if found is None:
        abort(404, description=f"There is no rule '{rule_id[:60]}' in the rule book.")
    return render_template("rules/rule.html", rule=found, profile=current_profile(),
                           trace=get_site().trace().rule(found.id))


@bp.get("/laws/<int:number>")
def law(number: int):
    """One law of the club code on its own page: where a ruling's law mentions link."""
    book = get_book()
    found = book.laws.get(number)
    if found is None:
        abort(404, description=f"The rule book has no law {number}: the club code's laws run from 1 to "
                               f"{book.club_code_laws}.")
    numbers = sorted(book.laws)
    at = numbers.index(number)
    return render_template("rules/law.html", rule=found, previous=numbers[at - 1] if at else None,
                           following=numbers[at + 1] if at + 1 < len(numbers) else None,
                           trace=get_site().trace().rule(found.id))


@bp.get("/laws")
def laws():
    book = get_book()
    return render_template("rules/laws.html", laws=[book.laws[n] for n in sorted(book.laws)],
                           missing=[n for n in range(1, book.club_code_laws + 1) if n not in book.laws])
