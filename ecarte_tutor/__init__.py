"""Écarté Tutor: learn the rules of Écarté and settle disputes by the London club code.

``ask(question)`` answers every kind of question (docs/api.md); ``load_library()`` loads
the rule book, lessons and scenarios together. Both are imported on first use, so that
``import ecarte_tutor.cards`` loads the cards alone.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the type checker's view of the names __getattr__ imports on first use
    from .asking import ask
    from .library import Library, load_library

__all__ = ["Library", "ask", "load_library"]
__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    if name == "ask":
        from .asking import ask
        return ask
    if name in ("Library", "load_library"):
        from . import library
        return getattr(library, name)
    raise AttributeError(f"module 'ecarte_tutor' has no attribute {name!r}")
