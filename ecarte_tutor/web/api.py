"""The JSON API, a blueprint at ``/api``: ``POST /api/ask`` and ``GET /api/openapi.json``.

``/api/ask`` answers 200 with the answer, 400 with an error object for anything
that is not a question it can answer (bad JSON, a malformed question), 413 over
64 KiB; no input gives a 500 (API.md, "Transports"). ``ask()`` never raises (a
fault inside the tutor is its error ``internal-error``); anything else that fails
is logged and answered with a 400 ``internal-error`` too. Any other address or method
under ``/api`` gets the error object too (:func:`refusal`, called by web.errors), never a page.
"""
from __future__ import annotations

import logging

from flask import Blueprint, Flask, Response, current_app, request
from werkzeug.exceptions import BadRequest, HTTPException, MethodNotAllowed, NotFound, RequestEntityTooLarge
from werkzeug.wsgi import get_content_length

from .. import jsonio
from ..asking import ask
from .openapi import openapi_document
from .site import SITE

MOUNT = "/api"
JSON_TYPE = "application/json"
ADDRESSES = {"/ask": ("POST",), "/openapi.json": ("GET", "HEAD")}
"""Each address under the mount and the methods it answers (OPTIONS besides)."""
log = logging.getLogger(__name__)
bp = Blueprint("api", __name__, url_prefix=MOUNT)


def error_object(code: str, message: str, field: str | None = None) -> dict:
    """The API's error object (API.md)."""
    return {"error": {"code": code, "message": message, "field": field}}


TOO_LARGE = error_object("too-large", "The body is larger than 64 KiB; send one question of reasonable size.")
NOT_FOUND = error_object("not-found", "There is no such API address: POST questions to /api/ask; the description "
                                      "is at /api/openapi.json.")
UNREADABLE = error_object("bad-body", "The body could not be read: it was cut off, or its chunked encoding is broken.")
INTERNAL = error_object("internal-error", "The request could not be handled; the fault has been logged.")


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
    except jsonio.RepeatedKey as exc:
        return None, error_object("invalid-json", f"The body is JSON but no valid question: {exc.message}; "
                                                  "write each key of an object once.")
    except jsonio.JsonError as exc:
        return None, error_object("bad-json", f"The body is not valid JSON: {exc.message}.")


def json_reply(status: int, value, headers: dict | None = None) -> Response:
    """``value`` as JSON; a value that cannot be written is a fault of the tutor's, logged and answered 400."""
    try:
        body = jsonio.dumps(value)
    except (TypeError, ValueError):
        log.exception("an answer could not be written as JSON")
        status, body = 400, jsonio.dumps(INTERNAL)
    return Response(body, status, headers, content_type=JSON_TYPE)


def allowed(address: str) -> str:
    """The Allow header of an address under the mount."""
    return ", ".join([*ADDRESSES[address], "OPTIONS"])


def read_body(environ: dict, limit: int | None) -> bytes:
    """The body of the request whose WSGI environ is ``environ``; :class:`RequestEntityTooLarge` for one over
    ``limit`` (MAX_CONTENT_LENGTH), refused unread.

    A body of a declared length is read from the server's stream at once (werkzeug's reader, which also serves
    streams of no length, took a tenth of a new question's time). Without a length (chunked), werkzeug reads from
    a server that ends the stream itself (``wsgi.input_terminated``: gunicorn, waitress) up to the limit, and stops
    there without a word: one byte more, read from the server's stream, tells a larger body from one of the limit's
    size exactly. Neither case reads more."""
    # werkzeug.wsgi's reading of the length, straight from the environ: the request's own (content_length) reads
    # it through its header view, which walks the environ and raises and catches a KeyError for the absent
    # Transfer-Encoding (9 µs of CPU of the site's 148 on a new question, in process).
    length = get_content_length(environ)
    if length is not None:
        if limit is not None and length > limit:
            raise RequestEntityTooLarge()
        return environ["wsgi.input"].read(length)
    body = request.get_data(cache=False)  # werkzeug's reader stops at request.max_content_length, the same limit
    if "wsgi.input_terminated" in environ and limit is not None and len(body) >= limit and \
            environ["wsgi.input"].read(1):
        raise RequestEntityTooLarge()
    return body


@bp.post("/ask", provide_automatic_options=False)
def ask_question():
    """Answer the question in the body (API.md), whatever its Content-Type."""
    try:
        try:
            # The request and the app each looked up once: a look-up through Flask's context-local proxies costs
            # about as much as a hook (request.max_content_length is the app's MAX_CONTENT_LENGTH, read through two
            # more; get_site() one more). _get_current_object is the proxies' documented way to the object.
            app = current_app._get_current_object()  # type: ignore[attr-defined]
            body = read_body(request.environ, app.config["MAX_CONTENT_LENGTH"])
        except RequestEntityTooLarge:
            return json_reply(413, TOO_LARGE)
        except BadRequest:  # the server's reader failed: a broken chunk, a client gone (web.security)
            return json_reply(400, UNREADABLE)
        question, error = read_question(body)
        if error is not None:
            return json_reply(400, error)
        answer = ask(question, app.extensions[SITE].library)
        return json_reply(400 if "error" in answer else 200, answer)
    except Exception:  # noqa: BLE001 - the API never answers 500: the fault is logged, the reply a 400
        log.exception("POST %s/ask failed", MOUNT)
        return json_reply(400, INTERNAL)


def openapi_text(app: Flask) -> bytes:
    """The OpenAPI document of ``app``'s rule book as JSON, worked out on first use (``serve``: before its workers
    fork) and kept."""
    kept = app.extensions.get("ecarte_tutor.openapi")
    if kept is None:
        book = app.extensions["ecarte_tutor"].book
        kept = app.extensions["ecarte_tutor.openapi"] = jsonio.dumps(openapi_document(book))
    return kept


@bp.get("/openapi.json", provide_automatic_options=False)
def openapi():
    """The OpenAPI document (web.compress gzips it for browsers that accept it)."""
    return Response(openapi_text(current_app), mimetype=JSON_TYPE)


@bp.route("/ask", methods=["OPTIONS"], endpoint="ask_options")
@bp.route("/openapi.json", methods=["OPTIONS"], endpoint="openapi_options")
def options():
    return Response(status=204, headers={"Allow": allowed(request.path[len(MOUNT):])})


def under_mount(path: str) -> bool:
    return path == MOUNT or path.startswith(MOUNT + "/")


def refusal(exc: HTTPException) -> Response:
    """An HTTP error under the mount as the API's error object (web.errors calls it)."""
    address = request.path[len(MOUNT):]
    if isinstance(exc, MethodNotAllowed) and address in ADDRESSES:
        allow = allowed(address)
        return json_reply(405, error_object(
            "method-not-allowed", f"{MOUNT}{address} answers {allow}, not {request.method[:20]}."), {"Allow": allow})
    if isinstance(exc, (NotFound, MethodNotAllowed)):
        return json_reply(404, NOT_FOUND)
    if isinstance(exc, RequestEntityTooLarge):
        return json_reply(413, TOO_LARGE)
    return json_reply(400, UNREADABLE if exc.code == 400 else INTERNAL)
