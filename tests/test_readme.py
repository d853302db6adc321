"""Every ``ecarte-tutor`` line of the README runs as written (run from the project's root)."""
import io
import os
import re
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ecarte_tutor.cli import main

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```sh\n(.*?)```", README, flags=re.S)
LINES = [line.split("  #")[0].strip() for block in BLOCKS for line in block.splitlines()
         if line.startswith("ecarte-tutor ")]


def test_the_readme_shows_commands():
    assert len(LINES) >= 6


@pytest.mark.parametrize("line", [line for line in LINES if " serve" not in line])
def test_a_readme_command_runs(line, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # a lesson ends at the end of its input
    status = main(shlex.split(line)[1:])
    out = capsys.readouterr()
    assert status == 0, f"{line!r} exited {status}: {out.err[-500:]}"
    assert out.out.strip(), f"{line!r} printed nothing"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.parametrize("line", [line for line in LINES if " serve" in line])
def test_the_readme_serve_command_serves(line, instances, tmp_path):
    # the one change: a free port instead of the one written, so that a busy port cannot fail the test; and its
    # files (database, key) go to a folder of its own, handed the run's data check (tests/instances.py)
    port = _free_port()
    argv = re.sub(r"--port \d+", f"--port {port}", line).split()[1:]
    command = [str(Path(sys.executable).with_name("ecarte-tutor")), *argv]
    instance = instances.hand_to(tmp_path / "instance")
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               env={**os.environ, "ECARTE_TUTOR_SECRET_KEY": "readme-test-key-6b0e4d2a9c7f3158",
                                    "ECARTE_TUTOR_INSTANCE_PATH": str(instance)})
    try:
        deadline = time.monotonic() + 120  # a first start checks every case and lesson
        while time.monotonic() < deadline:
            assert process.poll() is None, process.stdout.read().decode()[-800:]
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                    # serve listens before it prepares: the request waits in the socket's queue until it serves (a
                    # short wait here would give it up and ask again, each time a page for a busy server to make)
                    sock.settimeout(max(1.0, deadline - time.monotonic()))
                    sock.sendall(b"GET / HTTP/1.0\r\nHost: localhost\r\n\r\n")
                    assert sock.recv(12).startswith(b"HTTP/1.")
                if "--house" not in line:  # a house file's data is another key
                    instances.keep(instance)
                return
            except OSError:
                time.sleep(0.2)
        pytest.fail(f"{line!r} did not answer within 120 s")
    finally:
        process.terminate()
        process.communicate(timeout=30)  # reads and closes the pipe
