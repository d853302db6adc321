"""No request pays for a cold cache: the p99 of the first requests after a start against the p99 once warm.

For each page family, a fresh ``ecarte-tutor serve`` (its defaults) is started in a subprocess on
127.0.0.1 and a free port, and waited for on a static file only (so no page has been asked for).
Then 4 keep-alive connections ask the family's addresses in turn: the first 200 requests are the
cold ones, then 400 more are sent and not counted, then 200 more are the warm ones. Prints each
family's p99 cold and warm and their ratio (target: cold within 2x of warm). A family's p99 over 200
requests is its second-slowest request, which one busy moment of the machine moves by tens of per
cent, so each family is started ``--starts`` times (3 unless told) and the median of the starts'
ratios is the family's figure, each start's ratio printed beside it. Loopback only; every loop is
bounded.

    python bench/cold_start.py [--families laws rules ...] [--requests 200] [--starts 3]

Measured 2026-12-01/02. In process (no server, no neighbours), after warm() every page of every
family took the same time the first time as the second, once warm() compiled every template (a
dispute's ruling compiled its own on first use: 50 ms against 5) and traced every rule (each rule
page traced its own: 29 of 44 rule pages were slower the first time). Three runs of this bench,
with the machine loaded by other work (load average 4 to 10), gave worst ratios 2.45, 6.03 and
3.50, in families that differ from run to run (home 0.66, 2.23, 3.50; api 2.45, -, 2.97;
practice 1.79, 6.03, 2.31); warm p99s of 40 to 550 ms for pages that take 2 to 20 ms in process
show the neighbours deciding these figures, not a cache. A fourth run, quiet (load 1.6): worst 2.35,
home 2.35 (73 against 31 ms) and practice 2.21 over 2x, every other family within (0.81 to 1.98):
both pages read the learner's progress, and each forked worker opens its own database connection on
its first such request (not warmed: a connection must not cross the fork).

Measured 2026-12-02. In process, after a fork, the first page took 10 ms against 1.5 ms for the
next whatever the page (each object it touches is copied from the parent then), and a lesson's
reading step 30 ms against 10 (SQLAlchemy compiling the progress statements for the worker's own
engine). Each worker now warms itself before serving (web/warm.py, warm_worker) and the first
workers wait for one another (serving/supervised.py, warm_gate). Quiet runs (load about 1): with the
warm-up alone, home 1.34 and practice 0.60 but play 5.99 and laws 2.92, the first visitors met one
worker serving while the other still warmed; with the gate too, every family within 2x but dispute
2.70 on one run, whose warm p99 (17.8 ms) was a third of that family's other runs (50 to 58 ms),
and 1.54 when run again. Worst ratios of the last full run: home 1.08, legal 0.78, dispute 2.70
(then 1.54), rules 0.81, laws 1.48 (then 1.09), casebook 1.98 (then 0.64), lessons 1.29, practice
1.10, play 0.91, api 0.74, openapi 0.87. A family's p99 over 200 requests is its second-slowest
request, so one run moves by tens of per cent.

Measured 2026-12-02, later (load 1.8), 3 starts a family, median ratio: home 1.70 (starts 0.48,
1.70, 2.21), legal 1.31, dispute 0.23, rules 0.78, laws 0.84 (0.39, 0.84, 2.44), casebook 0.95,
lessons 0.83, practice 0.77, play 0.72, api 0.77, openapi 1.01: every family within 2x; single
starts ranged from 0.14 to 2.44, both ways, which is why the median of starts is the figure.
"""
from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_bench import HOST, SERVE, distinct_plays, free_port, start_server  # noqa: E402

CONNECTIONS = 4
READY = "/static/css/site.css"


def families() -> dict[str, list[tuple[str, str, bytes]]]:
    """(method, address, body) of each page family, cycled by the load."""
    from ecarte_tutor.library import load_library

    library = load_library()
    book = library.book

    def get(*urls: str) -> list[tuple[str, str, bytes]]:
        return [("GET", url, b"") for url in urls]

    lessons = library.lessons
    return {
        "home": get("/"),
        "legal": get("/legal/", "/legal/?trump=H&led=JS&hand=QS&hand=7S&hand=8D&card=7S", "/legal/trick",
                     "/legal/trick?trump=H&led=KS&followed=7H", "/legal/score?elder_tricks=5&king_announced_by=",
                     "/legal/exchange?stock=2&elder_discards=3", "/legal/pool"),
        "dispute": get("/dispute/", "/dispute/?irregularity=revoke",
                       "/dispute/?irregularity=wrong-card-count&discovered=before-turn-up&elder_looked=true"
                       "&hand=elder&count=3"),
        "rules": get("/rules", "/rules?profile=french", "/rules/disagreements", "/rules/sources",
                     *(f"/rules/{rule_id}" for rule_id in list(book.rules)[:40])),
        "laws": get("/laws", *(f"/laws/{number}" for number in sorted(book.laws))),
        "casebook": get("/casebook/", "/casebook/?q=king", "/casebook/?law=43",
                        *(f"/casebook/{case.id}" for case in library.scenarios[:40])),
        "lessons": get("/lessons/", *(f"/lessons/{lesson.id}/" for lesson in lessons),
                       *(f"/lessons/{lesson.id}/{step.index}" for lesson in lessons for step in lesson.steps[:3])),
        "practice": get("/lessons/practice/"),
        "play": get("/play/", "/play/new?seed=7", "/play/new?seed=8&level=beginner"),
        "api": [("POST", "/api/ask", body) for body in distinct_plays(1200)],
        "openapi": get("/api/openapi.json"),
    }


def load(port: int, requests: list[tuple[str, str, bytes]]) -> list[float]:
    """Send ``requests`` in order over CONNECTIONS keep-alive connections; each one's time in seconds."""
    times: list[float] = []
    lock = threading.Lock()
    position = [0]

    def worker():
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        while True:
            with lock:
                if position[0] >= len(requests):
                    break
                method, url, body = requests[position[0]]
                position[0] += 1
            began = time.perf_counter()
            connection.request(method, url, body=body or None,
                               headers={"Content-Type": "application/json"} if body else {})
            response = connection.getresponse()
            response.read()
            with lock:
                times.append(time.perf_counter() - began)
        connection.close()

    threads = [threading.Thread(target=worker) for _ in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000


def measure(name: str, requests: list, count: int) -> dict:
    cycled = [requests[i % len(requests)] for i in range(4 * count)]
    port = free_port()
    with tempfile.TemporaryFile() as log:
        process = start_server(SERVE, port, None, None, log, ready=READY)
        try:
            cold = load(port, cycled[:count])
            load(port, cycled[count:3 * count])
            warm = load(port, cycled[3 * count:])
        finally:
            process.terminate()
            process.wait(timeout=40)
    return {"family": name, "cold_p99_ms": p99(cold), "warm_p99_ms": p99(warm), "cold_max_ms": max(cold) * 1000}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--families", nargs="*", default=None)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--starts", type=int, default=3, help="fresh starts a family (the median ratio is its figure)")
    args = parser.parse_args(argv)
    if args.starts < 1 or args.requests < 1:
        parser.error("--starts and --requests must be at least 1")
    found = families()
    worst = 0.0
    print(f"ecarte-tutor serve, {CONNECTIONS} connections; p99 of the first {args.requests} requests after a start "
          f"against p99 once warm (target: within 2x)")
    for name in args.families or found:
        results = [measure(name, found[name], args.requests) for _ in range(args.starts)]
        ratios = [result["cold_p99_ms"] / result["warm_p99_ms"] for result in results]
        ratio = statistics.median(ratios)
        worst = max(worst, ratio)
        middle = results[ratios.index(sorted(ratios)[(len(ratios) - 1) // 2])]  # a start whose ratio is the median
        each = " ".join(f"{r:.2f}" for r in ratios)
        print(f"  {name:<9} cold p99 {middle['cold_p99_ms']:7.1f} ms (max {middle['cold_max_ms']:7.1f})  warm p99 "
              f"{middle['warm_p99_ms']:6.1f} ms  ratio {ratio:4.2f} (median; starts {each})", flush=True)
    print(json.dumps({"worst_ratio": round(worst, 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
