"""The irregularities of a drill in the course of a game: when the tutor commits them, what letting them
pass does, and the learner's call of the referee, graded against what really happened.

:mod:`.drills` says how each irregularity is staged; this module moves them through a game (its
drill interface, :class:`~.drilltable.DrillTable`): it plans the deal's drill (:func:`plan`), lets the
tutor commit it when its moment comes (:func:`commit_due`), gives the learner his choices while it
waits (:func:`choices_now`), settles it when he moves on (:func:`let_pass`), grades his call and
carries out the ruling (:func:`assess`, :func:`call`), says what the table shows of it meanwhile
(:func:`staged`), adds what the sheet needs when the deal is scored (:func:`adjustments`) and reads the
record's drill words again (:func:`replay_word`). See docs/table.md.

With several drills on ("any of them"), the game promises an irregularity in every deal it deals: the
planned drill has the first two tricks to find its moment (or, at the deal, its own), and at the start
of the third trick the tutor commits whichever drill can be committed then (a lead out of turn when the
learner is to lead, a hand given up when the tutor is).
"""
from __future__ import annotations

import random
from collections.abc import Mapping

from ..asking import ask
from ..engine.hand import NextAction
from ..engine.illegal import Illegal
from ..i18n import tr
from ..jsontypes import Answer
from ..rulebook import Fact, Params, RuleBook
from .deals import HandPlay, Incident, SheetEntry
from .drills import CALL_WORD, NOTHING, OVERSCORE, STAGINGS, TUTOR_WORD, Staged, drill_of, said
from .drilltable import Call, DrillTable, GradedFact, Report
from .incident_codes import IncidentCode
from .remedies import STAND, carry_out, scored, scores_hand
from .remedies import let_pass as settle_let_pass
from .settings import TableError
from .truth import hand_of, settles, true_ruling, truth

__all__ = ["Call", "GradedFact", "Report", "adjustments", "ask_dispute", "assess", "blocking", "call", "choices_now",
           "commit_due", "fits", "is_drill_word", "let_pass", "marked", "plan", "read_answers", "replay_word", "scored",
           "staged", "typed", "waiting"]

FALLBACK_TRICK = 2  # with several drills, the tutor commits one at the start of the third trick at the latest


def fits(book: RuleBook, code: IncidentCode, seats: Mapping[str, str]) -> bool:
    """Can drill ``code`` be committed with the players in ``seats`` (its ``seating``)?"""
    seating = drill_of(book, code).entry.get("seating")
    return seating is None or seats["tutor" if seating == "tutor-deals" else "learner"] == "dealer"


def _most_in_a_hand(params: Params) -> int:
    """The most a player can score in one hand: a king and the best the tricks give, doubled if agreed."""
    tricks = max(params.vole_value, params.vulnerable_vole_value, params.vulnerable_point_value,
                 params.declined_offer_points if params.offer_the_point else 0)
    return params.king_points + tricks * (params.doubling_factor if params.doubling else 1)


def _overscore_sure(game: DrillTable) -> bool:
    """Can the overscore be committed after this deal whatever happens in it (nobody wins the game in it or at
    the next turn-up, and the tutor's extra point cannot win it)?"""
    most, target = _most_in_a_hand(game.params), game.params.game_target
    return game.scores["tutor"] + most + 1 < target and \
        game.scores["learner"] + most + game.params.king_points < target


def _king_may_end(game: DrillTable, hp: HandPlay) -> bool:
    """May a king of trumps, marked before the play (dealt, or drawn in the exchange), end the game (law 47)?"""
    return max(hp.score_before.values()) + game.params.king_points >= game.params.game_target


def plan(game: DrillTable, hp: HandPlay) -> None:
    """Choose, from the seed, which drill the tutor commits in this new deal (if drills are on)."""
    several = len(game.settings.drills) > 1
    codes = [c for c in game.settings.drills if fits(game.book, c, hp.seats)
             and not (several and c == OVERSCORE.code and not _overscore_sure(game))]
    if not codes:
        return
    if several and _king_may_end(game, hp):  # the game may end before any card is played: a drill of the deal
        codes = [c for c in codes if STAGINGS[c].ready(game, hp)] or codes
    rng = random.Random(f"ecarte-tutor drill {game.settings.seed} {hp.number}")
    hp.drill = rng.choice(codes)
    hp.drill_from = rng.randint(0, 2)
    if several:  # the planned drill has the first two tricks before the tutor takes whichever it can
        hp.drill_from = min(hp.drill_from, FALLBACK_TRICK - 1)


def commit_due(game: DrillTable) -> bool:
    """Let the tutor commit the drill planned for this deal if its moment has come; True when it did."""
    if game.open is not None and not game.open.late:
        return False
    hp = game.current
    done = game.hands[-2] if len(game.hands) > 1 else None
    if (done is not None and done.drill == OVERSCORE.code and done.incident is None and not done.void
            and OVERSCORE.ready_after(game, done, hp)):
        _commit(game, done, OVERSCORE.code, "")
        return True
    if hp.drill is None or hp.incident is not None or hp.void:
        return False
    code = hp.drill if STAGINGS[hp.drill].ready(game, hp) else _fallback(game, hp)
    if code is None:
        return False
    hp.drill = code
    _commit(game, hp, code, STAGINGS[code].choose(game, hp))
    return True


def _fallback(game: DrillTable, hp: HandPlay) -> IncidentCode | None:
    """With several drills, at the start of the third trick: the first drill that can be committed now."""
    state = hp.state
    if len(game.settings.drills) < 2 or hp.drill == OVERSCORE.code or state.phase != "play" \
            or len(state.history) != FALLBACK_TRICK or state.current:
        return None
    return next((c for c in game.settings.drills if c != OVERSCORE.code and fits(game.book, c, hp.seats)
                 and STAGINGS[c].ready(game, hp)), None)


def _commit(game: DrillTable, hp: HandPlay, code: IncidentCode, detail: str) -> None:
    incident = STAGINGS[code].stage(game, hp, detail)
    incident.then = tuple(hp.actions)
    hp.incident = incident
    game.open = incident
    game.moves.append(f"{TUTOR_WORD}{code}{':' + detail if detail else ''}")
    if not drill_of(game.book, code).entry.get("hidden"):
        game.note_incident("tutor", code, said(game.book, incident))
    game.changed()


def waiting(game: DrillTable) -> Incident | None:
    """The irregularity of the tutor's waiting for the learner to call it or let it pass, if any."""
    return game.open if game.open is not None and not game.open.late else None


def blocking(game: DrillTable) -> str | None:
    """What the tutor did, when the learner must answer it before anything else (call or let it pass)."""
    incident = waiting(game)
    if incident is None or not drill_of(game.book, incident.code).entry.get("blocking"):
        return None
    return said(game.book, incident)


def let_pass(game: DrillTable) -> bool:
    """The learner moved on without calling the referee: settle the open irregularity quietly.
    True when there was one waiting (a lingering one stays open until its hand ends)."""
    incident = waiting(game)
    if incident is None:
        return False
    hp = hand_of(game, incident)
    if drill_of(game.book, incident.code).entry.get("lingers"):  # callable until its hand ends (adjustments)
        incident.late = True
        return True
    missed = _missed(game.book, incident)
    lawful = lawful_pass(game, hp, incident)
    if lawful is not None:
        missed["lawful"] = lawful
    game.calls.append(missed)
    game.open = None
    settle_let_pass(game, hp, incident)
    return True


def _missed(book: RuleBook, incident: Incident) -> Call:
    return {"deal": incident.deal, "code": incident.code, "law": drill_of(book, incident.code).law, "called": False}


def lawful_pass(game: DrillTable, hp: HandPlay, incident: Incident) -> str | None:
    """The option of the true ruling that letting ``incident`` pass amounts to, when that option is the
    learner's own choice under the law (law 41: playing to the card led); None when going on is no choice the
    law gives him. It amounts to an option when the option's remedy does what letting it pass does (nothing,
    or the drill's ``let_pass`` effect) and scores the hand no differently."""
    try:
        ruling = true_ruling(game, incident)
    except TableError:  # the facts of this moment reach no ruling: nothing the law offers to choose
        return None
    if ruling["compulsory"] or not ruling["chooser"] or hp.player(ruling["chooser"]) != "learner":
        return None
    drill = drill_of(game.book, incident.code)
    passing = drill.entry.get("let_pass") or STAND
    for option in ruling["options"]:
        effect = drill.entry["remedies"].get(option["id"])
        if effect == passing and not (effect == STAND and scores_hand(game.book, ruling, option["id"])):
            return str(option["id"])
    return None


def choices_now(game: DrillTable, incident: Incident, options: list[NextAction], passing: NextAction) -> \
        tuple[list[NextAction], bool]:
    """The learner's choices while ``incident`` waits (of the hand's ``options``): his own move, or ``passing``
    (go on) when it is not his turn or the irregularity must be answered first; and whether he is off turn."""
    state = game.current.state
    seat = game.current.seats["learner"]
    to_act = options[0]["by"] if state.pending else state.to_act()
    incident.stopped = True
    if not drill_of(game.book, incident.code).entry.get("blocking") and to_act == seat:
        return [o for o in options if o["by"] == seat], False
    return [passing], True


def staged(game: DrillTable) -> Staged:
    """What the table shows of the irregularity waiting in the deal in progress, beside the referee's record."""
    incident = waiting(game)
    if incident is None or incident.deal != game.current.number:
        return Staged()
    return STAGINGS[incident.code].staged(incident)


def adjustments(game: DrillTable, hp: HandPlay) -> list[SheetEntry]:
    """Sheet entries a hand's drill adds when it is scored: a false king's point nobody called."""
    out: list[SheetEntry] = []
    incident = hp.incident
    if game.open is not None and game.open.deal == hp.number:  # a lingering one nobody called dies with its hand
        game.calls.append(_missed(game.book, game.open))
        game.open = None
    if incident is not None and incident.point:
        drill = drill_of(game.book, incident.code)
        out.append({"deal": hp.number, "player": "tutor", "seat": incident.offender, "points": 1,
                    "claim": "false-king", "reason": tr("The tutor's false king: nobody called the referee, so its "
                                                        "point stayed on the score."),
                    "scored": True, "cites": [drill.rule.id], "laws": [drill.law]})
    return out


def marked(game: DrillTable) -> dict[str, int]:
    """Points on the score beyond the game's own: a false king's point while it stands."""
    incident = game.open
    if incident is not None and incident.point and incident.deal == game.current.number:
        return {"tutor": 1, "learner": 0}
    return {"tutor": 0, "learner": 0}


def read_answers(game: DrillTable, answers: object) -> dict[str, object]:
    """The learner's answers to the interview, typed as the facts file says (bool, int); unknown names refused."""
    if not isinstance(answers, dict):
        raise TableError(tr("The answers of the interview must be facts such as {\"irregularity\": \"revoke\"}."))
    out: dict[str, object] = {}
    for name, value in answers.items():
        spec = game.book.facts.get(name)
        if spec is None:
            raise TableError(tr("'%(name)s' is not a fact the interview asks about.", name=str(name)[:40]))
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


def assess(game: DrillTable, answers: object) -> Report:
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
                "text": tr("Nothing irregular happened: the tutor has kept to the laws since your last call.")}
    known = truth(game, incident)
    settled = settles(book, known["irregularity"])
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
    ruling = true_ruling(game, incident)
    chooser = None if ruling["compulsory"] else hp.player(ruling["chooser"]) if ruling["chooser"] else None
    right_ruling = mine.get("status") == "ruling" and mine.get("case") == ruling["case"]
    drill = drill_of(book, incident.code)
    return {"irregular": True, "code": incident.code, "law": drill.law, "what": drill.what,
            "facts": graded, "learner_ruling": mine, "ruling": ruling, "right_ruling": right_ruling,
            "chooser": chooser, "options": ruling["options"], "text": tr("What happened: %(what)s", what=drill.what)}


def ask_dispute(game: DrillTable, facts: Mapping[str, object]) -> Answer:
    return ask({"kind": "dispute", **game.settings.question(), "facts": facts}, game.book)


def call(game: DrillTable, answers: object, option: str | None = None) -> Report:
    """The learner calls the referee with his interview ``answers`` and (when the choice is his) an option.

    Returns :func:`assess`'s report with ``option`` (the one carried out). Nothing irregular: the
    call is recorded as a false alarm and nothing changes."""
    if game.over:
        raise TableError(tr("The game is over: there is nothing left to call."))
    report = assess(game, answers)
    answers = read_answers(game, answers)
    text = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in answers.items())
    if any(ch in str(v) for v in answers.values() for ch in " ,:="):
        raise TableError(tr("An answer of the interview holds a character no answer has (space, comma, colon or "
                            "=)."))
    incident, ruling = game.open, report["ruling"]
    if not report["irregular"] or incident is None or ruling is None:  # nothing irregular: nothing open, no ruling
        game.moves.append(f"{CALL_WORD}{NOTHING}:{text}")
        game.calls.append({"deal": game.current.number, "code": None, "called": True, "report": report})
        return {**report, "option": None}
    hp = hand_of(game, incident)
    ids = [o["id"] for o in report["options"]]
    drill = drill_of(game.book, incident.code)
    if len(ids) == 1:
        chosen = ids[0]
    elif report["chooser"] == "learner":
        if option not in ids:
            raise TableError(tr("Choose one of the options the law gives: %(options)s.", options=", ".join(ids)),
                             "option")
        chosen = option
    else:
        chosen = next((o for o in drill.tutor_prefers if o in ids), ids[0])
    game.moves.append(f"{CALL_WORD}{chosen}:{text}")
    game.calls.append({"deal": incident.deal, "code": incident.code, "law": drill.law, "called": True,
                       "report": report, "option": chosen})
    game.open = None
    game.note_call(chosen, incident.code)
    incident.observed = STAGINGS[incident.code].observe(game, hp, incident)  # the hand as the referee found it
    carry_out(game, hp, incident, chosen, ruling)
    game.changed()
    return {**report, "option": chosen}


def is_drill_word(word: str) -> bool:
    return word[1:2] == "!"


def replay_word(game: DrillTable, index: int, word: str) -> None:
    """Stage again a drill word of a record (``T!code:detail`` or ``L!option:answers``)."""
    try:
        if word.startswith(TUTOR_WORD):
            written, _, detail = word[2:].partition(":")
            code = next((c for c in game.settings.drills if c == written), None)
            if code is None:
                raise TableError(tr("Move %(number)s (%(word)s) names no drill of this game.", number=index + 1,
                                    word=word[:40]), "moves")
            done = game.hands[-2] if code == OVERSCORE.code and len(game.hands) > 1 else game.current
            _commit(game, done, code, detail)
            return
        if word.startswith(CALL_WORD):
            option, _, text = word[2:].partition(":")
            answers = {name: value for name, value in (pair.split("=", 1) for pair in text.split(",") if pair)}
            call(game, answers, None if option == NOTHING else option)
            return
    except (ValueError, IndexError, KeyError, Illegal) as exc:
        raise TableError(tr("Move %(number)s (%(word)s) cannot be staged: %(why)s", number=index + 1,
                            word=word[:40], why=exc), "moves") from None
    raise TableError(tr("Move %(number)s (%(word)s) is not a move.", number=index + 1, word=word[:40]), "moves")
