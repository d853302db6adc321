"""The JSON API, mounted at ``/api``: ``POST /api/ask`` and ``GET /api/openapi.json``.

``/api/ask`` answers 200 with the answer, 400 with an error object for anything
that is not a question it can answer (bad JSON, a malformed question), 413 over
64 KiB; no input gives a 500 (API.md, "Transports"). ``ask()`` never raises (a
fault inside the tutor is its error ``internal-error``); anything else that fails
is logged and answered with a 400 ``internal-error`` too.

The API is one small WSGI app, :class:`Api`, mounted in front of Flask by :class:`Front` (see
:func:`init_app`), and nothing else answers under ``/api``. A question needs no session, template or URL map,
and Flask's work per request cost more than answering one; a path and a method are all there is to route. The
Api sends the site's security headers itself, written once: the pages' middleware, which checks each
response's headers, cost several microseconds a request (measured in-process), more than the Api now spends on
a remembered question.

An answer depends only on the question's bytes and the library, which is loaded once and
never changes (``ask()`` draws no random number but from a seed fixed by the question),
so the replies to the last :data:`REMEMBERED` questions are kept by their bytes: a lesson
or a form asked again by the next visitor costs a look-up instead of the engine. A play question not
remembered is made, where it can be, from the reply kept for its holding (:mod:`.play_replies`).
"""
from __future__ import annotations

import gzip
import logging
from functools import lru_cache
from http import HTTPStatus

from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wsgi import get_content_length

from .. import jsonio
from ..asking import ask
from .compress import MIN_SIZE, accepts_gzip
from .limits import MAX_BODY
from .openapi import openapi_document
from .play_replies import PlayReplies
from .security import UnreadableBody, header_items, wants_hsts

MOUNT = "/api"
ASK = MOUNT + "/ask"
JSON_TYPE = "application/json"
# Replies kept, and the longest question kept: a few hundred kB a process, and every question
# the site's own forms and lessons send is far shorter.
REMEMBERED = 1024
LONGEST_REMEMBERED = 2048
log = logging.getLogger(__name__)
STATUS_LINES = {status.value: f"{status.value} {status.phrase}" for status in HTTPStatus}


def error_object(code: str, message: str, field: str | None = None) -> dict:
    """The API's error object (API.md)."""
    return {"error": {"code": code, "message": message, "field": field}}


TOO_LARGE = error_object("too-large", "The body is larger than 64 KiB; send one question of reasonable size.")
NOT_FOUND = error_object("not-found", "There is no such API address: POST questions to /api/ask; the description "
                                      "is at /api/openapi.json.")
UNREADABLE = error_object("bad-body", "The body could not be read: it was cut off, or its chunked encoding is broken.")
INTERNAL = jsonio.dumps(error_object("internal-error", "The request could not be handled; the fault has been logged."))


def read_question(body: bytes):
    """The JSON value of a request body, or an error object saying why it is not one."""
    try:  # nearly every body is plain UTF-8 JSON: read at once; any other is read below, to say why
        return jsonio.loads_utf8(body), None
    except jsonio.JsonError:
        pass
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


def read_body(environ, limit: int) -> bytes:
    """The request body, at most ``limit`` bytes: a longer one raises :class:`RequestEntityTooLarge`.

    A declared length over the limit is refused before a byte is read. Without a length (a
    chunked body) the server must say where the stream ends (``wsgi.input_terminated``);
    one byte past the limit is read to notice a larger body. Neither case ever reads more. A body
    the server cannot read (a malformed chunk) raises :class:`UnreadableBody`.
    """
    declared = environ.get("CONTENT_LENGTH", "")
    # The usual header, plain digits, is read at once; werkzeug reads any other (or refuses it).
    length = int(declared) if declared.isdigit() and declared.isascii() else get_content_length(environ)
    if length is not None and length > limit:
        raise RequestEntityTooLarge()
    if length is None and not environ.get("wsgi.input_terminated"):
        return b""  # no length and no end: as werkzeug does, read nothing rather than wait forever
    try:
        body = environ["wsgi.input"].read(limit + 1 if length is None else length)
    except Exception as exc:  # noqa: BLE001 - the server's reader failed: a broken chunk, a client gone
        raise UnreadableBody() from exc
    if len(body) > limit:
        raise RequestEntityTooLarge()
    return body


@lru_cache(maxsize=LONGEST_REMEMBERED)
def content_head(length: int) -> tuple:
    """The content headers of a JSON body of ``length`` bytes: written once for each length met, as most replies
    are a few hundred bytes long and a new question's reply is made in a few microseconds (bench/site_bench.py)."""
    return ("Content-Type", JSON_TYPE), ("Content-Length", str(length))


Reply = tuple[str, tuple, bytes, int]
"""A response of the API, written once (a remembered reply is sent many times): its status line, every header but
the site's security headers, the body's bytes and the status. A plain tuple: a new question's reply is made in a
few microseconds, and a class's ``__init__`` cost a third of making one from a template (callgrind)."""
OK = STATUS_LINES[200]


def make_reply(status: int, body: bytes, headers: tuple = ()) -> Reply:
    """The :data:`Reply` of ``status``, ``body`` and ``headers`` beyond the content's type and length."""
    # no content, so no content headers either (RFC 9110, 8.6)
    head = headers if status == 204 else (*content_head(len(body)), *headers)
    return STATUS_LINES[status], head, body, status


def json_reply(status: int, value) -> Reply:
    """``value`` as JSON; a value that cannot be written is a fault of the tutor's, logged and answered 400."""
    try:
        return make_reply(status, jsonio.dumps(value))
    except (TypeError, ValueError):
        log.exception("an answer could not be written as JSON")
        return make_reply(400, INTERNAL)


class Passing(Exception):  # noqa: N818 - not an error of the API's: a reply that must not be remembered
    """A fault's reply: sent, never remembered (the fault may be passing; the next asker should get the answer)."""

    def __init__(self, reply: Reply):
        super().__init__(reply[3])
        self.reply = reply


class Route:
    """The methods one address answers, each with its handler; OPTIONS and, for GET, HEAD come with them."""

    def __init__(self, **handlers):
        self.handlers = dict(handlers)
        if "GET" in self.handlers:
            self.handlers["HEAD"] = self.handlers["GET"]
        self.allow = ", ".join([*self.handlers, "OPTIONS"])


class Api:
    """The WSGI app answering every address under ``/api`` (PATH_INFO is what follows the mount)."""

    def __init__(self, library, limit: int = MAX_BODY, hsts: bool = False):
        """``library``: what ``ask()`` answers from (a Library, so a house's rules apply, or a RuleBook);
        ``hsts``: the site is served over HTTPS, so every reply says so (web.security)."""
        self.library, self.limit = library, limit
        self.book = getattr(library, "book", library)
        self.security = tuple(header_items(hsts))
        # lru_cache: thread-safe, bounded, least recently used out first (the stdlib's, not our own)
        self.remembered = lru_cache(maxsize=REMEMBERED)(self.answer)
        # every Content-Length a remembered question's body can declare, as the header writes it, to its number
        self.lengths = {str(length): length for length in range(min(LONGEST_REMEMBERED, limit) + 1)}
        self.play = PlayReplies(library)
        self.routes = {"/ask": Route(POST=self.ask), "/openapi.json": Route(GET=self.openapi)}
        self._openapi: tuple[bytes, bytes] | None = None

    def forget(self) -> None:
        """Forget every reply kept (by the question's bytes, and the play templates): what comes is worked out anew."""
        self.remembered.cache_clear()
        self.play = PlayReplies(self.library)

    def __call__(self, environ, start_response):
        method = environ.get("REQUEST_METHOD", "GET")
        if method == "POST" and environ.get("PATH_INFO") == "/ask":
            return self.question(environ, start_response)
        try:
            reply = self.dispatch(environ, method)
        except Exception:  # noqa: BLE001 - the API never answers 500: the fault is logged, the reply a 400
            log.exception("%s %s%s failed", method, MOUNT, environ.get("PATH_INFO", ""))
            reply = make_reply(400, INTERNAL)
        status_line, head, body, status = reply
        start_response(status_line, [*head, *self.security])
        return [] if method == "HEAD" or status == 204 else [body]

    def question(self, environ, start_response):
        """``POST /api/ask`` as a WSGI app: nearly every request the Api meets, so :class:`Front` calls it at
        once (each call on the way is counted in a new question's cost: bench/site_bench.py).

        A body of a length :data:`LONGEST_REMEMBERED` or shorter, declared in plain digits (every question the
        site's pages send), is read here: one look-up in :attr:`lengths` reads the header and checks it against
        the limit. Any other goes through :meth:`ask`."""
        length = self.lengths.get(environ.get("CONTENT_LENGTH"))
        try:
            if length is None:
                reply = self.ask(environ)
            else:
                try:
                    body = environ["wsgi.input"].read(length)
                except Exception:  # noqa: BLE001 - the server's reader failed, as in read_body
                    reply = json_reply(400, UNREADABLE)
                else:
                    reply = self.remembered(body)
        except Passing as fault:
            reply = fault.reply
        except Exception:  # noqa: BLE001 - as in __call__
            log.exception("POST %s/ask failed", MOUNT)
            reply = make_reply(400, INTERNAL)
        status_line, head, sent, _ = reply
        start_response(status_line, [*head, *self.security])
        return [sent]

    def dispatch(self, environ, method: str) -> Reply:
        route = self.routes.get(environ.get("PATH_INFO", ""))
        if route is None:
            return json_reply(404, NOT_FOUND)
        handler = route.handlers.get(method)
        if handler is not None:
            return handler(environ)
        allow = (("Allow", route.allow),)
        if method == "OPTIONS":
            return make_reply(204, b"", allow)
        return make_reply(405, jsonio.dumps(error_object(
            "method-not-allowed", f"{MOUNT}{environ.get('PATH_INFO')} answers {route.allow}, not {method[:20]}.")),
            allow)

    def ask(self, environ) -> Reply:
        """Answer the question in the body (API.md), whatever its Content-Type; :class:`Passing` for a fault."""
        try:
            body = read_body(environ, self.limit)
        except RequestEntityTooLarge:
            return json_reply(413, TOO_LARGE)
        except UnreadableBody:
            return json_reply(400, UNREADABLE)
        return self.answer(body) if len(body) > LONGEST_REMEMBERED else self.remembered(body)

    def answer(self, body: bytes) -> Reply:
        """The reply to a question's bytes (the same bytes, the same reply); :class:`Passing` for a fault."""
        made = self.play.reply(body)  # a play question of a holding met before: its template, with no object read
        if isinstance(made, bytes):
            return OK, content_head(len(made)), made, 200  # make_reply(200, made), without a call on the way
        try:  # nearly every body is plain UTF-8 JSON, read at once; read_question says why any other is no question
            question = jsonio.loads_utf8(body)
        except jsonio.JsonError:
            question, error = read_question(body)
            if error is not None:
                return json_reply(400, error)
        answer = ask(question, self.library)
        refused = answer.get("error")
        reply = json_reply(200 if refused is None else 400, answer)
        if reply[2] is INTERNAL or isinstance(refused, dict) and refused.get("code") == "internal-error":
            raise Passing(reply)
        if reply[3] == 200 and made is not None:
            self.play.keep(made, reply[2])
        return reply

    def openapi(self, environ) -> Reply:
        """The OpenAPI document, worked out on first use and kept, plain and gzip-compressed."""
        if self._openapi is None:
            plain = jsonio.dumps(openapi_document(self.book))
            self._openapi = plain, gzip.compress(plain, compresslevel=9, mtime=0)
        plain, packed = self._openapi
        vary = ("Vary", "Accept-Encoding")
        if len(plain) >= MIN_SIZE and accepts_gzip(environ.get("HTTP_ACCEPT_ENCODING", "")):
            return make_reply(200, packed, (vary, ("Content-Encoding", "gzip")))
        return make_reply(200, plain, (vary,))


class Front:
    """What Flask's app calls first: a request under :data:`MOUNT` goes to the Api, with the mount point moved from
    PATH_INFO to SCRIPT_NAME (as werkzeug's DispatcherMiddleware does), any other to the pages.

    A question (``POST /api/ask``) is met by one comparison and handed to :meth:`Api.question` at once, which reads
    neither PATH_INFO nor SCRIPT_NAME: moving the mount point for it cost a seventh of a remembered question's work
    (900 instructions under callgrind), so it is not moved. Any other address is met by one test of the path's
    start, where the dispatcher walked the path's parts for every request: a new question's whole cost is counted in
    instructions (bench/site_bench.py), and this stands before each one."""

    __slots__ = ("pages", "api", "question")

    def __init__(self, pages, api: Api):
        # The Api's bound methods: calling an object through its class's __call__ costs a look-up each time.
        self.pages, self.api, self.question = pages, api.__call__, api.question

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path == ASK and environ.get("REQUEST_METHOD") == "POST":  # a question: nearly every API request
            return self.question(environ, start_response)  # which reads neither path nor mount: left as they are
        if path.startswith(MOUNT) and (len(path) == len(MOUNT) or path[len(MOUNT)] == "/"):
            environ["SCRIPT_NAME"] = environ.get("SCRIPT_NAME", "") + MOUNT
            environ["PATH_INFO"] = path[len(MOUNT):]
            return self.api(environ, start_response)
        return self.pages(environ, start_response)


def mounted_api(app) -> Api:
    """The Api that :func:`init_app` mounted on ``app``."""
    api = app.extensions["ecarte_tutor.api"]
    assert isinstance(api, Api)
    return api


def init_app(app, library) -> None:
    """Mount the API in front of Flask, beside the pages' security middleware (call after it).

    Flask keeps a build-only rule for the OpenAPI document, so templates can still link it with
    ``url_for("api.openapi")``; it never matches a request.
    """
    api = Api(library, app.config.get("MAX_CONTENT_LENGTH") or MAX_BODY, hsts=wants_hsts(app))
    app.wsgi_app = Front(app.wsgi_app, api).__call__  # bound, as the Front holds the Api's
    app.extensions["ecarte_tutor.api"] = api
    app.add_url_rule(f"{MOUNT}/openapi.json", "api.openapi", build_only=True)
