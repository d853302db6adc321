"""The progress store under load: lesson answers a second through the site, and a worker killed mid-write.

    python bench/store_bench.py [--answers 300] [--rounds 3] [--threads 4] [--kills 12] [--postgres URL]

1. **Answers a second.** The same site (``create_app``, in-process WSGI: the same Python path
   for every answer, no network) answers lesson exercises, each POST graded by the engine and
   written in one transaction, with the store in memory (the baseline), on SQLite (a file,
   WAL, ``synchronous=FULL``) and on PostgreSQL, in turns, in the same run. Reported: answers a
   second for each, one thread and ``--threads`` threads, and each as a ratio of the in-memory
   store's figure.
2. **A worker killed mid-write.** ``ecarte-tutor serve`` (gunicorn, 2 workers) on each real
   database, with learners answering from ``--threads`` threads, while a worker is killed
   (SIGKILL) ``--kills`` times. Then the database's own check (SQLite's ``integrity_check``) and,
   for every answer sent, whether it was kept whole (the step marked missed, the rule put up for
   review, the counter moved by both) or not at all. An answer half kept, or acknowledged and
   lost, fails the run.

PostgreSQL comes from ``--postgres``, else ECARTE_TUTOR_TEST_POSTGRES_URL, else a throwaway
cluster started by ``.ci/postgres`` for the run. Loopback only; about two minutes.

Measured on the 2-core machine while other test suites ran on it (load average 11; ``--answers
150 --rounds 3 --kills 10``), so the absolute rates are low and only the same-run ratios mean much:

    memory     1 thread: 22/s (1.00)   4 threads: 40/s (1.00)
    sqlite     1 thread: 11/s (0.51)   4 threads: 12/s (0.31)
    postgresql 1 thread:  7/s (0.31)   4 threads: 14/s (0.36)
    killed mid-write, SQLite: 10 kills, 15 answers: 4 acknowledged and kept, 9 cut and kept, 2 cut and
      not kept, 0 half kept, 0 acknowledged and lost, integrity ok
    killed mid-write, PostgreSQL: 10 kills, 36 answers: 25 acknowledged and kept, 3 cut and kept, 8 cut
      and not kept, 0 half kept, 0 acknowledged and lost

Most of a written answer's cost is the disk's flush at commit (``synchronous=FULL`` on SQLite,
``fsync`` on PostgreSQL): on this machine's virtual disk an fsync takes about 9.5 ms, against
0.2 ms for a commit left to the operating system. The flush is what makes an acknowledged answer
survive a power cut, so it stays.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import http.client
import os
import random
import re
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import ExitStack, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from ecarte_tutor.lessons import expected_answer  # noqa: E402
from ecarte_tutor.library import load_library  # noqa: E402
from ecarte_tutor.store import open_store  # noqa: E402
from ecarte_tutor.web import create_app  # noqa: E402

KEY = "store-bench-key-" + secrets.token_hex(16)
LIBRARY = load_library()
EXERCISES = [(lesson, step) for lesson in LIBRARY.lessons for step in lesson.exercises]
READ_STEP = f"/lessons/{LIBRARY.lessons[0].id}/1"  # a step without exercise: its "Next" (a POST) makes the learner
WRONG_AT = "/lessons/01-pack-and-ranking/4"  # 7S is wrong there: the step is missed and the rule put up for review
SEQ = re.compile(r'name="seq" value="(\d+)"')
CUT = (OSError, http.client.HTTPException)  # a connection the killed worker held: reset, or cut mid-answer


def right_form(step) -> dict:
    exercise = step.exercise
    return exercise.handler.form_data(exercise, expected_answer(exercise, LIBRARY.book))


FORMS = [(f"/lessons/{lesson.id}/{step.index}", right_form(step)) for lesson, step in EXERCISES]


# --- databases -----------------------------------------------------------------------------------


@contextmanager
def postgres_server(given: str | None):
    """A PostgreSQL server's address: given, from the environment, or a throwaway cluster for this run."""
    url = given or os.environ.get("ECARTE_TUTOR_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    started = subprocess.run([str(ROOT / ".ci" / "postgres"), "start"], capture_output=True, text=True)
    if started.returncode:
        print(f"PostgreSQL could not be started ({started.stderr.strip()[:200]}): measured without it")
        yield None
        return
    found = dict(re.findall(r"export (\w+)=(\S+)", started.stdout))
    try:
        yield found["ECARTE_TUTOR_TEST_POSTGRES_URL"]
    finally:
        subprocess.run([str(ROOT / ".ci" / "postgres"), "stop", found["ECARTE_TUTOR_TEST_POSTGRES_DIR"]])


@contextmanager
def fresh_postgres(server: str):
    name = f"ecarte_bench_{secrets.token_hex(4)}"
    admin = create_engine(make_url(server), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


# --- 1. answers a second through the site ----------------------------------------------------------


def answer_run(app, answers: int, threads: int) -> float:
    """Answers a second: ``threads`` learners at once, each answering exercises in course order."""
    each = max(1, answers // threads)

    def learner() -> None:
        client = app.test_client()
        client.post(READ_STEP)
        seq = SEQ.search(client.get(FORMS[0][0]).get_data(as_text=True)).group(1)
        for n in range(each):
            url, form = FORMS[n % len(FORMS)]
            if n and n % len(FORMS) == 0:  # the course done: a new learner goes on
                client = app.test_client()
                client.post(READ_STEP)
                seq = "1"
            response = client.post(url, data={**form, "seq": seq})
            assert response.status_code == 200, (url, response.status_code)
            seq = SEQ.search(response.get_data(as_text=True)).group(1) if b'name="seq"' in response.data else \
                str(int(seq) + 1)

    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        for future in [pool.submit(learner) for _ in range(threads)]:
            future.result()
    return each * threads / (time.perf_counter() - start)


def throughput(urls: dict[str, str], answers: int, rounds: int, threads: int) -> dict[str, dict[int, float]]:
    apps = {name: create_app({"SECRET_KEY": KEY, "DATABASE_URL": url, "INSTANCE_PATH": tempfile.mkdtemp()})
            for name, url in urls.items()}
    for app in apps.values():
        answer_run(app, 20, 1)  # warm: templates compiled, connections opened
    figures: dict[str, dict[int, list[float]]] = {name: {1: [], threads: []} for name in apps}
    for _ in range(rounds):  # in turns, so a slow moment of the machine falls on each alike
        for name, app in apps.items():
            for count in (1, threads):
                figures[name][count].append(answer_run(app, answers, count))
    return {name: {count: statistics.median(values) for count, values in by.items()} for name, by in figures.items()}


# --- 2. a worker killed mid-write ------------------------------------------------------------------


def workers_of(master: int) -> list[int]:
    try:
        return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]
    except OSError:
        return []


class Browser:
    def __init__(self, base: str):
        import http.cookiejar

        self.base, self.jar = base, http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def open(self, path: str, form: dict | None = None) -> int:
        data = urllib.parse.urlencode(form, doseq=True).encode() if form is not None else None
        try:
            with self.opener.open(self.base + path, data=data, timeout=30) as response:
                response.read()
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def cookie(self) -> str:
        return next(c.value for c in self.jar if c.name == "session")


def kill_run(url: str, threads: int, kills: int) -> dict:
    instance = tempfile.mkdtemp()
    env = dict(os.environ, ECARTE_TUTOR_SECRET_KEY=KEY, ECARTE_TUTOR_DATABASE_URL=url,
               ECARTE_TUTOR_INSTANCE_PATH=instance, PYTHONPATH=str(ROOT))
    log = tempfile.TemporaryFile()  # noqa: SIM115 -- lives as long as the server; closed below
    server = subprocess.Popen([sys.executable, "-m", "ecarte_tutor.cli", "serve", "--port", "0", "--workers", "2",
                               "--threads", "4"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 60
    while not (found := re.search(rb":(\d+)/ with", (log.seek(0), log.read())[1])):
        assert server.poll() is None and time.monotonic() < deadline, (log.seek(0), log.read())[1][-500:]
        time.sleep(0.05)
    base = f"http://127.0.0.1:{int(found.group(1))}"
    while True:
        try:
            urllib.request.urlopen(base + "/api/openapi.json", timeout=5).read()
            break
        except OSError:
            time.sleep(0.05)
    sent: list[tuple[str, str]] = []  # (learner's cookie, outcome: "ok" or "cut")
    lock, stop = threading.Lock(), threading.Event()

    def learner_loop() -> None:
        while not stop.is_set():
            browser = Browser(base)
            try:
                if browser.open(READ_STEP, {}) != 200:  # read ("Next"), and on to the next step
                    continue
            except CUT:
                continue  # killed before the learner was made: nothing to check
            try:
                status = browser.open(WRONG_AT, {"cards": ["7S"], "seq": "1"})
                outcome = "ok" if status == 200 else f"status {status}"
            except CUT:
                outcome = "cut"
            with lock:
                sent.append((browser.cookie(), outcome))

    pool = [threading.Thread(target=learner_loop) for _ in range(threads)]
    for thread in pool:
        thread.start()
    killed = 0
    time.sleep(2)  # the workers warm: then a kill every second or so, wherever the answers are
    for _ in range(kills):
        time.sleep(random.uniform(0.5, 1.5))
        victims = workers_of(server.pid)
        if victims:
            os.kill(random.choice(victims), signal.SIGKILL)
            killed += 1
    time.sleep(0.5)
    stop.set()
    for thread in pool:
        thread.join()
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=30)
    log.close()
    return {"killed": killed, **check(url, sent)}


def check(url: str, sent: list[tuple[str, str]]) -> dict:
    """Each answer sent: kept whole, or not at all; and the database's own check."""
    reader = create_app({"SECRET_KEY": KEY, "DATABASE_URL": url, "INSTANCE_PATH": tempfile.mkdtemp(),
                         "DATABASE_MIGRATE": False})
    serializer = reader.session_interface.get_signing_serializer(reader)
    store = open_store(url)
    tally = {"answers": len(sent), "acknowledged and kept": 0, "cut and kept": 0, "cut and not kept": 0,
             "half kept": 0, "acknowledged and lost": 0, "other": 0}
    for cookie, outcome in sent:
        progress = store.progress(serializer.loads(cookie)["learner"])
        step = progress.lesson("01-pack-and-ranking").steps.get(4)
        whole = progress.seq == 3 and step is not None and step.missed and "play.head-the-trick" in progress.reviews
        nothing = progress.seq == 1 and step is None and not progress.reviews
        if not (whole or nothing):
            tally["half kept"] += 1
        elif outcome == "ok":
            tally["acknowledged and kept" if whole else "acknowledged and lost"] += 1
        elif outcome == "cut":
            tally["cut and kept" if whole else "cut and not kept"] += 1
        else:
            tally["other"] += 1
    tally["integrity"] = store.integrity() if hasattr(store, "integrity") else "n/a"
    store.close()
    return tally


# --- the run ---------------------------------------------------------------------------------------


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=300, help="answers a measurement (default 300)")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each store, in turns (default 3)")
    parser.add_argument("--threads", type=int, default=4, help="learners answering at once (default 4)")
    parser.add_argument("--kills", type=int, default=12, help="workers killed in the reliability check (default 12)")
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL server to create the bench's databases on")
    args = parser.parse_args(argv)
    failed = False
    with ExitStack() as stack:
        server = stack.enter_context(postgres_server(args.postgres))
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        urls = {"memory": "memory://", "sqlite": f"sqlite:///{folder}/bench.sqlite3"}
        if server:
            urls["postgresql"] = stack.enter_context(fresh_postgres(server))
        rates = throughput(urls, args.answers, args.rounds, args.threads)
        print(f"Lesson answers a second through the site (in-process WSGI; median of {args.rounds} rounds of "
              f"{args.answers} answers; each answer graded and written in one transaction):")
        for name, by in rates.items():
            line = "  ".join(f"{count} thread{'s' * (count != 1)}: {rate:7.0f}/s ({rate / rates['memory'][count]:.2f}"
                             f" of in-memory)" for count, rate in by.items())
            print(f"  {name:<10} {line}")
        print(f"\nA worker killed mid-write ({args.kills} SIGKILLs, {args.threads} learners answering):")
        for name, url in urls.items():
            if name == "memory":
                continue
            reliability_url = url if name == "sqlite" else stack.enter_context(fresh_postgres(server))
            if name == "sqlite":
                reliability_url = f"sqlite:///{folder}/killed.sqlite3"
            result = kill_run(reliability_url, args.threads, args.kills)
            ok = result["half kept"] == 0 and result["acknowledged and lost"] == 0 and result["integrity"] == "ok"
            failed |= not ok
            print(f"  {name:<10} " + ", ".join(f"{key}: {value}" for key, value in result.items()) +
                  ("" if ok else "  <-- FAILED"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
