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


def start(*options):
    """The server in a subprocess, and its port once it answers. Its log goes to a file nobody has to read."""
    instance = tempfile.mkdtemp(prefix="ecarte-tutor-serve-")
    env = dict(os.environ, ECARTE_TUTOR_SECRET_KEY="serve-test-key-1d8e5b3f9a7c2064e9", PYTHONPATH=str(ROOT),
               ECARTE_TUTOR_INSTANCE_PATH=instance)
    log = tempfile.TemporaryFile()  # noqa: SIM115 -- lives as long as the server; closed by stop()
    process = subprocess.Popen([sys.executable, "-m", "ecarte_tutor.cli", "serve", "--port", "0", *options],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
    process.log, process.instance = log, instance
    try:
        deadline = time.monotonic() + 120  # serve checks every case and lesson and warms every page first
        while not (match := re.search(rb"http://127\.0\.0\.1:(\d+)/", read_log(process))):
            assert process.poll() is None and time.monotonic() < deadline, read_log(process)
            time.sleep(0.05)
        port = int(match.group(1))
        wait_until_answering(port)
    except BaseException:  # a server that never came up: stop it and close its log, or the failure hides
        process.kill()
        stop(process)
        raise
    return process, port


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


@pytest.mark.parametrize("options", [["--workers", "1"], ["--workers", "2"], ["--server", "waitress"]])
def test_serve_answers_and_stops(options):
    if "waitress" not in options and not POSIX:
        pytest.skip("gunicorn needs POSIX")
    process, port = start("--threads", "2", *options)
    try:
        for _ in range(4):
            status, body, response = get(port, "/api/ask", "POST", TRICK)
            assert status == 200
            assert json.loads(body)["winner"] == "follower"
            assert response.getheader("X-Content-Type-Options") == "nosniff"
    finally:
        assert stop(process) == 0


@pytest.mark.parametrize("server", SERVERS)
def test_serve_reads_chunked_bodies_and_refuses_large_ones(server):
    process, port = start("--threads", "2", "--server", server)
    try:
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
    finally:
        stop(process)


@pytest.mark.parametrize("server", SERVERS)
def test_an_over_long_request_line_is_a_short_400(server):
    process, port = start("--threads", "2", "--server", server)
    try:
        url = "/dispute/?" + "&".join(f"fact{i}={'x' * 190}" for i in range(1000))  # about 200 KB
        answer = raw_request(port, f"GET {url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        # gunicorn's 414 is turned into the site's 400 (serving.supervised); waitress counts the
        # line among the headers (it has no limit of its own for the line) and says 431.
        assert answer.split(b" ", 2)[1] == (b"400" if server == "gunicorn" else b"431")
        assert len(answer) < 10_000
        assert b"x" * 190 not in answer  # nothing of the address is echoed back
    finally:
        stop(process)


@pytest.mark.parametrize("server", SERVERS)
def test_idle_connections_lock_nobody_out(server):
    """More idle connections than threads, than waitress's default limit of 100: a visitor is still answered."""
    process, port = start("--threads", "2", "--server", server)
    idle = []
    try:
        idle = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(300)]
        status, _, _ = get(port, "/api/ask", "POST", TRICK)
        assert status == 200
    finally:
        for sock in idle:
            sock.close()
        stop(process)


@pytest.mark.skipif(not POSIX, reason="gunicorn needs POSIX")
def test_slow_clients_hold_no_worker_and_are_cut_off():
    """A connection stalled mid-request-line, and one sending a body a byte at a time, leave the only worker
    free to answer others; the stalled one is closed once its head is late (HEAD_SECONDS)."""
    from ecarte_tutor.serving import HEAD_SECONDS

    process, port = start("--workers", "1")
    try:
        stalled = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(50)]
        for sock in stalled:
            sock.sendall(b"GET / HT")
        slow_body = socket.create_connection(("127.0.0.1", port), timeout=30)
        slow_body.sendall(b"POST /api/ask HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{")
        began = time.monotonic()
        status, _, _ = get(port, "/api/ask", "POST", TRICK)
        assert status == 200 and time.monotonic() - began < 2
        assert stalled[0].recv(100) == b""  # closed by the server ...
        assert HEAD_SECONDS - 1 < time.monotonic() - began < HEAD_SECONDS + 5  # ... once the head was late
        for sock in [*stalled, slow_body]:
            sock.close()
    finally:
        stop(process)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc to find the workers")
def test_sighup_replaces_the_workers_but_keeps_the_data_it_started_with(tmp_path):
    """docs/deploy.md: SIGHUP does not read the data files again; a restart does."""
    house = tmp_path / "house.yaml"
    house.write_text("title: Rules of the Cercle Ancien\nprofile: london\n", encoding="utf-8")
    process, port = start("--workers", "1", "--house", str(house))
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


@pytest.mark.skipif(not POSIX, reason="gunicorn needs POSIX")
def test_the_servers_own_refusals_carry_the_security_headers_and_echo_nothing():
    from ecarte_tutor.web.security import HEADERS

    process, port = start("--workers", "1")
    try:
        for request, status in [
            (b"GET /<script>alert(1)</script> HTTP/9.9\r\nHost: x\r\n\r\n", b"400"),
            (b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(60)) + b"\r\n", b"431"),
            (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"<b>" * 4000 + b"\r\n\r\n", b"431"),
        ]:
            answer = raw_request(port, request)
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.split(b" ", 2)[1] == status, answer[:300]
            for name, value in HEADERS.items():
                assert f"{name}: {value}".encode() in head
            assert b"<" not in body and b"script" not in body and len(body) < 300
            assert body.decode().strip().endswith(".")  # a sentence in words
    finally:
        stop(process)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc to find the workers")
def test_a_killed_worker_is_replaced():
    process, port = start("--threads", "2", "--workers", "2")
    try:
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
    finally:
        assert stop(process) == 0


@pytest.mark.skipif(not POSIX, reason="gunicorn needs POSIX")
def test_sigterm_lets_a_request_in_flight_finish():
    """gunicorn's graceful stop (waitress, kept for one process and Windows, stops at once)."""
    process, port = start("--threads", "2", "--workers", "1")
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


@pytest.mark.parametrize("options, message", [
    (["--port", "70000"], "--port"), (["--threads", "0"], "--threads"), (["--workers", "0"], "--workers"),
    (["--server", "waitress", "--workers", "2"], "one process"),
])
def test_bad_options_are_refused_with_a_message(capsys, options, message):
    parser = ArgumentParser()
    serve.add_arguments(parser)
    assert serve.run(parser.parse_args(options)) == 2
    assert message in capsys.readouterr().err


def test_a_port_in_use_is_one_clear_line(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        parser = ArgumentParser()
        serve.add_arguments(parser)
        assert serve.run(parser.parse_args(["--port", str(taken.getsockname()[1])])) == 1
    assert "cannot listen" in capsys.readouterr().err


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

    with socket.socket() as sock:
        settings = supervised.options(sock, workers=3)
    assert set(settings) <= set(Config().settings)
    assert issubclass(util.load_class(settings["worker_class"]), GeventWorker)
    assert settings["preload_app"] is True
    assert settings["workers"] == 3
    assert "post_worker_init" not in settings


@pytest.mark.skipif(not POSIX, reason="gunicorn needs POSIX")
def test_each_worker_runs_the_warm_up_given_before_it_serves():
    """serve's warm-up of a worker (web.warm.warm_worker) is gunicorn's post_worker_init: run in the worker,
    after the fork and the app's loading, before the worker takes a connection."""
    from gunicorn.config import Config

    from ecarte_tutor.serving import supervised

    ran: list[str] = []
    with socket.socket() as sock:
        settings = supervised.options(sock, workers=1, on_worker=lambda: ran.append("warm"))
    config = Config()
    config.set("post_worker_init", settings["post_worker_init"])
    config.post_worker_init(object())
    assert ran == ["warm"]


@pytest.mark.skipif(not POSIX, reason="gunicorn needs POSIX")
def test_the_first_workers_start_serving_together_and_a_later_one_at_once():
    """A warm worker of the first set waits for the others (one warm alone served while the rest warmed on the
    same cores); a replacement, later, finds them all warm and does not wait."""
    import threading

    from ecarte_tutor.serving import supervised

    done: list[float] = []
    gate = supervised.warm_gate(lambda: None, workers=2)
    first = threading.Thread(target=lambda: (gate(object()), done.append(time.monotonic())))
    first.start()
    time.sleep(0.3)
    assert done == [], "the first warm worker took connections before the second was warm"
    began = time.monotonic()
    gate(object())
    first.join(timeout=5)
    assert len(done) == 1 and done[0] - began < 1
    began = time.monotonic()
    gate(object())  # a replacement
    assert time.monotonic() - began < 0.5


def test_serve_secure_sends_hsts():
    process, port = start("--secure", "--workers", "1", "--threads", "2")
    try:
        _, _, response = get(port, "/api/openapi.json")
        assert response.getheader("Strict-Transport-Security", "").startswith("max-age=")
    finally:
        stop(process)


@pytest.mark.skipif(not POSIX, reason="gunicorn needs POSIX")
def test_a_warm_up_that_fails_leaves_a_worker_that_serves(caplog):
    """The warm-up only saves time: should it fail, the worker serves cold (logged), rather than fail to boot,
    which would stop gunicorn and the whole site."""
    from ecarte_tutor.serving import supervised

    def broken():
        raise RuntimeError("warm-up broke")

    supervised.warm_gate(broken, workers=1)(object())
    assert "warm-up failed" in caplog.text


TINY_SERVER = """
from ecarte_tutor.serving import listen, supervised

def app(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
    return [b"ok"]

sock = listen("127.0.0.1", 0)
print(sock.getsockname()[1], flush=True)
supervised.serve(app, sock, 1)
"""


@pytest.mark.skipif(not POSIX, reason="gunicorn needs POSIX")
def test_a_connection_sending_requests_back_to_back_does_not_keep_another_waiting():
    """A gevent worker answers its connections in turn: after each answer the connection's greenlet gives way.

    Without that, gunicorn's keep-alive loop reads the next request of the same connection whenever it has already
    arrived, and a client that always has one waiting (a load generator, a pipelining client) is served over and
    over while the others wait: under wrk at 32 connections the p99 was 367 ms for a page answered in 0.3 ms
    (bench/site_bench.py). Here one connection sends 3,000 requests at once, and a second connection asks once:
    it is answered long before the first connection's last answer."""
    import threading

    server = subprocess.Popen([sys.executable, "-c", TINY_SERVER], cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(server.stdout.readline())  # gunicorn's one worker, serve's settings, a two-byte answer
        deadline = time.monotonic() + 30
        while not raw_request(port, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"):
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.05)
        burst = socket.create_connection(("127.0.0.1", port), timeout=30)
        count, answers = 3000, []

        def read_burst():  # read every answer, so that the server never waits on a full socket
            seen = b""
            while seen.count(b"HTTP/1.1 200") < count:
                chunk = burst.recv(1 << 16)
                if not chunk:
                    break
                seen += chunk
            answers.append(time.monotonic())

        reader = threading.Thread(target=read_burst)
        reader.start()
        burst.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n" * count)
        time.sleep(0.02)  # the burst is being answered
        began = time.monotonic()
        single = raw_request(port, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answered = time.monotonic()
        reader.join(60)
        burst.close()
        assert single.startswith(b"HTTP/1.1 200") and answers
        burst_left = answers[0] - answered
        assert burst_left > 0, f"the single request waited {answered - began:.3f} s, until the whole burst was answered"
    finally:
        server.terminate()
        server.wait(30)
        server.stdout.close()
