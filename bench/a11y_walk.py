"""The accessibility walk of issue 43: every page family and every lesson exercise state, in Chromium at
390×844, measured as the browser gate measures (tests/web/measure.py, tests/web/axe_core.py).

The pages: the gate's own states (tests/web/test_browser_axe.py: FAMILIES, and a crawl of two pages of every
family the links reach), every state of every rank-order exercise (tests/web/states.py) and each exercise
kind's form sent with no answer. For each: axe-core (every rule on) nodes by impact, with folded details
opened; tap targets under 44×44 px outside sentences (links in lines of links count: measure.line_targets);
how far the page scrolls sideways at 320 px, at 320 px under WCAG 1.4.12's text-spacing override, and at
390 px with 200 % text (and what runs past the edge); links of the parts navigation that overlap at 320 px.
Printed: each page with a finding, then the totals. Written: tmp/artifacts/a11y-walk.json. Not a test.

    python bench/a11y_walk.py [--only SUBSTRING] [--no-crawl]
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "web"), str(ROOT / "tests")]

if "--no-crawl" in sys.argv:  # the gate's listed states only: its crawl of every family takes minutes on a busy machine
    import crawl

    crawl.crawl = lambda *args, **kwargs: []

import axe_core  # noqa: E402
import measure  # noqa: E402
from states import one_step_of_each_kind, rank_order_states, send_empty  # noqa: E402
from test_browser import CHROMIUM, CHROMIUM_ARGS, serving  # noqa: E402
from test_browser_axe import HOUSE, PAGES, SECRET, Family  # noqa: E402

from ecarte_tutor.web import create_app  # noqa: E402

PHONE = {"width": 390, "height": 844}
NARROW = {"width": 320, "height": 640}


def exercise_families() -> list[Family]:
    app = create_app({"TESTING": True, "SECRET_KEY": SECRET})
    found = [Family(f"order-{url.split('?')[0].split('/')[2][:2]}-{url.count('+') + ('order=' in url)}", url)
             for url in rank_order_states(app)]
    found += [Family(f"empty-{kind}", url, then=send_empty) for kind, url in one_step_of_each_kind().items()]
    return found


def walk_one(tab, url: str, family: Family) -> dict:
    tab.context.clear_cookies()
    tab.set_viewport_size(PHONE)
    tab.goto(url)
    if family.then:
        family.then(tab, url)
    tab.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    results = axe_core.run(tab)
    nodes = Counter()
    rules = Counter()
    for v in results["violations"]:
        nodes[v["impact"]] += len(v["nodes"])
        rules[f"{v['id']} ({v['impact']})"] += len(v["nodes"])
    tab.reload() if not family.then else None
    small = measure.line_targets(tab)
    tab.set_viewport_size(NARROW)
    at_320 = measure.sideways(tab)
    overlaps = measure.overlapping(tab)
    measure.text_spaced(tab)
    spaced = measure.sideways(tab)
    overlaps_spaced = measure.overlapping(tab)
    measure.text_normal(tab)
    tab.set_viewport_size(PHONE)
    measure.text_at_200(tab)
    at_200 = measure.sideways(tab)
    wide = measure.wider_than_screen(tab) if at_200 else []
    measure.text_normal(tab)
    return {"url": url, "serious": nodes["serious"] + nodes["critical"], "moderate": nodes["moderate"],
            "minor": nodes["minor"], "rules": dict(rules), "small": len(small),
            "small_names": [f"{t['tag']} '{t['name']}' {t['width']}x{t['height']}" for t in small][:6],
            "sideways_320": at_320, "sideways_spacing": spaced, "sideways_200": at_200, "wide_200": wide,
            "overlaps": overlaps, "overlaps_spacing": overlaps_spaced}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="walk only the families whose name holds this")
    parser.add_argument("--no-crawl", action="store_true", help="leave out the crawled sample of every family")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    families = [f for f in PAGES + exercise_families() if args.only in f.name]
    found = {}
    with serving({"SECRET_KEY": SECRET}) as base, serving({"SECRET_KEY": SECRET, "HOUSE_FILE": str(HOUSE)}) as house, \
            sync_playwright() as manager:
        browser = manager.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport=PHONE)
        tab.set_default_timeout(120_000)  # a shared, busy machine: a page may take long to load
        for family in families:
            url = (house if family.house else base) + family.url()
            try:
                found[family.name] = walk_one(tab, url, family)
            except Exception as exc:  # noqa: BLE001 - a page that fails is reported, and the walk goes on
                found[family.name] = {"url": url, "failed": str(exc)[:200]}
            row = found[family.name]
            if row.get("failed") or row["serious"] or row["small"] or row["sideways_320"] or row["sideways_200"] \
                    or row["sideways_spacing"] or row["overlaps"] or row["overlaps_spacing"]:
                print(family.name, json.dumps({k: v for k, v in row.items() if v and k != "url"}), flush=True)
        browser.close()
    rows = [r for r in found.values() if "failed" not in r]
    total = {
        "states": len(found), "failed": len(found) - len(rows),
        "axe serious+critical nodes": sum(r["serious"] for r in rows),
        "states with serious": sum(1 for r in rows if r["serious"]),
        "axe moderate nodes": sum(r["moderate"] for r in rows),
        "targets under 44 px (lines of links count)": sum(r["small"] for r in rows),
        "states with small targets": sum(1 for r in rows if r["small"]),
        "states sideways at 320 px": sum(1 for r in rows if r["sideways_320"]),
        "states sideways with text spacing at 320 px": sum(1 for r in rows if r["sideways_spacing"]),
        "states sideways at 200 % text (390 px)": sum(1 for r in rows if r["sideways_200"]),
        "widest at 200 % text (px past the edge)": max((r["sideways_200"] for r in rows), default=0),
        "states where the parts navigation overlaps (320 px / with spacing)":
            f"{sum(1 for r in rows if r['overlaps'])} / {sum(1 for r in rows if r['overlaps_spacing'])}",
    }
    rules = Counter()
    for r in rows:
        rules.update(r["rules"])
    print("\nrules (nodes):", dict(rules.most_common()))
    for key, value in total.items():
        print(f"{key}: {value}")
    out = ROOT / "tmp" / "artifacts"
    out.mkdir(parents=True, exist_ok=True)
    (out / "a11y-walk.json").write_text(json.dumps({"total": total, "pages": found}, indent=1))


if __name__ == "__main__":
    main()
