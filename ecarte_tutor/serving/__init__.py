"""Running the site under a production WSGI server: the limits both servers share, and a listening socket.

:mod:`.supervised` runs gunicorn (POSIX): a master process that starts, watches and
replaces worker processes, gunicorn's gevent workers, each holding its connections as greenlets.
:mod:`.single` runs waitress (Windows, or one process anywhere). Both take an app that is already built, so a
broken data file has stopped the start before any worker exists.
"""
from __future__ import annotations

import socket

# A request line (method, URL, version) longer than this is refused with a 400 before the app
# sees it. 8190 is gunicorn's ceiling; the longest URL the site makes, a dispute interview with
# every fact answered, is under 2,000 characters.
MAX_REQUEST_LINE = 8190
MAX_HEADER_FIELDS = 50
MAX_HEADER_FIELD_SIZE = 8190
# The request line and every header together: the longest URL, a full session cookie and a
# browser's usual headers take a fraction of it.
MAX_HEADER_BYTES = 32 * 1024
# How long an idle kept-alive connection stays open: long enough for a phone on a slow network
# to fetch a page's stylesheet and script and follow the next link on the same connection;
# short enough that idle connections are soon given back.
KEEPALIVE_SECONDS = 5
# A request's head (request line and headers) must arrive whole within this long, or the connection is
# closed (gunicorn's keepalive setting times its parser): a phone on a slow network sends a page's request in
# well under a second.
HEAD_SECONDS = KEEPALIVE_SECONDS
# SIGTERM lets requests in flight finish for up to this long (the site answers in milliseconds).
GRACEFUL_SECONDS = 20
# Connections a process holds open at once, idle and slow ones included. Each costs a file
# descriptor and a greenlet (or, under waitress, a buffer), no thread, so two thousand slow or idle
# visitors lock nobody out (bench/reliability.py checks 3 and 6).
MAX_CONNECTIONS = 4096


def raise_file_limit(wanted: int) -> int:
    """Let this process (and the workers it forks) open ``wanted`` files, or as many as the hard limit
    allows; the limit now in force. A default soft limit of 1,024 would refuse connections long before
    MAX_CONNECTIONS."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


def listen(host: str, port: int, backlog: int = 2048) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (port 0: a free one), or OSError."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(backlog)
    except OSError:
        sock.close()
        raise
    return sock
