"""``/legal``: "is this legal?" and the other referee questions (trick, score, short stock).

Each page is a GET form, so the question and its profile live in the URL: a
verdict can be shared, and changing the profile re-rules the same question.
A form that cannot be read comes back with its messages and status 400; an address
with a parameter the page does not read, or an over-long value, is a 400 page
(:func:`forms.check_query`).

The two forms that pick cards (may I play it? and who wins the trick?) show one pack of cards
at a time, in two steps, so that a phone never scrolls through three grids: first the trump and
your hand (or the card led), then the card led and the card you mean to play (or the card played
to it), with the first step's answers carried in hidden fields. ``step`` says which step a
request asks for: ``2`` the second (after the first step's *Next*), ``1`` the first again (its
*Change* link), with everything given so far kept. Without ``step`` the question is ruled, as
every address of these forms always was (``/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S``).
"""
from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _

from ..asking import ask
from ..i18n import DEFAULT_LANG
from . import forms
from .lang import page_lang
from .site import get_site

bp = Blueprint("legal", __name__, url_prefix="/legal")

SEAT_CHOICES = {"": None, "elder": "elder", "dealer": "dealer"}
# The fields of each form: the only parameters its address may carry (with the profile and the
# agreements at this table, where the page shows them).
STEP = "step"  # which step of a two-step form is asked for (module docstring)
STEPS = ("1", "2")
PLAY_FIELDS = ("trump", "led", "hand", "card", STEP)
TRICK_FIELDS = ("trump", "led", "followed", STEP)
# Each two-step form's first and later fields: a message on a first field shows the first step again.
PLAY_FIRST, PLAY_LATER = ("trump", "hand"), ("led", "card")
TRICK_FIRST, TRICK_LATER = ("trump", "led"), ("followed",)
SCORE_FLAGS = ("elder_played_without_proposing", "dealer_refused_first_proposal", "dealer_refused_later_proposal",
               "king_turned")
SCORE_FIELDS = ("elder_tricks", *SCORE_FLAGS, "king_announced_by", "before_elder", "before_dealer")
POOL_FIELDS = ("players", "first", "results")
EXCHANGE_FIELDS = ("stock", "elder_discards", "dealer_discards")


def _ask(form: forms.FormData, kind: str, fields: tuple[str, ...], **aliases: str) -> dict | None:
    """The answer to a read form's question, or None (an error of ``ask()`` is filed under its field).

    ``fields`` and ``aliases`` say where an error of ``ask()`` is shown (:meth:`FormData.add_answer_error`).
    """
    if not form.ok:
        return None
    form.question["kind"] = kind
    if page_lang() != DEFAULT_LANG:  # the answer's words in the page's language (the question's field lang)
        form.question["lang"] = page_lang()
    answer = ask(form.question, get_site().library)  # the library: a house's rules apply
    if "error" in answer:
        form.add_answer_error(answer, *fields, **aliases)
        return None
    return answer


def _rule(template: str, form: forms.FormData, kind: str, fields: tuple[str, ...], *,
          steps: tuple[tuple[str, ...], tuple[str, ...]] | None = None, **aliases: str):
    """Ask the question of a read form and render the page (status 400 when anything is wrong).

    ``steps``: a two-step form's first and later fields (:func:`_steps`), once the answer is known.
    """
    answer = _ask(form, kind, fields, **aliases)
    status = 200 if form.ok else 400
    context = _steps(request.args, form, *steps, None) if steps else {}
    return render_template(template, form=form, answer=answer, submitted=True, params=_params(form),
                           **context), status


def _shown_step(template: str, form: forms.FormData, steps: dict):
    """One step of a two-step form, with no ruling (status 400 when anything given is wrong)."""
    status = 200 if form.ok else 400
    return render_template(template, form=form, answer=None, submitted=True, params=_params(form), **steps), status


def _params(form: forms.FormData):
    """The rule book's parameters under the form's profile and agreements: the limits of its number fields."""
    return get_site().book.params(form.kept.get("profile"), form.agreed)


def _submitted(*names: str) -> bool:
    return any(name in request.args for name in names)


def _blank(template: str, **context):
    form = forms.FormData()
    forms.read_profile(request.args, form)
    status = 200 if form.ok else 400
    return render_template(template, form=form, answer=None, submitted=False, params=_params(form),
                           **context), status


def _step(args) -> str | None:
    """The step a request asks for (``1`` or ``2``), or None: rule the question."""
    value = args.get(STEP)
    if value is not None and value not in STEPS:
        abort(400, description=_("The field '%(field)s' names the step of the form: 1 (the first) or 2 (the second), "
                                 "not '%(value)s'.", field=STEP, value=forms.short(value)))
    return value


def _steps(args, form: forms.FormData, first: tuple[str, ...], later: tuple[str, ...], step: str | None) -> dict:
    """What a two-step form's template needs: which step to show, the later fields already given
    (carried through the first step), and the link back to the first step with everything kept.

    The first step is shown when it is asked for, or when one of its fields has a message (its
    input is then to be corrected there); otherwise the second.
    """
    stage = 1 if step == "1" or any(name in form.errors for name in first) else 2
    kept = [(name, value) for name, value in args.items(multi=True) if name != STEP]
    lang = [("lang", page_lang())] if page_lang() != DEFAULT_LANG else []  # the link keeps the page's language
    return {"stage": stage, "carried": [name for name in later if name in args],
            "change_url": f"{request.path}?{urlencode([*kept, (STEP, '1'), *lang])}"}


def _first_step_only(form: forms.FormData, later: tuple[str, ...]) -> forms.FormData:
    """The form as its first step alone asks it (the later fields left out of the question)."""
    return forms.FormData(question={k: v for k, v in form.question.items() if k not in later}, agreed=form.agreed)


@bp.get("/")
def play():
    """May this card be played? (kind ``play``)."""
    forms.check_query(request.args, PLAY_FIELDS)
    step = _step(request.args)
    if not _submitted("trump", "hand", "led", "card", STEP):
        return _blank("legal/play.html", stage=1, carried=[], change_url=None)
    args, form = request.args, forms.FormData()
    forms.read_profile(args, form)
    forms.read_trump(args, form)
    forms.read_one_card(args, form, "led", what=_("the card led"), required=False)  # none: this player leads
    forms.read_card_list(args, form, "hand", what=_("the cards in your hand"))
    forms.read_one_card(args, form, "card", what=_("the card you want to play"), required=False)
    fields = ("trump", "led", "hand", "card", "profile", "agreements")
    if step is None:
        return _rule("legal/play.html", form, "play", fields, steps=(PLAY_FIRST, PLAY_LATER))
    if step == "2":  # the first step is checked by the engine as a question of its own (you lead, no card named)
        first = _first_step_only(form, PLAY_LATER)
        _ask(first, "play", fields)
        for name, message in first.errors.items():
            form.error(name, message)
    return _shown_step("legal/play.html", form, _steps(args, form, PLAY_FIRST, PLAY_LATER, step))


@bp.get("/trick", strict_slashes=False)  # "/legal/trick/" too: the slash a phone keyboard adds
def trick():
    """Who wins this trick? (kind ``trick``)."""
    forms.check_query(request.args, TRICK_FIELDS)
    step = _step(request.args)
    if not _submitted("trump", "led", "followed", STEP):
        return _blank("legal/trick.html", stage=1, carried=[], change_url=None)
    args, form = request.args, forms.FormData()
    forms.read_profile(args, form)
    forms.read_trump(args, form)
    forms.read_one_card(args, form, "led", what=_("the card led"))
    if step is not None:  # a step shown, not ruled: the card played to it is not asked for yet
        forms.read_one_card(args, form, "followed", what=_("the card played to it"), required=False)
        return _shown_step("legal/trick.html", form, _steps(args, form, TRICK_FIRST, TRICK_LATER, step))
    forms.read_one_card(args, form, "followed", what=_("the card played to it"))
    return _rule("legal/trick.html", form, "trick", ("trump", "led", "followed", "profile", "agreements"),
                 steps=(TRICK_FIRST, TRICK_LATER))


@bp.get("/score", strict_slashes=False)
def score():
    """What does this hand score? (kind ``score``)."""
    forms.check_query(request.args, SCORE_FIELDS)
    if not _submitted("elder_tricks"):
        return _blank("legal/score.html")
    args, form = request.args, forms.FormData()
    forms.read_profile(args, form)
    params = _params(form)
    tricks = params.hand_size  # a trick for each card held
    elder = forms.read_int(args, form, "elder_tricks", low=0, high=tricks, what=_("the tricks the elder hand won"),
                           store=False)
    if elder is not None:
        form.question["tricks"] = {"elder": elder, "dealer": tricks - elder}
    for flag in SCORE_FLAGS:
        forms.read_flag(args, form, flag)
    forms.read_choice(args, form, "king_announced_by", SEAT_CHOICES, what=_("who announced the king"))
    before = {}
    for seat in ("elder", "dealer"):
        value = forms.read_int(args, form, f"before_{seat}", low=0, high=params.game_target - 1,
                               what=_("the elder's score before") if seat == "elder" else
                               _("the dealer's score before"),
                               required=False, store=False)
        if value is not None:
            before[seat] = value
    if len(before) == 2:
        form.question["score_before"] = before
    elif before and not {"before_elder", "before_dealer"} & form.errors.keys():  # the other one left empty
        form.error("score_before", _("Give both scores before the hand, or neither."))
    return _rule("legal/score.html", form, "score", ("king_announced_by", "score_before", "king_turned",
                                                     "elder_played_without_proposing", "dealer_refused_first_proposal",
                                                     "dealer_refused_later_proposal", "profile", "agreements"),
                 tricks="elder_tricks")


@bp.get("/pool", strict_slashes=False)
def pool():
    """Pool écarté for three: who plays next, who sits out, who has won (kind ``pool``)."""
    forms.check_query(request.args, POOL_FIELDS, table_rules=False)
    if not _submitted("players", "results"):
        return _blank("legal/pool.html")
    args, form = request.args, forms.FormData()
    forms.read_names(args, form, "players", what=_("the three players"), required=True, count=3)
    forms.read_names(args, form, "first", what=_("the two who play the first game"), required=False, count=2)
    forms.read_names(args, form, "results", what=_("the winner of each game"), required=False)
    return _rule("legal/pool.html", form, "pool", ("players", "first", "results"))


@bp.get("/exchange", strict_slashes=False)
def exchange():
    """The stock runs short: who draws what? (kind ``exchange``)."""
    forms.check_query(request.args, EXCHANGE_FIELDS)
    if not _submitted("stock", "elder_discards"):
        return _blank("legal/exchange.html")
    args, form = request.args, forms.FormData()
    forms.read_profile(args, form)
    params = _params(form)
    forms.read_int(args, form, "stock", low=0, high=params.stock_size, what=_("the cards left in the stock"))
    forms.read_int(args, form, "elder_discards", low=0, high=params.elder_max_discard,
                   what=_("the cards the elder hand discards"))
    forms.read_int(args, form, "dealer_discards", low=0, high=params.dealer_max_discard,
                   what=_("the cards the dealer discards"), required=False)
    return _rule("legal/exchange.html", form, "exchange",
                 ("stock", "elder_discards", "dealer_discards", "profile", "agreements"))
