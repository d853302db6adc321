"""``/dispute``: the dispute interview (kind ``dispute``), one question a page, then the ruling.

The facts given so far live in the query string, in the order they were
answered, so a ruling is a URL that can be shared and reopened, and the back
link is the same URL without its last fact.
"""
from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, render_template, request, url_for

from .asking import error_message, safe_ask
from .site import get_site

bp = Blueprint("dispute", __name__, url_prefix="/dispute")

RESERVED = {"profile"}
MAX_FACTS = 40


def typed_value(fact: dict | None, raw: str):
    """The query string's text as the fact's type (bool, int); left as text when it does not read."""
    if fact is None:
        return raw
    kind = fact.get("type")
    if kind == "boolean":
        return {"true": True, "yes": True, "false": False, "no": False}.get(raw.strip().lower(), raw)
    if kind == "integer":
        try:
            return int(raw.strip())
        except ValueError:
            return raw
    return raw


def read_facts(args, facts_meta) -> list[tuple[str, str]]:
    """The facts of the query string as (name, text) pairs, in order; the last value of a name wins."""
    pairs: dict[str, str] = {}
    for name, value in args.items(multi=True):
        if name in RESERVED or not name:
            continue
        pairs.pop(name, None)  # keep answer order: a re-answered fact moves to the end
        pairs[name] = value
    return list(pairs.items())[:MAX_FACTS]


def dispute_url(pairs, profile: str | None) -> str:
    query = ([("profile", profile)] if profile else []) + [(n, v) for n, v in pairs]
    base = url_for("dispute.interview")
    return f"{base}?{urlencode(query)}" if query else base


def fact_label(fact: dict | None, value):
    """The label of a value among a fact's choices (the value itself when not listed)."""
    if fact:
        for choice in fact.get("choices", []):
            if str(choice.get("value")).lower() == str(value).lower():
                return choice.get("label", value)
    return value


@bp.get("/")
def interview():
    site = get_site()
    book = site.book
    profile = request.args.get("profile", "").strip().lower() or None
    pairs = read_facts(request.args, book.facts)
    facts = {name: typed_value(book.facts.get(name), raw) for name, raw in pairs}
    question = {"kind": "dispute", "facts": facts}
    if profile:
        question["profile"] = profile
    answer = safe_ask(question, book)

    answered = [{
        "name": name,
        "question": (book.facts.get(name) or {}).get("question", name),
        "label": fact_label(book.facts.get(name), raw),
        "change_url": dispute_url(pairs[:i], profile),
    } for i, (name, raw) in enumerate(pairs)]
    context = dict(
        profile=profile or book.default_profile,
        pairs=pairs,
        answered=answered,
        back_url=dispute_url(pairs[:-1], profile) if pairs else None,
        start_url=dispute_url([], profile),
        share_url=dispute_url(pairs, profile),
        answer=answer,
    )
    if "error" in answer:
        return render_template("dispute/error.html", message=error_message(answer), **context), 400
    if answer.get("status") == "need":
        need = answer.get("need") or {}
        meta = book.facts.get(need.get("fact")) or {}
        return render_template("dispute/question.html", need=need, meta=meta, **context)
    return render_template("dispute/ruling.html", law_texts=law_texts(answer, book),
                           assumptions=assumptions(answer, pairs, profile, book), **context)


def law_texts(answer: dict, book) -> list[dict]:
    """The text of each law the ruling rests on (the answer's ``law_text``)."""
    return [{"law": item["law"], "rule": book.laws.get(item["law"]), "text": item["statement"]}
            for item in answer.get("law_text", [])]


def assumptions(answer: dict, pairs, profile, book) -> list[dict]:
    """Each fact the ruling assumed, with links that rule again on another value of it."""
    out = []
    for name, value in (answer.get("assumed") or {}).items():
        fact = book.facts.get(name) or {}
        others = [{"label": choice["label"],
                   "url": dispute_url(pairs + [(name, str(choice["value"]).lower())], profile)}
                  for choice in fact.get("choices", []) if choice["value"] != value]
        out.append({"name": name, "question": fact.get("question", name), "label": fact_label(fact, value),
                    "others": others})
    return out
