"""The score sheet's states for the browser gates (test_browser_axe.py, test_browser_a11y.py): a sheet with hands
on it, a hand refused with its message, the correction page, the follow link and the page to print. Each is
reached as a player reaches it: by filling the forms."""
from __future__ import annotations


def start_sheet(tab, url: str) -> None:
    """Start a sheet (Anne and Bob, a rubber) and enter two hands, the second with a king turned."""
    tab.fill("#field-players", "Anne")
    tab.fill("#field-player2", "Bob")
    tab.get_by_label("A rubber (the best of three games)").check()
    tab.get_by_role("button", name="Start the sheet").click()
    tab.wait_for_load_state()
    for dealer, elder in (("Anne", "3"), ("Bob", "1")):
        enter_hand(tab, dealer, elder)
    if "/marque/" not in tab.url:
        raise AssertionError(tab.url)


def enter_hand(tab, dealer: str, elder: str, dealer_tricks: str | None = None) -> None:
    tab.locator("#field-dealer").get_by_label(dealer, exact=True).check()
    tab.fill("#field-tricks_elder", elder)
    tab.fill("#field-tricks_dealer", dealer_tricks if dealer_tricks is not None else str(5 - int(elder)))
    tab.get_by_role("button", name="Enter the hand").click()
    tab.wait_for_load_state()


def refused_hand(tab, url: str) -> None:
    """A sheet, then a hand of five tricks each: refused, with its message and the entry kept."""
    start_sheet(tab, url)
    enter_hand(tab, "Anne", "5", "5")
    if hasattr(tab, "problems"):  # the browser logs the form's 400 as an error: expected here
        tab.problems[:] = [p for p in tab.problems if "status of 400" not in p]


def correction(tab, url: str) -> None:
    start_sheet(tab, url)
    tab.get_by_role("link", name="Correct or remove hand 1").click()
    tab.wait_for_load_state()


def followed(tab, url: str) -> None:
    start_sheet(tab, url)
    tab.locator("#follow-link").click()
    tab.wait_for_load_state()


def printed(tab, url: str) -> None:
    start_sheet(tab, url)
    tab.locator("#print-link").click()
    tab.wait_for_load_state()
