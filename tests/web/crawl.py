"""The site's pages by family, found by following its links (no list to keep up to date).

A family is what one route of the app draws with one template and one status: ``/casebook/<id>``
is one family; ``/dispute/`` drawing a question another than ``/dispute/`` drawing a ruling; a
form sent back with its messages (400) another than the form. The crawl starts at the home page
and at the pages given (states no link reaches: a game, a refused move), follows every same-site
link and GET form (crawl.sent) breadth first through the test client (reading up to ``explore`` pages of each family for
their links), and keeps ``per_family`` addresses of each family, with as many different sets of
query fields as it can: every page family a link reaches is sampled, and a page another helper
adds is sampled as soon as a page links it. Pages only: a download (the progress export) is none.

The footer links each page to itself in the other language (issue 42). With ``languages`` the crawl follows those
links too, and keeps ``languages`` pages of each route in each other language, as families of their own (the
family's name ends with the language): a French page is read by a client of its own, so that the cookie that
remembers the language never turns the English crawl French, and only as many as are kept are read, so that the
crawl stays as long as it was.
"""
from __future__ import annotations

import html
import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import parse_qs, parse_qsl, urlencode, urlsplit

from flask import template_rendered
from werkzeug.exceptions import HTTPException

LINK = re.compile(r'<a [^>]*href="([^"#]*)[^"]*"')
FORM = re.compile(r'<form [^>]*method="get"[^>]*>.*?</form>', re.S)
ACTION = re.compile(r'action="([^"#]*)')
FIELD = re.compile(r'<input [^>]*>')
BUTTON = re.compile(r'<button [^>]*type="submit"[^>]*>')
ATTR = re.compile(r'\b(type|name|value)="([^"]*)"')
SKIP = ("/api/", "/static/")
# The footer's link to the same page in another language (issue 42): followed only when the crawl is asked for
# other languages (crawl's languages).
OTHER_LANGUAGE = re.compile(r"[?&](?:amp;)?lang=")


@dataclass(frozen=True)
class Sampled:
    family: str   # "dispute.interview dispute/ruling.html 200"
    url: str
    status: int

    @property
    def name(self) -> str:
        """The address as a test id: a signed or sealed token (a game's) is named "signed", the same in every process
        (pytest-xdist's workers must name their tests alike; the token's signature differs)."""
        url = re.sub(r"\.eJ[\w.-]*|(?<==)s\.[\w-]+", "signed", self.url)  # signed, or sealed (web.tokens.seal)
        return re.sub(r"[^\w.-]+", "-", url.strip("/") or "home")[:80]


def sent(page: str) -> list[str]:
    """The addresses the page's GET forms send as they stand: once for each named submit button (the dispute's
    answers, a rank-order exercise's taps) and once without (a form's own button), with the fields given
    (hidden, filled in, ticked). A GET form is a link with fields: its answers are pages as much as its links."""
    found = []
    for form in FORM.findall(page):
        action = ACTION.search(form)
        given = []
        for tag in FIELD.findall(form):
            attrs = dict(ATTR.findall(tag))
            kind = attrs.get("type", "text")
            if "name" in attrs and (kind in ("hidden", "text", "number", "search")
                                    or (kind in ("radio", "checkbox") and " checked" in tag)):
                given.append((attrs["name"], html.unescape(attrs.get("value", ""))))
        buttons = [dict(ATTR.findall(tag)) for tag in BUTTON.findall(form)]
        for button in [b for b in buttons if "name" in b][:8] + [{}]:
            fields = given + ([(button["name"], html.unescape(button.get("value", "")))] if button else [])
            # a GET form's fields replace its action's query, as a browser sends it (a page in another language
            # carries its language as a hidden field, and in its action)
            target = html.unescape(action.group(1)).split("?")[0] if action else ""
            found.append(f"{target}?{urlencode(fields)}")
    return found


def endpoint_of(app, url: str) -> str | None:
    try:
        endpoint, _ = app.url_map.bind("localhost").match(urlsplit(url).path, "GET")
    except HTTPException:
        return None
    return str(endpoint)


def fields_of(url: str) -> frozenset[str]:
    return frozenset(key for key, _ in parse_qsl(urlsplit(url).query, keep_blank_values=True))


def lang_of(url: str) -> str | None:
    """The language the address asks for (``?lang=fr``), or None (the crawl's own: English)."""
    found = parse_qs(urlsplit(url).query).get("lang")
    return found[0] if found and found[0] != "en" else None


def crawl(app, start: Iterable[str] = ("/",), per_family: int = 2, explore: int = 40,
          limit: int = 3000, languages: int = 0) -> list[Sampled]:
    """Up to ``per_family`` pages of every family reachable by links from ``start``; with ``languages``, that many
    pages of each route in each other language besides (module docstring)."""
    clients: dict[str | None, object] = {}
    drawn: list[str] = []
    other: dict[tuple[str, str], int] = {}  # (route, language) -> pages of it read

    def record(sender, template, context, **extra):
        drawn.append(template.name)

    seen: set[str] = set()
    read: dict[str, int] = {}
    kept: dict[str, list[Sampled]] = {}
    queue = deque(start)
    with template_rendered.connected_to(record, app):
        while queue and len(seen) < limit:
            url = queue.popleft().replace("&amp;", "&")
            asked = OTHER_LANGUAGE.search(url)
            lang = lang_of(url) if asked else None
            # the English pages are read without a language (a French page's link back to English is the page
            # the crawl reads already); another language's, only when asked for
            if url in seen or not url.startswith("/") or url.startswith(SKIP) or (asked and not (lang and languages)):
                continue
            seen.add(url)
            endpoint = endpoint_of(app, url)
            if endpoint is None or read.get(endpoint, 0) >= explore * 4:
                continue
            if lang:
                if other.get((endpoint, lang), 0) >= languages:
                    continue
                other[endpoint, lang] = other.get((endpoint, lang), 0) + 1
            else:
                read[endpoint] = read.get(endpoint, 0) + 1  # pages fetched, kept or not: the interview's forms lead far
            drawn.clear()
            client = clients.get(lang) or clients.setdefault(lang, app.test_client())
            response = client.get(url)
            if response.status_code in (301, 302, 303, 307, 308):
                queue.appendleft(response.headers["Location"])
                continue
            if response.mimetype != "text/html":  # a download (the progress export): no page to check
                continue
            family = f"{endpoint} {drawn[0] if drawn else '-'} {response.status_code}" + (f" {lang}" if lang else "")
            if len(kept.setdefault(family, [])) >= explore:
                continue
            kept[family].append(Sampled(family, url, response.status_code))
            text = response.get_data(as_text=True)
            queue.extend(LINK.findall(text) + sent(text))
    return [page for pages in kept.values() for page in varied(pages, per_family)]


def by_area(pages: list[Sampled], routes: Iterable[str] = ()) -> list[Sampled]:
    """A few of ``pages`` (one language's, say): those of the ``routes`` named, in their order, then the first of each
    area (a blueprint: ``rules``, ``legal``...) none of them is in; never an error page."""
    shown = [page for page in pages if page.status == 200]
    route = {page.url: page.family.split()[0] for page in shown}
    chosen = [page for name in routes for page in shown if route[page.url] == name]
    areas = {route[page.url].split(".")[0] for page in chosen}
    for page in shown:
        area = route[page.url].split(".")[0]
        if area not in areas:
            areas.add(area)
            chosen.append(page)
    return chosen


def varied(pages: list[Sampled], count: int) -> list[Sampled]:
    """``count`` of ``pages``: the first, then those with query fields not yet sampled, then evenly spaced."""
    chosen = pages[:1]
    for page in pages[1:]:
        if len(chosen) < count and fields_of(page.url) not in {fields_of(c.url) for c in chosen}:
            chosen.append(page)
    step = max(1, len(pages) // count)
    for page in pages[::step]:
        if len(chosen) < count and page not in chosen:
            chosen.append(page)
    return chosen
