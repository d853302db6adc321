"""A game of the practice table in a sealed token: the whole state travels in the page's links.

The token is the game's compact record (:meth:`Game.record`) as JSON, encrypted and authenticated
with a key drawn from the app's ``SECRET_KEY`` (AES-SIV, from the ``cryptography`` package). Nothing
is kept on the server: a link replays the game exactly, and a token changed by hand, cut short or
sealed with another key is refused with a clear 400, never a 500.

Sealed, not only signed (issue 40): the record's seed deals every card, and its moves hold the tutor's
discards, so a token anyone can read would give away the tutor's hidden hand and the stock. AES-SIV is
deterministic: one game at one moment has one token, so links stay stable. Tokens of earlier releases
(signed with itsdangerous, readable) are still taken up.
"""
from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import hmac
import json

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESSIV
from flask import current_app
from itsdangerous import BadData, URLSafeSerializer

from ..i18n import tr
from ..table import Game, TableError
from .forms import short
from .site import get_book

SALT = "ecarte-tutor practice table"
REASON = 200  # characters of the replay's reason shown at most
MAX_TOKEN = 16_000  # characters: far beyond a long game's few thousand; a bound on what we unpack and replay
SEALED = "s."  # how a sealed token starts (an itsdangerous one never does: its payload has no dot first)
CONTEXT = [SALT.encode()]  # authenticated with the record: a token sealed for another use is refused


@functools.lru_cache(maxsize=4)
def _aead(secret: str | bytes) -> AESSIV:
    raw = secret.encode() if isinstance(secret, str) else secret
    # 64 bytes drawn from the secret for this use alone: AES-256 in SIV mode takes two keys of 32
    return AESSIV(hmac.new(raw, b"ecarte-tutor game token", hashlib.sha512).digest())


def seal(record: dict, secret: str | bytes) -> str:
    """The token of ``record`` under ``secret``."""
    data = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode()
    return SEALED + base64.urlsafe_b64encode(_aead(secret).encrypt(data, CONTEXT)).decode().rstrip("=")


def opened(token: str, secret: str | bytes) -> object:
    """The record a sealed token holds; ValueError when it was not sealed with ``secret`` or was changed."""
    body = token[len(SEALED):]
    try:
        data = _aead(secret).decrypt(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)), CONTEXT)
        return json.loads(data)
    except (InvalidTag, binascii.Error, ValueError) as exc:
        raise ValueError("not sealed here") from exc


class BadToken(ValueError):
    """A game link that cannot be read: the message says why, in a player's words."""


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=SALT)


def sign(game: Game) -> str:
    """The token of ``game`` as it stands."""
    return seal(game.record(), current_app.config["SECRET_KEY"])


def read(token: str | None) -> Game:
    """The game a token describes, replayed move by move; :class:`BadToken` when it cannot be."""
    if not token:
        raise BadToken(tr("This page needs a game: start one from the practice table."))
    if len(token) > MAX_TOKEN:
        raise BadToken(tr("This game link is far longer than any game makes it: it was not made here."))
    try:
        if token.startswith(SEALED):
            record = opened(token, current_app.config["SECRET_KEY"])
        else:  # a link of an earlier release: signed, not sealed
            record = _serializer().loads(token)
    except (BadData, ValueError):
        raise BadToken(tr("This game link is damaged or was not made by this site (its signature does not match), "
                          "so the game cannot be taken up.")) from None
    try:
        return Game.replay(record, get_book())
    except TableError as exc:  # the reason, cut short: a record is never echoed whole (issue 22, M2)
        raise BadToken(tr("This game link carries a record the table cannot replay: %(reason)s",
                          reason=short(exc.message, REASON))) from None
