#!/usr/bin/env python3
"""Set up and run Écarté Tutor with nothing but Python 3.11+.

    python3 dev.py run    # create/reuse .venv, install, start the site on http://127.0.0.1:5000
    python3 dev.py test   # create/reuse .venv, install, check the data, lint, type-check, run the whole test suite
                          # (on all cores: pytest-xdist; extra arguments go to pytest, e.g. -n 0 for one process)
    python3 dev.py docs   # write docs/api.md's tables of dispute facts and remedy options anew from the rule book

The virtualenv is rebuilt only when pyproject.toml, setup.py or the compiled core's C sources change.
"""
import hashlib
import os
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("ECARTE_TUTOR_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".ecarte-tutor-installed"


def _install_inputs() -> list[Path]:
    """What the install depends on: the dependencies, and the compiled core's sources (pip builds it in place)."""
    core = sorted((ROOT / "ecarte_tutor" / "engine").glob("_core*.[ch]"))
    return [ROOT / "pyproject.toml", ROOT / "setup.py", *core]


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for path in _install_inputs():
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def ensure_venv() -> None:
    """Create the virtualenv and install the project with its test extras, once per pyproject change."""
    if STAMP.exists() and STAMP.read_text() == _fingerprint():
        return
    if not (BIN / "python").exists():
        print(f"Creating a virtualenv in {VENV} …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("Installing Écarté Tutor and its dependencies …", flush=True)
    subprocess.run([str(BIN / "python"), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
    subprocess.run([str(BIN / "python"), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(_fingerprint())


def run(cmd) -> int:
    print("$", " ".join(cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT).returncode


def run_together(steps) -> int:
    """Run the steps at once (none waits on another; together they take the time of the slowest, the data
    check), each one's output printed whole, in order, with its time; the first failing status, or 0."""
    started = time.monotonic()
    running = [(step, subprocess.Popen(step, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
               for step in steps]
    status = 0
    for step, process in running:
        output, _ = process.communicate()
        print("$", " ".join(step), f"(done after {time.monotonic() - started:.1f} s)", flush=True)
        sys.stdout.write(output.decode(errors="replace"))
        status = status or process.returncode
    return status


def main(argv) -> int:
    task = argv[0] if argv else "help"
    if task not in ("run", "test", "docs"):
        print(__doc__)
        return 2
    ensure_venv()
    tutor = str(BIN / "ecarte-tutor")
    if task == "docs":
        return run([str(BIN / "python"), "-m", "ecarte_tutor.apidocs"])
    if task == "run":
        return run([tutor, "serve", "--host", "127.0.0.1", "--port", "5000", *argv[1:]])
    lint = [str(BIN / "ruff"), "check", "ecarte_tutor", "tests", "bench", "conftest.py", "dev.py", "setup.py"]
    layers = [str(BIN / "lint-imports")]
    types = [str(BIN / "mypy")]  # what it checks, and how strictly: [tool.mypy] in pyproject.toml
    status = run_together([[tutor, "check"], [tutor, "coverage"], lint, layers, types])
    if status:
        return status
    # -n auto: a worker per core; loadgroup: the tests that share an expensive setup run in one worker (the
    # parts of the dispute interview's walk that share answers: conftest.py's together), the rest test by test.
    return run([str(BIN / "python"), "-m", "pytest", "-n", "auto", "--dist", "loadgroup", *argv[1:]])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
