"""Each page family's first request after a start against its next ones, in CPU time (a loaded machine's waits
left out).

``bench/start_bench.py`` times the same requests over HTTP in wall time, which on a shared machine moves by tens of
milliseconds from one request to the next. Here a fresh interpreter does what ``ecarte-tutor serve`` does before its
workers fork (``create_app()``, then ``commands.datacheck.prepare`` on an instance folder whose kept data is made
first, then ``gc.freeze()``), and sends every request of start_bench's ``PAGES`` and ``ANSWERS`` through the WSGI app
without cookies, as the HTTP bench does: its first time, its second, and the median of five more, each in the
thread's CPU time and in wall time. Prints each ratio of first to second and first to warm (target: within 2x).

    python bench/cold_pages_bench.py [--runs 3]   (each run a fresh interpreter; the median ratio is reported)
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from start_bench import ANSWERS, PAGES, environment, load_line  # noqa: E402

MEASURE = """
import gc, io, json, statistics, sys, time
from ecarte_tutor.commands import datacheck
from ecarte_tutor.web import create_app

app = create_app()
datacheck.prepare(app, datacheck.data_key(app.config))
gc.collect()
gc.freeze()
pages, answers = json.loads(sys.argv[1]), json.loads(sys.argv[2])


def send(request, turn):
    method, _, path = request.rpartition(" ")
    kind, bodies = answers.get(request, ("", [""]))
    body = bodies[turn % len(bodies)].encode()
    path, _, query = path.partition("?")
    environ = {"REQUEST_METHOD": method or "GET", "PATH_INFO": path, "QUERY_STRING": query, "SCRIPT_NAME": "",
               "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
               "HTTP_HOST": "127.0.0.1:8000", "wsgi.input": io.BytesIO(body), "wsgi.url_scheme": "http",
               "wsgi.errors": sys.stderr, "wsgi.multithread": False, "wsgi.multiprocess": True,
               "wsgi.run_once": False, "wsgi.version": (1, 0), "REMOTE_ADDR": "127.0.0.1"}
    if kind:
        environ.update(CONTENT_TYPE=kind, CONTENT_LENGTH=str(len(body)))
    status = []
    wall, cpu = time.perf_counter(), time.thread_time()
    out = app(environ, lambda s, h, e=None: status.append(s))
    b"".join(out)
    getattr(out, "close", lambda: None)()
    cpu, wall = time.thread_time() - cpu, time.perf_counter() - wall
    if int(status[0][:3]) >= 500:
        raise SystemExit(f"{request}: {status[0]}")
    return cpu * 1000, wall * 1000


rows = []
for request in [*pages, *answers]:
    first, second = send(request, 0), send(request, 1)
    warm = [send(request, turn) for turn in range(2, 7)]
    rows.append([request, first, second, [statistics.median(t[i] for t in warm) for i in (0, 1)]])
print(json.dumps(rows))
"""


def run_once(instance: str) -> list:
    answers = {request: (kind, [body.decode() for body in bodies]) for request, (kind, bodies) in ANSWERS.items()}
    done = subprocess.run([sys.executable, "-c", MEASURE, json.dumps(PAGES), json.dumps(answers)], cwd=ROOT,
                          env=environment(instance), capture_output=True, text=True, timeout=1200)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-2000:])
    return json.loads(done.stdout.splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh interpreters (default 3)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as instance:
        run_once(instance)  # a new instance folder: the data check's kept data is made (not measured)
        runs = [run_once(instance) for _ in range(args.runs)]
    print(load_line(load_before))
    print(f"{'request':<58}{'CPU ms: 1st':>12}{'2nd':>6}{'warm':>6}{'/2nd':>6}{'/warm':>7}{'  wall /warm':>12}")
    worst = 0.0
    for index, (request, *_rest) in enumerate(runs[0]):
        rows = [run[index] for run in runs]
        first, second = (statistics.median(row[k][0] for row in rows) for k in (1, 2))
        warm = statistics.median(row[3][0] for row in rows)
        to_second = statistics.median(row[1][0] / row[2][0] for row in rows)
        to_warm = statistics.median(row[1][0] / row[3][0] for row in rows)
        wall = statistics.median(row[1][1] / row[3][1] for row in rows)
        worst = max(worst, to_warm)
        print(f"{request[:57]:<58}{first:>12.1f}{second:>6.1f}{warm:>6.1f}{to_second:>6.1f}{to_warm:>7.1f}{wall:>12.1f}")
    print(json.dumps({"worst_first_to_warm_cpu": round(worst, 2), "runs": args.runs,
                      "load_before": [round(x, 2) for x in load_before]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
