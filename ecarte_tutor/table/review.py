"""The review of a hand once it is over, and of the whole game: where the learner's choices cost.

A hand is replayed action by action with the ``hand`` referee. For each of the learner's cards
where he had a choice, the ``analyse`` kind (every card known, double dummy) gives the tricks each
legal card secured: "here 9♥ secured 3 tricks; the 7♣ you played secured 2". His proposing or
playing (accepting or refusing) is compared with the jeux de règle (the ``advice`` kind); his
first discard with the discard advice; a king of trumps he held and did not announce is noted
(unless Hoffmann's reason to conceal it held). The score is the referee's, with each claim's
reason and laws.

Each mistake is filed under the rule that governs the decision — the strategy rule the advice
cites, ``strategy.discarding``, ``king.announce``, ``strategy.leading`` for a lead, or the duty of
play that limited a follower's choice — so that :func:`game_summary` counts mistakes by rule id,
the ids the lessons cite.
"""
from __future__ import annotations

from collections import Counter
from typing import Literal, NotRequired, TypedDict

from ..cards import Card
from ..engine import hand, play
from ..engine.hand import HandState, TrickRecord, WrittenAction
from ..fields import SEATS
from .answers import AdviceAnswer, DoubleDummy, RecordAnswer
from .discard import DISCARD_RULE, avoidable_breach
from .game import Game, HandPlay, PlayerAward, SheetEntry, seat_view
from .hoffmann import LEADING_RULE, conceal_king
from .incidents import Call, GradedFact
from .view import asked

KING_RULE = "king.announce"
ADVISED = {"stand": "play without proposing", "propose": "propose", "accept": "accept", "refuse": "refuse"}


class Mistake(TypedDict):
    """A choice that cost, filed under the rule that governs it."""

    rule: str
    text: str


class Note(Mistake):
    """A decision of the learner's, reviewed (``rule``: the rule that governs it)."""

    mistake: bool


class ExchangeNote(Note):
    """Proposing or playing, accepting or refusing, against the jeux de règle."""

    type: Literal["exchange"]
    index: int
    did: str
    advised: str
    matched: bool
    cites: list[str]


class DiscardNote(Note):
    """The first discard, against the discard advice."""

    type: Literal["discard"]
    index: int
    cards: list[str]
    matched: bool


class CardNote(Note):
    """A card played where there was a choice, against best play (every card known)."""

    type: Literal["card"]
    index: int
    card: str
    tricks: int
    best: list[str]
    best_tricks: int


class KingNote(Note):
    """A king of trumps held with its window open."""

    type: Literal["king"]
    matched: bool


class DrillNote(TypedDict):
    """What came of an irregularity of the tutor's: called (and how well), or let pass."""

    called: bool
    mistake: bool
    rule: str | None  # None: a call when nothing irregular had happened
    text: str
    law: NotRequired[int | None]
    option: NotRequired[str]
    facts: NotRequired[list[GradedFact]]
    case: NotRequired[str]


class TrickNote(TrickRecord):
    """A trick of the hand, with the review of the learner's card in it."""

    number: int
    won_by: str
    review: CardNote | None


class ReviewScore(TypedDict):
    """The referee's score of the hand, by player."""

    points: dict[str, int]
    awards: list[PlayerAward]
    explanation: str
    cites: list[str]
    laws: list[int]


class HandReview(TypedDict):
    """The review of a hand (:func:`review_hand`)."""

    deal: int  # 1-based
    drills: list[DrillNote]
    seat: str
    turn_up: str
    dealt: dict[str, list[str]]
    decisions: list[ExchangeNote | DiscardNote | KingNote]
    tricks: list[TrickNote]
    sheet: list[SheetEntry]
    score: ReviewScore
    mistakes: list[Mistake]


class RuleCount(TypedDict):
    rule: str
    title: str
    count: int


class GameSummary(TypedDict):
    """The game's mistakes by rule and what came of its irregularities (:func:`game_summary`)."""

    hands: int
    reviewed: int
    mistakes: int
    by_rule: list[RuleCount]
    score: dict[str, int]
    winner: str | None
    drills: dict[str, int]


def _tricks(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")


def review_hand(game: Game, number: int) -> HandReview:
    """The review of deal ``number`` (0-based), which must be over."""
    hp = game.hands[number]
    if hp.answer is None:
        raise ValueError(f"deal {number + 1} is not over yet")
    seat = hp.seats["learner"]
    state = hand.start(hp.deal)
    decisions: list[ExchangeNote | DiscardNote | KingNote] = []
    cards: dict[int, CardNote] = {}
    mistakes: list[Mistake] = []
    first_discard, king_window = True, None
    first_irregular = min(hp.irregular, default=len(hp.actions))
    for index, (action, player) in enumerate(zip(hp.actions, hp.by, strict=True)):
        if index in hp.irregular:  # a revoke let pass: the analysis cannot follow the hand from here
            hand.place_card(state, action["by"], Card.from_str(action["card"]), game.params)
            continue
        if king_window is None and state.phase == "play" and hand.king_window_open(state, seat, game.params):
            king_window = index  # the learner could announce the king from here on
        if player == "learner" and index < first_irregular:
            note = _review_action(game, hp, state, index, action, first_discard)
            first_discard = first_discard and action["do"] != "discard"
            if note is not None and note["type"] == "card":
                cards[index] = note
            elif note is not None:
                decisions.append(note)
            if note is not None and note["mistake"]:
                mistakes.append({"rule": note["rule"], "text": note["text"]})
        hand.apply(state, hand.read_action(action, index), game.params)
    king = _king_note(game, hp, king_window)
    if king is not None:
        decisions.append(king)
        if king.get("mistake"):
            mistakes.append({"rule": king["rule"], "text": king["text"]})
    score = hp.answer["score"]
    drill_notes = drill_review(game, hp)
    mistakes += [{"rule": n["rule"], "text": n["text"]} for n in drill_notes if n["mistake"] and n["rule"] is not None]
    return {
        "deal": number + 1,
        "drills": drill_notes,
        "seat": seat,
        "turn_up": hp.deal.turn_up.notation,
        "dealt": {s: [c.notation for c in getattr(hp.deal, s)] for s in SEATS},
        "decisions": decisions,
        "tricks": _trick_notes(hp, seat, cards),
        "sheet": [e for e in game.sheet if e["deal"] == hp.number],
        "score": {"points": {hp.player(s): p for s, p in score["points"].items()},
                  "awards": [{**a, "player": hp.player(a["seat"])} for a in score["awards"]],
                  "explanation": score["explanation"], "cites": score["cites"], "laws": score["laws"]},
        "mistakes": mistakes,
    }


def _review_action(game: Game, hp: HandPlay, state: HandState, index: int, action: WrittenAction,
                   first_discard: bool) -> ExchangeNote | DiscardNote | CardNote | None:
    verb, seat = action["do"], action["by"]
    mine = list(state.hands[seat])
    if verb in ("propose", "stand", "accept", "refuse"):
        advice = asked({"kind": "advice", **game.settings.question(), "trump": state.trump.letter,
                        "hand": [c.notation for c in mine], "seat": seat}, game.book, AdviceAnswer)
        advised = {"play": "stand"}.get(advice["advice"], advice["advice"])
        matched = verb == advised
        words = {"propose": "proposed", "stand": "played without proposing", "accept": "accepted",
                 "refuse": "refused"}
        verdict = ", as the jeux de règle advise. " if matched else f"; the jeux de règle advise: {ADVISED[advised]}. "
        text = f"You {words[verb]}{verdict}{advice['explanation']}"
        return {"type": "exchange", "index": index, "did": verb, "advised": advised, "matched": matched,
                "rule": advice["cites"][-1], "cites": advice["cites"], "mistake": not matched, "text": text}
    if verb == "discard" and first_discard:
        low = min(getattr(game.params, f"{seat}_min_discard"), len(state.stock))
        cards = [Card.from_str(c) for c in action["cards"]]
        breach = avoidable_breach(mine, cards, state.trump, low)
        thrown = " ".join(c.pretty for c in cards) or "nothing"
        text = (f"You threw out {thrown}. " + (
            f"The advice is to keep trumps and kings at the first exchange: {' '.join(c.pretty for c in breach)} "
            "could have stayed." if breach else "That follows the advice: keep trumps and kings, throw the rest."))
        return {"type": "discard", "index": index, "cards": action["cards"], "rule": DISCARD_RULE,
                "matched": not breach, "mistake": bool(breach), "text": text}
    if verb == "card":
        return _card_note(game, hp, state, index, action)
    return None


def _card_note(game: Game, hp: HandPlay, state: HandState, index: int, action: WrittenAction) -> CardNote | None:
    seat = action["by"]
    led = state.current[0][1] if state.current else None
    duty = play.duty(state.hands[seat], led, state.trump, game.params)
    if len(duty.legal) < 2:
        return None  # no choice, nothing to review
    answer = asked({"kind": "analyse", **game.settings.question(), "deal": hp.question(game.settings)["deal"],
                    "actions": hp.actions[:index]}, game.book, DoubleDummy)
    tricks = {entry["card"]: entry["tricks"] for entry in answer["cards"]}
    played = Card.from_str(action["card"])
    got, top = tricks[action["card"]], max(tricks.values())
    best = [Card.from_str(c) for c in answer["best"]]
    rule = LEADING_RULE if led is None else duty.rule_ids[-1]
    if got == top:
        text = f"{played.pretty} was among the best cards here ({_tricks(top)} with best play)."
    else:
        text = (f"Here {play.card_list(best)} secured {_tricks(top)}; the {played.pretty} you played secured "
                f"{got}.")
    return {"type": "card", "index": index, "card": action["card"], "tricks": got, "best": answer["best"],
            "best_tricks": top, "rule": rule, "mistake": got < top, "text": text}


def _king_note(game: Game, hp: HandPlay, window_at: int | None) -> KingNote | None:
    """A king of trumps the learner held with its window open, and did not announce."""
    seat = hp.seats["learner"]
    if window_at is None or hp.state.king_announced_by == seat:
        return None
    state = hand.start(hp.deal, game.params, hp.score_before)
    for index in range(window_at):
        hand.apply(state, hand.read_action(hp.actions[index], index), game.params)
    king = Card("K", state.trump)
    view = seat_view(hp, state, seat, game, window_at)
    if conceal_king(view, hp.score_before):
        return {"type": "king", "rule": KING_RULE, "matched": True, "mistake": False,
                "text": f"You kept {king.pretty} quiet: with your adversary committed, its point could not change "
                        "who won the game, as in Hoffmann's illustrative game."}
    return {"type": "king", "rule": KING_RULE, "matched": False, "mistake": True,
            "text": f"You held {king.pretty}, the king of trumps, and did not announce it: its "
                    f"{game.params.king_points} point was lost."}


def drill_review(game: Game, hp: HandPlay) -> list[DrillNote]:
    """What came of the irregularities of this deal (and of the deals it replaced): each call graded, each
    one let pass; a revoke let pass, with what the record of the tricks proves (the ``record`` kind)."""
    numbers, before = {hp.number}, hp.number - 1
    while before >= 0 and game.hands[before].void:  # deals set aside by a ruling lead up to this one
        numbers.add(before)
        before -= 1
    notes: list[DrillNote] = []
    for entry in game.calls:
        if entry["deal"] not in numbers:
            continue
        law = entry.get("law")
        rule = f"law.{law}" if law else play.REVOKE
        code = entry["code"]
        if code is None:  # a call when nothing irregular had happened (one let pass always has its drill)
            notes.append({"called": True, "mistake": False, "rule": None,
                          "text": "You called the referee, but nothing irregular had happened."})
            continue
        what = game.book.table_drills[code].what
        if not entry["called"]:
            notes.append({"called": False, "mistake": True, "rule": rule,
                          "text": f"Missed: {what} You let it pass." + _proof(game, hp, entry), "law": law})
            continue
        report, ruling = entry["report"], entry["report"]["ruling"]
        assert ruling is not None  # the call of a drill's irregularity is ruled on (incidents.call)
        wrong = [f for f in report["facts"] if f["right"] is False]
        text = f"You called the referee: {what} "
        text += "Your answers led to the right ruling. " if report["right_ruling"] else \
            "Your answers did not lead to the right ruling. "
        text += " ".join(f"To “{f['question']}” you answered “{f['answered']}”; in fact: “{f['truth']}”."
                         for f in wrong)
        notes.append({"called": True, "mistake": bool(wrong) or not report["right_ruling"], "rule": rule,
                      "text": text.strip(), "law": law, "option": entry["option"], "facts": report["facts"],
                      "case": ruling["case"]})
    return notes


def _proof(game: Game, hp: HandPlay, entry: Call) -> str:
    """For a revoke let pass: does the record of the tricks prove it (the ``record`` kind)?"""
    if entry["code"] != "revoke":
        return ""
    tricks = [{"leader": t["leader"], "led": t["led"], "followed": t["followed"]} for t in hp.state.history]
    answer = asked({"kind": "record", **game.settings.question(), "trump": hp.state.trump.letter,
                    "tricks": tricks}, game.book, RecordAnswer)
    # (the record proves a revoke by a later trick: ``proof`` is None only for a lead out of turn)
    revokes = [(p["trick"], p["proof"]) for p in answer["proven"]
               if p["code"] == "revoke" and p["seat"] == hp.seats["tutor"] and p["proof"] is not None]
    if not revokes:
        return " The record of the tricks does not prove it: the tutor never showed that suit again."
    trick, proof = revokes[0]
    return (f" The record proves it: at trick {trick + 1} the tutor did not follow suit, and at trick "
            f"{proof + 1} it played that suit.")


def _trick_notes(hp: HandPlay, seat: str, cards: dict[int, CardNote]) -> list[TrickNote]:
    """The tricks in order, each with the review of the learner's card in it."""
    out: list[TrickNote] = []
    plays = [i for i, a in enumerate(hp.actions) if a["do"] == "card"]  # two cards a trick, in order
    for number, trick in enumerate(hp.state.history):
        note = next((cards[i] for i in plays[2 * number:2 * number + 2] if i in cards), None)
        out.append({"number": number + 1, **trick, "won_by": hp.player(trick["winner"]), "review": note})
    return out


def game_summary(game: Game) -> GameSummary:
    """The game's mistakes counted by rule (ids the lessons cite), from the review of every hand over."""
    reviews = [review_hand(game, hp.number) for hp in game.hands if hp.answer is not None]
    counts = Counter(m["rule"] for r in reviews for m in r["mistakes"])
    reviewed = sum(len(r["decisions"]) + sum(1 for t in r["tricks"] if t["review"]) for r in reviews)
    return {
        "hands": len(reviews),
        "reviewed": reviewed,
        "mistakes": sum(counts.values()),
        "by_rule": [{"rule": rule, "title": game.book.rules[rule].title, "count": n}
                    for rule, n in sorted(counts.items(), key=lambda item: (-item[1], item[0]))],
        "score": dict(game.scores),
        "winner": game.winner,
        "drills": {"called": sum(1 for c in game.calls if c["called"] and c["code"]),
                   "right": sum(1 for c in game.calls if c["called"] and c["code"] and c["report"]["right_ruling"]),
                   "missed": sum(1 for c in game.calls if not c["called"]),
                   "false_alarms": sum(1 for c in game.calls if c["called"] and not c["code"])},
    }
