"""Does each question of the dispute interview decide something? (issue 39: questions that change nothing)

At every decision point of the interview (the facts so far, and the fact it asks next), each answer is
tried and the interview followed to its rulings. The question decides something if, for some ruling
reached, giving another answer to that one question (every later answer kept) reaches another remedy:
who chooses, whether it is compulsory, the options with their consequences and points, the points.
The law and the row may differ (a referee's report: "too many or too few?" asked of a count found after
the hand, laws 29 and 32 giving the same remedy); a question with one possible answer, or whose other
answers all end in a story that cannot be, decides nothing either ("played again?" where only No can be).

Used by tests/engine/disputes/test_questions_decide.py and bench/pointless_questions.py.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

Ask = Callable[[dict], dict]
Facts = frozenset  # of (name, value)


def remedy(answer: dict) -> tuple | None:
    """What a ruling decides for the players (None for a refusal): not which row or law said it."""
    if answer.get("status") != "ruling":
        return None
    return (answer["chooser"], answer["compulsory"],
            tuple((o["id"], o["consequence"], tuple(sorted(o.get("points", {}).items()))) for o in answer["options"]),
            tuple(sorted((answer.get("points") or {}).items())))


@dataclass
class Walk:
    """The interview tree below some starting facts at one table, walked once."""

    ask: Ask  # facts -> the dispute answer at this table
    answers: dict = field(default_factory=dict)
    below: dict = field(default_factory=dict)
    points: int = 0
    pointless: list = field(default_factory=list)

    def answer(self, facts: Facts) -> dict:
        if facts not in self.answers:
            self.answers[facts] = self.ask(dict(facts))
        return self.answers[facts]

    def leaves(self, facts: Facts) -> list[tuple[Facts, tuple]]:
        """Every ruling reachable from ``facts``, with the facts it was reached on."""
        if facts not in self.below:
            answer = self.answer(facts)
            found: list[tuple[Facts, tuple]] = []
            if answer.get("status") == "ruling":
                found = [(facts, remedy(answer))]
            elif answer.get("status") == "need":
                name = answer["need"]["fact"]
                for choice in answer["need"]["choices"]:
                    found += self.leaves(facts | {(name, choice["value"])})
            self.below[facts] = found
        return self.below[facts]

    def decides(self, facts: Facts, name: str, values: list) -> bool:
        """Does some answer to ``name`` change the remedy of a ruling reached with another answer?"""
        for value in values:
            for leaf, ruled in self.leaves(facts | {(name, value)}):
                rest = {(n, v) for n, v in leaf if n != name}
                for other in values:
                    if other == value:
                        continue
                    reached = {r for _leaf, r in self.leaves(frozenset(rest | {(name, other)}))}
                    if reached and reached != {ruled}:
                        return True
        return False

    def walk(self, facts: Facts, seen: set | None = None) -> None:
        """Every decision point below ``facts``: those whose question decides nothing go to ``pointless``."""
        seen = set() if seen is None else seen
        if facts in seen:
            return
        seen.add(facts)
        answer = self.answer(facts)
        if answer.get("status") != "need":
            return
        name = answer["need"]["fact"]
        values = [c["value"] for c in answer["need"]["choices"]]
        self.points += 1
        if not self.decides(facts, name, values):
            self.pointless.append((dict(facts), name))
        for value in values:
            self.walk(facts | {(name, value)}, seen)


def starts(book, with_discovered: bool) -> Iterable[dict]:
    """Where an interview begins: the irregularity alone, or with each value of the ``discovered`` shortcut."""
    for kind in (c["value"] for c in book.facts["irregularity"]["choices"]):
        yield {"irregularity": kind}
        if with_discovered:
            for when in (c["value"] for c in book.facts["discovered"]["choices"]):
                yield {"irregularity": kind, "discovered": when}


def pointless_questions(ask: Ask, book, profile: str, agreements: tuple = (),
                        with_discovered: bool = True) -> tuple[int, list]:
    """(decision points walked, those whose question decides nothing) at one table."""
    def at_table(facts: dict) -> dict:
        question = {"kind": "dispute", "profile": profile, "facts": facts}
        return ask({**question, "agreements": list(agreements)} if agreements else question)
    walk = Walk(at_table)
    for start in starts(book, with_discovered):
        if walk.answer(frozenset(start.items())).get("status") != "error":
            walk.walk(frozenset(start.items()))
    return walk.points, walk.pointless
