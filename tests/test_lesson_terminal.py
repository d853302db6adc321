"""Terminal lessons, driven by a script of typed lines."""
import io

from data_under_test import BOOK, LIBRARY

from ecarte_tutor.cli import main
from ecarte_tutor.lessons import Progress, find_lesson, run_lesson
from ecarte_tutor.lessons.terminal import plain

LESSONS = LIBRARY.lessons


def take(lesson, lines, **kwargs):
    out = io.StringIO()
    kwargs.setdefault("book", BOOK)
    progress = run_lesson(lesson, io.StringIO("".join(line + "\n" for line in lines)), out, **kwargs)
    return progress, out.getvalue()


def test_a_scripted_run_through_lesson_one(book):
    lesson = find_lesson(LESSONS, "pack-and-ranking")
    progress, text = take(lesson, [
        "",                          # step 1: read on
        "",                          # step 2: read on
        "hint",                      # step 3 (rank order): ask for the hint first
        "KH AH QH JH 10H 7H",        # wrong: the ace placed too high
        "k♥ q♥ j♥ a♥ t♥ 7♥",         # right, in another notation
        "ZZ",                        # step 4 (knave led): not a card
        "KH",                        # a card not in the hand
        "7S",                        # wrong: the queen must be played
        "QS",                        # right
        "as 7s",                     # step 5: right at the first try
        "follower",                  # step 6: wrong
        "leader",                    # right
    ])
    # prompts and the position, in card symbols
    assert "Lesson 1: The pack and its ranking" in text
    assert "Type these cards from the highest to the lowest" in text
    assert "Card led: J♠" in text and "Your hand: Q♠ 7♠" in text
    assert "Which cards may be played?" in text
    # the hint, before any answer
    assert "Hint: Only one card outranks the queen" in text
    # unreadable answers get a message and the same prompt again, and are not counted as wrong
    assert "'ZZ' is not a card of the Piquet pack" in text
    assert "K♥ is not in the hand" in text
    # a first wrong answer says what is wrong and names the rule, without the answer; then another try
    assert "Not yet. You put the ace above the queen, but the queen ranks higher" in text
    assert "The rule that decides is “King high, ace between knave and ten” (type 'rule' to read it)." in text
    assert "Not yet. You allowed 7♠, but it does not beat J♠, and you hold a spade that does" in text
    assert "Not yet. You gave the trick to A♠. You treated the ace as the highest card of its suit" in text
    assert text.count("Not yet.") == 3 and "The answer:" not in text and "Try again" not in text
    assert text.count("Right.") == 4
    assert "End of lesson 1." in text
    assert "6 of 6 steps done; 1 of 4 exercises right first time." in text
    now = progress.lesson(lesson.id)
    assert now.done == {1, 2, 3, 4, 5, 6} and now.first_try == {5}


def test_a_second_wrong_answer_shows_the_answer_and_moves_on(book):
    lesson = find_lesson(LESSONS, "1")
    progress, text = take(lesson, ["7S", "7S", "quit"], start=4)
    assert text.count("Not yet.") == 1
    assert "Not right. You allowed 7♠" in text and "The answer: Q♠." in text and "Why: J♠ was led" in text
    assert "--- Step 5 of 6" in text, "the lesson goes on after the answer"
    assert progress.lesson(lesson.id).missed == {4}
    assert set(progress.reviews) == {"play.head-the-trick"}, "the rule broken is noted for review"
    assert "0 of 6 steps done (1 answered wrong, to try again); 0 of 4 exercises right first time." in text


def test_skip_and_quit(book):
    lesson = find_lesson(LESSONS, "1")
    progress, text = take(lesson, ["skip", "quit"], start=3)
    assert "The answer: K♥ Q♥ J♥ A♥ 10♥ 7♥." in text
    assert "You left the lesson." in text
    assert progress.lesson(lesson.id).done == frozenset()
    assert progress.lesson(lesson.id).missed == {3}


def test_end_of_input_leaves_cleanly(book):
    lesson = find_lesson(LESSONS, "1")
    progress, text = take(lesson, [""], progress=Progress().record(lesson.id, 6, correct=True))
    # steps 1 and 2 were shown (a step without exercise counts as done once shown), then input ended
    assert "You left the lesson." in text and "3 of 6 steps done" in text
    assert progress.lesson(lesson.id).done == {1, 2, 6}


def test_a_dispute_at_the_terminal(book):
    lesson = find_lesson(LESSONS, "misdeals-and-wrong-hand-sizes")
    step = next(s for s in lesson.exercises if s.exercise.position["facts"].get("discovered") == "before-turn-up")
    numbers = {c["value"]: str(i) for i, c in enumerate(step.exercise.choices, 1)}
    progress, text = take(lesson, [
        numbers["fresh-deal"], "dealer",                               # half right: wrong
        "9",                                                           # not a remedy number
        f"{numbers['fresh-deal']} {numbers['rectify']}", "elder",      # right
        "quit",
    ], start=step.index)
    assert "Remedies:" in text and "1. The dealer puts the deal right\n" in text
    assert "Which remedies does the law allow?" in text and "Who chooses the remedy" in text
    assert "'9' is not one of the remedies" in text
    assert "Not yet. You left out “The dealer puts the deal right”: law 9" in text
    assert "You gave the choice to the dealer, but the law gives it to the elder hand" in text, \
        "the wrong chooser is named as well"
    assert " too" not in text.split("Not yet.")[1].split("Right.")[0], "nothing implies the wrong part was fine"
    assert "Right." in text
    assert progress.lesson(lesson.id).done == {step.index}


def test_scores_and_advice_at_the_terminal(book):
    lesson = find_lesson(LESSONS, "playing-without-proposing")
    _, text = take(lesson, ["two", "0 2", "quit"], start=2)
    assert "Type two whole numbers" in text and "Right." in text
    lesson = find_lesson(LESSONS, "jeux-de-regle")
    _, text = take(lesson, ["p", "play", "quit"], start=3)
    assert "Answer 'propose' or 'play'" in text and "Right." in text and "jeu de règle" in text


def test_plain_drops_markdown_emphasis():
    assert plain("**K · Q** and *jeux de règle*, `pack`") == "K · Q and jeux de règle, pack"


def test_cli_lists_and_runs_lessons(monkeypatch, capsys):
    assert main(["lesson"]) == 0
    listing = capsys.readouterr().out
    assert " 1  pack-and-ranking" in listing and "Take one with" in listing
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["lesson", "01"]) == 0
    assert "Lesson 1: The pack and its ranking" in capsys.readouterr().out


def test_cli_unknown_lesson_or_step(capsys):
    assert main(["lesson", "nope"]) == 2
    assert "no lesson 'nope'" in capsys.readouterr().err
    assert main(["lesson", "1", "--step", "99"]) == 2
    assert "steps 1 to 6" in capsys.readouterr().err


def test_q_is_a_queen_not_a_way_out_and_half_a_card_is_said_half():
    """Learner's report: typing Q for a queen left the lesson; 'queen' was said to be no card of the pack."""
    lesson = find_lesson(LESSONS, 1)
    step = next(s for s in lesson.exercises if s.exercise.kind == "legal-cards")
    _, text = take(lesson, ["Q", "queen", "spades", "quit"], start=step.index)
    assert "'Q' is a rank without its suit: write the suit after it, e.g. QS or Q♠ for the queen of spades" in text
    assert "'queen' is a rank without its suit" in text and "'spades' is a suit without its rank" in text


def test_the_chooser_is_read_in_the_course_s_words_and_asked_again_alone(book):
    lesson = find_lesson(LESSONS, "misdeals-and-wrong-hand-sizes")
    step = next(s for s in lesson.exercises if s.exercise.position["facts"].get("discovered") == "before-turn-up")
    numbers = {c["value"]: str(i) for i, c in enumerate(step.exercise.choices, 1)}
    progress, text = take(lesson, [f"{numbers['fresh-deal']} {numbers['rectify']}", "maybe", "the non-dealer",
                                   "quit"], start=step.index)
    before = text.split("Right.")[0]  # the next step asks for remedies again
    assert "not 'maybe'" in before and before.count("Which remedies does the law allow?") == 1
    assert progress.lesson(lesson.id).done == {step.index}
