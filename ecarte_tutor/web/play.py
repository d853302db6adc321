"""``/play``: a game against the tutor, deal after deal, every move refereed and explained.

Plain forms and links only. The game lives in a signed token (:mod:`.tokens`) in the URL's
``g``: a move is a POST to ``/play/move`` (``g``, ``do=card``, ``card=QS``: an act, since a finished
game is kept with the learner's progress), answered by a redirect to the game's new page, so every
page of a game is a link that replays it exactly and changes nothing. An illegal attempt (the "let me
try" mode offers every card) is refused with the referee's rule, and nothing changes. "Call the
referee" walks the dispute interview with the game's token beside the facts, then grades it
against what really happened (:mod:`ecarte_tutor.table.drills`).
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from urllib.parse import urlencode

from flask import Blueprint, abort, current_app, redirect, render_template, request, session, url_for

from ..cards import Card, shown
from ..engine.hand import FirstIllegal
from ..i18n import current, marked, marked_in, tr, trc
from ..marks import option_id
from ..store.interface import MAX_UNFINISHED
from ..table import LEVELS, Game, TableError, endings, guide, telling
from ..table.game import LogEntry
from ..table.incidents import ask_dispute, assess, staged
from ..table.players import Reasoned
from ..table.review import game_summary, review_hand
from ..table.view import in_hand_order
from ..table.why import reasons
from . import forms, progress, tokens
from .dispute import fact_label, read_facts, refusal, typed_value
from .rules import day
from .site import get_book, get_site

bp = Blueprint("play", __name__, url_prefix="/play")


def _kept_guide() -> dict:
    """What every link and form between the practice table's pages carries on for the guided first hand (issue 41:
    its guide was lost on the way to the referee, a review or the summary and back)."""
    return {"guide": 1} if request.values.get("guide") == "1" else {}


@bp.context_processor
def _guided_keep() -> dict:
    return {"guided_keep": _kept_guide()}

GAME = "g"  # the query parameter that carries the game's token
RESERVED = {GAME, "option", "profile", "guide"}
DEALERS = {"tutor": marked("The tutor deals first"), "learner": marked("I deal first")}  # said through tr
LEVEL_LABELS = {"beginner": marked("Beginner: plays legal but plain cards"),
                "club": marked("Club: plays by the jeux de règle and the analysis"),
                "book": marked("As in the book: follows Hoffmann where he speaks")}
LEVEL_WORDS = {"beginner": marked_in("level", "beginner"), "club": marked_in("level", "club"),
               "book": marked_in("level", "book")}  # a level named in a sentence ("the tutor plays at club level")
ALL_DRILLS = "all"
VERB_LABELS = {
    "propose": marked("Propose (ask for cards)"), "stand": marked("Play (“I play”)"), "accept": marked("Accept"),
    "refuse": marked("Refuse"), "announce-king": marked("Announce the king"), "double": marked("Offer to double"),
    "accept-double": marked("Accept the double"), "decline-double": marked("Decline the double"),
    "offer-point": marked("Offer the point"), "accept-offer": marked("Take the point"),
    "decline-offer": marked("Decline the point"), "pass": marked("Go on"), "discard": marked("Throw out and draw"),
}


@bp.errorhandler(tokens.BadToken)
def bad_token(exc: tokens.BadToken):
    return render_template("errors/error.html", status=400, title=tr("That game link could not be read"),
                           description=str(exc)), 400


def _game() -> Game:
    return tokens.read(request.values.get(GAME))  # a move's form sends it in its body


@bp.app_template_global()
def level_word(level: str) -> str:
    """The tutor's level as a sentence names it, in the page's language (an unknown one as it is)."""
    return trc("level", LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


@bp.app_template_global()
def day_words(moment, with_time: bool = False) -> str:
    """A day (and its time) as the page's language writes it: "07 December 2026", "07 décembre 2026" (the rule
    pages' ``day`` filter, as a global)."""
    return day(moment, with_time)


@bp.app_template_global()
def choice_label(choice: dict) -> str:
    """A legal choice (or an attempt) in a player's words."""
    if choice["do"] == "card":
        return shown(Card.from_str(choice["card"]), current())
    verb = choice["do"]
    return tr(VERB_LABELS[verb]) if verb in VERB_LABELS else verb


@bp.app_template_global()
def narrate(game: Game, entry: LogEntry) -> str:
    """One line of the deal's story, from the learner's side of the table (:mod:`ecarte_tutor.table.telling`)."""
    if "incident" in entry:
        return entry["said"]
    if "void" in entry:
        return (tr("The deal is set aside: the same dealer deals afresh.") if entry["void"] == option_id("fresh-deal")
                else tr("The same hands are taken up and played over."))
    if "call" in entry:
        return tr("You called the referee; the ruling: %(ruling)s.", ruling=get_site().words.option(entry["call"]))
    if entry.get("hand_over"):
        points = entry["points"]
        return tr("The deal is over: you score %(learner)s, the tutor %(tutor)s.", learner=points["learner"],
                  tutor=points["tutor"])
    line = telling.action_line(game, entry)
    if "trick" in entry:
        line += " " + telling.trick_line(game, entry)
    return line


# --- starting a game --------------------------------------------------------------------------------


@bp.get("/")
def start():
    """The form that starts a game (profile, level, who deals first, agreements, drills)."""
    form = forms.FormData()
    forms.read_profile(request.args, form)
    return render_template("play/start.html", form=form, levels=LEVEL_LABELS, dealers=DEALERS,
                           drills=get_book().table_drills, kept=_start_kept(request.args),
                           unfinished=progress.unfinished()), 200 if form.ok else 400


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
        form.error("level", tr("'%(value)s' is not a level: choose beginner, club or book.",
                               value=forms.short(kept["level"])))
    if kept["dealer"] not in DEALERS:
        form.error("dealer", tr("Choose who deals first: the tutor or you."))
    known = get_book().table_drills  # the drills beside their laws (rules/laws/*.yaml)
    drills = list(known) if kept["drills"] == ALL_DRILLS else [kept["drills"]] if kept["drills"] else []
    if any(d not in known for d in drills):
        form.error("drills", tr("'%(value)s' is not a drill of the table.", value=forms.short(kept["drills"])))
    seed = forms.read_int(args, form, "seed", low=0, high=10**9, what=tr("the game's number"), required=False,
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
            return _moved(game, learner_moved=False)
    return render_template("play/start.html", form=form, levels=LEVEL_LABELS, dealers=DEALERS, drills=known,
                           kept=kept, unfinished=progress.unfinished()), 400


@bp.get("/guided")
def guided():
    """The guided first hand: a game at the real table whose first deal is fixed, each step explained
    before the learner acts (:mod:`ecarte_tutor.table.guide`)."""
    form = forms.FormData()
    forms.read_profile(request.args, form)
    profile = form.question.get("profile", get_site().default_profile) if form.ok else get_site().default_profile
    return _moved(guide.start(get_book(), profile=profile), learner_moved=False, guide=1)


# --- unfinished games: resumed where they were, or closed ----------------------------------------------

def _kept_unfinished(game_id: int):
    found = next((g for g in progress.unfinished() if g.id == game_id), None)
    if found is None:
        abort(404, description=tr("There is no such unfinished game among yours: it may have finished, or been "
                                  "closed."))
    return found


@bp.app_template_global()
def max_unfinished() -> int:
    """How many unfinished games a learner keeps (the store's cap), for the pages that list them."""
    return MAX_UNFINISHED


@bp.get("/resume/<int:game_id>")
def resume(game_id: int):
    """Take up an unfinished game where it was left: its page as it last stood."""
    kept = _kept_unfinished(game_id)
    try:
        game = Game.replay(kept.record, get_book())
    except TableError:  # the rule book changed since: the game cannot be played on, only closed
        return render_template("errors/error.html", status=409, title=tr("This game cannot be taken up"),
                               description=tr("The rules it was played under have changed since, so its moves no "
                                              "longer replay. Close it from the list of your unfinished games.")), 409
    # the guided first hand taken up at its guided deal goes on with its guide (issue 41)
    return _moved(game, learner_moved=False, **({"guide": 1} if guide.guiding(game) else {}))


@bp.post("/close/<int:game_id>")
def close(game_id: int):
    """Close an unfinished game the learner has abandoned: it is no longer listed (nothing else is lost)."""
    kept = _kept_unfinished(game_id)
    key = progress.learner_key()
    if key:
        progress.get_store().close_unfinished(key, kept.id)
    if request.form.get("back") == "progress":  # back to the list the learner closed it from
        return redirect(url_for("progress.index", closed=1, _anchor="closed"), 303)
    return redirect(url_for("play.start", closed=1, _anchor="closed"), 303)


# --- the game's page and its moves ------------------------------------------------------------------


@bp.get("/game")
def game():
    return _render(_game())


def _render(game: Game, refusal: FirstIllegal | None = None, message: str | None = None, status: int = 200):
    decision = game.decision()
    why = reasons(decision.view, decision.choices) if decision is not None else []
    trying = request.values.get("try") == "1"
    token = tokens.sign(game)
    later = _later_token(game)
    kept = _kept_guide()
    guided = bool(kept)
    table = _table(game)
    return render_template("play/game.html", game=game, decision=decision, why=why, refusal=refusal,
                           message=message, trying=trying, token=token, table=table, said=_said(game, table),
                           result=endings.game_over(game),
                           moves_count=len(game.moves), later=later, guided=guided,
                           keep=kept,  # what every link of the page carries on
                           guide=guide.explain(game) if guided else None), status


def _table(game: Game) -> dict:
    """What the page draws of the deal in progress: from the learner's side of the table."""
    hp = game.current
    state = hp.state
    learner, tutor = hp.seats["learner"], hp.seats["tutor"]
    shown = staged(game)  # what the tutor's irregularity puts on the table while it waits (its drill says)
    mine = [str(c) for c in in_hand_order(state.hands[learner], state.trump, game.params) if c not in shown.withheld]
    tutor_count = len(state.hands[tutor]) + shown.tutor_extra
    turned = [str(c) for c in shown.turned or (state.trump_card,)]
    out_of_turn = str(shown.out_of_turn) if shown.out_of_turn else None
    now = telling.standing(game)  # the header adds up the very sheet the page shows
    last_over = next((h.number for h in reversed(game.hands) if h.answer is not None), None)
    log = [e for e in game.log if e["deal"] == hp.number]
    fresh = not any(e.get("player") == "learner" for e in log)  # nothing of the learner's yet in this deal
    reasons_now = telling.tutor_reasons(game, hp) if any(e.get("player") == "tutor" and "index" in e
                                                         for e in log) else {}
    over = hp.answer is not None
    return {
        "deal": hp.number + 1, "you_deal": learner == "dealer", "seat": learner, "mine": mine,
        "tutor_count": tutor_count, "turned": turned, "stock": hp.stock_shown + shown.stock,
        "out_of_play": [str(c) for c in hp.out_of_play],  # a ruling's, seen by both players
        "phase": state.phase,
        "trick": [{"player": hp.player(s), "card": str(c)} for s, c in state.current],
        "out_of_turn": out_of_turn,
        "tricks": {"learner": state.tricks[learner], "tutor": state.tricks[tutor]},
        "score": now["score"], "sheet": now["sheet"],
        "log": log,  # the page's title and live region say its last lines
        "story": [{"line": narrate(game, e),
                   "why": (_tutor_why(reasons_now.get(e["index"]), over) if e.get("player") == "tutor"
                           and "index" in e else None)} for e in log],
        "last_over": last_over,
        "summary": telling.deal_summary(game, last_over) if last_over is not None and (game.over or fresh)
        else None,
        "target": game.params.game_target,
    }


def _said(game: Game, table: dict) -> list[str]:
    """What the live region says once the page has loaded: the last moves, and how a deal or the game ended
    when it just did (the deal's end is no line of the next deal's story)."""
    recent = [narrate(game, e) for e in table["log"] if not e.get("hand_over")][-2:]
    if table["summary"] is None:
        return recent
    ended = endings.deal_over(game, table["last_over"])
    if game.over:
        return [*recent[-1:], ended, endings.game_over(game)]
    return [ended, *recent]


def _tutor_why(reasoned: Reasoned | None, over: bool) -> str | None:
    """The tutor's why for one of its actions: what may be said while the deal is on, in full once over."""
    if reasoned is None:
        return None
    return reasoned.why if over else reasoned.said


@bp.post("/move")
def move():
    """One move of the learner's; a redirect to the game's next page, or the refusal on this one.

    A form from an earlier page of the game (the browser's back button) is refused: the move
    counter it carries (``n``) is older than the game's latest in this browser (:func:`_later_token`)."""
    game = _game()
    stale = _stale(game)
    if stale is not None:
        return stale
    if game.decision() is None:
        return _render(game, message=tr("The game is over: no more moves."), status=409)
    args = request.form
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
    return _moved(game, guide=1) if args.get("guide") == "1" else _moved(game)


@bp.get("/move", endpoint="move_link")
@bp.get("/rule", endpoint="rule_link")
def old_move_link():
    """A move or ruling link of an earlier release (they were GETs): the game as its link has it, nothing done."""
    _game()  # a link that cannot be read is refused as any other
    return redirect(url_for("play.game", g=request.args[GAME]), 303)


def _moved(game: Game, *, learner_moved: bool = True, **extra):
    """The game moved on: keep it, finished or not (``learner_moved``: a move of the learner's, not the deal
    that begins a game), remember where it stands (for the back button) and go to its page."""
    if game.over:
        progress.keep_finished(game)  # kept with its review under /progress/games; its mistakes go to review
        progress.forget_unfinished(_game_id(game))
    elif learner_moved:
        progress.keep_unfinished(game, _game_id(game))  # listed on /play and /progress, to be resumed or closed
    token = tokens.sign(game)
    session[LATEST_KEY] = {"id": _game_id(game), "n": len(game.moves), "g": token if len(token) <= KEEP_TOKEN else ""}
    return redirect(url_for("play.game", g=token, **extra), 303)


LATEST_KEY = "play_latest"  # the game this browser played last, how far it had got, and its token
KEEP_TOKEN = 2500  # characters: a longer token is not kept in the cookie (the message then names the move only)


def _game_id(game: Game) -> str:
    """What tells one game from another whatever its moves: its settings (seed, profile, level, …), keyed with
    the secret (the cookie that carries it can be read, and a plain hash of so few settings gives the seed back)."""
    record = {k: v for k, v in game.record().items() if k != "moves"}
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, repr(sorted(record.items())).encode(), hashlib.sha256).hexdigest()[:16]


def _later_token(game: Game) -> dict | None:
    """When this browser has played ``game`` on from this page (or along another line from an earlier
    moment): how far it got, and its token if kept. None when this page is the latest (or ahead of it)."""
    latest = session.get(LATEST_KEY)
    if not isinstance(latest, dict) or latest.get("id") != _game_id(game):
        return None
    count, token = latest.get("n"), latest.get("g") or None
    if not isinstance(count, int):
        return None
    if token:
        try:
            theirs = tokens.read(token).moves
        except tokens.BadToken:
            return None
        if game.moves[:len(theirs)] == theirs:  # this very moment, or further on
            return None
        return {"n": len(theirs), "g": token}
    return {"n": count, "g": None} if count > len(game.moves) else None


def _stale(game: Game):
    """The page a stale move gets: refused, saying what happened, with the game as it now stands."""
    counter = request.values.get("n")
    if counter is not None and counter != str(len(game.moves)):
        return _render(game, message=tr("This move's form does not match the game link it came with, so it was "
                                        "not made. Here is the game as the link has it."), status=400)
    if request.values.get("from_here") == "1":  # the learner chose to play on from this earlier page
        return None
    later = _later_token(game)
    if later is None:
        return None
    said = tr("That move came from an earlier page of this game (the browser's back button, or an old link): the "
              "game had already gone on to move %(move)s, so nothing was changed.", move=later["n"])
    if later["g"]:
        try:
            now = tokens.read(later["g"])
        except tokens.BadToken:
            now = None
        if now is not None:
            return _render(now, message=tr("%(said)s Here is the game as it stands.", said=said), status=409)
    return _render(game, message=tr("%(said)s Go forward to the latest page of the game to play on.", said=said),
                   status=409)


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
    guided = _kept_guide()
    context = {"game": game, "token": token, "pairs": pairs,
               "answered": [{"question": " ".join(book.facts[n]["question"].split()),
                             "label": fact_label(book.facts.get(n), v)} for n, v in pairs if n in book.facts],
               "back_url": url_for("play.referee", g=token, **guided) + ("&" + urlencode(pairs[:-1]) if len(pairs) > 1
                                                                            else ""),
               "cancel_url": url_for("play.game", g=token, **guided)}
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


@bp.post("/rule")
def rule():
    """Carry out the ruling of a call (the option chosen, when the choice is the learner's)."""
    game = _game()
    book = get_book()
    facts = {name: typed_value(book.facts.get(name), raw) for name, raw in _answers(request.form)}
    stale = _stale(game)
    if stale is not None:
        return stale
    try:
        game.call_referee(facts, request.form.get("option") or None)
    except TableError as exc:
        return _render(game, message=exc.message, status=400)
    return _moved(game, called=1, **_kept_guide())


# --- reviews ------------------------------------------------------------------------------------------


@bp.get("/review")
def review():
    """The review of one deal once it is over: trick by trick, the decisions, the score explained."""
    game = _game()
    try:
        number = int(request.args.get("deal", "")) - 1
    except ValueError:
        abort(400, description=tr("Say which deal to review: deal=1 for the first."))
    if not 0 <= number < len(game.hands) or game.hands[number].answer is None:
        abort(400, description=tr("That deal is not over (or was set aside by a ruling), so it has no review yet."))
    return render_template("play/review.html", game=game, token=request.args[GAME], review=review_hand(game, number))


@bp.get("/summary")
def summary():
    """The game's mistakes by rule, and what came of the irregularities."""
    game = _game()
    found = game_summary(game)
    reviewed = [h.number + 1 for h in game.hands if h.answer is not None]
    return render_template("play/summary.html", game=game, token=request.args[GAME], summary=found,
                           reviewed=reviewed)
