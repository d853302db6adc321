"""axe-core and the measures it does not take on every family of pages, in Chromium at phone and desktop widths
(issues 12, 23 and 37).

Each family (a kind of page the site renders: one template, or one state of it) is visited once, as a new reader at
390×844: the states listed below (an answer, a refusal, a game, a wrong answer), and a sample of every family the
site's links reach (tests/web/crawl.py: two of each route, template and status, so a page added later is checked as
soon as it is linked), and French pages (issue 42: the crawl follows each page's link to its French twin; a dozen of
them, one of each area at least, FRENCH_ROUTES). On that one visit: a screenshot at each width (tmp/artifacts/),
tests/web/measure.py's reflow_and_focus (tap targets, focus rings, reflow at 320 px and with text spacing, 200 %
text at both widths), then a current axe-core (tests/web/axe_core.py: fetched from the npm registry, with
label-content-name-mismatch and target-size turned on) at 390×844 and at 1280×800, on the page as rendered. Any
serious or critical violation fails the test, listed by rule, help text and target selectors, with every other
failure of the visit. Folded ``<details>`` are opened first (after the screenshots), so that what they hold is
checked too. Last, on the same visit, what a screen reader is handed (tests/web/heard.py: said_and_heard, at
390×844): no card heard but by its one spoken name, and an error said in the title and the live region. Moderate and
minor violations are printed (run with -s to see them), and written with the rest and with what axe could not decide
("incomplete": needs a person's look, such as the contrast of text it cannot see whole) to tmp/artifacts/axe/.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import heard
import marque_states
import pytest
from itsdangerous import URLSafeSerializer
from measure import BARRIERS, findings, reflow_and_focus
from test_browser import ARTIFACTS, DESKTOP, PHONE, snap

from ecarte_tutor.rulebook import default_rulebook
from ecarte_tutor.table import Game
from ecarte_tutor.web import tokens

SECRET = "browser-tests"  # the key the session's servers sign with (conftest.py: BROWSER_SECRET)
BLOCKING = ("serious", "critical")
WIDTHS = {"phone": PHONE, "desktop": DESKTOP}
RULING = "/dispute/?irregularity=wrong-card-count&trump_turned=false&elder_looked=true&hand=elder&count=3"
LESSON_STEP = "/lessons/01-pack-and-ranking/4"  # choose the cards that may be played: Q♠ right, 7♠ wrong


def _token(game: Game) -> str:
    return URLSafeSerializer(SECRET, salt=tokens.SALT).dumps(game.record())


def _move(game: Game) -> None:
    """The learner's first legal choice (a discard: the first card he may throw out)."""
    choice = dict(game.decision().choices[0])
    if choice["do"] == "discard":
        choice["cards"] = choice["from"][:1]
    assert game.play(choice) is None


def _game_in_play() -> Game:
    """A game whose learner has a card to play to the first trick of the first deal."""
    game = Game.start(default_rulebook(), seed=4, level="beginner", first_dealer="tutor")
    while game.current.state.phase != "play" or game.decision().off_turn:
        _move(game)
    return game


def _game_after_a_deal() -> Game:
    game = _game_in_play()
    while game.hands[0].answer is None:
        _move(game)
    return game


def _game_over() -> Game:
    game = _game_in_play()
    while not game.over:
        _move(game)
    return game


REFUSED: dict[str, str] = {}  # the card _refused_card's page offers that the referee refuses


def _refused_card() -> str:
    """A game in "let me try" mode where the learner holds a card that may not follow the card led."""
    game = Game.start(default_rulebook(), seed=0, level="beginner", first_dealer="tutor")
    while True:
        decision, state = game.decision(), game.current.state
        if state.phase == "play" and state.current and not decision.off_turn:
            legal = {choice.get("card") for choice in decision.choices}
            illegal = [str(card) for card in decision.view.hand if str(card) not in legal]
            if illegal:
                REFUSED["card"] = illegal[0]
                return f"/play/game?g={_token(game)}&try=1"
        _move(game)


def play_refused_card(tab, url: str) -> None:
    """Press the card the referee refuses (a move is a POST: the refusal is the answer's page)."""
    tab.locator(f'#your-hand button.cardbtn[value="{REFUSED["card"]}"]').click()
    tab.wait_for_selector("#refusal")


def make_code(tab, url: str) -> None:
    """Miss a rule (the learner is made), then press "Make a resume code": the page that shows it, once."""
    owe_practice(tab, url.replace("/progress/", "/lessons/practice/"))
    tab.goto(url)
    tab.locator("#make-code").click()
    tab.wait_for_selector("#resume-code")


def answer_wrongly(tab, url: str) -> None:
    """Tick a card that may not be played and check the answer: the page then shows what went wrong."""
    tab.locator('[data-picker="cards"]').get_by_label("seven of spades", exact=True).click()
    tab.get_by_role("button", name="Check my answer").click()
    assert "Not yet" in tab.locator("#feedback").inner_text()


def answer_rightly(tab, url: str) -> None:
    tab.locator('[data-picker="cards"]').get_by_label("queen of spades", exact=True).click()
    tab.get_by_role("button", name="Check my answer").click()
    tab.wait_for_selector("#feedback.right")


def _sent_refused(tab) -> None:
    """The browser logs a form's 400 as an error: expected in a refusal's state."""
    tab.wait_for_load_state()
    if hasattr(tab, "problems"):  # the gate's page keeps them; the walk's does not
        tab.problems[:] = [p for p in tab.problems if "status of 400" not in p]


def resume_wrong_code(tab, url: str) -> None:
    tab.fill("#code", "NOSUCH-CODE")
    tab.get_by_role("button", name="Take it up").click()
    _sent_refused(tab)


def erase_unticked(tab, url: str) -> None:
    """A learner with progress presses "Erase" without ticking the box: refused, with its message."""
    owe_practice(tab, url.replace("/progress/erase", "/lessons/practice/"))
    tab.goto(url)
    tab.get_by_role("button", name="Erase").click()
    _sent_refused(tab)


def erase_everything(tab, url: str) -> None:
    owe_practice(tab, url.replace("/progress/erase", "/lessons/practice/"))
    tab.goto(url)
    tab.locator("#confirm").check()
    tab.get_by_role("button", name="Erase").click()
    tab.wait_for_load_state()


def owe_practice(tab, url: str) -> None:
    """Miss a rule in a lesson first, so that the practice page has something to offer."""
    tab.goto(url.replace("/lessons/practice/", LESSON_STEP))
    answer_wrongly(tab, url)
    tab.goto(url)


def leave_a_game_unfinished(tab, url: str) -> None:
    """Make one move in a game at the practice table, so that the page at ``url`` lists it as unfinished."""
    tab.goto(url.split("/play/")[0].split("/progress/")[0] + f"/play/game?g={_token(_game_in_play())}")
    with tab.expect_navigation():
        tab.locator("#your-hand button.cardbtn").first.click()
    tab.goto(url)


@dataclass(frozen=True)
class Family:
    name: str
    path: str | Callable[[], str]
    status: int = 200
    shows: str = "main"  # an element only the state meant shows, so that the test checks the page it names
    house: bool = False  # served under the house rules of the Cercle de l'Exemple
    then: Callable | None = None  # what a reader does on the page before it is checked

    def url(self) -> str:
        return self.path if isinstance(self.path, str) else self.path()


FAMILIES = [
    Family("home", "/"),
    Family("rules", "/rules"),
    Family("rule", "/rules/play.head-the-trick"),
    Family("rules-sources", "/rules/sources"),
    Family("disagreements", "/rules/disagreements"),
    Family("laws", "/laws"),
    Family("law", "/laws/16"),
    Family("casebook", "/casebook/"),
    Family("casebook-search", "/casebook/?q=knave"),
    Family("casebook-case", "/casebook/advice.hoffmann.three-queens-with-a-trump"),
    # /legal: each of its forms, an answer, and a form refused with its errors listed
    Family("progress", "/progress/", shows="#make-code",  # a rule missed first: the page has all its parts
           then=lambda tab, url: (owe_practice(tab, url.replace("/progress/", "/lessons/practice/")), tab.goto(url))),
    Family("progress-code", "/progress/", shows="#resume-code", then=make_code),
    Family("progress-resume", "/progress/resume"),
    Family("progress-resume-refused", "/progress/resume", then=resume_wrong_code, shows="#resume-error"),
    Family("progress-erase", "/progress/erase"),
    Family("progress-erase-unticked", "/progress/erase", then=erase_unticked, shows="#erase-error"),
    Family("progress-erased", "/progress/erase", then=erase_everything),
    Family("progress-games", "/progress/games"),
    Family("legal-play", "/legal/"),
    Family("legal-trick", "/legal/trick"),
    Family("legal-score", "/legal/score"),
    Family("legal-pool", "/legal/pool"),
    Family("legal-exchange", "/legal/exchange"),
    Family("legal-answer", "/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S", shows="#verdict"),
    Family("legal-bad-input", "/legal/exchange?stock=40&elder_discards=3", status=400, shows="#errors"),
    Family("dispute-start", "/dispute/", shows="#question"),
    Family("dispute-step", "/dispute/?irregularity=wrong-card-count", shows="#question"),
    Family("dispute-ruling", RULING, shows="#verdict"),
    Family("dispute-bad-link", "/dispute/?no_such_fact=1", status=400),
    Family("lessons", "/lessons/"),
    Family("lesson", "/lessons/01-pack-and-ranking/"),
    # an exercise of each kind (templates/lessons/kinds/), then a wrong answer's feedback
    Family("lesson-rank-order", "/lessons/01-pack-and-ranking/3", shows="#answer"),
    Family("lesson-legal-cards", LESSON_STEP, shows="#answer"),
    Family("lesson-trick-winner", "/lessons/01-pack-and-ranking/6", shows="#answer"),
    Family("lesson-dispute", "/lessons/02-cutting-and-dealing/5", shows="#answer"),
    Family("lesson-score", "/lessons/03-trump-and-the-turned-king/4", shows="#answer"),
    Family("lesson-exchange", "/lessons/04-proposing-and-the-exchange/3", shows="#answer"),
    Family("lesson-propose-or-play", "/lessons/15-jeux-de-regle/3", shows="#answer"),
    Family("lesson-wrong-answer", LESSON_STEP, then=answer_wrongly, shows="#feedback.wrong"),
    Family("lesson-right-answer", LESSON_STEP, then=answer_rightly, shows="#feedback.right"),
    Family("practice", "/lessons/practice/", then=owe_practice, shows="#start-practice"),
    Family("practice-drill", "/lessons/practice/play.head-the-trick/1", shows="#answer"),
    # /play: the start, a game in play, the referee's first question, a refused card, the end, the reviews
    Family("play-start", "/play/"),
    Family("play-start-unfinished", "/play/", then=leave_a_game_unfinished, shows="#unfinished"),
    Family("progress-unfinished", "/progress/", then=leave_a_game_unfinished, shows="#unfinished"),
    Family("play-hand", lambda: f"/play/game?g={_token(_game_in_play())}", shows="#your-hand button.cardbtn"),
    Family("play-referee", lambda: f"/play/referee?g={_token(_game_in_play())}", shows="#question"),
    Family("play-refusal", _refused_card, shows="#refusal", then=play_refused_card),
    Family("play-over", lambda: f"/play/game?g={_token(_game_over())}", shows="#result"),
    Family("play-review", lambda: f"/play/review?g={_token(_game_after_a_deal())}&deal=1", shows="#tricks-title"),
    Family("play-summary", lambda: f"/play/summary?g={_token(_game_over())}", shows="#rules-title"),
    # the site under a club's house rules (test_browser_house.py)
    Family("house-home", "/", house=True, shows=".house"),
    Family("house-score-form", "/legal/score", house=True, shows="details.agreements[open]"),
    Family("house-ruling", RULING, house=True, shows="#verdict"),
    Family("not-found", "/no-such-page", status=404),
    # /marque: the score sheet with hands on it, a hand refused, a correction, the follow link, the page to print
    Family("marque-start", "/marque/", shows="#new-sheet"),
    Family("marque-sheet", "/marque/", then=marque_states.start_sheet, shows="#entry-2"),
    Family("marque-refused", "/marque/", then=marque_states.refused_hand, shows="#errors"),
    Family("marque-entry", "/marque/", then=marque_states.correction, shows="#history"),
    Family("marque-follow", "/marque/", then=marque_states.followed, shows="#read-only"),
    Family("marque-print", "/marque/", then=marque_states.printed, shows=".print-game"),
]


# The French pages the gate visits (issue 42): the crawl follows each page's link to its French twin and keeps one
# page of each route in French (crawl.py); the gate takes of those the routes below, then one page of each other area
# (crawl.by_area), to stay within about 30 s (each visit takes about 2 s).
FRENCH_ROUTES = ("home.index", "rules.rule", "rules.disagreements_part", "rules.part", "legal.score", "legal.play",
                 "lessons.step", "dispute.interview", "casebook.case", "play.start", "progress.index", "marque.index")


def crawled(besides: list[Family]) -> list[Family]:
    """A sample of every family of pages the links and GET forms reach, besides the states given."""
    from crawl import by_area, crawl

    from ecarte_tutor.web import create_app

    listed = [f.url() for f in FAMILIES if isinstance(f.path, str) and not f.house]
    given = {f.url() for f in besides if isinstance(f.path, str) and not f.house and not f.then}
    app = create_app({"TESTING": True, "SECRET_KEY": SECRET})
    everything = crawl(app, ["/", *listed], languages=1)
    found = [sampled for sampled in everything if sampled.url not in given and not sampled.family.endswith(" fr")]
    found += by_area([sampled for sampled in everything if sampled.family.endswith(" fr")], FRENCH_ROUTES)
    names = [f"crawl-{sampled.name}" for sampled in found]
    return [Family(name if names.count(name) == 1 else f"{name}-{names[:i].count(name) + 1}", sampled.url,
                   status=sampled.status) for i, (name, sampled) in enumerate(zip(names, found, strict=True))]


def exercise_states() -> list[Family]:
    """The lesson states no link reaches (issue 43; tests/web/states.py): every state of every rank-order
    exercise, part-way through, and each kind of exercise sent with no answer (its message)."""
    from states import one_step_of_each_kind, rank_order_states, send_empty

    from ecarte_tutor.web import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": SECRET})
    found = [Family(f"lesson-order-{url.split('/')[2][:2]}-{url.count('+') + ('order=' in url)}", url, shows="#answer")
             for url in rank_order_states(app) if "order=" in url]
    return found + [Family(f"lesson-empty-{kind}", url, then=send_empty, shows="#answer")
                    for kind, url in one_step_of_each_kind().items()]


LISTED = FAMILIES + exercise_states()
PAGES = LISTED + crawled(LISTED)


def lesson_steps() -> list[Family]:
    """Every step of every lesson (tests/web/states.py: every_step) not among PAGES."""
    from states import every_step

    walked = {f.url() for f in PAGES if isinstance(f.path, str)}
    return [Family("step-" + url.strip("/").split("/", 1)[1].replace("/", "-"), url)
            for url in every_step() if url not in walked]


STEPS = lesson_steps()


@pytest.fixture(scope="module")
def axe():
    import axe_core

    try:
        axe_core.source()
    except axe_core.Unavailable as exc:
        from test_browser import _unavailable

        _unavailable(str(exc))
    return axe_core


class FamilyPage:
    """The one page every family is visited in (not a new page each), axe-core loaded into each of its documents by an
    init script: sent to Chromium once, not 650 kB a family. A new one when the Chromium was replaced (one that stopped
    answering is killed: test_browser.Chromium)."""

    def __init__(self, script: str):
        self.script, self.page = script, None

    def get(self, chromium):
        chromium.clear_cookies()  # each family starts from a new reader (and a killed Chromium is replaced here)
        if self.page is None or self.page.context is not chromium.context:
            self.page = chromium.new_page()
            self.page.add_init_script(self.script)
            self.page.problems = []
            self.page.on("console", lambda message: self.page.problems.append(message.text)
                         if message.type == "error" else None)
            self.page.on("pageerror", lambda error: self.page.problems.append(str(error)))
        self.page.problems.clear()
        self.page.set_viewport_size(PHONE)
        return self.page


@pytest.fixture(scope="module")
def family_pages(browser_context, axe):
    pages = FamilyPage(axe.source())
    yield pages
    if pages.page is not None and not browser_context.hung:
        pages.page.close(run_before_unload=True)  # not waited for (test_browser.new_page says why)


@pytest.fixture()
def page(family_pages, browser_context):
    """The family page, its console errors of this test failing it (a CSP violation shows there too)."""
    page = family_pages.get(browser_context)
    yield page
    if not browser_context.hung:
        assert page.problems == [], "console errors (a CSP violation shows here too)"


def describe(violation: dict) -> str:
    targets = "; ".join(" ".join(node["target"]) for node in violation["nodes"])
    return f"{violation['id']} ({violation['impact']}): {violation['help']} — {targets}"


# Where a fresh load of the page's address at the present width would stand: at the top, or at its fragment.
AS_LOADED = """() => { window.scrollTo(0, 0); const id = decodeURIComponent(location.hash.slice(1));
    const target = id && document.getElementById(id); if (target) target.scrollIntoView(); }"""


@pytest.mark.parametrize("family", PAGES, ids=[f.name for f in PAGES])
def test_every_family_at_phone_and_desktop(page, base_url, house_url, axe, family):
    """One visit of each family, as a new reader at 390×844: its screenshots at both widths, the measures axe does
    not take (measure.reflow_and_focus: tap targets, focus rings, reflow at 320 px, with text spacing and with 200 %
    text at both widths), then axe at both widths (the page's layout is its CSS's alone: site.js reads no width, so a
    page resized is drawn as one loaded at that width), then what a screen reader hears (heard.said_and_heard).
    Every failure is listed, not only the first."""
    url = (house_url if family.house else base_url) + family.url()
    response = page.goto(url)
    assert response.status == family.status, url
    if family.status >= 400:  # the browser logs the status itself as an error: expected here
        page.problems[:] = [p for p in page.problems if f"status of {family.status}" not in p]
    if family.then:
        family.then(page, url)
    assert page.locator(family.shows).count() >= 1, f"{url} shows no {family.shows}"
    for width, size in WIDTHS.items():
        page.set_viewport_size(size)
        snap(page, family.name, width)
    page.set_viewport_size(PHONE)
    failed = reflow_and_focus(page, family.name, (PHONE, DESKTOP))
    page.evaluate(heard.OPEN_DETAILS)  # check what they fold
    folder = ARTIFACTS / "axe"
    folder.mkdir(exist_ok=True)
    for width, size in WIDTHS.items():
        page.set_viewport_size(size)
        page.evaluate(AS_LOADED)
        results = axe.run(page)
        found = {"url": url, "violations": results["violations"], "incomplete": results["incomplete"]}
        (folder / f"{family.name}-{width}.json").write_text(json.dumps(found, indent=1))
        lesser = [describe(v) for v in results["violations"] if v["impact"] not in BLOCKING]
        if lesser:
            print(f"\n{family.name} at {width} width: {len(lesser)} moderate or minor\n  " + "\n  ".join(lesser))
        failed += [f"axe at {width} width: {describe(v)}" for v in results["violations"] if v["impact"] in BLOCKING]
    page.set_viewport_size(PHONE)  # heard as at a phone's width (test_browser_heard.py's other tests too)
    failed += [f"by ear: {found}" for found in heard.said_and_heard(page)]
    assert failed == [], f"{family.name} ({url}):\n" + "\n".join(failed)


@pytest.mark.parametrize("family", STEPS, ids=[f.name for f in STEPS])
def test_every_lesson_step_at_phone_width(page, base_url, axe, family):
    """Each lesson step the families above leave out, walked as bench/a11y_walk.py walks every state
    (measure.findings): axe at 390×844, every rule on; targets under 44 px outside sentences; no sideways scrolling
    at 320 px, with text spacing, with 200 % text at 390 and 1280 px; forced colours keep every box."""
    url = base_url + family.url()
    assert page.goto(url).status == 200, url
    found = findings(page, axe.run)
    assert {k: found[k] for k in BARRIERS if found[k]} == {}, f"{url}: {found}"
