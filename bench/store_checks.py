"""bench/reliability.py's store checks (issue 40), re-running the security test's findings by its method.

7. Cookieless reads: 16 connections read the course's reading steps with no cookie, back to back, while four
   visitors (each request on a new connection) read a page: the visitors' p99, and what the store grew by
   (learners made, bytes of database per request).
8. Learners answering: 64 connections, each a learner answering the course's exercises back to back (the
   first answer makes him), while four visitors read the course's contents (:data:`VISITED`): their p99 must
   stay under 100 ms; on SQLite with
   serve's default workers, and on PostgreSQL when a server is given (``--postgres`` or
   ECARTE_TUTOR_TEST_POSTGRES_URL). Answers refused with a 503 ("try again") are counted, not hidden.
9. Export: one learner given as many finished games as the store takes (up to 3,000), then his export
   downloaded alone and twice at once while a visitor reads: time, bytes, the worker's peak memory (VmHWM)
   and the visitor's worst wait.
10. What strangers make the store keep, and forged acts (bench/store_acts.py): a crawl of 800 cookieless pages,
   the last move's old GET address 100 times, six forged acts; rows and bytes kept, statuses.

Every figure is printed beside its target; nothing is asserted.
"""
from __future__ import annotations

import hashlib
import http.client
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path

from sqlalchemy import create_engine, text

HOST = "127.0.0.1"
# What check 8's visitors read: the course's contents, which reads the store and never writes to it (a reading
# step without a cookie made a learner before issue 40's item 1, so its reader was a writer too).
VISITED = "/lessons/"
SEQ = re.compile(rb'name="seq" value="(\d+)"')
COOKIE = re.compile(r"session=([^;]+)")


def _library():
    from ecarte_tutor.library import load_library

    return load_library()


def course_urls():
    """The reading steps (no exercise) and the exercises with their right answers, as the site shows them."""
    from ecarte_tutor.lessons import expected_answer

    library = _library()
    reading = [f"/lessons/{lesson.id}/{step.index}" for lesson in library.lessons for step in lesson.steps
               if step.exercise is None]
    answers = [(f"/lessons/{lesson.id}/{step.index}",
                step.exercise.handler.form_data(step.exercise, expected_answer(step.exercise, library.book)))
               for lesson in library.lessons for step in lesson.exercises]
    return reading, answers


class Client:
    """One keep-alive connection that keeps the site's cookie, as a browser would."""

    def __init__(self, port: int, timeout: float = 30):
        self.port, self.timeout = port, timeout
        self.connection: http.client.HTTPConnection | None = None
        self.cookie: str | None = None

    def request(self, method: str, path: str, form: dict | None = None) -> tuple[int, bytes]:
        from urllib.parse import urlencode

        headers = {"Cookie": f"session={self.cookie}"} if self.cookie else {}
        body = None
        if form is not None:
            body = urlencode(form, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException):
                self.close()
                if attempt == 2:
                    raise
                continue
            for value in response.headers.get_all("Set-Cookie") or []:
                found = COOKIE.search(value)
                if found:
                    self.cookie = found.group(1) or None
            if response.headers.get("Connection", "").lower() == "close":
                self.close()
            return response.status, data
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
        self.connection = None


def visit(port: int, path: str, timeout: float = 10) -> float | str:
    """One read on a new connection, no cookie: its time, or "timeouts" / "errors"."""
    began = time.perf_counter()
    try:
        connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        connection.close()
    except TimeoutError:
        return "timeouts"
    except (OSError, http.client.HTTPException):
        return "errors"
    return time.perf_counter() - began if response.status == 200 else "errors"


def visitors(port: int, path: str, stop: threading.Event, count: int = 4) -> tuple[list[threading.Thread], dict]:
    """``count`` visitors reading ``path`` until ``stop``; their outcome fills the returned dict."""
    outcome: dict = {"latencies": [], "timeouts": 0, "errors": 0}

    def visitor() -> None:
        while not stop.is_set():
            took = visit(port, path)
            if isinstance(took, float):
                outcome["latencies"].append(took)
            else:
                outcome[took] += 1
            stop.wait(0.02)

    threads = [threading.Thread(target=visitor) for _ in range(count)]
    for thread in threads:
        thread.start()
    return threads, outcome


def summary(outcome: dict) -> dict:
    latencies = sorted(outcome["latencies"])
    count = len(latencies)
    return {"requests": count, "timeouts": outcome["timeouts"], "errors": outcome["errors"],
            "p50_ms": statistics.median(latencies) * 1000 if count else None,
            "p99_ms": latencies[min(count - 1, int(count * 0.99))] * 1000 if count else None,
            "max_ms": latencies[-1] * 1000 if count else None}


# --- the database under the server --------------------------------------------------------------


ROOT = Path(__file__).resolve().parents[1]
_INSTANCE: list[str] = []
PREPARE = ("import sys; from ecarte_tutor.web import create_app; from ecarte_tutor.commands import datacheck; "
           "app = create_app({'INSTANCE_PATH': sys.argv[1], 'DATABASE_URL': 'memory://', "
           "'SECRET_KEY': 'bench-only-key-5f2c9a1e7d3b8046a4'}); "
           "key = datacheck.data_key(app.config); datacheck.remember(app.instance_path, key); "
           "datacheck.prepare(app, key)")


def shared_instance() -> str:
    """One instance folder for the run's servers, its data check done once beforehand (with no time limit: on a
    busy machine the check alone outlasted the 90 s a server is given to answer)."""
    if not _INSTANCE:
        folder = tempfile.mkdtemp(prefix="ecarte-bench-instance-")
        subprocess.run([sys.executable, "-c", PREPARE, folder], cwd=ROOT, check=True,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
        _INSTANCE.append(folder)
    return _INSTANCE[0]


class Database:
    """A fresh database for one server: an SQLite file in a folder of its own, or a PostgreSQL database."""

    def __init__(self, stack: ExitStack, postgres: str | None):
        self.instance = shared_instance()
        if postgres:
            import store_bench

            self.url = stack.enter_context(store_bench.fresh_postgres(postgres))
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory())
            self.url = f"sqlite:///{Path(folder) / 'ecarte-tutor.sqlite3'}"
        self.engine = create_engine(self.url, poolclass=__import__("sqlalchemy.pool").pool.NullPool)
        stack.callback(self.engine.dispose)

    @property
    def name(self) -> str:
        return "postgresql" if self.url.startswith("postgresql") else "sqlite"

    def env(self) -> dict:
        return {"ECARTE_TUTOR_DATABASE_URL": self.url, "ECARTE_TUTOR_INSTANCE_PATH": self.instance}

    def size(self) -> int:
        """Bytes the database takes: the SQLite file with its write-ahead log, or PostgreSQL's database size."""
        if self.name == "sqlite":
            path = Path(self.url.removeprefix("sqlite:///"))
            return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
        with self.engine.connect() as connection:
            return connection.execute(text("SELECT pg_database_size(current_database())")).scalar_one()

    def count(self, table: str) -> int:
        with self.engine.connect() as connection:
            return connection.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()


def started(args, database: Database, server_class):
    """The server of reliability.py on ``database``."""
    saved = {name: os.environ.get(name) for name in database.env()}
    os.environ.update(database.env())
    try:
        return server_class(args)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextmanager
def serving(args, server_class, postgres: str | None):
    """A database (SQLite, or PostgreSQL at ``postgres``) and the site served on it, its workers up; both gone
    after."""
    with ExitStack() as stack:
        database = Database(stack, postgres)
        server = started(args, database, server_class)
        stack.callback(server.stop)
        wait_workers(server)
        yield database, server


# 7. Cookieless reads ----------------------------------------------------------------------------


def check_cookieless_reads(args, server_class, postgres: str | None = None, connections: int = 16,
                           seconds: float = 20) -> dict:
    reading, _ = course_urls()
    with serving(args, server_class, postgres) as (database, server):
        quiet = _visitors_alone(server.port, reading[0], min(seconds / 2, 10))
        learners_before, size_before = database.count("learners"), database.size()
        stop = threading.Event()
        sent = [0]

        def reader(offset: int) -> None:
            client = Client(server.port)
            n = offset
            while not stop.is_set():
                client.cookie = None  # a crawler or a stranger: never sends a cookie back
                with suppress(OSError, http.client.HTTPException):
                    client.request("GET", reading[n % len(reading)])
                sent[0] += 1
                n += 1
            client.close()

        threads = [threading.Thread(target=reader, args=(i,)) for i in range(connections)]
        for thread in threads:
            thread.start()
        seen, outcome = visitors(server.port, reading[0], stop)
        time.sleep(seconds)
        stop.set()
        for thread in threads + seen:
            thread.join()
        grown = database.size() - size_before
        return {"database": database.name, "reads": sent[0], "learners_made": database.count("learners") -
                learners_before, "bytes_grown": grown, "bytes_per_read": grown / max(1, sent[0]),
                "quiet": quiet, **summary(outcome)}


def _visitors_alone(port: int, path: str, seconds: float) -> dict:
    stop = threading.Event()
    threads, outcome = visitors(port, path, stop)
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    return summary(outcome)


def wait_workers(server, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    seen = server.workers()
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = server.workers()
        if now == seen:
            return
        seen = now


# 8. Learners answering ----------------------------------------------------------------------------


def check_answering(args, server_class, postgres: str | None = None, connections: int = 64,
                    seconds: float = 30) -> dict:
    reading, answers = course_urls()
    with serving(args, server_class, postgres) as (database, server):
        quiet = _visitors_alone(server.port, VISITED, min(seconds / 3, 10))
        stop = threading.Event()
        counts = {"answered": 0, "busy_503": 0, "other": 0, "failed": 0}
        lock = threading.Lock()

        def learner(offset: int) -> None:
            client = Client(server.port, timeout=60)
            n = offset
            seq = b"0"
            while not stop.is_set():
                url, form = answers[n % len(answers)]
                try:
                    status, page = client.request("GET", url)
                    found = SEQ.search(page)
                    seq = found.group(1) if found else seq
                    status, page = client.request("POST", url, {**form, "seq": seq.decode()})
                except (OSError, http.client.HTTPException):
                    status = 0
                with lock:
                    key = {200: "answered", 503: "busy_503", 0: "failed"}.get(status, "other")
                    counts[key] += 1
                n += 1
            client.close()

        threads = [threading.Thread(target=learner, args=(i,)) for i in range(connections)]
        for thread in threads:
            thread.start()
        time.sleep(2)  # every learner under way
        seen, outcome = visitors(server.port, VISITED, stop)
        time.sleep(seconds)
        stop.set()
        for thread in threads + seen:
            thread.join()
        return {"database": database.name, **counts, "answers_per_s": counts["answered"] / (seconds + 2),
                "quiet": quiet, **summary(outcome)}


# 9. Export ------------------------------------------------------------------------------------------


def check_export(args, server_class, postgres: str | None = None, games: int = 3000) -> dict:
    reading, answers = course_urls()
    with serving(args, server_class, postgres) as (database, server):
        client = Client(server.port, timeout=120)
        url, form = answers[0]
        _, page = client.request("GET", url)
        found = SEQ.search(page)
        client.request("POST", url, {**form, "seq": (found.group(1) if found else b"0").decode()})
        offered = _fill_games(database, games)
        kept = database.count("games")
        peak_before = _peak_kib(server)
        began = time.perf_counter()
        try:
            status, body = client.request("GET", "/progress/export.json")
        except (OSError, http.client.HTTPException):  # the worker died on it (killed for its silence, or memory)
            status, body = 0, b""
        alone_s = time.perf_counter() - began
        peak_alone = _peak_kib(server)
        stop = threading.Event()
        seen, outcome = visitors(server.port, reading[0], stop, count=1)
        both: list = []

        def export() -> None:
            other = Client(server.port, timeout=120)
            other.cookie = client.cookie
            began = time.perf_counter()
            try:
                got = other.request("GET", "/progress/export.json")
            except (OSError, http.client.HTTPException):
                got = (0, b"")
            both.append((got[0], len(got[1]), time.perf_counter() - began))
            other.close()

        exporters = [threading.Thread(target=export) for _ in range(2)]
        for thread in exporters:
            thread.start()
        for thread in exporters:
            thread.join()
        stop.set()
        for thread in seen:
            thread.join()
        return {"database": database.name, "offered": offered, "games": kept, "status": status, "bytes": len(body),
                "alone_s": alone_s,
                "peak_mib_before": peak_before / 1024, "peak_mib_after": peak_alone / 1024,
                "two_at_once": both, "peak_mib_two": _peak_kib(server) / 1024, "visitor": summary(outcome)}


def _fill_games(database: Database, wanted: int) -> int:
    """Give the newest learner ``wanted`` finished games through the store (as many as it takes)."""
    from ecarte_tutor.store import FinishedGame, open_store

    record, review = _a_finished_game(_library())
    store = open_store(database.url)
    with database.engine.connect() as connection:
        key = connection.execute(text("SELECT key FROM learners ORDER BY id DESC LIMIT 1")).scalar_one()
    kept = 0
    for n in range(wanted):
        one = dict(record, seed=n)
        digest = hashlib.sha256(repr(sorted(one.items())).encode()).hexdigest()
        result = store.keep_game(key, FinishedGame(digest=digest, record=one, review=review, learner_score=5,
                                                   tutor_score=3, mistakes=2, winner="learner"), lambda p: p)
        if result is False or getattr(result, "kept", True) is False:
            break
        kept += 1
    store.close()
    return kept


def _a_finished_game(library) -> tuple[dict, dict]:
    """The record and review of a game the tutor played to its end against itself (table.selfplay)."""
    import json

    from ecarte_tutor.table.review import game_summary, review_hand
    from ecarte_tutor.table.selfplay import play_game

    game = play_game(library.book, seed=2, profile="london").game
    review = {"summary": game_summary(game), "hands": [review_hand(game, hp.number) for hp in game.hands
                                                       if hp.answer is not None]}
    return game.record(), json.loads(json.dumps(review, default=str))


def _peak_kib(server) -> int:
    """The largest peak resident size (VmHWM) among the server's workers, in KiB."""
    peak = 0
    for pid in server.workers() or {server.process.pid}:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
        except OSError:
            continue
    return peak


def postgres_url(given: str | None) -> str | None:
    return given or os.environ.get("ECARTE_TUTOR_TEST_POSTGRES_URL")


def report(run: set[int], args, server_class) -> None:
    """Run and print checks 7 to 10 (those in ``run``)."""
    postgres = postgres_url(getattr(args, "postgres", None))
    databases = [None] + ([postgres] if postgres else [])
    for check in (7, 8, 9, 10):
        if check not in run:
            continue
        for db in databases:
            if check == 7:
                r = check_cookieless_reads(args, server_class, db)
                print(f"7. {r['database']}: 16 connections reading reading steps without a cookie for 20 s: "
                      f"{r['reads']} reads made {r['learners_made']} learners, the database grew "
                      f"{r['bytes_grown'] / 1e6:.2f} MB ({r['bytes_per_read']:.0f} bytes a read; target 0); "
                      f"visitors {r['requests']} reads, {r['timeouts']} timed out, p99 {_ms(r['p99_ms'])} "
                      f"(quiet: {_ms(r['quiet']['p99_ms'])})")
            elif check == 8:
                r = check_answering(args, server_class, db)
                print(f"8. {r['database']}: 64 learners answering exercises back to back for 30 s: "
                      f"{r['answered']} answered ({r['answers_per_s']:.0f}/s), {r['busy_503']} told to try again "
                      f"(503), {r['other']} other statuses, {r['failed']} failed; visitors {r['requests']} reads, "
                      f"{r['timeouts']} timed out, {r['errors']} errors, p50 {_ms(r['p50_ms'])}, "
                      f"p99 {_ms(r['p99_ms'])} (target < 100 ms), max {_ms(r['max_ms'])} "
                      f"(quiet: p99 {_ms(r['quiet']['p99_ms'])})")
            elif check == 10:
                check_acts(db)
            else:
                r = check_export(args, server_class, db)
                two = ", ".join(f"{status} {size / 1e6:.1f} MB in {took:.1f} s" for status, size, took in
                                r["two_at_once"])
                print(f"9. {r['database']}: export of a learner offered {r['offered']} games ({r['games']} kept, "
                      f"each with its whole review as before issue 40): status {r['status']}, "
                      f"{r['bytes'] / 1e6:.1f} MB in {r['alone_s']:.1f} s; worker peak memory "
                      f"{r['peak_mib_before']:.0f} -> {r['peak_mib_after']:.0f} MiB; two at once: {two}; peak "
                      f"{r['peak_mib_two']:.0f} MiB; a visitor meanwhile: {r['visitor']['requests']} reads, "
                      f"{r['visitor']['timeouts']} timed out, max {_ms(r['visitor']['max_ms'])}")


def check_acts(postgres: str | None, pages: int = 800) -> None:
    """Check 10, in process (bench/store_acts.py prints its own lines): a fresh database of its own."""
    import store_acts

    with ExitStack() as stack:
        database = Database(stack, postgres)
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        print("10. ", end="")
        store_acts.run(database.name, database.url, pages, folder)


def _ms(value) -> str:
    return "never" if value is None else f"{value:.0f} ms"


__all__ = ["report"]
