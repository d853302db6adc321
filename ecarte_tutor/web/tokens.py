"""A game of the practice table in a signed token: the whole state travels in the page's links.

The token is the game's compact record (:meth:`Game.record`) as JSON, compressed when that is
shorter, and signed with the app's ``SECRET_KEY`` (itsdangerous, which Flask itself uses for its
cookie). Nothing is kept on the server: a link replays the game exactly, and a token changed by
hand, cut short or signed with another key is refused with a clear 400, never a 500.

A signed token can still be read (itsdangerous signs, it does not hide), and the seed deals every
card: from it anyone could compute the tutor's hidden hand and the stock (issue 40). So the seed
travels sealed: added, modulo 2**53, to a pad that HMAC-SHA256 keyed with the secret draws from a
nonce; the nonce is itself an HMAC of the game's settings, so one game keeps one token for one
moment (links stay stable) and no two games share a pad. The signature keeps both from being
changed. Tokens made before, with the seed in the clear, are still read.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json

from flask import current_app
from itsdangerous import BadData, URLSafeSerializer

from ..table import Game, TableError
from .forms import short
from .site import get_book

SALT = "ecarte-tutor practice table"
REASON = 200  # characters of the replay's reason shown at most
MAX_TOKEN = 16_000  # characters: far beyond a long game's few thousand; a bound on what we unpack and replay
SEALED = "n"  # the record's field holding the nonce of its sealed seed
SEAL = b"ecarte-tutor sealed seed"
SEEDS = 2**53  # every seed (table.dealing.MAX_SEED) is below it, and it divides 2**256: the pad is uniform


def _key(secret: str | bytes, purpose: bytes) -> bytes:
    raw = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(raw, SEAL + b" " + purpose, hashlib.sha256).digest()


def _pad(secret: str | bytes, nonce: bytes) -> int:
    return int.from_bytes(hmac.new(_key(secret, b"pad"), nonce, hashlib.sha256).digest(), "big") % SEEDS


def seal(record: dict, secret: str | bytes) -> dict:
    """``record`` with its seed sealed (see the module's docstring)."""
    settings = json.dumps({k: v for k, v in record.items() if k != "moves"}, sort_keys=True).encode()
    nonce = hmac.new(_key(secret, b"nonce"), settings, hashlib.sha256).digest()[:12]
    return {**record, "seed": (record["seed"] + _pad(secret, nonce)) % SEEDS,
            SEALED: base64.urlsafe_b64encode(nonce).decode().rstrip("=")}


def unseal(record: object, secret: str | bytes) -> object:
    """The record as the game wrote it: its seed unsealed (a record with no nonce is given back as it is)."""
    if not isinstance(record, dict) or SEALED not in record:
        return record
    nonce, seed = record[SEALED], record.get("seed")
    if not isinstance(nonce, str) or len(nonce) > 32 or isinstance(seed, bool) or not isinstance(seed, int):
        return record  # signed by us, so never so; the replay refuses it in words
    padded = base64.urlsafe_b64decode(nonce + "=" * (-len(nonce) % 4))
    return {**{k: v for k, v in record.items() if k != SEALED}, "seed": (seed - _pad(secret, padded)) % SEEDS}


class BadToken(ValueError):
    """A game link that cannot be read: the message says why, in a player's words."""


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=SALT)


def sign(game: Game) -> str:
    """The token of ``game`` as it stands."""
    return _serializer().dumps(seal(game.record(), current_app.config["SECRET_KEY"]))


def read(token: str | None) -> Game:
    """The game a token describes, replayed move by move; :class:`BadToken` when it cannot be."""
    if not token:
        raise BadToken("This page needs a game: start one from the practice table.")
    if len(token) > MAX_TOKEN:
        raise BadToken("This game link is far longer than any game makes it: it was not made here.")
    try:
        record = unseal(_serializer().loads(token), current_app.config["SECRET_KEY"])
    except (BadData, ValueError):
        raise BadToken("This game link is damaged or was not made by this site (its signature does not match), "
                       "so the game cannot be taken up.") from None
    try:
        return Game.replay(record, get_book())
    except TableError as exc:  # the reason, cut short: a record is never echoed whole (issue 22, M2)
        raise BadToken(f"This game link carries a record the table cannot replay: {short(exc.message, REASON)}") \
            from None
