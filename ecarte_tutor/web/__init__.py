"""The web site and JSON API over :func:`ecarte_tutor.ask` and the rule book.

``create_app(config=None)`` builds the Flask app: it loads and validates the rule
book once, keeps it in ``app.extensions["ecarte_tutor"]`` (read it with
:func:`ecarte_tutor.web.site.get_site`), and registers one blueprint per page family.
Run it with ``ecarte-tutor serve`` (gunicorn; waitress on Windows) or, for development only,
``flask --app ecarte_tutor.web run --debug``.
"""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from . import keys, security
from .limits import MAX_BODY
from .site import SITE, Site


class Tutor(Flask):
    """Flask, with the answer to "is this hook or view a coroutine function?" kept per function."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._callable: dict = {}

    def ensure_sync(self, func):
        """Flask's :meth:`~flask.Flask.ensure_sync`, worked out once per function: Flask asks it of every hook and
        view on every request, and ``inspect`` took about 3,000 instructions each time, six times a question to the
        API (bench/site_bench.py). A function's nature does not change, so the answer is kept."""
        try:
            return self._callable[func]
        except KeyError:
            found = self._callable[func] = super().ensure_sync(func)
            return found
        except TypeError:  # a callable that cannot be a key: asked afresh, as Flask does
            return super().ensure_sync(func)


def create_app(config: dict | None = None) -> Flask:
    """Create and configure the site; ``config`` overrides the defaults (tests pass their own)."""
    app = Tutor(__name__.rsplit(".", 1)[0], static_folder="static", template_folder="templates",
                instance_path=instance_folder(config))
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=MAX_BODY,
        RULES_DIR=None,        # None: the bundled rules/ (see ecarte_tutor.paths)
        SCENARIOS_DIR=None,
        LESSONS_DIR=None,
        HOUSE_FILE=None,       # a club's house rules (serve --house): every page and answer follows them
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        # Progress is kept a year from its last change (the cookie's Expires says so), and the
        # cookie is sent again only when progress changes, not with every page.
        PERMANENT_SESSION_LIFETIME=security.SESSION_LIFETIME,
        SESSION_REFRESH_EACH_REQUEST=False,
        # Static files change only with a new release; let browsers keep them for an hour.
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    if config:
        app.config.update(config)
    # Given and checked (a weak key stops the start), or made once and kept in the instance folder.
    app.config["SECRET_KEY"] = keys.secret_key(app.config.get("SECRET_KEY"), app.instance_path, app.testing)
    if not (config and "SESSION_COOKIE_SECURE" in config):
        # Behind HTTPS: the cookie is sent over HTTPS only, and every response carries HSTS.
        app.config["SESSION_COOKIE_SECURE"] = security.secure_cookies_from_environment()
    # Block tags leave no blank lines or indentation behind: a phone downloads less.
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    assert isinstance(app.json, DefaultJSONProvider)  # Flask's own provider, whose options these are
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    # The rule book is read and cross-checked here, once: a broken file stops the start.
    site = Site.load(app.config)
    app.extensions[SITE] = site
    app.jinja_env.globals["site"] = site
    app.jinja_env.globals["words"] = site.words  # every name a player reads (ecarte_tutor/wording.py)

    from . import (
        api,
        casebook,
        compress,
        dispute,
        errors,
        glossary,
        home,
        lang,
        legal,
        lessons,
        markup,
        marque,
        numbers,
        origin,
        play,
        progress,
        rules,
    )

    lang.init_app(app)  # first: every later handler, error pages included, speaks the request's language
    numbers.init_app(app)
    markup.init_app(app)
    security.init_app(app)
    compress.init_app(app)
    errors.init_app(app)
    progress.init_app(app)  # the store: an SQLite file in the instance folder unless ECARTE_TUTOR_DATABASE_URL says
    for module in (api, home, legal, dispute, rules, casebook, lessons, glossary, play, marque):
        app.register_blueprint(module.bp)
    origin.init_app(app)  # a POST from another site's page is refused: no forged acts (every blueprint but the API)
    return app


INSTANCE_VARIABLE = "ECARTE_TUTOR_INSTANCE_PATH"


def instance_folder(config: dict | None) -> str | None:
    """Where the site keeps its own files (the SQLite database, the generated key): ``INSTANCE_PATH`` in the
    config, else ECARTE_TUTOR_INSTANCE_PATH, else Flask's instance folder (None). An app made for tests
    (``TESTING``) with neither gets a fresh temporary folder, removed at exit, so no test touches a real one."""
    config = config or {}
    given = config.get("INSTANCE_PATH") or os.environ.get(INSTANCE_VARIABLE)
    if given:
        return os.path.abspath(given)
    if config.get("TESTING"):
        folder = tempfile.mkdtemp(prefix="ecarte-tutor-test-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        return folder
    return None


__all__ = ["create_app", "MAX_BODY", "instance_folder"]
