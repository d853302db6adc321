"""The accessibility walk of issue 43: every page family and every lesson exercise state, in Chromium at
390×844, the same states the browser gate walks and measured as it measures them (tests/web/measure.py: findings).

The pages: the gate's (tests/web/test_browser_axe.py: PAGES and STEPS): its listed states (a game dealt, in play,
refereed, refused, over, reviewed; score sheets; progress, unfinished games and resume codes), every state of every
rank-order exercise and each exercise kind's form sent with no answer (tests/web/states.py), a crawl from / of every
family its links and GET forms reach (tests/web/crawl.py: the dispute's questions and rulings, /legal's answers and
refusals, the casebook's filters, the glossary, 404 and 400 pages), and every step of every lesson. With --wide,
besides: more pages of each crawled family (--per-family). For each: axe-core (every rule on) nodes by impact, with
folded details opened; tap targets under 44×44 px outside sentences (links in lines of links count); how far the
page scrolls sideways at 320 px, at 320 px under WCAG 1.4.12's text-spacing override, and with 200 % text at 390 px
and at 1280 px (and what runs past the edge); links of the parts navigation that overlap at 320 px; under forced
colours, buttons without a box and big links or the green table without their edges.
Printed: each page with a finding, then the totals, for all pages and for the gate's. Written:
tmp/artifacts/a11y-walk.json. Not a test.

    nice python bench/a11y_walk.py [--only SUBSTRING] [--no-crawl] [--wide [--per-family N]]

Measured 2026-12-07 with --wide --per-family 6 (288 states, 222 of them the gate's), the same walk on the site
before and after issue 43's last visual changes: axe serious+critical 8,155 nodes on 287 states (all of them
color-contrast-enhanced: text under 7:1) -> 0; targets under 44 px 1 (the erase form's box) -> 0; sideways
scrolling, overlapping parts navigation and forced colours 0 -> 0. About 200 s of CPU (Chromium's included).
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
from conftest import HOUSE_FILE  # noqa: E402
from test_browser import CHROMIUM, CHROMIUM_ARGS, PHONE, serving  # noqa: E402
from test_browser_axe import FAMILIES, PAGES, SECRET, STEPS, Family  # noqa: E402

from ecarte_tutor.web import create_app  # noqa: E402


def wider(per_family: int) -> list[Family]:
    """The wide walk's pages besides the gate's: up to ``per_family`` of each crawled family (the gate takes two)."""
    from crawl import crawl

    gate = {f.url() for f in PAGES + STEPS if isinstance(f.path, str)}
    app = create_app({"TESTING": True, "SECRET_KEY": SECRET})
    listed = [f.url() for f in FAMILIES if isinstance(f.path, str) and not f.house]
    found = [s for s in crawl(app, ["/", *listed], per_family=per_family) if s.url not in gate]
    return [Family(f"wide-{s.name}-{i}", s.url, status=s.status) for i, s in enumerate(found)]


def walk_one(tab, url: str, family: Family) -> dict:
    tab.context.clear_cookies()
    tab.set_viewport_size(PHONE)
    tab.goto(url)
    if family.then:
        family.then(tab, url)
    return {"url": url, **measure.findings(tab, axe_core.run)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="walk only the families whose name holds this")
    parser.add_argument("--no-crawl", action="store_true", help="leave out the crawled sample of every family")
    parser.add_argument("--wide", action="store_true", help="more pages of each crawled family besides")
    parser.add_argument("--per-family", type=int, default=4, help="pages of each crawled family in the wide walk")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    families = [f for f in PAGES + STEPS + (wider(args.per_family) if args.wide else []) if args.only in f.name]
    found = {}
    housed = {"SECRET_KEY": SECRET, "HOUSE_FILE": str(HOUSE_FILE)}
    with serving({"SECRET_KEY": SECRET}) as base, serving(housed) as house, sync_playwright() as manager:
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
            if row.get("failed") or any(row[k] for k in measure.BARRIERS):
                print(family.name, json.dumps({k: v for k, v in row.items() if v and k != "url"}), flush=True)
        browser.close()
    gate = {f.name for f in PAGES + STEPS}
    out = ROOT / "tmp" / "artifacts"
    out.mkdir(parents=True, exist_ok=True)
    summary = {"all": totals(found), "gate": totals({k: v for k, v in found.items() if k in gate})}
    for which, total in summary.items():
        print(f"\n{which} states:", total.pop("rules"))
        for key, value in total.items():
            print(f"  {key}: {value}")
    (out / "a11y-walk.json").write_text(json.dumps({"total": summary, "pages": found}, indent=1))


def totals(found: dict) -> dict:
    rows = [r for r in found.values() if "failed" not in r]
    rules = Counter()
    for r in rows:
        rules.update(r["rules"])
    return {
        "rules": "rules (nodes): " + json.dumps(dict(rules.most_common())),
        "states": len(found), "failed": len(found) - len(rows),
        "axe serious+critical nodes": sum(r["serious"] for r in rows),
        "states with serious": sum(1 for r in rows if r["serious"]),
        "axe moderate nodes": sum(r["moderate"] for r in rows),
        "targets under 44 px (lines of links count)": sum(r["small"] for r in rows),
        "states with small targets": sum(1 for r in rows if r["small"]),
        "states sideways at 320 px": sum(1 for r in rows if r["sideways_320"]),
        "states sideways with text spacing at 320 px": sum(1 for r in rows if r["sideways_spacing"]),
        "states sideways at 200 % text (390 px)": sum(1 for r in rows if r["sideways_200"]),
        "states sideways at 200 % text (1280 px)": sum(1 for r in rows if r["sideways_200_desktop"]),
        "widest at 200 % text (px past the edge)": max((r["sideways_200"] for r in rows), default=0),
        "states where the parts navigation overlaps (320 px / with spacing)":
            f"{sum(1 for r in rows if r['overlaps'])} / {sum(1 for r in rows if r['overlaps_spacing'])}",
        "states with boxless buttons or edgeless big links in forced colours":
            sum(1 for r in rows if r["forced_colours_unboxed"]),
    }


if __name__ == "__main__":
    main()
