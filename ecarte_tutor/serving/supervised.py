"""gunicorn with threaded workers (``gthread``), supervising the site's processes on POSIX.

gunicorn's master process forks the workers after the app is built (``preload_app``),
replaces any worker that dies, and on SIGTERM stops accepting while letting requests in
flight finish (``graceful_timeout``); SIGINT (Ctrl-C) stops at once. Each worker answers on
``threads`` threads; idle and kept-alive connections wait in its event loop, not on a thread.
"""
from __future__ import annotations

import socket

from gunicorn.app.base import BaseApplication
from gunicorn.workers import gthread

from . import (GRACEFUL_SECONDS, KEEPALIVE_SECONDS, MAX_CONNECTIONS, MAX_HEADER_FIELD_SIZE, MAX_HEADER_FIELDS,
               MAX_REQUEST_LINE)

# gunicorn 27's gthread hands every new connection to a thread that waits up to 5 s for its first
# bytes before giving it back to the event loop: a few hundred connections that send nothing then
# hold every thread, and real visitors wait (measured by bench/reliability.py: no answer at all
# within 15 s with 1,000 idle connections). Waiting 0 s hands a silent connection straight back to
# the event loop, which watches it for free (gunicorn issue 3634 proposes the same upstream).
# tests/web/test_serve.py fails if a gunicorn release drops the setting, so this is never silently lost.
FIRST_BYTES_WAIT_SECONDS = 0.0


def options(sock: socket.socket, workers: int, threads: int) -> dict:
    """gunicorn's settings for the site, listening on the already-bound ``sock``."""
    return {
        "bind": [f"fd://{sock.fileno()}"],
        "worker_class": "gthread",
        "workers": workers,
        "threads": threads,
        "worker_connections": MAX_CONNECTIONS,
        "preload_app": True,
        "keepalive": KEEPALIVE_SECONDS,
        "graceful_timeout": GRACEFUL_SECONDS,
        # A worker whose event loop stops reporting for this long is killed and replaced.
        "timeout": 30,
        "limit_request_line": MAX_REQUEST_LINE,
        "limit_request_fields": MAX_HEADER_FIELDS,
        "limit_request_field_size": MAX_HEADER_FIELD_SIZE,
        # No control socket in the home folder: the site is driven by signals only.
        "control_socket_disable": True,
        "proc_name": "ecarte-tutor",
    }


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


def serve(app, sock: socket.socket, workers: int, threads: int) -> int:
    """Run until stopped by a signal; the exit status. gunicorn takes ``sock`` over and closes it."""
    gthread.DEFAULT_WORKER_DATA_TIMEOUT = FIRST_BYTES_WAIT_SECONDS
    settings = options(sock, workers, threads)
    sock.detach()  # gunicorn now owns the descriptor (it closes it when it stops)
    try:
        Supervised(app, settings).run()
    except SystemExit as stop:  # gunicorn ends its master with sys.exit
        return stop.code if isinstance(stop.code, int) else 1
    return 0
