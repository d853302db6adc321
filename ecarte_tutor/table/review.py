"""The review of a hand once it is over, and of the whole game: where the learner's choices cost.

A hand is replayed action by action with the ``hand`` referee. Each of the learner's cards where he
had a choice is judged from what he could know — the ``analyse`` kind with ``view`` his seat: his
cards, the turn-up and the cards played, never the tutor's hand — by its chance of the point (then
of the vole) against the best card's; the figure with both hands known (double dummy) is shown
beside it, said to be so, and never makes a mistake. His proposing or playing (accepting or
refusing) is compared with the jeux de règle at that proposal (the ``advice`` kind with
``proposal_number``); his first discard, card for card, with the discard advice; a king of trumps he
held and did not announce is noted (unless Hoffmann's reason to conceal it held). Each trick says who
led it; a missed irregularity says what calling the referee at once would have given (the
``dispute`` kind's ruling). The tutor's decisions come with their why (:func:`.telling.tutor_reasons`),
and the score is the referee's, with each claim's reason and laws.

Each mistake is filed under the rule that governs the decision — the strategy rule the advice
cites, ``strategy.discarding``, ``king.announce``, ``strategy.leading`` for a lead,
``strategy.following`` for the card answering one — so that :func:`game_summary` counts mistakes by
rule id, the ids the lessons cite, and a card-play mistake comes back in review as a card to play
(``lessons.drills.cardplay``), never as a question on the duties the card obeyed.
"""
from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from typing import Literal, NotRequired, TypedDict

from ..cards import Card, shown
from ..engine import analysis, hand, play, stakes
from ..engine.advice import AdviceJson
from ..engine.analysis import DoubleDummyJson, ViewedJson
from ..engine.hand import HandState, TrickRecord, WrittenAction
from ..engine.record import FaultCode, RecordJson
from ..fields import SEATS
from ..i18n import current, marked, tr, trn
from ..jsontypes import Question
from ..marks import decides
from ..strategy import patterns_named
from . import judging
from .discard import DISCARD_RULE, choose_discard
from .game import Game, HandPlay, PlayerAward, SheetEntry, seat_view
from .hoffmann import LEADING_RULE, conceal_king
from .incident_codes import IncidentCode
from .incidents import Call, GradedFact
from .settings import TableError
from .telling import DealSummary, deal_summary, pretty, tutor_reasons
from .truth import true_ruling
from .view import asked

KING_RULE = "king.announce"
FOLLOWING_RULE = "strategy.following"  # the card answering a lead: judged by the hidden-card model alone
EXCHANGE = ("propose", "stand", "accept", "refuse")


DID = {  # what the learner did, as the referee records it, by (verb, proposal 1 or later): each through tr
    ("stand", 1): marked("You played without proposing"), ("stand", 2): marked("You played on after the exchange"),
    ("refuse", 1): marked("You refused the first proposal"), ("refuse", 2): marked("You refused a further exchange"),
    ("propose", 1): marked("You proposed"), ("accept", 1): marked("You accepted"),
}
ADVISED = {  # the advice at this proposal, by (verb, proposal 1 or later)
    ("stand", 1): marked("play without proposing"), ("stand", 2): marked("play on without another exchange"),
    ("refuse", 1): marked("refuse"), ("propose", 1): marked("propose"), ("accept", 1): marked("accept"),
}


def _later(verb: str, proposal_number: int) -> int:
    return 2 if proposal_number > 1 and verb in ("stand", "refuse") else 1


def did_words(verb: str, proposal_number: int) -> str:
    """What the learner did, in words, as the referee records it at this proposal ("You played…")."""
    return tr(DID[verb, _later(verb, proposal_number)])


def advised_words(verb: str, proposal_number: int) -> str:
    """The advice, in words, at this proposal."""
    key = (verb, 2 if proposal_number > 1 and verb == "stand" else 1)
    return tr(ADVISED[key]) if key in ADVISED else verb


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
    """The first discard, card for card against the discard advice."""

    type: Literal["discard"]
    index: int
    cards: list[str]
    advised: list[str]  # what the advice throws out
    kept: list[str]  # cards the advice throws out that he kept
    thrown: list[str]  # cards the advice keeps that he threw out
    matched: bool


class CardNote(Note):
    """A card played where there was a choice. Judged from the learner's view (``view``: his chance of
    the point and of the vole with each card, from what he could know); ``tricks``, ``best`` and
    ``best_tricks`` are the double-dummy figures (both hands known), shown as such."""

    type: Literal["card"]
    index: int
    card: str
    tricks: int
    best: list[str]
    best_tricks: int
    view: ViewFigures


class ViewFigures(TypedDict):
    """The learner's card against the best from his own view."""

    best: list[str]  # the cards with the best chance of the point (then of the vole)
    p_point: float
    p_vole: float
    best_p_point: float
    best_p_vole: float


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
    """A trick of the hand: who led it and who won it, with the review of the learner's card in it."""

    number: int
    led_by: str
    won_by: str
    review: CardNote | None


class TutorNote(TypedDict):
    """One decision of the tutor's, with its why (in full: the deal is over)."""

    index: int
    action: WrittenAction
    said: str
    why: str


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
    tutor: list[TutorNote]
    tricks: list[TrickNote]
    sheet: list[SheetEntry]
    score: ReviewScore
    summary: DealSummary
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
    return trn("%(count)d trick", "%(count)d tricks", n)


def review_hand(game: Game, number: int, with_tutor: bool = True, with_cards: bool = True) -> HandReview:
    """The review of deal ``number`` (0-based), which must be over (``with_tutor``: the tutor's
    decisions and their why too, which :func:`game_summary` does without; ``with_cards``: the
    learner's cards analysed, which a check of the decisions alone does without)."""
    hp = game.hands[number]
    if hp.answer is None:
        raise ValueError(f"deal {number + 1} is not over yet")
    seat = hp.seats["learner"]
    state = hand.start(hp.deal)
    decisions: list[ExchangeNote | DiscardNote | KingNote] = []
    cards: dict[int, CardNote] = {}
    mistakes: list[Mistake] = []
    king_window = None
    first_irregular = min(hp.irregular, default=len(hp.actions))
    for index, (action, player) in enumerate(zip(hp.actions, hp.by, strict=True)):
        if index in hp.irregular:  # a revoke let pass: the analysis cannot follow the hand from here
            hand.place_card(state, action["by"], Card.from_str(action["card"]), game.params)
            continue
        if king_window is None and state.phase == "play" and hand.king_window_open(state, seat, game.params):
            king_window = index  # the learner could announce the king from here on
        if player == "learner" and index < first_irregular:
            note = _review_action(game, hp, state, index, action) if with_cards or \
                action["do"] != "card" else None
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
    tutor: list[TutorNote] = []
    if with_tutor:
        tutor = [{"index": i, "action": hp.actions[i], "said": r.said, "why": r.why}
                 for i, r in sorted(tutor_reasons(game, hp).items())]
    return {
        "deal": number + 1,
        "drills": drill_notes,
        "seat": seat,
        "turn_up": hp.deal.turn_up.notation,
        "dealt": {s: [c.notation for c in getattr(hp.deal, s)] for s in SEATS},
        "decisions": decisions,
        "tutor": tutor,
        "tricks": _trick_notes(hp, seat, cards),
        "sheet": [e for e in game.sheet if e["deal"] == hp.number],
        "score": {"points": {hp.player(s): p for s, p in score["points"].items()},
                  "awards": [{**a, "player": hp.player(a["seat"])} for a in score["awards"]],
                  "explanation": score["explanation"], "cites": score["cites"], "laws": score["laws"]},
        "summary": deal_summary(game, number),
        "mistakes": mistakes,
    }


@decides(DISCARD_RULE)
def _review_action(game: Game, hp: HandPlay, state: HandState, index: int,
                   action: WrittenAction) -> ExchangeNote | DiscardNote | CardNote | None:
    verb, seat = action["do"], action["by"]
    mine = list(state.hands[seat])
    if verb in EXCHANGE:
        number = stakes.proposal_at(state.phase, state.proposals)
        advice = asked({"kind": "advice", **game.settings.question(), "trump": state.trump.letter,
                        "hand": [c.notation for c in mine], "seat": seat, "proposal_number": number},
                       game.book, AdviceJson)
        advised = {"play": "stand"}.get(advice["advice"], advice["advice"])
        matched = verb == advised
        rules = patterns_named(game.book.strategy, seat)
        slots = {"did": did_words(verb, number), "rules": rules, "reasons": advice["explanation"]}
        text = (tr("%(did)s, as %(rules)s advise. %(reasons)s", **slots) if matched else
                tr("%(did)s; %(rules)s advise: %(advised)s. %(reasons)s", advised=advised_words(advised, number),
                   **slots))
        return {"type": "exchange", "index": index, "did": verb, "advised": advised, "matched": matched,
                "rule": advice["cites"][-1], "cites": advice["cites"], "mistake": not matched, "text": text}
    if verb == "discard":  # every exchange's discard, each against the advice for the cards then held
        return _discard_note(game, state, index, action)
    if verb == "card":
        return _card_note(game, hp, state, index, action)
    return None


@decides(DISCARD_RULE)
def _discard_note(game: Game, state: HandState, index: int, action: WrittenAction) -> DiscardNote:
    """The discard, card for card against what the advice throws out within the referee's limits."""
    seat = action["by"]
    limits = next(o for o in hand.next_actions(state, game.params) if o["by"] == seat and o["do"] == "discard")
    advised = choose_discard(state.hands[seat], state.trump, limits["min"], limits["max"], game.params)
    cards = [Card.from_str(c) for c in action["cards"]]
    kept = [c for c in advised if c not in cards]  # the advice throws these out
    thrown = [c for c in cards if c not in advised]  # the advice keeps these
    slots = {"cards": pretty(cards), "advised": pretty(advised), "kept": pretty(kept), "thrown": pretty(thrown)}
    if not kept and not thrown:
        text = tr("You threw out %(cards)s. That follows the advice: keep trumps and kings, throw the rest.", **slots)
    elif not thrown:
        text = tr("You threw out %(cards)s. The advice (keep trumps and kings, throw the rest) throws out "
                  "%(advised)s: you kept %(kept)s, which it throws out.", **slots)
    elif not kept:
        text = tr("You threw out %(cards)s. The advice (keep trumps and kings, throw the rest) throws out "
                  "%(advised)s: you threw out %(thrown)s, which it keeps.", **slots)
    else:
        text = tr("You threw out %(cards)s. The advice (keep trumps and kings, throw the rest) throws out "
                  "%(advised)s: you kept %(kept)s, which it throws out, you threw out %(thrown)s, which it keeps.",
                  **slots)
    return {"type": "discard", "index": index, "cards": action["cards"], "advised": [c.notation for c in advised],
            "kept": [c.notation for c in kept], "thrown": [c.notation for c in thrown], "rule": DISCARD_RULE,
            "matched": not kept and not thrown, "mistake": bool(kept or thrown), "text": text}


@decides(LEADING_RULE, FOLLOWING_RULE)
def _card_note(game: Game, hp: HandPlay, state: HandState, index: int, action: WrittenAction) -> CardNote | None:
    seat = action["by"]
    led = state.current[0][1] if state.current else None
    duty = play.duty(state.hands[seat], led, state.trump, game.params)
    if len(duty.legal) < 2:
        return None  # no choice, nothing to review
    question: Question = {"kind": "analyse", **game.settings.question(), "deal": hp.question(game.settings)["deal"],
                "actions": hp.actions[:index]}
    both = asked(question, game.book, DoubleDummyJson)
    mine = asked({**question, "view": seat}, game.book, ViewedJson)
    tricks = {entry["card"]: entry["tricks"] for entry in both["cards"]}
    figures = {entry["card"]: entry for entry in mine["cards"]}
    played = Card.from_str(action["card"])
    got, top = tricks[action["card"]], max(tricks.values())
    best_view = judging.best_by_view(figures, game.params)
    chosen, best = figures[action["card"]], figures[best_view[0]]
    goal = judging.behind(chosen, best, figures)
    worse = goal is not None
    rule = LEADING_RULE if led is None else FOLLOWING_RULE
    lang = current()
    names = play.card_list((Card.from_str(c) for c in best_view), lang=lang)
    params = game.params
    written = shown(played, lang)
    chance, best_chance = judging.chance(chosen), judging.chance(best)
    if action["card"] in best_view:
        text = analysis.CARD_AMONG_BEST.say(params, card=written, chance=chance)
    elif goal is None:
        text = analysis.CARD_NEARLY_BEST.say(params, card=written, chance=chance, best=names,
                                             best_chance=best_chance)
    else:
        text = analysis.CARD_WORSE.say(params, card=written, chance=chance, best=names, best_chance=best_chance)
        why = judging.whys(question, game.params, game.book, seat, Card.from_str(best_view[0]), {played: goal})
        text = f"{why[played]} {text}" if played in why else text  # the reason leads, in words; the figures follow
    best_dd = play.card_list((Card.from_str(c) for c in both["best"]), lang=lang)
    if got < top:  # (a number alone for the card played: "3 tricks and 10♦ 2")
        text += " " + analysis.CARD_KNOWN_WORSE.say(params, card=written, tricks=got, best=best_dd,
                                                    best_tricks=_tricks(top))
    elif worse:
        text += " " + analysis.CARD_KNOWN_SAME.say(params, card=written, tricks=_tricks(got))
    return {"type": "card", "index": index, "card": action["card"], "tricks": got, "best": both["best"],
            "best_tricks": top, "rule": rule, "mistake": worse, "text": text,
            "view": {"best": best_view, "p_point": chosen["p_point"], "p_vole": chosen["p_vole"],
                     "best_p_point": best["p_point"], "best_p_vole": best["p_vole"]}}


@decides("king.announce")
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
                "text": tr("You kept %(card)s quiet: with your adversary committed, its point could not change "
                           "who won the game, as in Hoffmann's illustrative game.", card=shown(king, current()))}
    points = stakes.king_points(seat, game.params, game.book)
    return {"type": "king", "rule": KING_RULE, "matched": False, "mistake": True,
            "text": tr("You held %(card)s, the king of trumps, and did not announce it: its %(points)s point was "
                       "lost.", card=shown(king, current()), points=points)}


@decides(play.REVOKE)
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
                          "text": tr("You called the referee, but nothing irregular had happened.")})
            continue
        what = game.book.table_drills[code].what
        if not entry["called"] and entry.get("lawful"):  # going on was a choice the law gives him (law 41)
            notes.append({"called": False, "mistake": False, "rule": rule, "law": law,
                          "text": tr("%(what)s You went on without calling the referee, which the law lets you "
                                     "choose: %(option)s.%(claimable)s", what=what, option=_option_label(game, entry),
                                     claimable=_claimable(game, entry))})
            continue
        if not entry["called"]:
            notes.append({"called": False, "mistake": True, "rule": rule,
                          "text": tr("Missed: %(what)s You let it pass.%(claimable)s%(proof)s", what=what,
                                     claimable=_claimable(game, entry), proof=_proof(game, hp, entry)),
                          "law": law})
            continue
        report, ruling = entry["report"], entry["report"]["ruling"]
        assert ruling is not None  # the call of a drill's irregularity is ruled on (incidents.call)
        wrong = [f for f in report["facts"] if f["right"] is False]
        text = (tr("You called the referee: %(what)s Your answers led to the right ruling. ", what=what)
                if report["right_ruling"] else
                tr("You called the referee: %(what)s Your answers did not lead to the right ruling. ", what=what))
        text += " ".join(tr("To “%(question)s” you answered “%(answered)s”; in fact: “%(truth)s”.",
                            question=f["question"], answered=f["answered"], truth=f["truth"]) for f in wrong)
        notes.append({"called": True, "mistake": bool(wrong) or not report["right_ruling"], "rule": rule,
                      "text": text.strip(), "law": law, "option": entry["option"], "facts": report["facts"],
                      "case": ruling["case"]})
    return notes


def _option_label(game: Game, entry: Call) -> str:
    """The label of the option a lawful letting-pass amounts to (the law's own words), lower-cased to run on."""
    label = game.book.option_labels.get(entry.get("lawful", ""), entry.get("lawful", ""))
    return label[:1].lower() + label[1:]


def _claimable(game: Game, entry: Call) -> str:
    """What calling the referee at once would have given: the ruling (the ``dispute`` kind's, on the facts
    of the moment the tutor committed the irregularity), its options and who would have chosen."""
    hp = next((h for h in game.hands if h.number == entry["deal"]), None)
    incident = hp.incident if hp is not None else None
    if hp is None or incident is None or incident.code != entry["code"]:
        return ""
    actions = list(incident.then) or hp.actions  # as they stood then (a let-pass may have rewritten them)
    done = incident.at
    if done < len(actions) and actions[done].get("card") in {str(c) for c in incident.cards}:
        done += 1  # the irregular card itself is among the hand's actions (a revoke, a suit not led as named)
    state = hand.start(hp.deal, game.params, hp.score_before)
    for index in range(done):
        if index in hp.irregular:
            hand.place_card(state, actions[index]["by"], Card.from_str(actions[index]["card"]), game.params)
        else:
            hand.apply(state, hand.read_action(actions[index], index), game.params)
    moment = dataclasses.replace(hp, state=state, actions=actions[:done], by=hp.by[:done],
                                 irregular={i for i in hp.irregular if i < done})
    then = copy.copy(game)
    then.hands = [moment if h is hp else h for h in game.hands]
    try:
        ruling = true_ruling(then, incident, moment)
    except (TableError, KeyError, ValueError, StopIteration):
        return ""
    labels = [game.book.option_labels.get(o["id"], o["label"]) for o in ruling["options"]]
    if not labels:
        return ""
    if ruling["compulsory"] or len(labels) == 1:
        return tr(" Called at once, the referee would have ruled: %(ruling)s.", ruling="; ".join(labels))
    chooser = hp.player(ruling["chooser"]) if ruling["chooser"] else None
    between = tr(" or ").join(labels)
    if chooser == "learner":
        return tr(" Called at once, you would have chosen between: %(options)s.", options=between)
    if chooser:
        return tr(" Called at once, the tutor would have chosen between: %(options)s.", options=between)
    return tr(" Called at once, the ruling offers between: %(options)s.", options=between)


def _proof(game: Game, hp: HandPlay, entry: Call) -> str:
    """For a revoke let pass: does the record of the tricks prove it (the ``record`` kind)?"""
    if entry["code"] != IncidentCode.REVOKE:
        return ""
    tricks = [{"leader": t["leader"], "led": t["led"], "followed": t["followed"]} for t in hp.state.history]
    answer = asked({"kind": "record", **game.settings.question(), "trump": hp.state.trump.letter,
                    "tricks": tricks}, game.book, RecordJson)
    # (the record proves a revoke by a later trick: ``proof`` is None only for a lead out of turn)
    revokes = [(p["trick"], p["proof"]) for p in answer["proven"]
               if p["code"] == FaultCode.REVOKE and p["seat"] == hp.seats["tutor"] and p["proof"] is not None]
    if not revokes:
        return tr(" The record of the tricks does not prove it: the tutor never showed that suit again.")
    trick, proof = revokes[0]
    return tr(" The record proves it: at trick %(trick)s the tutor did not follow suit, and at trick %(proof)s it "
              "played that suit.", trick=trick + 1, proof=proof + 1)


def _trick_notes(hp: HandPlay, seat: str, cards: dict[int, CardNote]) -> list[TrickNote]:
    """The tricks in order, each with the review of the learner's card in it."""
    out: list[TrickNote] = []
    plays = [i for i, a in enumerate(hp.actions) if a["do"] == "card"]  # two cards a trick, in order
    for number, trick in enumerate(hp.state.history):
        note = next((cards[i] for i in plays[2 * number:2 * number + 2] if i in cards), None)
        out.append({"number": number + 1, **trick, "led_by": hp.player(trick["leader"]),
                    "won_by": hp.player(trick["winner"]), "review": note})
    return out


def game_summary(game: Game) -> GameSummary:
    """The game's mistakes counted by rule (ids the lessons cite), from the review of every hand over."""
    reviews = [review_hand(game, hp.number, with_tutor=False) for hp in game.hands if hp.answer is not None]
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
