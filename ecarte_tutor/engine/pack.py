"""``kind: pack``: count a pack on the table and say which laws govern play with it.

Unlike every other question, a card foreign to the piquet pack (``6H``, ``2C``) or a
repeated card is a finding here, not an error: only a string that is no playing card
at all is refused. A pack that is not exactly the 32 piquet cards once each is
*incorrect* (law 45 with laws 6 and 44).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from ..cards import PACK, Suit, rank_letter, split_card
from ..errors import QuestionError, excerpt
from ..fields import require
from ..i18n import current, tr, trc, trn
from ..jsontypes import Question
from ..marks import decides, fact_name, fact_value
from ..rulebook import Params, RuleBook
from .citing import Explained
from .disputes import RulingAnswer, answer_dispute
from .disputes.interview import IRREGULARITY

MAX_CARDS = 200
FULL_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
# The laws on an incorrect pack, in the order they apply: law 45 voids the current deal,
# law 6 keeps the cut for deal, law 44 lets a player ask for two new packs.
INCORRECT_PACK = fact_value("irregularity", "incorrect-pack")  # the dispute irregularity whose ruling applies
DEAL_BEGUN = fact_name("deal_begun")  # found once the deal had begun (at the cut, no deal would be void)
NEXT_TRUMP_TURNED = fact_name("next_trump_turned")  # found in that deal, not in the next
LISTED = 8  # cards named one by one in an explanation before "and N more"


def read_any_card(value: object, field: str) -> str:
    """A playing card of a full 52-card pack in any notation, as canonical text (``6H``, ``10S``)."""
    if isinstance(value, str):
        rank, suit = split_card(value)
        if rank.upper() in FULL_RANKS and suit is not None:
            return f"{rank.upper()}{suit.letter}"
    raise QuestionError("bad-card", tr("%(field)s: %(value)s is not a playing card; write a rank (2–10, J, Q, K, A) "
                                       "followed by a suit (S H D C or ♠ ♥ ♦ ♣), e.g. 10H or J♠.", field=field,
                                       value=excerpt(value)), field)


def _sort(cards: Iterable[str], rank_order: Sequence[str]) -> list[str]:
    """Canonical cards by suit (S H D C), then by the rule book's rank order; foreign ranks after."""
    order = list(rank_order) + [r for r in FULL_RANKS if r not in rank_order]
    suits = [suit.letter for suit in Suit]
    return sorted(cards, key=lambda c: (suits.index(c[-1]), order.index(c[:-1])))


def _named(cards: Sequence[str]) -> str:
    """Canonical cards as a player writes them (``6♥``), the first few by name and then a count."""
    lang = current()
    shown = ", ".join(f"{rank_letter(card[:-1], lang)}{Suit[card[-1]].symbol}" for card in cards[:LISTED])
    return tr("%(cards)s and %(count)d more", cards=shown, count=len(cards) - LISTED) if len(cards) > LISTED else shown


@dataclass(frozen=True, slots=True)
class PackAnswer:
    """The ``pack`` kind's answer: the pack's size, whether it is correct, the cards missing, doubled and foreign,
    the laws and rules that follow (with the laws' text for an incorrect pack), and why."""

    size: int
    correct: bool
    missing: list[str]
    duplicates: list[str]
    foreign: list[str]
    laws: list[int]
    cites: list[str]
    law_text: list[dict[str, object]] | None  # the laws that rule on an incorrect pack; None for a correct one
    explanation: str

    def as_json(self) -> PackJson:
        text: _LawText = {} if self.law_text is None else {"law_text": self.law_text}
        return {"size": self.size, "correct": self.correct, "missing": self.missing, "duplicates": self.duplicates,
                "foreign": self.foreign, "laws": self.laws, "cites": self.cites, **text,
                "explanation": self.explanation}


class PackJson(Explained):
    """The ``pack`` kind's answer as sent (docs/api.md)."""

    size: int
    correct: bool
    missing: list[str]
    duplicates: list[str]
    foreign: list[str]
    law_text: NotRequired[list[dict[str, object]]]  # for an incorrect pack: the laws that rule on it


class _LawText(TypedDict, total=False):
    law_text: list[dict[str, object]]


@decides("pack.piquet-pack")
def answer_pack(question: Question, book: RuleBook, params: Params) -> PackAnswer:
    """Answer a ``pack`` question: size, correctness, the faults found and the laws that follow."""
    given = require(question, "cards")
    if not isinstance(given, list):
        raise QuestionError("bad-field", tr("'cards' must be a list of card strings, like [\"KH\", \"10S\"]."),
                            "cards")
    if len(given) > MAX_CARDS:
        raise QuestionError("too-many-cards", tr("'cards' holds %(count)d items; at most %(most)d are counted.",
                                                 count=len(given), most=MAX_CARDS), "cards")
    canonical = [read_any_card(item, f"cards[{i}]") for i, item in enumerate(given)]
    piquet = {str(card) for card in PACK}
    counts = Counter(canonical)
    missing = _sort([c for c in piquet if c not in counts], params.rank_order)
    duplicates = _sort([c for c, n in counts.items() if n > 1], params.rank_order)
    foreign = [text for text, card in zip(given, canonical, strict=True) if card not in piquet]
    foreign_cards = [card for card in canonical if card not in piquet]
    correct = not (missing or duplicates or foreign)
    pack_rule = params.rule_for("pack_size")
    if correct:
        return PackAnswer(len(canonical), correct, missing, duplicates, foreign, [], [pack_rule], None,
                          tr("All %(count)d cards of the piquet pack are here, each exactly once, and nothing else: "
                             "the pack is correct, so no law on incorrect packs comes into play.", count=len(piquet)))
    faults = []
    if missing:
        faults.append(tr("it lacks %(cards)s", cards=_named(missing)))
    if duplicates:
        faults.append(tr("it holds %(cards)s more than once", cards=_named(duplicates)))
    if foreign:
        faults.append(trn("%(cards)s does not belong to a piquet pack", "%(cards)s do not belong to a piquet pack",
                          len(foreign), cards=_named(foreign_cards)))
    # What follows from an incorrect pack is law 45's ruling (with laws 6 and 44), as the dispute gives it,
    # for a pack found wrong once its deal had begun (found at the cut, no deal would be void) and before the next
    # deal's trump was turned (then that deal would be the void one).
    ruling = answer_dispute({"facts": {IRREGULARITY: INCORRECT_PACK, DEAL_BEGUN: True, NEXT_TRUMP_TURNED: False}},
                            book, params)
    assert isinstance(ruling, RulingAnswer)  # law 45's row needs no fact beyond these
    text = tr("This pack of %(count)d cards is incorrect: %(faults)s.", count=len(canonical),
              faults=trc("list", "; ").join(faults)) + " " + ruling.explanation
    return PackAnswer(len(canonical), correct, missing, duplicates, foreign, ruling.citing["laws"],
                      ruling.citing["cites"] + [pack_rule], ruling.law_text, text)
