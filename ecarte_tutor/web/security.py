"""Security headers on every response, and the secret key that signs the session cookie."""
from __future__ import annotations

import os
import secrets
import sys

from flask.sessions import SecureCookieSessionInterface

SECRET_KEY_VARIABLES = ("ECARTE_TUTOR_SECRET_KEY", "SECRET_KEY")
SECURE_COOKIES_VARIABLE = "ECARTE_TUTOR_SECURE_COOKIES"

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


def secret_key_from_environment() -> str:
    """The key from ECARTE_TUTOR_SECRET_KEY or SECRET_KEY; a random one (with a warning) if neither is set."""
    for name in SECRET_KEY_VARIABLES:
        value = os.environ.get(name)
        if value:
            return value
    # A random key works for one process; progress cookies then do not survive a restart
    # and differ between processes, so say so.
    print("ecarte-tutor: warning: no ECARTE_TUTOR_SECRET_KEY (or SECRET_KEY) is set; using a random key, "
          "so lesson progress is lost when the server restarts.", file=sys.stderr)
    return secrets.token_hex(32)


# Sent with secure cookies only, that is behind HTTPS: browsers then refuse plain HTTP to this host for a year.
STRICT_TRANSPORT_SECURITY = ("Strict-Transport-Security", "max-age=31536000")


def secure_cookies_from_environment() -> bool:
    """True when ECARTE_TUTOR_SECURE_COOKIES is set to 1 (or true, yes, on)."""
    return os.environ.get(SECURE_COOKIES_VARIABLE, "").strip().lower() in ("1", "true", "yes", "on")


class SecurityHeaders:
    """WSGI middleware adding :data:`HEADERS` to every response, errors and static files included.

    Done at the WSGI level because it is the cheapest place. A header the response already
    sets is kept; each one it lacks is added.
    """

    def __init__(self, wsgi_app, hsts: bool = False):
        self.wsgi_app = wsgi_app
        self.items = list(HEADERS.items()) + ([STRICT_TRANSPORT_SECURITY] if hsts else [])

    def __call__(self, environ, start_response):
        def start(status, headers, exc_info=None):
            present = {name.lower() for name, _ in headers}
            return start_response(status, headers + [item for item in self.items if item[0].lower() not in present],
                                  exc_info)

        return self.wsgi_app(environ, start)


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, without building a signer for requests that carry no cookie."""

    def open_session(self, app, request):
        if not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)


def init_app(app) -> None:
    app.session_interface = CookieSessions()
    app.wsgi_app = SecurityHeaders(app.wsgi_app, hsts=bool(app.config.get("SESSION_COOKIE_SECURE")))
