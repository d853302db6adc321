"""Hoffmann's recommendations beyond the jeux de règle, for the tutor "as in the book".

Each function applies one piece of advice of the rule book's strategy section and returns the
rule ids it followed, so the tutor can say why:

- :func:`score_adjusted` — ``strategy.state-of-the-score``: do not stake the penalty when losing
  it would give the adversary the game, unless the hand is very strong (trumps enough to make the
  point by themselves); when the dealer stands one king from the game, drop the king exception
  (``strategy.king-exception``: "the trick is risky when the dealer is close to game").
- :func:`conceal_king` — the same rule: "a player who holds the king may also stay silent about
  it when the adversary stands to lose 2 anyway", as A does in Hoffmann's illustrative game (3 to
  Y's 4, Y committed): the king is kept quiet when the adversary is committed and its point
  cannot change who wins the game, whatever the tricks — the ``score`` kind is asked each case.
- :func:`lead_preference` — ``strategy.leading``: among leads the analysis finds equally good,
  the top of a sequence, then a single card, and last a high card from a suit of two whose other
  card is lower.
"""
from __future__ import annotations

from collections.abc import Iterable

from ..cards import Card
from ..engine.citing import Reasons
from ..engine.scoring import HandFacts, Scored, committed_seat
from ..engine.stakes import Recorded
from ..i18n import marked
from ..marks import decides
from ..rulebook import Params
from .view import SeatView

SCORE_RULE = "strategy.state-of-the-score"
KING_EXCEPTION = "strategy.king-exception"
LEADING_RULE = "strategy.leading"
COMMITTING = {"elder": "stand", "dealer": "refuse"}  # the answer that stakes the penalty, by seat


Commitments = Recorded
"""What the exchange committed the players to, as the ``score`` kind and :class:`HandFacts` name it."""


def _very_strong(view: SeatView) -> bool:
    """Trumps enough to make the point by themselves."""
    return sum(1 for c in view.hand if c.suit is view.trump) >= view.params.point_tricks


def _penalty_gives_game(view: SeatView) -> bool:
    """Would the adversary reach the game by the penalty for a failed commitment, and not by an ordinary point?"""
    params, rival = view.params, view.score[view.other]
    vulnerable = (params.elder_vulnerable_without_proposal if view.seat == "elder" and not view.public["proposals"]
                  else params.dealer_vulnerable_on_first_refusal if view.seat == "dealer"
                  and view.public["proposals"] == 1 else False)
    return vulnerable and rival + params.point_value < params.game_target <= rival + params.vulnerable_point_value


@decides(KING_EXCEPTION, SCORE_RULE)
def score_adjusted(view: SeatView, advised: str, cites: list[str]) -> tuple[str, list[str]]:
    """The advice (``play``/``propose`` or ``refuse``/``accept``) after the state of the score."""
    params = view.params
    committing = "play" if view.seat == "elder" else "refuse"
    safe = "propose" if view.seat == "elder" else "accept"
    if advised == committing and _penalty_gives_game(view) and not _very_strong(view):
        return safe, [*cites, SCORE_RULE]
    dealer_near = view.score["dealer"] + params.king_points >= params.game_target
    if view.seat == "elder" and advised == "propose" and KING_EXCEPTION in cites and dealer_near:
        return "play", [*cites, SCORE_RULE]
    return advised, cites


def conceal_king(view: SeatView, score_before: dict[str, int]) -> bool:
    """Keep the king of trumps quiet (Hoffmann's illustrative game, p. 63)?"""
    params, me, rival = view.params, view.seat, view.other
    if view.score[me] + params.king_points >= params.game_target:
        return False  # the king wins the game now
    public = view.public
    flags: Commitments = {"elder_played_without_proposing": public["elder_played_without_proposing"],
             "dealer_refused_first_proposal": public["dealer_refused_first_proposal"],
             "dealer_refused_later_proposal": public["dealer_refused_later_proposal"]}
    facts = HandFacts({me: 0, rival: 0}, **flags)
    if committed_seat(facts, params, Reasons(view.book))[0] != rival:
        return False
    for mine in range(params.hand_size + 1):
        tricks = {me: mine, rival: params.hand_size - mine}
        winners = {view.ask({"kind": "score", "tricks": tricks, "score_before": score_before, **flags,
                             "king_announced_by": announced}, Scored)["winner"] for announced in (me, None)}
        if len(winners) > 1 or None in winners:
            return False  # the king's point would matter in this outcome
    return True


LEAD_WORDS = {0: marked("the top of a sequence"), 1: marked("a single card"),
              2: marked("neither the top of a sequence nor a single card"),
              3: marked("a high card from a suit of two whose other card is lower")}  # by lead_preference; through tr


def lead_preference(card: Card, hand: Iterable[Card], params: Params) -> int:
    """How Hoffmann ranks a lead among equals: 0 top of a sequence, 1 a single card, 2 others,
    3 a high card from a suit of two whose other card is lower and not next to it."""
    strength = params.ranking.strength
    suit = [c for c in hand if c.suit is card.suit and c is not card]
    if any(strength[c.rank] == strength[card.rank] - 1 for c in suit):
        return 0
    if not suit:
        return 1
    if len(suit) == 1 and strength[suit[0].rank] < strength[card.rank]:
        return 3
    return 2
