"""No forged acts: a request that changes something must come from one of this site's own pages.

Every form that changes progress (an answer, a move at ``/play``, a reset, resume, erase) is a POST,
and a POST is refused with a 403 unless the browser says it comes from this site. Browsers say so
themselves, in headers a page cannot set: ``Sec-Fetch-Site`` (every current browser) must be
``same-origin``, or ``none`` (typed in the address bar, a bookmark); from a browser too old to send
it, ``Origin`` must name this site (its host, or the configured public address's). A request with
neither header comes from no browser (curl, a script): no visitor's cookie rides on it, so there is
no visitor to forge an act for. This is the check of Go's ``net/http.CrossOriginProtection`` and of
the Fetch Metadata guidance (web.dev, OWASP's CSRF cheat sheet): no token in a cookie or a form, so
a page stays the same for every visitor and a GET writes nothing, not even a cookie. SameSite=Lax on
the session cookie stays as a second wall.

``/api/ask`` is left out: it answers questions and touches neither the store nor the cookie (a test
holds it to that), and another site's script may ask it. So the check is made for the pages' blueprints, every one
but the API's (:func:`init_app`), and the API's requests do not even call it. A request that no page answers (an
unknown address, a static file) acts on nothing.
"""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import current_app, render_template, request
from flask_babel import gettext as _

SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
OPEN = frozenset({"api"})  # blueprints no cookie acts through (see the module's docstring)
TRUSTED_SITES = frozenset({"same-origin", "none"})


def _own_hosts() -> set[str]:
    """The host[:port] this site answers at: the request's own, and the configured public address's."""
    hosts = {request.host.lower()}
    for name in ("PUBLIC_URL", "SERVED_URL"):
        configured = current_app.config.get(name)
        if configured:
            hosts.add(urlsplit(configured).netloc.lower())
    return hosts


def cross_site() -> str | None:
    """Why this request may not act for the visitor (None: it may)."""
    if request.method in SAFE:
        return None
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return None if fetch_site.strip().lower() in TRUSTED_SITES else f"Sec-Fetch-Site: {fetch_site[:20]}"
    origin = request.headers.get("Origin")
    if origin is None:
        return None
    if origin == "null" or urlsplit(origin).netloc.lower() not in _own_hosts():
        return f"Origin: {origin[:60]}"
    return None


def refuse_cross_site():
    """Flask's before_request: a cross-site act is answered 403 in words, and nothing is done."""
    why = cross_site()
    if why is None:
        return None
    # Not logged: a line per refusal would let anyone who sends the header fill the log.
    return render_template(
        "errors/error.html", status=403, title=_("This form came from another site"),
        description=_("Nothing was changed: this site acts only on forms sent from its own pages. If you did send it "
                      "from here, open the page again and send the form from it.")), 403


def init_app(app) -> None:
    """Guard every blueprint registered but the API's: call it once they all are."""
    for name in app.blueprints:
        if name not in OPEN:
            app.before_request_funcs.setdefault(name, []).append(refuse_cross_site)
