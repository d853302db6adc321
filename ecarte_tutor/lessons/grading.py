"""Grading an exercise: the engine decides what is right, the learner's response is compared with it.

Every kind except rank-order asks ``ecarte_tutor.ask()``; rank-order reads the rank order
in force from the rule book. Responses are normalised first (cards to canonical form,
seats and choices to lower case); a response that cannot be read raises
:class:`BadResponse`, which is not a wrong answer but a request to type it again.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..asking import ask, read_profile
from ..cards import Card, CardNotationError, parse_card
from ..errors import QuestionError
from ..fields import SEATS, is_whole_number
from ..rulebook import RuleBook
from .model import Exercise

WINNERS = ("leader", "follower")
NOBODY = ("", "none", "nobody", "null", "no one", "compulsory")


class BadResponse(ValueError):
    """A response that cannot be read (not a card, a card not in the hand, a missing key)."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


class LessonError(Exception):
    """The engine could not answer an exercise's position: a defect in the lesson (or the engine)."""


@dataclass(frozen=True)
class Feedback:
    """The verdict on one response: right or not, the right answer, and the engine's reasons."""

    correct: bool
    expected: dict
    explanation: str
    cites: list = field(default_factory=list)
    laws: list = field(default_factory=list)
    answer: dict = field(default_factory=dict, compare=False)  # the engine's full answer


# --- what the engine says --------------------------------------------------------------------


def engine_answer(exercise: Exercise, book: RuleBook) -> dict:
    """The engine's full answer to the exercise's position (for rank-order, one built from the rule book)."""
    if exercise.kind == "rank-order":
        return _rank_order_answer(exercise, book)
    question = {**exercise.position, "kind": exercise.ask_kind}
    answer = ask(question, book)
    if "error" in answer:
        error = answer["error"]
        raise LessonError(f"the engine cannot answer this {exercise.kind} exercise: {error['message']} "
                          f"(code {error['code']}, field {error['field']})")
    if exercise.kind == "dispute" and answer.get("status") != "ruling":
        need = answer.get("need", {}).get("fact")
        raise LessonError(f"the dispute's facts are incomplete: the engine still asks for '{need}'")
    return answer


def _rank_order_answer(exercise: Exercise, book: RuleBook) -> dict:
    try:
        params = book.params(read_profile({"profile": exercise.profile}, book))
    except QuestionError as exc:
        raise LessonError(f"a rank-order exercise: {exc.message}") from None
    cards = [parse_card(c) for c in exercise.position["cards"]]
    order = sorted(cards, key=lambda c: params.rank_order.index(c.rank))
    text = (f"Within a suit the ranks run {' '.join(params.rank_order)}, highest first, so the order is "
            f"{' '.join(c.pretty for c in order)}.")
    if "A" in {c.rank for c in cards} and params.rank_order.index("A") > params.rank_order.index("J"):
        text += " The ace comes below the knave and above the ten."
    return {"order": [str(c) for c in order], "cites": [params.rule_for("rank_order")], "laws": [],
            "explanation": text}


def expected_answer(exercise: Exercise, book: RuleBook) -> dict:
    """The engine's answer to ``exercise``, in the kind's response form (see the package docstring)."""
    return _expected_from(exercise, engine_answer(exercise, book))


def _expected_from(exercise: Exercise, answer: dict) -> dict:
    kind = exercise.kind
    if kind == "legal-cards":
        return {"cards": list(answer["legal_cards"])}
    if kind == "trick-winner":
        return {"winner": answer["winner"]}
    if kind == "rank-order":
        return {"order": list(answer["order"])}
    if kind == "score":
        return {"points": {seat: answer["points"][seat] for seat in SEATS}}
    if kind == "exchange":
        return {"elder_draws": answer["elder_draws"], "dealer_draws": answer["dealer_draws"]}
    if kind == "dispute":
        return {"option_ids": sorted(option["id"] for option in answer["options"]), "chooser": answer["chooser"]}
    if kind == "propose-or-play":
        return {"choice": answer["advice"]}
    raise LessonError(f"unknown exercise kind {kind!r}")


# --- reading a response ----------------------------------------------------------------------


def _require(response, key: str, example: str):
    if not isinstance(response, dict) or key not in response:
        raise BadResponse(f"The answer needs '{key}', for example {example}.", key)
    return response[key]


def _card(text, where: str) -> Card:
    try:
        return parse_card(text)
    except CardNotationError as exc:
        raise BadResponse(f"{exc}.", where) from None


def _card_list(value, key: str) -> list[Card]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list):
        raise BadResponse(f"'{key}' must be a list of cards, like [\"QS\", \"7S\"].", key)
    cards: list[Card] = []
    for i, item in enumerate(value):
        card = _card(item, f"{key}[{i}]")
        if card not in cards:
            cards.append(card)
    return cards


def _word(value, allowed, key: str) -> str:
    text = value.strip().lower() if isinstance(value, str) else None
    if text:
        hits = [word for word in allowed if word.startswith(text)]
        if len(hits) == 1:
            return hits[0]
    raise BadResponse(f"Answer {' or '.join(repr(w) for w in allowed)}, not {value!r}.", key)


def _whole(value, key: str) -> int:
    """A count the learner typed: a whole number, not negative (too large is a wrong answer, not a bad one)."""
    if isinstance(value, str) and is_whole_number(value.strip()):
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadResponse(f"'{key}' must be a whole number (0 or more), not {value!r}.", key)
    return value


def normalize_response(exercise: Exercise, response) -> dict:
    """The response in canonical form, or :class:`BadResponse` saying what to fix."""
    kind, position = exercise.kind, exercise.position
    if kind == "legal-cards":
        cards = _card_list(_require(response, "cards", '{"cards": ["QS"]}'), "cards")
        hand = [parse_card(c) for c in position["hand"]]
        for i, card in enumerate(cards):
            if card not in hand:
                raise BadResponse(f"{card.pretty} is not in the hand ({' '.join(c.pretty for c in hand)}).",
                                  f"cards[{i}]")
        if not cards:
            raise BadResponse("Choose at least one card: there is always a card you may play.", "cards")
        return {"cards": [str(c) for c in cards]}
    if kind == "trick-winner":
        value = _require(response, "winner", '{"winner": "leader"}')
        try:  # the winning card itself is a fair way to answer
            card = parse_card(value)
        except CardNotationError:
            return {"winner": _word(value, WINNERS, "winner")}
        for role, key in (("leader", "led"), ("follower", "followed")):
            if card == parse_card(position[key]):
                return {"winner": role}
        raise BadResponse(f"{card.pretty} is not in this trick; answer 'leader' or 'follower'.", "winner")
    if kind == "rank-order":
        order = _card_list(_require(response, "order", '{"order": ["KH", "QH"]}'), "order")
        given = [parse_card(c) for c in position["cards"]]
        if sorted(map(str, order)) != sorted(map(str, given)):
            raise BadResponse(f"Put exactly these cards in order: {' '.join(c.pretty for c in given)}.", "order")
        return {"order": [str(c) for c in order]}
    if kind == "score":
        points = _require(response, "points", '{"points": {"elder": 1, "dealer": 0}}')
        if not isinstance(points, dict):
            raise BadResponse("'points' must give the points of the elder and of the dealer.", "points")
        return {"points": {seat: _whole(points.get(seat), f"points.{seat}") for seat in SEATS}}
    if kind == "exchange":
        return {key: _whole(_require(response, key, f'{{"{key}": 2}}'), key)
                for key in ("elder_draws", "dealer_draws")}
    if kind == "dispute":
        ids = _require(response, "option_ids", '{"option_ids": ["fresh-deal"], "chooser": "elder"}')
        if isinstance(ids, str):
            ids = ids.replace(",", " ").split()
        offered = [choice["value"] for choice in exercise.choices]
        if not isinstance(ids, list) or not ids:
            raise BadResponse("Choose at least one remedy.", "option_ids")
        for i, option in enumerate(ids):
            if option not in offered:
                raise BadResponse(f"{option!r} is not one of the remedies offered: {', '.join(offered)}.",
                                  f"option_ids[{i}]")
        chooser = response.get("chooser")
        if isinstance(chooser, str) and chooser.strip().lower() in NOBODY:
            chooser = None
        if chooser is not None:
            chooser = _word(chooser, SEATS, "chooser")
        return {"option_ids": sorted(set(ids)), "chooser": chooser}
    if kind == "propose-or-play":
        allowed = ("refuse", "accept") if position.get("seat") == "dealer" else ("propose", "play")
        return {"choice": _word(_require(response, "choice", '{"choice": "play"}'), allowed, "choice")}
    raise LessonError(f"unknown exercise kind {kind!r}")


def same_answer(exercise: Exercise, a: dict, b: dict) -> bool:
    """Whether two answers in response form agree (legal cards and remedies compare as sets)."""
    return _agree(exercise, normalize_response(exercise, a), normalize_response(exercise, b))


def _agree(exercise: Exercise, a: dict, b: dict) -> bool:
    """Whether two canonical answers agree."""
    if exercise.kind == "legal-cards":
        return set(a["cards"]) == set(b["cards"])
    return a == b


# --- grading -------------------------------------------------------------------------------


def _explanation(exercise: Exercise, answer: dict) -> str:
    text = answer.get("explanation", "")
    if exercise.kind == "dispute":
        remedies = "; ".join(f"{o['label']}: {o['consequence']}" for o in answer.get("options", []))
        chooser = answer.get("chooser")
        who = {"elder": "the non-dealer chooses", "dealer": "the dealer chooses"}.get(chooser, "it is compulsory")
        text += f" Remedy ({who}): {remedies}"
    return text


def grade(exercise: Exercise, response: dict, book: RuleBook) -> Feedback:
    """Compare ``response`` with the engine's answer; :class:`BadResponse` if it cannot be read."""
    answer = engine_answer(exercise, book)
    expected = _expected_from(exercise, answer)
    given = normalize_response(exercise, response)
    # the engine's answer is canonical already: only the learner's needs normalising
    return Feedback(correct=_agree(exercise, given, expected), expected=expected,
                    explanation=_explanation(exercise, answer), cites=list(answer.get("cites", [])),
                    laws=list(answer.get("laws", [])), answer=answer)
