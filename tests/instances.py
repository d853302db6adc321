"""Instance folders for the servers the tests start, handed what a first start of the run checked and prepared.

``ecarte-tutor serve`` answers every worked case and lesson exercise before it serves (about 11 s of CPU), then
prepares what pages would work out on their first showing (where each rule is used, the casebook, the card-play
steps' analyses, the rendered Markdown, the compiled templates: about 6 s more), once per change of the data,
keeping all of it in its instance folder under the data's key (ecarte_tutor.commands.datacheck). A test's server
gets a fresh folder (its own database and key), so each start would check and prepare the same data again. Here
the first start of the run does both, as ever; what it kept is kept for the run (in a folder the pytest-xdist
workers share) and copied into every later folder, so a later start costs what a restart of a real site does
(about 1.6 s of CPU). Serve itself still decides: it trusts each file only under its own data's key, so a server on
other data (a house file) checks and prepares as ever.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from ecarte_tutor.commands.datacheck import CASEBOOK, INDEX, LESSONS, MARK, MARKDOWN, TEMPLATES

KEPT = (MARK, INDEX, CASEBOOK, LESSONS, MARKDOWN)
"""The files a start keeps (each names the data's key it was made from)."""
KEPT_FOLDERS = (TEMPLATES,)
"""The folders it keeps (Jinja's compiled templates, each file keyed by its template's source)."""


class Instances:
    """Fresh instance folders, each holding what the run's first start kept (once there is something)."""

    def __init__(self, kept: Path):
        self.kept = kept

    def new(self, prefix: str = "ecarte-tutor-serve-") -> Path:
        """A new, empty instance folder (its caller removes it), with the kept files copied in."""
        folder = Path(tempfile.mkdtemp(prefix=prefix))
        self.hand_to(folder)
        return folder

    def hand_to(self, folder: Path) -> Path:
        """Copy the kept files into ``folder`` (nothing while none is kept yet)."""
        folder.mkdir(parents=True, exist_ok=True)
        for name in KEPT:
            if (self.kept / name).exists():
                shutil.copyfile(self.kept / name, folder / name)
        for name in KEPT_FOLDERS:
            if (self.kept / name).is_dir():
                shutil.copytree(self.kept / name, folder / name, dirs_exist_ok=True)
        return folder

    def keep(self, folder: Path) -> None:
        """Keep what a server made in ``folder`` (call once it serves: all of it is written by then), unless all
        is kept already. Each file and folder is put in place whole or not at all: another worker may be reading."""
        names = (*KEPT, *KEPT_FOLDERS)
        if all((self.kept / name).exists() for name in names) or not all((folder / name).exists() for name in names):
            return
        for name in KEPT:
            written = self.kept / f"{name}.{os.getpid()}"
            shutil.copyfile(folder / name, written)
            written.replace(self.kept / name)
        for name in KEPT_FOLDERS:
            written = self.kept / f"{name}.{os.getpid()}"
            shutil.rmtree(written, ignore_errors=True)
            shutil.copytree(folder / name, written)
            try:
                written.rename(self.kept / name)
            except OSError:  # another worker put its own in place first: the same files
                shutil.rmtree(written, ignore_errors=True)


@pytest.fixture(scope="session")
def instances(tmp_path_factory) -> Instances:
    """The run's :class:`Instances`, one kept set for every pytest-xdist worker (their base folder's parent)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    kept = shared / "kept-data-check"
    kept.mkdir(exist_ok=True)
    return Instances(kept)
