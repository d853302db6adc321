"""The rule book pages: ``/rules`` (the contents, one anchor per id), its parts ``/rules/part/<section>``,
``/rules/<id>``, ``/rules/sources``, ``/rules/disagreements`` and its parts, ``/rules/quick`` (the quick
reference), ``/laws`` and its parts ``/laws/part/<group>``, and each law on its own, ``/laws/<n>``. The
parts: ``bookparts``."""
from __future__ import annotations

import json
from typing import cast

from flask import Blueprint, abort, render_template, url_for
from markupsafe import Markup

from ..i18n import DEFAULT_LANG, current, tr, trc
from ..rulebook import LAW_SECTION, Disagreement, Reading, Relation, Rule
from . import bookparts
from .forms import current_profile
from .lang import page_lang
from .site import get_book, get_site

bp = Blueprint("rules", __name__)


@bp.app_template_filter("param_value")
def param_value(value) -> str:
    """A parameter value as a reader sees it: lists joined, booleans as yes/no."""
    if isinstance(value, bool):
        return tr("yes") if value else tr("no")
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return ", ".join(map(str, value))
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


@bp.app_template_filter("ruling_lines")
def ruling_lines(rule) -> list[tuple[str, str, bool]]:
    """A law's decisions as (window, options, compulsory), each distinct line once, in the page's language."""
    book, lang = get_book(), page_lang()
    lines = []
    for decision in rule.decisions:
        at = f"decisions.{decision['case']}"
        line = (book.words(rule.id, f"{at}.window", lang, decision["window"]["says"]),
                trc("list", "; ").join(book.words(rule.id, f"{at}.options.{o['id']}.label", lang, o["label"])
                                   for o in decision["options"]),
                bool(decision.get("compulsory")))
        if line not in lines:
            lines.append(line)
    return lines


@bp.app_template_filter("section_title")
def section_title(title: str) -> str:
    """A section's title (a long page's part names it) in the page's language."""
    if page_lang() == DEFAULT_LANG:
        return title
    section = next((s for s in get_book().sections if s.title == title), None)
    return section_text(section, "title") if section else title


@bp.app_template_filter("in_page_lang")
def in_page_lang(rule: Rule) -> Rule:
    """The rule with its words in the page's language (statement, title, readings, the other sources' views and the
    laws it works with), each the English where it is not translated yet; the rule itself on an English page."""
    lang = page_lang()
    if lang == DEFAULT_LANG:
        return rule
    from dataclasses import replace

    book = get_book()

    def said(name: str, english: str) -> str:
        return book.words(rule.id, name, lang, english)

    readings = tuple(cast(Reading, {**r, "topic": said(f"readings.{n}.topic", r["topic"]),
                                    "reading": said(f"readings.{n}.reading", r["reading"]),
                                    "because": said(f"readings.{n}.because", r["because"])})
                     for n, r in enumerate(rule.readings))
    disagreements = tuple(cast(Disagreement, {
        **d, "says": said(f"disagreements.{n}.says", d["says"]),
        **({"topic": said(f"disagreements.{n}.topic", d["topic"])} if d.get("topic") else {})})
        for n, d in enumerate(rule.disagreements))
    relations = tuple(cast(Relation, {**r, "how": said(f"relations.{n}.how", r["how"])})
                      for n, r in enumerate(rule.relations))
    return replace(rule, title=rule_text(rule, "title"), statement=rule_text(rule, "statement"),
                   readings=readings, disagreements=disagreements, relations=relations)


@bp.app_template_global()
def rule_text(rule, name: str) -> str:
    """A rule's ``title``, ``statement`` or ``example`` in the page's language (rules/<lang>/; the English where
    none is given yet). In English the rule's own field, untouched, so the English pages stay as they were."""
    lang = current()
    return getattr(rule, name) if lang == DEFAULT_LANG else get_book().text(rule.id, name, lang)


@bp.app_template_global()
def section_text(section, name: str) -> str:
    """A section's ``title`` or ``intro`` in the page's language."""
    lang = current()
    return getattr(section, name) if lang == DEFAULT_LANG else get_book().section_text(section, name, lang)


@bp.app_template_global()
def part_label(part: bookparts.Part) -> str:
    """A long page's part by its section's title (in the page's language); the variants' and the other views'
    parts by their own titles, from the catalogue."""
    if current() == DEFAULT_LANG:
        return part.title
    section = next((s for s in get_book().sections if s.file == part.file), None) if part.file else None
    return section_text(section, "title") if section else tr(part.title)


@bp.app_template_global()
def in_english() -> Markup:
    """``lang="en"`` on an element of a page in another language that shows data not translated yet (a variant's
    choice in its source's words, a reading, a source's summary): a screen reader then says it as English. On an
    English page, nothing (the English pages are as they were)."""
    return Markup("" if current() == DEFAULT_LANG else ' lang="en"')


@bp.app_template_filter("english")
def english(text, tag: str = "span"):
    """``text`` (data not translated yet) in an element of its own marked English, on a page in another language;
    on an English page ``text`` itself, no element added."""
    if current() == DEFAULT_LANG:
        return text
    return Markup('<%s lang="en">%s</%s>') % (Markup(tag), text, Markup(tag))


DAY = {"en": "%d %B %Y", "fr": "dd MMMM y"}  # strftime's in English (the pages as they were), Babel's (CLDR) else
DAY_TIME = {"en": "%d %B %Y, %H:%M", "fr": "dd MMMM y, HH:mm"}


@bp.app_template_filter("day")
def day(moment, with_time: bool = False) -> str:
    """A date (and its time) the way the page's language writes it: ``07 December 2026``, ``07 décembre 2026``."""
    lang = current()
    formats = DAY_TIME if with_time else DAY
    if lang == DEFAULT_LANG:
        return str(moment.strftime(formats[lang]))
    from babel.dates import format_datetime

    return str(format_datetime(moment, formats.get(lang, formats["fr"]), locale=lang))


# Each part page's anchor for a rule: its id, but "disagree-<id>" among the other views.
ANCHOR = {"rules": "{}", "laws": "{}", "variants": "{}", "others": "disagree-{}"}
ENDPOINT = {"rules": "rules.part", "laws": "rules.laws_part", "variants": "rules.disagreements_part",
            "others": "rules.disagreements_part"}


@bp.app_template_global()
def part_url(part: bookparts.Part, profile=None) -> str:
    """The address of a part page (the profile kept, where the page shows one)."""
    number = part.number if part.number > 1 else None
    profile = get_site().profile_param(profile) if part.kind != "laws" else None
    return url_for(ENDPOINT[part.kind], name=part.name, number=number, profile=profile)


@bp.app_template_global()
def rule_place(kind: str, rule_id: str, profile=None) -> str | None:
    """Where a long page's part shows ``rule_id``: its address and anchor (None: no part shows it)."""
    part = bookparts.where(get_book(), kind, rule_id)
    return f"{part_url(part, profile)}#{ANCHOR[kind].format(rule_id)}" if part else None


def _part(kind: str, name: str, number: int, template: str, **context):
    book = get_book()
    found = bookparts.find(book, kind, name, number)
    if found is None:
        abort(404, description=tr("The rule book has no part '%(name)s' of %(number)s here.", name=name[:40],
                                  number=number))
    previous, following = bookparts.neighbours(book, found)
    return render_template(template, part=found, previous=previous, following=following, **context)


@bp.get("/rules/part/<name>", defaults={"number": 1})
@bp.get("/rules/part/<name>/<int:number>")
def part(name: str, number: int):
    """One section of the rule book (or a page of a long one), each rule in full."""
    return _part("rules", name, number, "rules/part.html", profile=current_profile())


@bp.get("/laws/part/<name>", defaults={"number": 1})
@bp.get("/laws/part/<name>/<int:number>")
def laws_part(name: str, number: int):
    """One group of the club code's laws (or a page of a long one), each law with its rulings."""
    return _part("laws", name, number, "rules/laws_part.html")


@bp.get("/rules/disagreements/<name>", defaults={"number": 1})
@bp.get("/rules/disagreements/<name>/<int:number>")
def disagreements_part(name: str, number: int):
    """A page of the variants, each profile's choice beside the others, or of the other sources' views."""
    book = get_book()
    kind = "variants" if name == "variants" else "others"
    return _part(kind, name, number, "rules/disagreements_part.html", profile=current_profile(),
                 profiles=list(book.profiles))


@bp.get("/rules")
def index():
    book = get_book()
    profile = current_profile()
    sections = [s for s in book.sections if s.name != LAW_SECTION]
    law_sections = [s for s in book.sections if s.name == LAW_SECTION]
    return render_template("rules/index.html", sections=sections, law_sections=law_sections, profile=profile,
                           parts=bookparts.parts(book)["rules"])


@bp.get("/rules/quick")
def quick():
    """The quick reference, for the phone at the table and for print (ecarte_tutor/lessons/quickref.py)."""
    from ..lessons.quickref import quick_reference
    from .lang import page_lang

    profile = current_profile()
    reference = quick_reference(get_book(), profile, page_lang())  # in the page's language (rules/fr/course/)
    if reference is None:
        abort(404, description=tr("This rule book has no quick reference."))
    return render_template("rules/quick.html", quick=reference, profile=profile)


@bp.get("/rules/jeux-de-regle/computed")
def jeux_computed():
    """The jeux de règle set against computation (engine/jeux_data.py; the figures: rules/strategy/computed.yaml)."""
    from ..engine import jeux_data

    return render_template("rules/jeux_computed.html", **jeux_data.page(get_book()))


@bp.get("/rules/sources")
def sources():
    return render_template("rules/sources.html")


@bp.get("/rules/disagreements")
def disagreements():
    book = get_book()
    profile = current_profile()
    disputed = [rule for rule in book.rules.values() if rule.disagreements]
    return render_template("rules/disagreements.html", variants=book.variants, disputed=disputed,
                           profile=profile, parts=bookparts.parts(book))


@bp.get("/rules/<rule_id>")
def rule(rule_id: str):
    """One rule on its own (a short link; the anchor on /rules is the canonical place)."""
    found = get_book().rules.get(rule_id)
    if found is None:
        abort(404, description=tr("There is no rule '%(id)s' in the rule book.", id=rule_id[:60]))
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
                           parts=bookparts.parts(book)["laws"],
                           missing=[n for n in range(1, book.club_code_laws + 1) if n not in book.laws])
