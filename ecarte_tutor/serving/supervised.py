"""gunicorn with threaded workers (``gthread``), supervising the site's processes on POSIX.

gunicorn's master process forks the workers after the app is built (``preload_app``),
replaces any worker that dies, and on SIGTERM stops accepting while letting requests in
flight finish (``graceful_timeout``); SIGINT (Ctrl-C) stops at once. Each worker answers on
``threads`` threads; idle and kept-alive connections wait in its event loop, not on a thread.
"""
from __future__ import annotations

import errno
import selectors
import socket
import time
from functools import partial

from gunicorn import util
from gunicorn.app.base import BaseApplication
from gunicorn.http.errors import LimitRequestLine
from gunicorn.workers import gthread

from . import (
    GRACEFUL_SECONDS,
    KEEPALIVE_SECONDS,
    MAX_CONNECTIONS,
    MAX_HEADER_FIELD_SIZE,
    MAX_HEADER_FIELDS,
    MAX_REQUEST_LINE,
)


class ThreadWorker(gthread.ThreadWorker):
    """gunicorn's threaded worker, with two changes to how connections come in.

    A new connection waits for its first bytes in the event loop. gunicorn 27's gthread hands
    each new connection to a thread, which waits up to 5 s for the request to begin: a few
    hundred connections that send nothing then hold every thread, and visitors wait (measured:
    with 1,000 idle connections, not one request answered in 15 s). Here a new connection goes
    straight among the worker's pending connections, as gunicorn does with one it gave back:
    the event loop watches it for free, hands it to a thread once it is readable, and closes it
    after the keep-alive time if it stays silent (the design proposed upstream, gunicorn issue 3634).

    On stopping, the worker takes the connections already waiting in the listening socket's
    queue, then closes the socket. gunicorn stops accepting but keeps the socket open until the
    worker exits, so the kernel kept queueing visitors' requests that no one would read, and
    reset them all at the end (bench/reliability.py counted one a client). Taken, they are
    answered with ``Connection: close`` like any request during the stop; once the socket is
    closed, a new visitor is refused at once and can try again, or another instance.
    """

    def handle_error(self, req, client, addr, exc) -> None:
        """An over-long address is answered 400 in a line of words, as the site answers any bad address.

        gunicorn answers it 414 with its own page; the site's visitors meet 400 for every other
        address it cannot read (a too-long value, an unknown fact), so a link cut or padded by a
        chat app gets the same answer whatever its length. Nothing of the address is echoed back.
        """
        if not isinstance(exc, LimitRequestLine):
            super().handle_error(req, client, addr, exc)
            return
        self.log.warning("Invalid request from ip=%s: request line over %d bytes", (addr or ("",))[0],
                         self.cfg.limit_request_line)
        try:
            util.write_error(client, 400, "Bad Request", f"This address is longer than "
                             f"{self.cfg.limit_request_line:,} characters, so it cannot be a page of the site: "
                             "check the link, or start again from the home page.")
        except OSError:
            self.log.debug("Failed to send error message.")

    # gunicorn's accept returns None and its callers ignore the result; set_accept_enabled reads ours
    def accept(self, listener) -> bool:  # type: ignore[override]
        """Take one connection from ``listener``; False when none is waiting."""
        try:
            client, address = listener.accept()
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return exc.errno == errno.ECONNABORTED  # that one left; others may be waiting
        self.nr_conns += 1
        conn = gthread.TConn(self.cfg, client, address, listener.getsockname())
        conn.timeout = time.monotonic() + self.cfg.keepalive
        self.pending_conns.append(conn)
        self.poller.register(client, selectors.EVENT_READ, partial(self.on_pending_socket_readable, conn))
        return True

    def set_accept_enabled(self, enabled) -> None:
        super().set_accept_enabled(enabled)
        if not enabled and not self.alive:  # stopping (not merely full)
            for listener in self.sockets:
                while self.accept(listener):
                    pass
                listener.close()


WORKER_CLASS = f"{ThreadWorker.__module__}.{ThreadWorker.__qualname__}"


def options(sock: socket.socket, workers: int, threads: int) -> dict:
    """gunicorn's settings for the site, listening on the already-bound ``sock``."""
    return {
        "bind": [f"fd://{sock.fileno()}"],
        "worker_class": WORKER_CLASS,
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
    settings = options(sock, workers, threads)
    sock.detach()  # gunicorn now owns the descriptor (it closes it when it stops)
    try:
        Supervised(app, settings).run()
    except SystemExit as stop:  # gunicorn ends its master with sys.exit
        return stop.code if isinstance(stop.code, int) else 1
    return 0
