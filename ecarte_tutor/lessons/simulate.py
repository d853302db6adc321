"""The makers of the mistakes no parameter expresses (``detect: {custom: name}`` in the catalogue).

Each maker takes an exercise (a :class:`~.mistakes.Case`) and returns the wrong answers a learner
who makes that mistake gives, worked out from the engine wherever the engine can say it: the risk
moved to the other player and the hand scored again, the wager taken out and the hand refereed
again. A maker returns nothing when the mistake does not fit the exercise. The makers of a mistake
in one part of an answer (a remedy, the chooser) also say which parts of a learner's answer show it.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import RANK_NAMES, Card, Suit, parse_card, parse_suit
from ..engine import analysis
from ..engine.play import beats
from ..fields import SEATS, other
from ..i18n import trc
from ..marks import decides
from ..strategy import KING_EXCEPTION_RULE
from ..wording import card_list
from .kinds.score import RISKS
from .mistakes import Case, Mistake, Wrong, maker
from .reading import SEAT_WORDS
from .vouched import SEAT_WORDS as SAID_SEATS

# --- the play -----------------------------------------------------------------------------------------


def _strs(value: object) -> list[str]:
    """A list of words or cards from an answer, as strings (nothing, for anything else)."""
    return [str(item) for item in value] if isinstance(value, list | tuple | set) else []


def _hand(case: Case) -> list[Card]:
    return [parse_card(c) for c in case.position["hand"]]


def _legal(case: Case) -> list[str]:
    return _strs(case.expected["cards"])


def _with(case: Case, cards: list[Card]) -> list[Wrong]:
    legal = _legal(case)
    added = [str(c) for c in cards if str(c) not in legal]
    return [Wrong({"cards": legal + added})] if added else []


def _holds_led(case: Case) -> tuple[Card, list[Card]] | None:
    """The card led and the hand, when the hand holds the suit led (a plain suit)."""
    led = case.position.get("led")
    if not led:
        return None
    card, hand = parse_card(led), _hand(case)
    trump = parse_suit(case.position["trump"])
    if card.suit is trump or not any(c.suit is card.suit for c in hand):
        return None
    return card, hand


@maker("trumps-while-holding-suit")
def trumps_while_holding_suit(case: Case, mistake: Mistake) -> list[Wrong]:
    found = _holds_led(case)
    if not found:
        return []
    trump = parse_suit(case.position["trump"])
    return _with(case, [c for c in found[1] if c.suit is trump])


@maker("plain-while-holding-suit")
def plain_while_holding_suit(case: Case, mistake: Mistake) -> list[Wrong]:
    found = _holds_led(case)
    if not found:
        return []
    led, hand = found
    trump = parse_suit(case.position["trump"])
    return _with(case, [c for c in hand if c.suit is not led.suit and c.suit is not trump])


def _leader_parts(case: Case, given: Mapping[str, object]) -> list[Mapping[str, object]]:
    if case.position.get("led"):
        return []
    ticked = set(_strs(given.get("cards")))
    missed = [c for c in _legal(case) if c not in ticked]
    return [{"missed": card_list(missed)}] if missed else []


@maker("leader-bound", _leader_parts)
def leader_bound(case: Case, mistake: Mistake) -> list[Wrong]:
    """A leader who thinks a duty binds him leaves cards out: one wrong answer a card left out."""
    if case.position.get("led"):
        return []
    legal = _legal(case)
    return [Wrong({"cards": [c for c in legal if c != card]}) for card in legal if len(legal) > 1]


def _trick(case: Case) -> tuple[Card, Card, Any]:
    p = case.position
    return parse_card(p["led"]), parse_card(p["followed"]), parse_suit(p["trump"])


@maker("trump-ignored")
def trump_ignored(case: Case, mistake: Mistake) -> list[Wrong]:
    """A trump played to a plain lead, taken for a plain card: the suit led wins."""
    led, followed, trump = _trick(case)
    if followed.suit is trump and led.suit is not trump:
        return [Wrong({"winner": "leader"}, {"trump_card": followed.pretty})]
    return []


@maker("rank-over-suit")
def rank_over_suit(case: Case, mistake: Mistake) -> list[Wrong]:
    """A higher card of another plain suit, played to a lead, taken to win it."""
    led, followed, trump = _trick(case)
    if led.suit is followed.suit or followed.suit is trump:
        return []
    higher = case.params.ranking.strength[followed.rank] > case.params.ranking.strength[led.rank]
    return [Wrong({"winner": "follower"})] if higher else []


@maker("most-tricks")
def most_tricks(case: Case, mistake: Mistake) -> list[Wrong]:
    """Playing for the point, the card with the most tricks on average chosen instead (not one of the best)."""
    if (case.position.get("goal") or "point") != "point":
        return []
    cards = case.answer["cards"]
    top = max(c["expected_tricks"] for c in cards)
    best = set(_strs(case.expected.get("best")))
    return [Wrong({"card": c["card"]}) for c in cards if c["expected_tricks"] == top and c["card"] not in best]


@maker("ace-kept-over-a-higher-card")
def ace_kept_over_a_higher_card(case: Case, mistake: Mistake) -> list[Wrong]:
    """The best card is an ace thrown; a card of its suit that outranks it thrown instead, keeping the ace as if it
    were the higher (lesson 19: A♦ is the card to throw, not Q♦)."""
    ranking, out = case.params.ranking, []
    for best in (parse_card(c) for c in _strs(case.expected.get("best"))):
        if best.rank != "A":
            continue
        for choice in case.exercise.choices:
            thrown = parse_card(str(choice["value"]))
            if thrown.suit is best.suit and ranking.higher(thrown, best):
                out.append(Wrong({"card": str(thrown)}, {"thrown": thrown.pretty, "ace": best.pretty,
                                                          "thrown_rank": RANK_NAMES[thrown.rank],
                                                          "order": " ".join(case.params.rank_order)}))
    return out


def _answered_lead(case: Case) -> tuple[Card, Suit] | None:
    """The card the other hand has led to the trick the learner is to play to (a best-card position), if any,
    and the trump suit."""
    question = {**{key: value for key, value in case.position.items() if key != "goal"}, "kind": "analyse"}
    state = analysis.read_position(question, case.params).state
    return (state.current[0][1], state.trump) if state.current else None


def _dearer_of_a_suit(case: Case, wins: bool) -> list[Wrong]:
    """A card chosen above a best card of its suit, when both win the trick led (``wins``) or neither does:
    the lower does the same work now, and the higher kept can take any later trick the lower could."""
    found = _answered_lead(case)
    if found is None:  # the learner leads: what a lead is worth is no matter of this trick alone
        return []
    (led, trump), ranking, best = found, case.params.ranking, _strs(case.expected.get("best"))
    # an ace thrown below a higher card of its suit is ace-kept-over-a-higher-card's to name
    lows = [low for low in (parse_card(c) for c in best) if beats(low, led, trump, case.params) is wins
            and (wins or low.rank != "A")]
    out = []
    for high in (parse_card(str(choice["value"])) for choice in case.exercise.choices):
        below = [low for low in lows if high.suit is low.suit and ranking.higher(high, low)]
        if below and str(high) not in best:  # one mistake per card chosen: named against the nearest lower card
            low = ranking.sort(below)[0]
            out.append(Wrong({"card": str(high)}, {"high": high.pretty, "low": low.pretty}))
    return out


@maker("wins-dearly")
def wins_dearly(case: Case, mistake: Mistake) -> list[Wrong]:
    """The trick won with a higher card of the suit than a best card that wins it too (lesson 18)."""
    return _dearer_of_a_suit(case, wins=True)


@maker("throws-high-when-losing")
def throws_high_when_losing(case: Case, mistake: Mistake) -> list[Wrong]:
    """A trick that cannot be won given a higher card of the suit than a best card (lesson 18)."""
    return _dearer_of_a_suit(case, wins=False)


@maker("reversed")
def reversed_order(case: Case, mistake: Mistake) -> list[Wrong]:
    return [Wrong({"order": _strs(case.expected["order"])[::-1]})]


# --- scoring ------------------------------------------------------------------------------------------


def _points(case: Case, position: Mapping[str, object]) -> Wrong | None:
    found = case.ask(position)
    return Wrong(found) if found is not None else None


def _tricks(case: Case) -> dict[str, int]:
    if case.exercise.kind == "hand-score":
        tricks: dict[str, int] = case.answer["state"]["tricks"]
        return dict(tricks)
    return dict(case.position["tricks"])


def _winner(case: Case) -> str | None:
    tricks = _tricks(case)
    return next((s for s in SEATS if tricks.get(s, 0) >= case.params.point_tricks), None)


@maker("tricks-as-points")
def tricks_as_points(case: Case, mistake: Mistake) -> list[Wrong]:
    return [Wrong({"points": _tricks(case)})]


@maker("game-over-at-the-usual-target")
def game_over_at_the_usual_target(case: Case, mistake: Mistake) -> list[Wrong]:
    """Nothing scored, as if a game the table agreed to lengthen had ended at the profile's own target."""
    before = case.position.get("score_before") if case.exercise.kind == "score" else None
    usual = case.book.params(case.params.profile).game_target
    if not before or case.params.game_target <= usual:
        return []
    seat = next((s for s in SEATS if before.get(s, 0) >= usual), None)
    if seat is None:
        return []
    return [Wrong({"points": {s: 0 for s in SEATS}}, {"seat": seat_said(seat), "reached": before[seat]})]


@maker("swapped")
def swapped(case: Case, mistake: Mistake) -> list[Wrong]:
    points = case.expected["points"]
    assert isinstance(points, dict)  # a points answer (score, hand-score)
    return [Wrong({"points": {"elder": points["dealer"], "dealer": points["elder"]}})]


@maker("four-as-vole")
def four_as_vole(case: Case, mistake: Mistake) -> list[Wrong]:
    winner = _winner(case)
    if winner is None or _tricks(case)[winner] != case.params.hand_size - 1:
        return []
    found = _points(case, {**case.position, "tricks": {winner: case.params.hand_size, other(winner): 0}})
    return [found] if found else []


@maker("penalty-to-risk-taker")
def penalty_to_risk_taker(case: Case, mistake: Mistake) -> list[Wrong]:
    """The player who took the risk and won the point, scored as if the risk had been the other's."""
    winner = _winner(case)
    if winner is None or not case.position.get(RISKS[winner]):
        return []
    position = {k: v for k, v in case.position.items() if k not in RISKS.values()}
    found = _points(case, {**position, RISKS[other(winner)]: True})
    return [found] if found else []


@maker("refusal-charged-to-the-proposer")
@decides("scoring.penalty")
def refusal_charged_to_the_proposer(case: Case, mistake: Mistake) -> list[Wrong]:
    """The dealer refused the first proposal and the elder won the point: the learner who takes the refusal for
    the proposer's loss gives the dealer what the elder's tricks won (the engine's award, raise and all)."""
    p = case.position
    if case.exercise.kind != "score" or not p.get(RISKS["dealer"]) or p.get(RISKS["elder"]) or \
            p.get("score_before") or not case.params.dealer_vulnerable_on_first_refusal or _winner(case) != "elder":
        return []
    points = {seat: 0 for seat in SEATS}
    for award in case.answer["awards"]:
        if award["scored"]:
            points["dealer" if award["claim"] == "tricks" else award["seat"]] += award["points"]
    return [Wrong({"points": points})]


@maker("turned-king-to-winner")
def turned_king_to_winner(case: Case, mistake: Mistake) -> list[Wrong]:
    winner = _winner(case)
    if not case.position.get("king_turned") or winner != "elder":
        return []
    position = {k: v for k, v in case.position.items() if k != "king_turned"}
    found = _points(case, {**position, "king_announced_by": winner})
    return [found] if found else []


@maker("announced-king-to-other")
def announced_king_to_other(case: Case, mistake: Mistake) -> list[Wrong]:
    seat = case.position.get("king_announced_by")
    if seat not in SEATS:
        return []
    found = _points(case, {**case.position, "king_announced_by": other(seat)})
    return [found] if found else []


WAGER_ACTIONS = {"double": ("double", "accept-double", "decline-double"),
                 "offer": ("offer-point", "accept-offer", "decline-offer")}


@maker("wager-forgotten")
@decides("variant.doubling", "variant.offering-the-point")
def wager_forgotten(case: Case, mistake: Mistake) -> list[Wrong]:
    """A wager that left the hand to be played out (a double accepted, the point declined), left out."""
    actions = case.position["actions"]
    if case.answer["state"]["wagers"]["ended"]:
        return []
    out: list[Wrong] = []
    for wager, names in WAGER_ACTIONS.items():
        kept = [a for a in actions if a.get("do") not in names]
        if len(kept) == len(actions):
            continue
        found = _points(case, {**case.position, "actions": kept})
        if found is None:
            continue
        if wager == "double":
            text = ("You scored the hand as if nobody had doubled: the double was accepted, so what the hand "
                    "scores is doubled, the extra point against a vulnerable player included.")
        else:
            decliner = next((str(a["by"]) for a in actions if a.get("do") == "decline-offer"), None)
            if decliner is None:
                continue
            text = (f"You scored the tricks as they fell, but {SEAT_WORDS[decliner]} declined the point offered: "
                    "that bound him to win every trick, and losing even one changes who scores.")
        out.append(Wrong(found.response, {"wager": text, "_rule": "variant.doubling" if wager == "double"
                                          else "variant.offering-the-point"}))
    return out


# --- the exchange -------------------------------------------------------------------------------------


def _discards(case: Case) -> tuple[int, int, int]:
    p = case.position
    return int(p["stock"]), int(p["elder_discards"]), int(p.get("dealer_discards") or 0)


@maker("bottomless-stock")
def bottomless_stock(case: Case, mistake: Mistake) -> list[Wrong]:
    stock, elder, dealer = _discards(case)
    if stock >= elder + dealer:
        return []
    return [Wrong({"elder_draws": elder, "dealer_draws": dealer})]


@maker("dealer-served-first")
def dealer_served_first(case: Case, mistake: Mistake) -> list[Wrong]:
    stock, elder, dealer = _discards(case)
    if stock >= elder + dealer or not dealer:
        return []
    first = min(dealer, stock)
    return [Wrong({"elder_draws": min(elder, stock - first), "dealer_draws": first})]


# --- disputes: each part of the ruling ---------------------------------------------------------------


def _options(response: Mapping[str, object]) -> set[str]:
    return set(_strs(response["option_ids"]))


def _label(case: Case, option: str) -> str:
    labels = {c["value"]: c["label"] for c in case.exercise.choices}
    return f"“{labels.get(option, option)}”"


def _ticked_parts(case: Case, given: Mapping[str, object]) -> list[Mapping[str, object]]:
    from .kinds.dispute import misread

    return [{"remedy": _label(case, o), "why": misread(case, o)}
            for o in sorted(_options(given) - _options(case.expected))]


@maker("remedy-ticked", _ticked_parts)
def remedy_ticked(case: Case, mistake: Mistake) -> list[Wrong]:
    right = sorted(_options(case.expected))
    return [Wrong({**case.expected, "option_ids": right + [c["value"]]}) for c in case.exercise.choices
            if c["value"] not in right]


def _left_out_parts(case: Case, given: Mapping[str, object]) -> list[Mapping[str, object]]:
    return [{"remedy": _label(case, o)} for o in sorted(_options(case.expected) - _options(given))]


@maker("remedy-left-out", _left_out_parts)
def remedy_left_out(case: Case, mistake: Mistake) -> list[Wrong]:
    right = sorted(_options(case.expected))
    return [Wrong({**case.expected, "option_ids": [o for o in right if o != option]}) for option in right
            if len(right) > 1]


def _chooser_parts(which: str) -> Any:
    def parts(case: Case, given: Mapping[str, object]) -> list[Mapping[str, object]]:
        mine, right = given.get("chooser"), case.expected.get("chooser")
        fits = {"wrong-seat": mine is not None and right is not None and mine != right,
                "compulsory-as-choice": right is None and mine is not None,
                "choice-as-compulsory": right is not None and mine is None}[which]
        # "said": the learner's chooser as the engine's words give it (None: "nobody"), through |chooser
        return [{"mine": seat_said(str(mine)) if mine in SEAT_WORDS else "",
                 "right": seat_said(str(right)) if right in SEAT_WORDS else "", "said": mine}] \
            if fits else []
    return parts


def _chooser(case: Case, choosers: list[str | None]) -> list[Wrong]:
    return [Wrong({**case.expected, "chooser": chooser}) for chooser in choosers]


@maker("wrong-chooser", _chooser_parts("wrong-seat"))
def wrong_chooser(case: Case, mistake: Mistake) -> list[Wrong]:
    right = case.expected.get("chooser")
    return _chooser(case, [other(str(right))]) if right is not None else []


@maker("compulsory-as-choice", _chooser_parts("compulsory-as-choice"))
def compulsory_as_choice(case: Case, mistake: Mistake) -> list[Wrong]:
    return _chooser(case, list(SEATS)) if case.expected.get("chooser") is None else []


@maker("choice-as-compulsory", _chooser_parts("choice-as-compulsory"))
def choice_as_compulsory(case: Case, mistake: Mistake) -> list[Wrong]:
    return _chooser(case, [None]) if case.expected.get("chooser") is not None else []


# --- proposing, accepting, refusing ------------------------------------------------------------------

OTHER_CHOICE = {"play": "propose", "propose": "play", "refuse": "accept", "accept": "refuse"}


def _the_other(case: Case, fits: bool, slots: Mapping[str, object] | None = None) -> list[Wrong]:
    if not fits:
        return []
    return [Wrong({"choice": OTHER_CHOICE[str(case.expected["choice"])]}, slots or {})]


@maker("leaves-a-jeu-de-regle")
@decides(KING_EXCEPTION_RULE)
def leaves_a_jeu_de_regle(case: Case, mistake: Mistake) -> list[Wrong]:
    pattern = case.answer.get("pattern")
    return _the_other(case, pattern is not None and KING_EXCEPTION_RULE not in case.answer.get("cites", []))


@maker("no-jeu-de-regle")
def no_jeu_de_regle(case: Case, mistake: Mistake) -> list[Wrong]:
    return _the_other(case, case.answer.get("pattern") is None)


@maker("king-exception")
@decides(KING_EXCEPTION_RULE)
def king_exception(case: Case, mistake: Mistake) -> list[Wrong]:
    return _the_other(case, KING_EXCEPTION_RULE in case.answer.get("cites", []))


# --- pools --------------------------------------------------------------------------------------------


def _games(case: Case) -> list[Mapping[str, Any]]:
    games: list[Mapping[str, Any]] = case.answer["games"]
    return games


def _games_going_on(case: Case) -> list[Mapping[str, Any]]:
    """The games played so far when the pool goes on (none: nothing to get wrong about who plays next)."""
    games = _games(case)
    return [] if case.answer["winner"] else games


@maker("winner-sits-out")
def winner_sits_out(case: Case, mistake: Mistake) -> list[Wrong]:
    games = _games_going_on(case)
    if not games:
        return []
    last = games[-1]
    return [Wrong({"next": f"out:{last['winner']}"}, {"name": last["winner"], "game": last["game"]})]


@maker("waiting-player-waits")
def waiting_player_waits(case: Case, mistake: Mistake) -> list[Wrong]:
    games = _games_going_on(case)
    if not games:
        return []
    last = games[-1]
    waited = next(name for name in case.position["players"] if name not in last["playing"])
    return [Wrong({"next": f"out:{waited}"}, {"name": waited, "game": last["game"]})]


def _running(games: list[Mapping[str, Any]], name: str) -> int:
    count = 0
    for game in reversed(games):
        if game["winner"] != name:
            break
        count += 1
    return count


@maker("two-wins-not-running")
def two_wins_not_running(case: Case, mistake: Mistake) -> list[Wrong]:
    games = _games(case)
    out: list[Wrong] = []
    for name in case.position["players"]:
        won = [g["game"] for g in games if g["winner"] == name]
        if len(won) >= 2 and _running(games, name) < 2:
            out.append(Wrong({"next": f"won:{name}"}, {"name": name,
                                                       "games": f" {trc('list', 'and')} ".join(map(str, won[-2:]))}))
    return out


@maker("one-win-enough")
def one_win_enough(case: Case, mistake: Mistake) -> list[Wrong]:
    games = _games_going_on(case)
    if not games:
        return []
    name = games[-1]["winner"]
    won = [g for g in games if g["winner"] == name]
    return [Wrong({"next": f"won:{name}"}, {"name": name})] if len(won) == 1 else []


@maker("pool-played-on")
def pool_played_on(case: Case, mistake: Mistake) -> list[Wrong]:
    if not case.answer["winner"]:
        return []
    return [Wrong({"next": f"out:{name}"}) for name in case.position["players"]]


def seat_said(seat: str) -> str:
    """A seat as a mistake's slot says it, in the language spoken ("the elder hand", « le premier en cartes »)."""
    return trc("lesson seat", SAID_SEATS[seat])
