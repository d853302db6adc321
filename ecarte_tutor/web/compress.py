"""Gzip for text responses when the browser accepts it.

The rule book and the laws are long pages of plain text; compressed they weigh a
fifth of their size, which matters on a phone at the table.
"""
from __future__ import annotations

import gzip

from flask import request

COMPRESSIBLE = ("text/html", "text/css", "text/javascript", "application/javascript", "application/json",
                "image/svg+xml")
MIN_SIZE = 1400  # below one packet, compressing gains nothing
# The API's answers go out as they are (as they always have): a few hundred bytes or a few kB, read by scripts.
PLAIN_ENDPOINTS = frozenset({"api.ask_question"})


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header lets us send gzip."""
    return "gzip" in accept_encoding.lower()


def compress(response):
    if request.endpoint in PLAIN_ENDPOINTS:
        return response
    length = response.content_length
    if length is not None and length < MIN_SIZE and not response.direct_passthrough:
        return response  # small answers (most API calls) go out as they are
    if (response.status_code < 200 or response.status_code in (204, 206, 304)
            or "Content-Encoding" in response.headers
            or response.mimetype not in COMPRESSIBLE):
        return response
    response.vary.add("Accept-Encoding")
    if not accepts_gzip(request.headers.get("Accept-Encoding", "")):
        return response
    original = response.response
    if response.direct_passthrough:  # a static file: read it (they are small) so it can be compressed
        response.direct_passthrough = False
    data = response.get_data()
    if original is not response.response and hasattr(original, "close"):
        original.close()  # the file a static response was read from
    if len(data) < MIN_SIZE:
        return response
    response.set_data(gzip.compress(data, compresslevel=6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    return response


def init_app(app) -> None:
    app.after_request(compress)
