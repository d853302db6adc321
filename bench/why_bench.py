"""Why one card beats another (engine/parting.py): what saying it costs beside the analysis it explains.

Positions: random deals (seeded), the elder standing and to lead, as the tutor's why at /play meets them. For
each: the ``analyse`` answer from the elder's view (the hidden-card model, the figures the why list shows), then
the whys of every card that trails the best (:func:`ecarte_tutor.table.judging.whys`: the weighing again, a
parting deal found for each card, both cards replayed trick by trick). Measured in this process's CPU time
(``time.process_time``), each why cold (nothing kept); printed per position and as the median ratio of the whys
to the analysis, with how many cards were explained and how many no deal explained. Not a test: nothing is
asserted.

    python bench/why_bench.py [--positions 8] [--seed 1]
"""
import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ecarte_tutor.asking import ask  # noqa: E402
from ecarte_tutor.cards import PACK, Card  # noqa: E402
from ecarte_tutor.engine import doubledummy  # noqa: E402
from ecarte_tutor.library import load_library  # noqa: E402
from ecarte_tutor.table import judging  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if doubledummy.CORE is None:
        sys.exit("the compiled core is not built: the why replays on it")
    book = load_library().book
    params = book.params()
    rng = random.Random(args.seed)
    ratios, explained, unexplained = [], 0, 0
    print("position  analyse ms  whys ms  ratio  cards explained")
    for number in range(args.positions):
        cards = [str(c) for c in PACK]
        rng.shuffle(cards)
        question = {"kind": "analyse", "deal": {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10],
                                                "stock": cards[11:]}, "actions": [{"by": "elder", "do": "stand"}]}
        start = time.process_time()
        answer = ask({**question, "view": "elder"}, book)
        analysed = time.process_time() - start
        figures = {entry["card"]: entry for entry in answer["cards"]}
        best = judging.best_by_view(figures, params)
        trailing = {Card.from_str(c): goal for c in figures if c not in best
                    and (goal := judging.behind(figures[c], figures[best[0]], figures)) is not None}
        judging._kept.clear()  # cold: as a page first shown
        start = time.process_time()
        found = judging.whys(question, params, book, "elder", Card.from_str(best[0]), trailing) if trailing else {}
        spent = time.process_time() - start
        explained += len(found)
        unexplained += len(trailing) - len(found)
        if trailing:
            ratios.append(spent / analysed)
        print(f"{number:8d}  {1000 * analysed:10.0f}  {1000 * spent:7.0f}  {spent / analysed:5.2f}  "
              f"{len(found)} of {len(trailing)}")
    if ratios:
        print(f"median ratio of the whys to the analysis: {statistics.median(ratios):.2f} "
              f"({explained} cards explained, {unexplained} with no deal that shows it)")


if __name__ == "__main__":
    main()
