"""The crawl in other languages (issue 42): the footer's link to a page's French twin is followed, one page of each
route is kept in French, and the English crawl stays as it was (tests/web/crawl.py)."""
from __future__ import annotations

import pytest
from crawl import Sampled, by_area, crawl, sent

START = ["/", "/legal/score?elder_tricks=2&king_turned=on", "/rules/play.head-the-trick"]


@pytest.fixture(scope="module")
def crawled(app):
    """The crawl without other languages, and with French (each takes some seconds: done once)."""
    return crawl(app, START), crawl(app, START, languages=1)


def test_the_crawl_keeps_one_page_of_each_route_in_french(app, crawled):
    french = [page for page in crawled[1] if page.family.endswith(" fr")]
    routes = [page.family.split()[0] for page in french]
    assert len(routes) == len(set(routes)) and {"home.index", "rules.rule", "legal.score", "progress.index",
                                                 "lessons.index", "casebook.index", "marque.index"} <= set(routes)
    client = app.test_client()
    for page in french:
        assert "lang=fr" in page.url
        assert '<html lang="fr">' in client.get(page.url).get_data(as_text=True), page.url


def test_the_english_crawl_is_the_crawl_it_was(crawled):
    """Asked for French or not, the English families are the same (a play token differs from one deal to the
    next, so only their names are compared), none of them read through a link naming a language."""
    english = {page.family for page in crawled[0]}
    both = crawled[1]
    assert {page.family for page in both if not page.family.endswith(" fr")} == english
    assert not [page.url for page in both if not page.family.endswith(" fr") and "lang=" in page.url]


def test_a_french_get_form_is_sent_as_a_browser_sends_it():
    """Its fields replace its action's query: the language rides as a hidden field, never "?lang=fr?page=2"."""
    page = ('<form class="ask" method="get" action="/legal/score?lang=fr#answer">'
            '<input type="hidden" name="lang" value="fr"><input type="text" name="stock" value="3"></form>')
    assert sent(page) == ["/legal/score?lang=fr&stock=3"]


def test_the_gate_takes_the_routes_named_then_one_page_an_area():
    pages = [Sampled(f"{route} t.html {status} fr", f"/{route}?lang=fr", status)
             for route, status in [("rules.index", 200), ("rules.rule", 200), ("legal.play", 400), ("legal.score", 200),
                                   ("legal.pool", 200), ("home.index", 200)]]
    chosen = [page.family.split()[0] for page in by_area(pages, ("legal.score", "home.index"))]
    assert chosen == ["legal.score", "home.index", "rules.index"]


def test_a_casebook_page_link_keeps_its_language(client):
    """The casebook's pager wrote "/casebook/?lang=fr?page=2" on a French page (a 400): its fields follow the
    language's now; the English link is as it was."""
    page = client.get("/casebook/?lang=fr").get_data(as_text=True)
    assert 'href="/casebook/?lang=fr&amp;page=2"' in page and "?lang=fr?" not in page
    assert 'href="/casebook/?page=2"' in client.get("/casebook/?lang=en").get_data(as_text=True)
