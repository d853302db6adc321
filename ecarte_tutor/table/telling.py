"""How the table tells what happened: the story of a deal, the tutor's why, the deal's summary, the score.

Every line reads the engine's state or answer, never the name of a verb alone: "I play" is playing
without proposing only when the referee recorded it so (``elder_played_without_proposing``), and
what a commitment stakes is the scoring's (:mod:`ecarte_tutor.engine.stakes`). The site and the
terminal tell a game with the same lines.

- :func:`action_line` — one action of the game's log, from the learner's side of the table;
- :func:`tutor_reasons` — for each action of the tutor in a deal, its why, from the same decision
  code that chose it (:meth:`.players.Beginner.decide`), asked again on the view it had then;
- :func:`deal_summary` — once a deal is over: the tricks, the points and why, from the score;
- :func:`standing` — the score as it stands, from the sheet and the claims of the deal in progress,
  so that a page's header and its score sheet cannot disagree.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypedDict

from ..cards import Card, shown
from ..engine import hand, stakes
from ..engine.hand import NextAction, WrittenAction
from ..i18n import current, marked, tr, trn
from .game import Game, HandPlay, LogEntry, SheetEntry, passing, seat_view
from .hoffmann import Commitments
from .incidents import marked as marked_king
from .players import Reasoned, make_player
from .settings import PLAYERS

TOLD = {  # what an action looks like at the table, said of "you" / "the tutor" (each through tr)
    "propose": (marked("You propose."), marked("The tutor proposes.")),
    "accept": (marked("You accept."), marked("The tutor accepts.")),
    "double": (marked("You offer to double."), marked("The tutor offers to double.")),
    "accept-double": (marked("You accept the double."), marked("The tutor accepts the double.")),
    "decline-double": (marked("You decline the double."), marked("The tutor declines the double.")),
    "offer-point": (marked("You offer the point."), marked("The tutor offers you the point.")),
    "accept-offer": (marked("You take the point."), marked("The tutor takes the point.")),
    "decline-offer": (marked("You decline the point."),
                      marked("The tutor declines the point: it must now win every trick.")),
}
NAMES = {"learner": (marked("You"), "you"), "tutor": (marked("The tutor"), "the tutor")}  # [0] through tr
DID = {  # a commitment as the referee recorded it, by (verb, proposal 1 or later), said of you / the tutor
    ("stand", 1): (marked("You play without proposing (“I play”): %(stake)s."),
                   marked("The tutor plays without proposing (“I play”): %(stake)s.")),
    ("stand", 2): (marked("You play on after the exchange (“I play”): %(stake)s."),
                   marked("The tutor plays on after the exchange (“I play”): %(stake)s.")),
    ("refuse", 1): (marked("You refuse the first proposal: %(stake)s."),
                    marked("The tutor refuses the first proposal: %(stake)s.")),
    ("refuse", 2): (marked("You refuse this further exchange: %(stake)s."),
                    marked("The tutor refuses this further exchange: %(stake)s.")),
}


def pretty(cards: Sequence[object]) -> str:
    """Cards as a player of the current language writes them (``J♠ 7♥``; ``V♠ 7♥`` in French)."""
    lang = current()
    return " ".join(shown(Card.from_str(str(c)), lang) for c in cards) or tr("nothing")


def proposal_of(facts: Commitments) -> int:
    """The proposal an "I play" or a refusal answered, from what the referee recorded: 1, or 2 for any later."""
    return 1 if facts["elder_played_without_proposing"] or facts["dealer_refused_first_proposal"] else 2


def commitment_line(game: Game, hp: HandPlay, player: str, verb: str, facts: Commitments) -> str:
    """ "I play" or a refusal, as the referee recorded it, and what it stakes (the scoring's figures)."""
    seat = hp.seats[player]
    number = proposal_of(facts)
    you = player == "learner"
    found = stakes.consequences(seat, number, game.params, game.book)
    stake = stakes.stake_clause(found, seat, number, chooser="you" if you else "the tutor",
                                rival="the tutor" if you else "you")
    return tr(DID[verb, number][0 if you else 1], stake=stake)


def action_line(game: Game, entry: LogEntry) -> str:
    """One action of the log, told from the learner's side (a trick it completed not included)."""
    hp = game.hands[entry["deal"]]
    action, player = entry["action"], entry["player"]
    you = player == "learner"
    verb = action["do"]
    if verb == "card":
        card = pretty([action["card"]])
        return tr("You play %(card)s.", card=card) if you else tr("The tutor plays %(card)s.", card=card)
    if verb == "discard":
        if you:
            return tr("You throw out %(cards)s.", cards=pretty(action["cards"]))
        count = len(action["cards"])
        return trn("The tutor throws out %(count)d card and draws as many.",
                   "The tutor throws out %(count)d cards and draws as many.", count)
    if verb == "announce-king":
        points = stakes.king_points(action["by"], game.params, game.book)
        return (tr("You announce the king of trumps: %(points)s point.", points=points) if you else
                tr("The tutor announces the king of trumps: %(points)s point.", points=points))
    if verb in ("stand", "refuse") and "facts" in entry:
        return commitment_line(game, hp, player, verb, entry["facts"])
    said = TOLD.get(verb)
    return tr(said[0] if you else said[1]) if said else f"{tr(NAMES[player][0])}: {verb}."


def trick_line(game: Game, entry: LogEntry) -> str:
    """Who led the trick an action completed, and who won it."""
    trick = entry["trick"]
    hp = game.hands[entry["deal"]]
    leader, winner = hp.player(trick["leader"]), hp.player(trick["winner"])
    cards = {"led": pretty([trick["led"]]), "followed": pretty([trick["followed"]])}
    if winner == "learner":
        return (tr("You win the trick (you led %(led)s, %(followed)s played to it).", **cards) if leader == "learner"
                else tr("You win the trick (the tutor led %(led)s, %(followed)s played to it).", **cards))
    return (tr("The tutor wins the trick (you led %(led)s, %(followed)s played to it).", **cards)
            if leader == "learner" else
            tr("The tutor wins the trick (the tutor led %(led)s, %(followed)s played to it).", **cards))


# --- the tutor's why -------------------------------------------------------------------------------


def _thrown(action: NextAction | WrittenAction) -> list[str]:
    cards = action.get("cards")
    return sorted(str(c) for c in cards) if isinstance(cards, list) else []


def _same(action: WrittenAction, chosen: NextAction | WrittenAction) -> bool:
    return action["do"] == chosen["do"] and action.get("card") == chosen.get("card") and (
        action["do"] != "discard" or _thrown(action) == _thrown(chosen))


def tutor_reasons(game: Game, hp: HandPlay, verbs: Collection[str] | None = None) -> dict[int, Reasoned]:
    """The tutor's why for each of its actions in ``hp`` (by the action's index; only those of ``verbs``
    when given): its level's decision asked again on the view it had, so the same advice and analysis
    that chose the action give it. An action the decision does not give again (a drill's
    irregularity) has none."""
    state = hand.start(hp.deal, game.params, hp.score_before)
    out: dict[int, Reasoned] = {}
    for index, (action, player) in enumerate(zip(hp.actions, hp.by, strict=True)):
        if index in hp.irregular:
            hand.place_card(state, action["by"], Card.from_str(action["card"]), game.params)
            continue
        if player == "tutor" and (verbs is None or action["do"] in verbs):
            found = _reason(game, hp, state, index, action)
            if found is not None:
                out[index] = found
        hand.apply(state, hand.read_action(action, index), game.params)
    return out


def _reason(game: Game, hp: HandPlay, state: hand.HandState, index: int, action: WrittenAction) -> Reasoned | None:
    seat = action["by"]
    options = hand.next_actions(state, game.params)
    mine = [o for o in options if o["by"] == seat]
    to_act = options[0]["by"] if state.pending else state.to_act()
    if to_act != seat:  # an announcement or an offer made on the other's turn: it could also let him go on
        mine = [*mine, passing(seat)]
    player = make_player("beginner") if any(i < index for i in hp.irregular) else game.tutor
    view = seat_view(hp, state, seat, game, index)
    reasoned = player.decide(view, mine, hp.score_before)
    if _same(action, reasoned.choice):
        return reasoned
    if action["do"] == "card":  # law 41: the suit it named narrowed its choice
        suit = [o for o in mine if o["do"] == "card" and o["card"][-1] == action["card"][-1]]
        if suit:
            reasoned = player.decide(view, suit, hp.score_before)
            return reasoned if _same(action, reasoned.choice) else None
    return None


# --- the deal's summary and the score as it stands ----------------------------------------------------


class DealSummary(TypedDict):
    """A deal once over: the tricks each took, and each claim with its points and why (the score's)."""

    deal: int  # 1-based
    tricks: dict[str, int]  # by player
    lines: list[str]
    points: dict[str, int]  # by player, this deal
    score: dict[str, int]  # by player, after it


def deal_summary(game: Game, number: int) -> DealSummary:
    """The summary of deal ``number`` (0-based), which must be over: from the referee's score and the sheet."""
    hp = game.hands[number]
    tricks = {player: hp.state.tricks[seat] for player, seat in hp.seats.items()}
    lines = [tr("Tricks: you %(learner)s, the tutor %(tutor)s.", learner=tricks["learner"], tutor=tricks["tutor"])]
    points = {player: 0 for player in PLAYERS}
    for entry in game.sheet:
        if entry["deal"] != number:
            continue
        who = tr(NAMES[entry["player"]][0])
        if entry["scored"]:
            points[entry["player"]] += entry["points"]
        lines.append(tr("%(who)s: %(points)s — %(reason)s", who=who, points=entry["points"], reason=entry["reason"])
                     if entry["scored"] else
                     tr("%(who)s: %(points)s (not scored) — %(reason)s", who=who, points=entry["points"],
                        reason=entry["reason"]))
    later = game.hands[number + 1:]
    after = ({player: later[0].score_before[seat] for player, seat in later[0].seats.items()} if later
             else dict(game.scores))
    return {"deal": number + 1, "tricks": tricks, "lines": lines, "points": points, "score": after}


class Standing(TypedDict):
    """The score as it stands: the sheet's lines (the deal in progress's claims so far included) and totals."""

    sheet: list[SheetEntry]
    score: dict[str, int]  # by player


def standing(game: Game) -> Standing:
    """The score sheet with the claims the deal in progress has made so far (a king turned up or
    announced: the referee's score of the hand as it stands), and the totals of that very sheet."""
    sheet = list(game.sheet)
    hp = game.current
    if hp.answer is None and not hp.void and not game.over:
        so_far = hand.score_state(hp.state, hp.score_before, game.params, game.book)
        for award in so_far["awards"]:
            if award["claim"] != "tricks":
                sheet.append({"deal": hp.number, "player": hp.player(award["seat"]), **award,
                              "reason": tr("%(reason)s (this deal, so far)", reason=award["reason"])})
        extra = marked_king(game)  # a king the tutor marked in a drill, while it stands
        for player, points in extra.items():
            if points:
                sheet.append({"deal": hp.number, "player": player, "seat": hp.seats[player], "points": points,
                              "claim": "marked", "reason": tr("The tutor marked a point for the king of trumps "
                                                              "(this deal, so far)."), "scored": True, "cites": [],
                              "laws": []})
    totals = dict(game.scores)  # the sheet's scored lines add up to it (tests/table/test_selfplay.py)
    for entry in sheet[len(game.sheet):]:
        if entry["scored"]:
            totals[entry["player"]] += entry["points"]
    return {"sheet": sheet, "score": totals}
