"""What the site reads once and shares between requests: the library, and the casebook's rulings.

The library (rule book, lessons, scenarios) is loaded and validated when the app is
created: a broken file stops the start, naming the file and the key. The casebook (every
scenario with the ruling ``ask()`` gives it) is worked out on first use and then kept, so
the app starts fast and a page never re-reads a file.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field

from flask import current_app

from ..asking import ask
from ..library import Library, load_library
from ..rulebook import RuleBook
from ..scenarios import Scenario


@dataclass
class CaseRuling:
    """One scenario of the casebook and the answer ``ask()`` gives it."""

    scenario: Scenario
    answer: dict
    text: str  # lower-case words searched by the casebook's q= filter

    @property
    def kind(self) -> str:
        kind = self.scenario.question.get("kind", "")
        return kind if isinstance(kind, str) else ""


@dataclass
class Site:
    """The data behind every page; one per app, in ``app.extensions["ecarte_tutor"]``."""

    library: Library
    config: dict
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _casebook: list | None = None

    @classmethod
    def load(cls, config) -> Site:
        """Load and cross-check the whole library (raises DataError on a broken file)."""
        library = load_library(config.get("RULES_DIR"), config.get("LESSONS_DIR"), config.get("SCENARIOS_DIR"))
        return cls(library=library, config=dict(config))

    @property
    def book(self) -> RuleBook:
        return self.library.book

    @property
    def lessons(self) -> tuple:
        return self.library.lessons

    # --- profiles ------------------------------------------------------------------------------

    def profile_label(self, name: str) -> str:
        rule = self.book.profiles.get(name)
        return rule.title if rule else name

    @property
    def profile_choices(self) -> list[tuple[str, str]]:
        return [(name, self.profile_label(name)) for name in self.book.profiles]

    def profile_param(self, profile: str | None) -> str | None:
        """``profile`` as a URL parameter: None for the default profile, so its links stay short."""
        return profile if profile and profile != self.book.default_profile else None

    # --- casebook ------------------------------------------------------------------------------

    def casebook(self) -> list[CaseRuling]:
        """Every scenario with its ruling, worked out once (the scenarios are fixed at start)."""
        if self._casebook is None:
            with self._lock:
                if self._casebook is None:
                    self._casebook = [self._ruling(case) for case in self.library.scenarios]
        return self._casebook

    def _ruling(self, case) -> CaseRuling:
        answer = ask(case.question, self.library)
        words = " ".join(str(part) for part in (
            case.id, case.name, case.situation, case.note, case.group, answer.get("explanation", ""),
            " ".join(map(str, answer.get("cites", []) or [])))).lower()
        return CaseRuling(case, answer, words)


def get_site() -> Site:
    """The current app's :class:`Site` (like flaskr's ``get_db()``)."""
    return current_app.extensions["ecarte_tutor"]


def get_book() -> RuleBook:
    return get_site().book
