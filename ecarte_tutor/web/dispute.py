"""``/dispute``: the dispute interview (kind ``dispute``), one question a page, then the ruling.

The facts given so far live in the query string, in the order they were
answered, so a ruling is a URL that can be shared and reopened, and the back
link is the same URL without its last fact. The profile and the agreements at
the table (``agree=…``, as on the other forms) travel in front of the facts.
"""
from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, render_template, request, url_for

from ..asking import ask
from ..bookwords import FACT, key_of
from ..casebook import ruling_laws
from ..i18n import DEFAULT_LANG, tr, trn
from ..rulebook import Fact, RuleBook
from .forms import AGREE, AGREE_VALUE, FormData, read_profile
from .lang import page_lang
from .site import get_site

bp = Blueprint("dispute", __name__, url_prefix="/dispute")

# with every agree-<name>: the table's rules, not facts; and a score sheet's number and hand (/marque), which
# every link of the interview carries so that its ruling can go onto the sheet
SHEET_FIELDS = ("marque", "marque_hand")
RESERVED = {"profile", AGREE, *SHEET_FIELDS}
# No answer is longer: the longest choice is 23 characters, the numbers are small.
MAX_VALUE = 40
SHOWN = 3  # unknown names quoted in the refusal; the rest are counted


def typed_value(fact: Fact | None, raw: str):
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


def read_facts(args) -> list[tuple[str, str]]:
    """The facts of the query string as (name, text) pairs, in order; the last value of a name wins."""
    pairs: dict[str, str] = {}
    for name, value in args.items(multi=True):
        if is_table_field(name) or not name:
            continue
        pairs.pop(name, None)  # keep answer order: a re-answered fact moves to the end
        pairs[name] = value
    return list(pairs.items())


def is_table_field(name: str) -> bool:
    """A field of the profile or the agreements, which every link of the interview keeps."""
    return name in RESERVED or name.startswith(AGREE_VALUE)


def table_pairs(args) -> list[tuple[str, str]]:
    """The profile and agreements of the query string, as (name, text) pairs in order."""
    return [(name, value) for name, value in args.items(multi=True) if is_table_field(name)]


def refusal(pairs, facts) -> str | None:
    """Why these pairs cannot be answers to the interview (a name it never asks, an over-long value), or None.

    Checked before anything is rendered: a short URL of many long unknown facts once made a
    page of megabytes, since every fact is listed with a link that repeats the ones before it.
    """
    unknown = [name for name, _ in pairs if name not in facts]
    if unknown:
        names = ", ".join(f"'{name[:MAX_VALUE]}'" for name in unknown[:SHOWN])
        if len(unknown) > SHOWN:
            return trn("The link names facts the interview never asks about: %(names)s and %(more)s more.",
                       "The link names facts the interview never asks about: %(names)s and %(more)s more.",
                       len(unknown) - SHOWN, names=names, more=len(unknown) - SHOWN)
        return tr("The link names facts the interview never asks about: %(names)s.", names=names)
    for name, value in pairs:
        if len(value) > MAX_VALUE:
            return tr("The answer given for '%(name)s' is longer than any answer can be (%(most)s characters).",
                      name=name, most=MAX_VALUE)
    return None


@bp.app_template_global()
def fact_text(value) -> str:
    """A fact's value as the query string writes it: booleans as true/false, the rest as text."""
    return str(value).lower() if isinstance(value, bool) else str(value)


@bp.app_template_filter()
def choice_of(value, choices: list[dict]) -> dict | None:
    """The choice of ``choices`` whose value is ``value`` (None when the question does not offer it)."""
    return next((choice for choice in choices if choice["value"] == value), None)


def dispute_url(pairs, table: list[tuple[str, str]]) -> str:
    query = list(table) + [(n, v) for n, v in pairs]
    base = url_for("dispute.interview")  # with ?lang=… on a page not in English (web/lang.py)
    return f"{base}{'&' if '?' in base else '?'}{urlencode(query)}" if query else base


def fact_label(fact: Fact | None, value, book: RuleBook | None = None, lang: str = "en"):
    """The label of a value among a fact's choices, in ``lang`` (the value itself when not listed)."""
    if fact:
        for choice in fact.get("choices", []):
            if str(choice.get("value")).lower() == str(value).lower():
                label = choice.get("label", value)
                return book.words(f"{FACT}{fact['name']}", f"choices.{key_of(choice['value'])}", lang, label) \
                    if book else label
    return value


def fact_question(book: RuleBook, name: str, lang: str) -> str:
    """The question the interview asks about a fact, in ``lang`` (the name itself for a fact it never asks)."""
    fact = book.facts.get(name)
    return book.words(f"{FACT}{name}", "question", lang, fact["question"]) if fact else name


def stages_in(book: RuleBook, name: str, lang: str) -> list[dict] | None:
    """A question's stages (its answers grouped by the moment of the hand), their labels in ``lang``."""
    fact = book.facts.get(name)
    stages = fact.get("stages") if fact else None
    if not stages:
        return None
    return [{"label": book.words(f"{FACT}{name}", f"stages.{n}", lang, stage["label"]), "choices": stage["choices"]}
            for n, stage in enumerate(stages)]


def player_message(error: dict, given: dict) -> str:
    """The engine's message, except where it lists the API's values: a value that is no answer to its question
    is named by the question instead."""
    if error.get("code") != "bad-fact-value":
        return error["message"]
    name = (error.get("field") or "").removeprefix("facts.")
    book = get_site().book
    return tr("“%(value)s” is not one of the answers to “%(question)s”: go back and choose one of its buttons.",
              value=given.get(name, "")[:MAX_VALUE],
              question=fact_question(book, name, page_lang()) if name in book.facts else get_site().words.fact(name))


@bp.get("/")
def interview():
    book = get_site().book
    table = table_pairs(request.args)
    form = FormData()
    read_profile(request.args, form)  # the profile and the agreements, read as every form of the site reads them
    pairs = read_facts(request.args)
    refused = refusal(pairs, book.facts)
    if refused:
        return render_template("dispute/error.html", message=refused, profile=form.kept["profile"],
                               pairs=[], answered=[], back_url=None, start_url=dispute_url([], table)), 400
    lang = page_lang()
    answered = [{
        "name": name,
        "question": fact_question(book, name, lang),
        "label": fact_label(book.facts.get(name), raw, book, lang),
        "change_url": dispute_url(pairs[:i], table),
    } for i, (name, raw) in enumerate(pairs)]
    context = dict(
        profile=form.kept["profile"],
        form=form,
        pairs=pairs,
        # On the first question the table's own controls belong to the answer form and carry the
        # profile and agreements; hidden copies of them would send each twice.
        keep=table + pairs if pairs else [(n, v) for n, v in table if n in SHEET_FIELDS],
        answered=answered,
        back_url=dispute_url(pairs[:-1], table) if pairs else None,
        start_url=dispute_url([], table),
    )
    if form.errors:
        return render_template("dispute/error.html", message=next(iter(form.errors.values())), **context), 400
    question = {"kind": "dispute", "facts": {name: typed_value(book.facts.get(name), raw) for name, raw in pairs},
                **form.question, **({"lang": lang} if lang != DEFAULT_LANG else {})}
    answer: dict = ask(question, get_site().library)  # the library: a house's rules apply
    if "error" in answer:
        return render_template("dispute/error.html", message=player_message(answer["error"], dict(pairs)),
                               **context), 400
    context["timeline"] = answer.get("timeline", [])
    if answer["status"] == "need":
        return render_template("dispute/question.html", need=answer["need"],
                               need_stages=stages_in(book, answer["need"]["fact"], lang), **context)
    laws = ruling_laws(answer, book)
    return render_template("dispute/ruling.html", answer=answer, law=laws[0] if laws else None, **context)
