"""``best-exchange``: the learner's decision before the play, judged by ``analyse`` from what he can know.

A close relative of ``best-card``: the position is an ``analyse`` question that stops at a decision of
the exchange, ``view`` the learner's seat (the one to act). At his discard he answers with the cards he
throws out (``{"cards": ["7C", "8D"]}``); at a proposal with his choice (``{"choice": "play"}``: the elder
plays or proposes, the dealer refuses or accepts). The engine weighs every choice the referee allows
over deals of the cards he has not seen (docs/api.md, "Before the play", says what it assumes of the
other player), and ``goal`` says what counts:

``point``  the chance of the point (the default for a discard);
``score``  the points on average, the king and law 49's penalties included (the default for a proposal);
``tricks`` the tricks on average.

Any choice the sample cannot tell from the best is right (``close_point``, ``close_score``; for tricks
the best). A wrong one is compared with the best in the engine's figures for that very position, and
the diagnosis says what he threw out that the best keeps and what he kept that it throws out, or what
his choice stakes (the scoring's figures).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, TypedDict, cast

from ...agreements import read_agreements
from ...asking import read_profile
from ...cards import Card, Suit, parse_card
from ...engine import analysis, hand
from ...engine.analysis_exchange import (
    CHOICES,
    DECISIONS,
    ChoiceFigures,
    ExchangeAnalysisJson,
    Written,
    WrittenChoice,
    explanation_for,
    words_for,
)
from ...engine.analysis_exchange import Choice as Choice_
from ...engine.stakes import consequences, proposal_at, stake_clause
from ...errors import QuestionError
from ...fields import other
from ...i18n import marked, marked_in, tr, trc
from ...jsontypes import Answer, Question
from ...marks import decides
from ...rulebook import Params, RuleBook
from ...strategy import KING_EXCEPTION_RULE
from ...wording import card_list
from .. import exchange_verdicts
from ..diagnosis import Diagnosis
from ..exercise import Asked, ExerciseKind, Form, FormFields, KindError, Terminal, params_of
from ..mistakes import Case, Mistake, Wrong, case_of, diagnosis_of, maker
from ..mistakes import named as mistakes_named
from ..reading import BadResponse, require, said_word
from ..reading import card_list as read_cards
from .best_card import BestCardPosition, analysed, seat_said, trump_line, you_hold
from .legal_cards import card_choices

if TYPE_CHECKING:
    from ..exercise import Choice, Exercise, ExerciseEntry

GOALS: Final = {"point": ("close_point", "p_point"), "score": ("close_score", "expected_points"),
                "tricks": ("best", "expected_tricks")}
GOAL_RULES: Final = {"point": "scoring.point", "score": "scoring.point", "tricks": "play.trick-winner"}
LABELS: Final = {"play": marked("Play without proposing"), "propose": marked("Propose"),
                 "refuse": marked("Refuse (play as dealt)"), "accept": marked("Accept")}
DOING: Final = {"play": "playing without proposing", "propose": "proposing", "refuse": "refusing",
                "accept": "accepting"}
AS_SUBJECT: Final = {"play": marked_in("doing as subject", "playing without proposing"),
                     "propose": marked_in("doing as subject", "proposing"),
                     "refuse": marked_in("doing as subject", "refusing"),
                     "accept": marked_in("doing as subject", "accepting")}
"""A choice as the subject of a sentence ("here {best_doing} is worth more": « ici, proposer vaut plus »)."""
BY_DOING: Final = {"play": marked_in("by doing", "playing without proposing"),
                   "propose": marked_in("by doing", "proposing"),
                   "refuse": marked_in("by doing", "refusing"), "accept": marked_in("by doing", "accepting")}
"""A choice after "the risk you take by" (« en jouant d'autorité »)."""
ASKED: Final = {"discard": marked("Which cards do you throw out?"),
                "propose-or-play": marked("Do you propose or play?"),
                "accept-or-refuse": marked("Do you accept or refuse?")}
CHOSEN: Final = {"play": "play without proposing", "propose": "propose", "refuse": "refuse", "accept": "accept"}
CHOSEN_TO: Final = {"play": marked_in("chose to", "play without proposing"),
                    "propose": marked_in("chose to", "propose"),
                    "refuse": marked_in("chose to", "refuse"), "accept": marked_in("chose to", "accept")}


ExchangePosition = BestCardPosition  # the same question (deal, actions, view, goal), at an exchange decision


class ExchangeAnswer(ExchangeAnalysisJson, Asked):
    """The engine's answer at the learner's decision, and the choices counted right for the exercise's goal
    (the best first)."""

    right: list[Written]


class ExchangeResponse(TypedDict, total=False):
    cards: list[str]  # a discard
    choice: str  # a proposal's choice
    right: list[object]  # the engine's answer: every choice as good


def _question(position: ExchangePosition) -> Question:
    return {**{key: value for key, value in position.items() if key != "goal"}, "kind": "analyse"}


def _state(position: ExchangePosition, book: RuleBook) -> hand.HandState:
    try:
        params = book.params(read_profile(position, book), read_agreements(dict(position), book))
        return analysis.replay(_question(position), params).state
    except QuestionError as exc:
        raise KindError(exc.message, "position") from None


def _goal(position: ExchangePosition, decision: str) -> str:
    return position.get("goal") or ("point" if decision == "discard" else "score")


def _same(a: object, b: object) -> bool:
    """Two choices alike: the same word, or the same cards thrown out in any order."""
    if isinstance(a, list) and isinstance(b, list):
        return {str(parse_card(c)) for c in a} == {str(parse_card(c)) for c in b}
    return a == b


def _entry(answer: ExchangeAnswer, choice: object) -> WrittenChoice:
    return next(c for c in answer["choices"] if _same(c.get("discard", c.get("choice")), choice))


class BestExchange(ExerciseKind[ExchangePosition, ExchangeAnswer, ExchangeResponse]):
    name = "best-exchange"
    ask_kind = "analyse"
    field = "choice"  # a proposal's buttons (a discard ticks cards instead: the template's ``discarding``)

    def choices(self, entry: ExerciseEntry, book: RuleBook) -> tuple[Choice, ...]:
        position = self.position(entry["position"])
        state = _state(position, book)
        decision = DECISIONS.get(state.phase)
        if decision is None:
            raise KindError("the actions must stop at a decision of the exchange (a proposal, an answer to one, "
                            f"a discard), not in the {state.phase} phase", "position.actions")
        if state.to_act() != position.get("view"):
            raise KindError(f"'view' must be the seat to act ({state.to_act()}): the learner is the one who chooses",
                            "position.view")
        if _goal(position, decision) not in GOALS:
            raise KindError(f"the goal is one of {', '.join(GOALS)}", "position.goal")
        if decision == "discard":
            return card_choices([c.notation for c in state.hands[position["view"]]], "position")
        return tuple({"value": value, "label": tr(LABELS[value])} for value in CHOICES[state.phase])

    def discarding(self, exercise: Exercise) -> bool:
        """Whether the learner answers with cards to throw out (else with a word)."""
        return not any(c["value"] in LABELS for c in exercise.choices)

    def engine_answer(self, exercise: Exercise, book: RuleBook) -> ExchangeAnswer:
        p = self.position(exercise.position)
        answer = self.asked(exercise, book)
        kept = exchange_verdicts.verdict_for(p, book)
        if kept is not None:  # the step's verdict, weighed once on many deals and kept as data
            return cast(ExchangeAnswer, _with_verdict(answer, kept, p, book))
        listed, figure = GOALS[_goal(p, str(answer["decision"]))]
        # the best by the goal's figure first, then the others it cannot be told from, in the figure's order: the
        # answer shown is the one the engine's own figures rate best
        figures = {id(choice): cast(Mapping[str, float], _entry(cast(ExchangeAnswer, answer), choice))[figure]
                   for choice in cast(list[object], answer[listed])}
        right = sorted(cast(list[object], answer[listed]), key=lambda choice: -figures[id(choice)])
        return cast(ExchangeAnswer, {**answer, "right": right})

    def asked(self, exercise: Exercise, book: RuleBook) -> Answer:
        return analysed(self.position(exercise.position), book, self.name)

    def expected(self, exercise: Exercise, answer: ExchangeAnswer) -> ExchangeResponse:
        first = answer["right"][0]
        if answer["decision"] == "discard":
            return {"cards": list(cast(list[str], first)), "right": list(answer["right"])}
        return {"choice": str(first), "right": list(answer["right"])}

    def problems(self, exercise: Exercise, expected: ExchangeResponse) -> list[str]:
        # the lesson's stated answer is the one shown first ("The answer: …"): the best by the hidden-card verdict
        # kept as data, never one it rates lower beside a claim that the best merely "does as well"
        from ...rulebook import default_rulebook

        stated = exercise.expected
        if stated:  # the course's lessons are written for the bundled rule book
            return exchange_verdicts.problems(self.position(exercise.position),
                                              stated.get("cards", stated.get("choice")), default_rulebook())
        best = expected.get("cards", expected.get("choice"))
        if not stated or "right" not in expected or len(expected["right"]) < 2:
            return []
        said = stated.get("cards", stated.get("choice"))
        if any(_same(said, choice) for choice in expected["right"]) and not _same(said, best):
            return [f"the lesson states {said}, which the engine counts right but rates below {best}: state the "
                    "best, the others are shown beside it"]
        return []

    def explanation(self, answer: ExchangeAnswer) -> str:
        return answer.get("explanation", "")

    def normalize(self, exercise: Exercise, response: object) -> ExchangeResponse:
        offered = [choice["value"] for choice in exercise.choices]
        if not self.discarding(exercise):
            return {"choice": said_word(require(response, "choice", '{"choice": "play"}'), tuple(offered), "choice")}
        cards = read_cards(require(response, "cards", '{"cards": ["7C", "8D"]}'), "cards")
        for index, card in enumerate(cards):
            if str(card) not in offered:
                raise BadResponse(f"{card.pretty} is not in your hand ({card_list(offered)}).", f"cards[{index}]")
        return {"cards": [str(c) for c in cards]}

    def agree(self, exercise: Exercise, a: ExchangeResponse, b: ExchangeResponse) -> bool:
        def said(r: ExchangeResponse) -> list[object]:
            return list(r.get("right") or [r["cards"] if "cards" in r else r["choice"]])
        return any(_same(x, y) for x in said(a) for y in said(b))

    def slots(self, case: Case, given: ExchangeResponse) -> dict[str, object]:
        return _slots(case, given)

    @decides("scoring.point", "play.trick-winner")
    def diagnose(self, exercise: Exercise, given: ExchangeResponse, expected: ExchangeResponse,
                 answer: ExchangeAnswer, book: RuleBook) -> Diagnosis:
        p = self.position(exercise.position)
        goal = _goal(p, answer["decision"])
        if "cards" in given and not any(_same(c.get("discard"), given["cards"]) for c in answer["choices"]):
            return _beyond_the_limits(given["cards"], answer, params_of(exercise, book))
        case = case_of(self, exercise, answer, book)
        named = diagnosis_of(mistakes_named(case, given))
        slots = _slots(case, given)
        if "cards" in given:
            text = [f"You threw out {slots['chosen']}; the nearest of the discards counted right is {slots['best']}."]
            if named:
                text.append(named.text)
            else:
                if slots["thrown_kept"]:
                    text.append(f"You threw out {slots['thrown_kept']}, which it keeps.")
                if slots["kept_thrown"]:
                    text.append(f"You kept {slots['kept_thrown']}, which it throws out.")
        else:
            text = [named.text if named else
                    f"You chose to {slots['chosen']}; {slots['best_doing']} does better here."]
        scale = " (your points less the other's)" if goal == "score" else ""
        text.append(f"Over {answer['holdings']:,} deals of the cards you cannot see (the other hand and the "
                    f"stock), {slots['chosen_doing']} {_figures(slots, 'chosen', goal)}, and "
                    f"{slots['best_doing']} {_figures(slots, 'best', goal)}{scale}.")
        if "choice" in given:
            text.append(f"At stake: {slots['stake']}.")
        # a choice within the limits breaks no rule: it is judged by the goal's figures, as advice
        return Diagnosis(" ".join(text), named.rule if named else GOAL_RULES[goal], named.mistakes if named else (),
                         advice=named.advice if named else True)

    def words(self, exercise: Exercise, answer: ExchangeResponse) -> str:
        right = answer.get("right") or [answer.get("cards") or answer.get("choice")]
        if "cards" in answer:
            said = [f"throw out {card_list(cast(list[str], choice))}" for choice in right]
        else:
            said = [CHOSEN[str(choice)] for choice in right]
        # the others are counted right because the deals weighed cannot tell them from the first, the best by the
        # engine's figures (engine_answer): not "as good", which the figures may not say
        return said[0] + (f" (also counted right: {' or '.join(said[1:])}, which the deals weighed cannot tell from "
                          "it)" if len(said) > 1 else "")

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        if self.discarding(exercise):
            cards = [value.strip() for value in form.getlist("cards")]
            return {"cards": cards}, {"cards": list(cards)}
        response: Question = {"choice": form.get("choice", "").strip()}
        return response, dict(response)

    def form_data(self, exercise: Exercise, answer: ExchangeResponse) -> FormFields:
        if "cards" in answer:
            return {"cards": list(answer["cards"])}
        return {"choice": str(answer["choice"])}

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        p = self.position(exercise.position)
        state = _state(p, book)
        seat = p["view"]
        lines = [trump_line(state.trump_card), you_hold(seat, state.hands[seat])]
        if state.proposals:
            lines.append(tr("Proposals so far: %(proposals)s; cards thrown out: you %(mine)s, %(other)s %(theirs)s",
                            proposals=state.proposals, mine=state.discarded[seat], other=seat_said(other(seat)),
                            theirs=state.discarded[other(seat)]))
        lines.append(tr(ASKED[DECISIONS[state.phase]]))
        return lines

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        if self.discarding(exercise):
            typed = terminal.answer("Which cards do you throw out? Type them (e.g. 7C 8D)")
            return {"cards": typed.replace(",", " ").split()}
        words = " or ".join(c["value"] for c in exercise.choices)
        return {"choice": terminal.answer(f"Type {words}").strip()}


def _with_verdict(answer: Answer, kept: exchange_verdicts.Verdict, position: ExchangePosition,
                  book: RuleBook) -> Answer:
    """The analysis's answer with the figures of the verdict kept as data: the choices the learner is judged
    by (the accepted ones, the best first), the same on every page, and the words that give them."""
    kept_by = {exchange_verdicts.normal(name): f for name, f in kept.choices.items()}
    choices: list[WrittenChoice] = []
    figures: dict[Choice_, ChoiceFigures] = {}
    written: dict[str, Written] = {}
    for entry in cast(list[WrittenChoice], answer["choices"]):
        value = cast(Written, entry.get("discard", entry.get("choice")))
        name = exchange_verdicts.said(value)
        numbers = cast(ChoiceFigures, {f: kept_by[name][f] for f in exchange_verdicts.FIGURES})
        choices.append(_entry_of(value, numbers))
        figures[_choice_of(value)] = numbers
        written[name] = value
    right = [written[exchange_verdicts.normal(c)] for c in kept.accepted]

    def top(name: str) -> list[Choice_]:
        high = max(cast(Mapping[str, float], f)[name] for f in figures.values())
        return [c for c, f in figures.items() if cast(Mapping[str, float], f)[name] == high]

    text = explanation_for(_state(position, book), position["view"], str(answer["decision"]), figures,
                           top("p_point"), top("expected_points"), kept.deals, kept.model)
    if len(right) > 1:
        said = " and ".join(words_for(_choice_of(value)) for value in right)
        text += f" For this exercise {said} are as good: the deals cannot tell them apart."
    return {**answer, "choices": choices, "right": right, "holdings": kept.deals, "model": kept.model,
            "explanation": text}


def _entry_of(value: Written, figures: ChoiceFigures) -> WrittenChoice:
    key = "choice" if isinstance(value, str) else "discard"
    return cast(WrittenChoice, {key: value, **figures})


def _choice_of(value: Written) -> Choice_:
    return value if isinstance(value, str) else tuple(parse_card(str(c)) for c in value)


@decides("exchange.discard-limits")
def _beyond_the_limits(cards: list[str], answer: ExchangeAnswer, params: Params) -> Diagnosis:
    """A discard of more or fewer cards than the referee allows here (the sizes the engine weighed)."""
    sizes = [len(c.get("discard", [])) for c in answer["choices"]]
    low, high = min(sizes), max(sizes)
    return Diagnosis(f"You threw out {_cards(cards, params) or 'nothing'}; here you must throw out from {low} to "
                     f"{high} cards: as many as the rules in force allow and the stock can replace.",
                     "exchange.discard-limits", ())


def _cards(cards: list[str], params: Params) -> str:
    return card_list(params.ranking.sort(parse_card(c) for c in cards))


def _named_cards(cards: list[Card], trump: object) -> str:
    """"K♠ (a trump), K♥ (a king), 9♣": each card with what the advice keeps it for."""
    def one(card: Card) -> str:
        if card.suit is trump:
            return f"{card.pretty} (a trump)"
        return f"{card.pretty} (a king)" if card.rank == "K" else card.pretty
    return card_list([one(c) for c in cards])


def _percent(share: float) -> str:
    return f"{100 * share:.0f} %"


def _figures(slots: dict[str, object], which: str, goal: str) -> str:
    figures = cast(WrittenChoice, slots[f"{which}_figures"])
    point = f"wins the point in {_percent(figures['p_point'])} of them"
    tricks = f"{figures['expected_tricks']:.2f} tricks on average"
    points = f"{figures['expected_points']:+.2f} points a hand on average"
    return {"point": f"{point} ({tricks})", "score": f"scores {points} and {point}",
            "tricks": f"takes {tricks} and {point}"}[goal]


@decides(KING_EXCEPTION_RULE)
def _slots(case: Case, given: ExchangeResponse) -> dict[str, object]:
    """The words and the engine's figures of the learner's choice beside the best one (what a mistake's
    description may name: {chosen}, {best}, {thrown_kept}, {kept_thrown}, {stake}, …)."""
    answer = cast(ExchangeAnswer, case.answer)
    best = answer["right"][0]
    out: dict[str, object] = {}
    if "cards" in given:
        trump = _state(cast(ExchangePosition, case.position), case.book).trump
        mine = {parse_card(c) for c in given["cards"]}
        best = nearest(answer, given["cards"])
        theirs = {parse_card(c) for c in best}
        order = case.params.ranking.sort
        chosen, shown = _cards(given["cards"], case.params) or "nothing", _cards(best, case.params) or "nothing"
        out |= {"chosen": chosen, "best": shown,
                "thrown_kept": _named_cards(order(mine - theirs), trump),
                "kept_thrown": _named_cards(order(theirs - mine), trump),
                "chosen_doing": f"throwing out {chosen}", "best_doing": f"throwing out {shown}",
                "chosen_figures": _entry(answer, given["cards"]), "best_figures": _entry(answer, best)}
        return out
    seat = cast(ExchangePosition, case.position)["view"]
    choice = str(given["choice"])
    state = _state(cast(ExchangePosition, case.position), case.book)
    number = proposal_at(state.phase, state.proposals)
    found = consequences(seat, number, case.params, case.book)
    chosen_figures, best_figures = _entry(answer, choice), _entry(answer, best)
    out |= {"chosen": trc("chose to", CHOSEN_TO[choice]), "best": CHOSEN[str(best)],
            "chosen_doing": trc("by doing", BY_DOING[choice]),
            "best_doing": trc("doing as subject", AS_SUBJECT[str(best)]), "chosen_figures": chosen_figures,
            "best_figures": best_figures,
            "chosen_points": f"{chosen_figures['expected_points']:+.2f}",
            "best_points": f"{best_figures['expected_points']:+.2f}",
            "stake": stake_clause(found, seat, number)}
    strategy = case.book.strategy
    if strategy is not None:  # whether to propose is the jeux de règle's; whether to refuse, the dealer's rule
        out["_rule"] = strategy.defaults[seat]["rule"]
        # an elder who holds the king of trumps and should propose: the advice is the king's own exception
        if seat == "elder" and choice == "play" and str(best) == "propose" and \
                Card("K", state.trump) in state.hands[seat] and KING_EXCEPTION_RULE in case.book.rules:
            out["_rule"] = KING_EXCEPTION_RULE
    return out


def nearest(answer: ExchangeAnswer, cards: list[str]) -> list[str]:
    """The right discard closest to ``cards`` (the fewest cards to change), the best first on a tie:
    the one the learner's mistakes are named against."""
    mine = {str(parse_card(c)) for c in cards}
    right = [cast(list[str], choice) for choice in answer["right"]]
    return min(right, key=lambda choice: len(mine ^ {str(parse_card(c)) for c in choice}))


# --- the catalogue's makers (rules/course/mistakes.yaml): each finds its part of a discard, and makes it -----


def _discard_parts(case: Case, given: Mapping[str, object], wanted: Callable[[Card, Suit], bool],
                   thrown: bool) -> list[Mapping[str, object]]:
    """The cards of the kind ``wanted`` that the learner threw out (``thrown``) though every right discard
    keeps them, or kept though every right discard throws them out: a part of his answer, named."""
    if "cards" not in given or case.exercise.kind != "best-exchange":
        return []
    state = _state(cast(ExchangePosition, case.position), case.book)
    answer = cast(ExchangeAnswer, case.answer)
    right = [{str(parse_card(c)) for c in cast(list[str], choice)} for choice in answer["right"]]
    mine = {str(parse_card(c)) for c in cast(list[str], given["cards"])}
    hand_cards = [str(c) for c in state.hands[cast(ExchangePosition, case.position)["view"]]]
    found = [c for c in hand_cards if wanted(parse_card(c), state.trump)
             and ((c in mine and all(c not in r for r in right)) if thrown
                  else (c not in mine and all(c in r for r in right)))]
    if not found:
        return []
    return [{"cards": _cards(found, case.params), "it": "it" if len(found) == 1 else "them"}]


def _made(case: Case, wanted: Callable[[Card, Suit], bool], thrown: bool) -> list[Wrong]:
    """The best discard with each such card thrown out as well (or kept back), where the rules allow."""
    if case.exercise.kind != "best-exchange" or case.answer["decision"] != "discard":
        return []
    answer = cast(ExchangeAnswer, case.answer)
    best = [str(parse_card(c)) for c in cast(list[str], answer["right"][0])]
    state = _state(cast(ExchangePosition, case.position), case.book)
    sizes = {len(c.get("discard", [])) for c in answer["choices"]}
    out = []
    for card in (str(c) for c in state.hands[cast(ExchangePosition, case.position)["view"]]):
        if not wanted(parse_card(card), state.trump) or (card in best) == thrown:
            continue
        cards = best + [card] if thrown else [c for c in best if c != card]
        if len(cards) in sizes:
            out.append(Wrong({"cards": cards}))
    return out


def _trump(card: Card, trump: Suit) -> bool:
    """A trump below the king (the king of trumps is a mistake of its own: it also scores when announced)."""
    return card.suit is trump and card.rank != "K"


def _king_of_trumps(card: Card, trump: Suit) -> bool:
    return card.suit is trump and card.rank == "K"


def _plain_king(card: Card, trump: Suit) -> bool:
    return card.rank == "K" and card.suit is not trump


def _small_plain(card: Card, trump: Suit) -> bool:
    return card.suit is not trump and card.rank not in ("K", "Q", "J")


def _thrown_trumps(case: Case, given: Mapping[str, object]) -> list[Mapping[str, object]]:
    return _discard_parts(case, given, _trump, thrown=True)


def _thrown_king_of_trumps(case: Case, given: Mapping[str, object]) -> list[Mapping[str, object]]:
    return _discard_parts(case, given, _king_of_trumps, thrown=True)


def _thrown_kings(case: Case, given: Mapping[str, object]) -> list[Mapping[str, object]]:
    return _discard_parts(case, given, _plain_king, thrown=True)


def _kept_small(case: Case, given: Mapping[str, object]) -> list[Mapping[str, object]]:
    return _discard_parts(case, given, _small_plain, thrown=False)


@maker("throws-out-a-trump", _thrown_trumps)
def _throws_trump(case: Case, mistake: Mistake) -> list[Wrong]:
    return _made(case, _trump, thrown=True)


@maker("throws-out-the-king-of-trumps", _thrown_king_of_trumps)
@decides("king.announce")
def _throws_king_of_trumps(case: Case, mistake: Mistake) -> list[Wrong]:
    return _made(case, _king_of_trumps, thrown=True)


@maker("throws-out-a-king", _thrown_kings)
def _throws_king(case: Case, mistake: Mistake) -> list[Wrong]:
    return _made(case, _plain_king, thrown=True)


@maker("keeps-small-plain-cards", _kept_small)
def _keeps_small(case: Case, mistake: Mistake) -> list[Wrong]:
    return _made(case, _small_plain, thrown=False)


def _other_choice(case: Case, committing: bool) -> list[Wrong]:
    """The other answer to a proposal, when it is wrong: playing or refusing (``committing``), or
    proposing or accepting."""
    if case.exercise.kind != "best-exchange" or case.answer["decision"] == "discard":
        return []
    choices = [c["choice"] for c in cast(ExchangeAnswer, case.answer)["choices"]]
    wrong = choices[0] if committing else choices[1]  # CHOICES: the committing choice first
    return [Wrong({"choice": wrong})]


@maker("stakes-a-hand-to-exchange")
def _stakes(case: Case, mistake: Mistake) -> list[Wrong]:
    return _other_choice(case, committing=True)


@maker("exchanges-a-hand-to-stake")
def _exchanges(case: Case, mistake: Mistake) -> list[Wrong]:
    return _other_choice(case, committing=False)
