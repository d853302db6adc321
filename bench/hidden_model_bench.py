"""The hidden-card model (engine/hidden.py): a first lead weighed, compiled against the Python reference.

Positions: random deals (seeded), the elder standing and to lead, weighed from his ``view``: every one of
his five cards played on the same deals, every later card of both players chosen over ``--worlds`` worlds.
Measured in this process's CPU time (``time.process_time``): the compiled core over ``--deals`` deals (issue
38's target: 1,000 deals with 30 worlds in at most 1 s), and the Python reference (the same model on
``play.duty`` and the Python search, the same draws) over ``--reference-deals`` deals, per deal, so the ratio
is the same work's; the two are checked equal on the deals both weighed. Not a test: nothing else is asserted.

    python bench/hidden_model_bench.py [--positions 5] [--deals 1000] [--worlds 30] [--reference-deals 5]
"""
import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ecarte_tutor.cards import PACK  # noqa: E402
from ecarte_tutor.engine import analysis, doubledummy, hidden  # noqa: E402
from ecarte_tutor.library import load_library  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--worlds", type=int, default=30)
    parser.add_argument("--reference-deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if doubledummy.CORE is None:
        sys.exit("the compiled core is not built: nothing to compare")
    book = load_library().book
    params = book.params()
    rng = random.Random(args.seed)
    core_times, per_deal_core, per_deal_reference = [], [], []
    for number in range(args.positions):
        cards = [str(c) for c in PACK]
        rng.shuffle(cards)
        question = {"kind": "analyse", "deal": {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10],
                                                "stock": cards[11:]}, "actions": [{"by": "elder", "do": "stand"}]}
        position = analysis.read_position(question, params)
        begin = hidden.start(position.state, position.held, "elder", book, params)
        start = time.process_time()
        core = hidden.weigh(begin, params, number, args.deals, args.worlds)
        spent = time.process_time() - start
        core_times.append(spent)
        per_deal_core.append(spent / args.deals)
        doubledummy.use_core(False)
        try:
            start = time.process_time()
            reference = hidden.reference_values(begin, params, number, args.reference_deals, args.worlds)
            per_deal_reference.append((time.process_time() - start) / args.reference_deals)
        finally:
            doubledummy.use_core(True)
        same = all(core.outcomes(c)[:args.reference_deals] == reference.outcomes(c) for c in core.cards)
        print(f"position {number}: {' '.join(cards[:5])} (turn-up {cards[10]}): core {spent * 1000:.0f} ms for "
              f"{args.deals} deals x {args.worlds} worlds; reference equal on its deals: {same}")
    core_ms = statistics.median(core_times) * 1000
    ratio = statistics.median(per_deal_reference) / statistics.median(per_deal_core)
    print(f"first lead, {args.deals} deals x {args.worlds} worlds, compiled: median {core_ms:.0f} ms CPU, worst "
          f"{max(core_times) * 1000:.0f} ms (target <= 1000 ms); per deal {statistics.median(per_deal_core) * 1e6:.0f} "
          f"us against the Python reference's {statistics.median(per_deal_reference) * 1e3:.0f} ms: {ratio:.0f}x")


if __name__ == "__main__":
    main()
