"""The score sheet's cost (issue 41): replaying a sheet scores every hand again, on every page. Measured against
the engine's own ``ask()`` of the same hands as ``score`` questions, in the same run (a ratio, never a time):
a whole rubber replayed should cost about what asking its hands one by one costs.

    .venv/bin/python bench/marque_bench.py [--hands 30] [--rounds 20]
"""
from __future__ import annotations

import argparse
import time
from datetime import UTC, datetime

from ecarte_tutor import ask
from ecarte_tutor.marque import add_entry, new_sheet, read_entry, replay
from ecarte_tutor.rulebook import default_rulebook

TRICKS = ["3", "1", "5", "2", "4", "0", "3", "2", "1"]  # the elder's tricks, hand after hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    book = default_rulebook()
    now = datetime.now(UTC)
    sheet = new_sheet(["Anne", "Bob"], "london", [{"game-target": 15}], "rubber", "Anne", book, now)
    questions = []
    standing = replay(sheet, book=book)
    while len(sheet["entries"]) < args.hands and not standing.over:
        elder = TRICKS[len(sheet["entries"]) % len(TRICKS)]
        form = {"dealer": standing.next_dealer or "", "tricks_elder": elder, "tricks_dealer": str(5 - int(elder))}
        sheet, standing = add_entry(sheet, read_entry(form, sheet["players"]), book, now)
        questions.append({"kind": "score", "tricks": {"elder": int(elder), "dealer": 5 - int(elder)}})
    hands = len(sheet["entries"])

    def timed(work) -> float:
        best = float("inf")
        for _ in range(args.rounds):
            start = time.perf_counter()
            work()
            best = min(best, time.perf_counter() - start)
        return best

    asked = timed(lambda: [ask(question, book) for question in questions])
    replayed = timed(lambda: replay(sheet, book=book))
    print(f"{hands} hands ({len(standing.games)} games of a rubber to 15): replaying the sheet costs "
          f"{replayed / asked:.2f}× asking its hands one by one (best of {args.rounds}).")


if __name__ == "__main__":
    main()
