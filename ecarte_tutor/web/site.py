"""What the site reads once and shares between requests: the library, and the casebook's rulings.

The library (rule book, lessons, scenarios) is loaded and validated when the app is
created: a broken file stops the start, naming the file and the key. The casebook (every
scenario with the ruling ``ask()`` gives it) is worked out on first use and then kept, so
the app starts fast and a page never re-reads a file.
"""
from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field

from flask import current_app

from ..casebook import Casebook
from ..house import House
from ..library import Library, load_library
from ..rulebook import RuleBook
from ..trace import Trace
from ..wording import Words


@dataclass
class Site:
    """The data behind every page; one per app, in ``app.extensions["ecarte_tutor"]``."""

    library: Library
    config: dict
    words: Words  # the player's vocabulary of this rule book
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _casebook: Casebook | None = None
    _trace: Trace | None = None

    @classmethod
    def load(cls, config) -> Site:
        """Load and cross-check the whole library (raises DataError on a broken file)."""
        library = load_library(config.get("RULES_DIR"), config.get("LESSONS_DIR"), config.get("SCENARIOS_DIR"),
                               config.get("HOUSE_FILE"))
        return cls(library=library, config=dict(config), words=Words(library.book))

    @property
    def book(self) -> RuleBook:
        return self.library.book

    @property
    def house(self) -> House | None:
        """The club's house rules the whole site is served under (``serve --house``), if any."""
        return self.library.house

    @property
    def default_profile(self) -> str:
        """The profile a page uses when its URL names none: the house's, else the rule book's."""
        return self.house.profile if self.house else self.book.default_profile

    @property
    def agreement_rules(self) -> list:
        """The rules players may agree on, in rule-book order (the agreements control lists them)."""
        return list(self.book.agreements.values())

    @property
    def lessons(self) -> tuple:
        return self.library.lessons

    # --- profiles ------------------------------------------------------------------------------

    def profile_label(self, name: str) -> str:
        return self.words.profile(name, full=True)

    @property
    def profile_choices(self) -> list[tuple[str, str]]:
        return [(name, self.profile_label(name)) for name in self.book.profiles]

    def profile_param(self, profile: str | None) -> str | None:
        """``profile`` as a URL parameter: None for the default profile, so its links stay short."""
        return profile if profile and profile != self.default_profile else None

    # --- casebook ------------------------------------------------------------------------------

    def casebook(self, kept: Mapping[str, Mapping[str, object]] | None = None) -> Casebook:
        """Every scenario with its ruling, worked out once (the scenarios are fixed at start); ``kept``, what
        :meth:`Casebook.as_kept` gave for the same data, is read instead of asking the engine (``serve``)."""
        if self._casebook is None:
            with self._lock:
                if self._casebook is None:
                    self._casebook = Casebook(self.library, self.library.synonyms, kept)
        return self._casebook

    def trace(self) -> Trace:
        """Where each rule is used (the rule and law pages show it), from the casebook's rulings."""
        if self._trace is None:
            answers = {entry.scenario.id: entry.answer for entry in self.casebook().entries}
            with self._lock:
                if self._trace is None:
                    self._trace = Trace(self.library, answers)
        return self._trace


SITE = "ecarte_tutor"
"""The key of the :class:`Site` in ``app.extensions``."""


def get_site() -> Site:
    """The current app's :class:`Site` (like flaskr's ``get_db()``)."""
    return current_app.extensions[SITE]


def get_book() -> RuleBook:
    return get_site().book
