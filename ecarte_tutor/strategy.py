"""Advice on proposing or playing (kind ``advice``): the jeux de règle as data.

In: ``{"kind": "advice", "trump": suit, "hand": [5 cards], "seat": "elder" | "dealer"}``
(``seat`` defaults to ``"elder"``). Out:

- ``advice``: ``"play"`` or ``"propose"`` for the elder, ``"refuse"`` or ``"accept"`` for the dealer;
- ``play_without_proposing``: true when the hand should be played as dealt (for the
  dealer: when he should refuse, which commits him the same way);
- ``pattern``: the id of the hand pattern that decided, or null when none fits;
- ``trumps``, ``seat``, ``cites``, ``explanation``, and ``laws: []`` (advice is not law).

The patterns live in ``rules/strategy/patterns.yaml`` (schema ``strategy.schema.json``);
their wording is in the ``strategy.*`` rules of ``rules/strategy.yaml``. That file is not a
rule-book section, so this module loads and checks it itself.

>>> from ecarte_tutor import ask
>>> ask({"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JS", "8H", "8D"]})["advice"]
'play'
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from pathlib import Path

from .cards import Card, Suit
from .errors import DataError
from .fields import read_cards, read_seat, read_suit, require
from .rulebook import Params, RuleBook
from .schemas import explain, key_path, schema_errors
from .yamlio import load_yaml

PATTERNS_FILE = Path("strategy") / "patterns.yaml"  # relative to the rule-book folder
KING_EXCEPTION_RULE = "strategy.king-exception"
SEAT_ADVICE = {"elder": ("play", "propose"), "dealer": ("refuse", "accept")}


@dataclass(frozen=True)
class Pattern:
    """One hand pattern: the seat it is for, the advice it gives and the conditions it needs."""

    id: str
    seat: str
    advice: str
    rule: str
    label: str
    when: dict
    king_exception: bool = True


@dataclass(frozen=True)
class Strategy:
    """Every pattern in file order, and each seat's advice when no pattern fits."""

    patterns: tuple[Pattern, ...]
    defaults: dict

    def rule_ids(self) -> set[str]:
        """Every strategy rule the patterns and defaults cite (all must be in the rule book)."""
        return {p.rule for p in self.patterns} | {d["rule"] for d in self.defaults.values()} | {KING_EXCEPTION_RULE}


def load_strategy(path: Path | str) -> Strategy:
    """Read and check a patterns file; a defect raises :class:`DataError` naming the key."""
    path = Path(path)
    document = load_yaml(path)
    for error in schema_errors("strategy", document):
        raise DataError(path, explain(error), key=key_path(error))
    patterns, seen = [], set()
    for index, entry in enumerate(document["patterns"]):
        key = f"patterns[{index}]"
        if (entry["seat"], entry["id"]) in seen:
            raise DataError(path, f"pattern id '{entry['id']}' is used twice for the {entry['seat']}", key=f"{key}.id")
        seen.add((entry["seat"], entry["id"]))
        if entry["advice"] not in SEAT_ADVICE[entry["seat"]]:
            raise DataError(path, f"the {entry['seat']} can only be advised to "
                                  f"{' or '.join(SEAT_ADVICE[entry['seat']])}", key=f"{key}.advice")
        patterns.append(Pattern(entry["id"], entry["seat"], entry["advice"], entry["rule"], entry["label"],
                                entry["when"], entry.get("king_exception", True)))
    for seat, default in document["defaults"].items():
        if default["advice"] not in SEAT_ADVICE[seat]:
            raise DataError(path, f"the {seat} can only be advised to {' or '.join(SEAT_ADVICE[seat])}",
                            key=f"defaults.{seat}.advice")
    return Strategy(tuple(patterns), document["defaults"])


@lru_cache(maxsize=4)
def _cached(path: str) -> Strategy:
    return load_strategy(path)


@lru_cache(maxsize=16)  # one read per rule book, not one per question
def strategy_for(book: RuleBook) -> Strategy:
    """The patterns that go with ``book`` (``rules/strategy/patterns.yaml`` beside its sections);
    every rule they cite must be in that rule book (answers cite only rules of rules/)."""
    path = (Path(book.root) / PATTERNS_FILE).resolve()
    strategy = _cached(str(path))
    unknown = sorted(strategy.rule_ids() - set(book.rules))
    if unknown:
        raise DataError(path, f"cites rule(s) not in the rule book: {', '.join(unknown)}", key="rule")
    return strategy


# --- matching -------------------------------------------------------------------------------


def _in_range(n: int, limits: dict) -> bool:
    return limits.get("min", 0) <= n <= limits.get("max", n)


def _suit_fits(suit_cards: list[Card], plain: list[Card], cond: dict) -> bool:
    ranks = {c.rank for c in suit_cards}
    if "cards" in cond and not _in_range(len(suit_cards), cond["cards"]):
        return False
    if "any_of" in cond and not ranks & set(cond["any_of"]):
        return False
    if "all_of" in cond and not set(cond["all_of"]) <= ranks:
        return False
    if "others_in" in cond:
        others = [c for c in plain if c not in suit_cards]
        if any(c.rank not in cond["others_in"] for c in others):
            return False
    return True


def _guarded(by_suit: dict, wanted: list[str]) -> bool:
    """Each wanted rank held with a second card of its suit, each in a different plain suit."""
    candidates = [s for s, cards in by_suit.items() if len(cards) >= 2]
    for suits in permutations(candidates, len(wanted)):
        if all(any(c.rank == rank for c in by_suit[s]) for s, rank in zip(suits, wanted, strict=True)):
            return True
    return False


def matches(pattern: Pattern, hand: list[Card], trump: Suit) -> bool:
    """True when ``hand`` (with ``trump``) meets every condition of ``pattern``."""
    when = pattern.when
    trumps = [c for c in hand if c.suit == trump]
    plain = [c for c in hand if c.suit != trump]
    by_suit: dict = {}
    for card in plain:
        by_suit.setdefault(card.suit, []).append(card)
    if "trumps" in when and not _in_range(len(trumps), when["trumps"]):
        return False
    if "trump_king" in when and any(c.rank == "K" for c in trumps) != when["trump_king"]:
        return False
    if "suit" in when and not any(_suit_fits(cards, plain, when["suit"]) for cards in by_suit.values()):
        return False
    for entry in when.get("count", ()):
        n = sum(1 for c in plain if c.rank in entry["ranks"])
        if not _in_range(n, entry):
            return False
    if "guarded" in when and not _guarded(by_suit, when["guarded"]):
        return False
    return True


@dataclass(frozen=True)
class Advice:
    """What the seat should do with this hand, and why."""

    advice: str
    pattern: Pattern | None
    king_exception: bool
    cites: tuple[str, ...]

    @property
    def play_without_proposing(self) -> bool:
        return self.advice in ("play", "refuse")


def advise(hand: list[Card], trump: Suit, seat: str, strategy: Strategy) -> Advice:
    """Try the seat's patterns in order; apply the king exception to an elder's jeu de règle."""
    for pattern in strategy.patterns:
        if pattern.seat != seat or not matches(pattern, hand, trump):
            continue
        holds_king = Card("K", trump) in hand
        # strategy.king-exception: with the king of trumps the elder proposes, hoping to be refused.
        if seat == "elder" and pattern.advice == "play" and pattern.king_exception and holds_king:
            return Advice("propose", pattern, True, (pattern.rule, KING_EXCEPTION_RULE))
        return Advice(pattern.advice, pattern, False, (pattern.rule,))
    default = strategy.defaults[seat]
    return Advice(default["advice"], None, False, (default["rule"],))


def _cards(cards) -> str:
    return " ".join(c.pretty for c in cards)


def _explain(advice: Advice, hand: list[Card], trump: Suit, seat: str, strategy: Strategy, params: Params) -> str:
    trumps = sum(1 for c in hand if c.suit == trump)
    opening = (f"{_cards(hand)} with {trump.english} as trumps ({trumps} trump{'s' * (trumps != 1)}).")
    if advice.pattern is None:
        return f"{opening} {' '.join(strategy.defaults[seat]['explanation'].split())}"
    label = advice.pattern.label
    if seat == "elder" and advice.king_exception:
        king = Card("K", trump).pretty
        return (f"{opening} It is a jeu de règle ({label}), but it holds the king of trumps, {king}: propose "
                f"instead. An exchange cannot give the king to the dealer, and if he refuses he loses "
                f"{params.vulnerable_point_value} should he fail to win the point.")
    if seat == "elder":
        return (f"{opening} It is a jeu de règle ({label}): it should win {params.point_tricks} tricks unless the "
                "dealer holds two trumps, so play without proposing.")
    verb = "Refuse" if advice.advice == "refuse" else "Accept"
    return f"{opening} {verb}: {label}."


def answer_advice(question: dict, book: RuleBook, params: Params) -> dict:
    """Kind ``advice``: should this hand be played without proposing (or the proposal refused)?"""
    trump = read_suit(require(question, "trump"), "trump")
    hand = read_cards(require(question, "hand"), "hand", min_count=params.hand_size, max_count=params.hand_size)
    seat = "elder" if question.get("seat") is None else read_seat(question["seat"], "seat")
    strategy = strategy_for(book)
    advice = advise(hand, trump, seat, strategy)
    return {
        "seat": seat,
        "advice": advice.advice,
        "play_without_proposing": advice.play_without_proposing,
        "pattern": advice.pattern.id if advice.pattern else None,
        "trumps": sum(1 for c in hand if c.suit == trump),
        "cites": list(advice.cites),
        "explanation": _explain(advice, hand, trump, seat, strategy, params),
        "laws": [],
    }
