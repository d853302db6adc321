"""``dispute`` never contradicts ``hand``, ``exchange`` or ``score`` on the same facts, under any profile.

Situations both kinds can express are generated: a king announced at every point of a
hand, short stocks of every size, a hand given up at every count of tricks with every
commitment, and a dealer who takes no cards. The referee of the other kind says what
is legal or what scores; the dispute ruling must say the same.
"""
import re

import pytest
from data_under_test import BOOK, PROFILES
from hypothesis import given, settings
from hypothesis import strategies as st

from ecarte_tutor import ask
from ecarte_tutor.cards import PACK, Card
from ecarte_tutor.engine import play
from ecarte_tutor.engine.deal import read_deal
from ecarte_tutor.engine.hand import apply, next_actions, start
from ecarte_tutor.fields import SEATS, other

CARDS = [str(c) for c in PACK]


def dispute(profile: str, facts: dict) -> dict:
    answer = ask({"kind": "dispute", "profile": profile, "facts": facts})
    assert answer.get("status") == "ruling", f"{profile}: {facts} gave {answer}"
    return answer


def moments_of(state) -> dict:
    """The moments of the timeline that a hand referee's state has passed."""
    dealer_answered = state.proposals >= 2 or (state.proposals == 1 and state.phase != "response")
    return {
        "trump_turned": True,
        "elder_proposed": state.proposals > 0,
        "dealer_answered": dealer_answered,
        "exchange_made": any(state.discarded.values()),
        "exchange_over": state.phase in ("play", "complete"),
        "first_lead": bool(state.history or state.current),
        "elder_played": bool(state.played["elder"]),
        "dealer_played": bool(state.played["dealer"]),
        "played_again": len(state.played["dealer"]) >= 2,
        "elder_played_without_proposing": state.elder_played_without_proposing,
        "dealer_refused_first_proposal": state.dealer_refused_first_proposal,
    }


@st.composite
def deals_with_the_king_in_hand(draw):
    """A deal (as JSON) whose turn-up is not a king and whose king of trumps one player holds."""
    cards = draw(st.permutations(CARDS))
    turn_up = next(c for c in cards if not c.startswith("K"))
    cards.remove(turn_up)
    king = "K" + turn_up[-1]
    cards.remove(king)
    cards.insert(draw(st.integers(0, 9)), king)
    return {"elder": cards[:5], "dealer": cards[5:10], "turn_up": turn_up, "stock": cards[10:]}


def _parsed(action: dict) -> dict:
    parsed = dict(action)
    if "card" in parsed:
        parsed["card"] = play.read_card(parsed["card"], "card")
    if "cards" in parsed:
        parsed["cards"] = [play.read_card(c, "cards") for c in parsed["cards"]]
    return parsed


@settings(max_examples=120, deadline=None)
@given(profile=st.sampled_from(PROFILES), deal=deals_with_the_king_in_hand(), data=st.data())
def test_a_king_announced_at_any_point_is_ruled_as_the_hand_referee_rules_it(profile, deal, data):
    params = BOOK.params(profile)
    state = start(read_deal(deal, params))
    king = Card("K", state.trump)
    actions: list = []
    while state.phase != "complete":
        holder = next((s for s in SEATS if king in state.hands[s] or state.played[s][:1] == [king]), None)
        if holder:
            announce = {"by": holder, "do": "announce-king"}
            refereed = ask({"kind": "hand", "profile": profile, "deal": deal, "actions": actions + [announce]})
            facts = {"irregularity": "king-announced-late", "offender": holder, **moments_of(state),
                     "king_played_first": state.played[holder][:1] == [king]}
            ruling = dispute(profile, facts)
            if refereed["legal"]:
                assert ruling["points"] == {holder: params.king_points, other(holder): 0}, (actions, ruling["case"])
            else:
                code = refereed["first_illegal"]["code"]
                expected = {"king-too-late": "score-as-played", "king-too-early": "announce-later"}[code]
                assert [o["id"] for o in ruling["options"]] == [expected], (actions, code, ruling["case"])
                assert not ruling.get("points")
        # at most three proposals: where nobody must discard, exchanges could otherwise go on for ever
        options = [a for a in next_actions(state, params)
                   if a["do"] != "announce-king" and not (a["do"] == "propose" and state.proposals >= 3)]
        choice = dict(data.draw(st.sampled_from(options)))
        if choice["do"] == "discard":
            count = data.draw(st.integers(choice["min"], choice["max"]))
            choice = {"by": choice["by"], "do": "discard", "cards": data.draw(st.permutations(choice["from"]))[:count]}
        actions.append(choice)
        apply(state, _parsed(choice), params)


@pytest.mark.parametrize("profile", PROFILES)
def test_a_short_stock_is_shared_as_the_exchange_kind_shares_it(profile):
    params = BOOK.params(profile)
    ruling = dispute(profile, {"irregularity": "stock-short", "accepted_conditionally": False})
    option = ruling["options"][0]["id"]
    assert params.rule_for("short_stock_dealer") in ruling["cites"]
    # an empty stock takes no proposal: that exchange is refused (tests/engine/test_exchange.py)
    for stock in range(1, 11):
        for elder in range(params.elder_min_discard, 6):
            for dealer in range(0, 6):
                shared = ask({"kind": "exchange", "profile": profile, "stock": stock, "elder_discards": elder,
                              "dealer_discards": dealer})
                if elder + dealer <= stock:
                    continue  # no shortage: nothing to rule
                dealer_plays = shared["dealer_draws"] == 0 and shared["exchange_over"] and stock > elder
                if dealer_plays:
                    assert option == "complete-from-stock", (profile, stock, elder, dealer)
                if shared["dealer_draws"] > 0:
                    assert option == "share-what-remains", (profile, stock, elder, dealer)


# played without proposing / refused the first proposal / refused a later one: at most one is true
COMMITMENTS = [(False, False, False), (True, False, False), (False, True, False), (False, False, True)]
COMMITMENT_FACTS = ("elder_played_without_proposing", "dealer_refused_first_proposal", "dealer_refused_later_proposal")


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("offender", SEATS)
@pytest.mark.parametrize("tricks_won", [0, 1, 2])
@pytest.mark.parametrize("commitment", COMMITMENTS)
def test_a_hand_given_up_scores_what_the_score_kind_gives_for_the_tricks_conceded(profile, offender, tricks_won,
                                                                                    commitment):
    committed = dict(zip(COMMITMENT_FACTS, commitment, strict=True))
    facts = {"irregularity": "hand-abandoned", "claimed_to_score": False, "tricks_won": tricks_won,
             "offender": offender, "adversary_offended": "none", **committed}
    ruling = dispute(profile, facts)
    scored = ask({"kind": "score", "profile": profile,
                  "tricks": {offender: tricks_won, other(offender): 5 - tricks_won}, **committed})
    assert ruling["points"] == scored["points"]
    # and says why in the score kind's words: the commitment given, never one presumed
    (tricks,) = [award["reason"] for award in scored["awards"] if award["claim"] == "tricks"]
    # ...except that tricks given up were conceded, not won (law 42): "scores the vole (...), the tricks given up
    # counting as his", where a hand played out "won the vole (...)"
    conceded = re.sub(r" won (the \w+ \([^)]*\))(:| and)", lambda m: f" scores {m[1]}, the tricks given up counting "
                      f"as his{',' if m[2] == ' and' else ''}{m[2]}", tricks, count=1)
    assert conceded != tricks and conceded in ruling["explanation"]
    # the interview asks for a commitment only where it changes those points: each one it asks,
    # answered otherwise (where that is possible), changes them for some answer to the rest
    partial = {k: v for k, v in facts.items() if k not in COMMITMENT_FACTS}
    answer = ask({"kind": "dispute", "profile": profile, "facts": partial})
    while answer["status"] == "need":
        fact = answer["need"]["fact"]
        assert fact in COMMITMENT_FACTS
        partial[fact] = facts[fact]
        answer = ask({"kind": "dispute", "profile": profile, "facts": partial})
    assert answer["points"] == ruling["points"]


@pytest.mark.parametrize("profile", PROFILES)
def test_a_dealer_who_takes_no_card_is_ruled_as_the_hand_referee_rules_it(profile):
    deal = {"elder": CARDS[:5], "dealer": CARDS[5:10], "turn_up": CARDS[10], "stock": CARDS[11:]}
    actions = [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
               {"by": "elder", "do": "discard", "cards": CARDS[:1]}, {"by": "dealer", "do": "discard", "cards": []}]
    refereed = ask({"kind": "hand", "profile": profile, "deal": deal, "actions": actions})
    ruling = dispute(profile, {"irregularity": "dealer-kept-hand", "discovered": "exchange", "stock_ran_out": False})
    if refereed["legal"]:
        assert [o["id"] for o in ruling["options"]] == ["no-penalty"]
    else:
        assert refereed["first_illegal"]["code"] == "discard-count"
        assert [o["id"] for o in ruling["options"]] == ["must-exchange"]
    assert BOOK.params(profile).rule_for("dealer_min_discard") in ruling["cites"]
