"""Fuzz POST /api/ask with hypothesis-generated JSON bodies and count the 500s (there must be none).

Bodies: random JSON values (objects, arrays, strings, numbers), questions of every
kind with random fields and card-ish strings, and raw bytes that are not JSON at
all. They go through Flask's test client (the whole app, without sockets), so
10,000 bodies take well under a minute. Also counted: the answers whose error code
is ``internal-error`` (a fault inside the tutor, caught and turned into a 400) and
any response that is not the API's JSON shape.

    python bench/fuzz_api.py [--examples 10000] [--seed 0]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ecarte_tutor.web import create_app  # noqa: E402

CARDISH = ["KS", "10H", "T♥", "j♠", "QD", "AC", "7c", "9 h", "6H", "1S", "11D", "ZZ", "", " ", "K", "10",
           "♣", "KH♥", "k\u2660\ufe0f", "QS\n", "\x00", "💥"]
KINDS = ["play", "trick", "score", "exchange", "hand", "dispute", "pack", "advice", "PLAY", "", None, 7, []]
FIELDS = ["trump", "led", "hand", "card", "followed", "tricks", "stock", "elder_discards", "dealer_discards",
          "facts", "deal", "actions", "cards", "profile", "score_before", "king_announced_by", "king_turned",
          "elder_played_without_proposing", "dealer_refused_first_proposal", "seat", "elder", "dealer",
          "turn_up", "irregularity", "discovered", "count", "by", "do"]
PROFILES = ["london", "french", "modern", "finnish", "LONDON", "mars", "", None, 1]

cardish = st.one_of(st.sampled_from(CARDISH), st.text(max_size=5))
scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2 ** 70), 2 ** 70), st.integers(-3, 40),
                    st.floats(allow_nan=False, allow_infinity=False), cardish)
json_values = st.recursive(
    scalars, lambda inner: st.one_of(st.lists(inner, max_size=8),
                                     st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=8)),
                                                     inner, max_size=6)),
    max_leaves=30)
seat_numbers = st.dictionaries(st.sampled_from(["elder", "dealer", "x"]), st.one_of(st.integers(-2, 8), scalars),
                               max_size=3)
actions = st.lists(st.fixed_dictionaries({"by": st.sampled_from(["elder", "dealer", "x", 1]),
                                          "do": st.sampled_from(["propose", "stand", "accept", "refuse", "discard",
                                                                 "announce-king", "card", "fly"])},
                                         optional={"cards": st.lists(cardish, max_size=6), "card": cardish}),
                   max_size=12)
facts = st.dictionaries(st.sampled_from(["irregularity", "discovered", "hand", "offender", "count", "elder_looked",
                                         "dealer_took_up_hand", "exchange_made", "owner", "cut", "cards_exposed",
                                         "where", "corrected_before_next_lead", "played_to", "tricks_won", "x"]),
                        st.one_of(st.sampled_from(["revoke", "wrong-card-count", "before-turn-up", "play", "elder",
                                                   "dealer", "for-deal", "pack", True, False, 3, 6]), scalars),
                        max_size=8)
field_values = st.one_of(cardish, st.lists(cardish, max_size=7), seat_numbers, facts, actions, json_values)
questions = st.builds(
    lambda kind, profile, extra: {"kind": kind, **({"profile": profile} if profile != "-" else {}), **extra},
    st.sampled_from(KINDS), st.sampled_from(PROFILES + ["-"]),
    st.dictionaries(st.sampled_from(FIELDS), field_values, max_size=7))
# Questions close to valid, so that the answering code (not only the checks) is exercised.
REAL = [f"{r}{u}" for u in "SHDC" for r in ("K", "Q", "J", "A", "10", "9", "8", "7")]
real_card = st.sampled_from(REAL)
suit = st.sampled_from(["S", "H", "D", "C", "♠", "hearts", "x"])
profile = st.sampled_from(["london", "french", "modern", "finnish"])
near_valid = st.one_of(
    st.fixed_dictionaries({"kind": st.just("play"), "trump": suit, "hand": st.lists(real_card, min_size=1, max_size=6),
                           "profile": profile},
                          optional={"led": st.one_of(st.none(), real_card), "card": real_card}),
    st.fixed_dictionaries({"kind": st.just("trick"), "trump": suit, "led": real_card, "followed": real_card,
                           "profile": profile}),
    st.builds(lambda e, extra: {"kind": "score", "tricks": {"elder": e, "dealer": 5 - e}, **extra},
              st.integers(0, 5), st.fixed_dictionaries({"profile": profile}, optional={
                  "elder_played_without_proposing": st.booleans(), "dealer_refused_first_proposal": st.booleans(),
                  "king_turned": st.booleans(), "king_announced_by": st.sampled_from(["elder", "dealer", None]),
                  "score_before": st.fixed_dictionaries({"elder": st.integers(0, 4), "dealer": st.integers(0, 4)})})),
    st.fixed_dictionaries({"kind": st.just("exchange"), "stock": st.integers(0, 21),
                           "elder_discards": st.integers(0, 6), "profile": profile},
                          optional={"dealer_discards": st.integers(0, 6)}),
    st.fixed_dictionaries({"kind": st.just("pack"), "cards": st.lists(st.one_of(real_card, cardish), max_size=40)}),
    st.fixed_dictionaries({"kind": st.just("dispute"), "facts": facts, "profile": profile}),
    st.builds(lambda cards, acts: {"kind": "hand", "deal": {"elder": cards[:5], "dealer": cards[5:10],
                                                            "turn_up": cards[10], "stock": cards[11:]},
                                   "actions": acts},
              st.permutations(REAL), actions),
)
raw_bodies = st.one_of(st.binary(max_size=200), st.text(max_size=200).map(lambda t: t.encode("utf-8")))
bodies = st.one_of(near_valid.map(lambda q: json.dumps(q).encode()),
                   near_valid.map(lambda q: json.dumps(q).encode()),
                   questions.map(lambda q: json.dumps(q).encode()),
                   json_values.map(lambda v: json.dumps(v).encode()),
                   raw_bodies)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    app = create_app({"TESTING": True, "SECRET_KEY": "fuzz"})
    client = app.test_client()
    statuses: Counter = Counter()
    codes: Counter = Counter()
    problems: list[str] = []

    @seed(args.seed)
    @settings(max_examples=args.examples, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck))
    @given(body=bodies)
    def send(body: bytes) -> None:
        response = client.post("/api/ask", data=body, content_type="application/json")
        statuses[response.status_code] += 1
        try:
            answer = json.loads(response.get_data())
        except ValueError:
            problems.append(f"not JSON ({response.status_code}): {body[:80]!r}")
            return
        if response.status_code >= 500 and len(problems) < 20:
            problems.append(f"{response.status_code}: {body[:120]!r}")
        if isinstance(answer, dict) and isinstance(answer.get("error"), dict):
            codes[answer["error"].get("code")] += 1
            if answer["error"].get("code") == "internal-error" and len(problems) < 20:
                problems.append(f"internal-error: {body[:160]!r}")
            if response.status_code != 400 and response.status_code != 413:
                problems.append(f"error object with status {response.status_code}: {body[:80]!r}")
        elif response.status_code != 200:
            problems.append(f"status {response.status_code} without an error object: {body[:80]!r}")

    started = time.perf_counter()
    send()
    elapsed = time.perf_counter() - started
    total = sum(statuses.values())
    server_errors = sum(n for status, n in statuses.items() if status >= 500)
    print(f"bodies sent: {total} in {elapsed:.1f} s ({total / elapsed:.0f}/s), seed {args.seed}")
    print(f"statuses: {dict(sorted(statuses.items()))}")
    print(f"error codes: {dict(codes.most_common())}")
    print(f"responses 500 (or above): {server_errors}")
    print(f"internal-error answers (faults caught inside the tutor): {codes.get('internal-error', 0)}")
    for line in problems[:20]:
        print("  " + line)
    return 1 if server_errors or total < args.examples * 0.9 else 0


if __name__ == "__main__":
    sys.exit(main())
