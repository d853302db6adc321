"""The practice table at a terminal: plain prompts on any text streams, so a game can be scripted.

At each decision the legal choices are listed; the learner types a word (``p`` propose, ``play``,
``a`` accept, ``r`` refuse, ``k`` announce the king, ``go`` let the tutor go on…), a card in any
notation the card parser reads (``QS``, ``q♠``, ``10h``), the cards to throw out, or a choice's
number. ``?`` gives one line of why for each legal choice, ``sheet`` the score sheet, ``quit`` (or
the end of the input) leaves and prints the game's record, from which ``--replay`` takes it up
again. Anything may be attempted: the ``hand`` referee refuses an illegal move with the rule.
"""
from __future__ import annotations

import json
import sys

from ..cards import Card
from ..engine.hand import NextAction
from ..errors import CardNotationError
from ..fields import is_whole_number
from ..lineio import Leave, LineInput, Output, read_line
from . import endings, guide, telling
from .discard import choose_discard
from .game import Decision, Game, LogEntry
from .players import Reasoned
from .review import game_summary, review_hand
from .settings import TableError
from .telling import pretty
from .view import in_hand_order
from .why import reasons

WORDS = {
    "p": "propose", "propose": "propose", "play": "stand", "stand": "stand", "s": "stand", "i play": "stand",
    "a": "accept", "accept": "accept", "r": "refuse", "refuse": "refuse", "k": "announce-king",
    "king": "announce-king", "announce": "announce-king", "x": "double", "double": "double",
    "o": "offer-point", "offer": "offer-point", "g": "pass", "go": "pass", "go on": "pass", "pass": "pass",
    "continue": "pass",
}
ANSWER_WORDS = {"yes": "accept", "y": "accept", "accept": "accept", "a": "accept",
                "no": "decline", "n": "decline", "decline": "decline", "refuse": "decline", "r": "decline"}
NOTHING = ("none", "nothing", "-")
LABELS = {
    "propose": "p = propose", "stand": "play = play without proposing", "accept": "a = accept",
    "refuse": "r = refuse", "announce-king": "k = announce the king", "double": "x = offer to double",
    "offer-point": "o = offer the point", "pass": "go = let the tutor go on",
    "accept-double": "yes = accept the double", "decline-double": "no = decline the double",
    "accept-offer": "yes = take the point offered", "decline-offer": "no = decline it (you must then win every trick)",
}


class TerminalGame:
    """One game at the terminal, reading moves from ``stdin`` and writing to ``stdout``."""

    def __init__(self, game: Game, stdin: LineInput | None = None, stdout: Output | None = None,
                 guided: bool = False):
        self.game = game
        self.guided = guided  # the guided first hand: each step of the first deal explained first
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.told = 0  # entries of the game's log already narrated
        self.dealt = -1  # the deal whose opening was shown
        self.tally = {"learner": 0, "tutor": 0}  # tricks of the deal being narrated
        self.whys: tuple[int, int, dict[int, Reasoned]] = (-1, -1, {})  # (deal, actions) -> the tutor's why

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def read(self) -> str:
        return read_line(self.stdin, self.stdout)

    # --- the game --------------------------------------------------------------------------------

    def run(self) -> int:
        settings = self.game.settings
        self.say(f"Écarté against the tutor ({settings.level} level), {settings.profile} profile, game to "
                 f"{self.game.params.game_target}; seed {settings.seed}.")
        self.say("At each decision: ? for why, sheet for the score sheet, quit to leave.")
        try:
            while True:
                self.narrate()
                decision = self.game.decision()
                if decision is None:
                    break
                self.decide(decision)
        except Leave:
            self.say("You left the game. To take it up again, save this record and use --replay FILE:")
            self.say(json.dumps(self.game.record(), ensure_ascii=False))
            return 0
        self.finish()
        return 0

    def decide(self, decision: Decision) -> None:
        self.show(decision)
        while True:
            text = self.read()
            if text in ("?", "why"):
                for line in reasons(decision.view, decision.choices):
                    self.say(f"  {self.label(line['choice'])}: {line['why']}")
                continue
            if text.lower() in ("sheet", "score"):
                self.sheet()
                continue
            try:
                move = self.parse(text, decision)
            except TableError as exc:
                self.say(exc.message)
                continue
            try:
                refusal = self.game.play(move)
            except TableError as exc:
                self.say(exc.message)
                continue
            if refusal is None:
                return
            laws = f"; laws {', '.join(map(str, refusal['laws']))}" if refusal["laws"] else ""
            self.say(f"Refused by the referee: {refusal['explanation']} (rules: {', '.join(refusal['cites'])}{laws})")

    # --- reading a move ------------------------------------------------------------------------

    def parse(self, text: str, decision: Decision) -> dict[str, object]:
        """The move a typed line stands for; :class:`TableError` when it stands for none."""
        verbs = {c["do"]: c for c in decision.choices}
        word = " ".join(text.lower().split())
        if not word:
            raise TableError("Type a choice (? lists why for each).")
        if is_whole_number(word):
            number = int(word)
            if not 1 <= number <= len(decision.choices):
                raise TableError(f"Choose a number from 1 to {len(decision.choices)}.")
            choice = decision.choices[number - 1]
            if choice["do"] == "discard":
                raise TableError("Type the cards to throw out, e.g. " + " ".join(choice["from"][:2]) + ".")
            return {k: v for k, v in choice.items() if k != "by"}
        answers = [v for v in verbs if v in ("accept-double", "decline-double", "accept-offer", "decline-offer")]
        if answers and word in ANSWER_WORDS:
            return {"do": next(v for v in answers if v.startswith(ANSWER_WORDS[word]))}
        if word in WORDS:
            return {"do": WORDS[word]}
        if "discard" in verbs and word.removeprefix("discard").strip() in NOTHING:
            return {"do": "discard", "cards": []}
        tokens = text.replace(",", " ").split()
        if tokens and tokens[0].lower() == "discard":
            tokens = tokens[1:]
        try:
            cards = [Card.from_str(token) for token in tokens]
        except CardNotationError as exc:
            wordy = any(len(token) > len("10♠") for token in tokens)  # a word, not a mistyped card
            why = "it is neither a choice nor a card" if wordy else str(exc)
            raise TableError(f"I did not understand {text!r}: {why}. " + self.hint(decision)) from None
        if "discard" in verbs:
            return {"do": "discard", "cards": [c.notation for c in cards]}
        if len(cards) != 1:
            raise TableError("One card at a time.")
        return {"do": "card", "card": cards[0].notation}

    def hint(self, decision: Decision) -> str:
        return "Choices: " + "; ".join(self.label(c) for c in decision.choices) + "."

    def label(self, choice: NextAction) -> str:
        verb = choice["do"]
        if verb == "card":
            return Card.from_str(choice["card"]).pretty
        if verb == "discard":
            return f"discard {choice['min']}–{choice['max']} of {pretty(choice['from'])}"
        if verb == "stand" and self.game.current.state.proposals:  # after an accepted exchange
            return "play = play on without another exchange"
        return LABELS[verb]

    # --- what is shown ---------------------------------------------------------------------------

    def show(self, decision: Decision) -> None:
        view = decision.view
        self.opening()
        step = guide.explain(self.game) if self.guided else None
        if step is not None:
            self.say(f"Step {step['step']}: {step['title']}")
            self.say(f"  What you hold: {step['holds']}")
            self.say(f"  What the rules let you do: {step['allowed']}")
            self.say(f"  What the advice suggests, and why: {step['advice']}")
        held = in_hand_order(view.hand, view.trump, view.params)
        self.say(f"Your cards: {pretty(held)}   (trumps {view.trump.symbol}, turn-up {view.turn_up.pretty})")
        if decision.off_turn:
            self.say("Before the tutor's next move, this closes for you: " + self.hint(decision))
            return
        verbs = [c["do"] for c in decision.choices]
        if "card" in verbs:
            cards = [c for c in decision.choices if c["do"] == "card"]
            lead = f"The tutor led {view.led.pretty}. " if view.led is not None else "Your lead. "
            self.say(f"{lead}Your legal cards: {' '.join(self.label(c) for c in cards)} (type one, e.g. "
                     f"{cards[0]['card']}).")
            others = [c for c in decision.choices if c["do"] != "card"]
            if others:
                self.say("Or: " + "; ".join(self.label(c) for c in others) + ".")
        elif "discard" in verbs:
            choice = next(c for c in decision.choices if c["do"] == "discard")
            low, high = choice["min"], choice["max"]
            none = " (none: type none)" if low == 0 else ""
            advised = choose_discard(view.hand, view.trump, low, high, view.params) or view.hand[-1:]
            self.say(f"Throw out {low} to {high} cards{none}: type them, e.g. {' '.join(c.notation for c in advised)}.")
        else:
            self.say(self.hint(decision))

    def opening(self) -> None:
        """The deal's opening lines, once: seats, score, the turn-up."""
        hp = self.game.current
        if hp.number == self.dealt:
            return
        self.dealt = hp.number
        self.tally = {"learner": 0, "tutor": 0}
        seat = hp.seats["learner"]
        dealer = "you deal" if seat == "dealer" else "the tutor deals"
        self.say()
        self.say(f"— Deal {hp.number + 1}: {dealer}; you are the {'dealer' if seat == 'dealer' else 'elder hand'}. "
                 f"Score: you {self.game.scores['learner']}, the tutor {self.game.scores['tutor']}. —")
        turn_up = hp.deal.turn_up
        self.say(f"Turn-up: {turn_up.pretty}, so {turn_up.suit.english} are trumps."
                 + (" A king turned up: a point to the dealer." if turn_up.rank == "K" else ""))

    def narrate(self) -> None:
        for entry in self.game.log[self.told:]:
            self.told += 1
            if entry.get("hand_over"):
                self.opening_for(entry["deal"])
                self.review(entry["deal"])
                continue
            self.opening_for(entry["deal"])
            self.tell(entry)
        if self.game.over and self.game.hands[-1].number != self.dealt:  # ended by a turned king, unseen
            self.opening_for(self.game.hands[-1].number)

    def opening_for(self, number: int) -> None:
        if number != self.dealt and number == self.game.current.number:
            self.opening()

    def tell(self, entry: LogEntry) -> None:
        self.say(telling.action_line(self.game, entry))
        if entry["player"] == "tutor" and "index" in entry:
            reasoned = self.tutor_why(entry["deal"]).get(entry["index"])
            if reasoned is not None:
                self.say(f"  (why: {reasoned.said})")
        trick = entry.get("trick")
        if trick:
            winner = self.game.hands[entry["deal"]].player(trick["winner"])
            self.tally[winner] += 1
            self.say(f"  {telling.trick_line(self.game, entry)} Tricks: you {self.tally['learner']}, the tutor "
                     f"{self.tally['tutor']}.")

    def tutor_why(self, number: int) -> dict[int, Reasoned]:
        """The tutor's why for its actions in deal ``number``, worked out once for the actions made so far."""
        hp = self.game.hands[number]
        if self.whys[:2] != (number, len(hp.actions)):
            self.whys = (number, len(hp.actions), telling.tutor_reasons(self.game, hp))
        return self.whys[2]

    def review(self, number: int) -> None:
        review = review_hand(self.game, number)
        summary = review["summary"]
        self.say(endings.deal_over(self.game, number) + " " + " ".join(summary["lines"]))  # the catalogue's
        self.say(f"Review of deal {number + 1}:")
        for note in review["decisions"]:
            self.say(f"  {note['text']}")
        for tutor in review["tutor"]:
            self.say(f"  The tutor: {tutor['why']}")
        for trick in review["tricks"]:
            led = "you led" if trick["led_by"] == "learner" else "the tutor led"
            line = (f"  Trick {trick['number']} ({led} {pretty([trick['led']])}, {pretty([trick['followed']])} "
                    "played to it)")
            self.say(line + (f": {trick['review']['text']}" if trick["review"] else "."))
        for drill in review["drills"]:
            self.say(f"  {drill['text']}")
        for award in review["score"]["awards"]:
            who = "you" if award["player"] == "learner" else "the tutor"
            laws = f" (law{'s' * (len(award['laws']) > 1)} {', '.join(map(str, award['laws']))})" if award["laws"] \
                else ""
            mark = f"+{award['points']} {who}" if award["scored"] else f"not scored ({who})"
            self.say(f"  Score: {mark}: {award['reason']}{laws}")
        self.say(f"  Score now: you {summary['score']['learner']}, the tutor {summary['score']['tutor']}.")

    def sheet(self) -> None:
        now = telling.standing(self.game)  # the deal in progress's claims so far included
        if not now["sheet"]:
            self.say("Nothing scored yet.")
        for entry in now["sheet"]:
            who = "you" if entry["player"] == "learner" else "the tutor"
            laws = ", ".join(map(str, entry["laws"]))
            self.say(f"  Deal {entry['deal'] + 1}: {entry['points']} to {who}"
                     + ("" if entry["scored"] else " (not scored)") + f" — {entry['reason']}"
                     + (f" [laws {laws}]" if laws else ""))
        self.say(f"  Score: you {now['score']['learner']}, the tutor {now['score']['tutor']}.")

    def finish(self) -> None:
        game = self.game
        assert game.winner is not None  # run() finishes the game once it is over
        self.say()
        self.say(endings.game_over(game))  # the catalogue's sentence, as the page's live region says it
        summary = game_summary(game)
        if summary["by_rule"]:
            self.say(f"Your mistakes by rule ({summary['mistakes']} in {summary['reviewed']} decisions reviewed):")
            for row in summary["by_rule"]:
                self.say(f"  {row['rule']} ({row['title']}): {row['count']}")
        else:
            self.say(f"No mistakes in {summary['reviewed']} decisions reviewed.")
        self.say("The game's record (replay it with --replay FILE):")
        self.say(json.dumps(game.record(), ensure_ascii=False))
