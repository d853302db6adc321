"""Everything a page builds on first use, built once before the server forks its workers.

The casebook (every worked case with its ruling), the compiled question checks, Jinja's compiled
templates (every one), where each rule is used (the rule and law pages show it), the rendered
Markdown, the OpenAPI document, and the engine's work kept per profile and agreements are all made
on first use and then kept. A server that forked first would have each worker pay for them on its
first requests (bench/cold_start.py measured a p99 of seconds on the first 200 requests of a page
family, against tens of milliseconds once warm). So ``serve`` calls :func:`warm`: it asks the app,
in process, for one page of every family and the pages whose caches are their own (every law, rule,
case and lesson step, every profile's rules), and every worked case's question through the API; the
forked workers then share what it built. The pages are asked with an in-memory store in place of
the real one, so warming leaves no learner in the database.

A forked worker still pays once for its first request of each kind of page: every object that request
touches is written to (its reference count, the interpreter's caches in the code it runs), and each
page of memory so written is copied from the parent at that moment. Measured in process after a fork,
the first page took 10 ms against 1.5 ms for the next. So each worker, before it takes a connection,
runs :func:`warm_worker`: one page of each family and one question of each kind, in process, and
its own database connection opened and the store's statements compiled (a connection must not cross
the fork, so the parent cannot open it). It is kept short, since the first workers wait for one
another before serving (serving.supervised.warm_gate); a store that does not answer then is no
reason not to serve: its pages say so, as they would later.
"""
from __future__ import annotations

import json

from ..engine.kinds import KINDS
from ..questions.check import check_every_kind
from ..store import MEMORY, StoreError, open_store
from .api import mounted_api
from .progress import LEARNER, STORE
from .site import Site

PAGES = (
    "/", "/legal/", "/legal/?trump=H&led=JS&hand=QS&hand=7S&hand=8D&card=7S", "/legal/trick",
    "/legal/trick?trump=H&led=KS&followed=7H", "/legal/score", "/legal/score?elder_tricks=5&king_announced_by=",
    "/legal/exchange", "/legal/exchange?stock=2&elder_discards=3", "/legal/pool", "/dispute/",
    "/dispute/?irregularity=revoke", "/rules/disagreements", "/rules/sources", "/laws", "/casebook/",
    "/casebook/?q=king", "/casebook/?law=43", "/lessons/", "/lessons/practice/", "/play/", "/play/new?seed=1",
    "/api/openapi.json", "/no-such-page",
)


# One page of each family, for a forked worker (warm_worker): each is the whole of what its family's pages run.
WORKER_PAGES = (
    "/", "/legal/?trump=H&led=JS&hand=QS&hand=7S&hand=8D&card=7S", "/dispute/?irregularity=revoke",
    "/rules/disagreements", "/laws", "/casebook/?q=king", "/lessons/", "/lessons/practice/", "/play/",
    "/api/openapi.json", "/no-such-page",
)


def addresses(site: Site) -> list[str]:
    """The addresses :func:`warm` asks for: PAGES, and one of each page made per item."""
    book, library = site.book, site.library
    found = list(PAGES)
    found += [f"/rules?profile={profile}" for profile in book.profiles]
    found += [f"/laws/{number}" for number in sorted(book.laws)]
    # every rule's and every case's page: each renders Markdown of its own and shows where its rule is used
    found += [f"/rules/{rule_id}" for rule_id in book.rules]
    found += [f"/casebook/{case.id}" for case in library.scenarios]
    for lesson in library.lessons:
        found += [f"/lessons/{lesson.id}/"] + [f"/lessons/{lesson.id}/{step.index}" for step in lesson.steps]
    return found


def _asked(app, pages, questions) -> None:
    """GET each of ``pages`` and POST each of ``questions`` to the API in process, with an in-memory store."""
    client = app.test_client()
    real, app.extensions[STORE] = app.extensions[STORE], open_store(MEMORY)
    try:
        for address in pages:
            client.get(address)
        for question in questions:
            client.post("/api/ask", data=json.dumps(question), content_type="application/json")
    finally:
        app.extensions[STORE] = real
    mounted_api(app).forget()  # the memo starts empty: it fills with what visitors ask


def _one_question_a_kind(site: Site) -> list:
    """The first worked case's question of each kind."""
    found: dict[object, object] = {}
    for case in site.library.scenarios:
        found.setdefault(case.question.get("kind"), case.question)
    return list(found.values())


def warm_worker(app) -> int:
    """In a forked worker, before it serves: one page of each family and one question of each kind asked
    in process, and the worker's own database connection opened and its statements compiled; how many
    requests it took."""
    site: Site = app.extensions["ecarte_tutor"]
    questions = _one_question_a_kind(site)
    _asked(app, WORKER_PAGES, questions)
    # A lesson's first reading step (read, it is recorded) and its first exercise, against the real store:
    # the reading step's first showing in a worker took 30 ms against 10 ms, SQLAlchemy compiling each
    # statement of the progress it records on first use, per engine (and the worker's engine is its own).
    # The learner that showing makes is erased at once.
    every = [(lesson.id, step) for lesson in site.library.lessons for step in lesson.steps]
    steps = [f"/lessons/{lesson}/{step.index}" for lesson, step in (
        next((lesson, step) for lesson, step in every if step.exercise is None),
        next((lesson, step) for lesson, step in every if step.exercise is not None))]
    client = app.test_client()
    for address in steps:
        client.get(address)  # a store that does not answer gives the page's 503, as it would a visitor
    with client.session_transaction() as session:
        made = session.get(LEARNER)
    store = app.extensions[STORE]
    try:
        if made:
            store.erase(made)
        store.learner("")  # this process's connection open, whatever the page did (no learner has an empty key)
    except StoreError as exc:
        app.logger.warning("a worker could not warm its database connection: %s", exc)
    return len(WORKER_PAGES) + len(steps) + len(questions)


def warm(app) -> int:
    """Build what the pages and the API build on first use; how many requests it took."""
    site: Site = app.extensions["ecarte_tutor"]
    site.casebook()
    check_every_kind(site.book, {name: kind.schema for name, kind in KINDS.items()})
    # Every template compiled, those of pages no address below reaches too (a dispute's ruling took 50 ms
    # the first time, compiling its own), and where every rule is used, traced.
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    trace = site.trace()
    for rule_id in site.book.rules:
        trace.rule(rule_id)
    pages = addresses(site)
    questions = [case.question for case in site.library.scenarios]
    _asked(app, pages, questions)
    return len(pages) + len(questions)
