"""``ecarte-tutor serve``: run the site under a production WSGI server.

On POSIX the server is gunicorn (``ecarte_tutor.serving.supervised``): a master process
that starts ``--workers`` gevent processes, replaces any that dies and stops gracefully on
SIGTERM. Elsewhere, or with ``--server waitress``, it is waitress in
one process (``ecarte_tutor.serving.single``). Either way the app is built here, once,
before any worker starts, so a broken rule book stops the start with one line.

For development, Flask's own server reloads on change:
``flask --app ecarte_tutor.web run --debug``.
"""
from __future__ import annotations

import gc
import os
import signal
import sys
from functools import partial
from urllib.parse import urlsplit

SERVERS = ("gunicorn", "waitress")
# gunicorn forks its workers, so it needs POSIX; waitress runs anywhere, in one process.
DEFAULT_SERVER = "gunicorn" if hasattr(os, "fork") else "waitress"
# waitress: 16 threads a process; on the 2-core benchmark machine more threads served more requests
# a second up to about 16 (bench/site_bench.py), since a thread waiting on a socket holds no core.
# (gunicorn's gevent workers answer on greenlets, one per connection, and need no threads.)
DEFAULT_THREADS = 16
# One process per core (at most 4): a Python process runs its Python code on one core at a
# time, and on the 2-core benchmark machine two processes served about twice the requests of one.
DEFAULT_WORKERS = min(4, os.cpu_count() or 1)


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; use 0.0.0.0 to accept other machines)")
    parser.add_argument("--port", type=int, default=5000, help="port to listen on (default 5000; 0 picks a free one)")
    parser.add_argument("--server", choices=SERVERS, default=DEFAULT_SERVER,
                        help=f"gunicorn (POSIX: supervised worker processes) or waitress (one process, any OS); "
                             f"default here {DEFAULT_SERVER}")
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS, metavar="N",
                        help=f"waitress: threads answering requests (default {DEFAULT_THREADS}); gunicorn's gevent "
                             "workers take a greenlet per connection instead")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help=f"gunicorn worker processes (default {DEFAULT_WORKERS}: one a core, at most 4; "
                             "waitress always runs one)")
    parser.add_argument("--house", metavar="FILE",
                        help="serve the whole site under a club's house rules (a file like "
                             "rules/houses/cercle-exemple.yaml): its profile and agreements, named on every ruling")
    parser.add_argument("--secure", action="store_true",
                        help="the site is reached over HTTPS (a proxy in front): send the session cookie over HTTPS "
                             "only, and HSTS (same as ECARTE_TUTOR_SECURE_COOKIES=1)")


def _fail(message: str, code: int = 2) -> int:
    print(f"ecarte-tutor serve: {message}", file=sys.stderr)
    return code


def _check(args) -> str | None:
    """What is wrong with the options, or None."""
    if not 0 <= args.port <= 65535:
        return f"--port must be from 0 to 65535, not {args.port}."
    if args.threads < 1:
        return f"--threads must be at least 1, not {args.threads}."
    if args.workers is not None and args.workers < 1:
        return f"--workers must be at least 1, not {args.workers}."
    if args.server == "gunicorn" and not hasattr(os, "fork"):
        return "gunicorn needs a POSIX system (it forks its workers); use --server waitress here."
    if args.server == "waitress" and (args.workers or 1) > 1:
        return "waitress runs one process; use --threads, or --server gunicorn for several processes."
    return None


def run(args) -> int:
    problem = _check(args)
    if problem:
        return _fail(problem)
    workers = args.workers or (DEFAULT_WORKERS if args.server == "gunicorn" else 1)
    try:
        if args.server == "gunicorn":
            from ..serving import supervised
        else:
            from ..serving import single
    except ImportError as exc:
        return _fail(f"{args.server} is not installed ({exc.name}): pip install {args.server}", 1)
    from ..serving import listen

    # The port first, before anything slow: a port already taken is said at once. Connections that come while
    # the site prepares wait in the socket's queue and are answered once it serves.
    try:
        sock = listen(args.host, args.port)
    except OSError as exc:
        return _fail(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc} (choose another with "
                     "--port).", 1)
    try:
        return _serve(args, sock, workers, supervised if args.server == "gunicorn" else single)
    finally:
        sock.close()  # gunicorn has detached it by then; waitress closed it


def _serve(args, sock, workers: int, server) -> int:
    port = sock.getsockname()[1]
    print(f"ecarte-tutor: preparing the site for http://{args.host}:{port}/ …", file=sys.stderr, flush=True)
    from ..errors import printable
    from ..library import defects
    from ..web import MAX_BODY, create_app
    from ..web.lan import SERVED_URL, is_loopback, served_url
    from ..web.progress import STORE
    from ..web.warmup import ready_to_serve
    from . import datacheck

    # A broken rule book raises DataError: cli.main prints it as one line.
    config: dict = {"HOUSE_FILE": args.house} if args.house else {}
    if args.secure:
        config["SESSION_COOKIE_SECURE"] = True
    app = create_app(config or None)
    # What `ecarte-tutor check` refuses, serve refuses: checked once per change of the data (commands.datacheck).
    key = datacheck.data_key(app.config)
    if not datacheck.remembered(app.instance_path, key):
        print("ecarte-tutor: checking the data (once after each change of it) …", file=sys.stderr, flush=True)
        found = defects(app.extensions["ecarte_tutor"].library)
        if found:
            for problem in found:
                print(printable(f"ecarte-tutor: {problem}"), file=sys.stderr)
            return _fail(f"not started: the data has {len(found)} defect(s) (ecarte-tutor check lists them).", 1)
        datacheck.remember(app.instance_path, key)
    # What pages would work out on their first showing (where each rule is used, the casebook, the card-play
    # steps' analyses) is worked out once per change of the data, with the check, and kept beside its mark.
    datacheck.prepare(app, key)
    # The library is built once and lives as long as the server: frozen, the garbage collector no
    # longer walks its ~50,000 objects on every full collection, and gunicorn's forked workers do
    # not copy the pages the collector would have written to. Each page builds what it keeps on first use.
    gc.collect()
    gc.freeze()
    # The resume link's QR code must carry an address a phone can open, not 127.0.0.1 (web.lan).
    app.config[SERVED_URL] = address = served_url(args.host, port)
    store = app.extensions[STORE]  # migrated by create_app, before any worker is forked
    print(f"ecarte-tutor: progress kept in {store.status().url} (ecarte-tutor db status says more)", file=sys.stderr)
    store.close()
    if not is_loopback(urlsplit(address).hostname or ""):
        print(f"ecarte-tutor: phones and computers on the same network open {address}/", file=sys.stderr)
    each = "gevent" if args.server == "gunicorn" else f"{args.threads} threads"
    print(f"ecarte-tutor: serving on http://{args.host}:{port}/ with {args.server}, {workers} process"
          f"{'es' if workers > 1 else ''} of {each} (Ctrl-C stops)", file=sys.stderr, flush=True)
    ready = partial(ready_to_serve, app)  # in each process that answers, before its first request

    if args.server == "gunicorn":
        return server.serve(app, sock, workers, ready)

    def stop(signum, frame):  # waitress stops on KeyboardInterrupt; SIGTERM ends it the same way
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    return server.serve(app, sock, args.threads, app.config.get("MAX_CONTENT_LENGTH") or MAX_BODY, ready)
