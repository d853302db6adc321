"""``ecarte-tutor serve``: run the site with waitress, a production WSGI server.

For development, Flask's own server reloads on change:
``flask --app ecarte_tutor.web run --debug``.
"""
from __future__ import annotations

import sys


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; use 0.0.0.0 to accept other machines)")
    parser.add_argument("--port", type=int, default=5000, help="port to listen on (default 5000)")
    parser.add_argument("--threads", "--workers", dest="threads", type=int, default=8, metavar="N",
                        help="worker threads answering requests (default 8)")


def run(args) -> int:
    if not 0 <= args.port <= 65535:
        print(f"ecarte-tutor serve: --port must be from 0 to 65535, not {args.port}.", file=sys.stderr)
        return 2
    if args.threads < 1:
        print(f"ecarte-tutor serve: --threads must be at least 1, not {args.threads}.", file=sys.stderr)
        return 2
    try:
        from waitress.server import create_server
    except ImportError:
        print("ecarte-tutor serve: waitress is not installed (pip install waitress).", file=sys.stderr)
        return 1
    from ..web import create_app

    app = create_app()  # a broken rule book raises DataError: cli.main prints it as one line
    try:
        server = create_server(app, host=args.host, port=args.port, threads=args.threads, ident="ecarte-tutor")
    except OSError as exc:
        print(f"ecarte-tutor serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}.",
              file=sys.stderr)
        return 1
    print(f"ecarte-tutor: serving on http://{args.host}:{server.effective_port}/ "
          f"with {args.threads} threads (Ctrl-C stops)", file=sys.stderr, flush=True)
    try:
        server.run()
    finally:
        server.close()
    return 0
