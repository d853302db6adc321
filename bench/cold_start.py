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

Measured 2026-12-01/02, with every page built before the workers forked and each worker warmed before
serving (web/warm.py, since removed): every family's median ratio within 2x (0.23 to 1.70), single starts
from 0.14 to 2.44. Since issue 37 nothing is built before listening (serve answers its first request within
seconds); each page builds what it keeps on its first showing in each worker (bench/start_bench.py).
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
