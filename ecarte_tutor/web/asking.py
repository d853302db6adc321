"""``safe_ask``: :func:`ecarte_tutor.ask` for the site, which turns any failure into an error object.

``ask()`` already answers every malformed question with an error object; this
wrapper also covers a kind whose module is not installed (``kind-unavailable``)
and a fault inside the tutor itself (``internal-error``, logged with its
traceback), so no page and no API call ever ends in a 500.
"""
from __future__ import annotations

import logging

from ..ask import ask

log = logging.getLogger(__name__)

UNAVAILABLE = "kind-unavailable"
INTERNAL = "internal-error"


def error_object(code: str, message: str, field: str | None = None) -> dict:
    """The API's error object (API.md)."""
    return {"error": {"code": code, "message": message, "field": field}}


def safe_ask(question, book=None) -> dict:
    """Answer ``question``; every outcome is a dict, an answer or ``{"error": {...}}``."""
    try:
        answer = ask(question, book)
    except ImportError:
        kind = question.get("kind") if isinstance(question, dict) else None
        return error_object(UNAVAILABLE, f"Questions of kind {kind!r} cannot be answered by this version yet.",
                            "kind")
    except Exception:  # noqa: BLE001 - the one place where every fault becomes an answer
        log.exception("ask() failed on %r", question if len(repr(question)) < 2000 else "(a long question)")
        return error_object(INTERNAL, "The tutor could not answer this question because of a fault of its own; "
                                      "it has been logged.")
    if not isinstance(answer, dict):
        log.error("ask() returned %r", type(answer))
        return error_object(INTERNAL, "The tutor gave an answer it cannot show; it has been logged.")
    return answer


def is_error(answer: dict) -> bool:
    return "error" in answer


def error_message(answer: dict) -> str:
    error = answer.get("error")
    if isinstance(error, dict):
        return str(error.get("message") or error.get("code") or "The question could not be answered.")
    return "The question could not be answered."


def error_field(answer: dict) -> str | None:
    error = answer.get("error")
    return error.get("field") if isinstance(error, dict) else None
