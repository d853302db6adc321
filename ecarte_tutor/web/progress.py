"""``/progress``: a learner's course, reviews and games, kept in the store, and carried to another device.

A learner is anonymous: a random key in the signed session cookie (a year, renewed with every
change) names his row in the store (:mod:`ecarte_tutor.store`); nothing personal is asked or
kept. ``/progress`` shows the course, the reviews due and the games played, and the learner's
*resume code* (with a QR code of the link that carries it) which takes the same progress to
another device. Everything can be downloaded as JSON and erased (``/progress/erase``, confirmed).

The other pages change progress only through :func:`change` (one transaction per change, the
learner locked) and :func:`keep_finished` (a finished game at ``/play``).
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import UTC, datetime
from urllib.parse import urlsplit

import segno
from flask import Blueprint, abort, current_app, g, redirect, render_template, request, session, url_for
from markupsafe import Markup

from ..errors import StartError
from ..lessons.progress import Progress
from ..lessons.review import basics, next_due, waiting_time
from ..store import (
    FinishedGame,
    KeptGame,
    Store,
    StoreError,
    StoreUnavailable,
    UnknownLearner,
    database_url,
    normal_code,
    open_store,
    shown_code,
)
from . import sheetlist
from .lan import SERVED_URL, is_loopback
from .site import get_site

bp = Blueprint("progress", __name__, url_prefix="/progress")

STORE = "ecarte_tutor_store"  # app.extensions key
LEARNER = "learner"  # the session key that holds the learner's key
LEGACY = "progress"  # earlier releases kept the whole progress in the cookie, under this key
PUBLIC_URL = "PUBLIC_URL"  # config: the site's public address, for the link in the QR code
RECENT_GAMES = 5


def init_app(app) -> None:
    """Open the store for ``app`` and bring its tables up to date (once, before gunicorn forks its workers)."""
    url = database_url(app.instance_path, app.config.get("DATABASE_URL"))
    try:
        store = open_store(url)
        if app.config.get("DATABASE_MIGRATE", True):
            store.upgrade()
        store.close()  # gunicorn's master keeps no connection: each worker opens its own
    except StoreError as exc:
        raise StartError(f"{exc} (set ECARTE_TUTOR_DATABASE_URL to a database this server can reach, or leave it "
                         "unset for an SQLite file in the instance folder)") from None
    app.extensions[STORE] = store
    app.register_blueprint(bp)
    app.register_error_handler(StoreUnavailable, unavailable)


def unavailable(exc: StoreUnavailable):
    current_app.logger.error("the store is unavailable: %s", exc)
    return render_template("errors/error.html", status=503, title="Progress cannot be reached just now",
                           description="Your answer was not recorded, and nothing was lost: the place where "
                                       "progress is kept does not answer. Try again in a moment."), 503


def get_store() -> Store:
    return current_app.extensions[STORE]


def now() -> datetime:
    return datetime.now(UTC)


def basic_rules() -> frozenset[str]:
    return basics(get_site().book)


# --- the learner of this request -----------------------------------------------------------------


def learner_key(create: bool = False) -> str | None:
    """The key this browser's cookie names (None: none yet). ``create``: make a learner if there is none.

    The key is not looked up here: a key the store does not know (erased) reads as empty progress,
    and the first change makes a new learner. An earlier release's cookie (the whole progress in it)
    is taken into a new learner once.
    """
    key = session.get(LEARNER)
    if isinstance(key, str) and key:
        return key
    legacy = session.get(LEGACY)
    if not (create or legacy is not None):
        return None
    site = get_site()
    carried = Progress.from_dict(legacy, site.lessons, site.book.rules, now()) if legacy is not None else None
    key = get_store().new_learner(carried).key
    session.pop(LEGACY, None)
    remember(key)
    return key


def learner():
    """This browser's learner as the store knows him (None: none, or erased)."""
    key = learner_key()
    return get_store().learner(key) if key else None


def remember(key: str | None) -> None:
    """Put the learner's key in the cookie (None: take it out), kept a year from now."""
    if key is None:
        session.pop(LEARNER, None)
    else:
        session[LEARNER] = key
        session.permanent = True
    g.pop("progress", None)


def current() -> Progress:
    """This browser's progress (empty when it has no learner yet)."""
    if "progress" not in g:
        key = learner_key()
        g.progress = get_store().progress(key) if key else Progress()
    return g.progress


def change(fn: Callable[[Progress], Progress]) -> Progress:
    """Run ``fn`` on this browser's progress in one transaction (making the learner first if need be)."""
    store = get_store()
    g.pop("progress", None)
    try:
        progress = store.change(learner_key(create=True) or "", fn)
    except UnknownLearner:  # erased (here or on another device): a new learner, from nothing
        remember(None)
        progress = store.change(learner_key(create=True) or "", fn)
    session.modified = True  # the cookie's year starts again from the last change
    g.progress = progress
    return progress


# --- finished games (the practice table's hook) ----------------------------------------------------


def keep_finished(game) -> bool:
    """Keep a game of ``/play`` that has just finished, with its review, and put its mistakes up for review.

    The same game is kept once (known by its record). Only rules a drill can practise go to review.
    """
    from ..lessons.drills import drillable
    from ..table.review import game_summary, review_hand

    record = game.record()
    summary = game_summary(game)
    review = {"summary": summary, "hands": [review_hand(game, hp.number) for hp in game.hands
                                            if hp.answer is not None]}
    review = json.loads(json.dumps(review, default=str))  # what a JSON column keeps, the same on every database
    digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
    finished = FinishedGame(digest=digest, record=record, review=review, learner_score=game.scores["learner"],
                            tutor_score=game.scores["tutor"], mistakes=summary["mistakes"], winner=game.winner)
    practisable = drillable(get_site().book)
    missed = [row["rule"] for row in summary["by_rule"] if row["rule"] in practisable]
    moment = now()

    def note(progress: Progress) -> Progress:
        for rule_id in missed:
            progress = progress.missed_rule(rule_id, moment)
        return progress

    store = get_store()
    try:
        kept = store.keep_game(learner_key(create=True) or "", finished, note)
    except UnknownLearner:
        remember(None)
        kept = store.keep_game(learner_key(create=True) or "", finished, note)
    session.modified = True
    return kept


# --- the pages --------------------------------------------------------------------------------------


@bp.get("/")
def index():
    site = get_site()
    key = learner_key()
    store = get_store()
    progress = current()
    moment = now()
    basic = basic_rules()
    found = learner()
    games = store.games(key) if key else []
    reviews = progress.to_review(basic)
    mastered = sorted(item.rule for item in progress.reviews.values() if item.mastered)
    coming = next_due(item for item in reviews if not item.is_due(moment))
    resume = _resume_link(found.resume_code) if found else ""
    # A relative link has no QR code (a phone could not follow it); a loopback one is said to be this computer's
    whole = urlsplit(resume)
    only_here = bool(whole.netloc) and is_loopback(whole.hostname or "")
    return render_template(
        "progress/index.html", lessons=site.lessons, summaries={lesson.id: progress.summary(lesson)
                                                                for lesson in site.lessons},
        started={lesson.id for lesson in site.lessons if progress.lesson(lesson.id)},
        due=progress.due(moment, basic), reviews=reviews, mastered=mastered, basic=basic,
        coming=waiting_time(coming, moment) if coming else None, when=lambda item: waiting_time(item.due, moment),
        games=games[:RECENT_GAMES], game_count=len(games), learner=found,
        code=shown_code(found.resume_code) if found else None, resume=resume,
        qr=_qr(resume) if whole.netloc else None, only_here=only_here, sheets=_sheets(key))


def _sheets(key: str | None) -> list:
    """The learner's score sheets (/marque), each with a line on where it stands."""
    return sheetlist.listed(get_store(), key, get_site().book)


def _resume_link(code: str) -> str:
    """The address that carries this learner to another device: under the configured public address, else under
    the one ``serve`` gives out (a phone's, when the site listens on the network: web.lan), else relative. Never
    under the request's Host header, which the client chose."""
    base = current_app.config.get(PUBLIC_URL) or current_app.config.get(SERVED_URL) or ""
    return base.rstrip("/") + url_for("progress.resume", code=shown_code(code))


def _qr(link: str) -> Markup:
    """The QR code of ``link`` as inline SVG (no script, no image file: the CSP allows it as it is)."""
    svg = segno.make(link, error="m").svg_inline(scale=4, border=2, light="#fff", svgclass="qr",
                                                 title="QR code of the link that carries your progress")
    return Markup(svg)  # segno writes it from the link alone, every character of which it encodes as modules


@bp.get("/games")
def games():
    key = learner_key()
    return render_template("progress/games.html", games=get_store().games(key) if key else [])


@bp.get("/games/<int:game_id>")
def game(game_id: int):
    from ..table import Game, TableError
    from . import tokens

    key = learner_key()
    kept = get_store().game(key, game_id) if key and game_id < 2 ** 31 else None
    if kept is None:
        abort(404, description="There is no such game among yours.")
    try:
        token = tokens.sign(Game.replay(kept.record, get_site().book))
    except TableError:
        token = None  # the rule book changed since: the review kept is shown, the game cannot be replayed
    return render_template("progress/game.html", game=kept, token=token, again=_again(kept))


def _again(kept: KeptGame) -> str:
    """The start page's link to the same cards again, from the first deal (the same seed and settings)."""
    record = kept.record
    args = {"seed": record.get("seed"), "level": record.get("level"), "dealer": record.get("dealer")}
    if record.get("profile") and record["profile"] != get_site().default_profile:
        args["profile"] = record["profile"]
    drills = record.get("drills") or []
    if drills:
        args["drills"] = drills[0] if len(drills) == 1 else "all"
    return url_for("play.start", **args)


@bp.get("/export.json")
def export():
    """Everything kept about this browser's learner, as JSON (a download)."""
    key = learner_key()
    store = get_store()
    found = learner()
    data = {"format": "ecarte-tutor progress", "version": 1, "exported_at": now().isoformat(),
            "learner": {"created_at": found.created_at.isoformat(), "resume_code": shown_code(found.resume_code)}
            if found else None,
            "progress": current().to_dict(),
            "games": [{"id": kept.id, "finished_at": kept.created_at.isoformat(), "score": {
                "learner": kept.learner_score, "tutor": kept.tutor_score}, "winner": kept.winner,
                "mistakes": kept.mistakes, "record": kept.record, "review": kept.review}
                for kept in (store.games(key) if key else [])],
            "sheets": sheetlist.exported(store, key)}
    response = current_app.response_class(json.dumps(data, indent=2, ensure_ascii=False) + "\n",
                                          mimetype="application/json")
    response.headers["Content-Disposition"] = 'attachment; filename="ecarte-tutor-progress.json"'
    return response


@bp.get("/erase")
def erase_form():
    return render_template("progress/erase.html", has=learner() is not None)


@bp.post("/erase")
def erase():
    if request.form.get("confirm") != "yes":
        return render_template("progress/erase.html", has=learner() is not None,
                               error="Tick the box to confirm: erasing cannot be undone."), 400
    key = learner_key()
    if key:
        get_store().erase(key)
    remember(None)
    session.pop(LEGACY, None)
    return render_template("progress/erased.html")


@bp.get("/resume")
def resume():
    return render_template("progress/resume.html", code=request.args.get("code", "")[:40], own_code=_own_code())


def _own_code() -> str | None:
    """This device's own resume code, when it has progress to lose by resuming another."""
    found = learner()
    return shown_code(found.resume_code) if found else None


@bp.post("/resume")
def resume_post():
    typed = request.form.get("code", "")[:40]
    code = normal_code(typed)
    if code is None:
        return render_template("progress/resume.html", code=typed, own_code=_own_code(),
                               error="A resume code has 20 letters and digits (dashes and spaces do not count): "
                                     "check it against the other device's progress page."), 400
    learner = get_store().by_resume_code(code)
    if learner is None:
        return render_template("progress/resume.html", code=typed, own_code=_own_code(),
                               error="No progress has this resume code: check it, letter by letter, against the "
                                     "other device's progress page."), 400
    remember(learner.key)
    return redirect(url_for("progress.index", resumed=1), code=303)
