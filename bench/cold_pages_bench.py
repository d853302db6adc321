"""Each page family's first request after a start against its later ones, in CPU time (a loaded machine's waits
left out), with the ratio's 95 % interval over fresh starts.

``bench/start_bench.py`` times the same requests over HTTP in wall time, which on a shared machine moves by tens of
milliseconds from one request to the next. Here each run is a fresh interpreter that does what ``ecarte-tutor serve``
does: ``create_app()``, ``commands.datacheck.prepare`` on an instance folder whose kept data is made first, the
store closed, ``gc.freeze()``; then it forks a worker as gunicorn's gevent worker is made
(gevent's patching, a new loop, then serve's ``post_worker_init``: ``web.warmup.ready_to_serve``, whose CPU is
reported). The worker sends every request of start_bench's ``PAGES`` and ``ANSWERS`` through
the WSGI app without cookies, as the HTTP bench does, in seven passes over them all: the first pass shows each
request its first time, the later ones again, each in the process's CPU time (every thread's: the store's calls run
in gevent's thread pool). In passes, not each request seven times in a row: a later showing then follows the same
other requests as the first one did, so the ratio is the first showing's own work, not the processor's caches
(a question asked before, of 0.15 ms in a row, took 0.3 to 0.5 ms right after the card-play answers, with no
page copied and no collection between). A run's ratio for a request is
its first showing over the median of the five warm ones; the report gives each request's median ratio over the
runs and its 95 % interval (the median's, from the order statistics: bench/site_bench.median_interval; six runs
or more give one). Target: every first showing within 2x of warm.

    python bench/cold_pages_bench.py [--runs 8]
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

from site_bench import median_interval  # noqa: E402
from start_bench import ANSWERS, PAGES, environment, load_line  # noqa: E402

MEASURE = """
import gc, io, json, os, statistics, sys, time
from ecarte_tutor.commands import datacheck
from ecarte_tutor.web import create_app
from ecarte_tutor.web.warmup import ready_to_serve

app = create_app()
datacheck.prepare(app, datacheck.data_key(app.config))
app.extensions["ecarte_tutor_store"].close()  # as serve does: the master keeps no connection
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
    wall, cpu = time.perf_counter(), time.process_time()
    out = app(environ, lambda s, h, e=None: status.append(s))
    b"".join(out)
    getattr(out, "close", lambda: None)()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    if int(status[0][:3]) >= 500:
        raise SystemExit(f"{request}: {status[0]}")
    return cpu * 1000, wall * 1000


read, write = os.pipe()
worker = os.fork()
if worker == 0:  # the worker, made as gunicorn's gevent worker is (GeventWorker.init_process), then post_worker_init
    os.close(read)
    from gevent import hub, monkey
    monkey.patch_all()
    hub.reinit()
    ready = time.process_time()
    ready_to_serve(app)
    ready = (time.process_time() - ready) * 1000
    requests = [*pages, *answers]
    passes = [[send(request, turn) for request in requests] for turn in range(7)]  # each pass shows every request
    rows = []
    for index, request in enumerate(requests):
        warm = [passes[turn][index] for turn in range(2, 7)]
        rows.append([request, passes[0][index], passes[1][index],
                     [statistics.median(showing[i] for showing in warm) for i in (0, 1)]])
    os.write(write, json.dumps({"ready_ms": ready, "rows": rows}).encode())
    os._exit(0)
os.close(write)
with os.fdopen(read, "rb") as pipe:
    out = pipe.read()
_, status = os.waitpid(worker, 0)
if status or not out:
    raise SystemExit(f"the worker failed (status {status})")
print(out.decode())
"""


def run_once(instance: str) -> dict:
    answers = {request: (kind, [body.decode() for body in bodies]) for request, (kind, bodies) in ANSWERS.items()}
    done = subprocess.run([sys.executable, "-c", MEASURE, json.dumps(PAGES), json.dumps(answers)], cwd=ROOT,
                          env=environment(instance), capture_output=True, text=True, timeout=1200)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-2000:])
    return json.loads(done.stdout.splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=8, help="fresh starts (default 8; six or more give an interval)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as instance:
        run_once(instance)  # a new instance folder: the data check's kept data is made (not measured)
        runs = [run_once(instance) for _ in range(args.runs)]
    print(load_line(load_before))
    print(f"the worker's readying (web.warmup.ready_to_serve), CPU ms, median of {args.runs}: "
          f"{statistics.median(run['ready_ms'] for run in runs):.1f}")
    print(f"{'request':<58}{'CPU ms: 1st':>12}{'2nd':>6}{'warm':>6}{'1st/warm':>9}{'95 % interval':>15}"
          f"{'wall /warm':>11}")
    worst, worst_high = 0.0, 0.0
    for index, (request, *_rest) in enumerate(runs[0]["rows"]):
        rows = [run["rows"][index] for run in runs]
        first, second = (statistics.median(row[k][0] for row in rows) for k in (1, 2))
        warm = statistics.median(row[3][0] for row in rows)
        ratios = [row[1][0] / row[3][0] for row in rows]
        to_warm = statistics.median(ratios)
        low, high = median_interval(ratios)
        wall = statistics.median(row[1][1] / row[3][1] for row in rows)
        worst, worst_high = max(worst, to_warm), max(worst_high, high)
        print(f"{request[:57]:<58}{first:>12.2f}{second:>6.2f}{warm:>6.2f}{to_warm:>9.2f}"
              f"{f'{low:.2f}-{high:.2f}':>15}{wall:>11.2f}")
    print(f"worst first/warm (CPU): {worst:.2f}, the highest upper end of an interval {worst_high:.2f} (target <= 2)")
    print(json.dumps({"worst_first_to_warm_cpu": round(worst, 2), "worst_interval_high": round(worst_high, 2),
                      "runs": args.runs, "load_before": [round(x, 2) for x in load_before]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
