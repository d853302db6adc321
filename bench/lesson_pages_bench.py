"""Lesson pages that analyse: each one's first view after a start (cold) against the same view again (warm).

A lesson's analysed answer (the ``best-card`` and ``best-exchange`` steps, and any other step whose page
runs an analysis) is worked out on demand, the first time a page needs it, and kept (lessons/kinds/
best_card.py, ``analysed``). Is that cheap enough with the compiled core, or must it be kept as data beside
the lesson? This bench measures it (issue 38 item 7, issue 37 item 2: cold pages within 2x of warm).

The answers to send are worked out first in this process; the pages are then timed in a fresh one (the
bench runs itself again with ``--child``), which builds the site with ``create_app`` and counts the analyses
that building ran (none is wanted: nothing analyses before the server listens). Then, for every step of every
lesson, in course order: its page (GET), and for an exercise a first wrong answer where one is found (the
diagnosis, with its example deal), a second wrong one (the answer shown) and the right one (POST), each as a
new learner would send it; so the answer pages' own first use (their templates, the catalogue of mistakes)
is paid by the earlier lessons, as a learner going through the course would, and what is left is the
analysis's. A view is *analysed* when its first showing ran an analysis (``analyse`` at a position, why
one card beats another (both replayed), or an exchange decision). Each analysed view is timed cold (its
first showing, the analyses kept so far by earlier pages in place, as in a server since its start) and
warm (the median of three more, each from a new learner), in ms of this process's CPU time
(``time.process_time``: other work on a shared machine does not count).
Printed: each analysed view's cold and warm times and their ratio, then the worst ratio, the slowest cold
view, and how many pages of other steps analysed (they should be none). Last, in a third process, how many
analyses the data check that ``serve`` runs before listening makes (``library.defects``: every lesson
verdict recomputed). Not a test: nothing is asserted.

    python bench/lesson_pages_bench.py

Measured 2026-12-07 (compiled core, load average about 9 on 2 cores; CPU times): create_app analyses nothing
(1.1 s). 19 views analyse, all first wrong answers of lessons 17 to 21 (the page itself and the later answers
read the kept analysis); cold 6.8 to 18.0 ms (median 9.5), of which the analysis 0.6 to 11.6 ms; warm 4.7 to
6.7 ms. Ratios 1.17 to 3.11: over 2x, 20-discarding/2 (3.11: the process's first exchange analysis, 11.6 ms
against 4 to 5 for the next ones, most of it the first touch of the 16 MB double-dummy table, some 8,000 page
faults when it is the first analysis of all), 17-leading-for-the-point/2 (2.69, of which 4.0 ms analysis: the
rest is the answer page's own first use of the best-card diagnosis) and 17-leading-for-the-point/3 (2.06).
The data check serve runs before listening: 28 analyses, 46 ms of its 1.4 s.
"""
import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ANALYSED_KINDS = ("best-card", "best-exchange")


def answers_to_send() -> list[dict]:
    """Every exercise step with a right and a wrong answer as its form sends them (worked out here, in the
    parent: the child must start with nothing analysed)."""
    from ecarte_tutor.lessons import expected_answer
    from ecarte_tutor.library import load_library

    library = load_library()
    book = library.book
    found = []
    for lesson in library.lessons:
        for step in lesson.steps:
            entry = {"url": f"/lessons/{lesson.id}/{step.index}", "kind": None}
            exercise = step.exercise
            if exercise is not None:
                kind = exercise.handler
                expected = expected_answer(exercise, book)
                entry |= {"kind": exercise.kind, "right": kind.form_data(exercise, expected)}
                wrong = _wrong(exercise, expected, book)
                if wrong is not None:
                    entry["wrong"] = kind.form_data(exercise, wrong)
            found.append(entry)
    return found


def _wrong(exercise, expected, book):
    """A response the exercise counts wrong: for the analysed kinds a card or choice the analysis rates lower;
    for a kind answered with one of its choices, another choice; else None (only its right answer is sent)."""
    from ecarte_tutor.lessons import engine_answer

    kind = exercise.handler
    if exercise.kind in ANALYSED_KINDS:
        answer = engine_answer(exercise, book)
        if exercise.kind == "best-card":
            candidates = [{"card": entry["card"]} for entry in answer["cards"]]
        else:
            candidates = [{"cards": entry["discard"]} if "discard" in entry else {"choice": entry["choice"]}
                          for entry in answer["choices"]]
    elif getattr(kind, "field", "") and exercise.choices:
        candidates = []
        for choice in exercise.choices:
            try:
                candidates.append(kind.normalize(exercise, {kind.field: choice["value"]}))
            except Exception:  # a choice this kind does not read alone: not a candidate
                continue
    else:
        return None
    return next((c for c in candidates if not kind.agree(exercise, c, expected)), None)


def counting():
    """Count every analysis run from now on, by what ran it, and the CPU it took (ms, under "spent"): a Counter
    the engine's entry points add to (an analysis inside another counted, its time once)."""
    from ecarte_tutor.engine import analysis, analysis_exchange, hidden, parting

    counts = Counter()
    depth = [0]
    # each is looked up in its module when called (analyse's answer calls the first two), so the wrappers are seen
    for module, name in ((analysis, "_double_dummy"), (analysis, "_viewed"), (parting, "find"), (hidden, "weigh"),
                         (analysis_exchange, "analyse_exchange")):
        real = getattr(module, name)

        def wrapped(*args, _real=real, _name=name, **kwargs):
            counts[_name] += 1
            depth[0] += 1
            start = time.process_time()
            try:
                return _real(*args, **kwargs)
            finally:
                depth[0] -= 1
                if not depth[0]:
                    counts["spent"] += 1000 * (time.process_time() - start)
        setattr(module, name, wrapped)
    return counts


def child(plan_file: str) -> None:
    plan = json.loads(Path(plan_file).read_text())
    counts = counting()
    start = time.process_time()
    from ecarte_tutor.web import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "bench-secret"})
    built = 1000 * (time.process_time() - start)
    print(f"create_app: {built:.0f} ms CPU, analyses run: {ran(counts)}")
    views = []
    for entry in plan:
        views.append((entry["url"], "page", entry["kind"], None))
        if entry.get("wrong"):
            views += [(entry["url"], "first wrong answer", entry["kind"], {**entry["wrong"], "tries": "0"}),
                      (entry["url"], "second wrong answer", entry["kind"], {**entry["wrong"], "tries": "1"})]
        if "right" in entry:
            views.append((entry["url"], "right answer", entry["kind"], {**entry["right"], "tries": "0"}))
    rows, elsewhere = [], []
    for url, what, kind, data in views:
        before, spent = ran(counts), counts["spent"]
        cold = shown(app, url, data)
        if ran(counts) == before:
            continue
        analysing = counts["spent"] - spent
        warm = statistics.median(shown(app, url, data) for _ in range(3))
        (rows if kind in ANALYSED_KINDS else elsewhere).append((url, what, kind, analysing, cold, warm))
    print(f"\n{'view':56} {'kind':13} {'cold ms':>8} {'analysing':>9} {'warm ms':>8} {'ratio':>6}")
    for url, what, kind, analysing, cold, warm in rows + elsewhere:
        print(f"{url.removeprefix('/lessons/') + ' ' + what:56} {kind or '-':13} {cold:8.1f} {analysing:9.1f} "
              f"{warm:8.1f} {cold / warm:6.2f}")
    every = rows + elsewhere
    if every:
        worst = max(every, key=lambda r: r[4] / r[5])
        slowest = max(every, key=lambda r: r[4])
        print(f"\n{len(every)} analysed views; worst ratio {worst[4] / worst[5]:.2f} ({worst[0]} {worst[1]}); "
              f"slowest cold view {slowest[4]:.1f} ms ({slowest[0]} {slowest[1]}); median cold "
              f"{statistics.median(r[4] for r in every):.1f} ms, median warm "
              f"{statistics.median(r[5] for r in every):.1f} ms")
    print(f"views of other kinds of step that analysed: {len(elsewhere)}")


def ran(counts) -> int:
    return sum(count for name, count in counts.items() if name != "spent")


def check_child() -> None:
    """The data check ``serve`` runs before it listens (``library.defects``): how many analyses, and their CPU."""
    counts = counting()
    from ecarte_tutor.library import defects, load_library

    library = load_library()
    start = time.process_time()
    defects(library)
    print(f"the data check serve runs before listening (library.defects): {ran(counts)} analyses, "
          f"{counts['spent']:.0f} ms CPU of its {1000 * (time.process_time() - start):.0f}")


def shown(app, url, data) -> float:
    """ms of CPU for one view by a new learner: the page, or an answer posted with the page's counter."""
    client = app.test_client()
    if data is not None:
        page = client.get(url).get_data(as_text=True)
        data = {**data, "seq": re.search(r'name="seq" value="(\d+)"', page).group(1)}
    start = time.process_time()
    response = client.post(url, data=data) if data is not None else client.get(url)
    spent = 1000 * (time.process_time() - start)
    assert response.status_code == 200, (url, response.status_code)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--check-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    if args.check_child:
        check_child()
        return
    from ecarte_tutor.engine import doubledummy

    if doubledummy.CORE is None:
        print("the compiled core is not built: the Python search answers")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as plan:
        json.dump(answers_to_send(), plan)
    try:
        subprocess.run([sys.executable, __file__, "--child", plan.name], check=True)
        subprocess.run([sys.executable, __file__, "--check-child"], check=True)
    finally:
        Path(plan.name).unlink()


if __name__ == "__main__":
    main()
