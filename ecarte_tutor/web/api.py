"""The JSON API: ``POST /api/ask``, ``GET /api/openapi.json`` and ``GET /api/ping``.

``/api/ask`` answers 200 with the answer, 400 with an error object for anything
that is not a question it can answer (bad JSON, a malformed question), 413 over
64 KiB; no input gives a 500 (API.md, "Transports"). ``ask()`` never raises (a
fault inside the tutor is its error ``internal-error``); anything else that fails
is logged and answered with a 400 ``internal-error`` too.

The two routes that carry the load, ``POST /api/ask`` and ``GET /api/ping``, are
answered by :class:`JsonRoutes`, plain WSGI in front of Flask: a question needs no
session, template or URL map, and Flask's work per request costs more than
answering it. Other methods on them, and every other address, go on to Flask
(which answers 405 and 404 as error objects).
"""
from __future__ import annotations

import logging
from http import HTTPStatus

from flask import Blueprint, Response, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from .. import jsonio
from ..asking import ask
from ..fields import is_whole_number
from . import MAX_BODY
from .openapi import openapi_document
from .site import get_site

bp = Blueprint("api", __name__, url_prefix="/api")
log = logging.getLogger(__name__)

JSON_TYPE = "application/json"
PING = {"ok": True}
STATUS_LINES = {status: f"{status} {HTTPStatus(status).phrase}" for status in (200, 400, 413)}
TOO_LARGE = ("too-large", "The body is larger than 64 KiB; send one question of reasonable size.")


def error_object(code: str, message: str, field: str | None = None) -> dict:
    """The API's error object (API.md)."""
    return {"error": {"code": code, "message": message, "field": field}}


def json_response(body, status: int = 200) -> Response:
    """``body`` as a JSON response."""
    return Response(jsonio.dumps(body), status=status, mimetype=JSON_TYPE)


def read_question(body: bytes):
    """The JSON value of a request body, or an error object saying why it is not one."""
    if not body.strip():
        return None, error_object("empty-body", "The request body is empty: send one question as a JSON object.")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, error_object("bad-encoding", f"The body is not UTF-8 text (byte {exc.start} cannot be read).")
    try:
        return jsonio.loads(text), None
    except jsonio.JsonError as exc:
        return None, error_object("bad-json", f"The body is not valid JSON: {exc.message}.")


def read_body(environ, limit: int) -> bytes:
    """The body, at most ``limit`` bytes (a larger one raises :class:`RequestEntityTooLarge`).

    Read straight from the WSGI environ, which the server has already buffered.
    """
    stream = environ["wsgi.input"]
    raw_length = environ.get("CONTENT_LENGTH", "")
    if is_whole_number(raw_length) and "wsgi.input_terminated" not in environ:
        length = int(raw_length)
        if length > limit:
            raise RequestEntityTooLarge()
        return stream.read(length)
    body = stream.read(limit + 1)  # no length given (chunked): read one byte past the limit to notice
    if len(body) > limit:
        raise RequestEntityTooLarge()
    return body


def answer_body(environ, book, limit: int) -> tuple[int, dict]:
    """The status and JSON body answering the question in a POST to /api/ask."""
    try:
        question, error = read_question(read_body(environ, limit))
    except RequestEntityTooLarge:
        return 413, error_object(*TOO_LARGE)
    if error is not None:
        return 400, error
    answer = ask(question, book)
    return (400 if "error" in answer else 200), answer


def _encode(status: int, body) -> tuple[int, bytes]:
    try:
        return status, jsonio.dumps(body)
    except (TypeError, ValueError):  # an answer that is no JSON is a fault of the tutor's
        log.exception("an answer could not be written as JSON")
        return 400, jsonio.dumps(error_object("internal-error", "The answer could not be written as JSON; the "
                                                              "fault has been logged.")).encode("utf-8")


class JsonRoutes:
    """WSGI middleware answering ``POST /api/ask`` and ``GET /api/ping`` before Flask sees them."""

    def __init__(self, wsgi_app, book, limit: int):
        self.wsgi_app, self.book, self.limit = wsgi_app, book, limit

    def __call__(self, environ, start_response):
        path, method = environ.get("PATH_INFO"), environ.get("REQUEST_METHOD")
        if path == "/api/ask" and method == "POST":
            try:
                status, body = _encode(*answer_body(environ, self.book, self.limit))
            except Exception:  # noqa: BLE001 - the API never answers 500
                log.exception("POST /api/ask failed")
                status, body = _encode(400, error_object("internal-error", "The request could not be handled; "
                                                                           "the fault has been logged."))
        elif path == "/api/ping" and method in ("GET", "HEAD", "POST"):
            if method == "POST":  # the benchmark's control: the same request as a question, unread
                try:
                    read_body(environ, self.limit)
                except RequestEntityTooLarge:
                    pass
            status, body = _encode(200, PING)
        else:
            return self.wsgi_app(environ, start_response)
        start_response(STATUS_LINES[status],
                       [("Content-Type", JSON_TYPE), ("Content-Length", str(len(body)))])
        return [] if method == "HEAD" else [body]


def init_app(app, book) -> None:
    app.wsgi_app = JsonRoutes(app.wsgi_app, book, app.config.get("MAX_CONTENT_LENGTH") or MAX_BODY)


# The same two routes in Flask: reached only without the middleware (e.g. an app mounted under a
# prefix); they also make Flask answer 405 for the other methods.


@bp.post("/ask")
def ask_view():
    """Answer the question in the body (API.md)."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or MAX_BODY
    status, body = answer_body(request.environ, get_site().book, limit)
    return json_response(body, status)


@bp.route("/ping", methods=["GET", "POST"])
def ping():
    """A constant answer through the same app: the baseline of bench/site_bench.py (a POST body is ignored)."""
    return json_response(PING)


@bp.get("/openapi.json")
def openapi():
    return json_response(openapi_document(get_site().book))
