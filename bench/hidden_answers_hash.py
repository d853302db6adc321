"""The hidden-card model's answers, hashed: a check that a change to the core's speed changes no answer.

Asks ``analyse`` (``model: hidden``) at the elder's first lead, the elder's discard after an accepted
proposal, the elder's proposal and the dealer's answer, on ``--deals`` random deals (seeded), and prints a
SHA-256 of each kind's answers (as sorted JSON) and of all of them: run it before and after a change, under
each build, and compare the lines. Not a test and not a timing: nothing is asserted.

    python bench/hidden_answers_hash.py [--deals 12] [--seed 7]
"""
import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ecarte_tutor import ask  # noqa: E402
from ecarte_tutor.cards import PACK  # noqa: E402
from ecarte_tutor.rulebook import default_rulebook  # noqa: E402

CASES = {
    "lead": ([{"by": "elder", "do": "stand"}], "elder"),
    "discard": ([{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}], "elder"),
    "proposal": ([], "elder"),
    "answer": ([{"by": "elder", "do": "propose"}], "dealer"),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    book, rng = default_rulebook(), random.Random(args.seed)
    deals = []
    for _ in range(args.deals):
        cards = [c.notation for c in rng.sample(PACK, len(PACK))]
        deals.append({"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10], "stock": cards[11:]})
    every = hashlib.sha256()
    for name, (actions, view) in CASES.items():
        one = hashlib.sha256()
        for deal in deals:
            answer = ask({"kind": "analyse", "deal": deal, "actions": actions, "view": view, "model": "hidden"}, book)
            assert "error" not in answer, answer
            text = json.dumps(answer, sort_keys=True).encode()
            one.update(text)
            every.update(text)
        print(f"{name:8} {one.hexdigest()[:16]}")
    print(f"{'all':8} {every.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
