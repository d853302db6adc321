"""Where the rule book, lessons and scenarios live.

A checkout keeps them at the top of the repository; an installed wheel carries
copies under ``ecarte_tutor/data/``. ``ECARTE_TUTOR_DATA`` overrides both.
"""
import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def data_root() -> Path:
    """Return the folder holding ``rules/``, ``lessons/`` and ``scenarios/``."""
    override = os.environ.get("ECARTE_TUTOR_DATA")
    if override:
        return Path(override)
    checkout = PACKAGE_DIR.parent
    if (checkout / "rules").is_dir() and (checkout / "pyproject.toml").is_file():
        return checkout
    return PACKAGE_DIR / "data"


def rules_dir() -> Path:
    return data_root() / "rules"


def lessons_dir() -> Path:
    return data_root() / "lessons"


def scenarios_dir() -> Path:
    return data_root() / "scenarios"
