"""Whole numbers in addresses: ``<int:...>`` reads at most MAX_DIGITS digits, and a longer one is a 400 in words.

werkzeug's own converter hands any run of digits to ``int()``, which refuses over 4,300 digits with a
ValueError: ``/lessons/01-pack-and-ranking/9999…`` was a 500. Forms and query strings read their numbers
through :func:`ecarte_tutor.fields.is_whole_number`, with the same bound.
"""
from __future__ import annotations

from werkzeug.exceptions import BadRequest
from werkzeug.routing import IntegerConverter

from ..errors import excerpt
from ..fields import MAX_DIGITS


class WholeNumber(IntegerConverter):
    """werkzeug's ``int`` converter, refusing a number longer than MAX_DIGITS digits with a 400."""

    def to_python(self, value: str) -> int:
        if len(value) > MAX_DIGITS:
            raise BadRequest(description=f"The number in this address, {excerpt(value)}, is longer than any "
                                         f"page's ({MAX_DIGITS} digits at most): check the link.")
        return super().to_python(value)


def init_app(app) -> None:
    """Call before any blueprint is registered: the rules take their converters when they are added."""
    app.url_map.converters["int"] = WholeNumber
