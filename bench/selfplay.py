"""Self-play at scale: the tutor plays itself under every profile, every move put to the hand referee.

For each profile, ``--games`` games (2,000 by default): most beginner against beginner (the cheap
level), and ``--mixed`` of them (300 by default) shared among club and book pairings; agreements
rotate from game to game (none, doubling, a target of 3, offering the point with the ace high, a
single exchange, the game's value by the loser's score with a target of 7). Every game is checked
as the tests check it (``ecarte_tutor.table.selfplay.problems``): no refused move, a winner at the
target, each hand's points equal to the ``score`` kind's for the same facts, a sheet that adds up.
An exception inside a game (an illegal action by the tutor is one) is counted, not raised.
Every game is also walked decision by decision by ``ecarte_tutor.table.audit.audit``: each
consequence a sentence of the table states (the advice, the why of each choice, the story, the
tutor's why, the review) checked against the ``score`` kind for that very moment (``--no-audit``
skips it).

Reported per profile: games, hands, actions, illegal actions, games with a problem, the sentences
checked and contradicted, and the time:
CPU seconds of the workers (``time.process_time``, so other work on a shared machine does not
count), ms per game by pairing, and, as the baseline, the ``hand`` kind alone refereeing the same
finished hands (one question per hand) — the table's cost is shown as a multiple of it.

    python bench/selfplay.py [--games 2000] [--mixed 300] [--jobs 2] [--profiles london,french] [--no-audit]
"""
import argparse
import multiprocessing
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ecarte_tutor import ask  # noqa: E402
from ecarte_tutor.rulebook import default_rulebook  # noqa: E402
from ecarte_tutor.table.audit import audit  # noqa: E402
from ecarte_tutor.table.selfplay import play_game, problems  # noqa: E402

PAIRINGS = (("club", "beginner"), ("beginner", "club"), ("book", "club"), ("club", "book"), ("book", "beginner"),
            ("club", "club"))
AGREEMENTS = ([], ["doubling"], [{"game-target": 3}], ["offer-the-point", "ace-high"], ["single-exchange"],
              ["treble-double-single", {"game-target": 7}])


def plan(profile: str, games: int, mixed: int) -> list[dict]:
    out = []
    for n in range(games):
        learner, tutor = PAIRINGS[n % len(PAIRINGS)] if n < mixed else ("beginner", "beginner")
        out.append(dict(seed=n, profile=profile, learner_level=learner, tutor_level=tutor,
                        agreements=AGREEMENTS[n % len(AGREEMENTS)], first_dealer=("tutor", "learner")[n % 2]))
    return out


AUDIT = True  # set by main() before the pool forks


def play_one(game: dict) -> dict:
    book = default_rulebook()
    started = time.process_time()
    try:
        result = play_game(book, **game)
    except Exception as exc:  # noqa: BLE001 - a defect is counted and shown, the run goes on
        return {"game": game, "error": f"{type(exc).__name__}: {exc}", "cpu": time.process_time() - started}
    table = time.process_time() - started
    found = problems(result, book)
    started = time.process_time()
    for hp in result.game.hands:  # the baseline: the hand kind alone on the same finished hands
        ask(hp.question(result.game.settings), book)
    baseline = time.process_time() - started
    hands = result.game.hands
    checked, contradictions, decisions, audit_cpu = Counter(), [], 0, 0.0
    if AUDIT:
        started = time.process_time()
        findings = audit(result.game)
        audit_cpu = time.process_time() - started
        checked, contradictions, decisions = findings.checked, findings.contradictions, findings.decisions
    return {"game": game, "cpu": table, "baseline": baseline, "problems": found + contradictions,
            "refused": len(result.refused), "hands": len(hands), "actions": sum(len(hp.actions) for hp in hands),
            "winner": result.game.winner, "checked": checked, "contradictions": len(contradictions),
            "decisions": decisions, "audit_cpu": audit_cpu}


def report(profile: str, results: list[dict], wall: float) -> None:
    errors = [r for r in results if "error" in r]
    done = [r for r in results if "error" not in r]
    bad = [r for r in done if r["problems"]]
    illegal = sum(r["refused"] for r in done) + sum("illegal" in r["error"] for r in errors)
    cpu = sum(r["cpu"] for r in results)
    baseline = sum(r["baseline"] for r in done)
    print(f"\n{profile}: {len(results)} games, {sum(r['hands'] for r in done)} hands, "
          f"{sum(r['actions'] for r in done)} actions; illegal actions {illegal}; games with a problem "
          f"{len(bad)}; games that raised {len(errors)}")
    print(f"  CPU {cpu:.1f} s in all (wall {wall:.1f} s); the hand kind alone on the same hands "
          f"{baseline:.2f} s: the table costs {cpu / baseline:.0f}x the bare referee")
    checked = sum((r["checked"] for r in done), Counter())
    if checked:
        print(f"  audit: {sum(r['decisions'] for r in done)} exchange decisions walked, "
              f"{sum(checked.values())} stated consequences checked "
              f"({', '.join(f'{where} {n}' for where, n in sorted(checked.items()))}), "
              f"{sum(r['contradictions'] for r in done)} contradicted; "
              f"{sum(r['audit_cpu'] for r in done):.1f} s CPU")
    by_pair = defaultdict(list)
    for r in done:
        by_pair[(r["game"]["learner_level"], r["game"]["tutor_level"])].append(r)
    for (learner, tutor), rows in sorted(by_pair.items()):
        wins = Counter(r["winner"] for r in rows)
        cpu = 1000 * sum(r["cpu"] for r in rows) / len(rows)
        print(f"  {learner:>8} v {tutor:<8} {len(rows):5d} games, {cpu:6.1f} "
              f"ms/game; wins {learner} side {wins['learner']}, {tutor} side {wins['tutor']}")
    for r in (bad + errors)[:5]:
        print(f"  PROBLEM {r['game']}: {r.get('error') or r['problems'][:2]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per profile (default 2,000)")
    parser.add_argument("--mixed", type=int, default=300, help="of them, club and book pairings (default 300)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--profiles", default=",".join(default_rulebook().profiles))
    parser.add_argument("--no-audit", action="store_true", help="do not check the sentences of each game")
    args = parser.parse_args()
    global AUDIT
    AUDIT = not args.no_audit
    total_bad = 0
    with multiprocessing.Pool(args.jobs) as pool:
        for profile in args.profiles.split(","):
            started = time.perf_counter()
            results = pool.map(play_one, plan(profile, args.games, min(args.mixed, args.games)), chunksize=20)
            report(profile, results, time.perf_counter() - started)
            total_bad += sum(1 for r in results if "error" in r or r["problems"] or r["refused"])
    print(f"\nall profiles: {total_bad} games with an illegal action, an error, a problem or a contradiction")
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main())
