"""The verdicts of the ``best-exchange`` steps under the hidden-card model, kept as data beside the lessons.

The companion of :mod:`.verdicts` (the ``best-card`` steps'), by the same mechanism: each step's decision
is weighed once (:func:`..engine.analysis_exchange.deal_by_deal`: every choice played to the end of the hand,
the play by the hidden-card model) over ``DEALS`` deals with a fixed seed, every choice on the same deals,
so two choices are compared deal by deal. The choices accepted are the best by the step's goal and every
choice that trails it by less than ``MARGIN`` standard errors of the paired gap: the deals cannot tell them
apart, and the step says they are as good.

The figures live in ``lessons/verdicts/best-exchange.yaml``; ``check`` reads them, ``ecarte-tutor check
--recompute`` (and one test) weighs every step again, ``--write`` rewrites the file.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import sqrt
from pathlib import Path
from typing import Any

from ..agreements import read_agreements
from ..asking import read_profile
from ..cards import parse_card
from ..engine import analysis, analysis_exchange
from ..paths import lessons_dir
from ..rulebook import RuleBook
from .verdicts import MARGIN, MODEL, SEED, left_over, read_kept, under_profiles

DEALS = 6000
GOALS = ("point", "score", "tricks")
FIGURES = ("expected_tricks", "p_point", "p_vole", "p_trick", "expected_points")


def written(choice: analysis_exchange.Choice) -> str:
    """A choice as the data writes it: the word, or the cards thrown out in the hand's order ("" for none)."""
    return choice if isinstance(choice, str) else " ".join(str(card) for card in choice)


def said(value: object) -> str:
    """A learner's or a lesson's answer (``{"choice": ...}`` or ``{"cards": [...]}``'s value) as the data
    writes it, the cards in any order."""
    if isinstance(value, list):
        return " ".join(sorted(str(parse_card(str(c))) for c in value))
    return str(value)


def normal(name: str) -> str:
    """A choice as the data writes it, in the form :func:`said` gives: the cards sorted."""
    return " ".join(sorted(name.split()))


def _same(a: str, b: str) -> bool:
    return normal(a) == normal(b)


@dataclass(frozen=True)
class Verdict:
    """One decision's figures: by choice its figure for the goal, the five figures, and its gap to the best
    with the gap's standard error; the best choice and the choices accepted (the best first, then by figure)."""

    key: str
    goal: str
    best: str
    accepted: tuple[str, ...]
    choices: dict[str, dict[str, float]]
    deals: int = DEALS
    worlds: int = analysis_exchange.WORLDS
    seed: int = SEED
    model: str = MODEL

    def as_data(self) -> dict[str, Any]:
        return {"key": self.key, "goal": self.goal, "model": self.model, "deals": self.deals, "worlds": self.worlds,
                "seed": self.seed, "best": self.best, "accepted": list(self.accepted), "choices": self.choices}

    def accepts(self, answer: str) -> bool:
        return any(_same(answer, choice) for choice in self.accepted)


def _position(position: Mapping[str, object], book: RuleBook) -> tuple[Any, Any, str]:
    params = book.params(read_profile(dict(position), book), read_agreements(dict(position), book))
    question = {**{k: v for k, v in position.items() if k != "goal"}, "kind": "analyse"}
    return params, analysis.replay(question, params), str(position["view"])


def goal_of(position: Mapping[str, object], decision: str) -> str:
    return str(position.get("goal") or ("point" if decision == "discard" else "score"))


def key_of(position: Mapping[str, object], book: RuleBook) -> str:
    """A short fingerprint of what the learner knows at the decision (his cards, the turn-up, what he drew,
    the actions with the other's discards as counts), with the goal, the profile and the agreements."""
    params, replayed, viewer = _position(position, book)
    known = analysis_exchange._known(replayed.deal, replayed.actions, replayed.state, viewer)
    decision = analysis_exchange.DECISIONS[replayed.state.phase]
    seen = [viewer, str(known.deal.turn_up), " ".join(sorted(str(c) for c in getattr(known.deal, viewer))),
            " ".join(str(c) if c else "-" for c in known.stock),
            " ".join(f"{a['by']}:{a['do']}:" + (" ".join(str(c) for c in a.get("cards", [])) if a["by"] == viewer
                                                 else str(len(a.get("cards", [])))) for a in known.actions),
            goal_of(position, decision), params.profile, repr(params.agreements)]
    return hashlib.sha256("|".join(seen).encode()).hexdigest()[:16]


def compute(position: Mapping[str, object], book: RuleBook) -> Verdict:
    """Weigh a ``best-exchange`` decision under the hidden-card model (a second or two for a discard)."""
    params, replayed, viewer = _position(position, book)
    goal = goal_of(position, analysis_exchange.DECISIONS[replayed.state.phase])
    choices, outcomes = analysis_exchange.deal_by_deal(replayed.deal, replayed.actions, replayed.state, viewer, book,
                                                       params, SEED, DEALS)

    def value(tricks: int, points: int) -> int:
        return {"point": int(tricks >= params.point_tricks), "score": points, "tricks": tricks}[goal]

    values = {written(c): [value(t, p) for t, p in outcomes[c]] for c in choices}
    count = len(next(iter(values.values())))
    top = max(values, key=lambda c: sum(values[c]))  # the first of the best, in the referee's order
    table: dict[str, dict[str, float]] = {}
    for choice in choices:
        name = written(choice)
        gap, error = _paired(values[top], values[name])
        figures = analysis_exchange._figures(outcomes[choice], params)
        table[name] = {"figure": round(sum(values[name]) / count, 4), **{f: figures[f] for f in FIGURES},  # type: ignore[literal-required]
                       "gap": round(gap, 4), "error": round(error, 4)}
    accepted = sorted((c for c in table if table[c]["gap"] <= 0 or table[c]["gap"] < MARGIN * table[c]["error"]),
                      key=lambda c: (c != top, -table[c]["figure"]))
    return Verdict(key_of(position, book), goal, top, tuple(accepted), table, count)


def _paired(better: Sequence[int], worse: Sequence[int]) -> tuple[float, float]:
    gaps = [a - b for a, b in zip(better, worse, strict=True)]
    count = len(gaps)
    mean = sum(gaps) / count
    spread = sum((g - mean) ** 2 for g in gaps) / (count - 1) if count > 1 else 0.0
    return mean, sqrt(spread / count)


def verdicts_file() -> Path:
    return lessons_dir() / "verdicts" / "best-exchange.yaml"


@lru_cache(maxsize=1)
def stored() -> dict[str, Verdict]:
    """The verdicts kept as data, by position fingerprint (empty when the file is missing)."""
    return read_kept(verdicts_file(), Verdict, "choices")


def verdict_for(position: Mapping[str, object], book: RuleBook) -> Verdict | None:
    return stored().get(key_of(position, book))


def problems(position: Mapping[str, object], stated: object, book: RuleBook) -> list[str]:
    """What ``check`` finds wrong with a step's verdict, reading the data only: none kept, a stated answer the
    hidden game beats, a stated answer that is not the best of those accepted, or data that leaves out a
    choice within the margin."""
    found = verdict_for(position, book)
    if found is None:
        return ["no best-exchange verdict is kept for this position under the hidden-card model: run "
                "'ecarte-tutor check --recompute --write'"]
    out = []
    if stated is not None:
        answer = said(stated)
        mine = next((figures for choice, figures in found.choices.items() if _same(choice, answer)), None)
        if not found.accepts(answer):
            trail = f"trails {found.best} by {mine['gap']:.3f} ± {mine['error']:.3f}" if mine else "is not a choice"
            out.append(f"under the hidden-card model the stated answer {answer} {trail} (best {found.best}, "
                       f"{found.choices[found.best]['figure']:.3f}): the verdict no longer holds")
        elif not _same(answer, found.best):
            out.append(f"the lesson states {answer}, which the hidden-card verdict accepts but rates below "
                       f"{found.best}: state the best, the others are shown beside it")
    for choice, figures in found.choices.items():
        if choice not in found.accepted and figures["gap"] < MARGIN * figures["error"]:
            out.append(f"the kept verdict leaves out {choice or 'nothing'}, which is within {MARGIN:g} standard "
                       "errors of the best")
    return out


def recompute(book: RuleBook, lessons: Iterable[Any]) -> tuple[list[Verdict], list[str]]:
    """Every ``best-exchange`` step of ``lessons`` (the course, :func:`.model.load_lessons`: handed in, as this
    module sits below the lesson model) weighed again, under its own rules and under each other profile
    (:func:`.verdicts.under_profiles`): the verdicts, and one line per verdict that differs from the data kept
    (or that has none), and per verdict kept that no step makes."""
    fresh: list[Verdict] = []
    differ: list[str] = []
    kept = stored()
    for lesson in lessons:
        for step in lesson.steps:
            exercise = step.exercise
            if exercise is None or exercise.kind != "best-exchange":
                continue
            for verdict in under_profiles(exercise.position, book, lambda position: compute(position, book)):
                fresh.append(verdict)
                if kept.get(verdict.key) != verdict:
                    differ.append(f"{lesson.file} step {step.index}: the hidden-card exchange verdict kept differs "
                                  f"from a fresh weighing (best {verdict.best}, accepted "
                                  f"{', '.join(verdict.accepted)})")
    return fresh, differ + left_over(kept, fresh)


def write(verdicts: list[Verdict]) -> Path:
    """The data file rewritten with ``verdicts``."""
    import yaml

    path = verdicts_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    header = ("# The best-exchange steps' verdicts under the hidden-card model "
              "(ecarte_tutor/lessons/exchange_verdicts.py).\n"
              "# Made by 'ecarte-tutor check --recompute --write'; 'ecarte-tutor check' reads them.\n")
    path.write_text(header + yaml.safe_dump({"verdicts": [v.as_data() for v in verdicts]}, sort_keys=False,
                                            allow_unicode=True), encoding="utf-8")
    stored.cache_clear()
    return path
