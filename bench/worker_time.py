"""The app's own time inside a gunicorn worker under load, and the worker's CPU a request.

``site_bench.py`` compares throughputs, which on a shared 2-core machine move by ten points
from one run to the next. This measures from inside instead: the site (serve's settings, one
worker) is served with its WSGI app wrapped in a timer whose totals live in shared memory made
before gunicorn forks, and loaded with wrk; then the same for the bare app sending the bytes
the site sends (as ``control_server.py`` does). The server runs on the last core and wrk on the
others, so neither takes the other's time. Per request, it prints the time inside the app and
the worker's CPU time (user and system, from /proc), for a repeated question, for 4,096
distinct questions in turn, and for the bare app; then the ratio of the bare app's CPU a
request to the site's, which is the ratio of their throughputs when the server is the limit.

    python bench/worker_time.py [--seconds 5] [--threads N]   (POSIX with wrk; Linux for /proc)

Measured 2026-11-30, one worker of 16 threads, two runs: inside the app 14.7 and 15.3 µs for a
repeated question, 27.0 and 28.0 µs for new ones, 10.0 µs for the bare app (the timer and the
server's start_response); the bare app's worker CPU over the site's 100.0 and 97.3 % on one
question, 87.2 and 86.3 % on 4,096. The two runs agree within three points, where throughput
runs differ by ten.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from control_server import constant_app, recorded_answer  # noqa: E402
from site_bench import DISTINCT, HOST, PLAY, distinct_plays, free_port, wrk_round, wrk_scripts  # noqa: E402

from ecarte_tutor.commands.serve import DEFAULT_THREADS  # noqa: E402


def timed(app, totals):
    """``app`` adding its time to ``totals`` (seconds, requests): shared memory, seen by the parent."""
    lock = totals.get_lock()

    def wrapper(environ, start_response):
        began = time.perf_counter()
        try:
            return app(environ, start_response)
        finally:
            spent = time.perf_counter() - began
            with lock:
                totals[0] += spent
                totals[1] += 1
    return wrapper


def serve(which: str, port: int, threads: int, totals, core: int | None) -> None:
    """The server process: the site or the bare app, timed, under serve's gunicorn settings."""
    import gc

    from ecarte_tutor.serving import listen, supervised
    from ecarte_tutor.web import create_app

    if core is not None:
        os.sched_setaffinity(0, {core})
    if which == "site":
        site = create_app({"SECRET_KEY": "bench-only-key-5f2c9a1e7d3b8046a4"})
        site.wsgi_app = timed(site.wsgi_app, totals)
        app = site
    else:
        app = timed(constant_app(*recorded_answer(json.dumps(PLAY).encode())), totals)
    gc.collect()
    gc.freeze()  # as ecarte-tutor serve does
    sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - gunicorn's log lines would mix with the table
    supervised.serve(app, listen(HOST, port), 1)


def worker_cpu(server_pid: int) -> float:
    """User and system seconds of the server's worker processes (children of gunicorn's master)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for child in Path(f"/proc/{server_pid}/task/{server_pid}/children").read_text().split():
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def measure(route: dict, port: int, server_pid: int, totals, seconds: int, scripts: dict) -> dict:
    wrk_round(port, route, 32, 1, scripts)  # warm: imports, the engine's kept work
    with totals.get_lock():
        totals[0] = totals[1] = 0
    cpu = worker_cpu(server_pid)
    done = wrk_round(port, route, 32, seconds, scripts)
    cpu = worker_cpu(server_pid) - cpu
    inside, count = totals[0], totals[1]
    return {"requests": done["requests"], "rps": done["rps"], "app_us": inside / count * 1e6,
            "cpu_us": cpu / done["requests"] * 1e6}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=DEFAULT_THREADS)
    args = parser.parse_args(argv)
    if not shutil.which("wrk") or not Path("/proc/self/stat").exists():
        raise SystemExit("this benchmark needs wrk and Linux's /proc")
    cores = sorted(os.sched_getaffinity(0))
    server_core = cores[-1] if len(cores) > 1 else None
    if server_core is not None:
        os.sched_setaffinity(0, set(cores[:-1]))  # wrk, started from here, keeps off the server's core
    context = multiprocessing.get_context("fork")  # the shared totals go to the server by the fork
    folder = tempfile.TemporaryDirectory()
    question = json.dumps(PLAY).encode()
    routes = {"site": [{"name": "repeated", "method": "POST", "path": "/api/ask", "body": question},
                       {"name": "new", "method": "POST", "path": "/api/ask", "body": b"",
                        "bodies": distinct_plays(DISTINCT)}],
              "bare": [{"name": "bare", "method": "POST", "path": "/api/ask", "body": question}]}
    scripts = wrk_scripts([route for group in routes.values() for route in group], Path(folder.name))
    results = {}
    for which, group in routes.items():
        totals = context.Array("d", 2)
        port = free_port()
        server = context.Process(target=serve, args=(which, port, args.threads, totals, server_core))
        server.start()
        time.sleep(3)  # built, forked, listening
        try:
            for route in group:
                results[route["name"]] = measure(route, port, server.pid, totals, args.seconds, scripts)
        finally:
            server.terminate()
            server.join(30)
    folder.cleanup()
    print(f"one gunicorn worker of {args.threads} threads on core {server_core}, wrk on {cores[:-1] or cores}; "
          f"{args.seconds} s a route")
    print(f"{'route':<34}{'req/s':>8}{'inside app µs':>15}{'worker CPU µs':>15}")
    labels = {"repeated": "POST /api/ask, one question", "new": f"POST /api/ask, {DISTINCT:,} questions",
              "bare": "bare app, the same bytes"}
    for name, row in results.items():
        print(f"{labels[name]:<34}{row['rps']:>8.0f}{row['app_us']:>15.1f}{row['cpu_us']:>15.1f}")
    bare = results["bare"]["cpu_us"]
    print(f"bare app's worker CPU a request over the site's: one question {bare / results['repeated']['cpu_us']:.1%}, "
          f"{DISTINCT:,} questions {bare / results['new']['cpu_us']:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
