"""What keeping an unfinished game costs a move at /play: the same moves with the store's write and without it.

Plays the same games through the test client on an SQLite file (the site's default store, WAL and
synchronous=FULL: each write waits for the disk), in rounds that take turns: a round with every move
kept as the game now stands (``progress.keep_unfinished``, one transaction) and a round with that write
left out, the order alternating. Reports each kind's median time per move and the median of the rounds'
ratios; nothing is asserted.

    python bench/unfinished_bench.py [--rounds 8] [--moves 40]

- 2026-12-07, the shared 2-core machine with other test runs going: a move 14.3 ms at the median without the
  write, 31.2 ms with it; ratio 2.08 (rounds 1.50 to 3.08), 8 rounds of 30 moves. The commit's wait for the
  disk (synchronous=FULL) is most of it.
"""
from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ecarte_tutor.web import create_app, progress  # noqa: E402

FORM = re.compile(r'<form class="(?:hand|choice-form|discard)" method="get" action="(/play/move)[^"]*"[^>]*>'
                  r'(.*?)</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')
BUTTON = re.compile(r'<button type="submit"(?: class="[^"]*")? name="([^"]+)" value="([^"]*)"')
BOX = re.compile(r'<input type="checkbox" name="([^"]+)" value="([^"]+)"')


def play(client, seed: int, moves: int) -> list[float]:
    """The seconds each of the first ``moves`` moves of a game took (the move's request and its redirect)."""
    url = client.get(f"/play/new?level=beginner&dealer=tutor&seed={seed}").headers["Location"]
    times = []
    for _ in range(moves):
        page = client.get(url).get_data(as_text=True)
        found = FORM.search(page)
        if found is None:
            break
        fields = HIDDEN.findall(found.group(2))
        extra = BUTTON.findall(found.group(2))[:1] or BOX.findall(found.group(2))[:1]
        start = time.perf_counter()
        response = client.get(f"/play/move?{urlencode([*fields, *extra])}")
        times.append(time.perf_counter() - start)
        if response.status_code != 303:
            break
        url = response.headers["Location"]
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{folder}/db"})
        keep = progress.keep_unfinished
        kept, bare, ratios = [], [], []
        for index in range(args.rounds):
            medians = {}
            for kind in (("kept", "bare") if index % 2 else ("bare", "kept")):
                progress.keep_unfinished = keep if kind == "kept" else (lambda game, key: None)
                times = play(app.test_client(), seed=index, moves=args.moves)
                medians[kind] = statistics.median(times)
                (kept if kind == "kept" else bare).extend(times)
            ratios.append(medians["kept"] / medians["bare"])
        progress.keep_unfinished = keep
    print(f"a move with the unfinished game kept: median {1000 * statistics.median(kept):.1f} ms "
          f"({len(kept)} moves); without: {1000 * statistics.median(bare):.1f} ms ({len(bare)} moves)")
    print(f"ratio kept / without, median of {len(ratios)} rounds: {statistics.median(ratios):.2f} "
          f"(rounds from {min(ratios):.2f} to {max(ratios):.2f})")


if __name__ == "__main__":
    main()
