"""Friendly error pages; under ``/api``, the API's error object instead (web.api), never a page or a 500."""
from __future__ import annotations

import logging

from flask import g, render_template, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException

from ..i18n import DEFAULT_LANG, marked
from . import api
from .lang import page_lang

log = logging.getLogger(__name__)

TITLES = {400: marked("That could not be read"), 404: marked("Page not found"), 405: marked("Not allowed here"),
          413: marked("Too much at once"), 500: marked("Something went wrong")}
"""Each error page's title, in English: the page shows it in the request's language (:func:`title`)."""


def title(status: int, default: str | None = None) -> str:
    """An error page's title in the request's language (the messages are in the catalogues by these literals)."""
    found = TITLES.get(status)
    return gettext(found) if found else (default or "")


def handle_http(exc: HTTPException):
    if api.under_mount(request.path):
        return api.refusal(exc)
    status = exc.code or 500
    g.refused = True  # the page's own address is not repeated (web.lang.lang_links)
    description = exc.description if status in (400, 404) and exc.description else None
    if description == type(exc).description and page_lang() != DEFAULT_LANG:
        description = None  # werkzeug's own words are English: the page's own say the same, translated
    response = render_template("errors/error.html", status=status, title=title(status, exc.name),
                               description=description), status
    headers = exc.get_headers()
    allow = [item for item in headers if item[0] == "Allow"]  # a 405 says which methods the address answers
    return (*response, allow) if allow else response


def handle_fault(exc: Exception):
    """An exception nobody caught (HTTP errors go to :func:`handle_http`): logged; a friendly 500 page (under
    ``/api``, the error object ``internal-error`` with a 400: the API never answers 500)."""
    log.exception("unhandled error on a page")
    if api.under_mount(request.path):
        return api.json_reply(400, api.INTERNAL)
    try:
        return render_template("errors/error.html", status=500, title=title(500), description=None), 500
    except Exception:  # noqa: BLE001 - the template itself failed: plain text will do
        log.exception("the error page failed too")
        return gettext("Something went wrong on our side; the fault has been logged."), 500, \
            {"Content-Type": "text/plain; charset=utf-8"}


def init_app(app) -> None:
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_fault)
