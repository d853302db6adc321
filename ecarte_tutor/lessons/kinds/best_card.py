"""``best-card``: the card to play now, judged from what the learner can know (``{"card": "KS"}``).

The position is an ``analyse`` question (a deal, the actions up to now) with ``view``: the learner's
seat, who is to play, and ``goal``: what he plays for. The engine weighs every holding of the other
hand that is consistent with what the learner has seen (his own cards and discards, the turn-up,
the cards played) and plays each out with best play on both sides. The best cards are those with
the highest figure for the goal:

``point``  the chance of winning the point (the default: the point is what scores);
``vole``   the chance of the vole;
``trick``  the chance of taking at least one trick: stopping the other's vole;
``tricks`` the most tricks on average.

The learner picks one card of his hand; any of the best cards is right. A card he may not play is
named with the duty that forbids it. A legal card that is worse is first told why, in words
(:mod:`...engine.parting`): a deal of the verdict's weighing in which the best card reaches the goal and
the chosen one does not, both replayed, the trick the chosen card loses and to which card, what the best
card keeps or forces; then the figures. A worse lead is filed under the advice on leading, a worse answer to
a lead under the advice on answering one, each practised on a fresh position to play (``drills.cardplay``).
The verdict is the step's, kept as data; a position no lesson keeps (a drill's) is weighed the same way on
first use.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Final, NotRequired, TypedDict, cast

from ...agreements import read_agreements
from ...asking import read_profile
from ...cards import Card, parse_card, shown, suit_name
from ...engine import analysis, hidden, parting
from ...engine.analysis import CardFigures, ViewedJson
from ...engine.play import duty
from ...errors import QuestionError
from ...fields import other
from ...i18n import current, tr, trc
from ...jsontypes import Answer, Question
from ...marks import decides
from ...rulebook import Params, RuleBook
from ...wording import card_list
from .. import verdicts
from ..diagnosis import Diagnosis
from ..exercise import Asked, ExerciseKind, Form, FormFields, KindError, Position, Terminal, params_of
from ..mistakes import Case, case_of, diagnosis_of
from ..mistakes import named as mistakes_named
from ..reading import SEAT_WORDS, BadResponse, LessonError, card, require
from ..vouched import SEAT_WORDS as SAID_SEATS
from .legal_cards import card_choices, wrongly_chosen

if TYPE_CHECKING:
    from ..exercise import Choice, Exercise, ExerciseEntry

GOALS: Final = {"point": "p_point", "vole": "p_vole", "trick": "p_trick", "tricks": "expected_tricks"}
# what the learner's hand does after the card is played: the card itself may take nothing (a card thrown)
GOAL_WORDS: Final = {"point": "you win the point", "vole": "you win the vole", "trick": "you take at least one trick",
                     "tricks": "you take the most tricks"}
# the rule a worse card breaks, by goal: what turns tricks into a score
GOAL_RULES: Final = {"point": "scoring.point", "vole": "scoring.vole", "trick": "scoring.vole",
                     "tricks": "play.trick-winner"}
LEAD_RULE: Final = "strategy.leading"  # the advice a worse lead goes against
FOLLOW_RULE: Final = "strategy.following"  # and a worse card answering a lead (the hidden-card model's own)
_memo: dict[str, Answer] = {}  # analyses are costly and a position's never changes: kept by question
_whys: dict[str, str] = {}  # the same for why one card beats another (a replay of both)
_weighed: dict[str, hidden.Weighed] = {}  # and for the weighing the replays are drawn from
_computed: dict[str, verdicts.Verdict] = {}  # the verdicts of positions no lesson keeps (the drills')


class BestCardPosition(Position):
    """An ``analyse`` question with the learner's seat as ``view``, and what he plays for."""

    deal: dict[str, object]
    actions: list[dict[str, object]]
    view: str
    goal: NotRequired[str]


class BestCardAnswer(ViewedJson, Asked):
    """The engine's answer from the learner's view, its ``best`` the best cards for the exercise's goal."""


class CardResponse(TypedDict):
    card: str
    best: NotRequired[list[str]]  # the engine's answer: every card as good as ``card``


def _goal(position: BestCardPosition) -> str:
    return position.get("goal") or "point"


def _question(position: BestCardPosition) -> Question:
    question: Question = {key: value for key, value in position.items() if key != "goal"}
    return {**question, "kind": "analyse"}


def _state(position: BestCardPosition, book: RuleBook) -> analysis.Position:
    try:
        params = book.params(read_profile(position, book), read_agreements(dict(position), book))
        return analysis.read_position(_question(position), params)
    except QuestionError as exc:
        raise KindError(exc.message, "position") from None


def _figure(figures: CardFigures, goal: str) -> float:
    """A card's figure for the goal (GOALS names which)."""
    return {"point": figures["p_point"], "vole": figures["p_vole"], "trick": figures["p_trick"],
            "tricks": figures["expected_tricks"]}[goal]


def _best(answer: Answer, goal: str) -> list[str]:
    cards = cast(list[CardFigures], answer["cards"])
    top = max(_figure(c, goal) for c in cards)
    return [c["card"] for c in cards if _figure(c, goal) == top]


def _with_verdict(answer: Answer, kept: verdicts.Verdict) -> Answer:
    """The analysis's answer with the figures of the verdict kept as data: the cards the learner is judged
    by, the same on every page, and the words that give them."""
    cards = [{"card": card, **{name: figures[name] for name in ("expected_tricks", "p_point", "p_vole", "p_trick")}}
             for card, figures in kept.cards.items()]
    situation = str(answer.get("explanation", "")).split(" Weighed over ")[0]
    shown = "; ".join(f"{parse_card(card).pretty} {figures['expected_tricks']:.2f} tricks, the point in "
                      f"{100 * figures['p_point']:.1f} %" for card, figures in kept.cards.items())
    as_good = [parse_card(c).pretty for c in kept.accepted]
    text = (f"{situation} Weighed over {kept.deals:,} deals of the cards you have not seen, each played to the end "
            f"with both players choosing every card from what each can see, every card on the same deals. "
            f"On average: {shown}.")

    def top(name: str) -> list[str]:
        high = max(figures[name] for figures in kept.cards.values())
        return [parse_card(c).pretty for c, figures in kept.cards.items() if figures[name] == high]

    text += f" Most tricks: {card_list(top('expected_tricks'))}; best chance of the point: {card_list(top('p_point'))}."
    if len(as_good) > 1:
        text += f" For this exercise {card_list(as_good)} are as good: the deals cannot tell them apart."
    return {**answer, "cards": cards, "holdings": kept.deals, "model": kept.model, "explanation": text}


def _runner_up(answer: Answer, goal: str, best: list[str]) -> Card | None:
    """The card with the highest figure for the goal outside the best ones (None: every card is as good)."""
    others = [c for c in cast(list[CardFigures], answer["cards"]) if c["card"] not in best]
    return parse_card(max(others, key=lambda c: _figure(c, goal))["card"]) if others else None


def _goal_explanation(answer: Answer, goal: str, rival: str) -> str:
    """The analysis's reasons, led by the figure the exercise's goal is judged on: a card played to stop the
    vole is best for its chance of a trick, which the point's figures (all nil, often) cannot show."""
    text = str(answer.get("explanation", ""))
    if goal in ("point", "tricks"):  # the analysis gives both figures, and its verdict on each
        return text
    situation = text.split(" On average: ")[0]
    cards = sorted(cast(list[CardFigures], answer["cards"]), key=lambda c: -_figure(c, goal))
    best = _best(answer, goal)
    hands = f"the {answer['holdings']:,} hands {rival} may hold"
    shares = "; ".join(f"after {parse_card(c['card']).pretty}{' you do' if i == 0 else ','} "
                       f"{_share(_figure(c, goal), hands if i == 0 else 'them')}" for i, c in enumerate(cards))
    return f"{situation} What counts here is whether {GOAL_WORDS[goal]}: {shares}. Best: {card_list(best)}."


class BestCard(ExerciseKind[BestCardPosition, BestCardAnswer, CardResponse]):
    name = "best-card"
    ask_kind = "analyse"
    field = "card"  # a button for each card of the hand (the site's choice_buttons)

    def choices(self, entry: ExerciseEntry, book: RuleBook) -> tuple[Choice, ...]:
        position = self.position(entry["position"])
        if _goal(position) not in GOALS:
            raise KindError(f"the goal is one of {', '.join(GOALS)}", "position.goal")
        state = _state(position, book)
        if state.to_act != position.get("view"):
            raise KindError(f"'view' must be the seat to play ({state.to_act}): the learner is the one who chooses",
                            "position.view")
        return card_choices([c.notation for c in state.state.hands[state.to_act]], "position")

    def engine_answer(self, exercise: Exercise, book: RuleBook) -> BestCardAnswer:
        p = self.position(exercise.position)
        answer = self.asked(exercise, book)
        goal = _goal(p)
        kept = verdict(p, book)  # the step's verdict, weighed once on many deals and kept as data
        answer = _with_verdict(answer, kept)
        best = list(kept.accepted)
        explanation = _goal_explanation(answer, goal, SEAT_WORDS[other(p["view"])])
        rival = _runner_up(answer, goal, best)
        if rival is not None:  # why the best beats the likeliest other choice, before the figures
            explanation = " ".join(t for t in (why(p, book, parse_card(best[0]), rival), explanation) if t)
        return cast(BestCardAnswer, {**answer, "best": best, "explanation": explanation})

    def asked(self, exercise: Exercise, book: RuleBook) -> Answer:
        return analysed(self.position(exercise.position), book, self.name)

    def under(self, exercise: Exercise, params: Params, book: RuleBook) -> CardResponse:
        p = self.position(exercise.position)
        key = f"{book.root} {sorted(params.items())!r} {sorted(_question(p).items())!r}"
        answer = _memo.get(key)
        if answer is None:
            answer = _memo[key] = dict(analysis.answer_analyse(_question(p), book, params).as_json())
        best = _best(answer, _goal(p))
        return {"card": best[0], "best": best}

    def expected(self, exercise: Exercise, answer: BestCardAnswer) -> CardResponse:
        return {"card": answer["best"][0], "best": list(answer["best"])}

    def explanation(self, answer: BestCardAnswer) -> str:
        return answer.get("explanation", "")

    def normalize(self, exercise: Exercise, response: object) -> CardResponse:
        chosen = card(require(response, "card", '{"card": "KS"}'), "card")
        offered = [choice["value"] for choice in exercise.choices]
        if str(chosen) not in offered:
            raise BadResponse(f"{chosen.pretty} is not in your hand ({card_list(offered)}).", "card")
        return {"card": str(chosen)}

    def agree(self, exercise: Exercise, a: CardResponse, b: CardResponse) -> bool:
        return bool(set(a.get("best") or [a["card"]]) & set(b.get("best") or [b["card"]]))

    @decides("play.trick-winner", "scoring.point", "scoring.vole", LEAD_RULE, FOLLOW_RULE)
    def slots(self, case: Case, given: CardResponse) -> dict[str, object]:
        best = self.expected(case.exercise, case.answer)["best"]
        p = self.position(case.exercise.position)
        state = _state(p, case.book).state
        led = state.current[0][1] if state.current else None
        return {"chosen": parse_card(given["card"]).pretty, "best": card_list(best),
                "goal_rule": GOAL_RULES[_goal(p)], "play_rule": _play_rule(led)}

    @decides("play.trick-winner", "scoring.point", "scoring.vole", LEAD_RULE, FOLLOW_RULE)
    def diagnose(self, exercise: Exercise, given: CardResponse, expected: CardResponse, answer: BestCardAnswer,
                 book: RuleBook) -> Diagnosis:
        p = self.position(exercise.position)
        params = params_of(exercise, book)
        state = _state(p, book).state
        seat = p["view"]
        chosen = parse_card(given["card"])
        led = state.current[0][1] if state.current else None
        found = duty(state.hands[seat], led, state.trump, params)
        if chosen not in found.legal:
            assert led is not None  # the leader may lead any card
            return wrongly_chosen(chosen, led, state.trump, found, params, did="played")
        named = diagnosis_of(mistakes_named(case_of(self, exercise, answer, book), given))
        figures = {entry["card"]: entry for entry in answer["cards"]}
        goal = _goal(p)
        best = parse_card(expected["best"][0])
        compared = _compare(figures, goal, chosen, best, answer, SEAT_WORDS[other(seat)])
        # the reason first, in a beginner's words, then the figures it stands for
        text = [why(p, book, best, chosen)] if chosen not in {parse_card(c) for c in expected["best"]} else []
        if named:
            text.append(named.text)
        text.append(f"From what you can see (your cards, the turn-up and the cards played), {compared}")
        text = [line for line in text if line]
        # a card the rules allow breaks no rule: unless a mistake about a law explains it (the ace's rank), it is
        # judged by the goal's figures, as advice
        rule = _play_rule(led)
        return Diagnosis(" ".join(text), named.rule if named else rule, named.mistakes if named else (),
                         advice=named.advice if named else True)

    def words(self, exercise: Exercise, answer: CardResponse) -> str:
        best = [c for c in answer.get("best") or [answer["card"]] if c != answer["card"]]
        also = f" (or {card_list(best)}, which do as well)" if best else ""
        return f"{parse_card(answer['card']).pretty}{also}"

    def read_form(self, exercise: Exercise, form: Form) -> tuple[Question, Question]:
        response: Question = {"card": form.get("card", "").strip()}
        return response, dict(response)

    def form_data(self, exercise: Exercise, answer: CardResponse) -> FormFields:
        return {"card": answer["card"]}  # the card chosen

    def describe(self, exercise: Exercise, book: RuleBook) -> list[str]:
        return seen_lines(self.position(exercise.position), book)

    def read_typed(self, exercise: Exercise, terminal: Terminal) -> Question:
        return {"card": terminal.answer("Which card do you play? Type it (e.g. KS)")}


@decides(LEAD_RULE, FOLLOW_RULE)
def _play_rule(led: Card | None) -> str:
    """The advice a worse card goes against, whatever it is played for: a lead, the advice on leading; an answer
    to a lead, the advice on answering one (each practised on a new position to play, drills.cardplay)."""
    return LEAD_RULE if led is None else FOLLOW_RULE


def analysed(position: Mapping[str, object], book: RuleBook, kind: str) -> Answer:
    """``analyse``'s answer to an exercise's position (its ``goal`` left out), kept by question: an
    analysis is costly and a position's never changes (``best-card``, ``best-exchange``)."""
    question: Question = {**{key: value for key, value in position.items() if key != "goal"}, "kind": "analyse"}
    key = f"{book.root} {sorted(question.items())!r}"
    answer = _memo.get(key)
    if answer is None:
        from ...asking import ask

        answer = ask(question, book)
        if "error" in answer:
            error = cast(dict[str, object], answer["error"])
            raise LessonError(f"the engine cannot analyse this {kind} exercise: {error['message']}")
        _memo[key] = answer
    return answer


def _compare(figures: dict[str, CardFigures], goal: str, chosen: Card, best: Card, answer: BestCardAnswer,
             rival: str) -> str:
    """The chosen card against the best, in the engine's figures for the goal."""
    mine, top = figures[str(chosen)], figures[str(best)]
    hands = f"the {answer['holdings']:,} hands {rival} may hold"
    if goal == "tricks":
        return (f"after {chosen.pretty} you take {mine['expected_tricks']:.2f} tricks on average over {hands}, and "
                f"after {best.pretty} {top['expected_tricks']:.2f}.")
    a, b = _figure(mine, goal), _figure(top, goal)
    return f"after {chosen.pretty} {GOAL_WORDS[goal]} {_share(a, hands)}; after {best.pretty}, {_share(b, 'them')}."


def _share(share: float, hands: str) -> str:
    """In how many of ``hands``: "in 72 % of …", "in every one of …", "in none of …"."""
    return f"in {100 * share:.0f} % of {hands}" if share not in (0, 1) else \
        f"in {'every one' if share == 1 else 'none'} of {hands}"


def why(p: BestCardPosition, book: RuleBook, better: Card, worse: Card) -> str:
    """Why ``better`` beats ``worse``, in a beginner's words (:mod:`...engine.parting`): a deal of the verdict's
    weighing where they part, both played out, the trick the worse card loses and to which card; empty when no
    deal shows it."""
    params = params_of_position(p, book)
    seat = p["view"]
    where = f"{book.root} {params.profile} {params.agreements} {sorted(_question(p).items())!r}"
    key = f"{where} {better} {worse}"
    if key not in _whys:
        position = _state(p, book)
        begin = hidden.start(position.state, position.held, seat, book, params)
        kept = verdict(p, book)
        seed, deals, worlds = kept.seed, kept.deals, kept.worlds
        if where not in _weighed:  # every card of the position on the same deals: weighed once for all pairs
            _weighed[where] = hidden.weigh(begin, params, seed, deals, worlds)
        found = parting.find(begin, params, _weighed[where], seed, better, worse, _goal(p))
        _whys[key] = "" if found is None else parting.words(found, _goal(p), other(seat), book)
    return _whys[key]


def verdict(p: BestCardPosition, book: RuleBook) -> verdicts.Verdict:
    """The position's verdict: a lesson step's, kept as data; any other position's (a drill's) weighed the same
    way on first use (:func:`..verdicts.compute`, about a second) and kept."""
    kept = verdicts.verdict_for(p, book)
    if kept is not None:
        return kept
    key = f"{book.root} {sorted(p.items())!r}"
    if key not in _computed:
        _computed[key] = verdicts.compute(p, book)
    return _computed[key]


def worked_out() -> dict[str, dict[str, object]]:
    """The analyses and the words of why one card beats another worked out so far in this process (JSON), for a
    later process of the same data to take (:func:`take`)."""
    return {"answers": dict(_memo), "whys": dict(_whys)}


def take(worked: Mapping[str, Mapping[str, object]]) -> None:
    """Take what :func:`worked_out` gave in a process of the same data (``serve`` keeps it per change of the
    data): a step's first answer then reads them instead of weighing the position again (a second or more)."""
    _memo.update({key: cast(Answer, answer) for key, answer in worked.get("answers", {}).items()
                  if isinstance(answer, dict)})
    _whys.update({key: why for key, why in worked.get("whys", {}).items() if isinstance(why, str)})


def params_of_position(p: BestCardPosition, book: RuleBook) -> Params:
    try:
        return book.params(read_profile(p, book), read_agreements(dict(p), book))
    except QuestionError as exc:
        raise KindError(exc.message, "position") from None


def seen_lines(position: BestCardPosition, book: RuleBook) -> list[str]:
    """What the learner can see, one line each: trumps and the turn-up, his hand, the tricks so far."""
    state = _state(position, book)
    hand_state, seat = state.state, state.to_act
    return [trump_line(hand_state.trump_card), you_hold(seat, hand_state.hands[seat]),
            *(tr("Trick %(number)s: %(leader)s led %(led)s, %(follower)s played %(followed)s; %(winner)s took it",
                 number=number, leader=seat_said(trick["leader"]), led=_shown(parse_card(trick["led"])),
                 follower=seat_said(other(trick["leader"])), followed=_shown(parse_card(trick["followed"])),
                 winner=seat_said(trick["winner"])) for number, trick in enumerate(hand_state.history, 1)),
            tr("%(seat)s has led %(card)s", seat=_cap(seat_said(hand_state.current[0][0])),
               card=_shown(hand_state.current[0][1])) if hand_state.current else tr("You are to lead."),
            tr("Tricks so far: you %(mine)s, %(other)s %(theirs)s", mine=hand_state.tricks[seat],
               other=seat_said(other(seat)), theirs=hand_state.tricks[other(seat)])]


def seat_said(seat: str) -> str:
    """A seat in a position's lines, in the language spoken ("the elder hand", « le premier en cartes »)."""
    return trc("lesson seat", SAID_SEATS[seat])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _shown(card: Card) -> str:
    return shown(card, current())


def trump_line(turned: Card) -> str:
    """Trumps and the turn-up, as a position's first line."""
    return tr("Trumps: %(suit)s (%(symbol)s), the turn-up %(card)s", suit=suit_name(turned.suit, current()),
              symbol=turned.suit.symbol, card=_shown(turned))


def you_hold(seat: str, hand: Iterable[Card]) -> str:
    """The learner's seat and hand, as a position's second line."""
    cards = ", ".join(_shown(card) for card in hand)
    if seat == "dealer":
        return tr("You are the dealer. Your hand: %(hand)s", hand=cards)
    return tr("You are the elder hand. Your hand: %(hand)s", hand=cards)
