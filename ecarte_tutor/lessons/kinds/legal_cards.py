"""``legal-cards``: tick every card of the hand that may be played (``{"cards": ["QS"]}``, a set).

The diagnosis names the catalogue's mistake the answer shows (the ace taken for the top card, a
low card allowed when one could win, no trump when void...), with the cards ticked wrongly and those
left out; failing one, each card ticked that may not be played and each legal card left out, with
the duty that decides it (the engine's :func:`~ecarte_tutor.engine.play.duty`).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Final, NotRequired, TypedDict

from ...cards import Card, Suit, parse_card, parse_suit, shown, suit_name, suit_one
from ...engine.play import Duty, DutyKind, PlayJson, duty
from ...i18n import current, marked, marked_in, tr, trc
from ...jsontypes import Question
from ...rulebook import Params, RuleBook
from ...wording import listed
from ..diagnosis import Diagnosis
from ..exercise import ExerciseKind, Form, FormFields, KindError, Position, Terminal, cards_line, params_of, trumps_line
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import BadResponse, card_list, pretty, require

if TYPE_CHECKING:
    from ..exercise import Choice, Exercise, ExerciseEntry

# What the learner left out when he ticked no card that may be played (naming them would be the answer).
NONE_LEGAL: Final = marked("None of the cards you allowed may be played here: you left out every card that may.")


class PlayPosition(Position):
    """A ``play`` question without its kind: trumps, the hand, and the card led (none: a lead)."""

    trump: str
    hand: list[str]
    led: NotRequired[str | None]


class CardsResponse(TypedDict):
    cards: list[str]  # every legal card, compared as a set


def card_choices(cards: Iterable[object], key: str) -> tuple[Choice, ...]:
    """Cards offered to pick from, each ``{"value": "QS", "label": "Q♠"}``."""
    choices: list[Choice] = []
    for i, text in enumerate(cards):
        try:
            card = parse_card(text)
        except ValueError as exc:
            raise KindError(str(exc), f"{key}[{i}]") from None
        choices.append({"value": str(card), "label": shown(card, current())})
    return tuple(choices)


class LegalCards(ExerciseKind[PlayPosition, PlayJson, CardsResponse]):
    name = "legal-cards"
    ask_kind = "play"

    def choices(self, entry: ExerciseEntry, book: RuleBook) -> tuple[Choice, ...]:
        return card_choices(self.position(entry["position"])["hand"], "position.hand")

    def expected(self, exercise: Exercise, answer: PlayJson) -> CardsResponse:
        return {"cards": list(answer["legal_cards"])}

    def normalize(self, exercise: Exercise, response: object) -> CardsResponse:
        cards = card_list(require(response, "cards", '{"cards": ["QS"]}'), "cards")
        hand = [parse_card(c) for c in self.position(exercise.position)["hand"]]
        for i, card in enumerate(cards):
            if card not in hand:
                raise BadResponse(tr("%(card)s is not in the hand (%(hand)s).", card=_shown(card), hand=pretty(hand)),
                                  f"cards[{i}]")
        if not cards:
            raise BadResponse(tr("Choose at least one card: there is always a card you may play."), "cards")
        return {"cards": [str(c) for c in cards]}

    def agree(self, exercise: Exercise, a: CardsResponse, b: CardsResponse) -> bool:
        return set(a["cards"]) == set(b["cards"])

    def under(self, exercise: Exercise, params: Params, book: RuleBook) -> CardsResponse:
        position = self.position(exercise.position)
        hand = [parse_card(c) for c in position["hand"]]
        led = parse_card(position["led"]) if position.get("led") else None
        return {"cards": [str(c) for c in duty(hand, led, parse_suit(position["trump"]), params).legal]}

    def slots(self, case: Case, given: CardsResponse) -> dict[str, object]:
        position = self.position(case.exercise.position)
        legal, ticked = set(self.expected(case.exercise, case.answer)["cards"]), set(given["cards"])
        hand = [str(parse_card(c)) for c in position["hand"]]
        out: dict[str, object] = {"extra": _listed(parse_card(c) for c in hand if c in ticked - legal),
                                  "missed": _listed(parse_card(c) for c in hand if c in legal - ticked)}
        if position.get("led"):
            led = parse_card(position["led"])
            out |= {"led": _shown(led), "suit": _suits(led.suit), "one": _singular(led.suit)}
        return out

    def diagnose(self, exercise: Exercise, given: CardsResponse, expected: CardsResponse, answer: PlayJson,
                 book: RuleBook) -> Diagnosis:
        params = params_of(exercise, book)
        position = self.position(exercise.position)
        hand = [parse_card(c) for c in position["hand"]]
        led = parse_card(position["led"]) if position.get("led") else None
        trump = parse_suit(position["trump"])
        found = duty(hand, led, trump, params)
        ticked = {parse_card(c) for c in given["cards"]}
        extra = [c for c in hand if c in ticked and c not in found.legal]
        missed = [c for c in hand if c in found.legal and c not in ticked]
        # The cards left out are named when some legal card was ticked: naming them all would be the answer.
        named_missed = missed if any(c in found.legal for c in ticked) else []
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        if named:  # say which cards first, when the mistake's words do not
            cards = [(extra, tr("You allowed %(cards)s, which may not be played here.", cards=_listed(extra))),
                     (named_missed, tr("You left out %(cards)s, which may be played here.",
                                       cards=_listed(named_missed)))]
            unsaid = [text for group, text in cards if group and not all(_shown(c) in named.text for c in group)]
            if not named_missed and missed and extra:
                unsaid.append(tr(NONE_LEGAL))
            return replace(named, text=" ".join([*unsaid, named.text]))
        texts: list[Diagnosis] = []
        if extra:
            assert led is not None  # the leader may lead any card: only a card played to a lead can be wrong
            texts += allowed_wrongly(extra, led, trump, found, params)
        if named_missed:
            texts.append(_left_out(named_missed[0], led, trump, found, hand, params))
            texts += [Diagnosis(tr("You left out %(card)s as well: it may be played for the same reason.",
                                   card=_shown(c))) for c in named_missed[1:]]
        elif missed:
            texts.append(Diagnosis(tr(NONE_LEGAL)))
        return Diagnosis(" ".join(t.text for t in texts), texts[0].rule)

    def words(self, exercise: Exercise, answer: CardsResponse) -> str:
        return pretty(answer["cards"])

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        response: Question = {"cards": form.getlist("cards")}
        return response, dict(response)

    def form_data(self, exercise: Exercise, answer: CardsResponse) -> FormFields:
        return {"cards": list(answer["cards"])}

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        return [trumps_line(p), cards_line(tr("Card led"), [p["led"]]) if p.get("led") else tr("You are to lead."),
                cards_line(tr("Your hand"), p["hand"])]

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        text = terminal.answer(tr("Which cards may be played? Type all of them, separated by spaces"))
        return {"cards": text.replace(",", " ").split()}


def _singular(suit: Suit) -> str:
    return suit_one(suit, current())


def _suits(suit: Suit) -> str:
    return suit_name(suit, current())


def _shown(card: Card) -> str:
    return shown(card, current())


def _listed(cards: Iterable[Card]) -> str:
    """Cards in a sentence, in the language spoken: "Q♠, 7♠" ("D♠, 7♠")."""
    return ", ".join(_shown(card) for card in cards)


def _ace_below(card: Card, led: Card | None, params: Params) -> bool:
    """The commonest mistake: an ace taken to beat the knave (or the queen, or the king) it ranks below."""
    return card.rank == "A" and led is not None and card.suit == led.suit and params.ranking.higher(led, card)


ACE_PLACE = {"K": marked_in("ace place", "the ace ranks below the king"),
             "Q": marked_in("ace place", "the ace ranks below the queen"),
             "J": marked_in("ace place", "the ace ranks below the knave"),
             "10": marked_in("ace place", "the ace ranks below the ten"),
             "9": marked_in("ace place", "the ace ranks below the nine"),
             "8": marked_in("ace place", "the ace ranks below the eight"),
             "7": marked_in("ace place", "the ace ranks below the seven")}


def _ace_place(led: Card) -> str:
    """Where the ace stands, said against the card led's own rank, as the engine says it (pack.ace-below): "below
    the knave" reads oddly when a queen was led."""
    return trc("ace place", ACE_PLACE[led.rank])


# Each reason a card may not be played, as the learner "allowed" it among the legal cards or "played" it as the
# best card: whole sentences, one for each (the catalogue gives each language its own).
WRONGLY: Final = {
    ("allowed", "ace-below"): marked("You allowed %(card)s, but it does not beat %(led)s: %(ace_place)s. You hold a "
                                     "%(one)s that does beat it, so you must play that one."),
    ("played", "ace-below"): marked("You played %(card)s, but it does not beat %(led)s: %(ace_place)s. You hold a "
                                    "%(one)s that does beat it, so you must play that one."),
    ("allowed", "not-beating"): marked("You allowed %(card)s, but it does not beat %(led)s, and you hold a %(one)s "
                                       "that does: when you can win the trick, you must."),
    ("played", "not-beating"): marked("You played %(card)s, but it does not beat %(led)s, and you hold a %(one)s "
                                      "that does: when you can win the trick, you must."),
    ("allowed", "trump-not-following"): marked("You allowed %(card)s: it is a trump, but you hold %(suit)s, and "
                                               "while you hold the suit led you must follow it."),
    ("played", "trump-not-following"): marked("You played %(card)s: it is a trump, but you hold %(suit)s, and "
                                              "while you hold the suit led you must follow it."),
    ("allowed", "not-following"): marked("You allowed %(card)s: it is not a %(one)s, and you hold %(suit)s, and "
                                         "while you hold the suit led you must follow it."),
    ("played", "not-following"): marked("You played %(card)s: it is not a %(one)s, and you hold %(suit)s, and "
                                        "while you hold the suit led you must follow it."),
    ("allowed", "not-trumping"): marked("You allowed %(card)s, but you have no %(suit)s and you do hold a trump: a "
                                        "player who cannot follow suit must trump."),
    ("played", "not-trumping"): marked("You played %(card)s, but you have no %(suit)s and you do hold a trump: a "
                                       "player who cannot follow suit must trump."),
}


def wrongly_chosen(card: Card, led: Card, trump: Suit, found: Duty, params: Params,
                   did: str = "allowed") -> Diagnosis:
    """Why ``card`` may not be played to ``led``: the learner ``did`` it ("allowed" it among the legal cards,
    or "played" it as the best card)."""
    follow, head = found.rule_ids[0], found.rule_ids[-1]
    slots = {"card": _shown(card), "led": _shown(led), "one": _singular(led.suit), "suit": _suits(led.suit)}
    if found.kind is DutyKind.HEAD and card.suit == led.suit:
        if _ace_below(card, led, params):
            return Diagnosis(tr(WRONGLY[did, "ace-below"], ace_place=_ace_place(led), **slots),
                             params.rule_for("rank_order"))
        return Diagnosis(tr(WRONGLY[did, "not-beating"], **slots), head)
    if found.kind.follows_suit:
        why = "trump-not-following" if card.suit is trump else "not-following"
        return Diagnosis(tr(WRONGLY[did, why], **slots), follow)
    # DutyKind.TRUMP: a card of another plain suit ticked while holding a trump
    return _must_trump(did, _shown(card), led, found)


def _must_trump(did: str, named: str, led: Card, found: Duty) -> Diagnosis:
    """Why cards of another plain suit (``named``) may not be played by a hand void of the suit led that holds a
    trump."""
    return Diagnosis(tr(WRONGLY[did, "not-trumping"], card=named, suit=_suits(led.suit)), found.rule_ids[0])


def _why_not(card: Card, led: Card, found: Duty, params: Params) -> str:
    """Which duty ``card`` breaks: the ace taken to beat what it ranks below, a card of the suit that does not head
    the trick, a card of another suit (a trump among them) while holding the suit led, or a plain card while
    holding a trump."""
    if found.kind is DutyKind.HEAD and card.suit == led.suit:
        return "ace-below" if _ace_below(card, led, params) else "not-beating"
    return "not-following" if found.kind.follows_suit else "not-trumping"


def allowed_wrongly(extra: list[Card], led: Card, trump: Suit, found: Duty, params: Params) -> list[Diagnosis]:
    """Why each card of ``extra``, allowed by the learner, may not be played to ``led``: one sentence for each
    duty they break, naming its cards (a beginner who ticks every card learns every reason)."""
    groups: dict[str, list[Card]] = {}
    for card in extra:
        groups.setdefault(_why_not(card, led, found, params), []).append(card)
    out: list[Diagnosis] = []
    slots = {"led": _shown(led), "one": _singular(led.suit), "suit": _suits(led.suit)}
    for why, cards in groups.items():
        named = listed([_shown(c) for c in cards], "and")
        if len(cards) == 1:
            out.append(wrongly_chosen(cards[0], led, trump, found, params))
        elif why == "not-beating":  # (one ace a suit: "ace-below" is always one card)
            text = tr("You allowed %(cards)s, but neither of them beats %(led)s, and you hold a %(one)s that does: "
                      "when you can win the trick, you must.", cards=named, **slots) if len(cards) == 2 else \
                tr("You allowed %(cards)s, but none of them beats %(led)s, and you hold a %(one)s that does: when "
                   "you can win the trick, you must.", cards=named, **slots)
            out.append(Diagnosis(text, found.rule_ids[-1]))
        elif why == "not-following":
            trumps = [c for c in cards if c.suit is trump]
            if trumps and len(trumps) < len(cards):
                text = tr("You allowed %(cards)s, but you hold %(suit)s, and while you hold the suit led you must "
                          "follow it: you may neither trump nor throw a card of another suit.", cards=named, **slots)
            elif trumps:
                text = tr("You allowed %(cards)s, but you hold %(suit)s, and while you hold the suit led you must "
                          "follow it: you may not trump.", cards=named, **slots)
            else:
                text = tr("You allowed %(cards)s, but you hold %(suit)s, and while you hold the suit led you must "
                          "follow it: you may not throw a card of another suit.", cards=named, **slots)
            out.append(Diagnosis(text, found.rule_ids[0]))
        else:
            out.append(_must_trump("allowed", named, led, found))
    return out


# Why a card left out may be played too, by the duty that decides (the engine's Duty.kind): whole sentences.
LEFT_OUT = {
    DutyKind.LEAD: marked("You left out %(card)s: the leader may lead any card; the duties bind only the player who "
                          "answers a lead."),
    DutyKind.FREE: marked("You left out %(card)s: holding neither %(suit)s nor a trump, you may play any card."),
    DutyKind.TRUMP: marked("You left out %(card)s: you have no %(suit)s, and any trump wins this trick, so any of "
                           "your trumps may be played."),
    DutyKind.HEAD: marked("You left out %(card)s: it beats %(led)s, and any %(one)s that wins the trick may be "
                          "played."),
    DutyKind.FOLLOW: marked("You left out %(card)s: it may be played, because none of your %(suit)s beats %(led)s, "
                            "so any %(one)s will do."),
}
FOLLOW_ACE = marked("You left out %(card)s: it may be played, because none of your %(suit)s beats %(led)s (%(ace)s "
                    "does not: %(ace_place)s), so any %(one)s will do.")
TRUMP_LED_FREE = marked("You left out %(card)s: a trump was led and you hold no trump, so you may play any card.")


def _left_out(card: Card, led: Card | None, trump: Suit, found: Duty, hand: list[Card], params: Params) -> Diagnosis:
    rule = found.rule_ids[-1]
    aces = [c for c in hand if _ace_below(c, led, params)] if found.kind is DutyKind.FOLLOW else []
    words: dict[str, object] = {"card": _shown(card)}
    if led:
        words |= {"suit": _suits(led.suit), "led": _shown(led), "one": _singular(led.suit)}
    said = LEFT_OUT[found.kind]
    if aces and led:
        said = FOLLOW_ACE
        words |= {"ace": _shown(aces[0]), "ace_place": _ace_place(led)}
    if found.kind is DutyKind.FREE and led is not None and led.suit is trump:  # not "neither hearts nor a trump"
        said = TRUMP_LED_FREE
    return Diagnosis(tr(said, **words),
                     params.rule_for("rank_order") if aces else rule)
