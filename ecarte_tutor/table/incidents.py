"""The irregularities of a drill in the course of a game: when the tutor commits them, what letting them
pass does, and the learner's call of the referee, graded against what really happened.

:mod:`.drills` says what each irregularity is; this module moves them through a :class:`Game`: it
plans the deal's drill (:func:`plan`), lets the tutor commit it when its moment comes
(:func:`commit_due`), gives the learner his decision while it waits (:func:`decision_now`), settles
it when he moves on (:func:`let_pass`), grades his call and carries out the ruling (:func:`assess`,
:func:`call`), adds what the sheet needs when the deal is scored (:func:`adjustments`) and reads the
record's drill words again (:func:`replay_word`). See docs/table.md.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, NotRequired, TypedDict

from ..asking import ask
from ..engine import hand
from ..engine.disputes.answers import Ruling, RulingOption
from ..engine.illegal import Illegal
from ..jsontypes import Answer
from ..rulebook import Fact, RuleBook
from .drills import CALL_WORD, DRILLS, NOTHING, OVERSCORE, TUTOR_WORD, Incident, hand_of, settles, true_ruling, truth
from .settings import TableError

if TYPE_CHECKING:  # the game moves the irregularities through itself
    from .game import Decision, Game, HandPlay, SheetEntry


class GradedFact(TypedDict):
    """One answer of the learner's interview, against what really happened."""

    fact: str
    question: str
    answered: str
    right: bool | None  # None: a fact the situation does not turn on
    truth: str | None  # None: idem


class Report(TypedDict):
    """The learner's call of the referee, graded (:func:`assess`), and the option carried out (:func:`call`)."""

    irregular: bool
    code: NotRequired[str]  # the drill's, when something irregular happened
    law: NotRequired[int]
    what: NotRequired[str]
    facts: list[GradedFact]
    learner_ruling: Answer  # the interview's answer to his facts: a ruling, its next question, or an error
    ruling: Ruling | None  # the ruling on what really happened
    right_ruling: bool
    chooser: str | None  # learner | tutor, when the law leaves the choice of the remedy to a player
    options: list[RulingOption]
    text: str
    option: NotRequired[str | None]


class Call(TypedDict):
    """A call of the referee, or an irregularity of the tutor's let pass (``called`` false)."""

    deal: int
    code: str | None  # the drill's; None: a call when nothing irregular had happened
    law: NotRequired[int]
    called: bool
    report: NotRequired[Report]
    option: NotRequired[str]


def plan(game: Game, hp: HandPlay) -> None:
    """Choose, from the seed, which drill the tutor commits in this new deal (if drills are on)."""
    codes = [c for c in game.settings.drills if DRILLS[c].fits(hp.seats)]
    if not codes:
        return
    rng = random.Random(f"ecarte-tutor drill {game.settings.seed} {hp.number}")
    hp.drill = rng.choice(codes)
    hp.drill_from = rng.randint(0, 2)


def commit_due(game: Game) -> bool:
    """Let the tutor commit the drill planned for this deal if its moment has come; True when it did."""
    if game.open is not None and not game.open.late:
        return False
    hp = game.current
    done = game.hands[-2] if len(game.hands) > 1 else None
    if (done is not None and done.drill == OVERSCORE.code and done.incident is None and not done.void
            and OVERSCORE.ready_after(game, done, hp)):
        _commit(game, done, OVERSCORE.code, "")
        return True
    drill = DRILLS.get(hp.drill) if hp.drill else None
    if drill is None or hp.incident is not None or hp.void or not drill.ready(game, hp):
        return False
    _commit(game, hp, drill.code, drill.choose(game, hp))
    return True


def _commit(game: Game, hp: HandPlay, code: str, detail: str) -> None:
    incident = DRILLS[code].stage(game, hp, detail)
    hp.incident = incident
    game.open = incident
    game.moves.append(f"{TUTOR_WORD}{code}{':' + detail if detail else ''}")
    if not DRILLS[code].hidden:
        game.log.append({"deal": game.current.number, "player": "tutor", "incident": code, "said": incident.said})
    game._decision = None


def waiting(game: Game) -> Incident | None:
    """The irregularity of the tutor's waiting for the learner to call it or let it pass, if any."""
    return game.open if game.open is not None and not game.open.late else None


def awaiting(game: Game) -> bool:
    """Is an irregularity of the tutor's waiting for the learner to call it or let it pass?"""
    return waiting(game) is not None


def let_pass(game: Game) -> bool:
    """The learner moved on without calling the referee: settle the open irregularity quietly.
    True when there was one waiting (a lingering one stays open until its hand ends)."""
    incident = waiting(game)
    if incident is None:
        return False
    hp = hand_of(game, incident)
    if incident.drill.lingers:  # still to be called until its hand ends (adjustments writes it off then)
        incident.late = True
        return True
    game.calls.append(_missed(incident))
    game.open = None
    incident.drill.miss(game, hp, incident)
    return True


def _missed(incident: Incident) -> Call:
    return {"deal": incident.deal, "code": incident.code, "law": incident.drill.law, "called": False}


def decision_now(game: Game, incident: Incident) -> Decision:
    """The learner's decision while ``incident`` waits: his own move (or "go on"), and the call."""
    from .game import Decision, passing

    hp = game.current
    state = hp.state
    seat = hp.seats["learner"]
    options = hand.next_actions(state, game.params)
    to_act = options[0]["by"] if state.pending else state.to_act()
    incident.stopped = True
    if not incident.blocking and to_act == seat:
        return Decision(seat, [o for o in options if o["by"] == seat], False, game.view("learner"))
    return Decision(seat, [passing(seat)], True, game.view("learner"))


def adjustments(game: Game, hp: HandPlay, entries: list[SheetEntry]) -> list[SheetEntry]:
    """Sheet entries a hand's drill adds when it is scored: a false king never called, a penalty cut."""
    out: list[SheetEntry] = []
    incident = hp.incident
    if game.open is not None and game.open.deal == hp.number:  # a lingering one nobody called dies with its hand
        game.calls.append(_missed(game.open))
        game.open = None
    if incident is not None and incident.point:
        law = DRILLS[incident.code].law  # the false king's drill: law 25
        out.append({"deal": hp.number, "player": "tutor", "seat": incident.offender, "points": 1,
                    "claim": "false-king", "reason": "The tutor's false king: nobody called the referee, so its "
                                                     "point stayed on the score.",
                    "scored": True, "cites": [f"law.{law}"], "laws": [law]})
    for player, cut in hp.cut.items():
        won = sum(e["points"] for e in entries if e["player"] == player and e.get("scored", True)
                  and e.get("claim") not in ("king-turned", "king"))
        if won and cut:
            out.append({"deal": hp.number, "player": player, "seat": hp.seats[player], "points": -min(cut, won),
                        "claim": "penalty", "reason": "One point less for the irregularity (laws 25 and 43).",
                        "scored": True, "cites": [], "laws": [DRILLS[hp.incident.code].law if hp.incident else 43]})
    return out


def marked(game: Game) -> dict[str, int]:
    """Points on the score beyond the game's own: a false king's point while it stands."""
    incident = game.open
    if incident is not None and incident.point and incident.deal == game.current.number:
        return {"tutor": 1, "learner": 0}
    return {"tutor": 0, "learner": 0}


def read_answers(game: Game, answers: object) -> dict[str, object]:
    """The learner's answers to the interview, typed as the facts file says (bool, int); unknown names refused."""
    if not isinstance(answers, dict):
        raise TableError("The answers of the interview must be facts such as {\"irregularity\": \"revoke\"}.")
    out: dict[str, object] = {}
    for name, value in answers.items():
        spec = game.book.facts.get(name)
        if spec is None:
            raise TableError(f"'{str(name)[:40]}' is not a fact the interview asks about.")
        out[name] = typed(spec, value)
    return out


def typed(spec: Fact, value: object) -> object:
    """A fact's value as its type (the text of a form or a record read as bool or int where it can be)."""
    if isinstance(value, str):
        text = value.strip().lower()
        if spec.get("type") == "boolean" and text in ("true", "false"):
            return text == "true"
        if spec.get("type") == "integer" and text.isdigit():
            return int(text)
        return value.strip()
    return value


def _label(book: RuleBook, name: str, value: object) -> str:
    for choice in book.facts[name].get("choices", []):
        if choice["value"] == value:
            return choice["label"]
    return str(value)


def assess(game: Game, answers: object) -> Report:
    """Grade the learner's interview against what really happened, without changing anything.

    ``{"irregular": bool, "facts": [{fact, question, answered, right, truth}], "learner_ruling",
    "ruling" (the true one), "right_ruling", "chooser" (learner | tutor | None), "options"}``.
    """
    answers = read_answers(game, answers)
    book = game.book
    mine = ask_dispute(game, answers)
    incident = game.open
    if incident is None:
        return {"irregular": False, "facts": [], "learner_ruling": mine, "ruling": None, "right_ruling": False,
                "chooser": None, "options": [],
                "text": "Nothing irregular happened: the tutor has kept to the laws since your last call."}
    known = truth(game, incident)
    settled = settles(book)
    graded: list[GradedFact] = []
    for name, value in answers.items():
        question = " ".join(book.facts[name]["question"].split())
        right: bool | None
        if name == "discovered":
            settled_by = settled.get(value, {}) if isinstance(value, str) else {}
            right = all(known.get(k) == v for k, v in settled_by.items())
        elif name in known:
            right = known[name] == value
        else:
            right = None  # a fact the situation does not turn on
        graded.append({"fact": name, "question": question, "answered": _label(book, name, value), "right": right,
                       "truth": _label(book, name, known[name]) if name in known else None})
    hp = hand_of(game, incident)
    ruling = true_ruling(game, hp, incident)
    chooser = None if ruling["compulsory"] else hp.player(ruling["chooser"]) if ruling["chooser"] else None
    right_ruling = mine.get("status") == "ruling" and mine.get("case") == ruling["case"]
    return {"irregular": True, "code": incident.code, "law": incident.drill.law, "what": incident.drill.what,
            "facts": graded, "learner_ruling": mine, "ruling": ruling, "right_ruling": right_ruling,
            "chooser": chooser, "options": ruling["options"],
            "text": f"What happened: {incident.drill.what}"}


def ask_dispute(game: Game, facts: Mapping[str, object]) -> Answer:
    return ask({"kind": "dispute", **game.settings.question(), "facts": facts}, game.book)


def call(game: Game, answers: object, option: str | None = None) -> Report:
    """The learner calls the referee with his interview ``answers`` and (when the choice is his) an option.

    Returns :func:`assess`'s report with ``option`` (the one carried out). Nothing irregular: the
    call is recorded as a false alarm and nothing changes."""
    if game.over:
        raise TableError("The game is over: there is nothing left to call.")
    report = assess(game, answers)
    answers = read_answers(game, answers)
    text = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in answers.items())
    if any(ch in str(v) for v in answers.values() for ch in " ,:="):
        raise TableError("An answer of the interview holds a character no answer has (space, comma, colon or =).")
    incident, ruling = game.open, report["ruling"]
    if not report["irregular"] or incident is None or ruling is None:  # nothing irregular: nothing open, no ruling
        game.moves.append(f"{CALL_WORD}{NOTHING}:{text}")
        game.calls.append({"deal": game.current.number, "code": None, "called": True, "report": report})
        return {**report, "option": None}
    hp = hand_of(game, incident)
    ids = [o["id"] for o in report["options"]]
    if len(ids) == 1:
        chosen = ids[0]
    elif report["chooser"] == "learner":
        if option not in ids:
            raise TableError(f"Choose one of the options the law gives: {', '.join(ids)}.", "option")
        chosen = option
    else:
        chosen = next((o for o in incident.drill.tutor_prefers if o in ids), ids[0])
    game.moves.append(f"{CALL_WORD}{chosen}:{text}")
    game.calls.append({"deal": incident.deal, "code": incident.code, "law": incident.drill.law, "called": True,
                       "report": report, "option": chosen})
    game.open = None
    game.log.append({"deal": game.current.number, "player": "learner", "call": chosen, "code": incident.code})
    incident.drill.apply(game, hp, incident, chosen, ruling)
    game._decision = None
    return {**report, "option": chosen}


def is_drill_word(word: str) -> bool:
    return word[1:2] == "!"


def replay_word(game: Game, index: int, word: str) -> None:
    """Stage again a drill word of a record (``T!code:detail`` or ``L!option:answers``)."""
    try:
        if word.startswith(TUTOR_WORD):
            code, _, detail = word[2:].partition(":")
            if code not in DRILLS or code not in game.settings.drills:
                raise TableError(f"Move {index + 1} ({word[:40]}) names no drill of this game.", "moves")
            done = game.hands[-2] if code == OVERSCORE.code and len(game.hands) > 1 else game.current
            _commit(game, done, code, detail)
            return
        if word.startswith(CALL_WORD):
            option, _, text = word[2:].partition(":")
            answers = {name: value for name, value in (pair.split("=", 1) for pair in text.split(",") if pair)}
            call(game, answers, None if option == NOTHING else option)
            return
    except (ValueError, IndexError, KeyError, Illegal) as exc:
        raise TableError(f"Move {index + 1} ({word[:40]}) cannot be staged: {exc}", "moves") from None
    raise TableError(f"Move {index + 1} ({word[:40]}) is not a move.", "moves")
