"""The compact notation of a game's moves, for a record small enough to travel in a signed token.

One move is one word: who (``L`` the learner, ``T`` the tutor), then the verb's code, then its
card(s) if any — ``Lp`` (propose), ``Ta`` (accept), ``Ld7H8C`` (discard 7H and 8C), ``TcKD``
(play the KD), ``Lk`` (announce the king), ``L-`` (the learner lets the tutor go on without using
an announcement or an offer that was open to him). A game's moves are these words, separated by
spaces, in the order they were made; the seats follow from the deal's number.
"""
from __future__ import annotations

import re
from typing import NotRequired, TypedDict

from ..engine.hand import WrittenAction
from ..errors import excerpt
from ..i18n import tr

PLAYERS = {"L": "learner", "T": "tutor"}
LETTERS = {name: letter for letter, name in PLAYERS.items()}
PASS = "pass"  # not a verb of the hand: the learner declines the announcements open to him for now
CODES = {
    "propose": "p", "stand": "s", "accept": "a", "refuse": "r", "discard": "d", "announce-king": "k",
    "card": "c", "double": "x", "accept-double": "x+", "decline-double": "x-",
    "offer-point": "o", "accept-offer": "o+", "decline-offer": "o-", PASS: "-",
}
VERBS = {code: verb for verb, code in CODES.items()}
CONDITIONAL = "a?"  # accept "if there are cards enough" (law 38)
_WORD = re.compile(r"^([LT])(x[+-]?|o[+-]?|a\?|[psarkd-]|c)((?:10|[KQJA987])[SHDC])*$")
_CARD = re.compile(r"(?:10|[KQJA987])[SHDC]")
MAX_MOVES = 4000  # far beyond any game (a few hundred moves): a bound on what a token may make us replay


class MoveError(ValueError):
    """A move word that cannot be read."""


class Move(TypedDict):
    """A move as its word gives it: the verb and its card(s), without the seat (the deal gives it)."""

    do: str
    condition: NotRequired[str]
    cards: NotRequired[list[str]]
    card: NotRequired[str]


def encode(player: str, action: Move | WrittenAction) -> str:
    """``("learner", {"do": "card", "card": "KD"})`` -> ``"LcKD"``."""
    verb = action["do"]
    code = CONDITIONAL if verb == "accept" and action.get("condition") else CODES[verb]
    cards = action.get("cards", [action["card"]] if "card" in action else [])
    return LETTERS[player] + code + "".join(str(card) for card in cards)


def decode(word: str) -> tuple[str, Move]:
    """``"LcKD"`` -> ``("learner", {"do": "card", "card": "KD"})`` (cards in canonical notation)."""
    found = _WORD.match(word)
    if not found:
        raise MoveError(tr("%(word)s is not a move (like 'Lp', 'TcKD' or 'Ld7H8C').", word=excerpt(word)))
    player, code = PLAYERS[found.group(1)], found.group(2)
    cards = _CARD.findall(word[1 + len(code):])
    verb = "accept" if code == CONDITIONAL else VERBS[code]
    action: Move = {"do": verb}
    if code == CONDITIONAL:
        action["condition"] = "enough-cards"
    if verb == "discard":
        action["cards"] = cards
    elif verb == "card":
        if len(cards) != 1:
            raise MoveError(tr("%(word)s plays %(count)s cards; a move plays one.", word=excerpt(word),
                               count=len(cards)))
        action["card"] = cards[0]
    elif cards:
        raise MoveError(tr("%(word)s: '%(verb)s' takes no card.", word=excerpt(word), verb=verb))
    return player, action


def split(moves: object) -> list[str]:
    """The words of a game's moves (a string of words separated by spaces)."""
    if not isinstance(moves, str):
        raise MoveError(tr("The moves must be a string of move words separated by spaces."))
    words = moves.split()
    if len(words) > MAX_MOVES:
        raise MoveError(tr("A game has far fewer than %(most)s moves.", most=MAX_MOVES))
    return words
