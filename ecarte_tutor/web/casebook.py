"""``/casebook``: every worked case, searchable without JavaScript, and each on a page of its own."""
from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, render_template, request, url_for

from ..fields import is_whole_number
from .dispute import fact_text
from .forms import agreement_query
from .site import get_site

bp = Blueprint("casebook", __name__, url_prefix="/casebook")

# Ten cases a page: the page within three phone screens at 390 px (it was six with 25; issue 43).
PAGE_SIZE = 10
MAX_QUERY = 200


def _page_url(q: str, kind: str, law: int | None, page: int) -> str:
    query = [(k, v) for k, v in (("q", q), ("kind", kind), ("law", str(law) if law else "")) if v]
    if page > 1:
        query.append(("page", str(page)))
    base = url_for("casebook.index")  # "/casebook/?lang=fr" on a French page: its fields follow the language's
    return f"{base}{'&' if '?' in base else '?'}{urlencode(query)}" if query else base


def _law_filter(book) -> int | None:
    """The ``law`` of the query string: a number of the club code, or None; anything else is a 400."""
    raw = request.args.get("law", "").strip()
    if not raw:
        return None
    if not (is_whole_number(raw) and int(raw) in book.laws):
        abort(400, description=f"There is no law '{raw[:20]}' in the club code: give a number from 1 to "
                               f"{book.club_code_laws}.")
    return int(raw)


@bp.get("/")
def index():
    casebook = get_site().casebook()
    q = request.args.get("q", "")[:MAX_QUERY].strip()
    kind = request.args.get("kind", "").strip().lower()[:20]
    law = _law_filter(casebook.book)
    try:
        page = max(1, int(request.args.get("page", "1")))
    except ValueError:
        abort(400, description="The page number must be a whole number.")
    found, exact = casebook.search(q, kind=kind, law=law)
    pages = max(1, -(-len(found) // PAGE_SIZE))
    if page > pages:
        abort(404, description=f"The casebook has {pages} page{'s' if pages != 1 else ''} for this search.")
    shown = found[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    return render_template(
        "casebook/index.html", entries=shown, total=len(casebook), found=len(found), exact=exact, q=q, kind=kind,
        law=law, kinds=casebook.kinds(), laws=casebook.laws(), page=page, pages=pages,
        prev_url=_page_url(q, kind, law, page - 1) if page > 1 else None,
        next_url=_page_url(q, kind, law, page + 1) if page < pages else None)


@bp.get("/<case_id>")
def case(case_id: str):
    """One case on its own page: the situation, the ruling, its law, and the other cases under that law."""
    entry = get_site().casebook().get(case_id)
    if entry is None:
        abort(404, description="There is no such case in the casebook.")
    return render_template("casebook/case.html", entry=entry)


@bp.app_template_global()
def reopen_url(question: object) -> str | None:
    """A link that puts a case's question into the matching form, to re-rule it (e.g. in another profile)."""
    if not isinstance(question, dict):
        return None
    kind = question.get("kind")
    query: list[tuple[str, str]] = []
    if question.get("profile"):
        query.append(("profile", str(question["profile"])))
    agreements = question.get("agreements")
    if agreements:
        names = [next(iter(a), None) if isinstance(a, dict) else a for a in agreements] \
            if isinstance(agreements, list) else None
        if kind not in ("play", "trick", "exchange", "score", "dispute") or not names or len(set(names)) < len(names):
            return None  # a form carries each agreement once, on /legal and /dispute: no link that would rule otherwise
        query += agreement_query(agreements)
    if kind == "play":
        endpoint = "legal.play"
        for name in ("trump", "led", "card"):
            if question.get(name) is not None:
                query.append((name, str(question[name])))
        if "led" not in question or question.get("led") is None:
            query.append(("led", ""))
        hand = question.get("hand")
        if isinstance(hand, list):
            query += [("hand", str(card)) for card in hand]
    elif kind == "trick":
        endpoint = "legal.trick"
        query += [(n, str(question[n])) for n in ("trump", "led", "followed") if question.get(n) is not None]
    elif kind == "exchange":
        endpoint = "legal.exchange"
        query += [(n, str(question[n])) for n in ("stock", "elder_discards", "dealer_discards")
                  if question.get(n) is not None]
    elif kind == "score":
        endpoint = "legal.score"
        tricks = question.get("tricks")
        if not isinstance(tricks, dict) or "elder" not in tricks:
            return None
        query.append(("elder_tricks", str(tricks["elder"])))
        for flag in ("elder_played_without_proposing", "dealer_refused_first_proposal",
                     "dealer_refused_later_proposal", "king_turned"):
            if question.get(flag) is True:
                query.append((flag, "on"))
        if question.get("king_announced_by"):
            query.append(("king_announced_by", str(question["king_announced_by"])))
        before = question.get("score_before")
        if isinstance(before, dict):
            query += [(f"before_{seat}", str(before.get(seat, ""))) for seat in ("elder", "dealer")]
    elif kind == "pool":
        endpoint = "legal.pool"
        players, first, results = question.get("players"), question.get("first"), question.get("results", [])
        if not isinstance(players, list) or not isinstance(results, list) or not isinstance(first or [], list):
            return None
        query += [("players", ", ".join(map(str, players))), ("results", ", ".join(map(str, results)))]
        if first:
            query.append(("first", ", ".join(map(str, first))))
    elif kind == "dispute":
        endpoint = "dispute.interview"
        facts = question.get("facts")
        if not isinstance(facts, dict):
            return None
        query += [(name, fact_text(value)) for name, value in facts.items() if not isinstance(value, (dict, list))]
    else:
        return None
    return f"{url_for(endpoint)}?{urlencode(query)}"
