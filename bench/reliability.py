"""How ``ecarte-tutor serve`` holds up: a killed worker, SIGTERM under load, idle connections, huge bodies, long URLs.

Each check starts the server (serve's defaults unless --server, --workers or --threads say
otherwise) in a subprocess on 127.0.0.1 and a free port, loopback only, and every loop is
bounded in count and time. Prints what it measured beside the target; asserts nothing.

1. A worker is killed (SIGKILL) under wrk load: how long until a new one takes its place,
   and the requests a second before (median of three 2 s rounds), during (a 6 s round, the
   kill 2 s in) and after (three more rounds).
2. SIGTERM under load (32 keep-alive connections asking questions back to back): requests
   cut (sent whole, answered not at all or in part) must be 0; connections refused once
   the server has stopped listening are not cuts.
3. 1,000 idle connections held for 30 s (any the server closes is opened again) while
   visitors, each on a new connection, ask questions: their p99 must stay under 100 ms.
4. A body of 1 GiB, declared and then sent, and one of 1 GiB sent chunked: refused with a
   413 while the disk holding the temporary folder does not grow and no large file appears.
5. A /dispute/ URL of 200 KB of made-up facts: a 400 under 10 KB. Also one of 7 KB, which
   passes the server's request-line limit and is refused by the site itself.

7-10. The store (bench/store_checks.py): cookieless reads, 64 learners answering, a large export, and what
   strangers make it keep (a crawl, an old GET address, forged acts); on SQLite,
   and on PostgreSQL too when ``--postgres URL`` or ECARTE_TUTOR_TEST_POSTGRES_URL names a server.

    python bench/reliability.py [--server gunicorn|waitress] [--idle 1000] [--idle-seconds 30] [--only N ...]
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_bench import PLAY, SERVE, free_port, start_server, wrk_round, wrk_scripts  # noqa: E402

HOST = "127.0.0.1"  # loopback only
BODY = __import__("json").dumps(PLAY).encode()
ASK = {"name": "ask", "method": "POST", "path": "/api/ask", "body": BODY}
REQUEST = (f"POST /api/ask HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
           f"Content-Length: {len(BODY)}\r\n\r\n").encode() + BODY
GIB = 1 << 30


class Server:
    """``ecarte-tutor serve`` in a subprocess, with its log in a file."""

    def __init__(self, args):
        self.port = free_port()
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 -- lives as long as the server, closed by stop()
        options = ["--server", args.server] + (["--workers", str(args.workers)] if args.workers else [])
        self.process = start_server(SERVE + options, self.port, args.threads, None, self.log)

    def workers(self) -> set[int]:
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return {int(pid) for pid in children.read_text().split()} if children.exists() else set()

    def stop(self) -> int | None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=40)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode


def one_visit(port: int, timeout: float) -> float | str:
    """One question on a new connection: its time in seconds, or "timeouts" / "errors" for one that failed."""
    began = time.perf_counter()
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as sock:
            sock.sendall(REQUEST)
            answer = read_response(sock, bytearray())
    except TimeoutError:
        return "timeouts"
    except OSError:
        return "errors"
    return time.perf_counter() - began if answer is not None and answer[0] == 200 else "errors"


def read_response(sock: socket.socket, buffer: bytearray) -> tuple[int, bool] | None:
    """Status and whether the server will close, of one response read from ``sock``; None if cut off."""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        buffer += chunk
    head, _, rest = bytes(buffer).partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    fields = {k.strip().lower(): v.strip() for k, _, v in (line.partition(b":") for line in lines[1:])}
    length = int(fields.get(b"content-length", b"0"))
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        rest += chunk
    buffer[:] = rest[length:]
    return status, fields.get(b"connection", b"").lower() == b"close"


# 1. A killed worker ---------------------------------------------------------------------------

def check_killed_worker(args, scripts) -> dict:
    server = Server(args)
    try:
        workers = wait_for_workers(server)
        before = statistics.median(wrk_round(server.port, ASK, 32, 2, scripts)["rps"] for _ in range(3))
        victim = min(server.workers())
        load = threading.Thread(target=lambda: during.append(wrk_round(server.port, ASK, 32, 6, scripts)))
        during: list[dict] = []
        load.start()
        time.sleep(2)
        os.kill(victim, signal.SIGKILL)
        killed = time.monotonic()
        replaced_s = None
        while time.monotonic() - killed < 10:
            now = server.workers()
            if victim not in now and len(now) == len(workers):
                replaced_s = time.monotonic() - killed
                break
            time.sleep(0.005)
        load.join()
        zombie = Path(f"/proc/{victim}").exists()
        rounds = [wrk_round(server.port, ASK, 32, 2, scripts) for _ in range(3)]
        after = {"rps": statistics.median(r["rps"] for r in rounds), "errors": sum(r["errors"] for r in rounds)}
    finally:
        server.stop()
    return {"replaced_s": replaced_s, "victim_left": zombie, "rps_before": before, "rps_during": during[0]["rps"],
            "errors_during": during[0]["errors"], "rps_after": after["rps"], "errors_after": after["errors"]}


def wait_for_workers(server, seconds: float = 20) -> set[int]:
    """The worker processes, once their number has settled (none under waitress)."""
    deadline = time.monotonic() + seconds
    workers = server.workers()
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = server.workers()
        if now and now == workers:
            break
        workers = now
    return workers


# 2. SIGTERM under load ------------------------------------------------------------------------

def check_sigterm(args) -> dict:
    server = Server(args)
    counts = {"answered": 0, "cut": 0, "refused": 0, "closed_by_server": 0}
    stop_at = [time.monotonic() + 60]
    signalled = [None]

    def client():
        buffer = bytearray()
        sock = None
        while time.monotonic() < stop_at[0]:
            if sock is None:
                try:
                    sock = socket.create_connection((HOST, server.port), timeout=10)
                except OSError:
                    counts["refused"] += 1
                    if signalled[0] is not None:
                        return  # the server has stopped listening: this visitor is done
                    time.sleep(0.01)
                    continue
                buffer.clear()
            try:
                sock.sendall(REQUEST)
            except OSError:
                # The connection was closed before this request went out: nothing was cut; open another.
                counts["closed_by_server"] += 1
                sock.close()
                sock = None
                continue
            try:
                answer = read_response(sock, buffer)
            except OSError as exc:
                answer = exc
            if not isinstance(answer, tuple):
                counts["cut"] += 1
                sock.close()
                sock = None
                continue
            counts["answered"] += 1
            if answer[1]:  # Connection: close (a stopping worker says so): open a new one
                sock.close()
                sock = None
        if sock is not None:
            sock.close()

    try:
        wait_for_workers(server)
        threads = [threading.Thread(target=client) for _ in range(32)]
        for thread in threads:
            thread.start()
        time.sleep(3)
        answered_before = counts["answered"]
        signalled[0] = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        code = server.process.wait(timeout=60)
        stopped_s = time.monotonic() - signalled[0]
        stop_at[0] = time.monotonic() + 2
        for thread in threads:
            thread.join(timeout=30)
    finally:
        server.stop()
    return {**counts, "answered_before_signal": answered_before, "exit_code": code, "stopped_s": stopped_s}


# 3. Idle connections --------------------------------------------------------------------------

def check_idle(args) -> dict:
    raise_fd_limit(args.idle + 1024)
    server = Server(args)
    idle: list[socket.socket] = []
    reopened = [0]
    failed_opens = [0]
    stop = threading.Event()

    def open_one():
        try:
            sock = socket.create_connection((HOST, server.port), timeout=5)
            sock.setblocking(False)
            return sock
        except OSError:
            failed_opens[0] += 1
            return None

    def holder():
        """Keep ``args.idle`` connections open that send nothing, opening again any the server closes."""
        while not stop.is_set():
            for i, sock in enumerate(idle):
                if stop.is_set():
                    return
                alive = sock is not None
                if alive:
                    try:
                        alive = sock.recv(1, socket.MSG_PEEK) != b""
                    except BlockingIOError:
                        pass
                    except OSError:
                        alive = False
                if not alive:
                    if sock is not None:
                        sock.close()
                    idle[i] = open_one()
                    reopened[0] += 1
            stop.wait(0.2)

    latencies: list[float] = []
    errors = [0]

    def visitor(deadline):
        while time.monotonic() < deadline:
            took = one_visit(server.port, timeout=10)
            if isinstance(took, float):
                latencies.append(took)
            else:  # a time-out is an error here too
                errors[0] += 1
            time.sleep(0.02)

    try:
        wait_for_workers(server)
        idle.extend(open_one() for _ in range(args.idle))
        opened = sum(sock is not None for sock in idle)
        keeper = threading.Thread(target=holder)
        keeper.start()
        deadline = time.monotonic() + args.idle_seconds
        visitors = [threading.Thread(target=visitor, args=(deadline,)) for _ in range(4)]
        for thread in visitors:
            thread.start()
        for thread in visitors:
            thread.join()
        held = sum(sock is not None for sock in idle)
        stop.set()
        keeper.join()
    finally:
        stop.set()
        for sock in idle:
            if sock is not None:
                sock.close()
        server.stop()
    latencies.sort()
    count = len(latencies)
    return {"idle_opened": opened, "idle_held_at_end": held, "idle_reopened": reopened[0],
            "idle_open_failures": failed_opens[0], "requests": count, "errors": errors[0],
            "p50_ms": statistics.median(latencies) * 1000 if count else None,
            "p99_ms": latencies[min(count - 1, int(count * 0.99))] * 1000 if count else None,
            "max_ms": latencies[-1] * 1000 if count else None}


# 4. A body of 1 GiB ---------------------------------------------------------------------------

def large_files(folder: str, floor: int = 1 << 20) -> set[tuple[str, int]]:
    found = set()
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            try:
                size = os.stat(path).st_size
            except OSError:
                continue
            if size >= floor:
                found.add((path, size))
    return found


def send_huge(port: int, head: bytes, chunked: bool, seconds: float) -> dict:
    """Send ``head`` then up to 1 GiB of body for at most ``seconds``; the answer and how much went out."""
    block = b"0" * (1 << 20)
    sent = 0
    status = None
    with socket.create_connection((HOST, port), timeout=10) as sock:
        sock.sendall(head)
        sock.setblocking(False)
        deadline = time.monotonic() + seconds
        buffer = b""
        while sent < GIB and time.monotonic() < deadline:
            try:
                piece = (f"{len(block):x}\r\n".encode() + block + b"\r\n") if chunked else block
                sent += sock.send(piece)
            except BlockingIOError:
                time.sleep(0.001)
            except OSError:
                break
            try:
                data = sock.recv(65536)
                buffer += data
                if b"\r\n" in buffer or not data:
                    break
            except BlockingIOError:
                pass
            except OSError:
                break
        sock.setblocking(True)
        sock.settimeout(5)
        try:
            while b"\r\n" not in buffer:
                data = sock.recv(65536)
                if not data:
                    break
                buffer += data
        except OSError:
            pass
        if buffer.startswith(b"HTTP/"):
            status = int(buffer.split()[1])
    return {"status": status, "sent_mb": sent / (1 << 20)}


def check_huge_body(args) -> dict:
    folder = tempfile.gettempdir()
    server = Server(args)
    results = {}
    try:
        wait_for_workers(server)
        for name, head, chunked in [
            ("api declared", f"POST /api/ask HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: {GIB}\r\n\r\n", False),
            ("api chunked", f"POST /api/ask HTTP/1.1\r\nHost: {HOST}\r\nTransfer-Encoding: chunked\r\n\r\n", True),
            ("page declared", f"POST /lessons/01-pack-and-ranking/4 HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: "
                              f"application/x-www-form-urlencoded\r\nContent-Length: {GIB}\r\n\r\n", False),
        ]:
            files_before = large_files(folder)
            used_before = shutil.disk_usage(folder).used
            peak = [used_before]
            watching = threading.Event()

            def watch(peak=peak, watching=watching):
                while not watching.is_set():
                    peak[0] = max(peak[0], shutil.disk_usage(folder).used)
                    watching.wait(0.05)

            watcher = threading.Thread(target=watch)
            watcher.start()
            outcome = send_huge(server.port, head.encode(), chunked, seconds=10)
            time.sleep(0.5)
            watching.set()
            watcher.join()
            results[name] = {**outcome, "disk_growth_mb": (peak[0] - used_before) / (1 << 20),
                             "new_large_files": sorted(large_files(folder) - files_before)}
        alive = wrk_free_request(server.port)
    finally:
        server.stop()
    return {"temp_folder": folder, **results, "answers_after": alive}


def wrk_free_request(port: int) -> int | None:
    with socket.create_connection((HOST, port), timeout=10) as sock:
        sock.sendall(REQUEST)
        answer = read_response(sock, bytearray())
    return answer[0] if answer else None


# 5. Long /dispute/ URLs -----------------------------------------------------------------------

def check_long_urls(args) -> dict:
    server = Server(args)
    results = {}
    try:
        wait_for_workers(server)
        for name, count, size in [("200 KB", 1000, 190), ("7 KB", 60, 95)]:
            query = "&".join(f"made_up_fact_{i}={'x' * size}" for i in range(count))
            url = f"/dispute/?irregularity=revoke&{query}"
            with socket.create_connection((HOST, server.port), timeout=10) as sock:
                sock.sendall(f"GET {url} HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
                answer = b""
                try:
                    while chunk := sock.recv(65536):
                        answer += chunk
                except ConnectionResetError:  # refused while the URL was still arriving: the answer came first
                    pass
            results[name] = {"url_bytes": len(url), "status": int(answer.split()[1]) if answer else None,
                             "response_bytes": len(answer)}
    finally:
        server.stop()
    return results


# 6. Slow clients ------------------------------------------------------------------------------

STALLED_HEAD = b"GET / HT"
# What a slow client sends one byte a second: half of them a request line and a header that never ends,
# half a whole head at once and then its (legal-sized) body.
DRIBBLE_HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100_000
DRIBBLE_BODY = (f"POST /api/ask HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                f"Content-Length: 60000\r\n\r\n").encode() + b" " * 60_000


def hold_slow(port: int, stalled_count: int, dribbling_count: int, ready, stop, report) -> None:
    """In a process of its own (so its work does not delay the visitors' timing): hold ``stalled_count``
    connections stalled after a partial request line and ``dribbling_count`` sending one byte a second,
    opening again any the server closes, until ``stop`` is set; then put the counts on ``report``."""
    counts = {"reopened": 0, "open_failures": 0, "cut_by_server": 0}

    def open_one(first: bytes) -> socket.socket | None:
        try:
            sock = socket.create_connection((HOST, port), timeout=5)
            sock.sendall(first)
            sock.setblocking(False)
            return sock
        except OSError:
            counts["open_failures"] += 1
            return None

    def closed(sock: socket.socket) -> bool:
        try:
            return sock.recv(65536, socket.MSG_PEEK) != b""  # an answer (a 400/408) or the end: closed by the server
        except BlockingIOError:
            return False
        except OSError:
            return True

    stalled = [open_one(STALLED_HEAD) for _ in range(stalled_count)]
    dribbling: list[list] = []  # [socket or None, bytes sent, what it sends]
    for i in range(dribbling_count):
        data = DRIBBLE_BODY if i % 2 else DRIBBLE_HEAD
        first = 1 if data is DRIBBLE_HEAD else data.index(b"\r\n\r\n") + 4
        dribbling.append([open_one(data[:first]), first, data])
    opened = stalled_count + dribbling_count
    ready.set()
    next_byte = time.monotonic() + 1
    while not stop.is_set():  # every 0.2 s: reopen what the server closed; every second: one more byte each
        for i, sock in enumerate(stalled):
            if sock is None or closed(sock):
                if sock is not None:
                    sock.close()
                    counts["cut_by_server"] += 1
                stalled[i] = open_one(STALLED_HEAD)
                counts["reopened"] += 1
        send = time.monotonic() >= next_byte
        if send:
            next_byte += 1
        for item in dribbling:
            sock, sent, data = item
            if sock is not None and send:
                try:
                    item[1] += sock.send(data[sent:sent + 1])
                except BlockingIOError:
                    pass
                except OSError:
                    sock.close()
                    item[0] = sock = None
                    counts["cut_by_server"] += 1
            if sock is None or closed(sock):
                if sock is not None:
                    sock.close()
                    counts["cut_by_server"] += 1
                first = 1 if data is DRIBBLE_HEAD else data.index(b"\r\n\r\n") + 4
                item[0], item[1] = open_one(data[:first]), first
                counts["reopened"] += 1
        stop.wait(0.2)
    held = sum(sock is not None for sock in stalled) + sum(item[0] is not None for item in dribbling)
    for sock in [*stalled, *(item[0] for item in dribbling)]:
        if sock is not None:
            sock.close()
    report.put({**counts, "opened": opened + counts["reopened"], "held_at_end": held})


def check_slow(args) -> dict:
    """``args.stalled`` connections stalled after a partial request line and ``args.dribbling`` sending one
    byte a second, held for ``args.slow_seconds`` by another process (any the server closes is opened again),
    while visitors, each on a new connection with a 5 s time-out, ask questions."""
    import multiprocessing

    raise_fd_limit(args.stalled + args.dribbling + 1024)
    server = Server(args)
    context = multiprocessing.get_context("fork")
    ready, stop, report = context.Event(), context.Event(), context.Queue()

    def visitors(seconds: float) -> dict:
        """4 visitors asking questions for ``seconds``, each request on a new connection with a 5 s time-out."""
        latencies: list[float] = []
        outcome = {"errors": 0, "timeouts": 0}

        def visitor(deadline):
            while time.monotonic() < deadline:
                took = one_visit(server.port, timeout=5)
                if isinstance(took, float):
                    latencies.append(took)
                else:
                    outcome[took] += 1
                time.sleep(0.02)

        deadline = time.monotonic() + seconds
        threads = [threading.Thread(target=visitor, args=(deadline,)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return {"requests": len(latencies), **outcome, **percentiles(latencies)}

    holder = None
    try:
        wait_for_workers(server)
        quiet = visitors(max(5, args.slow_seconds / 3))  # the baseline: the same visitors, no slow client
        holder = context.Process(target=hold_slow, args=(server.port, args.stalled, args.dribbling, ready, stop,
                                                         report))
        holder.start()
        ready.wait(120)
        slow = visitors(args.slow_seconds)
        stop.set()
        counts = report.get(timeout=120)
        holder.join(timeout=30)
    finally:
        stop.set()
        if holder is not None and holder.is_alive():
            holder.kill()
        server.stop()
    return {**counts, "quiet": quiet, **slow}


def percentiles(latencies: list[float]) -> dict:
    latencies = sorted(latencies)
    count = len(latencies)
    return {"p50_ms": statistics.median(latencies) * 1000 if count else None,
            "p99_ms": latencies[min(count - 1, int(count * 0.99))] * 1000 if count else None,
            "max_ms": latencies[-1] * 1000 if count else None}


def raise_fd_limit(wanted: int) -> None:
    """Room for ``wanted`` open sockets in this process (up to the hard limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, wanted)), hard))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", choices=("gunicorn", "waitress"), default=None,
                        help="the server serve runs (default: serve's own default here)")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--idle", type=int, default=1000, help="idle connections to hold (default 1000)")
    parser.add_argument("--idle-seconds", type=int, default=30, help="how long to hold them (default 30)")
    parser.add_argument("--stalled", type=int, default=1000, help="connections stalled mid-request-line (default 1000)")
    parser.add_argument("--dribbling", type=int, default=1000, help="connections sending a byte a second (1000)")
    parser.add_argument("--slow-seconds", type=int, default=30, help="how long to hold them (default 30)")
    parser.add_argument("--only", type=int, nargs="*", default=None, help="run only these checks (1-10)")
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL server for checks 7-10 (a database is made)")
    args = parser.parse_args(argv)
    from ecarte_tutor.commands.serve import DEFAULT_SERVER

    args.server = args.server or DEFAULT_SERVER
    run = set(args.only or range(1, 11))
    if args.server == "waitress":
        run -= {1, 2}  # one process, no supervisor: nothing to kill or to stop gracefully
    if {1} & run and not shutil.which("wrk"):
        print("check 1 needs wrk (apt-get install -y wrk); skipped")
        run.discard(1)
    folder = tempfile.TemporaryDirectory()
    scripts = wrk_scripts([ASK], Path(folder.name))
    print(f"ecarte-tutor serve --server {args.server}; loopback only; {os.cpu_count()} cores")
    try:
        if 1 in run:
            r = check_killed_worker(args, scripts)
            print(f"1. worker killed under load: replaced in {fmt(r['replaced_s'], 's', 3)} (target <= 2 s); "
                  f"left behind as a process: {r['victim_left']}; req/s before {r['rps_before']:.0f}, during "
                  f"{r['rps_during']:.0f} ({r['errors_during']} errors), after {r['rps_after']:.0f} "
                  f"({r['rps_after'] / r['rps_before']:.0%} of before; {r['errors_after']} errors)")
        if 2 in run:
            r = check_sigterm(args)
            print(f"2. SIGTERM under load: {r['cut']} requests cut (target 0); {r['answered']} answered "
                  f"({r['answered_before_signal']} before the signal); {r['closed_by_server']} connections closed "
                  f"between requests; refused after stopping: {r['refused']}; exit code {r['exit_code']} after "
                  f"{r['stopped_s']:.2f} s")
        if 3 in run:
            r = check_idle(args)
            print(f"3. {r['idle_opened']} idle connections for {args.idle_seconds} s ({r['idle_held_at_end']} open at "
                  f"the end, {r['idle_reopened']} opened again, {r['idle_open_failures']} failed to open): "
                  f"{r['requests']} visitor requests, {r['errors']} errors, p50 {fmt(r['p50_ms'], 'ms')}, p99 "
                  f"{fmt(r['p99_ms'], 'ms')} (target < 100 ms), max {fmt(r['max_ms'], 'ms')}")
        if 4 in run:
            r = check_huge_body(args)
            print(f"4. 1 GiB bodies (temporary folder {r['temp_folder']}):")
            for name in ("api declared", "api chunked", "page declared"):
                item = r[name]
                print(f"   {name:<14} status {item['status']} after {item['sent_mb']:.1f} MiB sent; disk grew "
                      f"{item['disk_growth_mb']:.1f} MiB; new files over 1 MiB: {item['new_large_files'] or 'none'}")
            print(f"   a question afterwards: status {r['answers_after']}")
        if 5 in run:
            r = check_long_urls(args)
            for name, item in r.items():
                print(f"5. /dispute/ URL of {item['url_bytes'] / 1000:.0f} kB ({name}): status {item['status']}, "
                      f"{item['response_bytes']} bytes (target: 400 under 10 KB)")
        if 6 in run:
            r = check_slow(args)
            print(f"6. {args.stalled} connections stalled after 'GET / HT' and {args.dribbling} sending a byte a "
                  f"second (half the head, half the body), "
                  f"for {args.slow_seconds} s ({r['opened']} opened in all, {r['held_at_end']} open at the end, "
                  f"{r['cut_by_server']} closed by the server and opened again, {r['open_failures']} failed to open): "
                  f"{r['requests']} visitor requests, {r['timeouts']} timed out (target 0), {r['errors']} errors, "
                  f"p50 {fmt(r['p50_ms'], 'ms')}, p99 {fmt(r['p99_ms'], 'ms')} (target < 100 ms), "
                  f"max {fmt(r['max_ms'], 'ms')}; before them, the same visitors: {r['quiet']['requests']} requests, "
                  f"{r['quiet']['timeouts']} timed out, p99 {fmt(r['quiet']['p99_ms'], 'ms')}")
        if run & {7, 8, 9, 10}:
            import store_checks

            store_checks.report(run, args, Server)
    finally:
        folder.cleanup()
    return 0


def fmt(value, unit: str, digits: int = 1) -> str:
    return "never" if value is None else f"{value:.{digits}f} {unit}"


if __name__ == "__main__":
    sys.exit(main())
