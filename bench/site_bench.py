"""The site under load: POST /api/ask against a bare WSGI app sending the same bytes, same server, one run.

Starts the production server (``ecarte-tutor serve``: gunicorn, its default gevent worker
processes) and the control (``bench/control_server.py``: a bare WSGI app that sends the very
status, headers and body the site sends for the question, under gunicorn with the same
settings), each in a subprocess on 127.0.0.1 and a free port. It loads them over 32
keep-alive connections with wrk when it is installed (a C load generator that leaves the
CPU to the servers), else with an asyncio load generator; loopback only. The two take turns
in short rounds, POSTing the same question, so that both meet the same machine: its speed
drifts by tens of per cent within a minute, so the ratio is taken round by round (each ask
round against the control round run just before or after it, the order alternating) and the
median of the rounds' ratios reported, so that no one noisy round decides. A second pair of routes,
with wrk, sends a stream of 4,096 distinct questions, cycled: every one is read, checked and worked
out anew, where the repeated question may meet caches the engine keeps (the control still sends one
answer's bytes, of about the same length). Prints requests/s, p50
and p99 for each and the ratio; then the weight of every page with its CSS and JS (plain and
gzip), and the time ``create_app()`` takes with full validation in a fresh process. Figures
are reported against the targets, never asserted.

    python bench/site_bench.py [--connections 32] [--rounds 16] [--seconds 2] [--generator auto|wrk|python]
                               [--threads N] [--workers N]   (default: those of ecarte-tutor serve)
                               [--control-holds-library]     (diagnostic: the control holds the library too)

Measured on the 2-core machine, where wrk and both servers share the cores. A short run moves
by ten points either way, and whole runs by more from one hour to the next (the machine is
shared): use --rounds 60, and read each ratio's 95 % interval (the rounds' median, from their order
statistics). Targets: new questions at 0.6 of the bare app or more (bare Flask's level), every page
10 ms of CPU or less warm. On a machine others load too, the requests a second of a round depend on what else ran
in it; each round's CPU is also counted (the server's processes from /proc, wrk's from its rusage), and the ratio
of the CPU a request takes, control over ask, is printed with its interval as well: the ratio the two would have
on cores of their own.
- 2026-11-30 to 2026-12-04 (issues 22 and 31): a hand-written WSGI front, reply templates per holding, a
  JSON-Schema compiler and msgspec took the API to 0.96 to 1.02 of the bare app on a repeated question and
  0.87 to 0.93 on new ones (14 sessions; their notes are in the history of this file).
- 2026-12-07 (issue 37): that machinery removed; /api/ask is a Flask view over ask(), questions checked
  by fastjsonschema (jsonschema for the error). Figures: see the issue 37 report (bench/start_bench.py for
  the start).
- 2026-12-07, later (issue 37, cold helper; load 11 to 16, so by CPU): with no cross-site hook, no session and no
  second reading of a card on /api/ask, new questions went from 0.456 (interval 0.435-0.473) to 0.468
  (0.445-0.476) by CPU. --bare-flask in the same kind of run: bare Flask sending the same bytes 0.568
  (0.532-0.598) by CPU, 0.597 (0.423-0.781) by req/s; the API 0.463 (0.405-0.475), about 0.82 of bare Flask's.
- 2026-12-07, late (issue 37, api helper; load 6 to 11, so by CPU): a redirect made relative in the headers'
  middleware (one hook fewer), Flask's ensure_sync kept per function (web.Tutor), the app looked up once on
  /api/ask: a new question in process 682k -> 607k instructions (callgrind), pages 15.30M -> 15.25M. In the
  server, within the noise: new questions by CPU 0.460 and 0.447 before, 0.454 and 0.447 after (intervals about
  +-0.02). --bare-flask in the same runs: bare Flask sending the same bytes 0.569 to 0.584; bare Flask with one
  view over ask() (the least an ordinary Flask view over ask() costs) 0.466 and 0.462: the API is at that
  ceiling, and 0.6 would need ask() and Flask together cheaper than bare Flask sending a constant.
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import math
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ecarte_tutor.commands.serve import DEFAULT_WORKERS  # noqa: E402

HOST = "127.0.0.1"  # loopback only
PLAY = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D", "KH", "AC"], "card": "7S"}
PAGES = [
    "/", "/legal/", "/legal/?trump=H&led=JS&hand=QS&hand=7S&hand=8D&card=7S", "/legal/trick",
    "/legal/trick?trump=H&led=KS&followed=7H", "/legal/score", "/legal/score?elder_tricks=5&king_announced_by=",
    "/legal/exchange", "/legal/exchange?stock=2&elder_discards=3", "/dispute/",
    "/dispute/?irregularity=wrong-card-count&discovered=before-turn-up&elder_looked=true&hand=elder&count=3",
    "/rules", "/rules?profile=french", "/rules/disagreements", "/rules/sources", "/rules/pack.rank-order",
    "/rules/law.43", "/laws", "/casebook/",
    "/casebook/?q=king", "/lessons/", "/lessons/01-pack-and-ranking/", "/lessons/01-pack-and-ranking/4",
    "/api/openapi.json",
]
TARGETS = {"ratio": 0.60, "p99_ms": 25.0, "page_kb": 60.0, "create_app_s": 0.5}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def start_server(command: list[str], port: int, threads: int | None, workers: int | None, log,
                 ready: str = "/api/openapi.json") -> subprocess.Popen:
    """``command`` (the site's serve, or the control) on ``port``, once it answers GET ``ready``."""
    env = dict(os.environ, ECARTE_TUTOR_SECRET_KEY="bench-only-key-5f2c9a1e7d3b8046a4", PYTHONPATH=str(ROOT))
    # The server's log goes to a file: a pipe nobody reads would fill up and stall the server.
    command = command + ["--host", HOST, "--port", str(port)]
    command += (["--threads", str(threads)] if threads else []) + (["--workers", str(workers)] if workers else [])
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 300  # a first start after a change of the data checks it and keeps its analyses
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.seek(0)
            raise SystemExit(f"the server stopped at once: {log.read().decode(errors='replace')}")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=1)
            connection.request("GET", ready)
            if connection.getresponse().status == 200:
                connection.close()
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not answer within 300 s")


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


async def _load(port: int, raw: bytes, connections: int, seconds: float, total: int) -> dict:
    """Send requests over ``connections`` keep-alive connections for ``seconds`` (or ``total`` requests)."""
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
    latencies.sort()
    count = len(latencies)
    return {"requests": count, "rps": count / elapsed if elapsed else 0.0,
            "p50_ms": latencies[count // 2] * 1000 if count else float("nan"),
            "p99_ms": latencies[min(count - 1, int(count * 0.99))] * 1000 if count else float("nan"),
            "errors": sum(n for status, n in statuses.items() if status != 200)}


def python_round(port: int, route: dict, connections: int, seconds: int) -> dict:
    raw = request_bytes(route["method"], route["path"], route["body"])
    return asyncio.run(_load(port, raw, connections, seconds, total=10 ** 9))


_WRK_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def _wrk_ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(number) * _WRK_UNITS[unit]


TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def tree_cpu(pid: int) -> float:
    """CPU seconds (user and system) that ``pid`` and its children have used so far (Linux /proc; 0.0 elsewhere):
    gunicorn's master and its workers."""
    total, pending = 0.0, [pid]
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(child) for child in (task / "children").read_text().split()]
        except (OSError, IndexError, ValueError):
            continue
    return total


def wrk_round(port: int, route: dict, connections: int, seconds: int, scripts: dict) -> dict:
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if route["name"] in scripts:
        command += ["-s", scripts[route["name"]]]
    out = subprocess.run(command + [f"http://{HOST}:{port}{route['path']}"], capture_output=True, text=True,
                         check=True).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    return {"requests": int(re.search(r"(\d+) requests in", out).group(1)),
            "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p50_ms": _wrk_ms(re.search(r"\s50%\s+(\S+)", out).group(1)),
            "p99_ms": _wrk_ms(re.search(r"\s99%\s+(\S+)", out).group(1)),
            "errors": (int(errors.group(1)) if errors else 0)
            + (sum(int(n) for n in socket_errors.groups()) if socket_errors else 0)}


def distinct_plays(count: int, seed: int = 7) -> list[bytes]:
    """``count`` different play questions (hand, card led, card to play and trump drawn with a seed)."""
    import random

    from ecarte_tutor.cards import PACK

    rng = random.Random(seed)
    found: dict[bytes, None] = {}
    while len(found) < count:
        cards = [card.notation for card in rng.sample(PACK, 6)]
        question = {"kind": "play", "trump": rng.choice("SHDC"), "led": cards[0], "hand": cards[1:],
                    "card": rng.choice(cards[1:])}
        found[json.dumps(question).encode()] = None
    return list(found)


def wrk_scripts(routes, folder: Path) -> dict:
    """A wrk Lua script per route with a body: method, header and body (JSON has no ]] to break the string);
    a route with ``bodies`` sends them in turn."""
    scripts = {}
    for route in routes:
        if route.get("bodies"):
            path = folder / f"{route['name']}.lua"
            items = ",\n".join(f"[[{body.decode()}]]" for body in route["bodies"])
            # wrk.format with no headers of its own sends wrk.headers, Host among them
            path.write_text(f'local bodies = {{\n{items}\n}}\nlocal i = 0\n'
                            'wrk.headers["Content-Type"] = "application/json"\n'
                            'request = function()\n  i = i % #bodies + 1\n'
                            '  return wrk.format("POST", nil, nil, bodies[i])\nend\n')
            scripts[route["name"]] = str(path)
        elif route["body"]:
            path = folder / f"{route['name']}.lua"
            path.write_text(f'wrk.method = "{route["method"]}"\n'
                            f'wrk.headers["Content-Type"] = "application/json"\n'
                            f'wrk.body = [[{route["body"].decode()}]]\n')
            scripts[route["name"]] = str(path)
    return scripts


def summarise(rounds: list[dict]) -> dict:
    """Medians over the rounds of one route (a round's p99 is its own; the worst is kept too)."""
    return {"requests": sum(r["requests"] for r in rounds),
            "rps": statistics.median(r["rps"] for r in rounds),
            "rps_mean": statistics.fmean(r["rps"] for r in rounds),
            "p50_ms": statistics.median(r["p50_ms"] for r in rounds),
            "p99_ms": statistics.median(r["p99_ms"] for r in rounds),
            "p99_ms_worst": max(r["p99_ms"] for r in rounds),
            "errors": sum(r["errors"] for r in rounds)}


def round_ratios(asks: list[dict], controls: list[dict]) -> list[float]:
    """Each round's ask req/s divided by the control's req/s in the same round."""
    return [a["rps"] / c["rps"] for a, c in zip(asks, controls, strict=True) if c["rps"]]


def cpu_ratios(asks: list[dict], controls: list[dict]) -> list[float]:
    """Each round's CPU a request of the control (its server and the load generator) over the ask's: the ratio of
    requests a second the two would serve on cores of their own, whatever else the shared machine runs."""
    return [c["cpu_per_request"] / a["cpu_per_request"] for a, c in zip(asks, controls, strict=True)
            if a["cpu_per_request"] > 0]


def paired_ratio(asks: list[dict], controls: list[dict]) -> float:
    """The median over rounds of ask req/s divided by the control's req/s in the same round."""
    return statistics.median(round_ratios(asks, controls))


def median_interval(values: list[float]) -> tuple[float, float]:
    """A 95 % confidence interval for the median of ``values``, from their order statistics alone (the
    binomial rule: no assumption about how the rounds' ratios are spread), so that a run says whether its median
    clears the target or only lands near it by chance. Fewer than six values give no interval: their extremes."""
    ordered = sorted(values)
    n = len(ordered)
    # the median lies between the j-th and the (n + 1 - j)-th values unless at least n + 1 - j of the n values
    # fall on one side of it: the largest j whose two tails of a Binomial(n, 1/2) weigh 5 % or less
    j, tail = 0, 0.0
    while j < n // 2 and tail + math.comb(n, j) / 2 ** n <= 0.025:
        tail += math.comb(n, j) / 2 ** n
        j += 1
    return (ordered[j - 1], ordered[n - j]) if j else (ordered[0], ordered[-1])


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
    """create_app() in fresh processes: the rule book is read and validated from scratch each time. The first
    start makes the SQLite database in a new instance folder (its migrations run); the three after it find
    the database there, as every start of a site but its first does."""
    code = ("import time, os; t0 = time.perf_counter(); from ecarte_tutor.web import create_app; "
            "t1 = time.perf_counter(); create_app({'SECRET_KEY': 'x', 'TESTING': True}); t2 = time.perf_counter(); "
            "print(t1 - t0, t2 - t1)")
    runs = []
    with tempfile.TemporaryDirectory() as instance:
        for _ in range(4):
            out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                                 env=dict(os.environ, PYTHONPATH=str(ROOT), ECARTE_TUTOR_INSTANCE_PATH=instance))
            runs.append(tuple(float(x) for x in out.stdout.split()))
    first, again = runs[0], runs[1:]
    return {"import_s": min(r[0] for r in runs), "create_app_first_s": first[1],
            "create_app_s": min(r[1] for r in again), "create_app_s_max": max(r[1] for r in again)}


SERVE = [sys.executable, "-m", "ecarte_tutor.cli", "serve"]
CONTROL = [sys.executable, str(ROOT / "bench" / "control_server.py"), "--body", json.dumps(PLAY)]
ROUTES = [
    # The same request to both: the control sends back the bytes the site sends, without working them out.
    {"name": "control", "label": "control (same bytes)", "method": "POST", "path": "/api/ask",
     "body": json.dumps(PLAY).encode()},
    {"name": "ask", "label": "POST /api/ask (play)", "method": "POST", "path": "/api/ask",
     "body": json.dumps(PLAY).encode()},
]
# With wrk only: 4,096 distinct questions, cycled, each worked out anew.
DISTINCT = 4096
DISTINCT_ROUTES = [
    {"name": "control-new", "label": "control (new questions)", "method": "POST", "path": "/api/ask",
     "body": b"", "bodies": None, "port": "control"},
    {"name": "ask-new", "label": "POST /api/ask (new qs)", "method": "POST", "path": "/api/ask",
     "body": b"", "bodies": None, "port": "ask"},
]
# With --bare-flask: bare Flask sending the same bytes, the level the target names, measured in the same run.
FLASK_ROUTE = {"name": "flask-new", "label": "bare Flask (new qs)", "method": "POST", "path": "/api/ask",
               "body": b"", "bodies": None, "port": "flask"}
# And bare Flask with one view over ask() (control_server.py --flask-ask): the least an ordinary Flask view over
# ask() costs, the API's own ceiling.
FLASK_ASK_ROUTE = {"name": "flask-ask-new", "label": "bare Flask over ask()", "method": "POST", "path": "/api/ask",
                   "body": b"", "bodies": None, "port": "flask-ask"}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=16, help="rounds; each loads every route once")
    parser.add_argument("--seconds", type=int, default=2, help="whole seconds per route per round")
    parser.add_argument("--generator", choices=("auto", "wrk", "python"), default="auto",
                        help="load generator (auto: wrk when installed)")
    parser.add_argument("--threads", type=int, default=None, help="threads per process (default: serve's)")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn worker processes (default: serve's)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object too")
    parser.add_argument("--bare-flask", action="store_true",
                        help="with wrk: two more servers, bare Flask sending the same bytes (control_server.py "
                             "--flask) and bare Flask with one view over ask() (--flask-ask), their ratios to the "
                             "control printed beside the ask's: the target's level and the API's ceiling, measured")
    parser.add_argument("--control-holds-library", action="store_true",
                        help="diagnostic: the control keeps the loaded library in memory too, unused, so the "
                             "ratio shows the work per request alone, without the cost of a larger process")
    args = parser.parse_args(argv)
    generator = args.generator
    if generator == "auto":
        generator = "wrk" if shutil.which("wrk") else "python"
    elif generator == "wrk" and not shutil.which("wrk"):
        parser.error("wrk is not installed (apt install wrk), use --generator python")

    ports = {"ask": free_port(), "control": free_port()}
    routes = list(ROUTES)
    flask = args.bare_flask and generator == "wrk"
    if generator == "wrk":  # the asyncio generator sends one request over and over
        bodies = distinct_plays(DISTINCT)
        routes += [{**route, "bodies": bodies}
                   for route in DISTINCT_ROUTES + ([FLASK_ROUTE, FLASK_ASK_ROUTE] if flask else [])]
        if flask:
            ports["flask"], ports["flask-ask"] = free_port(), free_port()
    pairs = [("ask", "control")] + ([("ask-new", "control-new")] if generator == "wrk" else [])
    pairs += [("flask-new", "control-new"), ("flask-ask-new", "control-new")] if flask else []
    log = tempfile.TemporaryFile()  # noqa: SIM115 -- shared by both servers, closed in the finally below
    folder = tempfile.TemporaryDirectory()
    servers = [start_server(SERVE, ports["ask"], args.threads, args.workers, log)]
    try:
        control = CONTROL + (["--hold-library"] if args.control_holds_library else [])
        servers.append(start_server(control, ports["control"], args.threads, args.workers, log))
        if flask:
            servers.append(start_server(CONTROL + ["--flask"], ports["flask"], args.threads, args.workers, log))
            servers.append(start_server(CONTROL + ["--flask-ask"], ports["flask-ask"], args.threads, args.workers,
                                        log))
        scripts = wrk_scripts(routes, Path(folder.name))

        pids = {"ask": servers[0].pid, "control": servers[1].pid,
                **({"flask": servers[2].pid, "flask-ask": servers[3].pid} if flask else {})}

        def one_round(route, seconds):
            name = route.get("port", route["name"])
            server, load = tree_cpu(pids[name]), resource.getrusage(resource.RUSAGE_CHILDREN)
            load_self = resource.getrusage(resource.RUSAGE_SELF)
            if generator == "wrk":
                found = wrk_round(ports[name], route, args.connections, seconds, scripts)
            else:
                found = python_round(ports[name], route, args.connections, seconds)
            after, after_self = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
            # the load generator's CPU: wrk, a waited child, or this process's own loop
            generating = (after.ru_utime + after.ru_stime - load.ru_utime - load.ru_stime if generator == "wrk" else
                          after_self.ru_utime + after_self.ru_stime - load_self.ru_utime - load_self.ru_stime)
            found["cpu_per_request"] = (tree_cpu(pids[name]) - server + generating) / max(found["requests"], 1)
            return found

        for route in routes:  # warm every route (imports, caches) before measuring
            one_round(route, 1)
        runs: dict[str, list[dict]] = {route["name"]: [] for route in routes}
        paired: dict[tuple[str, str], list[dict]] = {pair: [] for pair in pairs}  # each pair's own control rounds
        by_name = {route["name"]: route for route in routes}
        for number in range(args.rounds):
            # The two routes of a pair run back to back, so that each ratio compares them on the machine of the
            # same few seconds; which goes first alternates, and so does which pair comes first.
            shift = number % len(pairs)
            for pair in pairs[shift:] + pairs[:shift]:
                for name in pair if number % 2 else reversed(pair):
                    found = one_round(by_name[name], args.seconds)
                    (runs[name] if name == pair[0] else paired[pair]).append(found)
        for (_ask, control), rounds in paired.items():
            runs[control] += rounds
        summary = {name: summarise(rounds) for name, rounds in runs.items()}
        # Both had the same time, interleaved: the ratio of the means is the ratio of all
        # requests served, a second estimate less swayed by any one round.
        ratios = {ask: (paired_ratio(runs[ask], paired[ask, control]),
                        summary[ask]["rps_mean"] / statistics.fmean(r["rps"] for r in paired[ask, control]),
                        median_interval(round_ratios(runs[ask], paired[ask, control]))) for ask, control in pairs}
        by_cpu = {ask: (statistics.median(cpu_ratios(runs[ask], paired[ask, control])),
                        median_interval(cpu_ratios(runs[ask], paired[ask, control]))) for ask, control in pairs}
        weights = page_weights(ports["ask"])
    finally:
        for server in servers:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        log.close()
        folder.cleanup()
    startup = time_create_app()

    print(f"Load ({generator}): {args.connections} keep-alive connections, {args.rounds} alternating rounds of "
          f"{args.seconds:g} s each; gunicorn: {args.workers or DEFAULT_WORKERS} gevent process(es) "
          f"({os.cpu_count()} cores); loopback")
    print(f"{'route':<25}{'requests':>9}{'req/s':>8}{'p50 ms':>9}{'p99 ms':>9}{'worst p99':>10}  non-200")
    for route in routes:
        row = summary[route["name"]]
        print(f"{route['label']:<25}{row['requests']:>9}{row['rps']:>8.0f}{row['p50_ms']:>9.2f}{row['p99_ms']:>9.2f}"
              f"{row['p99_ms_worst']:>10.2f}  {row['errors']}")
    ask = summary["ask"]
    print("(req/s, p50 and p99: medians over the rounds)")
    ratio, ratio_mean, (low, high) = ratios["ask"]
    print(f"ratio ask / bare WSGI app sending the same bytes: {ratio:.1%} median of the rounds' ratios "
          f"(95 % interval {low:.1%} to {high:.1%}), {ratio_mean:.1%} from the mean req/s "
          f"(target >= {TARGETS['ratio']:.0%}); p99 ask {ask['p99_ms']:.1f} ms (target < {TARGETS['p99_ms']:.0f} ms)")
    if "ask-new" in ratios:
        new, new_mean, (low, high) = ratios["ask-new"]
        print(f"ratio with {DISTINCT:,} distinct questions in turn (each worked out anew): "
              f"{new:.1%} median (95 % interval {low:.1%} to {high:.1%}), {new_mean:.1%} from the mean req/s "
              f"(target >= {TARGETS['ratio']:.0%})")
    if "flask-new" in ratios:
        level, _mean, (low, high) = ratios["flask-new"]
        print(f"bare Flask sending the same bytes, new questions: {level:.1%} median (95 % interval {low:.1%} to "
              f"{high:.1%}) of the same control")
    if "flask-ask-new" in ratios:
        level, _mean, (low, high) = ratios["flask-ask-new"]
        print(f"bare Flask with one view over ask(), new questions: {level:.1%} median (95 % interval {low:.1%} to "
              f"{high:.1%}) of the same control")
    for ask, label in (("ask", "the same question"), ("ask-new", "new questions"),
                       ("flask-new", "bare Flask, new questions"),
                       ("flask-ask-new", "bare Flask over ask(), new questions")):
        if ask in by_cpu:
            ratio, (low, high) = by_cpu[ask]
            print(f"by CPU ({label}): the control's CPU a request over the ask's, servers and load generator: "
                  f"{ratio:.1%} median of the rounds (95 % interval {low:.1%} to {high:.1%}): the ratio on cores "
                  "of their own, little moved by a shared machine's load")
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
    print(f"create_app() with full validation, fresh process, its database made before: "
          f"{startup['create_app_s'] * 1000:.0f} ms (worst of 3: {startup['create_app_s_max'] * 1000:.0f} ms; "
          f"target < {TARGETS['create_app_s'] * 1000:.0f} ms); the first start, making the database: "
          f"{startup['create_app_first_s'] * 1000:.0f} ms; importing the package first: "
          f"{startup['import_s'] * 1000:.0f} ms")
    if args.json:
        print(json.dumps({"generator": generator, **summary, "ratios": ratios, "cpu_ratios": by_cpu,
                          "pages": weights, **startup}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
