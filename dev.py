#!/usr/bin/env python3
"""Set up and run Écarté Tutor with nothing but Python 3.11+.

    python3 dev.py run    # create/reuse .venv, install, start the site on http://127.0.0.1:5000
    python3 dev.py test   # create/reuse .venv, install, check the data, lint, type-check, run the whole test suite
    python3 dev.py docs   # write docs/api.md's tables of dispute facts and remedy options anew from the rule book

The virtualenv is rebuilt only when pyproject.toml, setup.py or the compiled core's C sources change.
"""
import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("ECARTE_TUTOR_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".ecarte-tutor-installed"


# What the install depends on: the dependencies, and the compiled core's sources (pip builds it in place).
INSTALL_INPUTS = ("pyproject.toml", "setup.py", "ecarte_tutor/engine/_core.c", "ecarte_tutor/engine/_core_exchange.h",
                  "ecarte_tutor/engine/_core_hidden.h")


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for name in INSTALL_INPUTS:
        digest.update((ROOT / name).read_bytes())
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
    for step in ([tutor, "check"], [tutor, "coverage"], lint, layers, types):
        status = run(step)
        if status:
            return status
    return run([str(BIN / "python"), "-m", "pytest", *argv[1:]])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
