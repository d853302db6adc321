"""Each process that answers readies itself before its first request (:func:`ready_to_serve`, called by serve:
gunicorn's ``post_worker_init`` in each forked worker, or once before waitress serves), so that a page's first
showing after a start costs about what the next one does (issue 37: within 2x).

A worker's first request did work its later ones skip. Most of it was the fork's: the worker shares the master's
memory until it writes to it, and the first request touching a page family wrote to thousands of pages of it
(reference counts, new objects where the master had freed some), each copied by the kernel on that write; a first
home page cost seven times the next (bench/cold_pages_bench.py). The rest is a process's own first time: werkzeug
compiles its URL map into a matcher, Python fills its caches (isinstance checks against abstract classes, codec
look-ups), a thread is started, the store connects and compiles its statements. Here a page of each family is shown
once and a question asked, in the worker, before it answers anyone. Only pages that read and write nothing of a
learner's are shown: no cookie is sent, the store's own pages are left out, and the API touches neither (a test
holds the warm-up to that), so nothing is written.
"""
from __future__ import annotations

import json

from flask import Flask

from .progress import start_serving

LEFT_OUT = ("progress.", "static")
"""Endpoints not shown: a learner's progress (they reach the store), and static files (sent as they are)."""
QUESTION = {"kind": "play", "trump": "S", "led": "KD", "hand": ["QD", "7C", "9H"], "card": "QD"}


def addresses(app: Flask) -> list[str]:
    """Every address of the site that takes no argument, and one of each family that does (the first lesson, rule,
    law and case), each once, in a stable order."""
    site = app.extensions["ecarte_tutor"]
    plain = sorted(rule.rule for rule in app.url_map.iter_rules()
                   if "GET" in (rule.methods or ()) and not rule.arguments and not rule.endpoint.startswith(LEFT_OUT))
    lesson = site.lessons[0].id
    case = site.casebook().entries[0].scenario.id
    law = min(site.book.laws) if site.book.laws else 1
    chosen = [f"/lessons/{lesson}/", f"/lessons/{lesson}/1", f"/rules/{next(iter(site.book.rules))}", f"/laws/{law}",
              f"/casebook/{case}", "/legal/?trump=S&led=KD&hand=QD&hand=7C&hand=9H&card=QD",
              "/dispute/?irregularity=wrong-card-count", "/casebook/?q=trump", "/no-such-page"]
    return list(dict.fromkeys(plain + chosen))


def show_every_family(app: Flask) -> None:
    """Send each of :func:`addresses` and one question to the API through the whole app, answers read and
    dropped (a page that fails says so in the log, as it would for a visitor, and the start goes on)."""
    client = app.test_client(use_cookies=False)
    for address in addresses(app):
        client.get(address).close()
    client.post("/api/ask", data=json.dumps(QUESTION), content_type="application/json").close()


def ready_to_serve(app: Flask) -> None:
    """Ready this process to answer (see the module's docstring): its expiry and the store's threads
    (:func:`~.progress.start_serving`), then every page family shown once."""
    start_serving(app)
    try:
        show_every_family(app)
    except Exception:  # noqa: BLE001 - readying only spares a first visitor's wait: a fault is logged, serving goes on
        app.logger.exception("the pages could not all be shown before serving")
