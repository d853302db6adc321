"""What the tests of the compiled core share: whether the core must be there, and a random play to a position."""
import os

import pytest

from ecarte_tutor.cards import PACK
from ecarte_tutor.engine import analysis, doubledummy, play

IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
needs_core = pytest.mark.skipif(doubledummy.CORE is None and not IN_CI, reason="the compiled core is not built here")


def random_play(rng, params, tricks_played, half):
    """A random deal, the elder standing, then ``tricks_played`` tricks (and a lead, when ``half``) of
    random legal cards: (question, position)."""
    cards = [str(c) for c in PACK]
    rng.shuffle(cards)
    deal = {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10], "stock": cards[11:]}
    question = {"kind": "analyse", "deal": deal, "actions": [{"by": "elder", "do": "stand"}]}
    position = analysis.read_position(question, params)
    for _ in range(2 * tricks_played + half):
        state = position.state
        seat = position.to_act
        led = state.current[0][1] if state.current else None
        card = rng.choice(play.duty(state.hands[seat], led, state.trump, params).legal)
        question["actions"].append({"by": seat, "do": "card", "card": str(card)})
        position = analysis.read_position(question, params)
    return question, position
