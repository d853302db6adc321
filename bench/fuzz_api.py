"""Fuzz POST /api/ask with hypothesis-generated JSON bodies and count the 500s (there must be none).

Bodies: random JSON values (objects, arrays, strings, numbers), questions of every
kind with random fields and card-ish strings, and raw bytes that are not JSON at
all. They go through Flask's test client (the whole app, without sockets), so
10,000 bodies take well under a minute. Also counted: the answers whose error code
is ``internal-error`` (a fault inside the tutor, caught and turned into a 400) and
any response that is not the API's JSON shape.

Then the costly shapes (:func:`costly_bodies`): bodies near the 64 KiB limit built to make the
check of a question work hard (thousands of unknown facts or fields, strings of 60,000
characters, nesting a thousand deep, long lists of items that cannot be sorted or hashed,
thousands of bad cards or actions). Each is timed (the best of 9 tries) against a normal
play question (the best of 200), and the costliest body's time is reported as a ratio of the
normal one (target <= 20), with the length of its reply (every echoed value is cut short).

    python bench/fuzz_api.py [--examples 10000] [--seed 0] [--costly-only]
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


TRIES = 9
LIMIT = 64 * 1024 - 64  # under the API's 64 KiB, so every body is read and checked
NORMAL = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D", "KH", "AC"], "card": "7S"}


def _fill(make, limit: int = LIMIT) -> bytes:
    """The largest body ``make(n)`` under ``limit`` bytes (n found by doubling, then halving)."""
    low, high = 1, 2
    while len(json.dumps(make(high)).encode()) < limit:
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if len(json.dumps(make(middle)).encode()) < limit else (low, middle)
    return json.dumps(make(low)).encode()


def _with(question: dict, key: str, raw: str, inside: str | None = None) -> bytes:
    """``question`` as JSON with ``raw`` (JSON text) as the value of ``key`` (of ``question[inside]``)."""
    if inside is None:
        return (json.dumps({**question, key: None})[:-len("null}")] + raw + "}").encode()
    return (json.dumps({**question, inside: {key: None}})[:-len("null}}")] + raw + "}}").encode()


DEPTH = 1000  # orjson refuses more than 1,024 levels; this is the deepest a question may nest


def costly_bodies() -> dict[str, bytes]:
    """Bodies under 64 KiB shaped to be expensive to check, by name."""
    from ecarte_tutor.rulebook import default_rulebook

    FACT_NAMES = list(default_rulebook().facts)  # noqa: N806 - a constant of this function
    dispute = {"kind": "dispute", "facts": {"irregularity": "revoke"}}
    long = "x" * 60_000
    return {
        "unknown facts": _fill(lambda n: {**dispute, "facts": {f"fact_{i}": True for i in range(n)}}),
        "unknown facts, near real ones": _fill(lambda n: {**dispute, "facts": {f"discoverd{i}": 1 for i in range(n)}}),
        "unknown fields": _fill(lambda n: {**NORMAL, **{f"field_{i}": 1 for i in range(n)}}),
        "one long unknown field": json.dumps({**NORMAL, long: 1}).encode(),
        "one long unknown fact": json.dumps({**dispute, "facts": {long: 1}}).encode(),
        "a long card": json.dumps({**NORMAL, "led": long}).encode(),
        "a long kind": json.dumps({**NORMAL, "kind": long}).encode(),
        "a long profile": json.dumps({**NORMAL, "profile": long}).encode(),
        "a long fact value": json.dumps({**dispute, "facts": {"irregularity": long}}).encode(),
        "a long agreement": json.dumps({**NORMAL, "agreements": [long]}).encode(),
        "deep lists in a field": _with(NORMAL, "hand", "[" * DEPTH + "]" * DEPTH),
        "deep objects in a fact": _with(dispute, "irregularity", '{"a":' * DEPTH + "1" + "}" * DEPTH, "facts"),
        "deep lists in an unknown field": _with(NORMAL, "x", "[" * DEPTH + "]" * DEPTH),
        "deep lists in an unknown fact": _with(dispute, "x", "[" * DEPTH + "]" * DEPTH, "facts"),
        "many bad cards": _fill(lambda n: {**NORMAL, "hand": [f"Z{i}" for i in range(n)]}),
        "many objects in a pack": _fill(lambda n: {"kind": "pack", "cards": [{"a": i} for i in range(n)]}),
        "numbers and strings in a pack": _fill(lambda n: {"kind": "pack", "cards": [i if i % 2 else str(i)
                                                                                    for i in range(n)]}),
        "many cards in a pack": _fill(lambda n: {"kind": "pack", "cards": ["KS", "QH", "7D", "AC"] * n}),
        "many actions": _fill(lambda n: {"kind": "hand", "deal": {"elder": ["KS"]}, "actions": [
            {"by": "elder", "do": "fly", "card": f"Z{i}"} for i in range(n)]}),
        "many agreements": _fill(lambda n: {**NORMAL, "agreements": [f"agreement-{i}" for i in range(n)]}),
        "many players": _fill(lambda n: {"kind": "pool", "players": [f"p{i}" for i in range(n)]}),
        # just within the bounds a kind's schema sets (questions/bounds.py), so the full check runs
        "48 unknown facts near real ones": json.dumps({**dispute, "facts": {
            f"{name[:-1]}{i % 10}": 1 for i, name in enumerate(FACT_NAMES[:48])}}).encode(),
        "200 bad cards in a pack": json.dumps({"kind": "pack", "cards": [f"Z{i}" for i in range(200)]}).encode(),
        "200 objects in a pack": json.dumps({"kind": "pack", "cards": [{"a": i} for i in range(200)]}).encode(),
        "200 numbers, strings in a pack": json.dumps({"kind": "pack", "cards": [
            i if i % 2 else str(i) for i in range(200)]}).encode(),
        "200 lists in a pack": json.dumps({"kind": "pack", "cards": [[i] for i in range(200)]}).encode(),
        "200 long texts in a pack": json.dumps({"kind": "pack", "cards": [f"{i:0>200}" for i in range(200)]}).encode(),
        "200 bad actions": json.dumps({"kind": "hand", "deal": {"elder": ["KS"]}, "actions": [
            {"by": "elder", "do": "discard", "cards": ["Z1", "Z2", "Z3", "Z4", "Z5"], "x": i}
            for i in range(200)]}).encode(),
        "200 actions, duplicates": json.dumps({"kind": "hand", "actions": [{"by": "elder", "do": "propose"}] * 200}
                                              ).encode(),
        "20 long agreements": json.dumps({**NORMAL, "agreements": [f"{i:x>200}" for i in range(20)]}).encode(),
        "20 objects as agreements": json.dumps({**NORMAL, "agreements": [{f"a{i}": i} for i in range(20)]}).encode(),
    }


def time_body(client, body: bytes, tries: int) -> tuple[float, int, int]:
    """The best time of ``tries`` posts of ``body`` (each worked out anew), its status and the length of its
    reply."""
    best = float("inf")
    for _ in range(tries):
        began = time.process_time()  # this process's CPU time: on a shared machine, waiting for a core is not work
        response = client.post("/api/ask", data=body, content_type="application/json")
        best = min(best, time.process_time() - began)
    return best, response.status_code, len(response.get_data())


def costly(app) -> float:
    """Print each costly body's time against a normal question's; the worst ratio."""
    client = app.test_client()
    normal = json.dumps(NORMAL).encode()
    # the best of many tries for both, in CPU time: on a shared machine the rest is waiting for a core
    base = time_body(client, normal, 200)[0]
    print(f"costly bodies, each against a normal question ({base * 1e6:.0f} µs, worked out anew; best of "
          f"{TRIES} tries each, of 200 for the normal one):")
    worst = 0.0
    for name, body in costly_bodies().items():
        spent, status, length = time_body(client, body, TRIES)
        ratio = spent / base
        worst = max(worst, ratio)
        print(f"  {name:<32} {len(body) / 1024:5.1f} KiB  {spent * 1000:8.2f} ms  {ratio:7.1f}x  "
              f"status {status}, reply {length} bytes")
    print(f"the costliest body: {worst:.1f}x a normal question (target <= 20)")
    return worst


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--costly-only", action="store_true", help="only time the costly shapes")
    args = parser.parse_args(argv)

    app = create_app({"TESTING": True, "SECRET_KEY": "fuzz"})
    if args.costly_only:
        return 1 if costly(app) > 20 else 0
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
    worst = costly(app)
    return 1 if server_errors or total < args.examples * 0.9 or worst > 20 else 0


if __name__ == "__main__":
    sys.exit(main())
