"""The walk of issue 43 by ear: what a screen reader is handed on every page state, from Chromium's
accessibility tree (tests/web/heard.py), and whether each form's error and each change of state is said.

The states: the browser gate's own (tests/web/test_browser_axe.py's PAGES: its families, the exercise states and a
crawl of two pages of every family), a wider crawl (six of every family), every lesson step and each exercise step
answered at random (its feedback), each decision of a whole game at /play with each deal's review, the referee's
questions, and the answers and refusals of /legal's forms. For each: the nodes whose name, description, value or
placeholder hold a suit symbol, a card code or a card said twice (heard.misheard), the live region's words too; and
an error shown that the title and the live region do not say (heard.unsaid_error).
Printed: each state with a finding, then the totals. Written: tmp/artifacts/ear-walk.json. Not a test.

    python bench/ear_walk.py [--only SUBSTRING] [--quick]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "web"), str(ROOT / "tests")]

import heard  # noqa: E402
from test_browser import CHROMIUM, CHROMIUM_ARGS, PHONE, serving  # noqa: E402
from test_browser_axe import PAGES, SECRET, Family, _move, _token  # noqa: E402

from ecarte_tutor.lessons.model import load_lessons  # noqa: E402
from ecarte_tutor.rulebook import default_rulebook  # noqa: E402
from ecarte_tutor.table import Game  # noqa: E402
from ecarte_tutor.web import create_app  # noqa: E402

# Whatever the form offers first: the first box of each group ticked, the first choice of each set, 0 in each
# number box; then sent. Right or wrong, the page answers with its feedback or its message.
ANSWER_SOMETHING = """() => { const form = document.querySelector('form.step-form'); if (!form) return false;
    const groups = new Set();
    form.querySelectorAll('input[type=checkbox]:not([disabled]), input[type=radio]:not([disabled])').forEach(i => {
        if (!groups.has(i.name)) { groups.add(i.name); i.checked = true; } });
    form.querySelectorAll('input[type=number]').forEach(i => { i.value = '0'; });
    const button = form.querySelector('button[type=submit]:not([name])'); if (!button) return false;
    button.click(); return true; }"""


def answer_something(tab, url: str) -> None:
    if tab.locator("form.step-form button[type=submit]:not([name])").count():
        with tab.expect_navigation():
            tab.evaluate(ANSWER_SOMETHING)


def lesson_states() -> list[Family]:
    found = []
    for lesson in load_lessons(None, default_rulebook()):
        for step in lesson.steps:
            url = f"/lessons/{lesson.id}/{step.index}"
            found.append(Family(f"step-{lesson.id[:2]}-{step.index}", url))
            if step.exercise and step.exercise.kind != "rank-order":
                found.append(Family(f"answered-{lesson.id[:2]}-{step.index}", url, then=answer_something))
    return found


def game_states(every: int = 3) -> list[Family]:
    """Every ``every``-th decision of a whole game, each deal's review, the summary, the referee's first answers."""
    game = Game.start(default_rulebook(), seed=4, level="beginner", first_dealer="tutor")
    found, n = [], 0
    while not game.over:
        if n % every == 0:
            found.append(Family(f"game-{n}", f"/play/game?g={_token(game)}"))
        _move(game)
        n += 1
    token = _token(game)
    found.append(Family("game-over", f"/play/game?g={token}"))
    found += [Family(f"review-{d}", f"/play/review?g={token}&deal={d}") for d in range(1, len(game.hands) + 1)]
    found.append(Family("summary", f"/play/summary?g={token}"))
    return found


LEGAL = [
    "/legal/?trump=H&led=JS&hand=QS&hand=7S&card=QS", "/legal/?trump=H&led=JS&hand=QS&hand=7S&hand=8D&card=7S",
    "/legal/?trump=H&led=1S&hand=QS&hand=ZZ&card=QS", "/legal/?trump=H&hand=QS&hand=7S&step=2",
    "/legal/?trump=H&hand=QS&hand=7S&hand=8D&step=2", "/legal/?trump=X&led=JS&hand=QS",
    "/legal/trick?trump=H&led=JS&followed=QS", "/legal/trick?trump=H&led=JS&followed=ZZ",
    "/legal/score?elder_tricks=3&king_turned=on&before_elder=0&before_dealer=4",
    "/legal/score?elder_tricks=seven&king_announced_by=someone&before_elder=9&before_dealer=x",
    "/legal/exchange?stock=3&elder_discards=2&dealer_discards=1", "/legal/exchange?stock=40&elder_discards=x",
    "/legal/pool?players=Anne, Bertrand, Claude&results=Anne%0AClaude%0AClaude",
]


def states(quick: bool) -> list[Family]:
    found = list(PAGES) + [Family(f"legal-{i}", url) for i, url in enumerate(LEGAL)]
    # a refused resume code is PAGES' own (progress-resume-refused): not walked twice
    found.append(Family("play-start-refused", "/play/new?seed=abc"))
    if quick:
        return found
    from crawl import crawl

    app = create_app({"TESTING": True, "SECRET_KEY": SECRET})
    seen = {f.url() for f in found if isinstance(f.path, str)}
    found += [Family(f"wide-{s.name}", s.url) for s in crawl(app, ["/", *seen], per_family=6) if s.url not in seen]
    shown = {f.url() for f in found if not f.then and not f.house}
    # a step or a game's state that PAGES or the crawl shows already (the game over, its summary) is walked once
    return found + [f for f in lesson_states() + game_states() if f.then or f.url() not in shown]


def walk_one(tab, base: str, family: Family) -> list[str]:
    tab.context.clear_cookies()
    url = base + family.url()
    tab.goto(url)
    if family.then:
        family.then(tab, url)
    unsaid = heard.unsaid_error(tab)
    tab.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    return unsaid + heard.misheard(tab)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="")
    parser.add_argument("--quick", action="store_true", help="the gate's states and /legal's only")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chosen = [f for f in states(args.quick) if args.only in f.name]
    report, started = [], time.time()
    with serving({"SECRET_KEY": SECRET}) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport=PHONE)
        for family in chosen:
            try:
                found = walk_one(tab, base, family)
            except Exception as exc:  # noqa: BLE001 - a state that fails to load is reported, the walk goes on
                found = [f"could not walk: {exc}"[:200]]
            report.append({"name": family.name, "url": family.url(), "misheard": found})
            if found:
                print(f"{family.name}: {len(found)}\n  " + "\n  ".join(found[:8]))
        browser.close()
    bad = [r for r in report if r["misheard"]]
    total = sum(len(r["misheard"]) for r in report)
    print(f"\n{len(report)} states, {len(bad)} with something misheard, {total} misheard names in all "
          f"({time.time() - started:.0f} s)")
    out = ROOT / "tmp" / "artifacts"
    out.mkdir(parents=True, exist_ok=True)
    (out / "ear-walk.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
