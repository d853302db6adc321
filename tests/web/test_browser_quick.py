"""The quick reference in Chromium: two phone screens at 390 px, and one printed page."""
from __future__ import annotations

from test_browser import PHONE, shoot

SCREENS = 2  # the measure: the whole reference in two phone screens


def test_the_quick_reference_fits_two_phone_screens(page, base_url):
    page.goto(f"{base_url}/rules/quick")
    assert page.locator("h1").inner_text() == "Écarté at a glance"
    height = page.evaluate("document.documentElement.scrollHeight")
    width = page.evaluate("document.documentElement.scrollWidth")
    print(f"quick reference at {PHONE['width']} px: {height} px high ({height / PHONE['height']:.2f} screens)")
    assert width <= PHONE["width"], "nothing runs off the side"
    assert height <= SCREENS * PHONE["height"], f"{height} px is more than {SCREENS} screens of {PHONE['height']}"
    lines = page.locator(".quick li")
    assert lines.count() >= 24
    assert lines.locator("a").count() == lines.count(), "each line links to its full rule"
    shoot(page, "quick-reference")


def test_the_quick_reference_prints_without_the_site_around_it(page, base_url):
    page.goto(f"{base_url}/rules/quick")
    page.emulate_media(media="print")
    assert not page.locator("header").is_visible() and not page.locator("footer").is_visible()
    assert page.locator(".quick").evaluate("e => getComputedStyle(e).columnCount") == "2"
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 1, "one sheet of paper"
