"""A plain ``pip install`` of the built wheel, with no extras, gives an ``ecarte-tutor serve`` that serves.

The test extras bring in packages by chance (gunicorn's gevent worker imports ``packaging``, which gunicorn
does not declare): only a fresh virtualenv holding the wheel and its declared dependencies shows whether
every import the default ``serve`` makes is declared. One install for the module (about a minute; pip reads
its cache, else the package index), of the wheel test_packaging reads too (built once a session).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

BIN = "Scripts" if os.name == "nt" else "bin"
ADDRESS = re.compile(r"serving on http://127\.0\.0\.1:(\d+)/")  # once it serves, not while it prepares
START_SECONDS = 300  # a stop for a server that never starts, not a measure: its first start checks the data, and a busy
# machine is slow


@pytest.fixture(scope="module")
def plain_venv(tmp_path_factory, wheel) -> Path:
    """A fresh virtualenv holding the built wheel (the session's, tests/conftest.py) and its declared dependencies,
    no extras."""
    folder = tmp_path_factory.mktemp("plain")
    venv = folder / "venv"
    made = subprocess.run([sys.executable, "-m", "venv", str(venv)], capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr[-2000:]
    installed = subprocess.run([str(venv / BIN / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                               capture_output=True, text=True, timeout=600)
    if installed.returncode != 0 and "Could not find a version" in installed.stderr:
        pytest.skip(f"the package index cannot be reached: {installed.stderr[-300:]}")
    assert installed.returncode == 0, installed.stderr[-2000:]
    return venv


def _serve(venv: Path, instance: Path, *options: str) -> tuple[subprocess.Popen, int, list[str], threading.Thread]:
    """``ecarte-tutor serve --port 0`` from ``venv``, its port once it listens, the lines it printed so far
    (the list keeps filling) and the thread reading them (it ends with the process)."""
    process = subprocess.Popen([str(venv / BIN / "ecarte-tutor"), "serve", "--port", "0", *options],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=instance,
                               env={**os.environ, "ECARTE_TUTOR_INSTANCE_PATH": str(instance)})
    lines: list[str] = []
    found = threading.Event()
    port: list[int] = []

    def read() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.append(line)
            match = ADDRESS.search(line)
            if match and not port:
                port.append(int(match.group(1)))
                found.set()
        found.set()  # the process ended

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if not found.wait(START_SECONDS) or not port:
        _stop(process, reader)
        pytest.fail("serve did not say where it listens:\n" + "".join(lines[-30:]))
    return process, port[0], lines, reader


def _stop(process: subprocess.Popen, reader: threading.Thread) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    reader.join(timeout=10)
    assert process.stderr is not None
    process.stderr.close()


def _get(port: int, path: str) -> tuple[int, bytes]:
    deadline = time.monotonic() + START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
                return response.status, response.read()
        except (ConnectionError, urllib.error.URLError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_a_plain_install_serves_the_home_page(plain_venv, tmp_path):
    process, port, lines, reader = _serve(plain_venv, tmp_path)
    try:
        status, body = _get(port, "/")
        assert status == 200, body[:500]
        assert "Écarté".encode() in body
    finally:
        _stop(process, reader)
    shown = "".join(lines)
    assert "Traceback" not in shown and "not installed" not in shown, shown[-3000:]
