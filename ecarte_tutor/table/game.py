"""A whole game at the practice table: deal after deal to the game's target, every action refereed.

The learner and the tutor take the seats in turn (the deal alternates, ``deal.alternate``); each
deal comes from the game's seeded shuffle (:mod:`.dealing`). Each hand is refereed by the ``hand``
referee: every action of both players is applied by it (``engine.hand.apply``), which refuses an
illegal one and leaves the hand as it was. The tutor only ever chooses among the legal next
actions it lists; a learner's illegal attempt is refused with the ``hand`` kind's own answer (the
rule, the laws, the legal alternatives), like a referee would. When a hand is over the
``hand`` kind, asked with the score before the hand, gives the points (a game can end inside a
hand: turned king, announced king, then tricks), each claim with its reason and laws for the
score sheet.

The tutor acts by itself; :meth:`Game.decision` is what the learner must decide next. Besides his
turns, the learner is asked when an announcement or an offer open to him (the king, doubling,
offering the point) would close with the tutor's next action; he may let it pass (a move too).

The game is rebuilt from its record (:mod:`.settings`): :meth:`Game.replay`.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from ..cards import PACK, Card
from ..engine import hand
from ..engine.deal import Deal
from ..engine.hand import FirstIllegal, HandJson, NextAction, TrickRecord, WrittenAction
from ..engine.illegal import Illegal
from ..errors import QuestionError
from ..fields import other
from ..i18n import tr
from ..rulebook import RuleBook, default_rulebook
from . import dealing, incidents, moves
from .deals import OVER, REPLAY, HandPlay, Incident, PlayerAward, ScoredHand, SheetEntry
from .hoffmann import Commitments
from .players import Chosen, make_player
from .settings import PLAYERS, Settings, TableError, make_settings, read_record
from .view import SeatView, SeenDiscard, TableDefect, asked

__all__ = ["OVER", "Decision", "Game", "HandPlay", "LogEntry", "PlayerAward", "SheetEntry", "opponent", "passing",
           "seat_view"]

PASS: moves.Move = {"do": moves.PASS}


class LogEntry(TypedDict):
    """One step of the game, for a page or a terminal to narrate: an action (with the trick it
    completed), a hand over, an irregularity of the tutor's, a deal set aside, a call of the referee."""

    deal: int
    player: NotRequired[str]
    action: NotRequired[WrittenAction]
    trick: NotRequired[TrickRecord]
    hand_over: NotRequired[bool]
    points: NotRequired[dict[str, int]]  # by player, when the hand is over
    incident: NotRequired[str]  # a drill's code
    said: NotRequired[str]
    void: NotRequired[str]  # fresh-deal or replay-hand
    call: NotRequired[str]  # the option the ruling carried out
    code: NotRequired[str]
    index: NotRequired[int]  # an action's place among the hand's actions (for the tutor's why)
    facts: NotRequired[Commitments]  # after "I play" or a refusal: what the referee recorded it commits


def opponent(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def passing(seat: str) -> NextAction:
    """The choice of letting the other go on (the table's, not a verb of the hand)."""
    return {"by": seat, "do": moves.PASS}


@dataclass
class Decision:
    """What the learner must decide: his seat, the legal choices, and his view of the table."""

    seat: str
    choices: list[NextAction]  # the referee's legal next actions for his seat (with {"do": "pass"} when off turn)
    off_turn: bool  # True: the tutor is to act, but an announcement or offer open to him would close
    view: SeatView


def _same(attempt: WrittenAction, choice: NextAction) -> bool:
    """Is ``attempt`` the legal ``choice`` (a discard: any cards; the referee counts them)?"""
    return attempt["do"] == choice["do"] and attempt.get("card") == choice.get("card")


def seat_view(hp: HandPlay, state: hand.HandState, seat: str, game: Game, done: int | None = None) -> SeatView:
    """What the player in ``seat`` sees of ``hp`` when the hand stands at ``state``, after its first
    ``done`` actions (all of them by default: the live state)."""
    public = state.to_dict()
    public["hands"] = {seat: public["hands"][seat]}  # his own cards only
    actions = hp.actions[:len(hp.actions) if done is None else done]
    # how many cards each discard changed is seen at the table; which cards, only by their owner
    discards: list[SeenDiscard] = [{"by": a["by"], "count": len(a["cards"])} for a in actions if a["do"] == "discard"]
    score = dict(state.score) if state.score is not None else dict(hp.score_before)
    return SeatView(seat, hp.player(seat), tuple(state.hands[seat]), state.trump_card, public, discards, score,
                    game.params, game.book, hp.number,
                    {**game.settings.question(), "deal": dealing.deal_question(hp.deal), "actions": list(actions)})


class Game:
    """A game between the learner and the tutor (see the module's docstring)."""

    def __init__(self, settings: Settings, book: RuleBook | None = None):
        self.settings = settings
        self.book = book or default_rulebook()
        self.params = settings.params(self.book)
        self.tutor = make_player(settings.level)
        self.scores = {player: 0 for player in PLAYERS}
        self.hands: list[HandPlay] = []
        self.sheet: list[SheetEntry] = []  # one entry per claim of every hand, scored or not
        self.log: list[LogEntry] = []  # one entry per action, in order (for a page or a terminal to narrate)
        self.moves: list[str] = []
        self.winner: str | None = None
        self.game_value: int | None = None
        self._decision: Decision | None = None
        self._intents: dict[tuple[int, int, str, str], Chosen] = {}  # the tutor's choice here, worked out once
        self.open: Incident | None = None  # an irregularity of the tutor's, not yet called or let pass
        self.calls: list[incidents.Call] = []  # every call of the referee and every irregularity let pass, in order
        self._new_hand(settings.first_dealer)

    # --- starting and replaying ----------------------------------------------------------------

    @classmethod
    def start(cls, book: RuleBook | None = None, **settings: object) -> Game:
        """A new game: ``seed``, ``profile``, ``level``, ``agreements``, ``first_dealer`` (checked)."""
        book = book or default_rulebook()
        game = cls(make_settings(book, **settings), book)
        game.advance()
        return game

    @classmethod
    def replay(cls, record: object, book: RuleBook | None = None) -> Game:
        """The game a record describes, rebuilt move by move; a bad record is a :class:`TableError`."""
        book = book or default_rulebook()
        settings, words = read_record(record, book)
        game = cls(settings, book)
        try:
            for index, word in enumerate(moves.split(words)):
                if game.winner is not None:
                    raise TableError(tr("Move %(number)s (%(word)s) comes after the end of the game.", number=index + 1,
                                          word=word), "moves")
                if incidents.is_drill_word(word):
                    incidents.replay_word(game, index, word)
                    continue
                player, action = moves.decode(word)
                game._replay_move(index, word, player, action)
        except moves.MoveError as exc:
            raise TableError(str(exc), "moves") from None
        game.advance()
        return game

    def _replay_move(self, index: int, word: str, player: str, action: moves.Move) -> None:
        if action["do"] == moves.PASS:
            if player != "learner":
                raise TableError(tr("Move %(number)s (%(word)s): only the learner lets the tutor go on.",
                                      number=index + 1, word=word), "moves")
            self._pass()
            return
        if player == "learner":
            incidents.let_pass(self)
        hp = self.current
        try:
            self._apply(player, {**action, "by": hp.seats[player]})
        except (Illegal, QuestionError) as exc:
            why = exc.explanation if isinstance(exc, Illegal) else exc.message
            raise TableError(tr("Move %(number)s (%(word)s) is not legal: %(why)s", number=index + 1, word=word,
                                  why=why), "moves") from None

    def record(self) -> dict[str, object]:
        """The compact, JSON-able record that rebuilds this game."""
        return self.settings.to_record(" ".join(self.moves))

    # --- the state of the game -----------------------------------------------------------------

    @property
    def current(self) -> HandPlay:
        return self.hands[-1]

    @property
    def over(self) -> bool:
        return self.winner is not None

    def decision(self) -> Decision | None:
        """What the learner must decide now; None once the game is over."""
        return None if self.over else self._decision

    def view(self, player: str, seat: str | None = None) -> SeatView:
        """What ``player`` sees of the current hand."""
        hp = self.current
        return seat_view(hp, hp.state, seat or hp.seats[player], self)

    # --- the learner's moves -------------------------------------------------------------------

    def play(self, action: object) -> FirstIllegal | None:
        """The learner's move (``{"do": verb, ...}``; his seat is filled in). Returns None when it was
        made, or the referee's refusal (``first_illegal`` of the ``hand`` kind) when it is illegal.
        Input that is no action at all raises :class:`TableError`."""
        decision = self.decision()
        if decision is None:
            raise TableError(tr("The game is over: no more moves."))
        if not isinstance(action, dict) or not isinstance(action.get("do"), str):
            raise TableError(tr("A move is an object such as {\"do\": \"card\", \"card\": \"QS\"}."))
        if action["do"] == moves.PASS:
            if not decision.off_turn:
                raise TableError(tr("It is your turn: there is nothing to let pass."))
            self._pass()
            self.advance()
            return None
        blocked = incidents.blocking(self)
        if blocked is not None:
            raise TableError(tr("First answer what the tutor did: %(what)s Call the referee, or let it go on.",
                                what=blocked))
        hp = self.current
        try:
            parsed = hand.read_action({**action, "by": decision.seat}, len(hp.actions))
        except QuestionError as exc:
            raise TableError(exc.message) from None
        attempt = hand.echo(parsed)
        held = len(hp.state.hands[decision.seat])
        if len(attempt.get("cards", ())) > held:  # more than a hand: no rule to cite, the move is not one
            raise TableError(tr("A discard is at most the %(held)s cards in your hand, not %(given)s.", held=held,
                                given=len(attempt["cards"])))
        if not any(_same(attempt, c) for c in decision.choices):
            verdict = self.refusal(attempt)
            if verdict is not None:
                return verdict
        if incidents.let_pass(self):
            hp = self.current  # letting it pass may have changed the hand
        try:
            self._apply("learner", attempt)
        except Illegal:  # the referee left the hand as it was; its answer explains the refusal
            return self.refusal(attempt)
        self.advance()
        return None

    def refusal(self, attempt: WrittenAction) -> FirstIllegal | None:
        """The referee's refusal of a move by the learner (``first_illegal`` of the ``hand`` kind), or None."""
        hp = self.current
        if hp.irregular:  # the record holds a revoke the referee never saw: check this move on the state alone
            state = copy.deepcopy(hp.state, {id(card): card for card in PACK})
            try:
                hand.apply(state, hand.read_action(attempt, len(hp.actions)), self.params)
            except Illegal as exc:
                return {"index": len(hp.actions), "action": attempt, "code": exc.code, "cites": list(exc.rule_ids),
                        "laws": sorted({law for r in exc.rule_ids
                                        if r in self.book.rules and (law := self.book.rules[r].law)}),
                        "explanation": exc.explanation, "legal_alternatives": hand.next_actions(state, self.params)}
            return None
        verdict = asked(hp.question(self.settings, [*hp.actions, attempt]), self.book, HandJson)
        return verdict["first_illegal"]

    def call_referee(self, answers: object, option: str | None = None) -> incidents.Report:
        """The learner calls the referee: his interview's answers graded, the ruling carried out
        (:func:`.incidents.call`); then the tutor goes on."""
        report = incidents.call(self, answers, option)
        self.advance()
        return report

    def _pass(self) -> None:
        """The learner lets the tutor go on: past an irregularity, or past the announcements open to him."""
        if not incidents.let_pass(self):
            self.current.passed_at = len(self.current.actions)
        self.moves.append(moves.encode("learner", PASS))

    # --- what the drills may do (incidents, drills and remedies: the DrillTable interface) --------

    def tutor_plays(self, card: Card, refereed: bool = True) -> None:
        """The tutor plays ``card`` for its drill, which writes the record's word itself; not ``refereed``:
        the card goes on the trick without the referee (a revoke at a table nobody watches)."""
        self._apply("tutor", {"by": self.current.seats["tutor"], "do": "card", "card": str(card)},
                    irregular=not refereed, word=False)

    def set_aside(self, hp: HandPlay, how: str) -> HandPlay:
        """A ruling sets this deal aside: the same dealer deals afresh (``fresh-deal``) or the same cards are
        played over (``replay-hand``). Returns the deal that replaces it."""
        hp.void = how
        self.log.append({"deal": hp.number, "void": how})
        self._new_hand(hp.dealer, hp.deal if how == REPLAY else None)
        return self.current

    def end_hand(self, answer: ScoredHand) -> None:
        """The current hand ends with a ruling's score (a hand given up, law 42)."""
        self._finish_hand(answer)

    def note_incident(self, player: str, code: str, said: str) -> None:
        self.log.append({"deal": self.current.number, "player": player, "incident": code, "said": said})

    def note_call(self, option: str, code: str) -> None:
        self.log.append({"deal": self.current.number, "player": "learner", "call": option, "code": code})

    def changed(self) -> None:
        """The table changed under the learner: his decision is worked out again."""
        self._decision = None

    # --- the tutor -----------------------------------------------------------------------------

    def advance(self) -> None:
        """Let the tutor act until the learner has a decision to make, or the game is over."""
        while not self.over:
            if self.open is not None and not self.open.late:  # the learner calls it, or lets it pass
                learner = self.current.seats["learner"]
                legal = hand.next_actions(self.current.state, self.params)
                choices, off_turn = incidents.choices_now(self, self.open, legal, passing(learner))
                self._decision = Decision(learner, choices, off_turn, self.view("learner"))
                return
            if incidents.commit_due(self):
                continue
            hp = self.current
            state = hp.state
            options = hand.next_actions(state, self.params)
            seat = options[0]["by"] if state.pending else state.to_act()  # whose turn (or answer) it is
            if seat is None:  # a hand in progress always has a seat to act
                raise TableDefect(f"nobody is to act in deal {hp.number + 1} ({state.phase})")
            mine = [o for o in options if o["by"] == seat]
            open_to_other = [o for o in options if o["by"] != seat]  # announcements and offers only
            waiting = hp.player(other(seat))
            if open_to_other and waiting == "tutor":
                chosen = self.tutor_choice(other(seat), [*open_to_other, passing(other(seat))])
                if chosen["do"] != moves.PASS:
                    self._apply("tutor", chosen)
                    continue
            if open_to_other and waiting == "learner" and hp.passed_at != len(hp.actions) \
                    and self._would_close(seat, mine, open_to_other):
                self._decision = Decision(other(seat), [*open_to_other, passing(other(seat))], True,
                                          self.view("learner"))
                return
            if hp.player(seat) == "learner":
                self._decision = Decision(seat, mine, False, self.view("learner"))
                return
            if hp.must_lead and state.phase == "play" and not state.current:  # law 41: the suit he named
                mine = [o for o in mine if o["do"] != "card" or o["card"].endswith(hp.must_lead)] or mine
                hp.must_lead = None
            self._apply("tutor", self.tutor_choice(seat, mine))

    def tutor_choice(self, seat: str, choices: list[NextAction]) -> Chosen:
        """What the tutor chooses among ``choices`` for ``seat`` (worked out once for this position)."""
        hp = self.current
        key = (hp.number, len(hp.actions), seat, repr(choices))
        if key not in self._intents:
            self._intents = {k: v for k, v in self._intents.items() if k[:2] == key[:2]}
            # after a revoke the referee never saw, the engine cannot analyse the hand: the tutor plays plainly
            player = make_player("beginner") if hp.irregular else self.tutor
            self._intents[key] = player.choose(self.view("tutor", seat), choices, hp.score_before)
        return self._intents[key]

    def _would_close(self, seat: str, mine: list[NextAction], open_to_learner: list[NextAction]) -> bool:
        """Would the tutor's next action close an announcement or offer now open to the learner?"""
        hp = self.current
        if hp.player(seat) != "tutor":
            return False  # the learner acts next: he can use them on his own turn
        intent = self.tutor_choice(seat, mine)
        after = copy.deepcopy(hp.state, {id(card): card for card in PACK})  # cards are immutable: share them
        hand.apply(after, hand.read_action(intent, len(hp.actions)), self.params)
        still = {o["do"] for o in hand.next_actions(after, self.params) if o["by"] == other(seat)}
        return any(o["do"] not in still for o in open_to_learner)

    # --- applying actions and scoring ----------------------------------------------------------

    def _apply(self, player: str, action: Mapping[str, object], irregular: bool = False, word: bool = True) -> None:
        """Carry out one action through the hand referee (an illegal one raises, leaving all as it was).

        ``irregular``: a drill's revoke, put on the trick without the referee; ``word``: False when the
        drill writes the move's word itself."""
        hp = self.current
        parsed = hand.read_action(action, len(hp.actions))
        tricks_before = len(hp.state.history)
        try:
            if irregular:  # a drill's revoke: the card goes on the trick unchecked, as at a table nobody watches
                hand.place_card(hp.state, parsed["by"], parsed["card"], self.params)
            else:
                hand.apply(hp.state, parsed, self.params)
        except Illegal:
            if player == "tutor":
                raise TableDefect(f"the tutor attempted an illegal action: {action}") from None
            raise
        done = hand.echo(parsed)
        if irregular:
            hp.irregular.add(len(hp.actions))
        hp.actions.append(done)
        hp.by.append(player)
        if word:
            self.moves.append(moves.encode(player, done))
        entry: LogEntry = {"deal": hp.number, "player": player, "action": done, "index": len(hp.actions) - 1}
        if done["do"] in ("stand", "refuse"):  # the narration tells the commitment from the referee's state
            state = hp.state
            entry["facts"] = {"elder_played_without_proposing": state.elder_played_without_proposing,
                              "dealer_refused_first_proposal": state.dealer_refused_first_proposal,
                              "dealer_refused_later_proposal": state.dealer_refused_later_proposal}
        if len(hp.state.history) > tricks_before:
            entry["trick"] = hp.state.history[-1]
        self.log.append(entry)
        self._decision = None
        if hp.over:
            self._finish_hand()

    def _finish_hand(self, answer: ScoredHand | None = None) -> None:
        """Score the hand that is over (``answer``: a ruling's score instead of the referee's) and deal the next."""
        hp = self.current
        if answer is None and hp.irregular:  # the referee would stop at the revoke: score what was tracked
            answer = {"legal": False, "score": hand.score_state(hp.state, hp.score_before, self.params, self.book)}
        elif answer is None:
            refereed = asked(hp.question(self.settings), self.book, HandJson)
            if not refereed["legal"] or "score" not in refereed:
                raise TableDefect(f"the hand referee did not accept deal {hp.number + 1}: {refereed['explanation']}")
            answer = {"legal": True, "score": refereed["score"]}
        hp.answer = answer = incidents.scored(self, hp, answer)  # a ruling may score the tricks (laws 25, 43)
        score = answer["score"]
        entries: list[SheetEntry] = [{"deal": hp.number, "player": hp.player(award["seat"]), **award}
                                     for award in score["awards"]]
        entries += incidents.adjustments(self, hp)
        points = {player: 0 for player in PLAYERS}
        for entry in entries:
            self.sheet.append(entry)
            if entry.get("scored", True):
                points[entry["player"]] += entry["points"]
        for player in PLAYERS:
            self.scores[player] = hp.score_before[hp.seats[player]] + points[player]
        self.log.append({"deal": hp.number, "hand_over": True, "points": points})
        target = self.params.game_target
        winners = [p for p in PLAYERS if self.scores[p] >= target]
        if winners:
            won_by = score.get("winner")
            referee = hp.player(won_by) if won_by else None
            self.winner = referee if referee in winners else max(winners, key=self.scores.__getitem__)
            self.game_value = score.get("game_value") if referee == self.winner else None
        else:
            self._new_hand(opponent(hp.dealer))

    def _new_hand(self, dealer: str, cards: Deal | None = None) -> None:
        """Deal the next hand: ``dealer`` deals, from the game's next shuffle unless ``cards`` are given."""
        number = len(self.hands)
        seats = {dealer: "dealer", opponent(dealer): "elder"}
        cards = cards or dealing.deal(self.settings.seed, number, self.params)
        before = {seat: self.scores[player] for player, seat in seats.items()}
        self.hands.append(HandPlay(number, cards, seats, before, hand.start(cards, self.params, before)))
        incidents.plan(self, self.current)
        if self.current.over:  # a turned-up king reached the target: the game ends before anyone acts
            self._finish_hand()

    def restart_hand(self, hp: HandPlay, actions: Sequence[WrittenAction], by: Sequence[str], cards: Deal | None = None,
                     irregular: frozenset[int] = frozenset()) -> None:
        """Play ``hp`` again from its deal (or ``cards``) with only ``actions``: a ruling took something back."""
        hp.deal = cards or hp.deal
        hp.state = hand.start(hp.deal, self.params, hp.score_before)
        hp.actions, hp.by, hp.irregular = [], [], set()
        for index, (action, player) in enumerate(zip(actions, by, strict=True)):
            parsed = hand.read_action(action, index)
            if index in irregular:
                hand.place_card(hp.state, parsed["by"], parsed["card"], self.params)
                hp.irregular.add(index)
            else:
                hand.apply(hp.state, parsed, self.params)
            hp.actions.append(hand.echo(parsed))
            hp.by.append(player)
        self._decision = None
        self._intents = {}
