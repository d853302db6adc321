"""A card of the learner's judged from what he can see, under the hidden-card model, and why the best beats it.

The figures are the ``analyse`` kind's with ``view`` his seat (the hidden-card model: both players choosing
every later card from what each can see). The best cards are those with the best chance of the point, then of
the vole, within :data:`CLOSE` or the analysis's own margin; a card is a mistake when it trails the best by
:data:`MATERIAL` or that margin. Why the best beats it comes from :mod:`..engine.parting`: a deal of the very
weighing the figures come from where the two part, both played out, said in the words of
``rules/course/why.yaml``. The deal reviews (:mod:`.review`) and the tutor's why at ``/play`` (:mod:`.why`)
judge by these.
"""
from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping

from ..cards import Card
from ..engine import analysis, hidden, parting
from ..engine.analysis import CardFigures
from ..i18n import current, tr
from ..jsontypes import Question
from ..rulebook import Params, RuleBook

CLOSE = 0.005  # chances this close are the same (the analysis rounds to three places)
MATERIAL = 0.05  # a card is a mistake when its chance of the point (or the vole) is this much below the best
RIVAL = "tutor"  # how the sentences name the learner's adversary (a key of the catalogue's rivals)


def margin_of(figures: Mapping[str, CardFigures]) -> float:
    """The analysis's own margin of error on a chance (none for exact figures)."""
    return max((f.get("margin", 0.0) for f in figures.values()), default=0.0)


def best_by_view(figures: Mapping[str, CardFigures], params: Params) -> list[str]:
    """The cards with the best chance of the point, then of the vole, from the learner's view, in rank order."""
    tol = max(CLOSE, margin_of(figures))
    top = max(f["p_point"] for f in figures.values())
    near = [c for c, f in figures.items() if f["p_point"] >= top - tol]
    vole = max(figures[c]["p_vole"] for c in near)
    best = [c for c in near if figures[c]["p_vole"] >= vole - tol]
    return [c.notation for c in params.ranking.sort(Card.from_str(c) for c in best)]


def behind(chosen: CardFigures, best: CardFigures, figures: Mapping[str, CardFigures]) -> str | None:
    """What ``chosen`` is behind ``best`` in, by more than :data:`MATERIAL` (or the margin): ``"point"``,
    or, the point alike, ``"vole"`` (more tricks without the point or the vole score nothing); None when it
    is not."""
    by = max(MATERIAL, margin_of(figures))
    if chosen["p_point"] < best["p_point"] - by:
        return "point"
    if chosen["p_point"] <= best["p_point"] + by and chosen["p_vole"] < best["p_vole"] - by:
        return "vole"
    return None


def chance(f: CardFigures) -> str:
    """A card's chances in words: "68 % for the point, 3 % for the vole"."""
    point, vole = round(100 * f["p_point"]), round(100 * f["p_vole"])
    return (tr("%(point)s %% for the point, %(vole)s %% for the vole", point=point, vole=vole) if f["p_vole"] else
            tr("%(point)s %% for the point", point=point))


def whys(question: Question, params: Params, book: RuleBook, seat: str, better: Card,
         worse: Mapping[Card, str]) -> dict[Card, str]:
    """Why ``better`` beats each card of ``worse`` (by the goal it trails in), in words: the position of the
    ``analyse`` ``question`` weighed once as the analysis weighs it, a parting deal found for each; a card no
    deal explains is left out. Kept for the last positions asked (a page shown again asks again)."""
    key = json.dumps([str(book.root), current(), params.profile, repr(params.agreements), question, seat, str(better),
                      sorted((str(c), g) for c, g in worse.items())], sort_keys=True, default=str)
    if key not in _kept:
        _kept[key] = _whys(question, params, book, seat, better, worse)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return _kept[key]


KEPT = 64  # positions whose whys are kept
_kept: OrderedDict[str, dict[Card, str]] = OrderedDict()


def _whys(question: Question, params: Params, book: RuleBook, seat: str, better: Card,
          worse: Mapping[Card, str]) -> dict[Card, str]:
    position = analysis.read_position(question, params)
    begin = hidden.start(position.state, position.held, seat, book, params)
    seed = analysis.weighing_seed(position, seat)
    weighed = hidden.weigh(begin, params, seed, hidden.DEALS, hidden.WORLDS)
    out: dict[Card, str] = {}
    for card, goal in worse.items():
        found = parting.find(begin, params, weighed, seed, better, card, goal)
        if found is not None:
            out[card] = parting.words(found, goal, RIVAL, book)
    return out
