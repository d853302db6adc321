"""``ecarte-tutor serve`` in a subprocess on a given database, and browsers (a cookie each) to talk to it."""
from __future__ import annotations

import contextlib
import http.cookiejar
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from instances import Instances

ROOT = Path(__file__).resolve().parents[2]


def run_script(script: str, *args: str) -> str:
    """What ``script`` prints, run by a fresh interpreter at the project's root (gevent patched there, not here)."""
    run = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout


@contextlib.contextmanager
def serving(database_url: str, instance: Path, instances: Instances, *options: str,
            key: str | None = None) -> Iterator[str]:
    """The site under gunicorn on ``database_url`` (no key given: it makes and keeps its own in ``instance``);
    ``instance`` is handed the run's data check, or gives its own when it is the run's first (tests/instances.py)."""
    instances.hand_to(instance)
    env = {name: value for name, value in os.environ.items() if name not in ("ECARTE_TUTOR_SECRET_KEY", "SECRET_KEY")}
    env.update(ECARTE_TUTOR_DATABASE_URL=database_url, ECARTE_TUTOR_INSTANCE_PATH=str(instance),
               PYTHONPATH=str(ROOT))
    if key:
        env["ECARTE_TUTOR_SECRET_KEY"] = key
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen([sys.executable, "-m", "ecarte_tutor.cli", "serve", "--port", "0", *options],
                                   cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
        try:
            port = _port(process, log)
            instances.keep(instance)
            yield f"http://127.0.0.1:{port}"
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)


def _port(process: subprocess.Popen, log) -> int:
    deadline = time.monotonic() + 180  # a stop for a server that never starts, not a measure: a busy machine is slow
    while True:
        log.seek(0)
        found = re.search(rb"http://127\.0\.0\.1:(\d+)/", log.read())
        if found:
            break
        log.seek(0)
        assert process.poll() is None and time.monotonic() < deadline, log.read().decode(errors="replace")
        time.sleep(0.05)
    port = int(found.group(1))
    while True:  # the master prints the line before its workers answer
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/openapi.json", timeout=5).read()
            return port
        except OSError:
            assert time.monotonic() < deadline, "the server never answered"
            time.sleep(0.05)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """One browser: its own cookie, kept across requests (and tabs: threads may share it)."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)

    def request(self, path: str, form: dict | None = None) -> tuple[int, str, dict]:
        data = urllib.parse.urlencode(form, doseq=True).encode() if form is not None else None
        try:
            with self.opener.open(self.base + path, data=data, timeout=60) as response:
                return response.status, response.read().decode(), dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), dict(error.headers)

    def get(self, path: str) -> str:
        status, body, _ = self.request(path)
        assert status == 200, (path, status, body[:300])
        return body

    def seq(self, path: str) -> str:
        return re.search(r'name="seq" value="(\d+)"', self.get(path)).group(1)
