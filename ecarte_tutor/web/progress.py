"""``/progress``: a learner's course, reviews and games, kept in the store, and carried to another device.

A learner is anonymous: a random key in the signed session cookie (a year, renewed with every
change) names his row in the store (:mod:`ecarte_tutor.store`); nothing personal is asked or
kept. ``/progress`` shows the course, the reviews due and the games played; a *resume code*
(made on request, shown once with a QR code of the link that carries it, kept as a keyed hash
only) takes the same progress to another device. Everything can be downloaded as JSON and
erased (``/progress/erase``, confirmed).

Nothing is written but by an act of the learner's (a POST, which web.origin holds to this site's
own pages): the first answer makes the learner. The other pages change progress only through
:func:`change` (one transaction per change, the learner locked), :func:`keep_finished` (a finished game
at ``/play``) and :func:`keep_unfinished` (a game at ``/play`` as it stands after the learner's move, to be
resumed or closed), and they refuse to run for a GET (:class:`NotAnAct`).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from itertools import chain
from typing import TypeVar
from urllib.parse import urlsplit

import segno
from flask import Blueprint, abort, current_app, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from ..errors import StartError
from ..i18n import marked
from ..lessons.progress import Progress
from ..lessons.review import basics, next_due, waiting_time
from ..logs import RateLimited
from ..store import (
    MAX_GAMES,
    FinishedGame,
    KeptGame,
    KeptUnfinished,
    LearnerFull,
    Store,
    StoreError,
    StoreUnavailable,
    UnfinishedGame,
    UnknownLearner,
    database_url,
    expire_days,
    expiry_moment,
    normal_code,
    on_each_thread,
    open_store,
    shown_code,
)
from . import sheetlist
from .keys import resume_code_key
from .lan import SERVED_URL, is_loopback
from .site import get_site

bp = Blueprint("progress", __name__, url_prefix="/progress")

STORE = "ecarte_tutor_store"  # app.extensions key
LEARNER = "learner"  # the session key that holds the learner's key
LEGACY = "progress"  # earlier releases kept the whole progress in the cookie, under this key
PUBLIC_URL = "PUBLIC_URL"  # config: the site's public address, for the link in the QR code
RECENT_GAMES = 5
EXPIRE_DAYS = "EXPIRE_DAYS"  # config: days after a learner's last change that he is removed (store.expire_days)
EXPIRE_EVERY = 3600  # seconds between two expiries in a process of the server
EXPORTS_A_MINUTE = 3  # a learner's exports at most, per process (two devices, and a second try, pass)
EXPORTS_AT_ONCE = 2  # exports streaming at once in a process: the rest are told to try again
RETRY_AFTER = "5"  # seconds, said to a visitor turned away with a 503


def init_app(app) -> None:
    """Open the store for ``app``, bring its tables up to date and remove the learners expired (once, before
    gunicorn forks its workers); each process of the server then expires them again every hour."""
    url = database_url(app.instance_path, app.config.get("DATABASE_URL"))
    try:
        days = expire_days(app.config.get(EXPIRE_DAYS))
        store = open_store(url, code_key=resume_code_key(app.config["SECRET_KEY"]))
        if app.config.get("DATABASE_MIGRATE", True):
            store.upgrade()
            store.expire(expiry_moment(days))
        store.close()  # gunicorn's master keeps no connection: each worker opens its own
    except StoreError as exc:
        # for developers: the operator reads it when the server will not start, in the language of the code
        raise StartError(f"{exc} (set ECARTE_TUTOR_DATABASE_URL to a database this server can reach, or leave it "
                         "unset for an SQLite file in the instance folder)") from None
    app.extensions[STORE] = store
    # Each process that answers expires hourly from the moment it serves (:func:`start_serving`, called by the
    # servers: gunicorn's workers, waitress's one process); an app no server runs (a test's, a command's) does not.
    app.extensions[EXPIRY] = {"days": days, "pid": None}
    if not any(isinstance(f, RateLimited) for f in app.logger.filters):
        app.logger.addFilter(RateLimited())  # a 503 a request, or a 500: a few lines a minute, whatever comes
    app.register_blueprint(bp)
    app.register_error_handler(StoreUnavailable, unavailable)
    app.register_error_handler(LearnerFull, full)


def unavailable(exc: StoreUnavailable):
    current_app.logger.error("the store is unavailable: %s", exc)
    page = render_template("errors/error.html", status=503, title=_("Progress cannot be reached just now"),
                           description=_("Your answer was not recorded, and nothing was lost: the place where "
                                         "progress is kept is busy or does not answer. Try again in a moment."))
    return page, 503, {"Retry-After": RETRY_AFTER}


def full(exc: LearnerFull):
    what = {"score sheets": _("score sheets"), "reviews": _("reviews"), "steps": _("steps")}.get(exc.what, exc.what)
    return render_template("errors/error.html", status=409, title=_("Your progress is full"),
                           description=_("This was not recorded: a learner keeps at most %(limit)s %(what)s, and "
                                         "yours are there. Nothing else was changed; erase your progress from its "
                                         "page to start afresh.", limit=exc.limit, what=what)), 409


# --- expiry by the server itself --------------------------------------------------------------------

EXPIRY = "ecarte_tutor_expiry"  # app.extensions key: the days, and the process whose loop expires


def start_serving(app) -> None:
    """Ready a process that is about to answer (gunicorn's worker once forked, waitress's process), once: start its
    hourly expiry, and ready the store's threads (:meth:`~ecarte_tutor.store.Store.rehearse`). Done before the first
    request rather than in it: a first page waited for the thread to start (four times a warm home page's CPU), a
    first answer for the store's connection and its compiled statements (twice a warm answer's)."""
    state = app.extensions[EXPIRY]
    if state["pid"] == os.getpid():
        return
    state["pid"] = os.getpid()
    # A daemon thread: a greenlet under gevent (its store call runs in the thread pool), a thread elsewhere.
    threading.Thread(target=_expire_loop, args=(app, state), daemon=True, name="ecarte-tutor expiry").start()
    try:  # each thread that runs the store's calls makes its connection and compiles an answer's statements now
        on_each_thread(app.extensions[STORE].rehearse)
    except StoreError as exc:  # the first answers will try again, and say so if it still fails
        app.logger.error("the store could not be readied before serving: %s", exc)
    except Exception:  # noqa: BLE001 - readying only spares a first answer's wait: serving goes on
        app.logger.exception("the store could not be readied before serving")


def _expire_loop(app, state: dict) -> None:
    store: Store = app.extensions[STORE]
    days = state["days"]
    while True:
        time.sleep(EXPIRE_EVERY)
        if state.get("stop"):
            return
        try:
            removed = store.expire(expiry_moment(days))
        except StoreError as exc:
            app.logger.error("expiring learners failed (tried again in an hour): %s", exc)
            continue
        if removed:
            app.logger.info("removed %d learners whose progress had not changed in %d days", removed, days)


def get_store() -> Store:
    return current_app.extensions[STORE]


def now() -> datetime:
    return datetime.now(UTC)


def basic_rules() -> frozenset[str]:
    return basics(get_site().book)


# --- the learner of this request -----------------------------------------------------------------

ACTS = frozenset({"POST", "PUT", "PATCH", "DELETE"})  # the only requests that may write (web.origin checks them)


class NotAnAct(RuntimeError):
    """A page tried to write on a request that is no act of the learner's (a GET): a fault of the site's."""


def learner_key() -> str | None:
    """The key this browser's cookie names (None: none yet). Never writes: a learner is made by an act alone.

    The key is not looked up here: a key the store does not know (erased) reads as empty progress,
    and the first change makes a new learner."""
    key = session.get(LEARNER)
    return key if isinstance(key, str) and key else None


def _legacy() -> Progress | None:
    """The progress an earlier release's cookie carries (the whole progress was in it), None when it has none."""
    legacy = session.get(LEGACY)
    if legacy is None:
        return None
    site = get_site()
    carried = Progress.from_dict(legacy, site.lessons, site.book.rules, now())
    return None if carried == Progress() else carried


def _legacy_key() -> str:
    """The key of the learner an earlier release's cookie is carried into: the same for the same cookie, so a
    cookie sent again (a client that keeps no new cookie) names that learner, never a new copy of him. The
    signed cookie is unique to its browser (its signature's timestamp); the key is drawn from it by HMAC."""
    raw = request.cookies.get(current_app.config["SESSION_COOKIE_NAME"], "")
    digest = hmac.new(current_app.config["SECRET_KEY"].encode(), b"ecarte-tutor legacy cookie\0" + raw.encode(),
                      hashlib.sha256)
    return digest.hexdigest()[:32]


def acting_key() -> str:
    """This browser's learner, for a write: made now if it has none (an earlier release's cookie carried in).

    Only an act (a POST) writes, so no reading of a page, by a person or a crawler, fills the store."""
    if request.method not in ACTS:
        raise NotAnAct(f"a {request.method} of {request.path} tried to change progress: only a POST "  # for developers
                       "may")
    key = learner_key()
    if key:
        return key
    carried = _legacy()
    key = get_store().new_learner(carried, key=_legacy_key() if carried is not None else None).key
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
    """This browser's progress (empty when it has no learner yet; an earlier release's cookie's, until an act)."""
    if "progress" not in g:
        key = learner_key()
        g.progress = get_store().progress(key) if key else (_legacy() or Progress())
    return g.progress


T = TypeVar("T")


def as_learner(act: Callable[[str], T]) -> T:
    """``act`` done for this browser's learner (made now if it has none); one erased meanwhile (here or on
    another device) is followed by a new learner, from nothing, and ``act`` is done for him."""
    try:
        return act(acting_key())
    except UnknownLearner:
        remember(None)
        return act(acting_key())


def change(fn: Callable[[Progress], Progress]) -> Progress:
    """Run ``fn`` on this browser's progress in one transaction (making the learner first if need be)."""
    store = get_store()
    g.pop("progress", None)
    progress = as_learner(lambda key: store.change(key, fn))
    session.modified = True  # the cookie's year starts again from the last change
    g.progress = progress
    return progress


# --- finished games (the practice table's hook) ----------------------------------------------------


def keep_finished(game) -> bool:
    """Keep a game of ``/play`` that has just finished, with its review, and put its mistakes up for review.

    The same game is kept once (known by its record). Only rules a drill can practise go to review.
    """
    from ..lessons.drills import drillable
    from ..table.review import game_summary

    record = game.record()
    summary = game_summary(game)
    # The summary alone (some hundred bytes): the record replays the game, and with it the review of each deal,
    # which took thirty times the room when kept.
    review = json.loads(json.dumps({"summary": summary}, default=str))  # as a JSON column keeps it, on every database
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
    kept = as_learner(lambda key: store.keep_game(key, finished, note))
    session.modified = True
    return kept


def keep_unfinished(game, game_key: str) -> None:
    """Keep a game of ``/play`` as it stands after the learner's move, over what was kept of it before.

    A store that cannot be reached does not stop the move: the game lives in its link, and only its place in
    the list of unfinished games waits for the next move."""
    kept = UnfinishedGame(game_key=game_key, record=game.record(), deal=game.current.number + 1,
                          learner_score=game.scores["learner"], tutor_score=game.scores["tutor"])
    store = get_store()
    try:
        as_learner(lambda key: store.keep_unfinished(key, kept))
    except StoreUnavailable as exc:
        current_app.logger.warning("an unfinished game was not kept: %s", exc)
        return
    session.modified = True


def forget_unfinished(game_key: str) -> None:
    """The game has finished: it is no longer among the unfinished ones."""
    key = learner_key()
    if key:
        get_store().close_unfinished(key, game_key=game_key)


def unfinished() -> list[KeptUnfinished]:
    """This browser's unfinished games, the latest played first (none listed while the store cannot be reached:
    the page that lists them works without)."""
    key = learner_key()
    try:
        return get_store().unfinished(key) if key else []
    except StoreUnavailable as exc:
        current_app.logger.warning("the unfinished games could not be listed: %s", exc)
        return []


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
    games = store.games(key, limit=RECENT_GAMES) if key else []
    reviews = progress.to_review(basic)
    mastered = sorted(item.rule for item in progress.reviews.values() if item.mastered)
    coming = next_due(item for item in reviews if not item.is_due(moment))
    return render_template(
        "progress/index.html", lessons=site.lessons, summaries={lesson.id: progress.summary(lesson)
                                                                for lesson in site.lessons},
        started={lesson.id for lesson in site.lessons if progress.lesson(lesson.id)},
        due=progress.due(moment, basic), reviews=reviews, mastered=mastered, basic=basic,
        coming=waiting_time(coming, moment) if coming else None, when=lambda item: waiting_time(item.due, moment),
        games=games, game_count=store.game_count(key) if key else 0, most_games=MAX_GAMES, learner=found,
        unfinished=unfinished(), sheets=_sheets(key))



@bp.post("/code")
def new_code():
    """Draw a resume code for this browser's learner and show it, once: only its keyed hash is kept, and the
    code made before stops working."""
    found = learner()
    if found is None:
        return render_template("errors/error.html", status=400, title=_("Nothing to carry yet"),
                               description=_("Nothing is kept for this browser yet, so there is nothing a resume "
                                             "code could carry: answer an exercise or finish a game first.")), 400
    code = shown_code(get_store().new_resume_code(found.key))
    resume = _resume_link(code)
    # A relative link has no QR code (a phone could not follow it); a loopback one is said to be this computer's
    whole = urlsplit(resume)
    only_here = bool(whole.netloc) and is_loopback(whole.hostname or "")
    return render_template("progress/code.html", code=code, resume=resume, replaced=found.has_code,
                           qr=qr_svg(resume, _(QR_TITLE)) if whole.netloc else None, only_here=only_here)


def _sheets(key: str | None) -> list:
    """The learner's score sheets (/marque), each with a line on where it stands."""
    return sheetlist.listed(get_store(), key, get_site().book)


def _resume_link(code: str) -> str:
    """The address that carries this learner to another device: under the configured public address, else under
    the one ``serve`` gives out (a phone's, when the site listens on the network: web.lan), else relative. Never
    under the request's Host header, which the client chose. The code rides in the fragment, which the browser
    never sends: it is in no server's or proxy's log (the page's script puts it in the form)."""
    return public_base() + url_for("progress.resume") + "#code=" + code


def public_base() -> str:
    """The site's address for a link followed from another device (no trailing slash; empty: none known)."""
    return (current_app.config.get(PUBLIC_URL) or current_app.config.get(SERVED_URL) or "").rstrip("/")


QR_TITLE = marked("QR code of the link that carries your progress")  # said through _() where it is drawn


def qr_svg(link: str, title: str = QR_TITLE) -> Markup:
    """The QR code of ``link`` as inline SVG (no script, no image file: the CSP allows it as it is)."""
    svg = segno.make(link, error="m").svg_inline(scale=4, border=2, light="#fff", svgclass="qr", title=title)
    return Markup(svg)  # segno writes it from the link alone, every character of which it encodes as modules


@bp.get("/games")
def games():
    key = learner_key()
    return render_template("progress/games.html", games=get_store().games(key) if key else [], most=MAX_GAMES)


@bp.get("/games/<int:game_id>")
def game(game_id: int):
    from ..table import Game, TableError
    from . import tokens

    key = learner_key()
    kept = get_store().game(key, game_id) if key and game_id < 2 ** 31 else None
    if kept is None:
        abort(404, description=_("There is no such game among yours."))
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


class Exports:
    """Who exported lately, in this process: a learner's exports at most :data:`EXPORTS_A_MINUTE` a minute,
    and :data:`EXPORTS_AT_ONCE` streaming at once (the learners remembered are bounded too)."""

    REMEMBERED = 10_000
    MINUTE = 60.0

    def __init__(self):
        self.last: OrderedDict[str, list[float]] = OrderedDict()
        self.running = threading.BoundedSemaphore(EXPORTS_AT_ONCE)

    def wait(self, key: str) -> int:
        """Seconds before ``key`` may export again (0: now, and it is noted)."""
        moment = time.monotonic()
        recent = [then for then in self.last.get(key, []) if moment - then < self.MINUTE]
        if len(recent) >= EXPORTS_A_MINUTE:
            return int(self.MINUTE - (moment - recent[0])) + 1
        self.last[key] = [*recent, moment]
        self.last.move_to_end(key)
        while len(self.last) > self.REMEMBERED:
            self.last.popitem(last=False)
        return 0


EXPORTS = Exports()


@bp.get("/export.json")
def export():
    """Everything kept about this browser's learner, as JSON (a download), written as it is read: one batch of
    games at a time, so the memory it takes does not grow with the learner's games."""
    key = learner_key()
    found = learner()
    wait = EXPORTS.wait(key) if key and found else 0
    if wait:
        return render_template("errors/error.html", status=429, title=_("Your download was made a moment ago"),
                               description=_("Everything kept about you can be downloaded %(count)s times a minute. "
                                             "Try again in %(wait)s seconds.", count=EXPORTS_A_MINUTE, wait=wait)), \
            429, {"Retry-After": str(wait)}
    if not EXPORTS.running.acquire(blocking=False):
        return render_template("errors/error.html", status=503, title=_("Downloads are busy just now"),
                               description=_("Other downloads are being made. Try again in %(wait)s seconds.",
                                             wait=RETRY_AFTER)), 503, {"Retry-After": RETRY_AFTER}
    try:  # until the answer is under way, a store that fails gives the place back
        head = {"format": "ecarte-tutor progress", "version": 1, "exported_at": now().isoformat(),
                # the resume code is not kept (only its keyed hash), so it cannot be exported
                "learner": {"created_at": found.created_at.isoformat(), "has_resume_code": found.has_code}
                if found else None, "progress": current().to_dict(),
                "unfinished_games": [{"id": kept.id, "begun_at": kept.created_at.isoformat(),
                                      "last_played_at": kept.updated_at.isoformat(), "deal": kept.deal,
                                      "score": {"learner": kept.learner_score, "tutor": kept.tutor_score},
                                      "record": kept.record} for kept in unfinished()],
                "sheets": sheetlist.exported(get_store(), key)}
        games = get_store().each_game(key) if key and found else iter(())
        first = next(games, None)  # read here, so that a store that cannot answer is a 503, not a cut download
    except BaseException:
        EXPORTS.running.release()
        raise
    response = current_app.response_class(_Streamed(head, first, games), mimetype="application/json")
    response.headers["Content-Disposition"] = 'attachment; filename="ecarte-tutor-progress.json"'  # for developers
    return response


class _Streamed:
    """The export's JSON, piece by piece: its head, then each game as the store gives it. The export's place
    among those running is given back when it ends or is closed, even unread (the WSGI server closes it)."""

    def __init__(self, head: dict, first: KeptGame | None, games: Iterator[KeptGame]):
        self.head, self.first, self.games = head, first, games
        self.done = False

    def __iter__(self) -> Iterator[str]:
        try:
            text = json.dumps({**self.head, "games": []}, indent=2, ensure_ascii=False)
            yield text[:text.rindex("[]")] + "["
            comma = ""
            for kept in chain([self.first] if self.first is not None else [], self.games):
                yield from self._game(kept, comma)
                comma = ","
            yield ("\n  " if comma else "") + "]\n}\n"
        finally:
            self.close()

    @staticmethod
    def _game(kept: KeptGame, comma: str) -> Iterator[str]:
        game = {"id": kept.id, "finished_at": kept.created_at.isoformat(), "score": {
            "learner": kept.learner_score, "tutor": kept.tutor_score}, "winner": kept.winner,
            "mistakes": kept.mistakes, "record": kept.record, "review": kept.review}
        yield comma + "\n    " + json.dumps(game, ensure_ascii=False)

    def close(self) -> None:
        if not self.done:
            self.done = True
            EXPORTS.running.release()


@bp.get("/erase")
def erase_form():
    return render_template("progress/erase.html", has=learner() is not None)


@bp.post("/erase")
def erase():
    if request.form.get("confirm") != "yes":
        return render_template("progress/erase.html", has=learner() is not None,
                               error=_("Tick the box to confirm: erasing cannot be undone.")), 400
    key = learner_key()
    if key:
        get_store().erase(key)
    remember(None)
    session.pop(LEGACY, None)
    return render_template("progress/erased.html")


@bp.get("/resume")
def resume():
    """The form that takes up another device's progress. The code comes in the link's fragment (put in the form
    by the page's script) or is typed; ``?code=`` of earlier releases' links still fills it in."""
    return render_template("progress/resume.html", code=request.args.get("code", "")[:40], own=_own())


def _own() -> dict | None:
    """What this browser would stop showing by resuming another learner (None: nothing kept for it)."""
    found = learner()
    if found is None:
        return None
    progress = current()
    return {"steps": sum(len(lesson.done) for lesson in progress.lessons.values()), "reviews": len(progress.reviews),
            "games": get_store().game_count(found.key), "has_code": found.has_code}


@bp.post("/resume")
def resume_post():
    """Take up the progress a resume code names. When this browser has progress of its own, the page first says
    what becomes of it and asks (``confirm=yes``); it is never erased."""
    typed = request.form.get("code", "")[:40]
    code = normal_code(typed)
    own = _own()
    if code is None:
        return render_template("progress/resume.html", code=typed, own=own,
                               error=_("A resume code has 20 letters and digits (dashes and spaces do not count): "
                                       "check it against the one shown when it was made.")), 400
    found = get_store().by_resume_code(code)
    if found is None:
        return render_template("progress/resume.html", code=typed, own=own,
                               error=_("No progress has this resume code: check it, letter by letter, against the "
                                       "one shown when it was made (a code made since on the other device replaces "
                                       "it).")), 400
    if found.key == learner_key():
        return redirect(url_for("progress.index", resumed=1), code=303)
    if own is not None and request.form.get("confirm") != "yes":
        return render_template("progress/resume.html", code=shown_code(code), own=own, confirm=True)
    remember(found.key)
    session.pop(LEGACY, None)
    return redirect(url_for("progress.index", resumed=1), code=303)
