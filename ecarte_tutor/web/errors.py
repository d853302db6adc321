"""Friendly error pages, and error objects (never HTML) under ``/api/``."""
from __future__ import annotations

import logging

from flask import render_template, request
from werkzeug.exceptions import HTTPException

from .api import error_object, json_response

log = logging.getLogger(__name__)

API_CODES = {400: "bad-request", 404: "not-found", 405: "method-not-allowed", 413: "too-large",
             414: "too-large", 431: "too-large"}
API_MESSAGES = {
    404: "There is no such API address: POST questions to /api/ask; the description is at /api/openapi.json.",
    405: "Use POST for /api/ask (GET for /api/openapi.json and /api/ping).",
    413: "The body is larger than 64 KiB; send one question of reasonable size.",
}
TITLES = {400: "That could not be read", 404: "Page not found", 405: "Not allowed here",
          413: "Too much at once", 500: "Something went wrong"}


def _is_api() -> bool:
    return request.path.startswith("/api/")


def handle_http(exc: HTTPException):
    status = exc.code or 500
    # a 405 names the methods the address does take (RFC 9110), as Flask's own response would
    allowed = {"Allow": ", ".join(exc.valid_methods)} if getattr(exc, "valid_methods", None) else {}
    if _is_api():
        message = API_MESSAGES.get(status) or exc.description or exc.name
        response = json_response(error_object(API_CODES.get(status, "bad-request"), message),
                                 status if status in (404, 405, 413) else 400)
        response.headers.update(allowed)
        return response
    description = exc.description if status in (400, 404) and exc.description else None
    return render_template("errors/error.html", status=status, title=TITLES.get(status, exc.name),
                           description=description), status, allowed


def handle_fault(exc: Exception):
    """An exception nobody caught (HTTP errors go to :func:`handle_http`): logged; a friendly 500 page.

    Under ``/api/`` it is an error object with status 400: no input gets a 500 from the API.
    """
    log.exception("unhandled error on %s", request.path)
    if _is_api():
        return json_response(error_object("internal-error", "The request could not be handled; the fault has "
                                                            "been logged."), 400)
    try:
        return render_template("errors/error.html", status=500, title=TITLES[500], description=None), 500
    except Exception:  # noqa: BLE001 - the template itself failed: plain text will do
        log.exception("the error page failed too")
        return "Something went wrong on our side; the fault has been logged.", 500, {"Content-Type": "text/plain"}


def init_app(app) -> None:
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_fault)
