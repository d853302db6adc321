"""``/casebook``: every scenario with its ruling, searchable with a plain GET form."""
import re

from data_under_test import LIBRARY

from ecarte_tutor.web.casebook import PAGE_SIZE, reopen_url


def test_casebook_lists_cases_with_rulings(get, app):
    page = get("/casebook/")
    assert page.status == 200
    total = len(LIBRARY.scenarios)
    assert f"{total} cases" in page.text
    shown = min(total, PAGE_SIZE)
    assert page.html.count('<article class="case"') == shown


def test_every_case_is_answered_without_a_fault(app):
    with app.app_context():
        entries = app.extensions["ecarte_tutor"].casebook()
    faults = [e.scenario.id for e in entries if (e.answer.get("error") or {}).get("code") == "internal-error"]
    assert faults == []


def test_every_citation_in_the_casebook_has_an_anchor(get, app):
    anchors = get("/rules").ids()
    with app.app_context():
        entries = app.extensions["ecarte_tutor"].casebook()
    cited = {rule_id for e in entries for rule_id in e.answer.get("cites", []) or []}
    assert cited - anchors == set()


def test_search_filters_without_javascript(get):
    cases = LIBRARY.scenarios
    target = cases[0]
    page = get(f"/casebook/?q={target.id}")
    assert page.status == 200
    assert target.id in page.ids()
    assert "match" in page.text
    none = get("/casebook/?q=zzzz-no-such-words")
    assert "No case matches" in none.text


def test_kind_filter(get):
    page = get("/casebook/?kind=play")
    assert page.status == 200
    assert "dispute" not in " ".join(p for p in page.ids() if p.startswith("dispute."))


def test_search_text_is_escaped(get):
    page = get("/casebook/?q=%3Cscript%3Ex%3C/script%3E")
    assert "<script>x" not in page.html
    assert "&lt;script&gt;x" in page.html


def test_paging(get):
    total = len(LIBRARY.scenarios)
    if total <= PAGE_SIZE:
        assert get("/casebook/?page=2").status == 404
        return
    page = get("/casebook/?page=2")
    assert page.status == 200
    assert 'rel="prev"' in page.html


def test_bad_page_number(get):
    assert get("/casebook/?page=two").status == 400


def test_reopen_url_puts_a_question_back_in_its_form(app):
    with app.test_request_context():
        check_reopen_urls()


def check_reopen_urls():
    assert reopen_url({"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S"]}) == \
        "/legal/?trump=H&led=JS&hand=QS&hand=7S"
    assert reopen_url({"kind": "dispute", "facts": {"irregularity": "revoke", "elder_looked": True}}) == \
        "/dispute/?irregularity=revoke&elder_looked=true"
    assert reopen_url({"kind": "hand"}) is None
    assert reopen_url("not a question") is None


def test_reopened_cases_rule_again(get, app):
    for case in LIBRARY.scenarios:
        with app.test_request_context():
            link = reopen_url(case.question)
        if link and case.question.get("kind") in ("play", "trick", "score", "exchange") and "error" not in case.expect:
            page = get(link)
            assert page.status == 200, (case.id, link, page.text[:500])


def test_a_play_cases_cards_say_whether_they_may_be_played(get):
    case = next(c for c in LIBRARY.scenarios if c.question.get("kind") == "play" and "error" not in c.expect)
    page = get(f"/casebook/?q={case.id}")
    article = page.html[page.html.index(f'id="{case.id}"'):]
    article = article[:article.index("</article>")]
    notes = re.findall(r'aria-label="[^"]+, (may(?: not)? be played)"', article)
    assert len(notes) == len(case.question["hand"])
    assert "may be played" in notes
    assert re.search(r'class="card [a-z]+ legal mini" role="img" aria-label="[^"]+, may be played"', article)


def test_a_cases_citations_and_laws_keep_its_profile(get, app):
    case = next(c for c in LIBRARY.scenarios if c.question.get("profile") == "french"
                and c.question.get("kind") == "exchange")
    page = get(f"/casebook/?q={case.id}")
    article = page.html[page.html.index(f'id="{case.id}"'):]
    article = article[:article.index("</article>")]
    assert '<div class="cites">' in article
    cites = re.findall(r'href="(/rules[^"#]*)#', article)
    assert cites and set(cites) == {"/rules?profile=french"}
    with app.app_context():
        ruled = next(e for e in app.extensions["ecarte_tutor"].casebook() if e.answer.get("laws"))
    page = get(f"/casebook/?q={ruled.scenario.id}")
    article = page.html[page.html.index(f'id="{ruled.scenario.id}"'):]
    article = article[:article.index("</article>")]
    for number in ruled.answer["laws"]:
        assert f'<a href="/laws#law.{number}">{number}</a>' in article
