"""Reading the site's GET forms into questions, keeping what the user gave when it is wrong.

A form is read into a :class:`FormData`: the question for ``ask()``, the input to
show again (cards ticked, text typed), and one message per field that could not
be read. A form with messages is shown again with status 400.

Before any of that, :func:`check_query` holds the address to the form's own fields, as
``ask()`` holds a question to its schema: a parameter the page does not read, a value
longer than :data:`MAX_VALUE` characters or a field given more than :data:`MAX_VALUES`
times is refused with a 400 page that names it, and nothing is rendered.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from flask import abort, request
from flask_babel import gettext as _
from flask_babel import ngettext

from ..agreements import read_agreements as read_agreed
from ..cards import CARD_HELP, parse_card, parse_suit, shown
from ..errors import CardNotationError, QuestionError
from ..questions.report import did_you_mean
from ..wording import in_words, lower_first
from .lang import page_lang
from .site import get_book, get_site

_SPLIT = re.compile(r"[\s,;]+")
NONE_WORDS = {"", "none", "null", "lead", "i-lead"}
MAX_VALUE = 200
"""The longest value a form field takes: five cards typed out with room to spare, far below a URL's limit."""
MAX_VALUES = 40
"""How many times one field may be given: the 32 card boxes of a hand and its text box, with room to spare."""


def table_rule_fields() -> tuple[str, ...]:
    """The parameters of the profile and the agreements at this table (``agree``, ``agree-game-target``...)."""
    valued = (AGREE_VALUE + rule.agreement["name"] for rule in get_site().agreement_rules
              if "range" in rule.agreement)
    return ("profile", AGREE, *valued)


def check_query(args, fields: tuple[str, ...], *, table_rules: bool = True) -> None:
    """Refuse (400) a query string with a parameter not in ``fields`` (nor, on a page that shows them, a
    field of the profile and agreements), or a value too long or too often given."""
    fields = (*table_rule_fields(), *fields) if table_rules else fields
    for name in args:
        if name not in fields:
            abort(400, description=_("This page has no field '%(name)s'%(meant)s; its fields are: %(fields)s.",
                                     name=short(name), meant=did_you_mean(name, fields), fields=", ".join(fields)))
        values = args.getlist(name)
        if len(values) > MAX_VALUES:
            abort(400, description=_("The field '%(name)s' is given %(count)s times; this page reads it at most "
                                     "%(most)s times.", name=name, count=len(values), most=MAX_VALUES))
        if any(len(value) > MAX_VALUE for value in values):
            abort(400, description=_("The value of '%(name)s' is longer than %(most)s characters, more than any "
                                     "answer to this form needs.", name=name, most=MAX_VALUE))


@dataclass
class FormData:
    """A read form: the question so far, the input to show again, messages by field name."""

    question: dict = field(default_factory=dict)
    kept: dict = field(default_factory=dict)
    errors: dict = field(default_factory=dict)
    agreed: tuple = ()  # the agreements in force, as RuleBook.params takes them

    @property
    def ok(self) -> bool:
        return not self.errors

    def error(self, name: str, message: str) -> None:
        self.errors.setdefault(name, message)

    def add_answer_error(self, answer: dict, *fields: str, **aliases: str) -> None:
        """File the error object of ``ask()`` under the form field it names (else under ``form``).

        ``fields`` are the question's fields that are also fields of the form; ``aliases`` map a
        question field to the form field that gives it (``tricks="elder_tricks"``).
        """
        error = answer["error"]
        name = re.split(r"[\[.]", error["field"] or "", maxsplit=1)[0]
        self.error(aliases.get(name) or (name if name in fields else "form"), in_words(error["message"]))


def capital(text: str) -> str:
    """A phrase opening a message: its first letter raised ("the card led" -> "The card led")."""
    return text[:1].upper() + text[1:]


def short(text, limit: int = 40) -> str:
    """User text quoted in a message, cut to a readable length."""
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "…"


def requested_profile(args) -> tuple[str | None, str | None]:
    """The profile the query string names, and a message when it names none we know.

    ``(None, None)`` when it names no profile: the rule book's default decides. Every page reads
    ``profile`` through here: a form files the message under its field, the rule book pages
    answer it with a 400 (:func:`current_profile`), the dispute interview with its error page.
    """
    value = args.get("profile", "").strip().lower()
    profiles = get_book().profiles
    if value and value not in profiles:
        names = ", ".join(get_site().words.profile(name) for name in profiles)
        return None, _("Unknown profile '%(value)s': choose one of %(names)s.", value=short(value), names=names)
    return value or None, None


def current_profile() -> str:
    """The profile of this request's query string, or the default; a bad one is a 400 with a clear message."""
    profile, error = requested_profile(request.args)
    if error:
        abort(400, description=error)
    return profile or get_site().default_profile


def read_profile(args, form: FormData) -> None:
    """The profile and the agreements at this table: the rules every later field is read under."""
    profile, error = requested_profile(args)
    form.kept["profile"] = profile or get_site().default_profile
    if error:
        form.error("profile", error)
    elif profile:
        form.question["profile"] = profile
    _read_agreements(args, form)


AGREE = "agree"  # a ticked agreement; its empty value marks a form that showed the control
AGREE_VALUE = "agree-"  # prefix of an agreement that takes a number: agree-game-target=7


def _read_agreements(args, form: FormData) -> None:
    """The agreements ticked or given a number; none in the URL leaves the house's (if any) in force."""
    site = get_site()
    shown = AGREE in args or any(key.startswith(AGREE_VALUE) for key in args)
    house_written = list(site.house.written) if site.house else []
    if not shown:
        form.kept["agreements"] = _kept(house_written)
        form.agreed = site.house.agreements if site.house else ()
        return
    written: list = [name for name in (v.strip().lower() for v in args.getlist(AGREE)) if name]
    values: dict = {}
    for rule in site.agreement_rules:
        if "range" in rule.agreement:
            name, bounds = rule.agreement["name"], rule.agreement["range"]
            number = read_int(args, form, AGREE_VALUE + name, low=bounds["min"], high=bounds["max"],
                              what=lower_first(site.words.agreement_label(name)), required=False, store=False)
            if number is not None:
                written.append({name: number})
            values[name] = form.kept.pop(AGREE_VALUE + name)
    form.kept["agreements"] = {"on": {w for w in written if isinstance(w, str)}, "values": values}
    try:
        form.agreed = read_agreed({"agreements": written}, site.book)
    except QuestionError as exc:
        form.error("agreements", exc.message)
        return
    form.question["agreements"] = written


def agreement_query(written: list) -> list[tuple[str, str]]:
    """Agreements as a question writes them, as the query string of a form that shows the control."""
    query = [(AGREE, "")]
    for item in written:
        if isinstance(item, dict):
            query += [(AGREE_VALUE + str(name), str(value)) for name, value in item.items()]
        else:
            query.append((AGREE, str(item)))
    return query


def _kept(written: list) -> dict:
    """Agreements as a question writes them, as the control shows them."""
    return {"on": {w for w in written if isinstance(w, str)},
            "values": {k: str(v) for w in written if isinstance(w, dict) for k, v in w.items()}}


def read_trump(args, form: FormData, name: str = "trump", required: bool = True) -> None:
    value = args.get(name, "").strip()
    form.kept[name] = value
    if not value:
        if required:
            form.error(name, _("Choose the trump suit."))
        return
    try:
        suit = parse_suit(value)
    except CardNotationError:
        form.error(name, _("'%(value)s' is not a suit: choose spades, hearts, diamonds or clubs.", value=short(value)))
        return
    form.kept[name] = suit.letter
    form.question[name] = suit.letter


def read_one_card(args, form: FormData, name: str, *, what: str, required: bool = True) -> None:
    """One card field (a radio choice of the 32 cards, or typed); an optional one left empty stays out."""
    value = args.get(name, "").strip()
    form.kept[name] = value
    if value.lower() in NONE_WORDS:
        if required:
            form.error(name, _("Choose %(what)s.", what=what))
        return
    try:
        card = parse_card(value)
    except CardNotationError:
        form.error(name, _("%(What)s: '%(value)s' is not a card; %(help)s.", What=capital(what), value=short(value),
                           help=_(CARD_HELP)))
        return
    form.kept[name] = str(card)
    form.question[name] = str(card)


def read_card_list(args, form: FormData, name: str, *, what: str, required: bool = True) -> None:
    """Several cards: ticked boxes and/or typed text under one name.

    A card both ticked and typed counts once; a card typed twice in one box is a message (a pack
    holds each card once, so one of the two was meant to be another card). Cards that read are
    kept as ticks; strings that do not are given back in the text box.
    """
    cards, bad, twice = [], [], []
    for raw in args.getlist(name):
        typed: set[str] = set()
        for token in _SPLIT.split(raw.strip()):
            if not token:
                continue
            try:
                card = str(parse_card(token))
            except CardNotationError:
                bad.append(token)
                continue
            if card in typed:
                twice.append(card)
            typed.add(card)
            if card not in cards:
                cards.append(card)
    form.kept[name] = cards
    form.kept[name + "_text"] = " ".join(bad)
    if twice:
        form.error(name, _("%(What)s: you typed %(card)s twice; a pack holds each card once, so check which card you "
                           "meant.", What=capital(what), card=shown(parse_card(twice[0]), page_lang())))
        return
    if bad:
        listed = ", ".join(f"'{short(b, 12)}'" for b in bad[:5])
        form.error(name, ngettext("%(What)s: %(listed)s is not a card; %(help)s.",
                                  "%(What)s: %(listed)s are not cards; %(help)s.", len(bad), What=capital(what),
                                  listed=listed, help=_(CARD_HELP)))
        return
    if not cards and required:
        form.error(name, _("Choose %(what)s.", what=what))
        return
    form.question[name] = cards


def read_int(args, form: FormData, name: str, *, low: int, high: int, what: str,
             required: bool = True, store: bool = True) -> int | None:
    value = args.get(name, "").strip()
    form.kept[name] = value
    if value == "":
        if required:
            form.error(name, _("Give %(what)s.", what=what))
        return None
    try:
        number = int(value)
    except ValueError:
        form.error(name, _("%(What)s must be a whole number from %(low)s to %(high)s, not '%(value)s'.",
                           What=capital(what), low=low, high=high, value=short(value)))
        return None
    if not low <= number <= high:
        form.error(name, _("%(What)s must be from %(low)s to %(high)s, not %(number)s.", What=capital(what), low=low,
                           high=high, number=number))
        return None
    if store:
        form.question[name] = number
    return number


def read_names(args, form: FormData, name: str, *, what: str, required: bool, count: int | None = None) -> None:
    """Players' names, separated by commas or new lines, in order (the engine checks who they are)."""
    value = args.get(name, "")
    form.kept[name] = value
    names = [part.strip() for part in re.split(r"[,\n]+", value) if part.strip()]
    if names and count is not None and len(names) != count:
        form.error(name, _("Give %(what)s: %(count)d names separated by commas, not %(given)d.", what=what,
                           count=count, given=len(names)))
    elif names:
        form.question[name] = [short(n) for n in names]
    elif required:
        form.error(name, _("Give %(what)s.", what=what))


def read_flag(args, form: FormData, name: str) -> None:
    """A checkbox: present and not 'false'/'0'/'no' means true."""
    value = args.get(name, "").strip().lower()
    on = bool(value) and value not in ("0", "false", "no", "off")
    form.kept[name] = on
    if on:
        form.question[name] = True


def read_choice(args, form: FormData, name: str, choices: dict, *, what: str) -> None:
    """A select whose values map to question values (``""`` → leave the field out)."""
    value = args.get(name, "").strip().lower()
    form.kept[name] = value
    if value not in choices:
        form.error(name, _("'%(value)s' is not a choice for %(what)s.", value=short(value), what=what))
        return
    if choices[value] is not None:
        form.question[name] = choices[value]
