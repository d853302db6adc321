"""What the site reads once and shares between requests: the rule book, the casebook, the lessons.

The rule book is loaded and validated when the app is created. The casebook (every
scenario with its ruling) and the lessons are built on first use and then kept,
so the app starts fast and a page never re-reads a file.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field

from flask import current_app

from ..ask import ask
from ..rulebook import PROFILES, RuleBook, get_rulebook

log = logging.getLogger(__name__)


@dataclass
class CaseRuling:
    """One scenario of the casebook and the answer ``ask()`` gives it."""

    scenario: object
    answer: dict
    text: str  # lower-case words searched by the casebook's q= filter

    @property
    def kind(self) -> str:
        question = self.scenario.question
        return question.get("kind", "") if isinstance(question, dict) else ""


@dataclass
class Site:
    """The data behind every page; one per app, in ``app.extensions["ecarte_tutor"]``."""

    book: RuleBook
    config: dict
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _casebook: list | None = None
    _lessons: tuple | None = None
    lessons_error: str | None = None

    @classmethod
    def load(cls, config) -> "Site":
        """Load and cross-check the rule book (raises DataError on a broken file)."""
        return cls(book=get_rulebook(config.get("RULES_DIR")), config=dict(config))

    # --- profiles ------------------------------------------------------------------------------

    def profile_label(self, name: str) -> str:
        rule = self.book.profiles.get(name)
        return rule.title if rule else name

    @property
    def profile_choices(self) -> list[tuple[str, str]]:
        return [(name, self.profile_label(name)) for name in PROFILES]

    def profile_param(self, profile: str | None) -> str | None:
        """``profile`` as a URL parameter: None for the default profile, so its links stay short."""
        return profile if profile and profile != self.book.default_profile else None

    # --- casebook ------------------------------------------------------------------------------

    def casebook(self) -> list[CaseRuling]:
        """Every scenario with its ruling, computed once (the scenarios are fixed at start)."""
        if self._casebook is None:
            with self._lock:
                if self._casebook is None:
                    self._casebook = self._build_casebook()
        return self._casebook

    def _build_casebook(self) -> list[CaseRuling]:
        from ..scenarios import load_scenarios

        try:
            scenarios = load_scenarios(self.config.get("SCENARIOS_DIR"))
        except Exception:  # a broken scenario file must not take the site down
            log.exception("cannot load the scenarios")
            return []
        rulings = []
        for case in scenarios:
            answer = ask(case.question, self.book)
            words = " ".join(str(part) for part in (
                case.id, case.name, case.situation, case.note, case.group, answer.get("explanation", ""),
                " ".join(map(str, answer.get("cites", []) or [])))).lower()
            rulings.append(CaseRuling(case, answer, words))
        return rulings

    # --- lessons -------------------------------------------------------------------------------

    def lessons(self) -> tuple:
        """The lessons, loaded once; empty (with ``lessons_error`` set) when they cannot be read."""
        if self._lessons is None:
            with self._lock:
                if self._lessons is None:
                    self._lessons = self._load_lessons()
        return self._lessons

    def _load_lessons(self) -> tuple:
        try:
            from .. import lessons as lessons_module
        except ImportError:
            self.lessons_error = "The lessons are not available in this version."
            return ()
        try:
            if self.config.get("LESSONS_DIR"):
                return tuple(lessons_module.load_lessons(self.config["LESSONS_DIR"]))
            return tuple(lessons_module.bundled_lessons())
        except Exception:  # a broken lesson file must not take the other pages down
            log.exception("cannot load the lessons")
            self.lessons_error = "The lessons could not be loaded; the rest of the site works."
            return ()


def get_site() -> Site:
    """The current app's :class:`Site` (like flaskr's ``get_db()``)."""
    return current_app.extensions["ecarte_tutor"]


def get_book() -> RuleBook:
    return get_site().book
