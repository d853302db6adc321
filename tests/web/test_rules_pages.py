"""``/rules``, ``/rules/disagreements`` and ``/laws``: contents with an anchor per rule id, and parts."""
import re
from types import SimpleNamespace

import pytest
from data_under_test import PROFILES
from markupsafe import escape

from ecarte_tutor.web import create_app

PART = re.compile(r'href="(/(?:rules/part|laws/part|rules/disagreements/)[^"#]*)')


@pytest.fixture(scope="module")
def book(app):
    return app.extensions["ecarte_tutor"].book


@pytest.fixture()
def whole(get):
    """A long page as a reader has it whole: its contents and every part page they link, one after the other."""
    def read(url):
        contents = get(url)
        parts = [get(link.replace("&amp;", "&")) for link in dict.fromkeys(PART.findall(contents.html))]
        pages = [contents, *parts]
        return SimpleNamespace(status=contents.status, html="\n".join(p.html for p in pages),
                               text=" ".join(p.text for p in pages), ids=lambda: set().union(*(p.ids() for p in pages)),
                               links=lambda: [link for p in pages for link in p.links()], parts=parts)
    return read


def test_every_rule_has_its_anchor(get, book):
    ids = get("/rules").ids()
    missing = [rule_id for rule_id in book.rules if rule_id not in ids]
    assert missing == []


def test_every_section_is_shown_and_every_source_has_its_anchor(get, whole, book):
    page = whole("/rules")
    laws = get("/laws")
    for section in book.sections:
        assert section.title in (laws.text if section.name == "law" else page.text)
    sources = get("/rules/sources")
    for source_id, source in book.sources.items():
        assert f"source-{source_id}" in sources.ids()
        assert source["title"] in sources.text


def test_statements_are_rendered_from_markdown(whole, book):
    page = whole("/rules")
    rule = book.rules["pack.rank-order"]
    assert "**" not in page.html[page.html.index('id="pack.rank-order"'):][:3000]
    assert "<strong>" in page.html
    assert rule.title in page.text


@pytest.mark.parametrize("profile", PROFILES)
def test_profile_switch_shows_each_profiles_values(whole, book, profile):
    page = whole(f"/rules?profile={profile}")
    assert page.status == 200
    assert f'<option value="{profile}" selected>' in page.html
    name = book.profiles[profile].title.split(" — ")[0]
    for rule in book.variants[:3]:
        article = page.html[page.html.index(f'<article class="rule" id="{rule.id}"'):]
        assert f"Under <strong>{escape(name)}</strong>: {escape(rule.variant['profiles'][profile]['says'])}" \
            in article[:4000]


def test_bad_profile_is_400(get):
    page = get("/rules?profile=mars")
    assert page.status == 400
    assert "mars" in page.text


def test_disagreements_show_every_profile_and_source(whole, book):
    page = whole("/rules/disagreements?profile=modern")
    assert page.status == 200
    for rule in book.variants:
        assert rule.id in page.ids()
        for profile in PROFILES:
            assert rule.variant["profiles"][profile]["says"].split()[0] in page.text
    disputed = [rule for rule in book.rules.values() if rule.disagreements]
    for rule in disputed:
        assert f"disagree-{rule.id}" in page.ids()
    assert 'class="current"' in page.html
    # a referee's report: where a profile's source leaves a question open, our reading was on the rule's own page
    # only; the disagreements page shows it beside the profiles' choices
    for rule in book.variants:
        for reading in rule.readings:
            assert f"Left open: {reading['topic']}" in page.text and reading["reading"].split(".")[0] in page.text


def test_laws_page_lists_every_law_in_the_book(get, whole, book):
    page = whole("/laws")
    for number, rule in book.laws.items():
        assert rule.id in get("/laws").ids(), "the contents keep each law's anchor"
        assert f"Law {number} — {rule.title}" in page.text
        assert f'href="/laws/{number}">its page, sources and cases</a>' in page.html, "each law's page is one tap away"
    assert "Sources:" in get("/rules/law.43").text
    assert "Sources:" in get("/laws/43").text


def test_single_rule_page(get, book):
    page = get("/rules/pack.rank-order?profile=french")
    assert page.status == 200
    assert book.rules["pack.rank-order"].title in page.text


@pytest.mark.parametrize("query", ["", "?profile=french"])
def test_see_also_links_lead_to_the_rule_on_the_rule_book_page(get, whole, book, query):
    anchors = whole("/rules").ids()
    rule = next(rule for rule in book.rules.values() if rule.see_also)
    page = get(f"/rules/{rule.id}{query}")
    article = page.html[page.html.index(f'id="{rule.id}"'):]
    see_also = article[article.index("See also:"):article.index("</p>", article.index("See also:"))]
    links = re.findall(r'href="([^"]+)"', see_also)
    assert len(links) == len(rule.see_also)
    for link, other in zip(links, rule.see_also, strict=True):
        law = book.rules[other].law
        if law:
            assert link == f"/laws/{law}", "a law: its own page"
        else:
            part, anchor = link.split("#")
            assert anchor == other and part.startswith("/rules/part/") and part.endswith(query), \
                "the part of the rule book that shows it, in the same profile, at the rule"
            assert other in anchors and f'id="{other}"' in get(part).html


@pytest.mark.parametrize("query", ["", "?profile=french"])
def test_each_rule_in_the_book_links_to_its_own_page_with_the_sources(get, whole, book, query):
    contents, page = get(f"/rules{query}"), whole(f"/rules{query}")
    for rule in book.rules.values():
        entry = re.search(rf'<a id="{re.escape(rule.id)}" href="[^"]*"', contents.html).group(0)
        if rule.law:  # a law is listed by its number, linked to its own page
            assert f'href="/laws/{rule.law}"' in entry
        else:  # the contents link the part that shows it, whose heading opens its own page
            assert re.search(rf'href="/rules/part/{rule.section}(/\d+)?{re.escape(query)}#{re.escape(rule.id)}"', entry)
            assert f'href="/rules/{rule.id}{query}"' in page.html
    one = get(f"/rules/play.follow-suit{query}")
    assert "Sources:" in one.text and "play.follow-suit" in one.text


def test_the_book_shows_game_rules_in_full_and_variants_by_the_profiles_choice(whole, book):
    page = whole("/rules?profile=modern")
    follow = book.rules["play.follow-suit"]
    first_words = " ".join(re.sub(r"[*_`]", "", follow.statement).split()[:6])
    assert first_words in page.text
    variant = book.variants[0]
    entry = page.html[page.html.index(f'<article class="rule" id="{variant.id}"'):]
    entry = entry[:entry.index("</article>")]
    says = variant.variant["profiles"]["modern"]["says"]
    assert escape(says) in entry, "a variant under a profile: that profile's choice in words"
    assert variant.variant["parameter"] not in entry, "the parameter's name is for referees"
    assert re.search(rf'href="/rules/disagreements/variants(/\d+)?\?profile=modern#{re.escape(variant.id)}"', entry)


def test_the_laws_page_takes_no_profile(get):
    assert get("/laws?profile=mars").status == 200


def test_the_profile_switch_is_the_shared_select_with_its_button(get):
    page = get("/rules/part/variant?profile=modern")
    switch = page.html[page.html.index('<form class="rerule"'):]
    switch = switch[:switch.index("</form>")]
    assert '<label class="profile">Show the rules of' in switch
    assert '<option value="modern" selected>' in switch
    assert "<button type=\"submit\">Show</button>" in switch and "data-autosubmit" not in switch


def test_the_default_profile_comes_from_the_rule_book_not_a_literal(monkeypatch):
    app = create_app({"TESTING": True, "SECRET_KEY": "x"})
    monkeypatch.setattr(app.extensions["ecarte_tutor"].book, "default_profile", "french")  # the book is shared
    client = app.test_client()
    page = client.get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S").get_data(as_text=True)
    assert "Ruled under French (explicit conventions)" in re.sub(r"<[^>]+>", "", page)
    assert 'href="/rules/part/play#play.head-the-trick"' in page  # the default profile needs no parameter
    london = client.get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S&profile=london").get_data(as_text=True)
    assert 'href="/rules/part/play?profile=london#play.head-the-trick"' in london
    blank = client.get("/legal/").get_data(as_text=True)
    assert '<option value="french" selected>' in blank
    rules = client.get("/rules/part/variant").get_data(as_text=True)
    assert "Under <strong>French (explicit conventions)</strong>" in rules


def test_every_law_has_a_page_of_its_own(get, book):
    numbers = sorted(book.laws)
    for at, number in enumerate(numbers):
        page = get(f"/laws/{number}")
        assert page.status == 200
        assert re.search(rf"<h1>Law {number} — {re.escape(str(escape(book.laws[number].title)))}</h1>", page.html)
        links = page.links()
        assert any(re.fullmatch(rf"/laws/part/[\w-]+(/\d+)?#law\.{number}", link) for link in links), \
            "back to its place among the laws"
        if at:
            assert f"/laws/{numbers[at - 1]}" in links
        if at + 1 < len(numbers):
            assert f"/laws/{numbers[at + 1]}" in links
        for relation in book.laws[number].relations:
            assert f"/laws/{relation['law']}" in links, "the laws it works with, each on its page"


@pytest.mark.parametrize("url", ["/laws/0", "/laws/99", "/laws/x"])
def test_a_law_that_is_not_is_a_404(get, url):
    assert get(url).status == 404


def test_the_laws_contents_reach_every_law(get, book):
    page = get("/laws")
    for number, rule in book.laws.items():
        part = re.search(rf'<a id="{re.escape(rule.id)}" href="([^"#]+)#{re.escape(rule.id)}"', page.html).group(1)
        assert f'<h2><a href="/laws/{number}">' in get(part).html, "each law's heading opens its own page"


def test_the_rule_books_contents_reach_every_section(get, whole, book):
    page = get("/rules")
    for section in book.sections:
        if section.name != "law":
            assert f'id="section-{section.name}"' in page.html
            assert re.search(rf'<h3 id="section-{section.name}-title"><a href="/rules/part/{section.name}"', page.html)
    parts = whole("/rules").parts
    assert len(parts) >= len({s.name for s in book.sections}) - 1 and all(p.status == 200 for p in parts)
    for part in parts:  # each part leads back to the contents, and on to the next part
        assert "/rules#section-" in " ".join(part.links())


def test_every_old_anchor_is_kept_in_the_contents(get, book):
    """/rules#play.follow-suit, /laws#law.43 and /rules/disagreements#variant.… still reach their rule: the
    contents hold the anchor, as a link to the part that shows it (site.js follows it)."""
    for url, ids in (("/rules", list(book.rules)), ("/laws", [r.id for r in book.laws.values()]),
                     ("/rules/disagreements", [r.id for r in book.variants]
                      + [f"disagree-{r.id}" for r in book.rules.values() if r.disagreements])):
        page = get(url)
        for anchor in ids:
            tag = re.search(rf'<a id="{re.escape(anchor)}" href="([^"]+)" data-moved>', page.html)
            assert tag, f"{url}#{anchor}"
            target = tag.group(1).replace("&amp;", "&")
            if "#" in target:
                assert f'id="{target.split("#")[1]}"' in get(target.split("#")[0]).html, f"{url}#{anchor}"


def test_a_part_that_is_not_is_a_404(get):
    assert get("/rules/part/nothing").status == 404
    assert get("/laws/part/dealing/99").status == 404


def test_the_jump_list_stays_at_the_top(client):
    with client.get("/static/css/site.css") as response:
        css = response.get_data(as_text=True)
    rule = re.search(r"\.jump \{[^}]*\}", css).group(0)
    assert "position: sticky" in rule and "top: 0" in rule
