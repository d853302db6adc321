"""``/marque``: the score sheet of a real game, kept in the store under this browser's learner.

Every hand is scored by the engine (:mod:`ecarte_tutor.marque`); the pages only read forms, keep the sheet
(one transaction a change, :meth:`~ecarte_tutor.store.interface.Store.change_sheet`) and show it. Every
change is a POST; a refused entry is shown again in its form with the reason, and nothing is kept. The
other player follows the sheet read-only at ``/marque/follow/<code>``; ``/marque/<id>/print`` fits a game
on one A4 page. A referee's ruling reaches the sheet from the dispute interview (``marque`` in its URL).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from .. import i18n
from ..asking import ask
from ..marks import option_id
from ..marque import SheetError, add_entry, correct_entry, new_sheet, read_entry, remove_entry, replay
from ..marque.editing import window_said
from ..marque.model import Sheet, entry_form, live, table_of
from ..marque.scorer import SAME_DEALER, game_said, proposal_facts
from ..marque.words import choices, say
from ..store import KeptSheet, UnknownSheet
from . import sheetlist
from .dispute import read_facts, typed_value
from .forms import FormData, agreement_query, read_profile
from .progress import as_learner, get_store, learner_key, now, public_base, qr_svg
from .site import get_site

bp = Blueprint("marque", __name__, url_prefix="/marque")

MOST_ID = 2 ** 31
SHEET_PARAM, HAND_PARAM = "marque", "marque_hand"  # what the dispute interview carries back to the sheet
NEXT = "next"  # a ruling on the hand being played, not yet on the sheet
MENDS = (option_id("correct-score"), option_id("mark-score"))  # laws 50 and 51: a score put right


def _words() -> dict[str, dict[str, str]]:
    return {group: choices(group) for group in ("match", "proposals", "king", "outcome", "window", "did", "claim")}


def _own(sheet_id: int) -> tuple[str, KeptSheet]:
    key = learner_key()
    kept = get_store().sheet(key, sheet_id) if key and sheet_id < MOST_ID else None
    if key is None or kept is None:
        abort(404, description=say("errors", "no-such-sheet"))
    return key, kept


def _replayed(kept: KeptSheet) -> Any:
    """The sheet replayed; one that no longer adds up (the rule book changed since) is a clear 409, never a 500."""
    try:
        return replay(kept.data, book=get_site().book)
    except SheetError as exc:
        where = say("said", "entry", n=exc.n) if exc.n else ""
        page = render_template("marque/broken.html", title=say("errors", "no-longer-adds-up"),
                               description=f"{where}{exc.message}")
        abort(make_response(page, 409))


def _qr(link: str) -> Markup | None:
    if "://" not in link:
        return None  # a relative link: a phone could not follow it
    return qr_svg(link, title=say("said", "qr-title"))


@bp.get("/")
def index():
    return _start(FormData(), {})


def _start(form: FormData, given: Mapping[str, str], status: int = 200):
    """The page that starts a sheet, above the learner's sheets (each with its line, as /progress lists them)."""
    if "profile" not in form.kept:
        read_profile(MultiDict(), form)
    listed = sheetlist.listed(get_store(), learner_key(), get_site().book)
    return render_template("marque/index.html", form=form, given=given, sheets=listed, words_of=_words()), status


@bp.post("/")
def create():
    form = FormData()
    read_profile(request.form, form)
    given = {name: request.form.get(name, "")[:60] for name in ("player1", "player2", "player3", "match",
                                                                  "first_dealer")}
    match = given["match"] or "game"
    players = [given["player1"], given["player2"]] + ([given["player3"]] if match == "pool" else [])
    first = given[given["first_dealer"]] if given["first_dealer"] in ("player1", "player2") else ""
    site = get_site()
    agreements = form.question.get("agreements", list(site.house.written) if site.house else [])
    if form.ok:
        try:
            sheet = new_sheet(players, form.kept["profile"], agreements, match, first, site.book, now())
        except SheetError as exc:
            form.error(exc.field or "form", exc.message)
    if not form.ok:
        return _start(form, given, 400)
    kept = as_learner(lambda key: get_store().new_sheet(key, sheet))  # erased elsewhere: a new learner
    return redirect(url_for("marque.sheet", sheet_id=kept.id), code=303)


def _context(kept: KeptSheet, standing: Any) -> dict[str, Any]:
    book = get_site().book
    follow = public_base() + url_for("marque.follow", code=kept.follow)
    return dict(kept=kept, sheet=kept.data, standing=standing, words_of=_words(), game_said=game_said,
                follow_link=follow, qr=_qr(follow), law_of=lambda n: book.laws.get(n),
                referee_url=lambda n: referee_url(kept, n),
                said_ruled=lambda label: say("said", "ruled-mend", label=label))


def _shown(kept: KeptSheet, form_values: Mapping[str, str] | None = None, error: SheetError | None = None,
           status: int = 200, notice: str = ""):
    standing = _replayed(kept)
    values = dict(form_values or {"dealer": standing.next_dealer or ""})
    return render_template("marque/sheet.html", values=values, error=error, notice=notice,
                           **_context(kept, standing)), status


@bp.get("/<int:sheet_id>")
def sheet(sheet_id: int):
    _, kept = _own(sheet_id)
    return _shown(kept)


def _change(key: str, kept: KeptSheet, work) -> KeptSheet:
    """Run ``work(sheet) -> (sheet, standing)`` on the sheet as stored, in one transaction."""
    return get_store().change_sheet(key, kept.id, lambda data: work(data)[0])


@bp.post("/<int:sheet_id>/hands")
def add_hand(sheet_id: int):
    key, kept = _own(sheet_id)
    values = {name: request.form.get(name, "")[:40] for name in entry_form({})}
    book = get_site().book
    try:
        entry = read_entry(values, kept.data["players"])
        _change(key, kept, lambda data: add_entry(data, entry, book, now()))
    except SheetError as exc:
        return _shown(kept, values, exc, 400)
    return redirect(url_for("marque.sheet", sheet_id=kept.id, entered=1, _anchor="latest"), code=303)


def _line_of(kept: KeptSheet, n: int):
    standing = _replayed(kept)
    line = next((line for line in standing.lines if line.n == n), None) if n < MOST_ID else None
    if line is None:
        abort(404, description=say("errors", "no-entry-here"))
    return standing, line


def _entry_page(kept: KeptSheet, n: int, values: Mapping[str, str] | None = None, error: SheetError | None = None,
                status: int = 200):
    standing, line = _line_of(kept, n)
    where, window_text, law = window_said(standing, n)
    current = line.entry or {}
    shown = dict(values) if values is not None else (entry_form(current) if current.get("kind") == "hand" else {})
    ruled = request.args.get("ruled", "")[:80]
    book = get_site().book
    found = book.laws.get(law)
    texts = {name: book.text(found.id, name, i18n.current()) for name in ("title", "statement")} if found else {}
    return render_template("marque/entry.html", line=line, values=shown, error=error, window=where, ruled=ruled,
                           window_text=window_text, law=found, law_texts=texts,
                           **_context(kept, standing)), status


@bp.get("/<int:sheet_id>/entries/<int:n>")
def entry(sheet_id: int, n: int):
    _, kept = _own(sheet_id)
    return _entry_page(kept, n)


@bp.post("/<int:sheet_id>/entries/<int:n>")
def change_entry(sheet_id: int, n: int):
    key, kept = _own(sheet_id)
    _line_of(kept, n)
    book = get_site().book
    agreed, admitted = request.form.get("agreed") == "yes", request.form.get("admitted") == "yes"
    values = {name: request.form.get(name, "")[:40] for name in entry_form({})}
    try:
        if request.form.get("action") == "remove":
            _change(key, kept, lambda data: remove_entry(data, n, book, now(), agreed, admitted))
        else:
            corrected = read_entry(values, kept.data["players"])
            _change(key, kept, lambda data: correct_entry(data, n, corrected, book, now(), agreed, admitted))
    except SheetError as exc:
        return _entry_page(kept, n, values, exc, 400)
    return redirect(url_for("marque.sheet", sheet_id=kept.id, entered=1, _anchor=f"entry-{n}"), code=303)


@bp.get("/follow/<code>")
def follow(code: str):
    kept = get_store().followed_sheet(code[:40])
    if kept is None:
        abort(404, description=say("errors", "no-such-link"))
    standing = _replayed(kept)
    return render_template("marque/follow.html", **_context(kept, standing))


@bp.get("/<int:sheet_id>/print")
def printed(sheet_id: int):
    _, kept = _own(sheet_id)
    standing = _replayed(kept)
    return render_template("marque/print.html", **_context(kept, standing))


# --- the referee -----------------------------------------------------------------------------------


def referee_url(kept: KeptSheet, n: int | None) -> str:
    """The dispute interview, told what the sheet knows: the profile and agreements, and of a hand entered,
    its proposals (the facts of law 49 as the interview names them)."""
    sheet = kept.data
    query: list[tuple[str, str]] = [("profile", sheet["profile"]), *agreement_query(sheet["agreements"]),
                                    (SHEET_PARAM, str(kept.id)), (HAND_PARAM, str(n) if n else NEXT)]
    entry = next((live(raw) for raw in sheet["entries"] if raw["n"] == n), None) if n else None
    if entry and entry.get("kind") == "hand":
        query += [(name, str(value).lower()) for name, value in proposal_facts(entry["proposals"]).items()]
    return url_for("dispute.interview") + "?" + urlencode(query)


@bp.post("/<int:sheet_id>/ruling")
def ruling(sheet_id: int):
    """Put a ruling of the interview on the sheet: the interview is asked again here, from its own URL, and
    the points are the chosen option's (or the law's), never a number the form sends."""
    key, kept = _own(sheet_id)
    args = MultiDict(parse_qsl(request.form.get("query", "")[:4000]))
    form = FormData()
    read_profile(args, form)
    book = get_site().book
    facts = {name: typed_value(book.facts.get(name), raw) for name, raw in read_facts(args)
             if name not in (SHEET_PARAM, HAND_PARAM)}
    answer: dict = ask({"kind": "dispute", "facts": facts, **form.question}, get_site().library)
    if "error" in answer or answer.get("status") != "ruling":
        abort(400, description=say("errors", "ruling-not-again"))
    chosen = request.form.get("option", "")
    option = next((o for o in answer.get("options", []) if o["id"] == chosen), None)
    if option is None and len(answer.get("options", [])) == 1:
        option = answer["options"][0]
    points = (option or {}).get("points") or answer.get("points") or {"elder": 0, "dealer": 0}
    label = (option or {}).get("label") or answer.get("case", "")
    hand = args.get(HAND_PARAM, NEXT)
    n = int(hand) if hand.isdigit() and int(hand) < MOST_ID else None
    standing = _replayed(kept)
    option_chosen = (option or {}).get("id")
    if option_chosen in MENDS:  # laws 50 and 51: the scorer mends the hand, the referee having allowed it
        live_ns = [line.n for line in standing.lines if line.entry is not None]
        target = n or (live_ns[-1] if live_ns else None)
        if target is not None:
            return redirect(url_for("marque.entry", sheet_id=kept.id, n=target, ruled=label[:80]), code=303)
    if not any(points.values()) and option_chosen not in SAME_DEALER:
        return _shown(kept, notice=say("said", "ruling-no-points", label=label))
    dealer = next((line.dealer for line in standing.lines if line.n == n), None) if n else standing.next_dealer
    entry = {"kind": "ruling", "dealer": dealer, "case": answer.get("case", ""), "laws": answer.get("laws", []),
             "option": option_chosen, "label": label,
             "points": {"elder": int(points.get("elder", 0)), "dealer": int(points.get("dealer", 0))},
             "query": request.form.get("query", "")[:4000]}
    try:
        if n is None:
            _change(key, kept, lambda data: add_entry(data, entry, book, now()))
        else:
            _change(key, kept, lambda data: correct_entry(data, n, entry, book, now(), admitted=True))
    except SheetError as exc:
        return _shown(kept, None, exc, 400)
    except UnknownSheet:
        abort(404)
    return redirect(url_for("marque.sheet", sheet_id=kept.id, entered=1, _anchor="latest"), code=303)


@bp.app_template_global()
def marque_called(args) -> dict[str, Any] | None:
    """On the dispute interview called from a sheet: the sheet's link, and who dealt and who is elder."""
    sheet_id = args.get(SHEET_PARAM, "")
    key = learner_key()
    if not (sheet_id.isdigit() and key) or int(sheet_id) >= MOST_ID:
        return None
    kept = get_store().sheet(key, int(sheet_id))
    if kept is None:
        return None
    standing = _replayed(kept)
    hand = args.get(HAND_PARAM, NEXT)
    line = next((line for line in standing.lines if str(line.n) == hand and line.entry), None)
    dealer, elder = (line.dealer, line.elder) if line else (standing.next_dealer, standing.next_elder)
    return {"url": url_for("marque.sheet", sheet_id=kept.id), "n": line.n if line else None,
            "said": say("said", "seats" if line else "seats-now", dealer=dealer, elder=elder) if dealer else ""}


def table_line(sheet: Sheet) -> list[str]:
    """The profile and the agreements in force, in a player's words."""
    site = get_site()
    table_of(sheet, site.book)
    return [site.profile_label(sheet["profile"]), *site.words.agreements(sheet["agreements"])]


@bp.app_template_global()
def marque_table(sheet: Sheet) -> list[str]:
    return table_line(sheet)
