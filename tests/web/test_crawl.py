"""The crawl the page checks share (tests/web/crawl.py): GET forms are followed as links are."""
from __future__ import annotations

from crawl import crawl, sent

FORM = """<form class="step-form" method="get" action="/dispute/#answer"><input type="hidden" name="irregularity"
value="wrong-card-count"><input type="checkbox" name="agree" value="doubling" checked><input type="checkbox"
name="agree" value="other"><button type="submit" name="trump_turned" value="true">Yes</button>
<button type="submit" name="trump_turned" value="false">No</button></form>
<form method="post" action="/lessons/x/1"><button type="submit">Check</button></form>
<form method="get" action="/casebook/"><input type="search" name="q" value="knave &amp; king"><button type="submit">
Search</button></form>"""


def test_a_get_form_is_sent_once_for_each_named_button_and_once_as_it_stands():
    assert sent(FORM) == [
        "/dispute/?irregularity=wrong-card-count&agree=doubling&trump_turned=true",
        "/dispute/?irregularity=wrong-card-count&agree=doubling&trump_turned=false",
        "/dispute/?irregularity=wrong-card-count&agree=doubling",
        "/casebook/?q=knave+%26+king",
    ]


def test_the_crawl_reaches_the_pages_only_forms_lead_to(app):
    """The dispute's questions lead to its rulings, a rank-order exercise's taps to its states part-way through,
    /legal's forms sent as they stand to their refusals: families no link reaches."""
    found = crawl(app, ["/"])
    families = {page.family for page in found}
    assert "dispute.interview dispute/ruling.html 200" in families
    assert "legal.play legal/play.html 400" in families
    assert any("order=" in page.url for page in crawl(app, ["/lessons/01-pack-and-ranking/3"], per_family=40))
