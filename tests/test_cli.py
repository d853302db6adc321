"""The command line: ask (one object or JSON Lines, exit codes), check, rules, help."""
import json
import subprocess
import sys

import pytest

from ecarte_tutor.cli import main


def run(args, stdin=""):
    proc = subprocess.run([sys.executable, "-m", "ecarte_tutor.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def test_ask_one_object():
    code, out, err = run(["ask"], json.dumps({"kind": "trick", "trump": "H", "led": "JS", "followed": "AS"}))
    assert code == 0 and json.loads(out)["winner"] == "leader" and "Traceback" not in err


def test_ask_json_lines_with_a_malformed_line_exits_2():
    lines = "\n".join([json.dumps({"kind": "play", "trump": "H", "hand": ["KH"]}), "{not json",
                       json.dumps({"kind": "play", "trump": "H", "hand": ["6H"]}), "[1]"])
    code, out, err = run(["ask"], lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(answers) == 4 and "Traceback" not in err
    assert answers[0]["legal_cards"] == ["KH"]
    assert answers[1]["error"]["code"] == "bad-json"
    assert answers[2]["error"]["code"] == "bad-card"
    assert answers[3]["error"]["code"] == "not-an-object"


def test_ask_a_key_written_twice_is_invalid_json_in_a_document_and_in_a_line():
    """A whole document (over several lines) and one line of JSON Lines: each names the repeated key."""
    document = '{\n  "kind": "play",\n  "trump": "H",\n  "hand": ["KH"],\n  "kind": "trick"\n}'
    code, out, err = run(["ask"], document)
    error = json.loads(out)["error"]
    assert code == 2 and error["code"] == "invalid-json" and '"kind" appears twice' in error["message"]
    assert "line 5" in error["message"] and "Traceback" not in err
    lines = "\n".join([json.dumps({"kind": "play", "trump": "H", "hand": ["KH"]}),
                       '{"kind": "play", "hand": ["KH"], "trump": "H", "hand": ["QH"]}'])
    code, out, _ = run(["ask"], lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and answers[0]["legal_cards"] == ["KH"]
    assert answers[1]["error"]["code"] == "invalid-json" and answers[1]["error"]["field"] == "line 2"


def test_an_illegal_play_is_an_answer_not_an_error(tmp_path):
    path = tmp_path / "q.json"
    path.write_text(json.dumps({"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S"], "card": "7S"}))
    code, out, _ = run(["ask", str(path)])
    assert code == 0 and json.loads(out)["legal"] is False


def test_ask_empty_input_and_missing_file():
    assert run(["ask"], "")[0] == 2
    code, out, err = run(["ask", "/nonexistent/q.json"])
    assert code == 2 and json.loads(out)["error"]["code"] == "unreadable-input" and "Traceback" not in err


def test_check_reports_the_rule_book(capsys):
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "every one with a source" in out and "Laws of the club code: 51 of 51" in out


def test_check_fails_on_a_broken_rule_book(tmp_path, rules_copy, capsys):
    (rules_copy / "play.yaml").write_text("section: play\ntitle: Broken\nrules: []\n", encoding="utf-8")
    assert main(["check", "--rules", str(rules_copy)]) == 1
    assert "play.yaml" in capsys.readouterr().err


@pytest.mark.parametrize("target, needle", [("play.follow-suit", "play.follow-suit"), ("43", "law 43"),
                                            ("variant", "variant.dealer-min-discard")])
def test_rules_prints_by_id_law_and_section(target, needle, capsys):
    assert main(["rules", target]) == 0
    assert needle in capsys.readouterr().out


def test_rules_json_with_profile(capsys):
    assert main(["rules", "variant.dealer-min-discard", "--profile", "french", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["in_force"] == {"dealer_min_discard": 0, "profile": "french"}


def test_rules_unknown_target(capsys):
    assert main(["rules", "no.such-rule"]) == 2
    assert "no rule" in capsys.readouterr().err


def test_help_lists_commands():
    code, out, _ = run(["--help"])
    assert code == 0 and all(c in out for c in ("check", "rules", "ask", "coverage", "lesson", "serve"))


def test_ask_help_lists_the_kinds_and_points_to_the_api_docs():
    from ecarte_tutor.engine.kinds import KINDS

    code, out, _ = run(["ask", "--help"])
    assert code == 0 and "docs/api.md" in out
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("  ") and line.split()
              and line.split()[0] in KINDS]
    assert listed == list(KINDS)


@pytest.mark.parametrize("text", ["[" * 5000, "1" * 5000])
def test_ask_unreadable_json_is_bad_json_not_a_traceback(text):
    code, out, err = run(["ask"], text)
    assert code == 2 and json.loads(out)["error"]["code"] == "bad-json" and "Traceback" not in err


def test_rules_with_a_non_ascii_digit(capsys):
    assert main(["rules", "²"]) == 2
    assert "no rule" in capsys.readouterr().err


def test_check_refuses_strategy_citing_an_unknown_rule(rules_copy, capsys):
    patterns = rules_copy / "strategy" / "patterns.yaml"
    text = patterns.read_text(encoding="utf-8")
    patterns.write_text(text.replace("rule: strategy.jeux-de-regle", "rule: strategy.no-such-rule", 1),
                        encoding="utf-8")
    assert main(["check", "--rules", str(rules_copy)]) == 1
    assert "strategy.no-such-rule" in capsys.readouterr().err


def test_ask_reads_standard_input_when_the_file_is_a_dash():
    """`ecarte-tutor ask -` is standard input, as for most command-line tools (not a file named "-")."""
    code, out, _ = run(["ask", "-"], '{"kind": "trick", "trump": "H", "led": "KS", "followed": "7H"}')
    assert code == 0 and json.loads(out)["winner"] == "follower"


def test_check_runs_every_worked_case_so_a_changed_ruling_fails_it(rules_copy, capsys):
    """Issue 24: law 18's chooser flipped in the data alone passed `check` while a scenario failed."""
    path = rules_copy / "laws" / "dealing.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("    law: 18\n")
    at = text.index("        chooser: elder\n", start)
    path.write_text(text[:at] + "        chooser: dealer\n" + text[at + len("        chooser: elder\n"):],
                    encoding="utf-8")
    assert main(["check", "--rules", str(rules_copy)]) == 1
    captured = capsys.readouterr()
    assert next(line for line in captured.out.splitlines() if line.startswith("Scenarios:")).endswith(" defect(s).")
    assert "scenario defect: " in captured.err and "chooser" in captured.err
