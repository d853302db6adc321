"""``ecarte-tutor play`` driven by a script of typed lines, like a learner at the terminal."""
import io
import json

from data_under_test import BOOK

from ecarte_tutor.cli import build_parser, main
from ecarte_tutor.commands import play as command
from ecarte_tutor.table import endings
from ecarte_tutor.table.game import Game
from ecarte_tutor.table.players import make_player
from ecarte_tutor.table.terminal import TerminalGame
from ecarte_tutor.yamlio import load_yaml

WORDS = {"propose": "p", "stand": "play", "accept": "a", "refuse": "r", "announce-king": "k", "pass": "go",
         "double": "x", "offer-point": "o", "accept-double": "yes", "accept-offer": "yes", "decline-double": "no",
         "decline-offer": "no"}
OPTIONS = ["--seed", "12", "--level", "club", "--profile", "london", "--dealer", "learner"]


def typed(move: dict, count: int) -> str:
    """What a learner types for a move (cards in changing notations, as people type them)."""
    if move["do"] == "discard":
        return " ".join(move["cards"]).lower() or "none"
    if move["do"] == "card":
        card = move["card"]
        return [card, card.lower(), card[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]][count % 3]
    return WORDS[move["do"]]


def script_for(seed: int, **settings) -> tuple[list[str], Game]:
    """The lines a beginner-level bot would type through a whole game, with one illegal attempt and
    one '?' before its first card that the rules forbid; and the game it plays."""
    game = Game.start(BOOK, seed=seed, **settings)
    bot, lines, tried = make_player("beginner"), [], False
    while (decision := game.decision()) is not None:
        legal = {c["card"] for c in decision.choices if c["do"] == "card"}
        wrong = [c for c in decision.view.hand if c.notation not in legal]
        if legal and wrong and decision.view.led is not None and not tried:
            lines += ["?", wrong[0].notation]
            tried = True
        move = bot.choose(decision.view, decision.choices, game.current.score_before)
        move = {k: v for k, v in move.items() if k != "by"}
        lines.append(typed(move, len(lines)))
        assert game.play(move) is None
    assert tried
    return lines, game


def ending_from_the_catalogue(game: Game) -> str:
    """The game's ending as rules/course/endings.yaml writes it, filled here from the game's score."""
    words = load_yaml(BOOK.root / "course" / "endings.yaml")
    loser = "tutor" if game.winner == "learner" else "learner"
    line = words["game_over"][game.winner].format(winner=game.scores[game.winner], loser=game.scores[loser],
                                                   learner=game.scores["learner"], tutor=game.scores["tutor"])
    return line + (" " + words["worth"].format(value=game.game_value) if (game.game_value or 1) > 1 else "")


def run_play(arguments, lines):
    out = io.StringIO()
    args = build_parser().parse_args(["play", *arguments])
    status = command.run(args, io.StringIO("".join(line + "\n" for line in lines)), out)
    return status, out.getvalue()


def test_a_whole_game_scripted_at_the_terminal():
    lines, expected = script_for(12, level="club", profile="london", first_dealer="learner")
    status, text = run_play(OPTIONS, lines)
    assert status == 0
    assert "Écarté against the tutor (club level), london profile, game to 5; seed 12." in text
    assert "— Deal 1: you deal; you are the dealer." in text
    assert any(symbol in text for symbol in "♠♥♦♣")
    # the one illegal attempt, refused by the referee with the rule and the law
    assert text.count("Refused by the referee:") == 1
    refusal = text[text.index("Refused by the referee:"):].splitlines()[0]
    assert "may not be played" in refusal and "law.43" in refusal and "laws 43" in refusal
    # the one '?': a line of why for each legal card
    assert "you must" in text or "You hold no" in text
    # each trick's winner told as it falls
    tricks = sum(len(hp.state.history) for hp in expected.hands)
    assert text.count("win the trick") + text.count("wins the trick") == tricks
    # every hand reviewed, the score explained with its laws, the game won, the summary, the record
    assert text.count("Review of deal") == len(expected.hands)
    assert "Score: +" in text and "(law" in text
    assert ending_from_the_catalogue(expected) in text.splitlines()
    over = [line for line in text.splitlines() if line.startswith("Deal ") and " is over" in line]
    assert [line.split(". Tricks:")[0] + "." for line in over] == [
        endings.deal_over(expected, hp.number) for hp in expected.hands if hp.answer is not None]
    assert "mistakes by rule" in text or "No mistakes" in text
    record = json.loads(text.strip().splitlines()[-1])
    assert record == expected.record()


def test_bad_input_is_explained_and_asked_again():
    status, text = run_play(OPTIONS, ["hello", "9", "ZZ", "KS QS", "sheet", "quit"])
    assert status == 0
    assert "I did not understand 'hello'" in text
    assert "Choose a number from 1 to" in text
    assert "'ZZ' is not a card of the Piquet pack" in text
    assert "Nothing scored yet." in text
    assert "You left the game." in text
    assert "Traceback" not in text


def test_a_game_left_is_taken_up_again_from_its_record(tmp_path):
    lines, expected = script_for(12, level="club", profile="london", first_dealer="learner")
    lines = [line for line in lines]
    status, text = run_play(OPTIONS, lines[:6] + ["quit"])
    record = json.loads(text.strip().splitlines()[-1])
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    status, text = run_play(["--replay", str(saved)], lines[6:])
    assert status == 0
    assert json.loads(text.strip().splitlines()[-1]) == expected.record()


def test_options_are_checked_with_clear_messages(capsys, tmp_path):
    assert main(["play", "--level", "grandmaster", "--seed", "1"]) == 2
    assert "Unknown level 'grandmaster'" in capsys.readouterr().err
    assert main(["play", "--agreements", "poker", "--seed", "1"]) == 2
    assert "'poker' is not an agreement" in capsys.readouterr().err
    assert main(["play", "--agreements", "game-target=seven", "--seed", "1"]) == 2
    assert "whole number" in capsys.readouterr().err
    assert main(["play", "--dealer", "nobody", "--seed", "1"]) == 2
    assert main(["play", "--replay", str(tmp_path / "missing.json")]) == 2
    assert "Cannot read" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("not json", encoding="utf-8")
    assert main(["play", "--replay", str(tmp_path / "bad.json")]) == 2
    assert "does not hold a game record" in capsys.readouterr().err


def test_at_the_terminal_a_second_decision_states_only_what_the_engine_gives(fixed_game, weak_dealer):
    """Issue 19: after an accepted exchange the terminal neither charges a later "I play" with the first
    proposal's penalty nor tells it as playing without proposing; each stated cost is audited."""
    from ecarte_tutor.table.audit import Findings, check_text
    from ecarte_tutor.table.terminal import TerminalGame

    game = fixed_game(weak_dealer, learner="elder")  # the club tutor, weak, accepts
    asked, told = io.StringIO(), io.StringIO()
    TerminalGame(game, io.StringIO("p\njs qh\n?\nquit\n"), asked).run()  # at the second proposal: why?
    why = asked.getvalue()[asked.getvalue().index("play = play on without another exchange"):]
    found = Findings()
    check_text(game, game.current.state, why, "terminal", found)  # the state of that very decision
    assert found.checked["terminal"] >= 2 and found.contradictions == []
    assert "costs 2" not in why and "should playing without proposing fail" not in why
    TerminalGame(game, io.StringIO("play\nquit\n"), told).run()
    assert "You play on after the exchange (“I play”)" in told.getvalue()
    assert "without proposing" not in told.getvalue().split("You play on")[1].split("\n")[0]


def test_the_terminal_ends_the_game_with_the_catalogues_sentence_not_its_own(monkeypatch):
    """The ending at the terminal is the one /play's live region says: whatever the catalogue holds."""
    lines, game = script_for(12, level="club", profile="london", first_dealer="learner")
    assert game.winner is not None
    said = endings.Endings("Deal {deal}: {learner} and {tutor}.", {"learner": "YOU {winner}-{loser}",
                                                                   "tutor": "TUTOR {winner}-{loser}"}, "x{value}")
    monkeypatch.setattr(endings, "endings", lambda book: said)
    out = io.StringIO()
    TerminalGame(game, io.StringIO(""), out).finish()
    loser = "tutor" if game.winner == "learner" else "learner"
    first = out.getvalue().strip().splitlines()[0]
    assert first == f"{game.winner.upper()} {game.scores[game.winner]}-{game.scores[loser]}"


def test_a_game_that_counts_more_says_so_in_the_catalogues_words():
    """Under a profile that counts games by the loser's score, the worth line is the catalogue's too."""
    game = Game.start(BOOK, seed=3, level="beginner", profile="finnish")
    bot = make_player("beginner")
    while (decision := game.decision()) is not None:
        game.play({k: v for k, v in bot.choose(decision.view, decision.choices, game.current.score_before).items()
                   if k != "by"})
    assert game.game_value == 3  # won to love: treble under this profile (law 46)
    out = io.StringIO()
    TerminalGame(game, io.StringIO(""), out).finish()
    assert out.getvalue().strip().splitlines()[0] == ending_from_the_catalogue(game)
