"""Running the site under a production WSGI server: the limits both servers share, and a listening socket.

:mod:`.supervised` runs gunicorn (POSIX): a master process that starts, watches and
replaces worker processes, each holding its connections as gevent greenlets. :mod:`.single` runs waitress
(Windows, or one process anywhere). Both take an app that is already built, so a
broken data file has stopped the start before any worker exists.
"""
from __future__ import annotations

import socket
from collections.abc import Iterable

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
# A request's head (request line and headers) must arrive whole within this long, and then its body
# and the answer within REQUEST_SECONDS, or the connection is closed: a phone on a slow network sends
# a page's request in well under a second, and a 64 KiB body at 10 kB/s in under 7 s.
HEAD_SECONDS = KEEPALIVE_SECONDS
REQUEST_SECONDS = 15
# SIGTERM lets requests in flight finish for up to this long (the site answers in milliseconds).
GRACEFUL_SECONDS = 20
# Connections a process holds open at once, idle and slow ones included. Each costs a file
# descriptor and a greenlet (or, under waitress, a buffer), no thread, so two thousand slow or idle
# visitors lock nobody out (bench/reliability.py checks 3 and 6).
MAX_CONNECTIONS = 4096

REFUSALS = {
    400: ("Bad Request", "This request could not be read: it does not follow HTTP. Check the link, or start "
                         "again from the home page."),
    403: ("Forbidden", "This request is not allowed here."),
    417: ("Expectation Failed", "This request expects something the site does not do; send it without "
                                "an Expect header."),
    431: ("Request Header Fields Too Large", f"This request's headers are too large (more than {MAX_HEADER_FIELDS} "
                                             f"fields, or one over {MAX_HEADER_FIELD_SIZE:,} bytes)."),
    500: ("Internal Server Error", "Something went wrong on our side; the fault has been logged."),
    501: ("Not Implemented", "This request's body is sent in a way the site does not read; send it with a "
                            "Content-Length."),
}
TOO_LONG = (f"This address is longer than {MAX_REQUEST_LINE:,} characters, so it cannot be a page of the site: "
            "check the link, or start again from the home page.")


def refusal(status: int, headers: Iterable[tuple[str, str]], too_long: bool = False) -> bytes:
    """A whole HTTP/1.1 reply refusing a request the server could not read: a line of words, ``headers``
    (the security headers every page carries), nothing of the request echoed."""
    reason, words = REFUSALS.get(status, REFUSALS[500] if status >= 500 else REFUSALS[400])
    body = ((TOO_LONG if too_long else words) + "\n").encode()
    head = [f"HTTP/1.1 {status} {reason}", "Connection: close", "Content-Type: text/plain; charset=utf-8",
            f"Content-Length: {len(body)}", *(f"{name}: {value}" for name, value in headers)]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


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
