"""Friendly error pages; under ``/api``, the API's error object instead (web.api), never a page or a 500."""
from __future__ import annotations

import logging

from flask import render_template, request
from werkzeug.exceptions import HTTPException

from . import api

log = logging.getLogger(__name__)

TITLES = {400: "That could not be read", 404: "Page not found", 405: "Not allowed here",
          413: "Too much at once", 500: "Something went wrong"}


def handle_http(exc: HTTPException):
    if api.under_mount(request.path):
        return api.refusal(exc)
    status = exc.code or 500
    description = exc.description if status in (400, 404) and exc.description else None
    response = render_template("errors/error.html", status=status, title=TITLES.get(status, exc.name),
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
        return render_template("errors/error.html", status=500, title=TITLES[500], description=None), 500
    except Exception:  # noqa: BLE001 - the template itself failed: plain text will do
        log.exception("the error page failed too")
        return "Something went wrong on our side; the fault has been logged.", 500, {"Content-Type": "text/plain"}


def init_app(app) -> None:
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_fault)
