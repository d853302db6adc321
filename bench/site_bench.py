"""The site under load: POST /api/ask against a bare constant JSON route of the same server, in one run.

Starts the production server (``ecarte-tutor serve``, waitress) in a subprocess on
127.0.0.1 and a free port, then drives it with an asyncio load generator (keep-alive
connections, 32 by default), bounded in count and time, loopback only. Three routes
are loaded in rotating rounds so that all see the same machine: GET /api/ping, the
constant route; POST /api/ping with the question's body, the same request shape as a
question (waitress spends more on a request with a body than on a GET, which is no
part of answering); and POST /api/ask. Prints requests/s, p50 and p99 for each and the
ratios; then the weight of every page with its CSS and JS (plain and gzip), and the
time ``create_app()`` takes with full validation in a fresh process. Figures are
reported against the targets, never asserted.

    python bench/site_bench.py [--connections 32] [--requests 2000] [--seconds 15] [--rounds 8] [--threads 8] [--workers 1]
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # loopback only
PLAY = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D", "KH", "AC"], "card": "7S"}
PAGES = [
    "/", "/legal/", "/legal/?trump=H&led=JS&hand=QS&hand=7S&hand=8D&card=7S", "/legal/trick",
    "/legal/trick?trump=H&led=KS&followed=7H", "/legal/score", "/legal/score?elder_tricks=5&king_announced_by=",
    "/legal/exchange", "/legal/exchange?stock=2&elder_discards=3", "/dispute/",
    "/dispute/?irregularity=wrong-card-count&discovered=before-turn-up&elder_looked=true&hand=elder&count=3",
    "/rules", "/rules?profile=french", "/rules/disagreements", "/rules/pack.rank-order", "/laws", "/casebook/",
    "/casebook/?q=king", "/lessons/", "/lessons/01-pack-and-ranking/", "/lessons/01-pack-and-ranking/4",
    "/api/openapi.json",
]
TARGETS = {"ratio": 0.85, "p99_ms": 25.0, "page_kb": 60.0, "create_app_s": 0.5}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def start_server(port: int, threads: int, workers: int, log) -> subprocess.Popen:
    env = dict(os.environ, ECARTE_TUTOR_SECRET_KEY="bench-only", PYTHONPATH=str(ROOT))
    # The server's log goes to a file: waitress warns about its queue under load, and a pipe
    # nobody reads would fill up and stall the server.
    process = subprocess.Popen(
        [sys.executable, "-m", "ecarte_tutor.cli", "serve", "--host", HOST, "--port", str(port),
         "--threads", str(threads), "--workers", str(workers)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            raise SystemExit(f"the server stopped at once: {log.read().decode(errors='replace')}")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=1)
            connection.request("GET", "/api/ping")
            if connection.getresponse().status == 200:
                connection.close()
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not answer within 30 s")


def request_bytes(method: str, path: str, body: bytes = b"") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nConnection: keep-alive\r\n"
    if body:
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    return head.encode() + b"\r\n" + body


async def _read_response(reader) -> int:
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head[9:12])
    match = re.search(rb"(?i)content-length:\s*(\d+)", head)
    length = int(match.group(1)) if match else 0
    if length:
        await reader.readexactly(length)
    return status


async def load(port: int, raw: bytes, connections: int, total: int, seconds: float) -> dict:
    """Send ``total`` requests (or stop after ``seconds``) over ``connections`` keep-alive connections."""
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    remaining = [total]
    deadline = time.perf_counter() + seconds

    async def worker():
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            while remaining[0] > 0 and time.perf_counter() < deadline:
                remaining[0] -= 1
                start = time.perf_counter()
                writer.write(raw)
                status = await _read_response(reader)
                latencies.append(time.perf_counter() - start)
                statuses[status] = statuses.get(status, 0) + 1
        finally:
            writer.close()

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(connections)))
    elapsed = time.perf_counter() - began
    return {"latencies": latencies, "elapsed": elapsed, "statuses": statuses}


def summarise(runs: list[dict]) -> dict:
    latencies = sorted(x for run in runs for x in run["latencies"])
    count = len(latencies)
    elapsed = sum(run["elapsed"] for run in runs)
    statuses: dict[int, int] = {}
    for run in runs:
        for status, n in run["statuses"].items():
            statuses[status] = statuses.get(status, 0) + n
    per_round = [len(run["latencies"]) / run["elapsed"] for run in runs if run["elapsed"]]
    return {
        "requests": count,
        "rps": count / elapsed if elapsed else 0.0,
        "rps_median_round": statistics.median(per_round) if per_round else 0.0,
        "p50_ms": statistics.median(latencies) * 1000 if latencies else float("nan"),
        "p99_ms": latencies[min(count - 1, int(count * 0.99))] * 1000 if latencies else float("nan"),
        "statuses": statuses,
    }


def fetch(port: int, path: str, gzip_ok: bool) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    headers = {"Accept-Encoding": "gzip"} if gzip_ok else {}
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def page_weights(port: int) -> list[dict]:
    rows = []
    for path in PAGES:
        status, html = fetch(port, path, False)
        _, packed = fetch(port, path, True)
        assets = re.findall(rb'<(?:link[^>]+href|script[^>]+src)="(/static/[^"]+\.(?:css|js))"', html)
        plain_assets = packed_assets = 0
        for asset in dict.fromkeys(assets):
            plain_assets += len(fetch(port, asset.decode(), False)[1])
            packed_assets += len(fetch(port, asset.decode(), True)[1])
        rows.append({"path": path, "status": status, "html": len(html), "html_gzip": len(packed),
                     "all_in": len(html) + plain_assets, "all_in_gzip": len(packed) + packed_assets})
    return rows


def time_create_app() -> dict:
    """create_app() in a fresh process: the rule book is read and validated from scratch."""
    code = ("import time, os; t0 = time.perf_counter(); from ecarte_tutor.web import create_app; "
            "t1 = time.perf_counter(); create_app({'SECRET_KEY': 'x'}); t2 = time.perf_counter(); "
            "print(t1 - t0, t2 - t1)")
    runs = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                             env=dict(os.environ, PYTHONPATH=str(ROOT)))
        runs.append(tuple(float(x) for x in out.stdout.split()))
    return {"import_s": min(r[0] for r in runs), "create_app_s": min(r[1] for r in runs),
            "create_app_s_max": max(r[1] for r in runs)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--requests", type=int, default=2000, help="requests per route per round")
    parser.add_argument("--seconds", type=float, default=15.0, help="time limit per route per round")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--threads", type=int, default=8, help="waitress worker threads per process")
    parser.add_argument("--workers", type=int, default=1, help="server processes (ecarte-tutor serve --workers)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object too")
    args = parser.parse_args(argv)

    port = free_port()
    log = tempfile.TemporaryFile()
    server = start_server(port, args.threads, args.workers, log)
    try:
        ask_raw = request_bytes("POST", "/api/ask", json.dumps(PLAY).encode())
        ping_raw = request_bytes("GET", "/api/ping")
        # The control with the same request shape: the question's body POSTed to the constant route.
        post_ping_raw = request_bytes("POST", "/api/ping", json.dumps(PLAY).encode())
        # Warm both routes (imports, caches) before measuring.
        asyncio.run(load(port, ping_raw, args.connections, 500, 5))
        asyncio.run(load(port, ask_raw, args.connections, 500, 5))
        asyncio.run(load(port, post_ping_raw, args.connections, 500, 5))
        routes = [("ping", ping_raw), ("post_ping", post_ping_raw), ("ask", ask_raw)]
        runs = {name: [] for name, _ in routes}
        for number in range(args.rounds):
            # Rotate which route goes first, so none always meets the machine in the same state.
            shift = number % len(routes)
            for name, raw in routes[shift:] + routes[:shift]:
                runs[name].append(asyncio.run(load(port, raw, args.connections, args.requests, args.seconds)))
        ping, post_ping, ask = summarise(runs["ping"]), summarise(runs["post_ping"]), summarise(runs["ask"])
        weights = page_weights(port)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.seek(0)
        queue_warnings = log.read().count(b"Task queue depth")
        log.close()
    startup = time_create_app()

    ratio = ask["rps"] / post_ping["rps"] if post_ping["rps"] else 0.0
    ratio_median = (ask["rps_median_round"] / post_ping["rps_median_round"]
                    if post_ping["rps_median_round"] else 0.0)
    ratio_get = ask["rps"] / ping["rps"] if ping["rps"] else 0.0
    print(f"Load: {args.connections} keep-alive connections, {args.rounds} alternating rounds of up to {args.requests} "
          f"requests or {args.seconds:.0f} s per route, waitress: {args.workers} process(es) of {args.threads} threads, "
          f"loopback")
    print(f"{'route':<22}{'requests':>9}{'req/s':>8}{'median':>8}{'p50 ms':>9}{'p99 ms':>9}  statuses")
    for name, row in (("GET /api/ping", ping), ("POST /api/ping (body)", post_ping), ("POST /api/ask (play)", ask)):
        print(f"{name:<22}{row['requests']:>9}{row['rps']:>8.0f}{row['rps_median_round']:>8.0f}{row['p50_ms']:>9.2f}"
              f"{row['p99_ms']:>9.2f}  {row['statuses']}")
    if queue_warnings:
        print(f"(waitress reported a queue of waiting requests {queue_warnings} times)")
    print(f"ratio ask / constant route with the same POST body: {ratio:.1%} overall, {ratio_median:.1%} of the "
          f"median rounds (target >= {TARGETS['ratio']:.0%}); against GET /api/ping: {ratio_get:.1%}; "
          f"p99 ask {ask['p99_ms']:.1f} ms (target < {TARGETS['p99_ms']:.0f} ms)")
    print()
    print(f"{'page':<62}{'html':>8}{'all in':>9}{'gzip':>8}{'all in gz':>10}")
    for row in weights:
        print(f"{row['path'][:61]:<62}{row['html']:>8}{row['all_in']:>9}{row['html_gzip']:>8}"
              f"{row['all_in_gzip']:>10}{'' if row['status'] == 200 else '  status ' + str(row['status'])}")
    heaviest = max(weights, key=lambda r: r["all_in"])
    over = [r["path"] for r in weights if r["all_in"] > TARGETS["page_kb"] * 1000]
    over_gz = [r["path"] for r in weights if r["all_in_gzip"] > TARGETS["page_kb"] * 1000]
    print(f"heaviest all in: {heaviest['path']} {heaviest['all_in'] / 1000:.1f} kB "
          f"({heaviest['all_in_gzip'] / 1000:.1f} kB gzip); over {TARGETS['page_kb']:.0f} kB: "
          f"{len(over)} plain {over}, {len(over_gz)} gzip")
    print()
    print(f"create_app() with full validation, fresh process: {startup['create_app_s'] * 1000:.0f} ms "
          f"(worst of 3: {startup['create_app_s_max'] * 1000:.0f} ms; target < {TARGETS['create_app_s'] * 1000:.0f} ms);"
          f" importing the package first: {startup['import_s'] * 1000:.0f} ms")
    if args.json:
        print(json.dumps({"ping": {k: v for k, v in ping.items() if k != "statuses"},
                          "post_ping": {k: v for k, v in post_ping.items() if k != "statuses"},
                          "ratio_get": ratio_get,
                          "ask": {k: v for k, v in ask.items() if k != "statuses"}, "ratio": ratio,
                          "ratio_median": ratio_median,
                          "pages": weights, **startup}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
