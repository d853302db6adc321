"""Every consequence a sentence of the table states, checked against the engine for that very moment.

:func:`audit` walks a finished game decision by decision. At each exchange decision (the elder's
"I play" or proposal, the dealer's answer) it reads what the table says there — the ``advice``
kind's explanation, the why of each choice (:mod:`.why`), the review's note (:mod:`.review`), the
tutor's own why (:func:`.telling.tutor_reasons`) — and what the story says of each action
(:func:`.telling.action_line`). Each cost a sentence states ("should a refusal of the first proposal
fail, the elder hand scores 2 instead of 1") is parsed back into its choice, proposal and figures
and worked out afresh: the choice applied to a copy of the hand by the ``hand`` referee, and the
``score`` kind asked for the facts the referee then records. So the checker shares nothing with
the code that wrote the sentence but the engine. The ``advice`` answer's ``consequences`` are
checked the same way, and the one the hand's last exchange decision stood on against the points
the hand really scored. A figure of cost or score left over in those sentences, which no parsed
statement accounts for, counts as a contradiction too: no fixed sentence can slip through.
"""
from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..cards import PACK
from ..engine import hand
from ..engine.advice import AdviceJson
from ..engine.hand import HandState, WrittenAction
from ..engine.illegal import Illegal
from ..engine.scoring import Scored
from ..fields import other
from ..jsontypes import Question
from ..rulebook import Kept, Params
from .game import Game, HandPlay, LogEntry, seat_view
from .review import review_hand
from .telling import action_line, tutor_reasons
from .view import asked
from .why import reasons

EXCHANGE = ("propose", "stand", "accept", "refuse")
SEAT_NAMES = {"the elder hand": "elder", "the dealer": "dealer"}
NOUNS = {"a refusal of the first proposal": ("refuse", True), "a refusal": ("refuse", False),
         "playing without proposing": ("play", True), "playing on without another exchange": ("play", False)}
WHO = r"(?P<who>the elder hand|the dealer|you|the tutor)"
VOLE = r"(?:, or (?P<vole>\d+) should (?:you|the tutor|the dealer|the elder hand) lose every trick)?"
STAKED = re.compile(rf"should (?P<noun>{'|'.join(map(re.escape, NOUNS))}) fail, {WHO} scores? (?P<fails>\d+) "
                    rf"instead of (?P<safe>\d+){VOLE}")
NOTHING_EXTRA = re.compile(rf"(?P<noun>{'|'.join(map(re.escape, NOUNS))}) costs no more here than an accepted "
                           rf"exchange: should it fail, {WHO} scores? (?P<fails>\d+) either way{VOLE}")
KING = re.compile(r"(?:announcing it scores (?P<a>\d+)|the king of trumps: (?P<b>\d+) point|its (?P<c>\d+) point was "
                  r"lost|announces it: (?P<d>\d+) point)")
LEFT_OVER = re.compile(r"\b(?:costs?|loses?|lose|stakes?|risks?|scores?|gives?)\s+(?:him |you |the \w+ )?\d+|"
                       r"\d+ if it fails")  # a figure of cost no statement above accounts for


@dataclass
class Findings:
    """What the walk checked, and every contradiction found (empty when the table is right)."""

    checked: Counter[str] = field(default_factory=Counter)  # statements checked, by where they were read
    stakes: Counter[str] = field(default_factory=Counter)  # stake statements checked, by what they speak of
    contradictions: list[str] = field(default_factory=list)
    decisions: int = 0

    def merge(self, other: Findings) -> None:
        self.checked.update(other.checked)
        self.stakes.update(other.stakes)
        self.contradictions += other.contradictions
        self.decisions += other.decisions


def _copy(state: HandState) -> HandState:
    return copy.deepcopy(state, {id(card): card for card in PACK})  # cards are immutable: share them


def _after(state: HandState, steps: list[tuple[str, str]], params: Params) -> HandState:
    """A copy of ``state`` with ``steps`` ((seat, verb)) applied by the referee. Proposing, answering and
    "I play" change no card, so a shallow copy is enough (the cards' lists are never touched)."""
    after = copy.copy(state)
    for index, (seat, verb) in enumerate(steps):
        hand.apply(after, hand.read_action({"by": seat, "do": verb}, index), params)
    return after


def _steps(state: HandState, choice: str) -> list[tuple[str, str]]:
    """The referee's actions for a choice at this decision: ``propose`` is the proposal accepted;
    a refusal (or acceptance) spoken of at the elder's decision is of the proposal he is to make."""
    proposing = state.phase == "proposal"
    return {"play": [("elder", "stand")],
            "propose": [("elder", "propose"), ("dealer", "accept")],
            "refuse": [("elder", "propose"), ("dealer", "refuse")] if proposing else [("dealer", "refuse")],
            "accept": [("elder", "propose"), ("dealer", "accept")] if proposing else [("dealer", "accept")]}[choice]


def engine_points(game: Game, state: HandState, choice: str, outcome: str) -> dict[str, int]:
    """What the ``score`` kind gives for ``choice`` made now and ``outcome`` (from the chooser's side),
    for the facts the referee records when the choice is applied to a copy of the hand
    (:class:`Illegal` when the choice is not open now)."""
    # all the referee reads for these verbs, and the game's settings: never the game's id, which a later
    # game may be given once this one is gone (a finnish game once read a london game's points so)
    key = (json.dumps(game.settings.question(), sort_keys=True), state.phase, state.proposals, choice, outcome)
    kept = _POINTS.of(game.book)
    if key not in kept:
        kept[key] = _engine_points(game, state, choice, outcome)
    return dict(kept[key])


_POINTS: Kept[tuple[str, str, int, str, str], dict[str, int]] = Kept("the score kind's points for a choice and outcome")


def _engine_points(game: Game, state: HandState, choice: str, outcome: str) -> dict[str, int]:
    chooser = "elder" if choice in ("play", "propose") else "dealer"
    after = _after(state, _steps(state, choice), game.params)
    params = game.params
    winner = chooser if outcome.startswith("wins") else other(chooser)
    won = params.hand_size if outcome.endswith("vole") else params.point_tricks
    question: Question = {"kind": "score", **game.settings.question(),
                          "tricks": {winner: won, other(winner): params.hand_size - won},
                          "elder_played_without_proposing": after.elder_played_without_proposing,
                          "dealer_refused_first_proposal": after.dealer_refused_first_proposal,
                          "dealer_refused_later_proposal": after.dealer_refused_later_proposal}
    return dict(asked(question, game.book, Scored)["points"])


def check_text(game: Game, state: HandState, text: str, where: str, found: Findings,
               learner_seat: str | None = None) -> None:
    """Check every consequence ``text`` states, for the decision standing at ``state`` (``learner_seat``:
    whom "you" names, in the story)."""
    first = state.proposals == 0 if state.phase == "proposal" else state.proposals == 1
    spans: list[tuple[int, int]] = []
    for pattern in (STAKED, NOTHING_EXTRA):
        for match in pattern.finditer(text):
            spans.append(match.span())
            found.checked[where] += 1
            found.stakes[match.group("noun")] += 1
            try:
                problem = _statement_problem(game, state, match, first, learner_seat)
            except Illegal:
                problem = f"it speaks of {match.group('noun')!r}, which is no choice at this point"
            if problem:
                found.contradictions.append(f"{where}: {problem} — {text!r}")
    for match in KING.finditer(text):
        spans.append(match.span())
        found.checked[where] += 1
        stated = int(next(g for g in match.groups() if g is not None))
        expected = _king_points(game)
        if stated != expected:
            found.contradictions.append(f"{where}: the king said to score {stated}, the score kind gives {expected} "
                                        f"— {text!r}")
    for match in LEFT_OVER.finditer(text):
        if not any(a <= match.start() < b for a, b in spans):
            found.checked[where] += 1
            found.contradictions.append(f"{where}: a figure no statement vouches for ({match.group(0)!r}) — {text!r}")


def _statement_problem(game: Game, state: HandState, match: re.Match[str], first: bool,
                       learner_seat: str | None) -> str | None:
    choice, says_first = NOUNS[match.group("noun")]
    if says_first != first:
        return (f"it speaks of {match.group('noun')!r} at the hand's "
                f"{'first' if first else 'second or later'} proposal")
    chooser = "elder" if choice == "play" else "dealer"
    rival = other(chooser)
    who = match.group("who")
    named = SEAT_NAMES.get(who)
    if named is None and learner_seat is not None:
        named = learner_seat if who == "you" else other(learner_seat)
    if named is not None and named != rival:
        return f"it gives the points to {who}, who is not the {rival}"
    safe = "propose" if choice == "play" else "accept"
    fails = engine_points(game, state, choice, "fails")[rival]
    safe_fails = engine_points(game, state, safe, "fails")[rival]
    stated = int(match.group("fails"))
    if stated != fails:
        return f"a failed {choice} said to give {stated}, the score kind gives {fails}"
    stated_safe = int(match["safe"]) if "safe" in match.groupdict() else stated  # "either way"
    if stated_safe != safe_fails:
        return f"the other choice said to give {stated_safe} on failing, the score kind gives {safe_fails}"
    if match.group("vole") is not None:
        vole = engine_points(game, state, choice, "loses-vole")[rival]
        if int(match.group("vole")) != vole:
            return f"a vole against the {chooser} said to give {match.group('vole')}, the score kind gives {vole}"
    return None


def _king_points(game: Game) -> int:
    params = game.params
    question: Question = {"kind": "score", **game.settings.question(), "king_announced_by": "elder",
                          "tricks": {"elder": params.point_tricks, "dealer": params.hand_size - params.point_tricks}}
    awards = asked(question, game.book, Scored)["awards"]
    return next(a["points"] for a in awards if a["claim"] == "announced-king")


def _states(game: Game, hp: HandPlay) -> Iterator[tuple[int, WrittenAction, HandState]]:
    """Each action of the hand with the state before it (the same object, moved on after each: copy what
    is kept); a hand with a card the referee never saw (a drill's revoke) stops there."""
    state = hand.start(hp.deal, game.params, hp.score_before)
    for index, action in enumerate(hp.actions):
        if index in hp.irregular:
            return
        yield index, action, state
        hand.apply(state, hand.read_action(action, index), game.params)


def audit(game: Game, reviews: bool = True) -> Findings:
    """Walk every exchange decision and every action of ``game``'s hands, checking what the table says."""
    found = Findings()
    for hp in game.hands:
        _audit_hand(game, hp, found, reviews)
    return found


def _audit_hand(game: Game, hp: HandPlay, found: Findings, reviews: bool) -> None:
    learner = hp.seats["learner"]
    whys = tutor_reasons(game, hp, verbs=(*EXCHANGE, "announce-king"))
    logged = {e["index"]: e for e in game.log if e["deal"] == hp.number and "index" in e and "action" in e}
    before: dict[int, HandState] = {}
    last: tuple[str, int] | None = None
    for index, action, state in _states(game, hp):
        verb, seat = action["do"], action["by"]
        if index in logged:
            check_text(game, state, action_line(game, logged[index]), "story", found, learner)
            _check_commitment_words(game, logged[index], state, found)
        if index in whys:
            check_text(game, state, whys[index].why, "tutor's why", found)
            check_text(game, state, whys[index].said, "tutor's why", found)
        if verb not in EXCHANGE:
            continue
        found.decisions += 1
        state = before[index] = _copy(state)  # the review and the outcome read it again later
        view = seat_view(hp, state, seat, game, index)
        advice = view.advice()
        _check_consequences(game, state, advice, found)
        check_text(game, state, advice["explanation"], "advice", found)
        choices = [o for o in hand.next_actions(state, game.params) if o["by"] == seat]
        for line in reasons(view, choices):
            check_text(game, state, line["why"], "why", found)
        if verb in ("stand", "refuse"):
            last = ({"stand": "play"}.get(verb, verb), index)
    if last is not None and not hp.irregular:
        _check_outcome(game, hp, last, before[last[1]], found)
    if reviews and hp.answer is not None:
        review = review_hand(game, hp.number, with_tutor=False, with_cards=False)
        for note in review["decisions"]:
            at = note.get("index")
            state = before[at] if isinstance(at, int) and at in before else hp.state
            check_text(game, state, note["text"], "review", found)


def _check_consequences(game: Game, state: HandState, advice: AdviceJson, found: Findings) -> None:
    for consequence in advice["consequences"]:
        found.checked["consequences"] += 1
        expected = engine_points(game, state, consequence["choice"], consequence["outcome"])
        if consequence["points"] != expected:
            found.contradictions.append(f"consequences: {consequence} — the score kind gives {expected}")


def _check_outcome(game: Game, hp: HandPlay, last: tuple[str, int], state: HandState, found: Findings) -> None:
    """The consequence the advice gave, at the hand's last exchange decision, of the choice made and
    the outcome the tricks then gave, against the points the hand really scored for its tricks
    (unless a wager or a king that ended the game changed them)."""
    end = hp.state
    if hp.answer is None or end.doubled or end.ended or end.offer_declined_by or end.phase != "complete":
        return
    scored = next((a for a in hp.answer["score"]["awards"] if a["claim"] == "tricks"), None)
    if scored is None:
        return
    choice, index = last
    chooser = "elder" if choice == "play" else "dealer"
    won, params = end.tricks[chooser], game.params
    outcome = ("wins-vole" if won == params.hand_size else "wins-point" if won >= params.point_tricks
               else "loses-vole" if won == 0 else "fails")
    advice = seat_view(hp, state, chooser, game, index).advice()
    said = next(c for c in advice["consequences"] if c["choice"] == choice and c["outcome"] == outcome)
    found.checked["outcome"] += 1
    real = {scored["seat"]: scored["points"], other(scored["seat"]): 0}
    if said["points"] != real:
        found.contradictions.append(f"deal {hp.number + 1}: the advice said {said}, the hand scored {real}")


def _check_commitment_words(game: Game, entry: LogEntry, state: HandState, found: Findings) -> None:
    """The story's "I play" and refusal said as the referee records them, not as the verb is named."""
    action = entry.get("action")
    if action is None or action["do"] not in ("stand", "refuse"):
        return
    verb = action["do"]
    found.checked["story"] += 1
    line = action_line(game, entry)
    after = _after(state, [(action["by"], verb)], game.params)
    said = line.split(":")[0]
    if verb == "stand" and ("without proposing" in said) != after.elder_played_without_proposing:
        found.contradictions.append(f"story: {line!r}, but the referee recorded elder_played_without_proposing="
                                    f"{after.elder_played_without_proposing}")
    if verb == "refuse" and ("first proposal" in said) != after.dealer_refused_first_proposal:
        found.contradictions.append(f"story: {line!r}, but the referee recorded dealer_refused_first_proposal="
                                    f"{after.dealer_refused_first_proposal}")
