"""``/legal``: "is this legal?" and the other referee questions (trick, score, short stock).

Each page is a GET form, so the question and its profile live in the URL: a
verdict can be shared, and changing the profile re-rules the same question.
A form that cannot be read comes back with its messages and status 400; an address
with a parameter the page does not read, or an over-long value, is a 400 page
(:func:`forms.check_query`).
"""
from __future__ import annotations

from flask import Blueprint, render_template, request

from ..asking import ask
from . import forms
from .site import get_site

bp = Blueprint("legal", __name__, url_prefix="/legal")

SEAT_CHOICES = {"": None, "elder": "elder", "dealer": "dealer"}
# The fields of each form: the only parameters its address may carry (with the profile and the
# agreements at this table, where the page shows them).
PLAY_FIELDS = ("trump", "led", "hand", "card")
TRICK_FIELDS = ("trump", "led", "followed")
SCORE_FLAGS = ("elder_played_without_proposing", "dealer_refused_first_proposal", "dealer_refused_later_proposal",
               "king_turned")
SCORE_FIELDS = ("elder_tricks", *SCORE_FLAGS, "king_announced_by", "before_elder", "before_dealer")
POOL_FIELDS = ("players", "first", "results")
EXCHANGE_FIELDS = ("stock", "elder_discards", "dealer_discards")


def _rule(template: str, form: forms.FormData, kind: str, fields: tuple[str, ...], **aliases: str):
    """Ask the question of a read form and render the page (status 400 when anything is wrong).

    ``fields`` and ``aliases`` say where an error of ``ask()`` is shown (:meth:`FormData.add_answer_error`).
    """
    answer = None
    if form.ok:
        form.question["kind"] = kind
        answer = ask(form.question, get_site().library)  # the library: a house's rules apply
        if "error" in answer:
            form.add_answer_error(answer, *fields, **aliases)
            answer = None
    status = 200 if form.ok else 400
    return render_template(template, form=form, answer=answer, submitted=True, params=_params(form)), status


def _params(form: forms.FormData):
    """The rule book's parameters under the form's profile and agreements: the limits of its number fields."""
    return get_site().book.params(form.kept.get("profile"), form.agreed)


def _submitted(*names: str) -> bool:
    return any(name in request.args for name in names)


def _blank(template: str):
    form = forms.FormData()
    forms.read_profile(request.args, form)
    status = 200 if form.ok else 400
    return render_template(template, form=form, answer=None, submitted=False, params=_params(form)), status


@bp.get("/")
def play():
    """May this card be played? (kind ``play``)."""
    forms.check_query(request.args, PLAY_FIELDS)
    if not _submitted("trump", "hand", "led", "card"):
        return _blank("legal/play.html")
    args, form = request.args, forms.FormData()
    forms.read_profile(args, form)
    forms.read_trump(args, form)
    forms.read_one_card(args, form, "led", what="the card led", required=False)  # none: this player leads
    forms.read_card_list(args, form, "hand", what="the cards in your hand")
    forms.read_one_card(args, form, "card", what="the card you want to play", required=False)
    return _rule("legal/play.html", form, "play", ("trump", "led", "hand", "card", "profile", "agreements"))


@bp.get("/trick")
def trick():
    """Who wins this trick? (kind ``trick``)."""
    forms.check_query(request.args, TRICK_FIELDS)
    if not _submitted("trump", "led", "followed"):
        return _blank("legal/trick.html")
    args, form = request.args, forms.FormData()
    forms.read_profile(args, form)
    forms.read_trump(args, form)
    forms.read_one_card(args, form, "led", what="the card led")
    forms.read_one_card(args, form, "followed", what="the card played to it")
    return _rule("legal/trick.html", form, "trick", ("trump", "led", "followed", "profile", "agreements"))


@bp.get("/score")
def score():
    """What does this hand score? (kind ``score``)."""
    forms.check_query(request.args, SCORE_FIELDS)
    if not _submitted("elder_tricks"):
        return _blank("legal/score.html")
    args, form = request.args, forms.FormData()
    forms.read_profile(args, form)
    params = _params(form)
    tricks = params.hand_size  # a trick for each card held
    elder = forms.read_int(args, form, "elder_tricks", low=0, high=tricks, what="the tricks the elder hand won",
                           store=False)
    if elder is not None:
        form.question["tricks"] = {"elder": elder, "dealer": tricks - elder}
    for flag in SCORE_FLAGS:
        forms.read_flag(args, form, flag)
    forms.read_choice(args, form, "king_announced_by", SEAT_CHOICES, what="who announced the king")
    before = {}
    for seat in ("elder", "dealer"):
        value = forms.read_int(args, form, f"before_{seat}", low=0, high=params.game_target - 1,
                               what=f"the {seat}'s score before",
                               required=False, store=False)
        if value is not None:
            before[seat] = value
    if len(before) == 2:
        form.question["score_before"] = before
    elif before and not {"before_elder", "before_dealer"} & form.errors.keys():  # the other one left empty
        form.error("score_before", "Give both scores before the hand, or neither.")
    return _rule("legal/score.html", form, "score", ("king_announced_by", "score_before", "king_turned",
                                                     "elder_played_without_proposing", "dealer_refused_first_proposal",
                                                     "dealer_refused_later_proposal", "profile", "agreements"),
                 tricks="elder_tricks")


@bp.get("/pool")
def pool():
    """Pool écarté for three: who plays next, who sits out, who has won (kind ``pool``)."""
    forms.check_query(request.args, POOL_FIELDS, table_rules=False)
    if not _submitted("players", "results"):
        return _blank("legal/pool.html")
    args, form = request.args, forms.FormData()
    forms.read_names(args, form, "players", what="the three players", required=True, count=3)
    forms.read_names(args, form, "first", what="the two who play the first game", required=False, count=2)
    forms.read_names(args, form, "results", what="the winner of each game", required=False)
    return _rule("legal/pool.html", form, "pool", ("players", "first", "results"))


@bp.get("/exchange")
def exchange():
    """The stock runs short: who draws what? (kind ``exchange``)."""
    forms.check_query(request.args, EXCHANGE_FIELDS)
    if not _submitted("stock", "elder_discards"):
        return _blank("legal/exchange.html")
    args, form = request.args, forms.FormData()
    forms.read_profile(args, form)
    params = _params(form)
    forms.read_int(args, form, "stock", low=0, high=params.stock_size, what="the cards left in the stock")
    forms.read_int(args, form, "elder_discards", low=0, high=params.elder_max_discard,
                   what="the cards the elder hand discards")
    forms.read_int(args, form, "dealer_discards", low=0, high=params.dealer_max_discard,
                   what="the cards the dealer discards", required=False)
    return _rule("legal/exchange.html", form, "exchange",
                 ("stock", "elder_discards", "dealer_discards", "profile", "agreements"))
