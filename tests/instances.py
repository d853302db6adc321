"""Instance folders for the servers the tests start, handed the data check that a first start of the run made.

``ecarte-tutor serve`` answers every worked case and lesson exercise before it serves (about 11 s of CPU) and works
out where each rule is used, once per change of the data, keeping both in its instance folder under the data's key
(ecarte_tutor.commands.datacheck). A test's server gets a fresh folder (its own database and key), so each start
would check the same data again. Here the first start of the run checks, as ever; its two files are kept for the run
(in a folder the pytest-xdist workers share) and copied into every later folder. Serve itself still decides: it
trusts them only under its own data's key, so a server on other data (a house file) checks as ever.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from ecarte_tutor.commands.datacheck import INDEX, MARK

KEPT = (MARK, INDEX)


class Instances:
    """Fresh instance folders, each holding the data check kept from the run's first start (once there is one)."""

    def __init__(self, kept: Path):
        self.kept = kept

    def new(self, prefix: str = "ecarte-tutor-serve-") -> Path:
        """A new, empty instance folder (its caller removes it), with the kept check copied in."""
        folder = Path(tempfile.mkdtemp(prefix=prefix))
        self.hand_to(folder)
        return folder

    def hand_to(self, folder: Path) -> Path:
        """Copy the kept check into ``folder`` (nothing while none is kept yet)."""
        folder.mkdir(parents=True, exist_ok=True)
        for name in KEPT:
            if (self.kept / name).exists():
                shutil.copyfile(self.kept / name, folder / name)
        return folder

    def keep(self, folder: Path) -> None:
        """Keep the check a server made in ``folder`` (call once it serves: both files are written by then),
        unless one is kept already. Each file is written whole or not at all: another worker may be reading."""
        if all((self.kept / name).exists() for name in KEPT) or not all((folder / name).exists() for name in KEPT):
            return
        for name in KEPT:
            written = self.kept / f"{name}.{os.getpid()}"
            shutil.copyfile(folder / name, written)
            written.replace(self.kept / name)


@pytest.fixture(scope="session")
def instances(tmp_path_factory) -> Instances:
    """The run's :class:`Instances`, one kept check for every pytest-xdist worker (their base folder's parent)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    kept = shared / "kept-data-check"
    kept.mkdir(exist_ok=True)
    return Instances(kept)
