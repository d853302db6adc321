"""``/play``: a game against the tutor, deal after deal, every move refereed and explained.

Plain GET forms and links only. The game lives in a signed token (:mod:`.tokens`) in the URL's
``g``: a move is ``/play/move?g=…&do=card&card=QS``, answered by a redirect to the game's new
page, so every page of a game is a link that replays it exactly. An illegal attempt (the "let me
try" mode offers every card) is refused with the referee's rule, and nothing changes. "Call the
referee" walks the dispute interview with the game's token beside the facts, then grades it
against what really happened (:mod:`ecarte_tutor.table.drills`).
"""
from __future__ import annotations

import secrets
from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, render_template, request, url_for

from ..cards import Card
from ..engine.hand import FirstIllegal
from ..table import LEVELS, Game, TableError
from ..table.incidents import ask_dispute, assess, marked, staged
from ..table.review import game_summary, review_hand
from ..table.terminal import TOLD
from ..table.why import reasons
from . import forms, progress, tokens
from .dispute import fact_label, read_facts, refusal, typed_value
from .site import get_book, get_site

bp = Blueprint("play", __name__, url_prefix="/play")

GAME = "g"  # the query parameter that carries the game's token
RESERVED = {GAME, "option", "profile"}
DEALERS = {"tutor": "The tutor deals first", "learner": "I deal first"}
LEVEL_LABELS = {"beginner": "Beginner: plays legal but plain cards", "club": "Club: plays by the jeux de règle and "
                "the analysis", "book": "As in the book: follows Hoffmann where he speaks"}
ALL_DRILLS = "all"
VERB_LABELS = {
    "propose": "Propose (ask for cards)", "stand": "Play (“I play”)", "accept": "Accept", "refuse": "Refuse",
    "announce-king": "Announce the king", "double": "Offer to double", "accept-double": "Accept the double",
    "decline-double": "Decline the double", "offer-point": "Offer the point", "accept-offer": "Take the point",
    "decline-offer": "Decline the point", "pass": "Go on", "discard": "Throw out and draw",
}


@bp.errorhandler(tokens.BadToken)
def bad_token(exc: tokens.BadToken):
    return render_template("errors/error.html", status=400, title="That game link could not be read",
                           description=str(exc)), 400


def _game() -> Game:
    return tokens.read(request.args.get(GAME))


def game_url(game: Game, **extra) -> str:
    return url_for("play.game", g=tokens.sign(game), **extra)


@bp.app_template_global()
def choice_label(choice: dict) -> str:
    """A legal choice (or an attempt) in a player's words."""
    if choice["do"] == "card":
        return Card.from_str(choice["card"]).pretty
    return VERB_LABELS.get(choice["do"], choice["do"])


@bp.app_template_global()
def narrate(game: Game, entry: dict) -> str:
    """One line of the deal's story, from the learner's side of the table."""
    if "incident" in entry:
        return entry["said"]
    if "void" in entry:
        return ("The deal is set aside: the same dealer deals afresh." if entry["void"] == "fresh-deal" else
                "The same hands are taken up and played over.")
    if "call" in entry:
        return f"You called the referee; the ruling: {get_site().words.option(entry['call'])}."
    hp = game.hands[entry["deal"]]
    if entry.get("hand_over"):
        points = entry["points"]
        return f"The deal is over: you score {points['learner']}, the tutor {points['tutor']}."
    action, you = entry["action"], entry["player"] == "learner"
    verb = action["do"]
    if verb == "card":
        line = f"{'You play' if you else 'The tutor plays'} {Card.from_str(action['card']).pretty}."
        if "trick" in entry:
            line += " You win the trick." if hp.player(entry["trick"]["winner"]) == "learner" else \
                " The tutor wins the trick."
        return line
    if verb == "discard":
        count = len(action["cards"])
        if you:
            return f"You throw out {' '.join(Card.from_str(c).pretty for c in action['cards']) or 'nothing'}."
        return f"The tutor throws out {count} card{'s' * (count != 1)} and draws as many."
    if verb == "announce-king":
        return "You announce the king of trumps." if you else "The tutor announces the king of trumps."
    said = TOLD.get(verb)
    return (f"You {said[0]}." if you else f"The tutor {said[1]}.") if said else verb


# --- starting a game --------------------------------------------------------------------------------


@bp.get("/")
def start():
    """The form that starts a game (profile, level, who deals first, agreements, drills)."""
    form = forms.FormData()
    forms.read_profile(request.args, form)
    return render_template("play/start.html", form=form, levels=LEVEL_LABELS, dealers=DEALERS,
                           drills=get_book().table_drills, kept=_start_kept(request.args)), 200 if form.ok else 400


def _start_kept(args) -> dict:
    return {"level": args.get("level", "club"), "dealer": args.get("dealer", "tutor"),
            "drills": args.get("drills", ""), "seed": args.get("seed", "")}


@bp.get("/new")
def new():
    """Start the game the form describes, and go to its first page (a link that replays it)."""
    args, form = request.args, forms.FormData()
    forms.read_profile(args, form)
    kept = _start_kept(args)
    if kept["level"] not in LEVELS:
        form.error("level", f"'{forms.short(kept['level'])}' is not a level: choose beginner, club or book.")
    if kept["dealer"] not in DEALERS:
        form.error("dealer", "Choose who deals first: the tutor or you.")
    known = get_book().table_drills  # the drills beside their laws (rules/laws/*.yaml)
    drills = list(known) if kept["drills"] == ALL_DRILLS else [kept["drills"]] if kept["drills"] else []
    if any(d not in known for d in drills):
        form.error("drills", f"'{forms.short(kept['drills'])}' is not a drill of the table.")
    seed = forms.read_int(args, form, "seed", low=0, high=10**9, what="the game's number", required=False,
                          store=False)
    house = get_site().house
    if form.ok:
        try:
            game = Game.start(get_book(), seed=secrets.randbelow(10**9) if seed is None else seed,
                              profile=form.question.get("profile", get_site().default_profile), level=kept["level"],
                              agreements=form.question.get("agreements", list(house.written) if house else []),
                              first_dealer=kept["dealer"], drills=drills)
        except TableError as exc:
            form.error(exc.field or "form", exc.message)
        else:
            return redirect(game_url(game), 303)
    return render_template("play/start.html", form=form, levels=LEVEL_LABELS, dealers=DEALERS, drills=known,
                           kept=kept), 400


# --- the game's page and its moves ------------------------------------------------------------------


@bp.get("/game")
def game():
    return _render(_game())


def _render(game: Game, refusal: FirstIllegal | None = None, message: str | None = None, status: int = 200):
    decision = game.decision()
    why = reasons(decision.view, decision.choices) if decision is not None else []
    trying = request.args.get("try") == "1"
    return render_template("play/game.html", game=game, decision=decision, why=why, refusal=refusal,
                           message=message, trying=trying, token=tokens.sign(game), table=_table(game)), status


def _table(game: Game) -> dict:
    """What the page draws of the deal in progress: from the learner's side of the table."""
    hp = game.current
    state = hp.state
    learner, tutor = hp.seats["learner"], hp.seats["tutor"]
    shown = staged(game)  # what the tutor's irregularity puts on the table while it waits (its drill says)
    mine = [str(c) for c in state.hands[learner] if c not in shown.withheld]
    tutor_count = len(state.hands[tutor]) + shown.tutor_extra
    turned = [str(c) for c in shown.turned or (state.trump_card,)]
    out_of_turn = str(shown.out_of_turn) if shown.out_of_turn else None
    extra = marked(game)
    if hp.answer is not None or hp.void:  # the deal is over (the game with it): the game's own score
        score = {hp.seats[p]: game.scores[p] for p in hp.seats}
    else:  # the score before the deal and the kings marked in it (a king announced, then thrown out, is not)
        score = dict(hp.score_before)
        if state.king_turned:
            score["dealer"] += game.params.king_points
        if state.king_announced_by:
            score[state.king_announced_by] += game.params.king_points
    return {
        "deal": hp.number + 1, "you_deal": learner == "dealer", "seat": learner, "mine": mine,
        "tutor_count": tutor_count, "turned": turned, "stock": len(state.stock) + shown.stock, "phase": state.phase,
        "trick": [{"player": hp.player(s), "card": str(c)} for s, c in state.current],
        "out_of_turn": out_of_turn,
        "tricks": {"learner": state.tricks[learner], "tutor": state.tricks[tutor]},
        "score": {"learner": score[learner] + extra["learner"], "tutor": score[tutor] + extra["tutor"]},
        "log": [e for e in game.log if e["deal"] == hp.number],
        "last_over": next((h.number for h in reversed(game.hands) if h.answer is not None), None),
        "target": game.params.game_target,
    }


@bp.get("/move")
def move():
    """One move of the learner's; a redirect to the game's next page, or the refusal on this one."""
    game = _game()
    if game.decision() is None:
        return _render(game, message="The game is over: no more moves.", status=409)
    args = request.args
    action: dict = {"do": args.get("do", "")}
    if args.get("card"):
        action["card"] = args["card"]
    if action["do"] == "discard":
        action["cards"] = [c for value in args.getlist("cards") for c in value.replace(",", " ").split()]
    if args.get("condition"):
        action["condition"] = args["condition"]
    try:
        refused = game.play(action)
    except TableError as exc:
        return _render(game, message=exc.message, status=400)
    if refused is not None:
        return _render(game, refusal=refused)
    if game.over:
        progress.keep_finished(game)  # kept with its review under /progress/games; its mistakes go to review
    return redirect(game_url(game), 303)


# --- calling the referee -------------------------------------------------------------------------


def _answers(args) -> list[tuple[str, str]]:
    return [(n, v) for n, v in read_facts(args) if n not in RESERVED]


@bp.get("/referee")
def referee():
    """The dispute interview as at the table; at its end, the call graded against what happened."""
    game = _game()
    book = get_book()
    pairs = _answers(request.args)
    token = request.args[GAME]
    context = {"game": game, "token": token, "pairs": pairs,
               "answered": [{"question": " ".join(book.facts[n]["question"].split()),
                             "label": fact_label(book.facts.get(n), v)} for n, v in pairs if n in book.facts],
               "back_url": url_for("play.referee", g=token) + ("&" + urlencode(pairs[:-1]) if len(pairs) > 1 else ""),
               "cancel_url": url_for("play.game", g=token)}
    refused = refusal(pairs, book.facts)
    if refused:
        return render_template("play/referee.html", error=refused, **context), 400
    facts = {name: typed_value(book.facts.get(name), raw) for name, raw in pairs}
    answer: dict = ask_dispute(game, facts)
    if "error" in answer:
        return render_template("play/referee.html", error=answer["error"]["message"], **context), 400
    if answer["status"] == "need":
        return render_template("play/referee.html", need=answer["need"], timeline=answer.get("timeline", []),
                               **context)
    report = assess(game, facts)
    return render_template("play/referee.html", ruling=answer, report=report, **context)


@bp.get("/rule")
def rule():
    """Carry out the ruling of a call (the option chosen, when the choice is the learner's)."""
    game = _game()
    book = get_book()
    facts = {name: typed_value(book.facts.get(name), raw) for name, raw in _answers(request.args)}
    try:
        game.call_referee(facts, request.args.get("option") or None)
    except TableError as exc:
        return _render(game, message=exc.message, status=400)
    if game.over:
        progress.keep_finished(game)
    return redirect(game_url(game, called=1), 303)


# --- reviews ------------------------------------------------------------------------------------------


@bp.get("/review")
def review():
    """The review of one deal once it is over: trick by trick, the decisions, the score explained."""
    game = _game()
    try:
        number = int(request.args.get("deal", "")) - 1
    except ValueError:
        abort(400, description="Say which deal to review: deal=1 for the first.")
    if not 0 <= number < len(game.hands) or game.hands[number].answer is None:
        abort(400, description="That deal is not over (or was set aside by a ruling), so it has no review yet.")
    return render_template("play/review.html", game=game, token=request.args[GAME], review=review_hand(game, number))


@bp.get("/summary")
def summary():
    """The game's mistakes by rule, and what came of the irregularities."""
    game = _game()
    found = game_summary(game)
    reviewed = [h.number + 1 for h in game.hands if h.answer is not None]
    return render_template("play/summary.html", game=game, token=request.args[GAME], summary=found,
                           reviewed=reviewed)
