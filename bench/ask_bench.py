"""Questions per second through ask(), beside a baseline measured in the same run.

The baseline is a JSON round trip (dumps + loads) of the same question: the
least work any transport does with it. Reported as ratios, never asserted.

    python bench/ask_bench.py [--seconds 1.0]
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ecarte_tutor import ask  # noqa: E402
from ecarte_tutor.cards import PACK  # noqa: E402

ELDER, DEALER, TURN_UP = ["KS", "QS", "JS", "8H", "8D"], ["7S", "AC", "10C", "9C", "7D"], "9H"
STOCK = [str(c) for c in PACK if str(c) not in ELDER + DEALER + [TURN_UP]]
HAND = {"kind": "hand", "deal": {"elder": ELDER, "dealer": DEALER, "turn_up": TURN_UP, "stock": STOCK},
        "actions": [{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"},
                    {"by": "elder", "do": "discard", "cards": ["8D"]},
                    {"by": "dealer", "do": "discard", "cards": ["7D"]},
                    {"by": "elder", "do": "stand"}]}
QUESTIONS = {
    "play": {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "AD"], "card": "7S"},
    "score": {"kind": "score", "tricks": {"elder": 2, "dealer": 3}, "elder_played_without_proposing": True,
              "king_turned": True, "score_before": {"elder": 2, "dealer": 3}},
}


def complete_hand():
    """The HAND question played to its end through the referee's own ``next``."""
    question = json.loads(json.dumps(HAND))
    while True:
        answer = ask(question)
        if not answer["next"]:
            return question
        question["actions"].append(answer["next"][-1])


def rate(function, seconds):
    count, start = 0, time.perf_counter()
    while True:
        function()
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    QUESTIONS["hand (complete)"] = complete_hand()
    ask(QUESTIONS["play"])  # load the rule book before timing
    print(f"{'question':<16} {'ask() q/s':>11} {'JSON round trip q/s':>20} {'ratio':>7}")
    for name, question in QUESTIONS.items():
        text = json.dumps(question)
        baseline = rate(lambda text=text: json.loads(json.dumps(json.loads(text))), args.seconds)
        measured = rate(lambda text=text: ask(json.loads(text)), args.seconds)
        print(f"{name:<16} {measured:>11,.0f} {baseline:>20,.0f} {measured / baseline:>7.3f}")


if __name__ == "__main__":
    main()
