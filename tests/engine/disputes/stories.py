"""Whole hands as stories, and what a witness of each would tell the referee (issue 20).

A story is one hand told event by event — the cut, the deal (the non-dealer looks at his cards
at some point, the dealer takes up his), the turn-up, proposals answered and exchanges made, "I
play" or a refusal, five tricks, and the next deal's turn-up — written from the game itself, not
from the rule book. One irregularity is injected at an event where it can happen and comes to
light at that event or a later one. The witness then answers, from the story alone, every question
of the interview the story can answer: which moments had happened when it came to light, who
erred, how many cards... (:meth:`Story.witness`). A fact the story cannot answer (the cut, for a
revoke) is missing from it.

The choices are made through a :class:`Chooser`, so that hypothesis drives the story in the tests
(tests/engine/disputes/test_stories.py) and a seeded random generator in the bench
(bench/dispute_stories.py).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

T = TypeVar("T")
SEATS = ("elder", "dealer")
PROFILES = ("london", "french", "modern", "finnish")


def other(seat: str) -> str:
    return "dealer" if seat == "elder" else "elder"


class Chooser(Protocol):
    def choice(self, items: Sequence[T], label: str) -> T: ...
    def boolean(self, label: str) -> bool: ...


class RandomChooser:
    """Choices from a seeded random generator (the bench)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choice(self, items: Sequence[T], label: str) -> T:
        return self.rng.choice(list(items))

    def boolean(self, label: str) -> bool:
        return self.rng.random() < 0.5


class DrawChooser:
    """Choices drawn by hypothesis (the property test)."""

    def __init__(self, data, st):
        self.data, self.st = data, st
        self._indexes: dict[int, object] = {}  # one strategy per length: building sampled_from anew
        # at every draw cost more than telling and interviewing the story

    def choice(self, items: Sequence[T], label: str) -> T:
        items = list(items)
        index = self._indexes.get(len(items))
        if index is None:
            index = self._indexes[len(items)] = self.st.integers(0, len(items) - 1)
        return items[self.data.draw(index, label=label)]

    def boolean(self, label: str) -> bool:
        return self.data.draw(self.st.booleans(), label=label)


# --- the hand, event by event ------------------------------------------------------------------

MOMENTS = ("deal_begun", "trump_turned", "elder_looked", "elder_proposed", "dealer_answered", "exchange_made",
           "proposed_again", "answer_awaited", "exchange_over", "first_lead", "elder_played", "dealer_played",
           "played_again", "hand_over",
           "next_trump_turned")
# Orders every story keeps (the earlier always happens before the later): a contradicted story
# flips a moment against one of these.
ALWAYS_BEFORE = (("deal_begun", "trump_turned"), ("deal_begun", "elder_looked"), ("trump_turned", "elder_proposed"),
                 ("elder_looked", "elder_proposed"), ("elder_proposed", "dealer_answered"),
                 ("dealer_answered", "exchange_made"), ("exchange_made", "proposed_again"),
                 ("trump_turned", "exchange_over"),
                 ("exchange_over", "first_lead"), ("first_lead", "elder_played"), ("first_lead", "dealer_played"),
                 ("dealer_played", "played_again"), ("elder_played", "hand_over"), ("dealer_played", "hand_over"))


@dataclass
class Event:
    kind: str  # cut, deal, look, take-up, turn-up, propose, accept, refuse, exchange, stand, lead, follow, ...
    seat: str | None = None
    trick: int | None = None  # for a lead or a follow: 1..5
    state: dict = field(default_factory=dict)  # the moments and counters once it has happened


@dataclass
class Hand:
    events: list[Event]
    proposals: int  # accepted exchanges
    ending: str  # "stand" or "refuse"
    leaders: list[str]  # who led each trick
    winners: list[str]  # who won each trick

    def at(self, index: int) -> dict:
        return self.events[index].state

    def indexes(self, *kinds: str) -> list[int]:
        return [i for i, e in enumerate(self.events) if e.kind in kinds]


SETS = {"deal": "deal_begun", "look": "elder_looked", "take-up": "dealer_took_up_hand", "turn-up": "trump_turned",
        "propose": "elder_proposed", "exchange": "exchange_made", "stand": "exchange_over", "hand-over": "hand_over",
        "next-turn-up": "next_trump_turned"}  # the event, and the moment it makes happen


def tell_hand(c: Chooser, lead_out_of_turn_at: int | None = None, exchanges: int = 0,
              proposed: bool = False) -> Hand:
    """A regular hand (but for a lead out of turn, when asked: at that trick the wrong player leads),
    with at least ``exchanges`` accepted exchanges, and a proposal made when ``proposed``.

    The hands a story needs are told directly rather than told again until one fits: hypothesis
    draws small values first, so a loop that waits for a hand with an exchange could run until the
    test's data ran out."""
    kinds: list[tuple[str, str | None, int | None]] = [("cut", None, None), ("deal", None, None)]
    looked_early = c.boolean("elder looks before the turn-up")
    if looked_early:
        kinds.append(("look", "elder", None))
    kinds.append(("turn-up", None, None))
    if not looked_early:
        kinds.append(("look", "elder", None))
    proposals = c.choice([n for n in (0, 0, 1, 1, 2, 3) if n >= exchanges], "accepted exchanges")
    taken_up = c.choice(range(proposals + 1), "dealer takes up his hand before exchange n")
    for n in range(proposals):
        if n == taken_up:
            kinds.append(("take-up", "dealer", None))
        kinds += [("propose", "elder", None), ("accept", "dealer", None), ("exchange", "elder", None),
                  ("exchange", "dealer", None)]
    ending = c.choice(["refuse"] if proposed and not proposals else ["stand", "refuse"], "the exchange ends by")
    if taken_up == proposals:
        kinds.append(("take-up", "dealer", None))
    kinds += [("stand", "elder", None)] if ending == "stand" else \
        [("propose", "elder", None), ("refuse", "dealer", None)]
    leaders, winners = [], []
    leader = "elder"
    for trick in range(1, 6):
        if lead_out_of_turn_at == trick:
            leader = other(leader)
        leaders.append(leader)
        kinds += [("lead", leader, trick), ("follow", other(leader), trick)]
        winner = c.choice(SEATS, f"trick {trick} won by")
        winners.append(winner)
        leader = winner
    kinds += [("hand-over", None, None), ("next-turn-up", None, None)]
    state = {name: False for name in MOMENTS} | {"played": {"elder": 0, "dealer": 0},
                                                  "tricks": {"elder": 0, "dealer": 0},
                                                  "dealer_took_up_hand": False, "first_answer": None}
    events = []
    for kind, seat, trick in kinds:
        state = {**state, "played": dict(state["played"]), "tricks": dict(state["tricks"])}
        if kind in SETS:
            state[SETS[kind]] = True
        if kind == "propose":  # a proposal waits for the dealer's word; one after an exchange is a later one
            state["answer_awaited"] = True
            state["proposed_again"] = state["exchange_made"]
        elif kind in ("accept", "refuse"):
            if not state["dealer_answered"]:
                state["first_answer"] = kind
            state["dealer_answered"] = True
            state["answer_awaited"] = False
            if kind == "refuse":
                state["exchange_over"] = True
        elif kind in ("lead", "follow"):
            assert seat is not None and trick is not None
            state["first_lead"] = True
            state["played"][seat] += 1
            state["elder_played"] = state["played"]["elder"] > 0
            state["dealer_played"] = state["played"]["dealer"] > 0
            state["played_again"] = state["played"]["dealer"] > 1
            if kind == "follow":
                state["tricks"][winners[trick - 1]] += 1
                # the fifth trick played is the hand over: no moment has all five won with cards left
                state["hand_over"] = state["hand_over"] or trick == 5
        events.append(Event(kind, seat, trick, state))
    return Hand(events, proposals, ending, leaders, winners)


# --- what the witness says ------------------------------------------------------------------------

# Raised across deals (laws 22, 50, 51): found while the next deal is cut or dealt, they are still in time.
# So is a king announced, late or without holding it (laws 23, 25): before the turn-up there is no king
# of trumps, so one objected to while the cards are cut or dealt was announced in the hand before.
ACROSS_DEALS = {"turned-king-not-marked", "score-not-marked", "overscore", "king-announced-late",
                "false-king-announcement"}
DISCOVERED = {  # the coarse shortcut, from the moments (docs/api.md's words)
    "cutting": lambda s: not s["deal_begun"],
    "before-turn-up": lambda s: s["deal_begun"] and not s["trump_turned"],
    "after-turn-up": lambda s: s["trump_turned"] and not s["elder_proposed"] and not s["exchange_over"],
    "after-proposal": lambda s: s["answer_awaited"],  # the first proposal or a later one
    "exchange": lambda s: s["dealer_answered"] and s["first_answer"] == "accept" and not s["first_lead"],
    "before-play": lambda s: s["exchange_over"] and not s["first_lead"],
    "play": lambda s: s["first_lead"] and not s["hand_over"],
    "after-hand": lambda s: s["hand_over"],
}


@dataclass
class Story:
    """A hand, an irregularity injected at one event and discovered at another, and the profile."""

    hand: Hand
    irregularity: str
    injected: int
    discovered: int
    facts: dict  # what the witness knows of the irregularity itself (who erred, how many cards...)
    profile: str = "london"
    agreements: tuple[str, ...] = ()
    truncated: bool = False  # the hand stopped at the discovery (a hand given up)

    @property
    def state(self) -> dict:
        return self.hand.at(self.discovered)

    def moments(self) -> dict:
        return {name: self.state[name] for name in MOMENTS}

    def discovered_values(self) -> list[str]:
        found = [name for name, test in DISCOVERED.items() if test(self.state)]
        if self.irregularity in ACROSS_DEALS and self.state["hand_over"] and not self.state["next_trump_turned"]:
            found += ["cutting", "before-turn-up"]  # the next deal's cut and deal, before its turn-up
        return found

    def witness(self) -> dict:
        """Every fact of the interview the story can answer, as the witness would."""
        s = self.state
        told = self.moments()
        told["dealer_took_up_hand"] = s["dealer_took_up_hand"] if "dealer_took_up_hand" not in self.facts else \
            self.facts["dealer_took_up_hand"]
        proposed = self.hand.proposals > 0 or self.hand.ending == "refuse"
        told["elder_played_without_proposing"] = s["exchange_over"] and not proposed
        told["dealer_refused_first_proposal"] = s["first_answer"] == "refuse"
        told["dealer_refused_later_proposal"] = s["exchange_over"] and self.hand.ending == "refuse" and \
            s["first_answer"] == "accept"
        told.update(self.facts)
        if "offender" in told and "tricks_won" not in told:  # what letting the hand stand scores turns on them
            told["tricks_won"] = s["tricks"][told["offender"]]
        told["irregularity"] = self.irregularity
        return told

    def question(self, facts: dict) -> dict:
        q = {"kind": "dispute", "profile": self.profile, "facts": facts}
        if self.agreements:
            q["agreements"] = list(self.agreements)
        return q


def _later(c: Chooser, hand: Hand, start: int, end: int | None = None, label: str = "discovered at") -> int:
    last = len(hand.events) - 1 if end is None else end
    return c.choice(range(start, last + 1), label)


def _counted(hand: Hand, index: int, seat: str, dealt: int) -> dict:
    """The count facts of a wrong hand of ``dealt`` cards: what it holds now, and too many or too few."""
    return {"count": max(dealt - hand.at(index)["played"][seat], 0),
            "count_error": "too-many" if dealt > 5 else "too-few"}


Injector = Callable[[Chooser], Story]


def _wrong_deal(c: Chooser, label: str) -> Story:
    hand = tell_hand(c)
    seat = c.choice(SEATS, "hand")
    dealt = c.choice([3, 4, 6, 7], "cards dealt")
    at = hand.indexes("deal")[0]
    found = _later(c, hand, at)
    facts = {"hand": seat, "offender": "dealer", "wrong_count_origin": "deal", **_counted(hand, found, seat, dealt)}
    return Story(hand, label, at, found, facts)


def _wrong_exchange(c: Chooser, label: str) -> Story:
    hand = tell_hand(c, exchanges=1)
    at = c.choice(hand.indexes("exchange"), "which exchange")
    seat = hand.events[at].seat
    assert seat is not None
    offender = seat if seat == "dealer" else c.choice(SEATS, "who erred")
    count = c.choice([3, 4, 6, 7], "cards after the exchange")
    found = _later(c, hand, at)
    facts = {"hand": seat, "offender": offender, "wrong_count_origin": "exchange",
             **_counted(hand, found, seat, count)}
    if count > 5:
        # once the play has begun the new cards are in the hand; before, he may not have picked them up
        facts["new_cards_taken_up"] = hand.at(found)["first_lead"] or c.boolean("new cards taken up")
        # picking up any new card mixes the cards taken with the hand (laws 29, 33)
        facts["surplus_mixed"] = facts["new_cards_taken_up"] or c.boolean("surplus mixed")
    return Story(hand, label, at, found, facts)


def _at(kind: str | tuple[str, ...], extra: Callable[[Chooser, Hand, int, int], dict] = lambda c, h, a, f: {},
        found_until: Callable[[Hand, int], int | None] = lambda h, a: None) -> Callable[[Chooser, str], Story]:
    """An irregularity made at an event of ``kind`` and found then or later (up to ``found_until``)."""
    kinds = (kind,) if isinstance(kind, str) else kind

    def inject(c: Chooser, label: str) -> Story:
        hand = tell_hand(c, exchanges=int("exchange" in kinds),
                         proposed=bool({"propose", "accept", "refuse"} & set(kinds)))
        assert hand.indexes(*kinds), f"a hand told for {kinds} has no such event"
        at = c.choice(hand.indexes(*kinds), "injected at")
        found = _later(c, hand, at, found_until(hand, at))
        return Story(hand, label, at, found, extra(c, hand, at, found))
    return inject


def _first_lead(hand: Hand, at: int) -> int:
    return hand.indexes("lead")[0] - 1


def _exposed(c: Chooser, label: str) -> Story:
    hand = tell_hand(c)
    during = c.choice(["deal", "exchange"] if hand.proposals else ["deal"], "exposed while")
    if during == "deal":
        at = hand.indexes("deal")[0]
        owner = c.choice(SEATS, "owner")
    else:
        at = c.choice(hand.indexes("exchange"), "exposed at")
        owner = hand.events[at].seat
    found = _later(c, hand, at)
    return Story(hand, label, at, found, {"exposed_while": during, "owner": owner, "turned_as_trump": False})


def _turned_in_exchange(c: Chooser, label: str) -> Story:
    hand = tell_hand(c, exchanges=1)
    at = c.choice(hand.indexes("exchange"), "turned at")
    turned = c.boolean("turned as trump")
    # a card exposed while given (law 36) may be raised at any later moment, as by the other door (issue 39);
    # one faced like a trump (law 37) is ruled before the play
    found = _later(c, hand, at, _first_lead(hand, at) if turned else None)
    facts: dict = {"turned_as_trump": turned, "exposed_while": "exchange"}
    if not turned:
        facts["owner"] = hand.events[at].seat
    return Story(hand, label, at, found, facts)


def _faced(c: Chooser, label: str) -> Story:
    hand = tell_hand(c)
    at = hand.indexes("deal")[0]
    found = _later(c, hand, at)
    return Story(hand, label, at, found, {"where": "stock" if hand.at(found)["trump_turned"] else "pack"})


def _king_announced(c: Chooser, label: str) -> Story:
    hand = tell_hand(c)
    at = c.choice([i for i, e in enumerate(hand.events) if e.state["trump_turned"] and not e.state["hand_over"]],
                  "announced at")
    seat = c.choice(SEATS, "announcer")
    s = hand.at(at)
    played = s["played"][seat]
    first = [i for i, e in enumerate(hand.events) if e.seat == seat and e.kind in ("lead", "follow")][0]
    facts = {"offender": seat, "count": 5 - played, "king_played_first": played > 0 and c.boolean("king played first")}
    trick = hand.events[first].trick
    if played and hand.events[first].kind == "lead" and trick is not None:
        facts["played_to"] = s["played"][other(seat)] >= trick
    return Story(hand, label, at, at, facts)


def _false_king(c: Chooser, label: str) -> Story:
    hand = tell_hand(c)
    seat = c.choice(SEATS, "announcer")
    # a king is claimed to be marked, so while its claimant still has a card to play
    at = c.choice([i for i, e in enumerate(hand.events) if e.state["trump_turned"] and e.state["played"][seat] < 5],
                  "announced at")
    found = _later(c, hand, at)
    s = hand.at(found)
    facts = {"offender": seat, "count": max(5 - s["played"][seat], 0),
             "offender_played_card": s["played"][seat] > hand.at(at)["played"][seat],
             "adversary_holds_king": c.boolean("adversary holds the king")}
    return Story(hand, label, at, found, facts)


def _played_card(c: Chooser, label: str) -> Story:
    """A card taken back: led or played to a lead, and found before the next lead."""
    hand = tell_hand(c)
    at = c.choice(hand.indexes("lead", "follow"), "card at")
    event = hand.events[at]
    later_leads = [i for i in hand.indexes("lead") if i > at]
    until = later_leads[0] - 1 if later_leads else None
    found = _later(c, hand, at, until)
    facts: dict = {"card_led": event.kind == "lead"}
    if event.kind == "lead":
        facts["led_in_turn"] = True
        facts["played_to"] = found > at
    else:
        facts["to_correct"] = c.choice(["revoke", "failure-to-win", "nothing"], "to correct")
        facts["corrected_before_next_lead"] = True
    return Story(hand, label, at, found, facts)


def _lead_out_of_turn(c: Chooser, label: str) -> Story:
    trick = c.choice(range(1, 6), "trick led out of turn")
    hand = tell_hand(c, lead_out_of_turn_at=trick)
    at = [i for i in hand.indexes("lead") if hand.events[i].trick == trick][0]
    found = _later(c, hand, at)
    return Story(hand, label, at, found, {"offender": hand.events[at].seat, "card_led": True, "led_in_turn": False,
                                          "played_to": found > at})


def _named_suit(c: Chooser, label: str) -> Story:
    hand = tell_hand(c)
    at = c.choice(hand.indexes("lead"), "led at")
    found = _later(c, hand, at, at + 1)
    return Story(hand, label, at, found, {"offender": hand.events[at].seat, "played_to": found > at,
                                          "leader_holds_named_suit": c.boolean("holds the named suit")})


def _abandoned(c: Chooser, label: str) -> Story:
    hand = tell_hand(c)
    # given up in the play, while cards are left: not once the fifth trick is complete
    at = c.choice([i for i, e in enumerate(hand.events) if e.state["first_lead"] and not e.state["hand_over"]
                   and sum(e.state["tricks"].values()) < 5], "given up at")
    seat = c.choice(SEATS, "gives up")
    won = hand.at(at)["tricks"][seat]
    # a revoke (or a trick not won) is a card the adversary played to a lead: only once he has
    followed = any(e.kind == "follow" and e.seat == other(seat) for e in hand.events[:at + 1])
    offended = c.choice(["none", "revoke", "false-king"] if followed else ["none", "false-king"], "adversary offended")
    facts = {"offender": seat, "tricks_won": won, "claimed_to_score": c.boolean("claimed to score"),
             "adversary_offended": offended, "adversary_holds_king": c.boolean("holds the king")}
    return Story(hand, label, at, at, facts, truncated=True)


def _revoke(c: Chooser, label: str) -> Story:
    hand = tell_hand(c)
    at = c.choice(hand.indexes("follow"), "revoked at")
    later_leads = [i for i in hand.indexes("lead") if i > at]
    found = _later(c, hand, at)
    corrected = bool(later_leads) and found < later_leads[0] or not later_leads and found == at
    seat = hand.events[at].seat
    assert seat is not None
    return Story(hand, label, at, found, {"offender": seat, "corrected_before_next_lead": corrected,
                                          "tricks_won": hand.at(found)["tricks"][seat]})


def _stock_short(c: Chooser, label: str) -> Story:
    hand = tell_hand(c, exchanges=3)
    at = hand.indexes("exchange")[4]  # the third accepted exchange, the non-dealer served first
    return Story(hand, label, at, at, {"accepted_conditionally": c.boolean("accepted on condition")})


def _kept_hand(c: Chooser, label: str) -> Story:
    hand = tell_hand(c, exchanges=1)
    at = c.choice([i for i in hand.indexes("exchange") if hand.events[i].seat == "dealer"], "kept at")
    # the first two exchanges cannot use up the stock; a later one may leave the dealer nothing
    ran_out = hand.indexes("exchange").index(at) >= 5 and c.boolean("the stock ran out")
    return Story(hand, label, at, _later(c, hand, at), {"stock_ran_out": ran_out})


def _answered(kind: str | tuple[str, ...]) -> Callable[[Chooser, str], Story]:
    return _at(kind, found_until=lambda h, a: a + 1)


def _score_marked_late(c: Chooser, label: str) -> Story:
    hand = tell_hand(c)
    at = hand.indexes("hand-over")[0]
    return Story(hand, label, at, _later(c, hand, at), {})


INJECTORS: dict[str, Callable[[Chooser, str], Story]] = {
    "wrong-card-count": lambda c, label: (_wrong_deal if c.boolean("dealt (or served in the exchange)")
                                          else _wrong_exchange)(c, label),
    "exchange-count-error": _wrong_exchange,
    "wrong-packet-order": _at("deal", lambda c, h, a, f: {"order_change_announced": c.boolean("announced")}),
    "several-cards-turned": _at("turn-up"),
    "faced-card": _faced,
    "card-exposed": _exposed,
    "card-turned-in-exchange": _turned_in_exchange,
    "deal-out-of-turn": _at("deal"),
    "wrong-pack": _at("deal"),
    "incorrect-pack": _at("cut"),
    "cut-exposed": _at("cut", lambda c, h, a, f: {"cut": c.choice(["for-deal", "to-dealer"], "cut"),
                                                 "cards_exposed": c.choice([1, 2, 3], "cards exposed")}),
    "short-cut": _at("cut"),
    "shuffle-order-disputed": _at("cut", found_until=lambda h, a: a),  # settled before the deal begins
    "improper-shuffle": _at("cut"),
    "dealer-kept-hand": _kept_hand,
    "stock-short": _stock_short,
    "king-announced-late": _king_announced,
    "false-king-announcement": _false_king,
    "turned-king-not-marked": _at("turn-up", lambda c, h, a, f: {"wrong_count_stood": False, "deal_annulled": False}),
    "proposal-retracted": _answered("propose"),
    "acceptance-retracted": _answered(("accept", "refuse")),
    "discard-looked-at": _at("exchange"),
    "exchange-count-withheld": _at("exchange"),
    "card-taken-back": _played_card,
    "lead-out-of-turn": _lead_out_of_turn,
    "named-suit-not-led": _named_suit,
    "hand-abandoned": _abandoned,
    "revoke": _revoke,
    "failed-to-win-trick": _revoke,
    "new-cards-called": _at("cut"),
    "score-not-marked": _score_marked_late,
    "overscore": _at("hand-over", lambda c, h, a, f: {"admitted": c.boolean("admitted"),
                                                       "game_over": c.boolean("game over"),
                                                       "won_without_overscore": c.boolean("won anyway")}),
    "bystander-advice": _at("lead", lambda c, h, a, f: {
        "bystander": c.choice(["backer", "opposing-bettor", "non-bettor"], "bystander"),
        "advice_by": c.choice(["pointing", "speaking"], "advice by")}, lambda h, a: a),
}


def tell(c: Chooser, irregularity: str | None = None) -> Story:
    """A story: a hand, an irregularity at a random moment, found at a random later moment."""
    kind = irregularity or c.choice(sorted(INJECTORS), "irregularity")
    story = INJECTORS[kind](c, kind)
    story.profile = c.choice(PROFILES, "profile")
    if kind == "bystander-advice" and c.boolean("bystanders may advise"):
        story.agreements = ("bystanders-advise",)
    return story


def contradicted(c: Chooser, story: Story) -> tuple[str, object] | None:
    """One fact of the story told against it: a moment that the story's order of events rules
    out (given with the moment it must follow or precede), or a ``discovered`` that does not fit
    the moment of discovery. None when the story offers no such contradiction."""
    told = story.moments()
    flips = []
    for earlier, later in ALWAYS_BEFORE:
        if told[later]:
            flips.append((earlier, False, later))
        if not told[earlier]:
            flips.append((later, True, earlier))
    wrong = [v for v in DISCOVERED if v not in story.discovered_values()]
    options: list[tuple[str, object, str | None]] = [(f, v, w) for f, v, w in flips] + \
        [("discovered", v, None) for v in wrong]
    if not options:
        return None
    return c.choice(options, "contradiction")[:2]


# --- the interview, answered by the witness -------------------------------------------------------

@dataclass
class Outcome:
    """How an interview of a story ended: ``ruling``, ``need`` (a fact the story cannot answer),
    ``conflicting-facts`` or another error, with the last answer and the facts given."""

    end: str
    answer: dict
    facts: dict


def interview(story: Story, ask, book, first: dict, limit: int = 60) -> Outcome:
    """Start from ``first`` (the irregularity and any witness facts) and answer every question
    the referee asks from the witness, until a ruling, an error, or a question the story cannot
    answer."""
    told = story.witness()
    facts = dict(first)
    for _ in range(limit):
        answer = ask(story.question(facts), book)
        if "error" in answer:
            return Outcome(answer["error"]["code"], answer, facts)
        if answer["status"] == "ruling":
            return Outcome("ruling", answer, facts)
        fact = answer["need"]["fact"]
        if fact not in told:
            return Outcome("need", answer, facts)
        facts[fact] = told[fact]
    raise AssertionError(f"the interview did not end after {limit} questions: {facts}")


def opening(c: Chooser, story: Story) -> dict:
    """What the witness says first: the irregularity, perhaps when it came to light, and a few facts."""
    told = story.witness()
    first = {"irregularity": story.irregularity}
    when = story.discovered_values()
    if when and c.boolean("says when it was discovered"):
        first["discovered"] = c.choice(when, "discovered")
    for name in sorted(told):
        if name not in first and c.choice([False, False, False, True], f"volunteers {name}"):
            first[name] = told[name]
    return first


def window_holds(story: Story, window: dict) -> list[str]:
    """The moments of a ruling's window that the story contradicts at its moment of discovery."""
    told = story.witness()
    wrong = [f"{m} had not happened" for m in window.get("after", ()) if told.get(m) is not True]
    return wrong + [f"{m} had happened" for m in window.get("before", ()) if told.get(m) is not False]
