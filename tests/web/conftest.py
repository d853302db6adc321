"""Fixtures for the site: the app, its test client, and a helper that reads pages like a reader."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from ecarte_tutor.web import create_app


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A browser test that runs past its time has a Chromium that stopped answering: it is killed (the call
    waiting on it ends in an error), and the test fails saying so; the next test starts a new Chromium."""
    chromium = item.funcargs.get("browser_context") if hasattr(item, "funcargs") else None
    if chromium is None:
        return (yield)
    from test_browser import BROWSER_SECONDS

    with chromium.watch(BROWSER_SECONDS):
        try:
            return (yield)
        finally:
            if chromium.hung:
                pytest.fail(f"Chromium did not answer within {BROWSER_SECONDS} s: it was stopped", pytrace=False)


# The browser tests' servers and Chromium (tests/web/test_browser.py), started once a session and shared by every
# browser module (issue 37): they took 5-10 s a module to start and stop, and under pytest-xdist again at each
# change of module in a worker.
BROWSER_SECRET = "browser-tests"  # the key the browser tests' tokens are signed with
HOUSE_FILE = Path(__file__).resolve().parents[2] / "rules" / "houses" / "cercle-exemple.yaml"


@pytest.fixture(scope="session")
def base_url():
    from test_browser import serving

    with serving({"SECRET_KEY": BROWSER_SECRET}) as url:
        yield url


@pytest.fixture(scope="session")
def house_url():
    """The site under the house rules of the Cercle de l'Exemple."""
    from test_browser import serving

    with serving({"SECRET_KEY": BROWSER_SECRET, "HOUSE_FILE": str(HOUSE_FILE)}) as url:
        yield url


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    from test_browser import chromium_for_the_session

    yield from chromium_for_the_session(tmp_path_factory)


@pytest.fixture(scope="module")
def browser_context(chromium):
    """The session's Chromium, cookies cleared: each module starts as a new reader, as with a Chromium of its own."""
    chromium.clear_cookies()
    return chromium


@pytest.fixture()
def page(browser_context):
    from test_browser import new_page

    yield from new_page(browser_context)


@pytest.fixture(scope="session")
def app():
    """One app for the session: the rule book is read once, as in production."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret"})
    return app


@pytest.fixture()
def client(app):
    return app.test_client()


class Page:
    """A fetched page, with the few questions tests ask of its HTML."""

    def __init__(self, response):
        self.response = response
        self.status = response.status_code
        self.html = response.get_data(as_text=True)

    @property
    def text(self) -> str:
        """The visible words, tags removed and spaces squeezed."""
        body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", self.html, flags=re.S)
        body = re.sub(r'<span class="sr">[^<]*</span>', "", body)  # heard, not seen: "seven of hearts" beside 7♥
        body = re.sub(r'<span class="s-(?:red|black)">(.)</span>', r"\1", body)  # a coloured suit is part of its word
        body = re.sub(r'<span aria-hidden="true">([^<]*)</span>', r"\1", body)
        return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))

    def ids(self) -> set[str]:
        return set(re.findall(r'\bid="([^"]+)"', self.html))

    def links(self) -> list[str]:
        return [href.replace("&amp;", "&") for href in re.findall(r'<a [^>]*href="([^"]+)"', self.html)]

    def tag(self, element_id: str) -> str | None:
        """The opening tag of the element with this id (None when there is none)."""
        match = re.search(rf'<[a-z]+ [^>]*\bid="{re.escape(element_id)}"[^>]*>', self.html)
        return match.group(0) if match else None

    def summary_links(self) -> list[tuple[str, str]]:
        """The error summary's links to fields, as (target id, message)."""
        box = re.search(r'<div class="error-box"[^>]*>.*?</div>', self.html, flags=re.S)
        return re.findall(r'<a href="#([^"]+)">(.*?)</a>', box.group(0), flags=re.S) if box else []

    def checked(self, name: str) -> set[str]:
        """Values of the checked inputs named ``name``."""
        found = set()
        for tag in re.findall(r"<input [^>]*>", self.html):
            if f'name="{name}"' in tag and " checked" in tag:
                value = re.search(r'value="([^"]*)"', tag)
                found.add(value.group(1) if value else "")
        return found


@pytest.fixture()
def get(client):
    """Fetch a page and wrap it: ``get("/rules").text``."""
    def fetch(url, **kwargs):
        return Page(client.get(url, **kwargs))
    fetch.post = lambda url, **kwargs: Page(client.post(url, **kwargs))  # a form that acts: get.post(url, data=…)
    return fetch


@pytest.fixture()
def answer(client):
    """POST an answer as its page's form does: with the page's progress counter (``seq``), read from the page
    drawn just before (GET draws an exercise without changing progress). A ``seq`` given is sent as it is."""
    def post(url, data=None, **kwargs):
        data = dict(data or {})
        if "seq" not in data:
            page = client.get(url.split("#")[0]).get_data(as_text=True)
            found = re.search(r'name="seq" value="(\d+)"', page)
            assert found, f"no progress counter on {url}"
            data["seq"] = found.group(1)
        return client.post(url, data=data, **kwargs)
    return post


def progress_of(app, client):
    """The progress the store holds for the learner the client's cookie names (empty: none)."""
    from ecarte_tutor.lessons import Progress
    from ecarte_tutor.web.progress import LEARNER, STORE

    with client.session_transaction() as session:
        key = session.get(LEARNER)
    return app.extensions[STORE].progress(key) if key else Progress()
