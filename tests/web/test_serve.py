"""``ecarte-tutor serve``: gunicorn (or waitress) in a subprocess answers, is supervised, and stops cleanly."""
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from argparse import ArgumentParser
from pathlib import Path

import pytest

from ecarte_tutor.commands import serve

ROOT = Path(__file__).resolve().parents[2]
POSIX = hasattr(os, "fork")
SERVERS = ["gunicorn", "waitress"] if POSIX else ["waitress"]
TRICK = b'{"kind": "trick", "trump": "H", "led": "KS", "followed": "7H"}'


def start(instances, *options):
    """The server in a subprocess, and its port once it answers. Its log goes to a file nobody has to read. Its
    instance folder is handed what the run's first start checked and prepared (tests/instances.py), or keeps its
    own for the later ones when it is that first start."""
    instance = instances.new()
    env = dict(os.environ, ECARTE_TUTOR_SECRET_KEY="serve-test-key-1d8e5b3f9a7c2064e9", PYTHONPATH=str(ROOT),
               ECARTE_TUTOR_INSTANCE_PATH=str(instance))
    log = tempfile.TemporaryFile()  # noqa: SIM115 -- lives as long as the server; closed by stop()
    process = subprocess.Popen([sys.executable, "-m", "ecarte_tutor.cli", "serve", "--port", "0", *options],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    process.log, process.instance = log, instance
    try:
        deadline = time.monotonic() + 300  # a stop for a server that never starts, not a measure: a first start checks
        # every case and lesson, and a busy machine is slow
        while not (match := re.search(rb"serving on http://127\.0\.0\.1:(\d+)/", read_log(process))):
            assert process.poll() is None and time.monotonic() < deadline, read_log(process)
            time.sleep(0.05)
        port = int(match.group(1))
        wait_until_answering(port)
    except BaseException:  # a server that never came up: stop it and close its log, or the failure hides
        process.kill()
        stop(process)
        raise
    if "--house" not in options:  # a house file's data is another key: the others could not use its check
        instances.keep(instance)
    return process, port


def clean(process) -> bool:
    """Whether the server printed no traceback, to its last line (read it after :func:`stop`)."""
    return b"Traceback" not in process.final_log and b"Exception ignored" not in process.final_log


# The servers the module's tests share when they only send requests (a start is seconds of CPU: the app built, two
# workers forked and warmed): started on first use, stopped after the module's last test, each still stopping
# cleanly then. Under pytest-xdist one worker runs the module (conftest.py at the root: together).
SHARED = {
    "gunicorn": ("--threads", "2", "--workers", "2"),
    "waitress": ("--threads", "2", "--server", "waitress"),
    "one worker": ("--threads", "2", "--workers", "1", "--secure"),  # gunicorn with one process, over HTTPS
}


@pytest.fixture(scope="module")
def servers(instances):
    """``servers(name)``: (process, port) of the shared server ``name`` of :data:`SHARED`, started on first use;
    each must stop with status 0 and no traceback after the module's tests."""
    started: dict = {}

    def server(name: str):
        if name not in started:
            started[name] = start(instances, *SHARED[name])
        return started[name]

    yield server
    stopped = {name: stop(process) for name, (process, _) in started.items()}
    for name, (process, _) in started.items():
        assert stopped[name] == 0, name
        assert clean(process), process.final_log.decode(errors="replace")[-3000:]


@pytest.fixture(params=SERVERS)
def served(request, servers):
    """(server, port): the shared server of each kind (gunicorn's gevent workers, waitress's threads)."""
    return request.param, servers(request.param)[1]


def read_log(process) -> bytes:
    process.log.seek(0)
    return process.log.read()


def wait_until_answering(port, seconds=20):
    deadline = time.monotonic() + seconds
    while True:
        try:
            return get(port, "/api/openapi.json")
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def stop(process):
    process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout=30)
    finally:
        process.final_log = read_log(process)  # what it printed, to its last line
        process.log.close()
        shutil.rmtree(process.instance, ignore_errors=True)  # the server's database and key, gone with it


def get(port, path, method="GET", body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, body=body)
        response = connection.getresponse()
        return response.status, response.read(), response
    finally:
        connection.close()


def raw_request(port, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


def workers_of(pid: int) -> set[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return {int(p) for p in children.read_text().split()} if children.exists() else set()


@pytest.mark.parametrize("name", SHARED)
def test_serve_answers_and_stops(name, servers):
    """Each shared server answers; that it then stops cleanly is asserted when the module ends (``servers``)."""
    if "waitress" not in SHARED[name] and not POSIX:
        pytest.skip("gunicorn needs POSIX")
    _process, port = servers(name)
    for _ in range(4):
        status, body, response = get(port, "/api/ask", "POST", TRICK)
        assert status == 200
        assert json.loads(body)["winner"] == "follower"
        assert response.getheader("X-Content-Type-Options") == "nosniff"


def test_serve_reads_chunked_bodies_and_refuses_large_ones(served):
    _server, port = served
    chunked = (b"POST /api/ask HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
               + f"{len(TRICK):x}\r\n".encode() + TRICK + b"\r\n0\r\n\r\n")
    assert raw_request(port, chunked).startswith(b"HTTP/1.1 200")
    big = b"[" + b"1," * 40000 + b"1]"
    request = (b"POST /api/ask HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: "
               + str(len(big)).encode() + b"\r\n\r\n" + big)
    answer = raw_request(port, request)
    assert answer.startswith(b"HTTP/1.1 413")
    assert b'"too-large"' in answer
    # A huge declared length is refused at once: nothing of it is sent, and the answer still comes.
    huge = b"POST /api/ask HTTP/1.1\r\nHost: x\r\nContent-Length: 1073741824\r\n\r\n"
    assert raw_request(port, huge).startswith(b"HTTP/1.1 413")


def test_an_over_long_request_line_is_a_short_400(served):
    server, port = served
    url = "/dispute/?" + "&".join(f"fact{i}={'x' * 190}" for i in range(1000))  # about 200 KB
    answer = raw_request(port, f"GET {url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    # gunicorn says 414; waitress counts the line among the headers (it has no limit of its own for the
    # line) and says 431.
    assert answer.split(b" ", 2)[1] == (b"414" if server == "gunicorn" else b"431")
    assert len(answer) < 10_000
    assert b"x" * 190 not in answer  # nothing of the address is echoed back


def test_idle_connections_lock_nobody_out(served):
    """More idle connections than threads, than waitress's default limit of 100: a visitor is still answered."""
    _server, port = served
    idle = []
    try:
        idle = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(300)]
        status, _, _ = get(port, "/api/ask", "POST", TRICK)
        assert status == 200
    finally:
        for sock in idle:
            sock.close()


@pytest.mark.skipif(not POSIX, reason="gunicorn needs POSIX")
def test_slow_clients_hold_no_worker_and_are_cut_off(servers):
    """A connection stalled mid-request-line, and one sending a body a byte at a time, leave the only worker
    free to answer others; the stalled one is closed once its head is late (HEAD_SECONDS, gunicorn's keepalive)."""
    from ecarte_tutor.serving import HEAD_SECONDS

    _process, port = servers("one worker")
    stalled = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(50)]
    slow_body = socket.create_connection(("127.0.0.1", port), timeout=30)
    try:
        for sock in stalled:
            sock.sendall(b"GET / HT")
        slow_body.sendall(b"POST /api/ask HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
        began = time.monotonic()
        status, _, _ = get(port, "/api/ask", "POST", TRICK)
        assert status == 200 and time.monotonic() - began < 2
        assert stalled[0].recv(100) == b""  # closed by the server ...
        assert HEAD_SECONDS - 1 < time.monotonic() - began < HEAD_SECONDS + 5  # ... once the head was late
    finally:
        for sock in [*stalled, slow_body]:
            sock.close()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc to find the workers")
def test_sighup_replaces_the_workers_but_keeps_the_data_it_started_with(tmp_path, instances):
    """docs/deploy.md: SIGHUP does not read the data files again; a restart does."""
    house = tmp_path / "house.yaml"
    house.write_text("title: Rules of the Cercle Ancien\nprofile: london\n", encoding="utf-8")
    process, port = start(instances, "--workers", "1", "--house", str(house))  # its own data: checked anew
    try:
        before = workers_of(process.pid)
        house.write_text("title: Rules of the Cercle Nouveau\nprofile: london\n", encoding="utf-8")
        process.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + 30
        while not (workers_of(process.pid) and not workers_of(process.pid) & before):
            assert time.monotonic() < deadline, "the workers were not replaced"
            time.sleep(0.1)
        wait_until_answering(port)
        _, page, _ = get(port, "/")
        assert b"Cercle Ancien" in page and b"Cercle Nouveau" not in page
    finally:
        stop(process)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc to find the workers")
def test_a_killed_worker_is_replaced(servers):
    process, port = servers("gunicorn")  # two workers; it must still stop cleanly when the module ends
    deadline = time.monotonic() + 10
    while len(workers_of(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    before = workers_of(process.pid)
    assert len(before) == 2
    victim = min(before)
    os.kill(victim, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        now = workers_of(process.pid)
        if len(now) == 2 and victim not in now:
            break
        time.sleep(0.05)
    assert victim not in now and len(now) == 2, now
    assert not Path(f"/proc/{victim}").exists() or "Z" not in Path(f"/proc/{victim}/stat").read_text().split()[2]
    assert get(port, "/api/ask", "POST", TRICK)[0] == 200


@pytest.mark.skipif(not POSIX, reason="gunicorn needs POSIX")
def test_sigterm_lets_a_request_in_flight_finish(instances):
    """gunicorn's graceful stop (waitress, kept for one process and Windows, stops at once)."""
    process, port = start(instances, "--threads", "2", "--workers", "1")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        head = f"POST /api/ask HTTP/1.1\r\nHost: x\r\nContent-Length: {len(TRICK)}\r\nConnection: close\r\n\r\n"
        sock.sendall(head.encode() + TRICK[:10])  # the request has begun: half of its body is sent
        time.sleep(0.5)
        process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        sock.sendall(TRICK[10:])
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200") and b'"follower"' in answer
    assert process.wait(timeout=30) == 0
    process.log.close()
    shutil.rmtree(process.instance, ignore_errors=True)


@pytest.mark.parametrize("options, message", [
    (["--port", "70000"], "--port"), (["--threads", "0"], "--threads"), (["--workers", "0"], "--workers"),
    (["--server", "waitress", "--workers", "2"], "one process"),
])
def test_bad_options_are_refused_with_a_message(capsys, options, message):
    parser = ArgumentParser()
    serve.add_arguments(parser)
    assert serve.run(parser.parse_args(options)) == 2
    assert message in capsys.readouterr().err


def test_a_port_in_use_is_one_clear_line_said_before_anything_is_prepared(capsys, monkeypatch):
    import ecarte_tutor.web

    def not_yet(config=None):
        raise AssertionError("the site was prepared before the port was tried")

    monkeypatch.setattr(ecarte_tutor.web, "create_app", not_yet)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        parser = ArgumentParser()
        serve.add_arguments(parser)
        assert serve.run(parser.parse_args(["--port", str(taken.getsockname()[1])])) == 1
    err = capsys.readouterr().err
    assert "cannot listen" in err and "--port" in err and len(err.strip().splitlines()) == 1


class Served:
    """serve.run in process up to the server itself, which is replaced by a note of what it was given."""

    def __init__(self, monkeypatch, tmp_path, defects=()):
        from ecarte_tutor import library
        from ecarte_tutor.serving import single, supervised

        self.checked = 0
        self.served: list = []
        self.ready: list = []  # what each server was told to call in each process before it answers

        def found(lib, lessons=True):
            self.checked += 1
            return list(defects)

        monkeypatch.setattr(library, "defects", found)
        for module in (single, supervised):
            monkeypatch.setattr(module, "serve", lambda app, sock, *rest: self.served.append(app)
                                or self.ready.append(rest[-1]) or 0)
        monkeypatch.setenv("ECARTE_TUTOR_INSTANCE_PATH", str(tmp_path))
        monkeypatch.setenv("ECARTE_TUTOR_SECRET_KEY", "serve-test-key-1d8e5b3f9a7c2064e9")

    def run(self) -> int:
        parser = ArgumentParser()
        serve.add_arguments(parser)
        return serve.run(parser.parse_args(["--port", "0"]))


def test_the_data_is_checked_once_per_change_of_it(monkeypatch, tmp_path, capsys):
    """serve refuses what `check` refuses; a clean check is remembered by the data's contents, so later starts
    skip it, until a file changes (commands.datacheck)."""
    from ecarte_tutor.commands import datacheck
    from ecarte_tutor.lessons import grading

    monkeypatch.setattr(grading, "work_out", lambda lessons, book: {"answers": {}, "whys": {}})  # seconds; not here
    served = Served(monkeypatch, tmp_path)
    assert served.run() == 0 and served.checked == 1 and len(served.served) == 1
    err = capsys.readouterr().err
    assert err.index("preparing the site for http://127.0.0.1:") < err.index("checking the data") < err.index(
        "serving on")
    assert served.run() == 0 and served.checked == 1, "the unchanged data was checked again"
    assert "checking the data" not in capsys.readouterr().err
    monkeypatch.setattr(datacheck, "__version__", "0.0.0-another")  # as any change to a data file does
    assert served.run() == 0 and served.checked == 2


def test_serve_refuses_data_the_check_refuses_and_remembers_nothing(monkeypatch, tmp_path, capsys):
    from ecarte_tutor.commands import datacheck

    served = Served(monkeypatch, tmp_path, defects=["scenario defect: a case the engine answers otherwise"])
    assert served.run() == 1 and served.served == []
    err = capsys.readouterr().err
    assert "a case the engine answers otherwise" in err and "not started" in err
    assert not (tmp_path / datacheck.MARK).exists()
    assert served.run() == 1 and served.checked == 2


def test_the_data_key_follows_every_data_file(tmp_path):
    from ecarte_tutor.commands.datacheck import data_key
    from ecarte_tutor.paths import rules_dir

    rules = tmp_path / "rules"
    shutil.copytree(rules_dir(), rules)
    config = {"RULES_DIR": str(rules)}
    first = data_key(config)
    assert data_key(config) == first
    some = next(rules.glob("*.yaml"))
    some.write_text(some.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    assert data_key(config) != first
    house = tmp_path / "house.yaml"
    house.write_text("title: x\n", encoding="utf-8")
    assert data_key({**config, "HOUSE_FILE": str(house)}) != data_key(config)


def test_defaults():
    parser = ArgumentParser()
    serve.add_arguments(parser)
    args = parser.parse_args([])
    assert (args.host, args.port, args.threads) == ("127.0.0.1", 5000, 16)
    assert args.server == ("gunicorn" if POSIX else "waitress")
    assert min(4, os.cpu_count() or 1) == serve.DEFAULT_WORKERS


@pytest.mark.skipif(not POSIX, reason="gunicorn needs POSIX")
def test_gunicorn_settings_are_all_known_to_this_gunicorn():
    """Every setting is one gunicorn has (an unknown one would be left out silently), gevent workers."""
    from gunicorn import util
    from gunicorn.config import Config
    from gunicorn.workers.ggevent import GeventWorker

    from ecarte_tutor.serving import supervised

    readied = []
    with socket.socket() as sock:
        settings = supervised.options(sock, workers=3, ready=lambda: readied.append(1))
    assert set(settings) <= set(Config().settings)
    settings["post_worker_init"](object())  # gunicorn calls it in each worker, forked and patched, before it answers
    assert readied == [1]
    assert issubclass(util.load_class(settings["worker_class"]), GeventWorker)
    assert settings["preload_app"] is True
    assert settings["workers"] == 3


def test_serve_secure_sends_hsts(servers):
    _process, port = servers("one worker")  # --secure
    _, _, response = get(port, "/api/openapi.json")
    assert response.getheader("Strict-Transport-Security", "").startswith("max-age=")


def test_where_each_rule_is_used_is_worked_out_with_the_check_and_kept(monkeypatch, tmp_path):
    """What pages would work out on their first showing (where each rule is used, every case's ruling, the card-play
    steps' analyses) is made once per change of the data, kept in the instance folder beside the check's mark, and
    read by every later start: a first page after a start costs no more than the next."""
    from ecarte_tutor.commands import datacheck
    from ecarte_tutor.lessons import grading
    from ecarte_tutor.lessons.kinds import best_card

    worked = {"answers": {}, "whys": {"a position, KS over 7S": "the king keeps the trick"}}
    monkeypatch.setattr(grading, "work_out", lambda lessons, book: worked)  # the real one weighs for seconds
    monkeypatch.setattr(best_card, "_whys", {})
    served = Served(monkeypatch, tmp_path)
    assert served.run() == 0
    stored = json.loads((tmp_path / datacheck.INDEX).read_text(encoding="utf-8"))
    first = served.served[0].extensions["ecarte_tutor"].trace()
    assert stored["key"] and stored["value"] == json.loads(json.dumps(first.every_rule()))
    cases = json.loads((tmp_path / datacheck.CASEBOOK).read_text(encoding="utf-8"))
    assert cases["key"] == stored["key"]
    assert cases["value"] == json.loads(json.dumps(served.served[0].extensions["ecarte_tutor"].casebook().as_kept()))
    assert json.loads((tmp_path / datacheck.LESSONS).read_text(encoding="utf-8"))["value"] == worked
    assert worked["whys"].items() <= best_card._whys.items(), "the kept analyses are the ones the lessons answer from"

    monkeypatch.setattr(grading, "work_out", lambda lessons, book: pytest.fail("worked out again"))
    monkeypatch.setattr(best_card, "_whys", {})
    assert served.run() == 0 and served.checked == 1
    later = served.served[1].extensions["ecarte_tutor"]
    assert later.trace()._by_rule.keys() == set(later.book.rules), "every rule's uses read from the kept index"
    assert later.trace().rule("play.follow-suit") == first.rule("play.follow-suit")
    assert worked["whys"].items() <= best_card._whys.items()

    monkeypatch.setattr(grading, "work_out", lambda lessons, book: {"answers": {}, "whys": {}})
    monkeypatch.setattr(datacheck, "__version__", "0.0.0-another")  # another key: all is made anew
    assert served.run() == 0
    for name in (datacheck.INDEX, datacheck.CASEBOOK, datacheck.LESSONS):
        assert json.loads((tmp_path / name).read_text(encoding="utf-8"))["key"] != stored["key"], name
    assert json.loads((tmp_path / datacheck.LESSONS).read_text(encoding="utf-8"))["value"]["whys"] == {}


def test_every_template_is_loaded_before_serving_compiled_once_per_change(monkeypatch, tmp_path):
    """The templates are compiled into the instance folder (Jinja's bytecode cache, keyed by each file's source) and
    all loaded before the workers fork: no page's first showing compiles one."""
    from ecarte_tutor.commands import datacheck
    from ecarte_tutor.lessons import grading

    monkeypatch.setattr(grading, "work_out", lambda lessons, book: {"answers": {}, "whys": {}})
    served = Served(monkeypatch, tmp_path)
    assert served.run() == 0
    env = served.served[0].jinja_env
    names = env.list_templates()
    assert names and {template.name for template in env.cache.values()} >= set(names)
    compiled = tmp_path / datacheck.TEMPLATES
    assert len(list(compiled.iterdir())) == len(names)
    assert served.run() == 0
    again = served.served[1].jinja_env
    assert {template.name for template in again.cache.values()} >= set(names)
    assert len(list(compiled.iterdir())) == len(names), "read back, not written anew"
    from ecarte_tutor.web.markup import render_markdown

    html = json.loads((tmp_path / datacheck.MARKDOWN).read_text(encoding="utf-8"))["value"]
    assert len(html) > 100 and all(render_markdown(text) == kept for text, kept in list(html.items())[:5])


def test_the_openapi_document_and_every_question_check_are_ready_before_serving(monkeypatch, tmp_path):
    """What the first request of the API would wait for is made before the workers fork: each kind's compiled
    question check, and the OpenAPI document."""
    from ecarte_tutor.engine.kinds import KINDS
    from ecarte_tutor.lessons import grading
    from ecarte_tutor.questions.check import _CHECKS

    monkeypatch.setattr(grading, "work_out", lambda lessons, book: {"answers": {}, "whys": {}})
    served = Served(monkeypatch, tmp_path)
    assert served.run() == 0
    app = served.served[0]
    assert json.loads(app.extensions["ecarte_tutor.openapi"])["openapi"].startswith("3.")
    assert set(_CHECKS.of(app.extensions["ecarte_tutor"].book)) == set(KINDS)


def test_each_process_is_readied_before_it_answers(monkeypatch, tmp_path):
    """serve hands its server what each answering process calls first (gunicorn's post_worker_init, waitress's
    one process): web.warmup.ready_to_serve on the app it built."""
    from ecarte_tutor.lessons import grading
    from ecarte_tutor.web import warmup

    monkeypatch.setattr(grading, "work_out", lambda lessons, book: {"answers": {}, "whys": {}})
    readied = []
    monkeypatch.setattr(warmup, "ready_to_serve", readied.append)
    served = Served(monkeypatch, tmp_path)
    assert served.run() == 0
    assert readied == []
    served.ready[0]()
    assert readied == [served.served[0]]


def test_a_stranger_cannot_drive_the_log_one_line_a_bad_request(servers):
    """gunicorn logs a line for each request it cannot read: lines of a kind pass a few a minute (issue 40)."""
    from ecarte_tutor.logs import BURST

    process, port = servers("one worker")
    before = len(read_log(process))  # the lines of this test's requests only
    for n in range(40):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(f"GET /{n} HTTP/1.1\r\nHost: x\r\nBad Header {n}\r\n\r\n".encode())
            sock.recv(1000)
    written = read_log(process)[before:].decode(errors="replace")
    lines = [line for line in written.splitlines() if "Invalid request" in line]
    assert 1 <= len(lines) <= BURST, lines
