"""gunicorn with its gevent workers, supervising the site's processes on POSIX.

gunicorn's master process forks the workers after the app is built (``preload_app``),
replaces any worker that dies, and on SIGTERM stops accepting while letting requests in
flight finish (``graceful_timeout``); SIGINT (Ctrl-C) stops at once.

Each worker is gunicorn's own gevent worker, configured by settings alone: every connection is a
greenlet (a few kB), not a thread, so a client that sends its request a byte at a time, or stops
half-way, holds a greenlet while the worker answers everyone else. A request's head must arrive
whole within :data:`~ecarte_tutor.serving.HEAD_SECONDS` (gunicorn's ``keepalive``, the time-out
around its parser). The site's own code never waits on anything but the client, so one request at
a time per process loses nothing (bench/reliability.py check 6 measured gthread, waitress and the
gevent worker).
"""
from __future__ import annotations

import logging
import socket
from collections.abc import Callable

from gunicorn.app.base import BaseApplication

from ..logs import RateLimited
from . import (
    GRACEFUL_SECONDS,
    HEAD_SECONDS,
    MAX_CONNECTIONS,
    MAX_HEADER_FIELD_SIZE,
    MAX_HEADER_FIELDS,
    MAX_REQUEST_LINE,
    raise_file_limit,
)

WORKER_CLASS = "gevent"
"""gunicorn's gevent worker (gunicorn.workers.ggevent.GeventWorker)."""


def forget_log_handlers(arbiter: object, worker: object) -> None:
    """gunicorn's ``worker_exit`` hook, in the worker as it ends: gevent's patching made logging's lock a
    cooperative one, which the interpreter's teardown can no longer take, so each handler's clean-up printed an
    ignored exception with its traceback at every stop. Forgotten here (gunicorn has written its last line),
    there is nothing to clean."""
    logging._handlerList.clear()  # type: ignore[attr-defined]


def options(sock: socket.socket, workers: int, ready: Callable[[], None] | None = None) -> dict:
    """gunicorn's settings for the site, listening on the already-bound ``sock``; ``ready`` is called in each worker
    once it is forked and patched, before it answers (``post_worker_init``)."""
    settings = {
        "bind": [f"fd://{sock.fileno()}"],
        "worker_class": WORKER_CLASS,
        "workers": workers,
        "worker_connections": MAX_CONNECTIONS,
        "preload_app": True,
        # gunicorn's gevent worker waits this long for a request's whole head, the first or the next one
        "keepalive": HEAD_SECONDS,
        "graceful_timeout": GRACEFUL_SECONDS,
        # A worker whose heartbeat stops for this long is killed and replaced.
        "timeout": 30,
        "limit_request_line": MAX_REQUEST_LINE,
        "limit_request_fields": MAX_HEADER_FIELDS,
        "limit_request_field_size": MAX_HEADER_FIELD_SIZE,
        # No control socket in the home folder: the site is driven by signals only.
        "control_socket_disable": True,
        "proc_name": "ecarte-tutor",
        "worker_exit": forget_log_handlers,
    }
    if ready is not None:
        settings["post_worker_init"] = lambda worker: ready()
    return settings


class Supervised(BaseApplication):
    """gunicorn running an app that is already built, with settings from :func:`options` (no config files)."""

    def __init__(self, app, settings: dict):
        self.application, self.settings = app, settings
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.settings.items():
            if key in self.cfg.settings:  # a setting this gunicorn lacks is left to its default
                self.cfg.set(key, value)

    def load(self):
        return self.application


def serve(app, sock: socket.socket, workers: int, ready: Callable[[], None] | None = None) -> int:
    """Run until stopped by a signal; the exit status. gunicorn takes ``sock`` over and closes it; ``ready`` is
    called in each worker before it answers."""
    raise_file_limit(MAX_CONNECTIONS + 256)
    # gunicorn logs a line for each client it cuts off: a few of a kind a minute, so no client drives the log
    logging.getLogger("gunicorn.error").addFilter(RateLimited())
    settings = options(sock, workers, ready)
    sock.detach()  # gunicorn now owns the descriptor (it closes it when it stops)
    try:
        Supervised(app, settings).run()
    except SystemExit as stop:  # gunicorn ends its master with sys.exit
        return stop.code if isinstance(stop.code, int) else 1
    return 0
