"""Kind ``analyse`` before the play: time per question, beside a play-phase ``analyse`` in the same run.

Positions: random deals (seeded). Measured, in ms of this process's CPU time (``time.process_time``,
so other work on a shared machine does not count):

1. the baseline: ``analyse`` with the elder's ``view`` at his first lead after "I play" (the costliest
   view in the play: every holding of the dealer's five cards);
2. ``analyse`` at the elder's discard after an accepted proposal (every discard the referee allows,
   each weighed over the same sample of deals);
3. ``analyse`` at the elder's proposal (play or propose) and at the dealer's answer.

Each question is asked once, cold (no analysis is kept between questions; as in the service, the
double-dummy table is, and so are the points of each outcome, the referee's flow after each choice, the
core's table of every position of the play, worked out whole on first use (by the warm-up question), and the
hidden-card model's table of decisions: a player's decision met again, in a later deal or question, is looked
up; its 16k entries hold the decisions of about one deal's choices, so a question reuses next to nothing of
the one before),
three ways: by the compiled core with the play after the exchange by the hidden-card model (the default,
``model: hidden``: each player choosing each card from his own 30 worlds), by the core with the play
double dummy (``model: double-dummy``), and by the Python path the core replaced (``doubledummy.use_core(False)``:
the Python search and the play-out loop in Python, double dummy) on the same deals. Reported: the median and
the worst, each median as a ratio of the baseline's, and how many times faster than the old Python path
each model runs (issue 38's targets, "hidden ×" for the exchange questions: a discard, a proposal and an
answer 30×; the first lead 10×, which the old path answers by searching every holding of the dealer's five
cards exactly, double dummy: the hidden-card model plays 1,000 deals out instead, each card of each player
weighed over 30 worlds, a different and costlier question, whose own target is 1 s);
the answers of the two double-dummy paths are checked equal. Not a test: nothing else is asserted.

    python bench/exchange_analysis_bench.py [--positions 10] [--seed 1]
"""
import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ecarte_tutor import ask  # noqa: E402
from ecarte_tutor.cards import PACK  # noqa: E402
from ecarte_tutor.engine import doubledummy  # noqa: E402
from ecarte_tutor.rulebook import default_rulebook  # noqa: E402

BOOK = default_rulebook()
CASES = {
    "play: the elder's first lead (baseline)": ([{"by": "elder", "do": "stand"}], "elder"),
    "the elder's discard": ([{"by": "elder", "do": "propose"}, {"by": "dealer", "do": "accept"}], "elder"),
    "the elder's proposal": ([], "elder"),
    "the dealer's answer": ([{"by": "elder", "do": "propose"}], "dealer"),
}


def deal(rng):
    cards = [c.notation for c in rng.sample(PACK, len(PACK))]
    return {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10], "stock": cards[11:]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deals = [deal(rng) for _ in range(args.positions)]
    ask({"kind": "analyse", "deal": deals[0], "actions": [{"by": "elder", "do": "stand"}]}, BOOK)  # warm up
    if doubledummy.CORE is None:
        print("the compiled core is not built: every column times the Python path")
    hidden = measure(deals, "hidden")
    answers = {}
    double = measure(deals, "double-dummy", answers)
    doubledummy.use_core(False)
    try:
        python = measure(deals, "double-dummy", answers)
    finally:
        doubledummy.use_core(True)
    base = statistics.median(next(iter(hidden.values())))
    print(f"{args.positions} random deals, seed {args.seed}; ms of CPU time per question")
    print(f"{'question':40} {'hidden':>8} {'worst':>8} {'× base':>7} {'dd core':>8} {'Python dd':>10} "
          f"{'dd ×':>6} {'hidden ×':>9}")
    for name, values in hidden.items():
        median, dd, old = statistics.median(values), statistics.median(double[name]), statistics.median(python[name])
        print(f"{name:40} {median:8.1f} {max(values):8.1f} {median / base:7.2f} {dd:8.2f} {old:10.1f} "
              f"{old / dd:6.1f} {old / median:9.1f}")
    print("hidden: the core, the play by the hidden-card model; dd core: the core, double dummy; Python dd: the old "
          "Python path; dd ×, hidden ×: how many times faster than the old path")


def measure(deals, model, answers=None):
    """ms of CPU per question, by case; with ``answers`` (from a first run) each answer checked equal."""
    times = {}
    seen = {} if answers is None else answers
    for name, (actions, view) in CASES.items():
        times[name] = []
        for index, one in enumerate(deals):
            start = time.process_time()
            answer = ask({"kind": "analyse", "deal": one, "actions": actions, "view": view, "model": model}, BOOK)
            times[name].append(1000 * (time.process_time() - start))
            assert "error" not in answer, answer
            assert answer["model"] == model, answer
            if (name, index) in seen:
                assert seen[(name, index)] == answer, (name, one)
            seen[(name, index)] = answer
    return times


if __name__ == "__main__":
    main()
