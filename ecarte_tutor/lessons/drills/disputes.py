"""Drills on a law of the club code (or any rule with a decision table): a situation it rules.

The situation is found the way the dispute interview finds a ruling: start from one of the
irregularities the rule's decisions name, and answer each question the engine asks with a
choice drawn at random, until it rules. The remedies offered are the right ones and a few
that the laws give for the same irregularity at other moments. A rule that is an agreement (the
bystanders' custom) is drilled at a table that made it as often as at one that did not, since
its rows differ between the two.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from typing import cast

from ...asking import ask
from ...engine.disputes.answers import Need, Ruling
from ...jsontypes import Answer
from ...rulebook import Decision, FactValue, Rule, RuleBook
from ..kinds.dispute import said_by
from ..model import ExerciseEntry
from .base import RuleDrill, profile_of, under, with_profile

QUESTIONS = 16  # an interview never asks more facts than this; a longer walk is abandoned


def _irregularities(rule: Rule) -> list[str]:
    return sorted({name for decision in rule.decisions for name in _named(decision)})


def _remedies_for(book: RuleBook, irregularities: Iterable[str]) -> set[str]:
    """Every remedy a rule gives for any of these irregularities: the pool of wrong choices."""
    return {option["id"] for rule in book.rules.values() for decision in rule.decisions
            if set(_named(decision)) & set(irregularities) for option in decision.get("options", ())}


def _named(decision: Decision) -> list[str]:
    named = decision.get("irregularity")
    return [named] if isinstance(named, str) else list(named or ())


def law_drill(rule: Rule) -> RuleDrill:
    """The drill of ``rule``, whose decisions the dispute engine applies."""
    def make(rng: random.Random, book: RuleBook) -> ExerciseEntry:
        irregularities = _irregularities(rule)
        facts: dict[str, FactValue] = {"irregularity": rng.choice(irregularities)}
        # a rule of some profiles only (or a variant) is drawn under one where it rules
        profile = rng.choice(list(rule.profiles)) if rule.profiles else profile_of(rng, book) if rule.variant else None
        agreed = [rule.agreement["name"]] if rule.agreement and rng.random() < 0.5 else []  # half the time
        table = with_profile({"agreements": agreed} if agreed else {}, profile)
        answer: Answer = {}
        for _ in range(QUESTIONS):
            answer = ask({"kind": "dispute", **table, "facts": facts}, book)
            if answer.get("status") != "need":
                break
            need = cast(Need, answer)["need"]  # the fact the interview asks for next (engine/disputes/answers.py)
            facts[need["fact"]] = rng.choice(need["choices"])["value"]
        ruling = cast(Ruling, answer) if answer.get("status") == "ruling" else None
        right = [option["id"] for option in ruling["options"]] if ruling else []
        said = said_by(book, ruling) if ruling else set()  # never offered as wrong: the ruling says them too
        wrong = sorted(_remedies_for(book, irregularities) - said)
        if len(wrong) < 2:  # a law alone on its irregularity: any other remedies will do as wrong choices
            wrong = sorted(set(book.option_labels) - said)
        choices = right + rng.sample(wrong, min(len(wrong), rng.randint(2, 3)))
        rng.shuffle(choices)
        what = f"law {rule.law}" if rule.law else f"the rule “{rule.title}”"
        prompt = under(book, profile, "At the table: what does the law allow, and who chooses?")
        if agreed:
            label = book.agreement_labels[agreed[0]]
            prompt = f"The players agreed to this: {label[0].lower()}{label[1:]}. {prompt}"
        elif rule.agreement:  # said, so that the learner knows which side of the agreement he is on
            prompt = f"The players agreed on nothing beyond the usual rules. {prompt}"
        question = "what did the players agree, and who did what?" if rule.agreement else \
            "when did it come to light, and whose mistake was it?"
        return {"kind": "dispute", "position": {**table, "facts": facts}, "choices": choices, "prompt": prompt,
                "hint": f"This is a matter for {what}: {question}"}
    return RuleDrill(rule.id, make)
