"""Every question the dispute interview asks decides something (issue 39): at each decision point, under every
profile and the agreements that bring facts or rows of their own, some answer changes the remedy of a ruling
that another answer reaches (tests/engine/disputes/deciding.py says exactly how)."""
from __future__ import annotations

import pytest
from data_under_test import BOOK, PROFILES

from ecarte_tutor import ask
from ecarte_tutor.engine.disputes.knowledge import Knowledge, close
from ecarte_tutor.engine.disputes.timeline import moments

from .deciding import Walk, pointless_questions, remedy, starts

HAND_OVER = "hand_over"
AGREEMENTS = ("doubling", "offer-the-point", "bystanders-advise", "single-exchange")


def ask_book(question: dict) -> dict:
    return ask(question, BOOK)


@pytest.mark.parametrize("profile", PROFILES)
def test_no_question_leaves_the_remedy_as_it_was(profile):
    walked, pointless = pointless_questions(ask_book, BOOK, profile, with_discovered=False)
    assert walked > 150
    assert pointless[:6] == []


@pytest.mark.parametrize("profile", PROFILES)
def test_no_question_leaves_the_remedy_as_it_was_after_the_discovered_shortcut(profile):
    walked, pointless = pointless_questions(ask_book, BOOK, profile)
    assert walked > 300
    assert pointless[:6] == []


@pytest.mark.parametrize("agreement", AGREEMENTS)
def test_no_question_leaves_the_remedy_as_it_was_under_an_agreement(agreement):
    walked, pointless = pointless_questions(ask_book, BOOK, "london", (agreement,), with_discovered=False)
    assert walked > 150
    assert pointless[:6] == []


@pytest.mark.parametrize("discovered", ["after-hand", "cutting", "before-turn-up"])
def test_a_king_raised_once_the_hand_is_over_is_ruled_without_asking_who_announced_it(discovered):
    """Either player's late king scores nothing once the hand is over (laws 23 and 24): "who announced it?"
    is not asked, and the ruling says why whichever player it was, resting on what was told."""
    told = {"irregularity": "king-announced-late", "discovered": discovered}
    found = ask_book({"kind": "dispute", "facts": told})
    assert found["status"] == "ruling" and found["case"] == "law.23/raised-after-the-hand"
    assert set(found["facts_used"]) == set(told)
    assert "whichever player" in found["explanation"]
    for offender in ("elder", "dealer"):
        asked = ask_book({"kind": "dispute", "facts": {**told, "offender": offender}})
        assert asked["case"] != found["case"] and remedy(asked) == remedy(found)


def test_a_king_raised_in_play_still_asks_who_announced_it():
    """Before the hand is over the answer matters (the non-dealer's king led and not yet played to scores)."""
    found = ask_book({"kind": "dispute", "facts": {"irregularity": "king-announced-late", "discovered": "play"}})
    assert found["status"] == "need" and found["need"]["fact"] == "offender"


def asked_before_the_hand_was_over(profile: str) -> list:
    """Each time the interview asks a moment whose "yes" says the hand was over (the next deal's trump turned)
    and then, on the same path, whether the hand was over: asked first, "no" would have settled the other."""
    walk = Walk(lambda facts: ask_book({"kind": "dispute", "profile": profile, "facts": facts}))
    timeline, found = set(moments(BOOK)), []

    def down(facts: frozenset, asked: list) -> None:
        answer = walk.answer(facts)
        if answer.get("status") != "need":
            return
        name = answer["need"]["fact"]
        for earlier, before in asked:
            if name == HAND_OVER and earlier in timeline:
                yes = close(BOOK, {**before, earlier: True})
                if isinstance(yes, Knowledge) and yes.values.get(name) is True:
                    found.append((before, earlier))
        for choice in answer["need"]["choices"]:
            down(facts | {(name, choice["value"])}, [*asked, (name, dict(facts))])

    for start in starts(BOOK, with_discovered=True):
        if walk.answer(frozenset(start.items())).get("status") != "error":
            down(frozenset(start.items()), [])
    return found


@pytest.mark.parametrize("profile", PROFILES)
def test_what_matters_only_once_the_hand_is_over_is_asked_after_it(profile):
    """A revoke found during the play was asked whether the next deal's trump was turned before whether the hand
    was over, one question too many: the next trump matters only once the hand is over."""
    assert asked_before_the_hand_was_over(profile)[:6] == []


def test_a_revoke_found_in_play_is_asked_whether_the_hand_is_over_and_nothing_of_the_next_deal():
    facts = {"irregularity": "revoke", "corrected_before_next_lead": False, "offender": "dealer"}
    assert ask_book({"kind": "dispute", "facts": facts})["need"]["fact"] == "hand_over"
    found = ask_book({"kind": "dispute", "facts": {**facts, "hand_over": False}})
    assert found["status"] == "ruling" and found["case"] == "law.43/not-corrected"
    assert ask_book({"kind": "dispute", "facts": {**facts, "hand_over": True}})["need"]["fact"] == "next_trump_turned"


# --- the check finds what it is meant to find -------------------------------------------------------

def tree(answers: dict):
    """A made-up interview: facts (as a frozenset) -> its answer."""
    return Walk(lambda facts: answers[frozenset(facts.items())])


def need(name: str, *values) -> dict:
    return {"status": "need", "need": {"fact": name, "choices": [{"value": v} for v in values]}}


def ruling(chooser=None, option="fresh-deal", points=None) -> dict:
    return {"status": "ruling", "chooser": chooser, "compulsory": chooser is None,
            "options": [{"id": option, "consequence": "x", **({"points": points} if points else {})}]}


REFUSED = {"error": {"code": "conflicting-facts"}}


def test_a_question_whose_answers_reach_the_same_remedy_by_other_laws_decides_nothing():
    walk = tree({
        frozenset({("a", 1)}): need("b", 1, 2),
        frozenset({("a", 1), ("b", 1)}): {**ruling("elder"), "case": "law.29/x"},
        frozenset({("a", 1), ("b", 2)}): {**ruling("elder"), "case": "law.32/y"}})
    walk.walk(frozenset({("a", 1)}))
    assert walk.pointless == [({"a": 1}, "b")]


def test_a_question_with_one_answer_that_can_be_true_decides_nothing():
    walk = tree({frozenset({("a", 1)}): need("b", True, False),
                 frozenset({("a", 1), ("b", True)}): REFUSED,
                 frozenset({("a", 1), ("b", False)}): ruling()})
    walk.walk(frozenset({("a", 1)}))
    assert walk.pointless == [({"a": 1}, "b")]


def test_a_question_that_changes_the_points_decides_something():
    walk = tree({frozenset({("a", 1)}): need("b", 1, 2),
                 frozenset({("a", 1), ("b", 1)}): ruling(points={"elder": 1}),
                 frozenset({("a", 1), ("b", 2)}): ruling(points={"elder": 2})})
    walk.walk(frozenset({("a", 1)}))
    assert walk.pointless == [] and walk.points == 1


def test_a_question_that_matters_only_with_a_later_answer_decides_something():
    """Asked first, "b" changes the remedy only when "c" is 2: it is not pointless."""
    answers = {frozenset({("a", 1)}): need("b", 1, 2)}
    for b in (1, 2):
        answers[frozenset({("a", 1), ("b", b)})] = need("c", 1, 2)
        for c in (1, 2):
            answers[frozenset({("a", 1), ("b", b), ("c", c)})] = ruling("dealer" if (b, c) == (2, 2) else "elder")
    walk = tree(answers)
    walk.walk(frozenset({("a", 1)}))
    assert ({"a": 1}, "b") not in walk.pointless


def test_the_remedy_ignores_the_law_but_not_the_consequence():
    one, two = ruling("elder"), ruling("elder")
    two["options"][0]["consequence"] = "y"
    assert remedy({**one, "case": "law.17/a"}) == remedy({**ruling("elder"), "case": "law.33/b"})
    assert remedy(one) != remedy(two)
    assert remedy(REFUSED) is None
