"""Questions of the dispute interview that decide nothing (issue 39), counted at every table.

For each profile, alone and with each agreement that brings facts or rows of its own, the interview
tree of every irregularity is walked from the irregularity alone and from each value of the
``discovered`` shortcut; at each decision point every answer is tried (tests/engine/disputes/deciding.py).
Printed: the decision points and those whose question leaves the remedy as it was, with --show the first few.

    python bench/pointless_questions.py [--show 5]
"""
import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from engine.disputes.deciding import pointless_questions  # noqa: E402

from ecarte_tutor import ask  # noqa: E402
from ecarte_tutor.rulebook import load_rulebook  # noqa: E402

AGREEMENTS = ((), ("doubling",), ("offer-the-point",), ("bystanders-advise",), ("single-exchange",))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=0, help="print this many questions that decide nothing")
    args = parser.parse_args()
    book = load_rulebook()
    found = []
    for profile in book.profiles:
        for agreements in AGREEMENTS:
            started = time.perf_counter()
            walked, pointless = pointless_questions(lambda q: ask(q, book), book, profile, agreements)
            print(f"{profile:8} {' '.join(agreements) or '-':18} decision points {walked:5}  "
                  f"deciding nothing {len(pointless):3}  ({time.perf_counter() - started:.1f} s)")
            found += [(profile, agreements, facts, name) for facts, name in pointless]
    for profile, agreements, facts, name in found[:args.show]:
        print(f"\n{profile} {agreements}: asked {name!r} after {facts}")


if __name__ == "__main__":
    main()
