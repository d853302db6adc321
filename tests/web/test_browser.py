"""The site in a real browser: Playwright drives Debian's Chromium (/usr/bin/chromium).

The app runs under waitress on 127.0.0.1 and a free port. Outside CI these tests
skip, saying why, when Chromium or Playwright is missing; in CI (CI=true) that is
a failure. Screenshots at phone and desktop widths go to tmp/artifacts/.
"""
from __future__ import annotations

import os
import re
import signal
import threading
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
from measure import DESKTOP, PHONE

from ecarte_tutor.web import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-quic"]
BROWSER_SECONDS = 120  # the time one browser test may take (tests/web/conftest.py); the slowest takes about 20
ACTION_MS = 30_000  # Playwright's limit on one action or wait (its default, said here)
ARTIFACTS = Path(os.environ.get("ECARTE_TUTOR_ARTIFACTS", Path(__file__).resolve().parents[2] / "tmp" / "artifacts"))


def _unavailable(reason: str):
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


@contextmanager
def serving(config: dict):
    """The site built with ``config``, under waitress on a free port: yields its base URL."""
    from waitress import wasyncore
    from waitress.server import create_server

    server = create_server(create_app({"TESTING": True, **config}), host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        # Closed from its own loop, connections and all: a Chromium's kept-alive connections otherwise held the loop
        # (and the teardown) for the whole 5 s join.
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        thread.join(timeout=5)


class Chromium:
    """The session's Chromium (a persistent context, PHONE-sized), used as the context itself.

    A test is given BROWSER_SECONDS (tests/web/conftest.py watches it): a Chromium that stops answering
    is then killed, which ends the Playwright call waiting on it with an error, so that one test fails,
    not the run; the next test gets a new Chromium."""

    def __init__(self, manager, folders):
        self.manager, self.folders = manager, folders
        self.context, self.profile, self.hung = None, None, False
        self.start()

    def start(self) -> None:
        self.profile = str(self.folders.mktemp("chromium-profile"))
        self.context = self.manager.chromium.launch_persistent_context(
            self.profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, viewport=PHONE)
        self.context.set_default_timeout(ACTION_MS)
        self.hung = False

    def __getattr__(self, name):
        if self.hung:  # the last test's Chromium was killed: a new one
            self.close()
            self.start()
        return getattr(self.context, name)

    @contextmanager
    def watch(self, seconds: float):
        """Kill this Chromium if what runs inside takes longer than ``seconds``."""
        timer = threading.Timer(seconds, self.kill)
        timer.daemon = True
        timer.start()
        try:
            yield
        finally:
            timer.cancel()

    def kill(self) -> None:
        """Stop every process of this Chromium (found by its profile folder, which is its own)."""
        self.hung = True
        for pid in _processes_naming(f"--user-data-dir={self.profile}"):
            with suppress(OSError):
                os.kill(pid, signal.SIGKILL)

    def close(self) -> None:
        with suppress(Exception):  # a killed Chromium may not say goodbye
            self.context.close()


def _processes_naming(argument: str) -> list[int]:
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        with suppress(OSError):
            if argument.encode() in cmdline.read_bytes().split(b"\0"):
                found.append(int(cmdline.parent.name))
    return found


def chromium_for_the_session(tmp_path_factory):
    """The session's Chromium (conftest.py's ``chromium``): started once, shared by every browser module."""
    if not Path(CHROMIUM).exists():
        _unavailable(f"{CHROMIUM} is not installed (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[test]')")
    manager = sync_playwright().start()
    try:
        chromium = Chromium(manager, tmp_path_factory)
    except Exception as exc:  # noqa: BLE001 - a browser that will not start is reported, not hidden
        manager.stop()
        _unavailable(f"Chromium did not start: {exc}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield chromium
    chromium.close()
    manager.stop()


def new_page(browser_context):
    """A fresh phone-sized page of the session's Chromium (conftest.py's ``page``): a console error fails the test."""
    page = browser_context.new_page()
    page.set_viewport_size(PHONE)
    problems = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.problems = problems
    yield page
    if browser_context.hung:
        return  # the test has failed already, saying why
    # Not waited for: a close that waited on a Chromium gone quiet held a whole run for the 600 s limit (the site
    # has no beforeunload handler, so running the unload handlers asks nothing of anyone).
    page.close(run_before_unload=True)
    assert problems == [], "console errors (a CSP violation shows here too)"


def snap(page, name: str, label: str) -> None:
    """A screenshot at the page's present width, as ``{name}-{label}.png`` (the whole page, unless it is very long)."""
    whole = page.evaluate("document.documentElement.scrollHeight") < 8000
    page.screenshot(path=str(ARTIFACTS / f"{name}-{label}.png"), full_page=whole)


def shoot(page, name: str) -> None:
    """Screenshots at phone and desktop widths."""
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        snap(page, name, label)
    page.set_viewport_size(PHONE)


def pick(page, fieldset: str, card_label: str) -> None:
    """Click a drawn card inside one picker, as a finger would."""
    page.locator(f"#field-{fieldset}").get_by_label(card_label, exact=True).click()


def test_complete_a_lesson_exercise_by_clicking_cards(page, base_url):
    page.goto(f"{base_url}/lessons/01-pack-and-ranking/4")
    picker = page.locator('[data-picker="cards"]')
    picker.get_by_label("seven of spades", exact=True).click()
    page.get_by_role("button", name="Check my answer").click()
    feedback = page.locator("#feedback").inner_text()
    assert "Not yet" in feedback and "does not beat J♠" in feedback and "Q♠" not in feedback
    picker = page.locator('[data-picker="cards"]')
    picker.get_by_label("seven of spades", exact=True).click()  # untick the wrong card, kept from the last try
    picker.get_by_label("queen of spades", exact=True).click()
    page.get_by_role("button", name="Check my answer").click()
    feedback = page.locator("#feedback")
    assert "Right." in feedback.inner_text()
    assert feedback.locator('a[href="/rules/play.head-the-trick"]').count() == 1
    shoot(page, "lesson-exercise")
    page.locator("#next-step").click()
    assert page.url.endswith("/lessons/01-pack-and-ranking/5")


TAP_TARGETS = """(selector) => {
    // What a finger taps inside the elements matching selector: buttons, links, summaries, selects and
    // text boxes by their own box; a checkbox or radio by the label around it, when it has one (the
    // label takes the tap: a card's label is the card drawn). Folded details are opened to measure
    // what they hold, then folded again; what is not shown (hidden, or no box) is left out.
    const forms = [...document.querySelectorAll(selector)];
    const folded = forms.flatMap(f => [...f.querySelectorAll('details:not([open])')]);
    folded.forEach(d => { d.open = true; });
    const kinds = ['button:not([disabled])', 'a[href]', 'summary', 'input:not([type=hidden])', 'select', 'textarea'];
    const targets = forms.flatMap(f => [...f.querySelectorAll(kinds.join(', '))])
        .filter(e => e.checkVisibility())
        .map(e => { const box = (e.matches('input[type=checkbox], input[type=radio]') && e.closest('label')) || e;
                    const r = box.getBoundingClientRect();
                    return {name: e.getAttribute('aria-label') || box.textContent.trim().slice(0, 60) || e.name,
                            width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10}; })
        .filter(t => t.width > 0);
    folded.forEach(d => { d.open = false; });
    return targets; }"""


def tap_targets(page, selector: str) -> list[dict]:
    """Every button, link, summary, box and label-wrapped choice one can tap inside ``selector``, with its
    size in CSS pixels (:data:`TAP_TARGETS`)."""
    return page.evaluate(TAP_TARGETS, selector)


FORM_HEIGHTS = """([selector, unfold]) => {
    const forms = [...document.querySelectorAll(selector)];
    // (the dispute's moments of the hand, folded so that a reader opens one, are measured one by one elsewhere)
    const folded = unfold ? forms.flatMap(f => [...f.querySelectorAll('details:not([open]):not(.stage)')]) : [];
    folded.forEach(d => { d.open = true; });
    const heights = forms.map(f => f.getBoundingClientRect().height);
    folded.forEach(d => { d.open = false; });
    return heights; }"""


def form_heights(page, selector: str, unfold: bool = False) -> list[float]:
    """The height in CSS pixels of each element matching ``selector``: as the page is first shown, or
    with every folded details in it opened (``unfold``: the agreements at this table, say)."""
    return page.evaluate(FORM_HEIGHTS, [selector, unfold])


def too_small(targets: list[dict]) -> list[dict]:
    return [t for t in targets if t["width"] < 44 or t["height"] < 44]


def smallest(targets: list[dict]) -> str:
    return f"{min(t['width'] for t in targets):.0f}x{min(t['height'] for t in targets):.0f} px"


def test_put_a_suit_in_order_by_tapping_one_row(page, base_url):
    """The ordering exercise on a phone: one row of cards, tapped from the highest down, every target
    at least 44 px, the whole form within two screens (measured at 390×844)."""
    page.goto(f"{base_url}/lessons/01-pack-and-ranking/3")
    row = page.locator(".tap-row")
    assert row.locator("button").count() == 6
    boxes = [row.locator("button").nth(i).bounding_box() for i in range(6)]
    assert len({round(box["y"]) for box in boxes}) == 1, "the cards sit in one row"
    first_targets = tap_targets(page, "#answer")
    for place, rank in enumerate(["king", "queen", "ace", "knave", "ten", "seven"], 1):  # the ace too high
        page.get_by_role("button", name=f"{rank} of hearts", exact=True).click()  # one spoken name, not "K♥, king…"
        page.wait_for_url(re.compile(r"order="))
        assert page.get_by_role("button", name=f"{rank} of hearts, placed {place}").is_disabled()
    height = page.evaluate("document.querySelector('#answer').getBoundingClientRect().height")
    targets = first_targets + tap_targets(page, "#answer")
    small = [t for t in targets if t["width"] < 44 or t["height"] < 44]
    shoot(page, "lesson-ordering")
    print(f"ordering exercise at 390x844: section {height:.0f} px tall; {len(targets)} tap targets measured, "
          f"smallest {min(t['width'] for t in targets):.0f}x{min(t['height'] for t in targets):.0f} px")
    assert small == [], f"tap targets under 44 px: {small}"
    assert height <= 2 * PHONE["height"], f"the ordering exercise is {height} px tall on a phone"

    page.get_by_role("button", name="Check my order").click()
    feedback = page.locator("#feedback").inner_text()
    assert "You put the ace above the knave" in feedback and "K♥ Q♥ J♥" not in feedback
    # Start again keeps the diagnosis (the round trip carries it); the right order is then accepted
    page.get_by_role("button", name="Start again").click()
    assert "You put the ace above the knave" in page.locator("#feedback").inner_text()
    for rank in ["king", "queen", "knave", "ace", "ten", "seven"]:
        page.get_by_role("button", name=f"{rank} of hearts", exact=True).click()  # one spoken name, not "K♥, king…"
    page.get_by_role("button", name="Check my order").click()
    assert "Right." in page.locator("#feedback").inner_text()


@contextmanager
def without_javascript(browser_context):
    """A phone-sized page whose scripts are refused: the site as a browser without JavaScript has it."""
    bare = browser_context.new_page()
    try:
        bare.route("**/*.js", lambda route: route.abort())
        bare.set_viewport_size(PHONE)
        yield bare
    finally:
        bare.close()


def test_the_ordering_exercise_without_javascript(browser_context, base_url):
    with without_javascript(browser_context) as bare:
        bare.goto(f"{base_url}/lessons/02-cutting-and-dealing/3")
        for name in ["king of hearts", "knave of clubs", "ace of diamonds", "ten of spades"]:
            bare.get_by_role("button", name=name, exact=True).click()
        bare.get_by_role("button", name="Check my order").click()
        assert "Right." in bare.locator("#feedback").inner_text()


def test_is_this_legal(page, base_url):
    """The two steps: the trump and the hand in one pack of cards, then the card led and the card to play."""
    page.goto(f"{base_url}/legal/")
    assert page.locator("#field-led, #field-card").count() == 0, "one pack of cards on the page: the hand"
    page.locator("#field-trump").get_by_label("hearts").click()
    for card in ("queen of spades", "seven of spades", "eight of diamonds"):
        pick(page, "hand", card)
    page.get_by_role("button", name="Next: the card led").click()
    page.wait_for_url(re.compile(r"step=2"))
    assert page.locator("#given").get_by_text("queen of spades", exact=True).count() == 1  # heard by its name alone
    # your own cards are not offered as the card led; only they are offered as the card to play
    assert page.locator("#field-led").get_by_label("queen of spades", exact=True).count() == 0
    assert page.locator("#field-led").get_by_label("I lead: no card has been led").is_checked()
    assert page.locator("#field-card input[value]:not([value=''])").count() == 3
    assert page.locator("#field-card").get_by_label("king of clubs", exact=True).count() == 0
    pick(page, "led", "knave of spades")
    pick(page, "card", "seven of spades")
    page.get_by_role("button", name="Is it legal?").click()
    verdict = page.locator("#verdict")
    assert "may not be played" in verdict.locator(".headline").inner_text()
    assert verdict.get_by_text("queen of spades, may be played", exact=True).count() == 1
    assert "Ruled under London (the club code)" in verdict.inner_text()
    assert "play.head-the-trick" not in verdict.inner_text(), "ids are folded away for referees"
    assert verdict.locator('a[href="/rules/part/play#play.head-the-trick"]').count() == 1
    assert "step=" not in page.url, "the verdict's address is the one every shared link has"
    shoot(page, "legal-verdict")

    # Changing the profile changes nothing by itself (WCAG 3.2.2); its button re-rules the same question.
    before = page.url
    verdict.get_by_text("Rule again under another profile").click()
    verdict.locator("select[name=profile]").select_option("french")
    page.wait_for_timeout(300)
    assert page.url == before
    verdict.get_by_role("button", name="Rule again").click()
    page.wait_for_url(re.compile(r"profile=french"))
    assert "Ruled under French" in page.locator("#verdict").inner_text()

    # A citation opens the rule book at that rule.
    page.locator('#verdict a[href="/rules/part/play?profile=french#play.head-the-trick"]').click()
    page.wait_for_url(re.compile(r"/rules/part/play\?profile=french#play\.head-the-trick$"))
    assert page.locator("#play\\.head-the-trick").is_visible()


def test_change_the_hand_and_keep_the_rest(page, base_url):
    page.goto(f"{base_url}/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S&agree=&agree=ace-high")
    page.get_by_role("link", name="Change the trump or your hand").click()
    page.wait_for_url(re.compile(r"step=1"))
    assert page.locator("#field-hand").get_by_label("queen of spades", exact=True).is_checked()
    assert page.locator("#field-led").input_value() == "J♠" and page.locator("#field-card").input_value() == "7♠"
    pick(page, "hand", "queen of spades")  # untick it: now the seven may be played
    page.get_by_role("button", name="Next: the card led").click()
    page.wait_for_url(re.compile(r"step=2"))
    assert page.locator("#field-led").get_by_label("knave of spades", exact=True).is_checked()
    assert page.locator("#field-card").get_by_label("seven of spades", exact=True).is_checked()
    assert page.locator("details.agreements").get_by_label("The ace ranks high, above the king").is_checked()
    page.get_by_role("button", name="Is it legal?").click()
    assert page.locator("#verdict .headline").inner_text().startswith("Yes:")


def test_the_two_steps_without_javascript_and_typed_cards(browser_context, base_url):
    with without_javascript(browser_context) as bare:
        bare.goto(f"{base_url}/legal/")
        bare.locator("#field-trump").get_by_label("spades").click()
        bare.get_by_label("Or type your cards").fill("K♥ 7♥ 9c")
        bare.get_by_role("button", name="Next: the card led").click()
        bare.wait_for_url(re.compile(r"step=2"))
        bare.locator("#field-led").get_by_label("queen of hearts", exact=True).click()
        bare.get_by_role("button", name="Is it legal?").click()
        headline = bare.locator("#verdict .headline").inner_text()
        assert "You may play K♥" in headline and "9♣" not in headline


def test_the_form_works_with_the_keyboard(page, base_url):
    page.goto(f"{base_url}/legal/trick")
    page.locator("#field-trump").get_by_label("spades").focus()
    page.keyboard.press("Space")
    led = page.locator("#field-led").get_by_label("king of hearts", exact=True)
    led.focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name="Next: the card played to it").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"step=2"))
    assert page.locator("#field-followed").get_by_label("king of hearts", exact=True).count() == 0
    followed = page.locator("#field-followed").get_by_label("seven of spades", exact=True)
    followed.focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name="Who wins?").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"followed=7S"))
    assert "follower" in page.locator("#verdict .headline").inner_text()


def test_an_error_link_takes_the_keyboard_to_its_field(page, base_url):
    response = page.goto(f"{base_url}/legal/exchange?stock=40&elder_discards=3")
    assert response.status == 400
    page.problems[:] = [p for p in page.problems if "status of 400" not in p]  # the 400 itself is expected
    page.locator("#errors a").first.click()
    assert page.evaluate("document.activeElement.id") == "field-stock"
    assert page.locator("#field-stock").get_attribute("aria-invalid") == "true"


# A misdeal found before the turn-up, the elder having looked at a hand of three: law 16.
MISDEAL = ("A hand was dealt (or holds) too many or too few cards", "No, not yet",
           "Yes, he had looked", "The non-dealer's (elder hand)", "Too few: four or fewer")


def open_stage(page, answer) -> None:
    """Open the moment of the hand whose answers hold this one (the first question folds them by stage)."""
    button = page.get_by_role("button", name=answer, exact=isinstance(answer, str), include_hidden=True)
    stage = page.locator("details.stage").filter(has=button)
    if stage.count() and stage.first.get_attribute("open") is None:
        stage.first.locator("summary").click()


def answer_dispute(page, answers) -> None:
    """Tap each answer of the dispute interview in turn, by its button's exact words."""
    for answer in answers:
        open_stage(page, answer)
        page.get_by_role("button", name=answer, exact=True).click()


def test_walk_the_dispute_interview_to_a_ruling(page, base_url):
    page.goto(f"{base_url}/dispute/")
    answer_dispute(page, MISDEAL)
    assert page.locator("h1").inner_text() == "The ruling"
    ruling = page.locator("#verdict")
    assert "Law 16" in ruling.inner_text()
    assert "Claim a fresh deal" in ruling.inner_text()
    shared = page.url

    # The back link keeps the earlier answers.
    page.get_by_role("link", name="Back to the previous question").click()
    assert page.locator("#question").inner_text().startswith("Was that hand given too many cards or too few?")
    assert "elder_looked=true" in page.url

    # The ruling's URL reopens the same ruling.
    page.goto(shared)
    assert page.locator("h1").inner_text() == "The ruling"

    # A law the ruling names opens that law's own page, and the other cases under it are a tap away.
    page.locator("#verdict .cites").get_by_role("link", name=re.compile(r"^Law 16 — ")).click()
    page.wait_for_url(re.compile(r"/laws/16$"))
    assert page.locator("h1").inner_text().startswith("Law 16 — ")
    page.go_back()
    other = page.locator(".other-cases ul a").first
    title = other.inner_text()
    other.click()
    page.wait_for_url(re.compile(r"/casebook/[^/?]+$"))
    assert page.locator("h1").inner_text() == title


def test_an_agreement_ticked_before_the_first_answer_counts(page, base_url):
    """The table's rules sit below the answers but belong to their form: a tick is not lost by tapping an answer."""
    page.goto(f"{base_url}/dispute/")
    page.locator("details.agreements summary").click()
    page.get_by_label(re.compile("Backers may advise")).check()
    open_stage(page, re.compile("An onlooker advised"))
    page.get_by_role("button", name=re.compile("An onlooker advised")).click()
    assert "agree=bystanders-advise" in page.url
    answer_dispute(page, ("An onlooker who had bet on that player", "By pointing at a card, without a word"))
    assert page.locator("h1").inner_text() == "The ruling"
    assert "agree=bystanders-advise" in page.url
    assert "need not follow" in page.locator("#verdict").inner_text()


def test_pages_without_javascript(browser_context, base_url):
    with without_javascript(browser_context) as context_page:
        context_page.goto(f"{base_url}/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S")
        assert "may not be played" in context_page.locator("#verdict .headline").inner_text()
        context_page.goto(f"{base_url}/casebook/?q=knave")
        assert context_page.locator("h1").inner_text() == "The casebook"


def first_exercise_of_each_kind() -> list[tuple[str, str, str]]:
    """(name, address, selector) of the first lesson step of each kind of exercise."""
    from data_under_test import LIBRARY

    found: dict = {}
    for lesson in LIBRARY.lessons:
        for step in lesson.exercises:
            found.setdefault(step.exercise.kind, f"/lessons/{lesson.id}/{step.index}")
    return [(f"lesson-{kind}", url, "#answer") for kind, url in found.items()]


# Every form a player fills in, as (name, address, the form's selector): /legal and its forms (each step of
# the two-step ones, a verdict's form, and a form sent back with its messages), the dispute interview (its
# longest list of answers, and a question with a number box), the form that starts a game, and an exercise
# of each kind. The game's own page is measured as it is played (test_browser_play.py).
FORM_PAGES = [
    ("legal-hand", "/legal/", "form.ask"),
    ("legal-led-and-card", "/legal/?trump=H&hand=QS&hand=7S&hand=8D&step=2", "form.ask"),
    ("legal-verdict-form", "/legal/?trump=H&led=JS&hand=QS&hand=7S&hand=8D&card=7S", "form.ask"),
    ("legal-hand-with-errors", "/legal/?trump=H&led=1S&hand=QS&hand=ZZ&card=QS", "form.ask"),
    ("legal-trick-led", "/legal/trick", "form.ask"),
    ("legal-trick-followed", "/legal/trick?trump=H&led=KS&step=2", "form.ask"),
    ("legal-score", "/legal/score", "form.ask"),
    ("legal-exchange", "/legal/exchange", "form.ask"),
    ("legal-pool", "/legal/pool", "form.ask"),
    ("dispute-first-question", "/dispute/", "form.step-form"),
    ("dispute-count", "/dispute/?irregularity=wrong-card-count&discovered=after-turn-up&elder_looked=true&hand=elder",
     "form.step-form"),
    ("play-start", "/play/", "form.ask"),
    *first_exercise_of_each_kind(),
]


@pytest.mark.parametrize("name, path, selector", FORM_PAGES, ids=[name for name, _, _ in FORM_PAGES])
def test_every_form_fits_a_phone(page, base_url, name, path, selector):
    """At 390×844 each form is at most two screens tall, and everything in it a finger taps (folded
    agreements included) is at least 44×44 px. Screenshots at phone and desktop widths."""
    response = page.goto(f"{base_url}{path}")
    if response.status == 400:  # a form sent back with its messages: the 400 is the point
        page.problems[:] = [p for p in page.problems if "status of 400" not in p]
    heights, unfolded = form_heights(page, selector), form_heights(page, selector, unfold=True)
    targets = tap_targets(page, selector)
    assert heights and targets, f"{path} has no {selector}"
    print(f"{name} at 390x844: {selector} {max(heights):.0f} px tall ({max(unfolded):.0f} px unfolded); "
          f"{len(targets)} tap targets, smallest {smallest(targets)}")
    shoot(page, f"form-{name}")
    assert too_small(targets) == [], f"{path}: tap targets under 44 px on a phone"
    assert max(unfolded) <= 2 * PHONE["height"], f"{path}: the form is {max(unfolded):.0f} px tall on a phone"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], f"{path} scrolls sideways"


def test_the_dispute_opens_on_the_moments_of_the_hand(page, base_url):
    """The first question groups what can go wrong by the moment of the hand: the moments fit the first
    screen at 390×844, and the page stays within two screens with any one of them opened."""
    page.goto(f"{base_url}/dispute/")
    stages = page.locator("details.stage")
    labels = [summary.inner_text() for summary in stages.locator("summary").all()]
    assert [label.split(" (")[0] for label in labels][:6] == [
        "The packs, shuffling and cutting", "The deal", "The turn-up and the king", "The exchange", "The play",
        "The score, and at any time"]
    first = stages.first.locator("summary").bounding_box()
    assert first["y"] + first["height"] <= PHONE["height"], "the first choice is on the first screen"
    heights = []
    for i in range(stages.count()):
        page.evaluate("i => document.querySelectorAll('details.stage').forEach((d, j) => { d.open = j === i; })", i)
        heights.append(page.evaluate("document.documentElement.scrollHeight"))
    bottom = first["y"] + first["height"]
    print(f"dispute's first question at 390x844: first choice at {first['y']:.0f}-{bottom:.0f} px; "
          f"the page {min(heights)}-{max(heights)} px tall with one moment open")
    assert max(heights) <= 2 * PHONE["height"]
    page.evaluate("document.querySelectorAll('details.stage')[4].open = true")
    page.get_by_role("button", name="A player did not follow suit although he could").click()
    assert page.url.endswith("#answer") and "irregularity=revoke" in page.url


@pytest.mark.parametrize("path", ["/legal/", "/legal/?trump=H&hand=QS&hand=7S&hand=8D&step=2",
                                  "/legal/trick?trump=H&led=KS&step=2"])
def test_the_pack_fits_a_small_phone(page, base_url, path):
    """At 360 px, narrower than the phone measured above, the pack runs to the screen's edges: no
    sideways scrolling, and each card still a 44 px tap."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{base_url}{path}")
    targets = tap_targets(page, "fieldset.picker")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert targets and too_small(targets) == [], f"{path}: cards under 44 px at 360 px"


@pytest.mark.parametrize("path", ["/", "/rules", "/laws", "/casebook/", "/lessons/", "/rules/disagreements"])
def test_pages_render_cleanly(page, base_url, path):
    """(Their screenshots are taken by test_browser_axe.py, with every other family of pages.)"""
    response = page.goto(f"{base_url}{path}")
    assert response.status == 200
    assert page.locator("h1").count() == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{path} scrolls sideways on a phone ({width}px)"


@pytest.mark.parametrize("path, target", [("/casebook/", None)])
def test_long_pages_keep_their_jump_list_in_reach(page, base_url, path, target):
    page.goto(f"{base_url}{path}")
    jump = page.locator("nav.jump")
    assert jump.count() == 1
    height = page.evaluate("document.documentElement.scrollHeight")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    box = jump.bounding_box()
    assert box is not None and abs(box["y"]) < 2, f"{path} ({height}px): the jump list stays at the top"
    for link in jump.locator("a").all()[:3]:
        size = link.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44, "each jump is a finger-sized target"
    if target:
        jump.locator(f'a[href="#{target}"]').click()
        heading = page.locator(f"[id='{target}'] h2").first
        heading_box, jump_box = heading.bounding_box(), jump.bounding_box()
        assert heading_box["y"] >= jump_box["y"] + jump_box["height"] - 1, "the heading lands below the jump list"


def test_practise_what_you_missed_end_to_end(page, base_url):
    """Answer wrongly on a rule, get drilled on it with a new position, and see it come back later, not now."""
    from data_under_test import BOOK

    from ecarte_tutor.lessons import expected_answer
    from ecarte_tutor.lessons.drills import drill_exercise

    page.context.clear_cookies()  # a new learner: the other tests' mistakes are not his
    page.goto(f"{base_url}/lessons/01-pack-and-ranking/4")
    page.locator('[data-picker="cards"]').get_by_label("seven of spades", exact=True).click()
    page.get_by_role("button", name="Check my answer").click()
    assert "Not yet" in page.locator("#feedback").inner_text()

    page.goto(f"{base_url}/lessons/")
    page.get_by_role("link", name="Practise on fresh hands →").click()
    assert "Win the trick when you can" in page.locator("main").inner_text()
    page.locator("#start-practice").click()
    match = re.search(r"/lessons/practice/(?P<rule>[\w.-]+)/(?P<seed>\d+)$", page.url)
    assert match and match["rule"] == "play.head-the-trick", page.url
    exercise = drill_exercise(match["rule"], int(match["seed"]), BOOK)
    assert tuple(exercise.position["hand"]) != ("QS", "7S"), "a fresh position, not the lesson's"
    assert "due now" in page.locator("#practice-progress").inner_text()
    small = [t for t in tap_targets(page, "#answer") if t["width"] < 44 or t["height"] < 44]
    assert small == [], f"cards of the hand under 44 px on a phone: {small}"
    picker = page.locator('[data-picker="cards"]')
    for code in expected_answer(exercise, BOOK)["cards"]:
        picker.locator(f'input[value="{code}"]').click()
    page.get_by_role("button", name="Check my answer").click()
    assert "Right." in page.locator("#feedback").inner_text()
    assert "comes back for review in 10 minutes" in page.locator("#practice-progress").inner_text()
    shoot(page, "practice-exercise")
    page.locator("#next-step").click()
    assert "Nothing is due just now; the next review falls due in 10 minutes" in page.locator("main").inner_text()
    page.goto(f"{base_url}/progress/")
    assert "0 rules due for review now" in page.locator("#reviews-due").inner_text()
    shoot(page, "progress")


def test_a_whole_suit_in_order_on_a_phone(page, base_url):
    """Eight cards in one row at 390×844: every tap target at least 44 px, the form within two screens."""
    from data_under_test import BOOK

    from ecarte_tutor.lessons.drills import drill_exercise

    seed = next(s for s in range(50) if len(drill_exercise("pack.rank-order", s, BOOK).position["cards"]) == 8)
    page.goto(f"{base_url}/lessons/practice/pack.rank-order/{seed}")
    row = page.locator(".tap-row button")
    assert row.count() == 8
    assert len({round(row.nth(i).bounding_box()["y"]) for i in range(8)}) == 1, "one row"
    targets = tap_targets(page, "#answer")
    row.nth(0).click()  # after a tap the undo and start-again buttons appear: measure them too
    page.wait_for_url(re.compile(r"order="))
    targets += tap_targets(page, "#answer")
    height = page.evaluate("document.querySelector('#answer').getBoundingClientRect().height")
    width = page.evaluate("document.documentElement.scrollWidth")
    print(f"8-card ordering at 390x844: section {height:.0f} px tall, page {width} px wide; {len(targets)} tap "
          f"targets, smallest {min(t['width'] for t in targets):.0f}x{min(t['height'] for t in targets):.0f} px")
    shoot(page, "ordering-eight-cards")
    assert [t for t in targets if t["width"] < 44 or t["height"] < 44] == []
    assert height <= 2 * PHONE["height"] and width <= PHONE["width"]
