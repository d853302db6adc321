"""Security headers on every response, and the session cookie (its key: :mod:`.keys`)."""
from __future__ import annotations

import logging
import os
import sys
from datetime import timedelta
from urllib.parse import urlsplit, urlunsplit

from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import BadRequest

SECURE_COOKIES_VARIABLE = "ECARTE_TUTOR_SECURE_COOKIES"
PUBLIC_URL_VARIABLE = "ECARTE_TUTOR_PUBLIC_URL"

# Everything is served from this origin: no CDN, no web fonts, no inline script or style.
CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


# Sent with secure cookies only, that is behind HTTPS: browsers then refuse plain HTTP to this host for a year.
STRICT_TRANSPORT_SECURITY = ("Strict-Transport-Security", "max-age=31536000")


def secure_cookies_from_environment() -> bool:
    """True when ECARTE_TUTOR_SECURE_COOKIES is set to 1 (or true, yes, on)."""
    return os.environ.get(SECURE_COOKIES_VARIABLE, "").strip().lower() in ("1", "true", "yes", "on")


def header_items(hsts: bool) -> list[tuple[str, str]]:
    """The security headers every response carries, HSTS among them behind HTTPS."""
    return list(HEADERS.items()) + ([STRICT_TRANSPORT_SECURITY] if hsts else [])


def wants_hsts(app) -> bool:
    return bool(app.config.get("SESSION_COOKIE_SECURE"))


class SecurityHeaders:
    """WSGI middleware adding the security headers to every page, errors and static files included, and making
    a redirect's ``Location`` relative (:func:`relative_location`).

    Done at the WSGI level because it is the cheapest place: one look at the headers every response
    has, where a Flask hook is a call on every request, each question to the API among them. A header
    the response already sets is kept; each one it lacks is added.
    """

    def __init__(self, wsgi_app, hsts: bool = False):
        self.wsgi_app = wsgi_app
        self.items = [(name.lower(), (name, value)) for name, value in header_items(hsts)]

    def __call__(self, environ, start_response):
        def start(status, headers, exc_info=None):
            present = {name.lower() for name, _ in headers}
            if "location" in present:
                headers = [(name, relative_location(value) if name.lower() == "location" else value)
                           for name, value in headers]
            return start_response(status, headers + [item for name, item in self.items if name not in present],
                                  exc_info)

        return self.wsgi_app(environ, start)


class UnreadableBody(BadRequest):
    """The request's body could not be read (a broken chunked encoding, a client gone half-way)."""

    description = ("The body of this request could not be read: it was cut off, or its chunked encoding is "
                   "broken. Send the form again.")


class _Body:
    """``wsgi.input``, turning any failure of the server's reader into :class:`UnreadableBody` (a 400)."""

    def __init__(self, stream):
        self.stream = stream

    def _guard(self, method, *args):
        try:
            return method(*args)
        except Exception as exc:  # noqa: BLE001 - gunicorn's parse errors, OSError: all mean the body cannot be read
            raise UnreadableBody() from exc

    def read(self, *args):
        return self._guard(self.stream.read, *args)

    def readline(self, *args):
        return self._guard(self.stream.readline, *args)

    def readlines(self, *args):
        return self._guard(self.stream.readlines, *args)

    def __iter__(self):
        return iter(self.readline, b"")


class ReadableBodies:
    """WSGI middleware: a page whose request body cannot be read answers 400 in words, not a 500.

    gunicorn reads a chunked body as the app asks for it, and raises its own parse error on a
    malformed chunk, deep inside werkzeug's form parser (or the API's reading of a question, web.api).
    """

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") in ("POST", "PUT", "PATCH", "DELETE") and "wsgi.input" in environ:
            environ["wsgi.input"] = _Body(environ["wsgi.input"])
        return self.wsgi_app(environ, start_response)


log = logging.getLogger(__name__)

# The session cookie (lesson progress) lasts a year from its last change, and says so in its
# Expires; Flask's default is a cookie that ends with the browser, or 31 days once permanent.
SESSION_LIFETIME = timedelta(days=365)
# Pages that read or write the session are one visitor's: no shared cache may keep them.
PRIVATE = "private, no-store"
API_PATHS = "/api/"  # web.api's MOUNT: its addresses have no session


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, with four changes.

    The JSON API (``/api/``) has no session: a cookie sent with a question is not read, and none is ever set
    (a null session, which Flask does not save). A request without the cookie builds no signer. A cookie that
    carries our signature but cannot be read as a session (not JSON, not an object, an unknown tag) is ignored
    like a forged one, never a 500: only a holder of the key can make one, but a key that leaked or a change of
    format must not take the site down. A response to a request that read or wrote the session is marked
    ``Cache-Control: private, no-store``.
    """

    def open_session(self, app, request):
        # Opened before the URL is matched: the API is told by its path (web.api's mount)
        if request.environ.get("PATH_INFO", "").startswith(API_PATHS):
            return self.make_null_session(app)
        # No Cookie header at all: nothing to parse, not even the header view
        if "HTTP_COOKIE" not in request.environ or not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        try:
            return super().open_session(app, request)
        except Exception:  # noqa: BLE001 - any unreadable content: a fresh session, said in the log
            log.warning("a signed session cookie could not be read; it is ignored", exc_info=True)
            return self.session_class()

    def save_session(self, app, session, response) -> None:
        if not session and not session.modified and not session.accessed:
            return  # what Flask's own would do (nothing), without reading the cookie's seven settings
        super().save_session(app, session, response)
        if session.accessed or session.modified:
            response.headers["Cache-Control"] = PRIVATE


def public_url_from_environment() -> str | None:
    """ECARTE_TUTOR_PUBLIC_URL (``https://ecarte.example.org``), without a trailing slash; None when unset.

    Anything but an http(s) address with a host is ignored, with a warning: links then stay relative.
    """
    value = os.environ.get(PUBLIC_URL_VARIABLE, "").strip()
    if not value:
        return None
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        print(f"ecarte-tutor: warning: {PUBLIC_URL_VARIABLE} must be an address like https://ecarte.example.org, "
              "not that; share links stay relative.", file=sys.stderr)
        return None
    return value.rstrip("/")


def share_link(path: str) -> str:
    """The link a visitor copies to share a page: under the configured public address, else relative.

    Never built from the request's Host header, which the client chose (a link in a chat could point
    anywhere). A relative link is made whole by the page's script from the address the browser shows.
    """
    from flask import current_app

    base = current_app.config.get("PUBLIC_URL")
    return f"{base}{path}" if base else path


def relative_location(location: str) -> str:
    """A Location header without its scheme and host: they would be the request's Host, which the
    client chose. All the site's redirects stay on the site (werkzeug builds its slash redirects absolute)."""
    parts = urlsplit(location)
    if parts.scheme or parts.netloc:
        return urlunsplit(("", "", parts.path or "/", parts.query, parts.fragment))
    return location


def init_app(app) -> None:
    if "PUBLIC_URL" not in app.config:
        app.config["PUBLIC_URL"] = public_url_from_environment()
    app.jinja_env.globals["share_link"] = share_link
    app.session_interface = CookieSessions()
    app.wsgi_app = SecurityHeaders(ReadableBodies(app.wsgi_app), hsts=wants_hsts(app))
