"""A site served under a club's house rules, in Chromium: its banner, its agreements, its name on rulings."""
from __future__ import annotations

from test_browser import MISDEAL, answer_dispute, shoot

TITLE = "Rules of the Cercle de l'Exemple"


def test_a_score_under_the_house_rules(page, house_url):
    page.goto(f"{house_url}/legal/score")
    assert TITLE in page.locator(".house").inner_text()
    agreements = page.locator("details.agreements")
    assert agreements.get_attribute("open") is not None  # the house's agreements are shown, ticked
    assert page.get_by_label("Games count treble, double or single (law 46)").is_checked()
    page.get_by_label("Elder hand", exact=True).fill("6")
    page.get_by_label("Dealer", exact=True).fill("0")
    page.locator("#field-elder_tricks").select_option("3")
    page.get_by_role("button", name="Score it").click()
    verdict = page.locator("#verdict").inner_text()
    assert f"Ruled under {TITLE}" in verdict and "wins the game" in verdict
    shoot(page, "house-score")


def test_a_dispute_ruling_under_the_house_rules(page, house_url):
    page.goto(f"{house_url}/dispute/")
    answer_dispute(page, MISDEAL)
    assert page.locator("h1").inner_text() == "The ruling"
    assert f"Ruled under {TITLE}" in page.locator("#verdict").inner_text()
