"""A game of the practice table in a signed token: the whole state travels in the page's links.

The token is the game's compact record (:meth:`Game.record`) as JSON, compressed when that is
shorter, and signed with the app's ``SECRET_KEY`` (itsdangerous, which Flask itself uses for its
cookie). Nothing is kept on the server: a link replays the game exactly, and a token changed by
hand, cut short or signed with another key is refused with a clear 400, never a 500.
"""
from __future__ import annotations

from flask import current_app
from itsdangerous import BadData, URLSafeSerializer

from ..table import Game, TableError
from .forms import short
from .site import get_book

SALT = "ecarte-tutor practice table"
REASON = 200  # characters of the replay's reason shown at most
MAX_TOKEN = 16_000  # characters: far beyond a long game's few thousand; a bound on what we unpack and replay


class BadToken(ValueError):
    """A game link that cannot be read: the message says why, in a player's words."""


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=SALT)


def sign(game: Game) -> str:
    """The token of ``game`` as it stands."""
    return _serializer().dumps(game.record())


def read(token: str | None) -> Game:
    """The game a token describes, replayed move by move; :class:`BadToken` when it cannot be."""
    if not token:
        raise BadToken("This page needs a game: start one from the practice table.")
    if len(token) > MAX_TOKEN:
        raise BadToken("This game link is far longer than any game makes it: it was not made here.")
    try:
        record = _serializer().loads(token)
    except BadData:
        raise BadToken("This game link is damaged or was not made by this site (its signature does not match), "
                       "so the game cannot be taken up.") from None
    try:
        return Game.replay(record, get_book())
    except TableError as exc:  # the reason, cut short: a record is never echoed whole (issue 22, M2)
        raise BadToken(f"This game link carries a record the table cannot replay: {short(exc.message, REASON)}") \
            from None
