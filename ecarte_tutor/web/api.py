"""The JSON API: ``POST /api/ask``, ``GET /api/openapi.json`` and ``GET /api/ping``.

``/api/ask`` answers 200 with the answer, 400 with an error object for anything
that is not a question it can answer (bad JSON, a malformed question), 413 over
64 KiB; no input gives a 500 (API.md, "Transports"). ``ask()`` never raises (a
fault inside the tutor is its error ``internal-error``); anything else that fails
here is answered by :func:`ecarte_tutor.web.errors.handle_fault`, also with a 400.
"""
from __future__ import annotations

import json
import math

from flask import Blueprint, Response, current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..ask import ask
from . import MAX_BODY
from .openapi import openapi_document
from .site import get_site

bp = Blueprint("api", __name__, url_prefix="/api")

JSON_TYPE = "application/json"


def error_object(code: str, message: str, field: str | None = None) -> dict:
    """The API's error object (API.md)."""
    return {"error": {"code": code, "message": message, "field": field}}


def json_response(body, status: int = 200) -> Response:
    """``body`` as JSON. Questions hold finite numbers only, so answers do too: NaN here is a fault."""
    return Response(json.dumps(body, ensure_ascii=False, allow_nan=False), status=status, mimetype=JSON_TYPE)


def _reject_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400 reads as infinity
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def read_question(body: bytes):
    """The JSON value of a request body, or an error object saying why it is not one."""
    if not body.strip():
        return None, error_object("empty-body", "The request body is empty: send one question as a JSON object.")
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, error_object("bad-encoding", f"The body is not UTF-8 text (byte {exc.start} cannot be read).")
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float), None
    except json.JSONDecodeError as exc:
        return None, error_object("bad-json", f"The body is not valid JSON: {exc.msg} at line {exc.lineno}, "
                                              f"column {exc.colno}.")
    except ValueError as exc:  # NaN, Infinity, 1e400, or an integer too long to read
        return None, error_object("bad-json", f"The body is not valid JSON: {exc}.")
    except RecursionError:
        return None, error_object("bad-json", "The body is nested too deeply to read.")


def request_body() -> bytes:
    """The body, at most MAX_CONTENT_LENGTH bytes (a larger one is a 413).

    Read straight from the WSGI environ, which the server has already buffered: werkzeug's
    request properties and stream wrappers cost more than answering the question.
    """
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or MAX_BODY
    environ = request.environ
    stream = environ["wsgi.input"]
    raw_length = environ.get("CONTENT_LENGTH", "")
    if raw_length.isdigit() and "wsgi.input_terminated" not in environ:
        length = int(raw_length)
        if length > limit:
            raise RequestEntityTooLarge()
        return stream.read(length)
    body = stream.read(limit + 1)  # no length given (chunked): read one byte past the limit to notice
    if len(body) > limit:
        raise RequestEntityTooLarge()
    return body


@bp.post("/ask")
def ask_view():
    """Answer the question in the body (API.md)."""
    question, error = read_question(request_body())
    if error is not None:
        return json_response(error, 400)
    answer = ask(question, get_site().book)
    return json_response(answer, 400 if "error" in answer else 200)


@bp.get("/ping")
def ping():
    """A constant answer through the same app: the baseline of bench/site_bench.py."""
    return json_response({"ok": True})


@bp.get("/openapi.json")
def openapi():
    return json_response(openapi_document())
