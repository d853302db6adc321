"""The site benchmark's control: a bare WSGI app sending the bytes POST /api/ask sends, under the same server.

It asks the real app the benchmark's question once, at start, through werkzeug's test
client, and keeps the status, headers and body; then it answers every request with them,
without reading the body or looking at the path. It runs under
``ecarte_tutor.serving.supervised`` with serve's defaults (or the --workers and --threads
given), so the only difference from ``ecarte-tutor serve`` is the work of the app itself.
Benchmarks only: nothing in the package imports this.

    python bench/control_server.py --port N --body '{"kind": ...}' [--workers N] [--threads N] [--flask]

``--flask``: a bare Flask app with one view sending the same bytes instead (site_bench.py --bare-flask).
``--flask-ask``: a bare Flask app with one view over ``ask()``: the body read as JSON, asked of the site's library,
the answer written, with the same headers: the least an ordinary Flask view over ``ask()`` costs.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ecarte_tutor.commands.serve import DEFAULT_THREADS, DEFAULT_WORKERS  # noqa: E402
from ecarte_tutor.serving import listen, supervised  # noqa: E402
from ecarte_tutor.web import create_app  # noqa: E402
from ecarte_tutor.web.site import SITE  # noqa: E402

HOP_BY_HOP = {"connection", "date", "server"}  # the server writes these itself


HELD: list = []  # with --hold-library: the site's app, kept alive and never called
LIBRARY: list = []  # the site's library, which --flask-ask answers from


def recorded_answer(body: bytes, hold: bool = False):
    """Status line, headers and body of the real app's answer to ``body`` POSTed to /api/ask."""
    app = create_app({"SECRET_KEY": os.environ.get("ECARTE_TUTOR_SECRET_KEY", "bench-only-key-5f2c9a1e7d3b8046a4")})
    if hold:
        HELD.append(app)
    LIBRARY[:] = [app.extensions[SITE].library]
    response = app.test_client().post("/api/ask", data=body)
    headers = [(name, value) for name, value in response.headers.items() if name.lower() not in HOP_BY_HOP]
    return response.status, headers, response.get_data()


def constant_app(status: str, headers: list, body: bytes):
    def app(environ, start_response):
        start_response(status, list(headers))
        return [body]
    return app


def flask_app(status: str, headers: list, body: bytes):
    """Bare Flask (one view, no extension, no hook) reading the body and sending the same bytes: the level the
    issue 37 target names ("bare Flask's level"), measured rather than assumed."""
    from flask import Flask, Response, request

    app = Flask("bare")
    kept = [(name, value) for name, value in headers if name.lower() not in ("content-type", "content-length")]
    kind = dict((name.lower(), value) for name, value in headers).get("content-type")

    @app.post("/api/ask")
    def ask():
        request.get_data()
        return Response(body, int(status[:3]), kept, content_type=kind)

    @app.get("/api/openapi.json")  # what the benchmark waits on before it starts
    def ready():
        return Response(b"{}", content_type="application/json")

    return app


def flask_ask_app(status: str, headers: list, body: bytes):
    """Bare Flask (one view, no extension, no hook) over ``ask()``: the body read as JSON, asked of the site's
    library, the answer written as the site writes it, with the site's other headers. The least an ordinary Flask
    view over ``ask()`` costs: the ceiling of the API's ratio (issue 37)."""
    from flask import Flask, Response, request

    from ecarte_tutor import jsonio
    from ecarte_tutor.asking import ask

    app = Flask("bare-ask")
    library = LIBRARY[0]
    kept = [(name, value) for name, value in headers if name.lower() not in ("content-type", "content-length")]

    @app.post("/api/ask")
    def answer():
        found = ask(jsonio.loads(request.get_data().decode()), library)
        return Response(jsonio.dumps(found), 400 if "error" in found else 200, kept, content_type="application/json")

    @app.get("/api/openapi.json")  # what the benchmark waits on before it starts
    def ready():
        return Response(b"{}", content_type="application/json")

    return app


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--body", required=True, help="the question whose answer is sent")
    parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS)
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS)
    parser.add_argument("--flask", action="store_true", help="bare Flask sending the bytes, not a bare WSGI app")
    parser.add_argument("--flask-ask", action="store_true", help="bare Flask with one view over ask()")
    parser.add_argument("--hold-library", action="store_true",
                        help="keep the site's loaded app in memory, unused (a diagnostic: the cost of the heap alone)")
    args = parser.parse_args(argv)
    kind = flask_ask_app if args.flask_ask else flask_app if args.flask else constant_app
    app = kind(*recorded_answer(args.body.encode(), args.hold_library))
    sock = listen(args.host, args.port)
    print(f"control: serving on http://{args.host}:{sock.getsockname()[1]}/", file=sys.stderr, flush=True)
    return supervised.serve(app, sock, args.workers)


if __name__ == "__main__":
    sys.exit(main())
