"""Écarté Tutor: learn the rules of Écarté and settle disputes by the London club code.

``ask(question)`` answers every kind of question in ../shared/API.md.
"""
from .ask import ask
from .rulebook import get_rulebook, load_rulebook

__all__ = ["ask", "get_rulebook", "load_rulebook"]
__version__ = "0.1.0"
