"""How soon ``ecarte-tutor serve`` answers after launch, beside ``create_app()`` measured in the same run.

1. ``create_app()`` alone, in a fresh interpreter (imports included), the baseline: the median of ``--starts``.
2. Launch to first answer: ``ecarte-tutor serve`` (its defaults) started in a subprocess on 127.0.0.1 and a
   free port, GET / sent as soon as the port takes a connection, and the time from launch to the answer. The
   first start uses a new instance folder, so the data check runs (once per change of the data); the later
   starts find it remembered, as every start does until the data changes. Target: under 2 s, quiet.
3. Cold against warm: after a start, one keep-alive connection (one worker) asks each page of :data:`PAGES`
   once (cold: the first time the worker builds it) and then five times more (warm: their median). Pages
   whose first showing answers lessons' card-play analyses are marked (*): another change makes those fast.

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
ANALYSING = {"/laws/43", "/rules/deal.five-cards"}
"""Pages whose first showing traces where each rule is used, answering every lesson (card-play analyses)."""


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


def page_times(port: int) -> list[tuple[str, float, float]]:
    """(page, cold ms, warm ms) over one keep-alive connection."""
    connection = http.client.HTTPConnection(HOST, port, timeout=120)
    rows = []

    def timed(path: str) -> float:
        began = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return (time.perf_counter() - began) * 1000

    for path in PAGES:
        cold = timed(path)
        rows.append((path, cold, statistics.median(timed(path) for _ in range(5))))
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--starts", type=int, default=3, help="starts measured after the first (default 3)")
    args = parser.parse_args(argv)
    if args.starts < 1:
        parser.error("--starts must be at least 1")
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
    answer = statistics.median(answers)
    print(f"create_app() alone, fresh interpreter (median of {args.starts}): {base:.2f} s  (baseline 1.00)")
    print(f"serve, launch to first answer, data check remembered (median of {args.starts}): {answer:.2f} s  "
          f"({answer / base:.2f}x create_app; target < 2 s)  starts: {' '.join(f'{a:.2f}' for a in answers)}")
    print(f"serve, launch to first answer, first start (data check run): {first:.2f} s  ({first / base:.2f}x)")
    print(f"{'page':<58}{'cold ms':>9}{'warm ms':>9}{'ratio':>7}")
    for path, cold, warm in pages:
        mark = " *" if path in ANALYSING else ""
        print(f"{path[:57]:<58}{cold:>9.1f}{warm:>9.1f}{cold / warm:>7.1f}{mark}")
    print("(*: answers lessons' card-play analyses on first showing)")
    worst = max(cpu, key=lambda row: row[1])
    print(f"CPU a page, warm, in process: worst {worst[0]} {worst[1]:.1f} ms (target <= 10 ms); "
          + ", ".join(f"{path} {ms:.1f}" for path, ms in cpu))
    print(json.dumps({"create_app_s": round(base, 3), "first_answer_s": round(answer, 3),
                      "first_start_s": round(first, 3), "ratio": round(answer / base, 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
