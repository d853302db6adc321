"""waitress in one process: for Windows (no fork, so no gunicorn) and for single-process use.

waitress answers on ``threads`` threads and keeps every connection in one event loop.
Its defaults would let 100 idle connections lock every visitor out for two minutes and
write a large body to a temporary file before refusing it; the settings here do not.
"""
from __future__ import annotations

import logging
import socket
from collections.abc import Callable

from . import KEEPALIVE_SECONDS, MAX_CONNECTIONS, MAX_HEADER_BYTES, raise_file_limit

# An idle connection is closed after this long; checked every CLEANUP seconds.
CHANNEL_TIMEOUT = 15
CLEANUP = 5


def options(threads: int, max_body: int) -> dict:
    # waitress refuses a body this large with its own plain 413 as soon as the length is known,
    # before storing any of it; a smaller one over ``max_body`` reaches the app, whose 413 is the
    # API's error object. A body stays in memory up to ``inbuf_overflow``, set above the ceiling,
    # so none is ever written to a temporary file.
    ceiling = 4 * max_body
    return {
        "threads": threads,
        "ident": "ecarte-tutor",
        "max_request_body_size": ceiling,
        "inbuf_overflow": max(2 * ceiling, 512 * 1024),
        # The request line and headers together (waitress has no separate limit for the line).
        "max_request_header_size": MAX_HEADER_BYTES,
        "connection_limit": MAX_CONNECTIONS,
        # poll() rather than select(), which cannot watch a descriptor numbered above 1023.
        "asyncore_use_poll": True,
        "channel_timeout": max(CHANNEL_TIMEOUT, KEEPALIVE_SECONDS),
        "cleanup_interval": CLEANUP,
    }


def serve(app, sock: socket.socket, threads: int, max_body: int, ready: Callable[[], None] | None = None) -> int:
    """Run until interrupted (SIGINT, or SIGTERM turned into it by the caller); the exit status. ``ready`` is called
    once before the first request is answered."""
    from waitress.server import create_server

    # waitress warns once for every request that waits for a free thread: under load that is
    # thousands of lines a second, and the logging took 4 % of the server's time in a profile.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    raise_file_limit(MAX_CONNECTIONS + 256)
    sock.setblocking(False)
    server = create_server(app, sockets=[sock], **options(threads, max_body))
    if ready is not None:
        ready()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0
