"""How soon ``ecarte-tutor serve`` answers after launch, beside ``create_app()`` measured in the same run.

1. ``create_app()`` alone, in a fresh interpreter (imports included), the baseline: the median of ``--starts``.
2. Launch to first answer: ``ecarte-tutor serve`` (its defaults) started in a subprocess on 127.0.0.1 and a
   free port, GET / sent as soon as the port takes a connection, and the time from launch to the answer. The
   first start uses a new instance folder, so the data check runs (once per change of the data); the later
   starts find it remembered, as every start does until the data changes. Target: under 2 s, quiet.
3. Cold against warm: after a start, one keep-alive connection (one worker) sends each request of :data:`PAGES`
   once (cold: the first time the worker meets it), a second time, and five times more (warm: their median);
   the ratios cold/second and cold/warm are printed (target: within 2x). A request of :data:`ANSWERS` (a wrong
   card on a card-play lesson step; new questions to the API) sends another body each time after the first,
   so that none is answered from what the first one worked out.

4. Every page's CPU time warm, in this process (``time.process_time``, the median of five after two
   showings): target 10 ms or less.

Each figure is printed with its ratio to ``create_app()`` in the same run (the machine's speed drifts).
Loopback only; every loop is bounded.

    python bench/start_bench.py [--starts 3]
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
SERVE = [sys.executable, "-m", "ecarte_tutor.cli", "serve", "--host", HOST]
CREATE_APP = ("import time; t = time.perf_counter(); from ecarte_tutor.web import create_app; "
              "create_app(); print(time.perf_counter() - t)")
PAGES = [
    "/", "/legal/?trump=H&led=JS&hand=QS&hand=7S&hand=8D&card=7S", "/legal/trick", "/dispute/",
    "/dispute/?irregularity=revoke", "/rules", "/rules/disagreements", "/laws", "/laws/43", "/rules/deal.five-cards",
    "/casebook/", "/casebook/?q=king", "/casebook/trick.ace-does-not-beat-knave", "/lessons/",
    "/lessons/01-pack-and-ranking/1", "/lessons/practice/", "/play/", "/api/openapi.json",
]
ANALYSING = {"/laws/43", "/rules/deal.five-cards", "POST /lessons/17-leading-for-the-point/3"}
"""Pages whose first showing would trace where each rule is used or weigh a card-play position, but for what the
start keeps (commands.datacheck.prepare)."""
LESSON_STEP = "/lessons/17-leading-for-the-point/3"  # a best-card step; each card below is a wrong answer
ANSWERS = {
    f"POST {LESSON_STEP}": ("application/x-www-form-urlencoded",
                            [f"card={card}&seq=0&tries=0".encode() for card in ("KH", "QH", "9S", "KH", "QH",
                                                                                  "9S", "KH")]),
    "POST /api/ask": ("application/json", [json.dumps(
        {"kind": "play", "trump": trump, "led": led, "hand": ["QS", "7S", "8D", "KH", "AC"], "card": "7S"}).encode()
        for trump, led in (("H", "JS"), ("D", "JS"), ("C", "JS"), ("S", "JC"), ("H", "10S"), ("D", "9S"),
                           ("C", "8S"))]),
}
"""(content type, bodies in turn) of each request that is POSTed."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def environment(instance: str) -> dict:
    return dict(os.environ, PYTHONPATH=str(ROOT), ECARTE_TUTOR_INSTANCE_PATH=instance,
                ECARTE_TUTOR_SECRET_KEY="bench-only-key-5f2c9a1e7d3b8046a4")


def time_create_app(instance: str) -> float:
    out = subprocess.run([sys.executable, "-c", CREATE_APP], cwd=ROOT, env=environment(instance),
                         capture_output=True, text=True, check=True, timeout=120)
    return float(out.stdout.split()[-1])


def first_answer(port: int, began: float, process: subprocess.Popen, limit: float = 120) -> float:
    """Seconds from ``began`` to the first answer to GET / on ``port``."""
    while time.perf_counter() - began < limit:
        if process.poll() is not None:
            raise SystemExit("the server stopped before answering")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=limit)
            connection.request("GET", "/")
            response = connection.getresponse()
            response.read()
            connection.close()
            if response.status == 200:
                return time.perf_counter() - began
        except OSError:
            time.sleep(0.01)
    raise SystemExit(f"no answer within {limit:.0f} s")


def page_times(port: int) -> list[tuple[str, float, float, float]]:
    """(request, cold ms, second ms, warm ms) over one keep-alive connection."""
    connection = http.client.HTTPConnection(HOST, port, timeout=120)
    rows = []

    def timed(request: str, turn: int) -> float:
        method, _, path = request.rpartition(" ")
        kind, bodies = ANSWERS.get(request, ("", [b""]))
        began = time.perf_counter()
        connection.request(method or "GET", path, body=bodies[turn % len(bodies)] or None,
                           headers={"Content-Type": kind} if kind else {})
        response = connection.getresponse()
        response.read()
        if response.status >= 500:
            raise SystemExit(f"{request}: {response.status}")
        return (time.perf_counter() - began) * 1000

    for request in [*PAGES, *ANSWERS]:
        cold, second = timed(request, 0), timed(request, 1)
        rows.append((request, cold, second, statistics.median(timed(request, turn) for turn in range(2, 7))))
    connection.close()
    return rows


def page_cpu(instance: str) -> list[tuple[str, float]]:
    """(page, CPU ms warm) for every page of PAGES, in this process."""
    os.environ.update(environment(instance))
    sys.path.insert(0, str(ROOT))
    from ecarte_tutor.web import create_app

    client = create_app().test_client()
    rows = []
    for path in PAGES:
        times = []
        for turn in range(7):
            began = time.process_time()
            client.get(path)
            if turn >= 2:
                times.append((time.process_time() - began) * 1000)
        rows.append((path, statistics.median(times)))
    return rows


def start(instance: str, measure_pages: bool) -> tuple[float, list]:
    port = free_port()
    with tempfile.TemporaryFile() as log:
        began = time.perf_counter()
        process = subprocess.Popen([*SERVE, "--port", str(port)], cwd=ROOT, env=environment(instance),
                                   stdout=subprocess.DEVNULL, stderr=log)
        try:
            answered = first_answer(port, began, process)
            pages = page_times(port) if measure_pages else []
        finally:
            process.terminate()
            process.wait(timeout=40)
    return answered, pages


def load_line(before: tuple[float, ...]) -> str:
    """The machine's load average before the measurements and now: how busy a shared machine was meanwhile."""
    return ("load average (1, 5, 15 min) before: " + " ".join(f"{x:.2f}" for x in before)
            + "; after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--starts", type=int, default=3, help="starts measured after the first (default 3)")
    args = parser.parse_args(argv)
    if args.starts < 1:
        parser.error("--starts must be at least 1")
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as instance:
        first, _ = start(instance, False)  # a new instance folder: the data check runs
        created, answers, pages = [], [], []
        for number in range(args.starts):
            created.append(time_create_app(instance))
            answered, rows = start(instance, number == 0)
            answers.append(answered)
            pages = pages or rows
        cpu = page_cpu(instance)
    base = statistics.median(created)
    print(load_line(load_before))
    answer = statistics.median(answers)
    print(f"create_app() alone, fresh interpreter (median of {args.starts}): {base:.2f} s  (baseline 1.00)")
    print(f"serve, launch to first answer, data check remembered (median of {args.starts}): {answer:.2f} s  "
          f"({answer / base:.2f}x create_app; target < 2 s)  starts: {' '.join(f'{a:.2f}' for a in answers)}")
    print(f"serve, launch to first answer, first start (data check run): {first:.2f} s  ({first / base:.2f}x)")
    print(f"{'request':<58}{'cold ms':>9}{'2nd ms':>8}{'warm ms':>9}{'/2nd':>6}{'/warm':>7}")
    for path, cold, second, warm in pages:
        mark = " *" if path in ANALYSING else ""
        print(f"{path[:57]:<58}{cold:>9.1f}{second:>8.1f}{warm:>9.1f}{cold / second:>6.1f}{cold / warm:>7.1f}{mark}")
    print("(*: would trace every rule's uses or weigh a card-play position, but for what the start keeps)")
    worst = max(cold / warm for _path, cold, _second, warm in pages)
    slowest = max(cpu, key=lambda row: row[1])
    print(f"CPU a page, warm, in process: worst {slowest[0]} {slowest[1]:.1f} ms (target <= 10 ms); "
          + ", ".join(f"{path} {ms:.1f}" for path, ms in cpu))
    print(json.dumps({"create_app_s": round(base, 3), "first_answer_s": round(answer, 3),
                      "first_start_s": round(first, 3), "ratio": round(answer / base, 2),
                      "worst_cold_to_warm": round(worst, 2), "load_before": [round(x, 2) for x in load_before]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
