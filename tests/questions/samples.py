"""Questions for the tests of the schema layer: one answered question of each kind, and every scenario's."""
from __future__ import annotations

from ecarte_tutor.cards import PACK
from ecarte_tutor.scenarios import load_scenarios

ELDER, DEALER, TURN_UP = ["KS", "QS", "JS", "8H", "8D"], ["7S", "AC", "10C", "9C", "7D"], "9H"
STOCK = [str(c) for c in PACK if str(c) not in ELDER + DEALER + [TURN_UP]]

ANSWERED = {
    "play": {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "AD"], "card": "7S"},
    "trick": {"kind": "trick", "trump": "H", "led": "KS", "followed": "7H"},
    "score": {"kind": "score", "tricks": {"elder": 2, "dealer": 3}, "elder_played_without_proposing": True,
              "score_before": {"elder": 2, "dealer": 3}},
    "exchange": {"kind": "exchange", "stock": 3, "elder_discards": 2, "dealer_discards": 2},
    "hand": {"kind": "hand", "deal": {"elder": ELDER, "dealer": DEALER, "turn_up": TURN_UP, "stock": STOCK},
             "actions": [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
                         {"by": "elder", "do": "discard", "cards": ["8D"]},
                         {"by": "dealer", "do": "discard", "cards": ["7D"]}, {"by": "elder", "do": "stand"},
                         {"by": "elder", "do": "card", "card": "KS"}]},
    "analyse": {"kind": "analyse", "deal": {"elder": ELDER, "dealer": DEALER, "turn_up": TURN_UP, "stock": STOCK},
                "actions": [{"by": "elder", "do": "stand"}], "view": "elder"},
    "dispute": {"kind": "dispute", "facts": {"irregularity": "revoke", "offender": "elder"}},
    "record": {"kind": "record", "trump": "H", "tricks": [{"leader": "elder", "led": "KS", "followed": "7S"},
                                                         {"leader": "elder", "led": "QD"}]},
    "pool": {"kind": "pool", "players": ["Ann", "Bob", "Cy"], "results": ["Ann"]},
    "pack": {"kind": "pack", "cards": ["KS", "6H", "KS"]},
    "advice": {"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JS", "8H", "8D"], "seat": "elder"},
}
"""A question of each kind that ask() answers (checked by the tests)."""


def scenario_questions() -> list[dict]:
    """The question of every worked case, answered or not."""
    return [case.question for case in load_scenarios()]
