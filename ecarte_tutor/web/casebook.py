"""``/casebook``: every worked case with the ruling the tutor gives it, searchable without JavaScript."""
from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, render_template, request, url_for

from .dispute import fact_text
from .site import get_site

bp = Blueprint("casebook", __name__, url_prefix="/casebook")

PAGE_SIZE = 25


def matches(entry, words: list[str], kind: str) -> bool:
    if kind and entry.kind != kind:
        return False
    return all(word in entry.text for word in words)


def _page_url(q: str, kind: str, page: int) -> str:
    query = [(k, v) for k, v in (("q", q), ("kind", kind)) if v]
    if page > 1:
        query.append(("page", str(page)))
    base = url_for("casebook.index")
    return f"{base}?{urlencode(query)}" if query else base


@bp.get("/")
def index():
    entries = get_site().casebook()
    q = request.args.get("q", "")[:200].strip()
    kind = request.args.get("kind", "").strip().lower()[:20]
    try:
        page = max(1, int(request.args.get("page", "1")))
    except ValueError:
        abort(400, description="The page number must be a whole number.")
    kinds = sorted({e.kind for e in entries if e.kind})
    found = [e for e in entries if matches(e, q.lower().split(), kind)]
    pages = max(1, -(-len(found) // PAGE_SIZE))
    if page > pages:
        abort(404, description=f"The casebook has {pages} page{'s' if pages != 1 else ''} for this search.")
    shown = found[(page - 1) * PAGE_SIZE: page * PAGE_SIZE]
    return render_template(
        "casebook/index.html", entries=shown, total=len(entries), found=len(found), q=q, kind=kind, kinds=kinds,
        page=page, pages=pages,
        prev_url=_page_url(q, kind, page - 1) if page > 1 else None,
        next_url=_page_url(q, kind, page + 1) if page < pages else None)


@bp.app_template_global()
def reopen_url(question: object) -> str | None:
    """A link that puts a case's question into the matching form, to re-rule it (e.g. in another profile)."""
    if not isinstance(question, dict) or question.get("agreements"):
        return None  # the forms do not take agreements yet: no link that would rule without them
    kind = question.get("kind")
    query: list[tuple[str, str]] = []
    if question.get("profile"):
        query.append(("profile", str(question["profile"])))
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
        for flag in ("elder_played_without_proposing", "dealer_refused_first_proposal", "king_turned"):
            if question.get(flag) is True:
                query.append((flag, "on"))
        if question.get("king_announced_by"):
            query.append(("king_announced_by", str(question["king_announced_by"])))
        before = question.get("score_before")
        if isinstance(before, dict):
            query += [(f"before_{seat}", str(before.get(seat, ""))) for seat in ("elder", "dealer")]
    elif kind == "dispute":
        endpoint = "dispute.interview"
        facts = question.get("facts")
        if not isinstance(facts, dict):
            return None
        query += [(name, fact_text(value)) for name, value in facts.items() if not isinstance(value, (dict, list))]
    else:
        return None
    return f"{url_for(endpoint)}?{urlencode(query)}"
