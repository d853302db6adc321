"""The language of each page (issue 42): chosen like the profile, in the address, and remembered.

``?lang=fr`` in the address decides, and every link the page makes keeps it (:func:`keep_lang`), so a
shared ruling opens in its language; without it, the language the visitor chose last, else the browser's
``Accept-Language`` on a first visit, else English. ``?lang=en`` goes back to English, and is remembered
too. The profile is chosen apart: a French speaker may follow the London code.

The choice is remembered in a cookie of its own (:data:`COOKIE`, a year), beside the session cookie that
names the learner's progress rather than in it: the store's learner row has no field for settings (a
migration for one word is not worth it), and a page that reads the session is one visitor's
(``Cache-Control: private, no-store``, web.security), which every page would then become. A page whose
language was not named in its address says it varies with ``Accept-Language`` and ``Cookie``.

Flask-Babel gives the templates ``_()`` and ``ngettext()``; its translations are the catalogues of
:mod:`ecarte_tutor.i18n` (compiled from the ``.po`` files in memory), the same ones ``ask()`` and the
command line speak through, and :func:`ecarte_tutor.i18n.speaking` holds the request's language for
the domain's own messages.
"""
from __future__ import annotations

from functools import cached_property, lru_cache
from urllib.parse import urlencode

from flask import abort, current_app, g, request
from flask_babel import Babel, Domain
from markupsafe import Markup
from werkzeug.datastructures import ImmutableMultiDict, LanguageAccept
from werkzeug.http import parse_accept_header

from ..i18n import DEFAULT_LANG, LANG_NAMES, LANGS, catalogue, current, read_lang, speaking, tr

PARAM = "lang"
COOKIE = "ecarte_tutor_lang"  # the cookie that remembers the visitor's choice
REMEMBERED = 365 * 24 * 3600  # seconds: as long as a learner's progress is kept after his last change
SKIPPED = ("/static/", "/api/")  # no page: the API's language is the question's (its field lang)
SHORT = 40  # the longest value the language switch repeats (errors.EXCERPT: what a message repeats)


class CatalogueDomain(Domain):
    """Flask-Babel's domain, reading :func:`ecarte_tutor.i18n.catalogue` rather than ``.mo`` files on disk."""

    def get_translations(self):
        return catalogue(page_lang())


class CatalogueBabel(Babel):
    @cached_property
    def domain_instance(self):
        return CatalogueDomain()


def asked_lang() -> str | None:
    """The language the address names (:func:`before` took it out of ``request.args``), or None."""
    return g.get("asked_lang")


def _cookie_lang() -> str | None:
    """The language the visitor chose last (its own cookie: never the session, module docstring)."""
    return read_lang(request.cookies.get(COOKIE))


def choose() -> str:
    """This request's language (module docstring), worked out once per request."""
    found = g.get("lang")
    if found is None:
        found = asked_lang() or _cookie_lang() or _browser_lang(request.headers.get("Accept-Language", "")) \
            or DEFAULT_LANG
        g.lang = found
    return found


@lru_cache(maxsize=64)
def _browser_lang(header: str) -> str | None:
    """Which of our languages an ``Accept-Language`` header prefers, if any. Kept by header: a browser sends the
    same one on every request, and parsing it took about 50 µs of the home page's 670."""
    return parse_accept_header(header, LanguageAccept).best_match(LANGS)


def page_lang() -> str:
    """The request's language, as :func:`before` set it for the request (:func:`ecarte_tutor.i18n.speaking`): a
    context variable, read in a few dozen nanoseconds, where each card and link of a page asks it; outside a
    request, English."""
    return current()


def keep_lang(endpoint: str, values: dict) -> None:
    """Every link of a page not in English carries its language (``?lang=fr``); static files and the API do not."""
    if endpoint == "static" or endpoint.startswith("api.") or PARAM in values:
        return
    lang = page_lang()
    if lang != DEFAULT_LANG:
        values[PARAM] = lang


def before() -> None:
    """Take the language out of the address, so that no page reads it as a field of its own (one more field
    on every form and interview would be one more thing for each to know); refuse an unknown one (400, as an
    unknown profile); then speak the request's language."""
    if request.path.startswith(SKIPPED):
        return
    args = request.args
    if PARAM in args:
        value = args.get(PARAM, "")
        lang = read_lang(value)
        if lang is None:  # said in the language the visitor would have had without it (cookie, browser)
            token = speaking(choose())
            token.__enter__()
            g.lang_speaking = token
            abort(400, description=tr("Unknown language '%(lang)s': choose one of %(langs)s.", lang=value[:40],
                                      langs=", ".join(LANGS)))
        g.asked_lang = lang
        request.args = ImmutableMultiDict([(k, v) for k, v in args.items(multi=True) if k != PARAM])
    token = speaking(choose())
    token.__enter__()
    g.lang_speaking = token


def after(response):
    """Remember a language chosen in the address; say that a page chosen otherwise varies with the browser's."""
    if request.path.startswith(SKIPPED):
        return response
    asked = asked_lang()
    if asked is None:
        response.vary.update(("Accept-Language", "Cookie"))
    elif request.cookies.get(COOKIE, DEFAULT_LANG) != asked:
        response.set_cookie(COOKIE, asked, max_age=REMEMBERED, samesite="Lax", httponly=True,
                            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


def teardown(_exc=None) -> None:
    token = g.pop("lang_speaking", None)
    if token is not None:
        token.__exit__(None, None, None)


def lang_links() -> list[tuple[str, str, str]]:
    """The same page in each other language: (lang, its own name, the address). An address a page refused is
    not repeated (the link opens the home page), nor a long value (the link opens the page without its fields)."""
    here = page_lang()
    args = request.args.to_dict(flat=False)
    path = "/" if g.get("refused") else request.path
    if g.get("refused") or any(len(name) > SHORT or any(len(v) > SHORT for v in values)
                               for name, values in args.items()):
        args = {}
    links = []
    for lang in LANGS:
        if lang == here:
            continue
        query = {**args, PARAM: [lang]}
        links.append((lang, LANG_NAMES[lang], f"{path}?{urlencode(query, doseq=True)}"))
    return links


def page_gettext(message: str, **slots) -> Markup:
    """A template's ``_()``: ``message`` in the page's language, its slots escaped and filled. What Jinja's newstyle
    gettext does, without its per-call context and Flask-Babel's per-call domain look-up (a page says ``_()`` fifty
    times: bench/site_bench.py)."""
    lang = page_lang()
    text = message if lang == DEFAULT_LANG else catalogue(lang).gettext(message)
    return Markup(text) % slots if slots else Markup(text)


def page_ngettext(singular: str, plural: str, count: int, **slots) -> Markup:
    """A template's ``ngettext()``: the form for ``count`` (``%(num)s`` is it), as :func:`page_gettext`."""
    text = catalogue(page_lang()).ngettext(singular, plural, count)
    return Markup(text) % {"num": count, **slots}


def init_app(app) -> None:
    CatalogueBabel(app, locale_selector=page_lang, default_translation_directories="locale")
    app.jinja_env.globals.update(_=page_gettext, gettext=page_gettext, ngettext=page_ngettext)
    app.url_defaults(keep_lang)
    app.before_request(before)
    app.after_request(after)
    app.teardown_request(teardown)
    app.jinja_env.globals.update(page_lang=page_lang, lang_links=lang_links, DEFAULT_LANG=DEFAULT_LANG)
