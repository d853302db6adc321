"""Every branch of the dispute interview, walked, and what the current code answers to each.

``--walk FILE`` walks the interview tree of every irregularity under every profile (and the
agreements that bring rows of their own), answering each question with each of its values (and,
on every ruling, adding each value of ``discovered``, which is never asked), and writes every
set of facts that got a ruling. ``--compare FILE`` asks each of those questions
again with the code at hand and counts what it answers now: the same ruling, another ruling, a
question, or ``conflicting-facts``, the last by class (the irregularity and the facts that clash).
Walk with an older checkout, compare with this one, to see which impossible questions are now
refused:

    (cd OLD && python bench/dispute_sweep.py --walk /tmp/walk.json)
    python bench/dispute_sweep.py --compare /tmp/walk.json
"""
import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))

from ecarte_tutor import ask  # noqa: E402
from ecarte_tutor.rulebook import load_rulebook  # noqa: E402

PROFILES = ("london", "french", "modern", "finnish")


def domains(book) -> dict:
    found = {}
    for name, spec in book.facts.items():
        values = [c["value"] for c in spec["choices"]]
        if spec["type"] == "integer":
            values = sorted(set(values) | {spec.get("min", 0), 5, 6} & set(range(spec.get("min", 0),
                                                                               spec.get("max", 15) + 1)))
        found[name] = values
    return found


def walk(book) -> list[dict]:
    dom, rulings, seen = domains(book), [], set()
    tables = [(p, ()) for p in PROFILES] + [(p, ("bystanders-advise",)) for p in PROFILES]
    for profile, agreements in tables:
        for kind in dom["irregularity"]:
            stack = [{"irregularity": kind}]
            while stack:
                facts = stack.pop()
                key = (profile, agreements, frozenset(facts.items()))
                if key in seen:
                    continue
                seen.add(key)
                question = {"kind": "dispute", "profile": profile, "facts": facts}
                if agreements:
                    question["agreements"] = list(agreements)
                answer = ask(question, book)
                if answer.get("status") == "ruling":
                    rulings.append({"question": question, "case": answer["case"]})
                    if "discovered" not in facts:  # the shortcut is never asked: try each of its values
                        stack += [{**facts, "discovered": value} for value in dom["discovered"]]
                elif answer.get("status") == "need":
                    fact = answer["need"]["fact"]
                    stack += [{**facts, fact: value} for value in dom[fact]]
    return rulings


def compare(book, rulings: list[dict]) -> None:
    now: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    for item in rulings:
        answer = ask(item["question"], book)
        if "error" in answer:
            code = answer["error"]["code"]
            now[code] += 1
            if code == "conflicting-facts":
                irregularity = item["question"]["facts"]["irregularity"]
                clash = [n for n in answer["error"].get("clash", []) if n != "irregularity"]
                refused[f"{irregularity}: {' + '.join(clash) or '(the irregularity alone)'}"] += 1
        elif answer["status"] == "ruling":
            now["same ruling" if answer["case"] == item["case"] else "another ruling"] += 1
        else:
            now[f"asks {answer['need']['fact']}"] += 1
    print(f"questions that got a ruling before: {len(rulings)}")
    for label, count in now.most_common():
        print(f"  {label}: {count}")
    print("refused as impossible, by irregularity and the facts that clash with it:")
    for label, count in sorted(refused.items()):
        print(f"  {count:5}  {label}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--walk", type=Path)
    group.add_argument("--compare", type=Path)
    args = parser.parse_args()
    book = load_rulebook(Path.cwd() / "rules")
    if args.walk:
        rulings = walk(book)
        args.walk.write_text(json.dumps(rulings), encoding="utf-8")
        print(f"{len(rulings)} questions got a ruling")
    else:
        compare(book, json.loads(args.compare.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main()
