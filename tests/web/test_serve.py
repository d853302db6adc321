"""``ecarte-tutor serve``: waitress in a subprocess answers, refuses bad options, and stops cleanly."""
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
from argparse import ArgumentParser
from pathlib import Path

import pytest

from ecarte_tutor.commands import serve

ROOT = Path(__file__).resolve().parents[2]


def start(*options):
    env = dict(os.environ, ECARTE_TUTOR_SECRET_KEY="serve-test", PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "ecarte_tutor.cli", "serve", "--port", "0", *options],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert match, line
    return process, int(match.group(1))


def stop(process):
    process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout=10)
    finally:
        process.stderr.close()


def raw_request(port, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_answers_and_stops(workers):
    process, port = start("--threads", "2", "--workers", workers)
    try:
        for _ in range(4):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("POST", "/api/ask", body=json.dumps({"kind": "trick", "trump": "H", "led": "KS",
                                                                    "followed": "7H"}))
            response = connection.getresponse()
            assert response.status == 200
            assert json.loads(response.read())["winner"] == "follower"
            assert response.getheader("X-Content-Type-Options") == "nosniff"
            connection.close()
    finally:
        assert stop(process) == 0


def test_serve_reads_chunked_bodies_and_refuses_large_ones():
    process, port = start("--threads", "2")
    try:
        body = b'{"kind": "trick", "trump": "H", "led": "KS", "followed": "7H"}'
        chunked = (b"POST /api/ask HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                   + f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n")
        assert raw_request(port, chunked).startswith(b"HTTP/1.1 200")
        big = b"[" + b"1," * 40000 + b"1]"
        request = (b"POST /api/ask HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: "
                   + str(len(big)).encode() + b"\r\n\r\n" + big)
        answer = raw_request(port, request)
        assert answer.startswith(b"HTTP/1.1 413")
        assert b'"too-large"' in answer
    finally:
        stop(process)


@pytest.mark.parametrize("options, message", [
    (["--port", "70000"], "--port"), (["--threads", "0"], "--threads"), (["--workers", "0"], "--workers"),
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
    cores = os.cpu_count() or 1
    assert args.workers == (min(4, cores) if hasattr(os, "fork") else 1)


def test_serve_secure_sends_hsts():
    process, port = start("--secure")
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/api/ping")
        response = connection.getresponse()
        response.read()
        assert response.getheader("Strict-Transport-Security", "").startswith("max-age=")
        connection.close()
    finally:
        stop(process)


class Exited(BaseException):
    """Stands for os._exit in a test: the process would end here."""


@pytest.mark.parametrize("fault", [None, RuntimeError("boom"), KeyboardInterrupt()])
def test_a_worker_ends_its_process_and_never_returns_into_the_cli(monkeypatch, capsys, fault):
    exits, handlers = [], []

    def fake_exit(code):
        exits.append(code)
        raise Exited

    def fake_serve(create_server, app, sock, threads):
        if fault is not None:
            raise fault

    monkeypatch.setattr(serve.os, "_exit", fake_exit)
    monkeypatch.setattr(serve.signal, "signal", lambda *args: handlers.append(args))
    monkeypatch.setattr(serve, "_serve", fake_serve)
    with pytest.raises(Exited):  # only the exit leaves the worker: no exception reaches the caller
        serve._worker(None, None, None, 1)
    assert exits == [0 if fault is None else 1]
    if isinstance(fault, RuntimeError):
        assert "boom" in capsys.readouterr().err
