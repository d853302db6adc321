"""Kind ``analyse``: time per question, beside a brute-force baseline measured in the same run.

Positions: random deals (seeded), a random legal exchange, then 0 to 9 cards played, as many of
each count. The baseline is plain minimax over ``play.duty`` and ``play.trick_winner`` (no
pruning, no table, no renumbering: ``engine/minimax.py``). Reported, in ms, with ratios
baseline / analyse (how many times faster):

1. the search alone, by cards left in the hand of the player to act: the double-dummy search with
   its table emptied first, against the baseline, on the same positions;
2. ``ask()`` with every card known (the table emptied before each question, then kept), against the
   same ``ask()`` with the baseline swapped in as its search (best line included);
3. ``ask()`` with one player's view (the player to act, then the other), cold and warm, against
   the baseline ``ask()`` of (2): a view searches every consistent holding.

Times are the CPU time of this process (``time.process_time``), so that other work on a shared
machine does not count; ``--wall`` times by the wall clock instead. Not a test: nothing is
asserted. The targets (issue 13): every card known, median under 2 ms; a view, 99th percentile
under 200 ms.

    python bench/analyse_bench.py [--positions 200] [--seed 1] [--wall]
"""
import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ecarte_tutor import ask  # noqa: E402
from ecarte_tutor.cards import PACK, parse_card, parse_suit  # noqa: E402
from ecarte_tutor.engine import doubledummy, minimax  # noqa: E402
from ecarte_tutor.rulebook import default_rulebook  # noqa: E402

PARAMS = default_rulebook().params()


def position(rng, cards_played):
    """An analyse question: a random deal and exchange, then ``cards_played`` random legal cards."""
    cards = [c.notation for c in rng.sample(PACK, len(PACK))]
    question = {"kind": "hand", "deal": {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10],
                                         "stock": cards[11:]}, "actions": []}
    while True:
        answer = ask(question)
        state = answer["state"]
        played = 2 * len(state["tricks_played"]) + len(state["current_trick"])
        if state["phase"] == "play" and played == cards_played:
            return {"kind": "analyse", "deal": question["deal"], "actions": question["actions"]}, state
        choice = rng.choice([a for a in answer["next"] if a["do"] != "announce-king"])
        if choice["do"] == "discard":
            choice = {"by": choice["by"], "do": "discard",
                      "cards": rng.sample(choice["from"], rng.randint(choice["min"], choice["max"]))}
        question["actions"].append(choice)


def hands_of(state):
    """The position as the searches take it: the hands, the card led (or None) and the trump."""
    seat = state["to_act"]
    rival = "dealer" if seat == "elder" else "elder"
    hands = [tuple(parse_card(c) for c in state["hands"][s]) for s in (seat, rival)]
    led = parse_card(state["current_trick"][0]["card"]) if state["current_trick"] else None
    return (*hands, led, parse_suit(state["trump"]), PARAMS)


def plain_search(to_act, other, led, trump, params):
    return minimax.card_values(to_act, other, led, trump, params)


CLOCK = [time.process_time]


def timed(function, *args):
    start = CLOCK[0]()
    result = function(*args)
    return CLOCK[0]() - start, result


def cold(function):
    def run(*args):
        doubledummy.solver_for(PARAMS).table.clear()
        return function(*args)
    return run


def figures(seconds):
    ordered = sorted(seconds)
    return (1000 * statistics.median(ordered), 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
            1000 * ordered[-1])


def row(name, seconds, base=None):
    median, p99, worst = figures(seconds)
    text = f"{name:<38} {median:>9.3f} {p99:>9.3f} {worst:>9.3f}"
    if base is not None:
        base_median, base_p99, _ = figures(base)
        text += f"   x{base_median / median:>8.1f} x{base_p99 / p99:>8.1f}"
    print(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wall", action="store_true", help="time by the wall clock, not this process's CPU time")
    args = parser.parse_args()
    if args.wall:
        CLOCK[0] = time.perf_counter
    rng = random.Random(args.seed)
    cases = [position(rng, i % 10) for i in range(args.positions)]
    ask(cases[0][0])  # load the rule book before timing
    header = f"{'':<38} {'median':>9} {'p99':>9} {'max':>9}   {'x median':>9} {'x p99':>9}"
    clock = "wall-clock" if args.wall else "CPU"
    print(f"{args.positions} positions (seed {args.seed}); {clock} times in ms; x: baseline time / analyse time")

    print("\n1. the search alone, by cards in the hand of the player to act\n" + header)
    for size in range(PARAMS.hand_size, 0, -1):
        chosen = [hands_of(state) for _, state in cases if len(state["hands"][state["to_act"]]) == size]
        base = [timed(plain_search, *c)[0] for c in chosen]
        fast = [timed(cold(doubledummy.card_values), *c)[0] for c in chosen]
        row(f"{size} cards ({len(chosen)}): plain minimax", base)
        row(f"{size} cards: double-dummy search, cold", fast, base)

    print("\n2. ask(), every card known\n" + header)
    doubledummy.card_values, search = plain_search, doubledummy.card_values
    try:
        base = [timed(ask, q)[0] for q, _ in cases]
    finally:
        doubledummy.card_values = search
    row("ask() with plain minimax (baseline)", base)
    row("ask(), cold", [timed(cold(ask), q)[0] for q, _ in cases], base)
    row("ask(), warm", [timed(ask, q)[0] for q, _ in cases], base)

    print("\n3. ask() with one player's view (against the baseline of 2)\n" + header)
    first = []
    for label, wrap in (("cold", cold), ("warm", lambda f: f)):
        for who in ("to act", "not to act"):
            seconds = []
            for question, state in cases:
                seat = state["to_act"] if who == "to act" else ("dealer" if state["to_act"] == "elder" else "elder")
                spent, answer = timed(wrap(ask), {**question, "view": seat})
                assert "error" not in answer, answer
                seconds.append(spent)
                if not state["tricks_played"] and not state["current_trick"] and label == "cold":
                    first.append(spent)
            row(f"view of the player {who}, {label}", seconds, base)
    row("views at the first lead only, cold", first)


if __name__ == "__main__":
    main()
