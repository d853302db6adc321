""""Where this rule is used" on every rule and law page (ecarte_tutor.trace), every link of it opening."""
import pytest


@pytest.fixture(scope="module")
def trace(app):
    return app.extensions["ecarte_tutor"].trace()


def section(page):
    start = page.html.index('id="where-used"')
    return page.html[start:page.html.index("</details>", start)]


def test_every_rule_page_says_where_the_rule_is_used(get, app):
    book = app.extensions["ecarte_tutor"].book
    for rule in book.rules.values():
        page = get(f"/rules/{rule.id}")
        assert "Where this rule is used" in page.html, rule.id
        assert f"<code>{rule.file}:" in section(page), rule.id


def test_every_law_page_says_where_the_law_is_used(get, app):
    for number in app.extensions["ecarte_tutor"].book.laws:
        assert "Where this rule is used" in get(f"/laws/{number}").html


def test_the_rule_page_names_the_code_the_cases_and_the_lesson(get, trace):
    part = section(get("/rules/play.head-the-trick"))
    found = trace.rule("play.head-the-trick")
    duty = next(use for use in found.code if use.what == "ecarte_tutor.engine.play.duty")
    assert f"<code>{duty.place}</code>" in part
    assert 'href="/lessons/07-following-and-trumping/1"' in part
    assert 'href="/lessons/practice/play.head-the-trick/1"' in part


def test_every_link_of_the_index_opens(client, trace):
    for target in ("play.head-the-trick", "law.17", "law.43", "scoring.point"):
        for _, uses in trace.rule(target).sections():
            for use in uses:
                if use.url:
                    status = client.get(use.url).status_code
                    assert status in (200, 303), (target, use.url, status)
