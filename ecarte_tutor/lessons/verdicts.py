"""The verdicts of the ``best-card`` steps under the hidden-card model, kept as data beside the lessons.

Each step's position is weighed once (:mod:`..engine.hidden`: both players choosing every later card from
what each can see) over ``DEALS`` deals with ``WORLDS`` worlds per decision and a fixed seed; every card of
the learner's is played on the same deals, so two cards are compared deal by deal. The cards accepted are
the best card and every card that trails it by less than ``MARGIN`` standard errors of the paired gap: the
sample cannot tell them apart, and the step says they are as good.

The figures live in ``lessons/verdicts/best-card.yaml`` (model, deals, worlds and seed beside them), so that
``check`` and the pages only read them: ``ecarte-tutor check --recompute`` (and one test) weighs every
position again (:func:`..checks.recompute_verdicts`) and fails on a figure that moved; ``--write`` rewrites
the file.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..agreements import read_agreements
from ..asking import read_profile
from ..cards import parse_card
from ..engine import analysis, hidden
from ..paths import lessons_dir
from ..rulebook import RuleBook
from ..yamlio import load_yaml

MODEL = "hidden"
DEALS = 3000
WORLDS = 30
SEED = 38
MARGIN = 2.0  # standard errors of the paired gap: closer than this, two cards are as good

T = TypeVar("T")


@dataclass(frozen=True)
class Verdict:
    """One position's figures: by card (in the hand's order) its figure for the goal, the four figures, and
    its gap to the best card with the gap's standard error; the best card and the cards accepted."""

    key: str
    goal: str
    best: str
    accepted: tuple[str, ...]
    cards: dict[str, dict[str, float]]
    deals: int = DEALS
    worlds: int = WORLDS
    seed: int = SEED
    model: str = MODEL

    def as_data(self) -> dict[str, Any]:
        return {"key": self.key, "goal": self.goal, "model": self.model, "deals": self.deals,
                "worlds": self.worlds, "seed": self.seed, "best": self.best, "accepted": list(self.accepted),
                "cards": self.cards}


def key_of(position: Mapping[str, object], book: RuleBook) -> str:
    """A short fingerprint of what the learner sees at the position (his hand, the turn-up, the cards played
    and what they proved: :func:`..engine.hidden.start`), with the goal, the profile and the agreements: two
    positions alike to him share a verdict, whatever the hidden cards."""
    params = book.params(read_profile(dict(position), book), read_agreements(dict(position), book))
    question = {**{k: v for k, v in position.items() if k != "goal"}, "kind": "analyse"}
    state = analysis.read_position(question, params)
    begin = hidden.start(state.state, state.held, str(position["view"]), book, params)
    seen = [repr(begin), str(position.get("goal") or "point"), params.profile, repr(params.agreements)]
    return hashlib.sha256("|".join(seen).encode()).hexdigest()[:16]


def compute(position: Mapping[str, object], book: RuleBook) -> Verdict:
    """Weigh a ``best-card`` position under the hidden-card model (slow: about a second)."""
    params = book.params(read_profile(dict(position), book), read_agreements(dict(position), book))
    goal = str(position.get("goal") or "point")
    question = {**{k: v for k, v in position.items() if k != "goal"}, "kind": "analyse"}
    state = analysis.read_position(question, params)
    viewer = str(position["view"])
    weighed = hidden.weigh(hidden.start(state.state, state.held, viewer, book, params), params, SEED, DEALS,
                           WORLDS)
    least = {"point": params.point_tricks, "vole": params.hand_size, "trick": 1, "tricks": None}[goal]

    def figure(outcomes: tuple[int, ...]) -> float:
        return sum(outcomes) / len(outcomes) if least is None else hidden.share(outcomes, least)

    order = [card for card in weighed.cards if card is not None]
    top = max(order, key=lambda c: figure(weighed.outcomes(c)))  # the first of the best, in raw order
    cards: dict[str, dict[str, float]] = {}
    accepted = []
    for card in params.ranking.sort(order):
        outcomes = weighed.outcomes(card)
        gap, error = hidden.paired(weighed.outcomes(top), outcomes, least)
        cards[str(card)] = {"figure": round(figure(outcomes), 4), "expected_tricks": round(sum(outcomes) / DEALS, 4),
                            "p_point": round(hidden.share(outcomes, params.point_tricks), 4),
                            "p_vole": round(hidden.share(outcomes, params.hand_size), 4),
                            "p_trick": round(hidden.share(outcomes, 1), 4),
                            "gap": round(gap, 4), "error": round(error, 4)}
        if gap < MARGIN * error or gap <= 0:
            accepted.append(str(card))
    return Verdict(key_of(position, book), goal, str(top), tuple(accepted), cards)


def verdicts_file() -> Path:
    return lessons_dir() / "verdicts" / "best-card.yaml"


def read_kept(path: Path, make: Callable[..., T], figures: str) -> dict[str, T]:
    """The verdicts of a file of kept verdicts (best-card's here, best-exchange's too), by position fingerprint;
    each made by ``make`` from its fields in order, its ``figures`` (by card or by choice) among them."""
    if not path.exists():
        return {}
    return {entry["key"]: make(entry["key"], entry["goal"], entry["best"], tuple(entry["accepted"]),
                               {name: dict(found) for name, found in entry[figures].items()},
                               entry["deals"], entry["worlds"], entry["seed"], entry["model"])
            for entry in load_yaml(path)["verdicts"]}


@lru_cache(maxsize=1)
def stored() -> dict[str, Verdict]:
    """The verdicts kept as data, by position fingerprint (empty when the file is missing)."""
    return read_kept(verdicts_file(), Verdict, "cards")


def verdict_for(position: Mapping[str, object], book: RuleBook) -> Verdict | None:
    return stored().get(key_of(position, book))


class Accepting(Protocol):
    """A verdict of either kind (best-card's, best-exchange's), as the recomputation compares them."""

    @property
    def key(self) -> str: ...

    @property
    def accepted(self) -> tuple[str, ...]: ...


A = TypeVar("A", bound=Accepting)


def under_profiles(position: Mapping[str, object], book: RuleBook,
                   weigh: Callable[[Mapping[str, object]], A]) -> list[A]:
    """A step's verdict under its own rules, then its verdict under each other profile of the book that accepts
    other answers: a profile can change a lesson's answer (under the modern club's rules the elder who plays
    without proposing is not vulnerable, and two of lesson 17's leads part), so that profile's verdict is kept
    too (:func:`verdict_for` finds it for the position naming that profile). A profile that accepts the same
    answers keeps none: the recomputation has shown the step's answer holds under it."""
    own = weigh(position)
    ours = read_profile(dict(position), book)
    others = (weigh({**position, "profile": profile}) for profile in book.profiles if profile != ours)
    return [own, *(theirs for theirs in others if set(theirs.accepted) != set(own.accepted))]


def left_over(kept: Mapping[str, object], fresh: Iterable[Accepting]) -> list[str]:
    """A line for each verdict kept that no step's fresh weighing made (under any profile)."""
    made = {verdict.key for verdict in fresh}
    return [f"the verdict kept as {key} belongs to no step under any profile: rewrite the data with "
            "'ecarte-tutor check --recompute --write'" for key in sorted(set(kept) - made)]


def problems(position: Mapping[str, object], expected: str | None, book: RuleBook) -> list[str]:
    """What ``check`` finds wrong with a step's verdict, reading the data only."""
    found = verdict_for(position, book)
    if found is None:
        return ["no verdict is kept for this position under the hidden-card model: run "
                "'ecarte-tutor check --recompute --write'"]
    out = []
    if expected is not None and str(parse_card(expected)) not in found.accepted:
        best = found.cards[found.best]
        mine = found.cards.get(str(parse_card(expected)))
        trail = f"trails {found.best} by {mine['gap']:.3f} ± {mine['error']:.3f}" if mine else "is not in the hand"
        out.append(f"under the hidden-card model the stated card {expected} {trail} (best {found.best}, "
                   f"{best['figure']:.3f}): the verdict no longer holds")
    for card, figures in found.cards.items():  # the data's own consistency: every card left out is worse
        if card not in found.accepted and figures["gap"] < MARGIN * figures["error"]:
            out.append(f"the kept verdict leaves out {card}, which is within {MARGIN:g} standard errors of the best")
    return out



def write(verdicts: list[Verdict]) -> Path:
    """The data file rewritten with ``verdicts``."""
    import yaml

    path = verdicts_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    header = ("# The best-card steps' verdicts under the hidden-card model (ecarte_tutor/lessons/verdicts.py).\n"
              "# Made by 'ecarte-tutor check --recompute --write'; 'ecarte-tutor check' reads them.\n")
    path.write_text(header + yaml.safe_dump({"verdicts": [v.as_data() for v in verdicts]}, sort_keys=False,
                                            allow_unicode=True), encoding="utf-8")
    stored.cache_clear()
    return path
