"""Why one card beats another, in words: both played on one deal of the weighing, and the trick the other loses.

A decision weighed under the hidden-card model (:mod:`.hidden`) plays each of the viewer's cards on the same
deals. :func:`find` takes a deal where the better card reaches the goal and the worse one does not, replays
both (:func:`.hidden.replay`: the same draws, trick by trick) and reads the two lines: the first trick the
viewer takes after the better card that the other takes after the worse one, the viewer's card that takes
it (``keeper``) and the other's (``taker``), and why the lines part there:

``itself``  the better card is the keeper;
``forces``  after the better card the taker goes at an earlier trick without taking it;
``keeps``   after the worse card the keeper goes at an earlier trick;
``now``     the same, the keeper being the worse card itself, played now;
``takes``   none of these: one card takes the trick, the other loses it.

:func:`words` says it in the whole sentences of ``rules/course/why.yaml`` (schema ``why.schema.json``), every
slot filled from the replay; the figures (how often the cards part) are the caller's to add. In another language
the sentences are those of ``rules/<lang>/course/why.yaml`` (the same keys, :mod:`..datawords`; English where one
is not translated yet) and the slots are filled with that language's words (``R♠``, ``le roi de pique``).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final, Literal

from ..cards import Card, said, shown
from ..datawords import Parallel, translated
from ..errors import DataError
from ..i18n import DEFAULT_LANG, current, tr, trc
from ..rulebook import Params, RuleBook
from ..schemas import explain, key_path, schema_errors
from ..wording import card_name, card_short, listed
from ..yamlio import load_yaml
from . import hidden
from .saying import check_slots

WHY_FILE: Final = Path("course") / "why.yaml"  # relative to the rule-book folder
SLOTS: Final = frozenset({"better", "worse", "better_name", "worse_name", "keeper", "taker", "trick", "moment",
                          "holding", "rival", "rival_of", "better_tricks", "worse_tricks"})
VERDICT_SLOTS: Final = frozenset({"card", "best", "chance", "best_chance"})
CASES: Final = ("itself", "forces", "keeps", "now", "takes")  # the order a deal is preferred in: the most telling first
LOOKED_AT: Final = 24  # deals where the cards part looked at for the most telling one
Case = Literal["itself", "forces", "keeps", "now", "takes"]


def goal_test(goal: str, params: Params) -> Callable[[int, int], bool]:
    """Whether the viewer's tricks after the better card (``a``) reach the goal and after the worse (``b``)
    do not; for ``tricks``, whether ``a`` is more."""
    need = {"point": params.point_tricks, "vole": params.hand_size, "trick": 1}.get(goal)
    if need is None:
        return lambda a, b: a > b
    return lambda a, b: a >= need > b


@dataclass(frozen=True)
class Parting:
    """Two cards replayed on one deal: the lines, the trick the worse card loses (its number in the hand),
    the viewer's card that takes it after the better card, the other's that takes it after the worse, the
    case, and the earlier trick where the card that case names goes (``forces``, ``keeps``, ``now``)."""

    viewer: int
    deal: int
    better: hidden.Replay
    worse: hidden.Replay
    trick: int
    keeper: Card
    taker: Card
    case: Case
    moment: int | None


def find(begin: hidden.Start, params: Params, weighed: hidden.Weighed, seed: int, better: Card, worse: Card,
         goal: str) -> Parting | None:
    """Of the first deals of ``weighed`` (made with ``seed``) where ``better`` reaches the goal and ``worse``
    does not, the one whose lines part most tellingly (:data:`CASES`); None when no deal shows it."""
    test = goal_test(goal, params)
    pairs = zip(weighed.outcomes(better), weighed.outcomes(worse), strict=True)
    found: Parting | None = None
    looked = 0
    replay = hidden.Replayer(begin, params, seed, weighed.worlds)
    for deal, (a, b) in enumerate(pairs):
        if not test(a, b):
            continue
        lines = replay(deal, better), replay(deal, worse)
        if (lines[0].won, lines[1].won) != (a, b):  # a replay that does not end as weighed tells nothing
            continue
        parting = read(begin.viewer, deal, *lines)
        if found is None or CASES.index(parting.case) < CASES.index(found.case):
            found = parting
        looked += 1
        if found.case == CASES[0] or looked >= LOOKED_AT:
            break
    return found


def explain_decision(begin: hidden.Start, params: Params, seed: int, deals: int, worlds: int, better: Card, worse: Card,
                     goal: str) -> Parting | None:
    """The decision of ``begin`` weighed (:func:`.hidden.weigh`, as ``analyse`` or a verdict weighs it) and
    :func:`find` on it."""
    weighed = hidden.weigh(begin, params, seed, deals, worlds)
    return find(begin, params, weighed, seed, better, worse, goal)


def read(viewer: int, deal: int, better: hidden.Replay, worse: hidden.Replay) -> Parting:
    """What two lines of the same deal show: the first trick the viewer takes after ``better`` and the
    other after ``worse`` (there is one when ``better`` ends with more tricks)."""
    rival = 1 - viewer
    index = next(i for i, (a, b) in enumerate(zip(better.tricks, worse.tricks, strict=True))
                 if a.winner == viewer and b.winner == rival)
    keeper = better.tricks[index].card_of(viewer)
    taker = worse.tricks[index].card_of(rival)
    number = better.number(index)

    def parted(case: Case, moment: int | None = None) -> Parting:
        return Parting(viewer, deal, better, worse, number, keeper, taker, case, moment)

    if keeper == better.card:
        return parted("itself")
    gone = _where(better, rival, taker)
    if gone is not None and gone < index and better.tricks[gone].winner == viewer:
        return parted("forces", better.number(gone))
    spent = _where(worse, viewer, keeper)
    if spent is not None and spent < index:
        return parted("now" if keeper == worse.card else "keeps", worse.number(spent))
    return parted("takes")


def _where(line: hidden.Replay, seat: int, card: Card) -> int | None:
    """The index of the trick of ``line`` where ``seat`` plays ``card`` (None: before the replay's first)."""
    return next((i for i, t in enumerate(line.tricks) if t.card_of(seat) == card), None)


# --- in words ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Catalogue:
    """The sentences of ``rules/course/why.yaml``."""

    deal: str
    lines: Mapping[str, str]
    ends: Mapping[str, str]
    verdicts: Mapping[str, str]
    ordinals: tuple[str, ...]
    trick_counts: tuple[str, ...]
    rivals: Mapping[str, Mapping[str, str]]

    def templates(self) -> dict[str, tuple[str, frozenset[str]]]:
        """Each sentence by where it is, with the slots it may name."""
        return {"deal": (self.deal, SLOTS), **{f"lines.{k}": (v, SLOTS) for k, v in self.lines.items()},
                **{f"ends.{k}": (v, SLOTS) for k, v in self.ends.items()},
                **{f"verdicts.{k}": (v, VERDICT_SLOTS) for k, v in self.verdicts.items()}}


def load_catalogue(path: Path, translation: Path | None = None) -> Catalogue:
    """Read and check the catalogue: its schema, and no slot the engine does not fill; with ``translation``, its
    sentences in place of the English where it gives them."""
    document = load_yaml(path)
    if translation is not None and translation.is_file() and isinstance(document, dict):
        theirs = load_yaml(translation)
        document = translated(document, theirs if isinstance(theirs, dict) else {})
        path = translation
    for error in schema_errors("why", document):
        raise DataError(path, explain(error), key=key_path(error))
    found = Catalogue(document["deal"], document["lines"], document["ends"], document["verdicts"],
                      tuple(document["ordinals"]), tuple(document["trick_counts"]), document["rivals"])
    check_slots(path, found.templates(), "the engine")
    return found


@cache
def _catalogue_at(root: Path) -> Catalogue:
    return load_catalogue(root / WHY_FILE)


@cache
def _catalogue_in(root: Path, lang: str) -> Catalogue:
    return load_catalogue(root / WHY_FILE, root / lang / WHY_FILE)


def parallel(book: RuleBook, lang: str) -> Parallel:
    """The sentences' file and its translation into ``lang`` (``ecarte-tutor check`` holds one to the other)."""
    return Parallel(book.root / WHY_FILE, book.root / lang / WHY_FILE, lang, f"rules/{lang}/{WHY_FILE.as_posix()}")


def catalogue(book: RuleBook) -> Catalogue:
    """The catalogue beside ``book`` in the current language, loaded once."""
    lang = current()
    return _catalogue_at(book.root) if lang == DEFAULT_LANG else _catalogue_in(book.root, lang)


def _card_words(card: Card, lang: str) -> tuple[str, str]:
    """A card as the language writes it and in words with its article: ``K♠``, ``the king of spades``."""
    if lang == DEFAULT_LANG:
        return card_short(card), card_name(card)
    return shown(card, lang), tr("the %(card)s", card=said(card, lang))


def slots(parting: Parting, rival: str, words: Catalogue) -> dict[str, str]:
    """Each slot's words for ``parting``; ``rival``: how the other player is named (a key of ``rivals``)."""
    better, worse = parting.better.card, parting.worse.card
    assert better is not None and worse is not None  # the viewer's own cards are compared
    named = words.rivals[rival]
    lang = current()
    (better_short, better_name), (worse_short, worse_name) = _card_words(better, lang), _card_words(worse, lang)
    return {"better": better_short, "worse": worse_short, "better_name": better_name,
            "worse_name": worse_name, "keeper": _card_words(parting.keeper, lang)[0],
            "taker": _card_words(parting.taker, lang)[0],
            "trick": words.ordinals[parting.trick - 1],
            "moment": words.ordinals[parting.moment - 1] if parting.moment is not None else "",
            "holding": listed([_card_words(c, lang)[0] for c in parting.better.theirs], trc("list", "and", lang)),
            "rival": named["who"], "rival_of": named["whose"],
            "better_tricks": words.trick_counts[parting.better.won],
            "worse_tricks": words.trick_counts[parting.worse.won]}


def sentences(parting: Parting, goal: str, rival: str, book: RuleBook) -> tuple[str, str, str]:
    """The deal, what the better card keeps or forces (and the trick the other loses), and how the hand
    ends after each: three sentences of the catalogue, filled."""
    words = catalogue(book)
    filled = slots(parting, rival, words)
    return (words.deal.format(**filled), words.lines[parting.case].format(**filled),
            words.ends[goal].format(**filled))


def words(parting: Parting, goal: str, rival: str, book: RuleBook) -> str:
    """:func:`sentences` as one passage."""
    return " ".join(sentences(parting, goal, rival, book))
