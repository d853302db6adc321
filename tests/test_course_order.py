"""A course in order and in the engine's words: the glossary, the terms each lesson introduces,
consequences filled by the engine (never fixed words) and options that cannot be taken for one another."""
import re
from dataclasses import replace

import pytest
from data_under_test import BOOK, LIBRARY

from ecarte_tutor import paths
from ecarte_tutor.errors import DataError
from ecarte_tutor.lessons import expected_answer, grade, lesson_problems, load_lessons
from ecarte_tutor.lessons.checks import alike_choices, order_problems, wording_problems
from ecarte_tutor.lessons.glossary import glossary_of, load_glossary
from ecarte_tutor.lessons.vouched import literal_consequences

LESSONS = LIBRARY.lessons
GLOSSARY = glossary_of(BOOK)
REQUIRED_TERMS = {"point", "vole", "elder-hand", "dealer", "knave", "trump", "turn-up", "stock", "proposing",
                  "exchange", "heading-the-trick", "revoke", "tierce-major", "guarded", "jeux-de-regle"}


def lesson(slug):
    return next(item for item in LESSONS if item.slug == slug)


def test_the_course_is_clean():
    assert lesson_problems(LESSONS, BOOK) == []


def test_the_glossary_defines_the_words_of_the_game_each_introduced_once():
    ids = {term.id for term in GLOSSARY.terms}
    assert ids >= REQUIRED_TERMS
    introduced = [term for item in LESSONS for term in item.introduces]
    assert sorted(introduced) == sorted(ids), "every term is introduced by exactly one lesson"
    for term in GLOSSARY.terms:
        assert not re.search(r"\{[^}]*\}", term.definition), "every placeholder filled"
        assert all(rule in BOOK.rules for rule in term.rules)


def test_point_and_vole_come_before_the_lessons_that_use_them():
    first = {term: item.number for item in LESSONS for term in item.introduces}
    assert first["point"] == first["vole"] == 1
    for slug in ("playing-without-proposing", "marking-the-king"):
        used = {term.id for step in lesson(slug).steps for term in GLOSSARY.used(step.texts)}
        assert {"point", "vole"} & used


def test_a_term_used_before_its_lesson_is_named_with_lesson_and_step():
    moved = [replace(item, introduces=tuple(t for t in item.introduces if t != "vole")) for item in LESSONS]
    scoring = next(i for i, item in enumerate(moved) if item.slug == "scoring-a-hand")
    moved[scoring] = replace(moved[scoring], introduces=(*moved[scoring].introduces, "vole"))
    problems = order_problems(moved, GLOSSARY)
    assert "01-pack-and-ranking.yaml step 1: uses the term “vole” before lesson 9 (Scoring a hand) introduces it" \
        in problems
    assert any(p.startswith("05-playing-without-proposing.yaml step 5: uses the term “vole”") for p in problems)


def test_a_term_no_lesson_introduces_is_named():
    moved = [replace(item, introduces=tuple(t for t in item.introduces if t != "guarded")) for item in LESSONS]
    assert "15-jeux-de-regle.yaml step 7: uses the term “guarded”, which no lesson introduces" in \
        order_problems(moved, GLOSSARY)


def test_terms_are_found_whole_word_and_the_longer_use_wins():
    uses = [(use.term.id, use.start) for use in GLOSSARY.find("He plays without proposing, pointing at a trump.")]
    assert uses == [("playing-without-proposing", 3), ("trump", 42)]
    assert [u.term.id for u in GLOSSARY.find("The deal is void; void in hearts.")] == ["void-deal", "void"]
    assert GLOSSARY.find("`vole` and [the point](/x)") == [], "code and links are left alone"


def test_a_glossary_with_a_bad_rule_is_refused(tmp_path):
    path = tmp_path / "glossary.yaml"
    path.write_text("terms:\n  - {id: vole, term: vole, matches: [vole], definition: All five tricks of a hand., "
                    "rules: [no.such-rule]}\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"terms\[0\]\.rules.*unknown rule 'no.such-rule'"):
        load_glossary(path, BOOK)


# --- consequences: filled by the engine, never written as fixed words --------------------------------------


def test_every_consequence_in_the_course_is_a_placeholder():
    assert wording_problems(LESSONS) == []
    filled = sum(step.filled for item in LESSONS for step in item.steps)
    assert filled >= 60, "the course states its scores, costs and choosers through the engine"


@pytest.mark.parametrize("text, what", [
    ("If it does not, the dealer scores **2** instead of 1.", "a score"),
    ("A player who abandons his hand gives his adversary the vole, 2.", "a score"),
    ("Three or four tricks win the point: 1.", "a score"),
    ("The non-dealer decides, as long as he has not looked.", "who chooses"),
    ("a fresh deal, compulsory (law 20)", "who chooses"),
])
def test_a_fixed_consequence_is_found(text, what):
    assert what in [found for found, _ in literal_consequences(text)]


@pytest.mark.parametrize("text", [
    "The elder took three tricks and the dealer two. What does each score?",
    "What may be done, and who decides?",
    "Two players get {p.hand_size|word} cards each; the dealer scores {p.king_points} for it.",
])
def test_positions_questions_and_placeholders_state_no_fixed_consequence(text):
    assert literal_consequences(text) == []


def test_placeholders_are_filled_from_the_engine_for_that_very_exercise():
    penalty = lesson("playing-without-proposing").step(1)
    assert "the dealer scores **2** instead of 1" in " ".join(penalty.body.split())
    assert "{" not in penalty.body and penalty.filled >= 4
    agreed = lesson("other-tables").steps[7].exercise  # games of seven points, by agreement
    assert "games of seven points" in agreed.prompt and "how far is seven?" in agreed.hint
    misdeal = lesson("misdeals-and-wrong-hand-sizes").step(5)
    body = " ".join(misdeal.body.split())
    assert "a fresh deal, compulsory: nobody chooses (law 20)" in body and "the non-dealer's choice (law 21)" in body


def _course_copy(tmp_path, slug, old, new):
    folder = tmp_path / "lessons"
    folder.mkdir()
    for item in LESSONS:
        text = (paths.lessons_dir() / item.file).read_text(encoding="utf-8")
        if item.slug == slug:
            assert old in text
            text = text.replace(old, new)
        (folder / item.file).write_text(text, encoding="utf-8")
    return folder


def test_a_placeholder_the_engine_cannot_fill_names_file_step_and_placeholder(tmp_path):
    folder = _course_copy(tmp_path, "playing-without-proposing", "{failed.points.dealer}", "{failed.points.nobody}")
    with pytest.raises(DataError, match=r"05-playing-without-proposing.yaml › steps\[0\]: \{failed.points.nobody\}"):
        load_lessons(folder, BOOK)


def test_a_fixed_consequence_in_a_lesson_is_a_defect(tmp_path):
    folder = _course_copy(tmp_path, "playing-without-proposing", "**{failed.points.dealer}**", "**2**")
    problems = lesson_problems(load_lessons(folder, BOOK), BOOK)
    assert any("05-playing-without-proposing.yaml step 1 body: states a score in fixed words (“scores **2**”)" in p
               for p in problems)


def test_a_remedy_offered_as_wrong_that_the_ruling_says_too_is_a_defect(tmp_path):
    # law 7's ruling penalises nobody: "No penalty" beside it is no wrong answer
    folder = _course_copy(tmp_path, "cutting-and-dealing", "[cut-again, fresh-deal, deal-stands, new-packs]",
                          "[cut-again, fresh-deal, deal-stands, no-penalty]")
    problems = lesson_problems(load_lessons(folder, BOOK), BOOK)
    assert any("the choice 'no-penalty' is offered as wrong, but the ruling says it too" in p for p in problems)


# --- word traps -----------------------------------------------------------------------------------------------


def test_options_that_read_alike_are_found():
    labels = [{"value": "a", "label": "The exposed card is refused and the next one given"},
              {"value": "b", "label": "The card is set aside and the next one given"},
              {"value": "c", "label": "A fresh deal"}]
    assert alike_choices(labels) == [(labels[0]["label"], labels[1]["label"])]
    names = [{"value": f"out:{n}", "label": f"{n} sits out the next game"} for n in ("Anne", "Bertrand")]
    assert alike_choices(names, ["Anne", "Bertrand"]) == [], "choices told apart by a name are what is asked"


def test_no_remedy_label_names_a_chooser_the_engine_does_not():
    seats = {"non-dealer": "elder", "elder": "elder", "dealer": None}
    for item in LESSONS:
        for step in item.exercises:
            exercise = step.exercise
            if exercise.kind != "dispute":
                continue
            answer = expected_answer(exercise, BOOK)
            for choice in exercise.choices:
                said = re.search(r"\bthe (non-dealer|elder|dealer) (chooses|decides|picks)\b", choice["label"])
                if said and choice["value"] in answer["option_ids"]:
                    assert answer["chooser"] == (seats[said[1]] or "dealer"), (item.id, step.index, choice)


def test_the_void_deal_and_the_fresh_deal_are_told_apart_where_taught():
    body = lesson("wrong-and-imperfect-packs").step(1).body
    assert "A void deal is not a fresh deal" in body
    assert {"fresh-deal", "void-deal"} <= {term.id for term in GLOSSARY.used([body])}


def test_a_lesson_hint_says_no_more_than_the_engine():
    """The new-cards exercise: the label no longer says the dealer chooses, and the answer is nobody."""
    exercise = lesson("wrong-and-imperfect-packs").step(5).exercise
    assert grade(exercise, {"option_ids": ["new-packs"], "chooser": None}, BOOK).correct
    assert "chooses" not in " ".join(choice["label"] for choice in exercise.choices)


# --- what a step says of its hand, and under which profile it teaches ------------------------------------------


def test_a_count_said_of_the_hand_is_read_from_the_words():
    from ecarte_tutor.lessons.claims import said
    assert said("With no trump and no court card, you hold a single king.") == [
        ("trumps", 0, "no trump"), ("court_cards", 0, "no court card"), ("kings", 1, "a single king")]
    assert said("Void in the suit led and without a trump, you may throw any card.") == [
        ("trumps", 0, "without a trump")]


def test_a_step_that_miscounts_the_trumps_of_its_hand_is_a_defect(tmp_path):
    # 7S 8H 9S 9D 7C with diamonds trumps: the nine of diamonds is a trump
    folder = _course_copy(tmp_path, "proposing-beyond-the-rules", "With one small trump and no court card",
                          "With no trump and no court card")
    problems = lesson_problems(load_lessons(folder, BOOK), BOOK)
    assert "21-proposing-beyond-the-rules.yaml step 4: its body says “no trump”, but it claims 1 trumps" in problems


def test_a_claim_the_hand_does_not_bear_out_is_a_defect(tmp_path):
    folder = _course_copy(tmp_path, "proposing-beyond-the-rules", "claims: {trumps: 1, court_cards: 0}",
                          "claims: {trumps: 0, court_cards: 0}")
    problems = lesson_problems(load_lessons(folder, BOOK), BOOK)
    assert "21-proposing-beyond-the-rules.yaml step 4: claims 0 trumps, but the hand holds 1" in problems


def test_a_count_said_with_no_claim_is_a_defect(tmp_path):
    folder = _course_copy(tmp_path, "proposing-beyond-the-rules", "    claims: {trumps: 1, court_cards: 0}\n", "")
    problems = lesson_problems(load_lessons(folder, BOOK), BOOK)
    assert "21-proposing-beyond-the-rules.yaml step 4: its body says “no court card” of the hand, which no claim " \
           "vouches for (claims: {court_cards: 0})" in problems


def test_every_claim_of_the_course_holds_of_its_hand():
    from ecarte_tutor.lessons.claims import counts, held
    claimed = [(item, step) for item in LESSONS for step in item.steps if step.claims]
    assert len(claimed) >= 13
    for item, step in claimed:
        hand, trump = held(step.exercise.position, BOOK)
        actual = counts(hand, trump)
        assert all(actual[name] == value for name, value in step.claims.items() if name != "speaks"), \
            (item.file, step.index)


def test_a_step_right_only_under_its_own_profile_says_which_it_teaches(tmp_path):
    # after an accepted exchange, the Finnish elder is still committed: two tricks give the dealer 2 there
    folder = _course_copy(tmp_path, "scoring-a-hand", " What does each score under the club code?",
                          " What does each score?")
    problems = lesson_problems(load_lessons(folder, BOOK), BOOK)
    assert any(p.startswith("09-scoring-a-hand.yaml step 2: its answer differs under the finnish profile(s)")
               for p in problems)


def test_a_vole_doubled_for_the_risk_is_named_beside_the_point_added_to_it():
    step = lesson("other-tables").step(3)
    text = grade(step.exercise, {"points": {"elder": 4, "dealer": 0}}, BOOK).diagnosis.text
    assert "Two different mistakes give this answer" in text
    assert "You doubled the vole for the risk taken" in text and "the point with the vole added on top" in text
