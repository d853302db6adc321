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

from ..cards import Card, shown, suit_name
from ..engine.hand import NextAction
from ..errors import CardNotationError
from ..fields import is_whole_number
from ..i18n import current, marked, tr, trn
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
LABELS = {  # each through tr: the words typed (p, play, a…) stay those of WORDS in every language
    "propose": marked("p = propose"), "stand": marked("play = play without proposing"), "accept": marked("a = accept"),
    "refuse": marked("r = refuse"), "announce-king": marked("k = announce the king"),
    "double": marked("x = offer to double"), "offer-point": marked("o = offer the point"),
    "pass": marked("go = let the tutor go on"), "accept-double": marked("yes = accept the double"),
    "decline-double": marked("no = decline the double"), "accept-offer": marked("yes = take the point offered"),
    "decline-offer": marked("no = decline it (you must then win every trick)"),
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
        self.say(tr("Écarté against the tutor (%(level)s level), %(profile)s profile, game to %(target)s; seed "
                    "%(seed)s.", level=settings.level, profile=settings.profile, target=self.game.params.game_target,
                    seed=settings.seed))
        self.say(tr("At each decision: ? for why, sheet for the score sheet, quit to leave."))
        try:
            while True:
                self.narrate()
                decision = self.game.decision()
                if decision is None:
                    break
                self.decide(decision)
        except Leave:
            self.say(tr("You left the game. To take it up again, save this record and use --replay FILE:"))
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
            rules = ", ".join(refusal["cites"])
            self.say(tr("Refused by the referee: %(why)s (rules: %(rules)s; laws %(laws)s)", why=refusal["explanation"],
                        rules=rules, laws=", ".join(map(str, refusal["laws"]))) if refusal["laws"] else
                     tr("Refused by the referee: %(why)s (rules: %(rules)s)", why=refusal["explanation"], rules=rules))

    # --- reading a move ------------------------------------------------------------------------

    def parse(self, text: str, decision: Decision) -> dict[str, object]:
        """The move a typed line stands for; :class:`TableError` when it stands for none."""
        verbs = {c["do"]: c for c in decision.choices}
        word = " ".join(text.lower().split())
        if not word:
            raise TableError(tr("Type a choice (? lists why for each)."))
        if is_whole_number(word):
            number = int(word)
            if not 1 <= number <= len(decision.choices):
                raise TableError(tr("Choose a number from 1 to %(most)s.", most=len(decision.choices)))
            choice = decision.choices[number - 1]
            if choice["do"] == "discard":
                raise TableError(tr("Type the cards to throw out, e.g. %(cards)s.", cards=" ".join(choice["from"][:2])))
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
            why = tr("it is neither a choice nor a card") if wordy else str(exc)
            raise TableError(tr("I did not understand %(typed)s: %(why)s. %(hint)s", typed=repr(text), why=why,
                                hint=self.hint(decision))) from None
        if "discard" in verbs:
            return {"do": "discard", "cards": [c.notation for c in cards]}
        if len(cards) != 1:
            raise TableError(tr("One card at a time."))
        return {"do": "card", "card": cards[0].notation}

    def hint(self, decision: Decision) -> str:
        return tr("Choices: %(choices)s.", choices="; ".join(self.label(c) for c in decision.choices))

    def label(self, choice: NextAction) -> str:
        verb = choice["do"]
        if verb == "card":
            return shown(Card.from_str(choice["card"]), current())
        if verb == "discard":
            return tr("discard %(low)s–%(high)s of %(cards)s", low=choice["min"], high=choice["max"],
                      cards=pretty(choice["from"]))
        if verb == "stand" and self.game.current.state.proposals:  # after an accepted exchange
            return tr("play = play on without another exchange")
        return tr(LABELS[verb])

    # --- what is shown ---------------------------------------------------------------------------

    def show(self, decision: Decision) -> None:
        view = decision.view
        self.opening()
        step = guide.explain(self.game) if self.guided else None
        if step is not None:
            self.say(tr("Step %(step)s: %(title)s", step=step["step"], title=step["title"]))
            self.say(tr("  What you hold: %(holds)s", holds=step["holds"]))
            self.say(tr("  What the rules let you do: %(allowed)s", allowed=step["allowed"]))
            self.say(tr("  What the advice suggests, and why: %(advice)s", advice=step["advice"]))
        held = in_hand_order(view.hand, view.trump, view.params)
        self.say(tr("Your cards: %(cards)s   (trumps %(suit)s, turn-up %(turn_up)s)", cards=pretty(held),
                    suit=view.trump.symbol, turn_up=shown(view.turn_up, current())))
        if decision.off_turn:
            self.say(tr("Before the tutor's next move, this closes for you: %(hint)s", hint=self.hint(decision)))
            return
        verbs = [c["do"] for c in decision.choices]
        if "card" in verbs:
            cards = [c for c in decision.choices if c["do"] == "card"]
            slots = {"cards": " ".join(self.label(c) for c in cards), "example": cards[0]["card"]}
            self.say(tr("The tutor led %(led)s. Your legal cards: %(cards)s (type one, e.g. %(example)s).",
                        led=shown(view.led, current()), **slots) if view.led is not None else
                     tr("Your lead. Your legal cards: %(cards)s (type one, e.g. %(example)s).", **slots))
            others = [c for c in decision.choices if c["do"] != "card"]
            if others:
                self.say(tr("Or: %(choices)s.", choices="; ".join(self.label(c) for c in others)))
        elif "discard" in verbs:
            choice = next(c for c in decision.choices if c["do"] == "discard")
            low, high = choice["min"], choice["max"]
            advised = choose_discard(view.hand, view.trump, low, high, view.params) or view.hand[-1:]
            example = " ".join(c.notation for c in advised)
            self.say(tr("Throw out %(low)s to %(high)s cards (none: type none): type them, e.g. %(example)s.", low=low,
                        high=high, example=example) if low == 0 else
                     tr("Throw out %(low)s to %(high)s cards: type them, e.g. %(example)s.", low=low, high=high,
                        example=example))
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
        scores = {"deal": hp.number + 1, "learner": self.game.scores["learner"], "tutor": self.game.scores["tutor"]}
        self.say()
        self.say(tr("— Deal %(deal)s: you deal; you are the dealer. Score: you %(learner)s, the tutor %(tutor)s. —",
                    **scores) if seat == "dealer" else
                 tr("— Deal %(deal)s: the tutor deals; you are the elder hand. Score: you %(learner)s, the tutor "
                    "%(tutor)s. —", **scores))
        turn_up = hp.deal.turn_up
        lang = current()
        slots = {"card": shown(turn_up, lang), "suit": suit_name(turn_up.suit, lang)}
        self.say(tr("Turn-up: %(card)s, so %(suit)s are trumps. A king turned up: a point to the dealer.", **slots)
                 if turn_up.rank == "K" else tr("Turn-up: %(card)s, so %(suit)s are trumps.", **slots))

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
                self.say(tr("  (why: %(why)s)", why=reasoned.said))
        trick = entry.get("trick")
        if trick:
            winner = self.game.hands[entry["deal"]].player(trick["winner"])
            self.tally[winner] += 1
            self.say(tr("  %(trick)s Tricks: you %(learner)s, the tutor %(tutor)s.",
                        trick=telling.trick_line(self.game, entry), learner=self.tally["learner"],
                        tutor=self.tally["tutor"]))

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
        self.say(tr("Review of deal %(deal)s:", deal=number + 1))
        for note in review["decisions"]:
            self.say(f"  {note['text']}")
        for tutor in review["tutor"]:
            self.say(tr("  The tutor: %(why)s", why=tutor["why"]))
        for trick in review["tricks"]:
            slots = {"number": trick["number"], "led": pretty([trick["led"]]), "followed": pretty([trick["followed"]])}
            line = (tr("  Trick %(number)s (you led %(led)s, %(followed)s played to it)", **slots)
                    if trick["led_by"] == "learner" else
                    tr("  Trick %(number)s (the tutor led %(led)s, %(followed)s played to it)", **slots))
            self.say(tr("%(line)s: %(review)s", line=line, review=trick["review"]["text"]) if trick["review"] else
                     line + ".")
        for drill in review["drills"]:
            self.say(f"  {drill['text']}")
        for award in review["score"]["awards"]:
            you = award["player"] == "learner"
            laws = (trn(" (law %(laws)s)", " (laws %(laws)s)", len(award["laws"]),
                        laws=", ".join(map(str, award["laws"]))) if award["laws"] else "")
            if award["scored"]:
                mark = (tr("+%(points)s you", points=award["points"]) if you else
                        tr("+%(points)s the tutor", points=award["points"]))
            else:
                mark = tr("not scored (you)") if you else tr("not scored (the tutor)")
            self.say(tr("  Score: %(mark)s: %(reason)s%(laws)s", mark=mark, reason=award["reason"], laws=laws))
        self.say(tr("  Score now: you %(learner)s, the tutor %(tutor)s.", learner=summary["score"]["learner"],
                    tutor=summary["score"]["tutor"]))

    def sheet(self) -> None:
        now = telling.standing(self.game)  # the deal in progress's claims so far included
        if not now["sheet"]:
            self.say(tr("Nothing scored yet."))
        for entry in now["sheet"]:
            slots = {"deal": entry["deal"] + 1, "points": entry["points"], "reason": entry["reason"]}
            you = entry["player"] == "learner"
            if entry["scored"]:
                line = (tr("  Deal %(deal)s: %(points)s to you — %(reason)s", **slots) if you else
                        tr("  Deal %(deal)s: %(points)s to the tutor — %(reason)s", **slots))
            else:
                line = (tr("  Deal %(deal)s: %(points)s to you (not scored) — %(reason)s", **slots) if you else
                        tr("  Deal %(deal)s: %(points)s to the tutor (not scored) — %(reason)s", **slots))
            laws = ", ".join(map(str, entry["laws"]))
            self.say(tr("%(line)s [laws %(laws)s]", line=line, laws=laws) if laws else line)
        self.say(tr("  Score: you %(learner)s, the tutor %(tutor)s.", learner=now["score"]["learner"],
                    tutor=now["score"]["tutor"]))

    def finish(self) -> None:
        game = self.game
        assert game.winner is not None  # run() finishes the game once it is over
        self.say()
        self.say(endings.game_over(game))  # the catalogue's sentence, as the page's live region says it
        summary = game_summary(game)
        if summary["by_rule"]:
            self.say(tr("Your mistakes by rule (%(mistakes)s in %(reviewed)s decisions reviewed):",
                        mistakes=summary["mistakes"], reviewed=summary["reviewed"]))
            for row in summary["by_rule"]:
                title = self.game.book.text(row["rule"], "title", current()) if row["rule"] in self.game.book.rules \
                    else row["title"]
                self.say(f"  {row['rule']} ({title}): {row['count']}")
        else:
            self.say(tr("No mistakes in %(reviewed)s decisions reviewed.", reviewed=summary["reviewed"]))
        self.say(tr("The game's record (replay it with --replay FILE):"))
        self.say(json.dumps(game.record(), ensure_ascii=False))
