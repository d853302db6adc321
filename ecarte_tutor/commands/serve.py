"""``ecarte-tutor serve``: run the site with waitress, a production WSGI server.

``--threads`` sets waitress's worker threads; ``--workers`` starts that many server
processes sharing one listening socket (POSIX only), so the site uses more than one
core: a Python process runs its Python code on one core at a time. The app is built
once, before the workers are forked, so a broken rule book stops the start.

For development, Flask's own server reloads on change:
``flask --app ecarte_tutor.web run --debug``.
"""
from __future__ import annotations

import logging
import os
import signal
import socket
import sys
import traceback

# 16 rather than waitress's 4: on the 2-core benchmark machine, 16 threads served about a
# fifth more requests a second than 8 and several times more than 2-4 (bench/site_bench.py).
DEFAULT_THREADS = 16
# One process per core (at most 4) where processes can be forked: a Python process runs its
# Python code on one core at a time, and on the 2-core benchmark machine two processes served
# about twice the requests of one, with a third of its p99 latency.
DEFAULT_WORKERS = min(4, os.cpu_count() or 1) if hasattr(os, "fork") else 1


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; use 0.0.0.0 to accept other machines)")
    parser.add_argument("--port", type=int, default=5000, help="port to listen on (default 5000; 0 picks a free one)")
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS, metavar="N",
                        help=f"worker threads in each server process (default {DEFAULT_THREADS})")
    parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS, metavar="N",
                        help=f"server processes sharing the port (default here {DEFAULT_WORKERS}: one a core, at most "
                             "4; more than 1 needs a POSIX system)")
    parser.add_argument("--secure", action="store_true",
                        help="the site is reached over HTTPS (a proxy in front): send the session cookie over HTTPS "
                             "only, and HSTS (same as ECARTE_TUTOR_SECURE_COOKIES=1)")


def _fail(message: str, code: int = 2) -> int:
    print(f"ecarte-tutor serve: {message}", file=sys.stderr)
    return code


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(1024)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def run(args) -> int:
    if not 0 <= args.port <= 65535:
        return _fail(f"--port must be from 0 to 65535, not {args.port}.")
    if args.threads < 1:
        return _fail(f"--threads must be at least 1, not {args.threads}.")
    if args.workers < 1:
        return _fail(f"--workers must be at least 1, not {args.workers}.")
    if args.workers > 1 and not hasattr(os, "fork"):
        return _fail("--workers above 1 needs a POSIX system; use --threads here.")
    try:
        from waitress.server import create_server
    except ImportError:
        return _fail("waitress is not installed (pip install waitress).", 1)
    from ..web import create_app

    # waitress warns once for every request that waits for a free thread: under load that is
    # thousands of lines a second, and the logging took 4 % of the server's time in a profile.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)

    # A broken rule book raises DataError: cli.main prints it as one line.
    app = create_app({"SESSION_COOKIE_SECURE": True} if args.secure else None)
    try:
        sock = _listen(args.host, args.port)
    except OSError as exc:
        return _fail(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}.", 1)
    port = sock.getsockname()[1]
    print(f"ecarte-tutor: serving on http://{args.host}:{port}/ with {args.workers} process"
          f"{'es' if args.workers > 1 else ''} of {args.threads} threads (Ctrl-C stops)", file=sys.stderr, flush=True)

    children = []
    for _ in range(args.workers - 1):
        pid = os.fork()
        if pid == 0:
            _worker(create_server, app, sock, args.threads)
        children.append(pid)

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        _serve(create_server, app, sock, args.threads)
    except KeyboardInterrupt:
        pass
    finally:
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        sock.close()
    return 0


def _worker(create_server, app, sock, threads: int) -> None:
    """A forked worker: serve until told to stop, and never return into the CLI, whatever happens."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group; the parent decides
        _serve(create_server, app, sock, threads)
        code = 0
    except BaseException:  # noqa: BLE001 - said on stderr; the exit below ends this process
        traceback.print_exc()
    finally:
        os._exit(code)


def _serve(create_server, app, sock, threads: int) -> None:
    server = create_server(app, sockets=[sock], threads=threads, ident="ecarte-tutor")
    try:
        server.run()
    finally:
        server.close()
