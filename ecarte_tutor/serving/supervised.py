"""gunicorn with gevent workers, supervising the site's processes on POSIX.

gunicorn's master process forks the workers after the app is built (``preload_app``),
replaces any worker that dies, and on SIGTERM stops accepting while letting requests in
flight finish (``graceful_timeout``); SIGINT (Ctrl-C) stops at once.

Each worker is gunicorn's gevent worker: every connection is a greenlet (a few kB), not a
thread, so a client that sends its request a byte at a time, or stops half-way, holds a
greenlet while the worker answers everyone else. The request's head must arrive whole
within :data:`~ecarte_tutor.serving.HEAD_SECONDS` (gunicorn's keep-alive time-out around its
parser), and its body and the answer within :data:`~ecarte_tutor.serving.REQUEST_SECONDS`
(:meth:`GreenWorker.handle_request`); a client slower than that is disconnected. The site's
own code never waits on anything but the client, so one request at a time per process
loses nothing (bench/reliability.py check 6 measured gthread, waitress and this worker).
"""
from __future__ import annotations

import logging
import multiprocessing
import socket
import time
from collections.abc import Callable, Iterable
from functools import partial
from typing import cast

import gevent
from gevent.pool import Pool
from gevent.server import StreamServer
from gunicorn.app.base import BaseApplication
from gunicorn.http.errors import LimitRequestLine
from gunicorn.workers.ggevent import GeventWorker

from . import (
    GRACEFUL_SECONDS,
    HEAD_SECONDS,
    MAX_CONNECTIONS,
    MAX_HEADER_FIELD_SIZE,
    MAX_HEADER_FIELDS,
    MAX_REQUEST_LINE,
    REQUEST_SECONDS,
    raise_file_limit,
    refusal,
)


class _Recorded:
    """A stand-in client socket that keeps what gunicorn writes to it (its error reply), to be rewritten."""

    def __init__(self):
        self.data = b""

    def gettimeout(self) -> float:
        return 0.0

    def sendall(self, data: bytes) -> None:
        self.data += data


class GreenWorker(GeventWorker):
    """gunicorn's gevent worker, with a time limit on body and answer and the site's own error replies."""

    headers: tuple[tuple[str, str], ...] = ()  # the security headers of every page, set by serve()

    def run(self) -> None:
        """gunicorn's own loop, with one change when stopping: the connections already waiting in the
        listening socket's queue are taken, and answered, before the socket is closed.

        gunicorn closes the socket at once, and the kernel resets every connection still queued in it:
        a visitor whose request had already gone out saw it cut (bench/reliability.py check 2 counted one
        a client). Taken, they are answered with ``Connection: close`` like any request during the stop;
        once the socket is closed a new visitor is refused at once and can try again, or another instance.
        """
        servers: list[tuple[StreamServer, socket.socket, Pool]] = []
        for listener in self.sockets:
            listener.setblocking(True)
            pool = Pool(self.worker_connections)
            address = cast(socket.socket, _Address(listener))
            server = StreamServer(listener, handle=partial(self.handle, address), spawn=pool)
            if self.cfg.workers > 1:
                server.max_accept = 1
            server.start()
            servers.append((server, listener, pool))
        while self.alive:
            self.notify()
            gevent.sleep(1.0)
        for server, listener, pool in servers:
            server.stop_accepting()
            _take_queued(server, listener, pool)
            server.close()
        deadline = time.monotonic() + self.cfg.graceful_timeout
        while any(pool.free_count() != pool.size for _, _, pool in servers):
            if time.monotonic() > deadline:
                self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
                for server, _, _ in servers:
                    server.stop(timeout=1)
                return
            self.notify()
            gevent.sleep(0.1)

    def init_process(self) -> None:
        try:
            super().init_process()  # runs run(), then gunicorn ends the process with sys.exit
        finally:
            # gevent's patching made logging's lock a cooperative one, which the interpreter's teardown
            # can no longer take: each handler's clean-up then printed an ignored TypeError at every stop.
            # With the handlers forgotten here (gunicorn has written its last line), there is nothing to clean.
            logging._handlerList.clear()  # type: ignore[attr-defined]

    def handle_request(self, listener_name, req, sock, addr):
        """Answer one request, or disconnect a client taking over REQUEST_SECONDS to send its body or read the answer;
        then give way to the worker's other connections.

        A gevent time-out fires only where the greenlet waits on the socket; the site's own work is never cut.

        gunicorn's keep-alive loop reads a connection's next request at once when it has already arrived, without
        waiting, so without the ``gevent.sleep(0)`` a client that always has one ready (a load generator, a
        pipelining client) was answered again and again while the others waited: under wrk at 32 connections a
        bare app's p99 was 367 ms, its p50 1.8 ms (bench/site_bench.py); giving way, its p50 is about 7 ms and its
        p99 16 to 150 ms from run to run (wrk shares the two cores), 19 ms with one worker, at as many requests a
        second. The wait is outside the time limit: a busy worker is no fault of the client's.
        """
        limit = gevent.Timeout(REQUEST_SECONDS)
        limit.start()
        try:
            answered = super().handle_request(listener_name, req, sock, addr)
        except gevent.Timeout as expired:
            if expired is not limit:
                raise
            self.log.info("Closed a connection from ip=%s: the request took over %d s", (addr or ("",))[0],
                          REQUEST_SECONDS)
            raise StopIteration from None  # gunicorn closes the connection
        finally:
            limit.close()
        gevent.sleep(0)  # every other connection with a request waiting is answered before this one's next
        return answered

    def handle_error(self, req, client, addr, exc) -> None:
        """gunicorn's own refusals (a malformed request, headers too large) in the site's words and headers.

        gunicorn decides the status and logs; its reply is replaced by :func:`~ecarte_tutor.serving.refusal`:
        the security headers every page carries, a sentence saying what was wrong, nothing of the request
        echoed. An over-long address is a 400 like any address the site cannot read, not gunicorn's 414.
        """
        recorded = _Recorded()
        super().handle_error(req, cast(socket.socket, recorded), addr, exc)
        if not recorded.data:
            return
        status = 400 if isinstance(exc, LimitRequestLine) else int(recorded.data.split(b" ", 2)[1])
        try:
            client.sendall(refusal(status, self.headers, too_long=isinstance(exc, LimitRequestLine)))
        except OSError:
            self.log.debug("Failed to send error message.")


class _Address:
    """A listener's address, kept: gunicorn's handler asks the listener for it, which may be closed by then."""

    def __init__(self, listener: socket.socket):
        self.address = listener.getsockname()

    def getsockname(self):
        return self.address


def _take_queued(server: StreamServer, listener: socket.socket, pool: Pool) -> None:
    """Hand every connection waiting in ``listener``'s queue to ``server``'s handler, in ``pool``."""
    listener.setblocking(False)
    while True:
        try:
            client, address = listener.accept()
        except OSError:  # none left (or the socket is gone)
            return
        pool.spawn(server.handle, client, address)


WORKER_CLASS = f"{GreenWorker.__module__}.{GreenWorker.__qualname__}"


WARM_WAIT_SECONDS = 10
"""How long a worker of the first set, warm, waits for the others before it takes connections all the same."""


def warm_gate(on_worker: Callable[[], object], workers: int) -> Callable[[object], None]:
    """gunicorn's ``post_worker_init``: ``on_worker()`` in the worker, then, for the first ``workers`` workers,
    a wait until every one of them is warm.

    gunicorn forks the workers one after another, and the first to be warm takes connections while the others
    still warm on the same cores: the site's first visitors met a server at half speed (bench/cold_start.py:
    ratios up to 3.5 on the smallest pages). Warm together, they start together; a worker that replaces one
    later, or after SIGHUP, finds the count reached and serves at once. The count lives in memory shared by
    the fork.
    """
    warmed = multiprocessing.Value("i", 0)

    def post_worker_init(worker: object) -> None:
        try:
            on_worker()
        except Exception:  # noqa: BLE001 - a warm-up that fails leaves a worker that serves cold, not none at all
            logging.getLogger(__name__).exception("a worker's warm-up failed; it serves all the same")
        with warmed.get_lock():
            warmed.value += 1
        deadline = time.monotonic() + WARM_WAIT_SECONDS
        while warmed.value < workers and time.monotonic() < deadline:
            time.sleep(0.005)
    return post_worker_init


def options(sock: socket.socket, workers: int, on_worker: Callable[[], object] | None = None) -> dict:
    """gunicorn's settings for the site, listening on the already-bound ``sock``; ``on_worker`` runs in each
    worker after the fork, before it takes a connection (:func:`warm_gate`)."""
    hooks = {} if on_worker is None else {"post_worker_init": warm_gate(on_worker, workers)}
    return {
        **hooks,
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


def serve(app, sock: socket.socket, workers: int, headers: Iterable[tuple[str, str]] = (),
          on_worker: Callable[[], object] | None = None) -> int:
    """Run until stopped by a signal; the exit status. gunicorn takes ``sock`` over and closes it.

    ``headers`` go on gunicorn's own refusals (the workers are forked from this process, so they inherit them);
    ``on_worker`` runs in each worker before it serves (web.warm.warm_worker).
    """
    GreenWorker.headers = tuple(headers)
    raise_file_limit(MAX_CONNECTIONS + 256)
    settings = options(sock, workers, on_worker)
    sock.detach()  # gunicorn now owns the descriptor (it closes it when it stops)
    try:
        Supervised(app, settings).run()
    except SystemExit as stop:  # gunicorn ends its master with sys.exit
        return stop.code if isinstance(stop.code, int) else 1
    return 0
