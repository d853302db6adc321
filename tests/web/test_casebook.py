"""``/casebook``: every scenario with its ruling, searchable with a plain GET form."""
import re

import pytest
from data_under_test import LIBRARY
from markupsafe import escape

from ecarte_tutor.web.casebook import PAGE_SIZE, reopen_url


def test_casebook_lists_cases_by_title_with_their_summaries(get):
    page = get("/casebook/")
    assert page.status == 200
    total = len(LIBRARY.scenarios)
    assert f"{total} cases" in page.text
    shown = LIBRARY.scenarios[:min(total, PAGE_SIZE)]
    assert page.html.count('<li class="case"') == len(shown)
    for case in shown:
        assert f'<a class="case-title" href="/casebook/{case.id}">' in page.html
        assert case.title in page.text


def entries(app):
    with app.app_context():
        return app.extensions["ecarte_tutor"].casebook().entries


def test_every_case_is_answered_without_a_fault(app):
    faults = [e.scenario.id for e in entries(app) if (e.answer.get("error") or {}).get("code") == "internal-error"]
    assert faults == []


def test_every_citation_in_the_casebook_has_a_place_to_go(get, app):
    anchors = get("/rules").ids()
    book = app.extensions["ecarte_tutor"].book
    cited = {rule_id for e in entries(app) for rule_id in e.answer.get("cites", []) or []}
    assert {rule_id for rule_id in cited if not book.rules[rule_id].law} - anchors == set()
    laws = {book.rules[rule_id].law for rule_id in cited if book.rules[rule_id].law}
    assert laws and all(get(f"/laws/{n}").status == 200 for n in laws)


def test_every_case_has_a_page_of_its_own(get):
    for case in LIBRARY.scenarios:
        page = get(f"/casebook/{case.id}")
        assert page.status == 200, case.id
        assert f"<h1>{escape(case.title)}</h1>" in page.html or f" {case.title} " in page.text
        assert escape(case.summary) in page.html or case.summary in page.text


def test_an_unknown_case_is_a_friendly_404(get):
    page = get("/casebook/no.such-case")
    assert page.status == 404
    assert "no such case" in page.text


def test_search_finds_a_case_by_its_id_for_referees(get):
    target = LIBRARY.scenarios[0]
    page = get(f"/casebook/?q={target.id}")
    assert page.status == 200
    assert target.id in page.ids()
    assert "match" in page.text
    none = get("/casebook/?q=zzzz-no-such-words")
    assert "No case matches" in none.text


def test_a_search_for_a_law_the_code_lacks_finds_nothing_and_does_not_fail(get):
    page = get("/casebook/?q=law+0")
    assert page.status == 200
    assert "No case matches" in page.text


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
    assert reopen_url({"kind": "dispute", "agreements": ["bystanders-advise"],
                       "facts": {"irregularity": "bystander-advice"}}) == \
        "/dispute/?agree=&agree=bystanders-advise&irregularity=bystander-advice"
    assert reopen_url({"kind": "hand"}) is None
    assert reopen_url("not a question") is None


def test_a_dispute_case_under_an_agreement_rules_the_same_when_reopened(get, app):
    case = next(c for c in LIBRARY.scenarios if c.id == "agreement.bystanders.backer-points")
    with app.test_request_context():
        link = reopen_url(case.question)
    page = get(link)
    assert page.status == 200 and "The advice was allowed; the player need not follow it" in page.text


def test_reopened_cases_rule_again(get, app):
    for case in LIBRARY.scenarios:
        with app.test_request_context():
            link = reopen_url(case.question)
        if link and case.question.get("kind") in ("play", "trick", "score", "exchange") and "error" not in case.expect:
            page = get(link)
            assert page.status == 200, (case.id, link, page.text[:500])


def test_a_play_cases_cards_say_whether_they_may_be_played(get):
    case = next(c for c in LIBRARY.scenarios if c.question.get("kind") == "play" and "error" not in c.expect)
    article = get(f"/casebook/{case.id}").html
    notes = re.findall(r'<span class="sr">[^<]+, (may(?: not)? be played)</span>', article)
    assert len(notes) == len(case.question["hand"])
    assert "may be played" in notes
    legal = r'class="card [a-z]+ legal mini">(?:<span[^>]*>[^<]*</span>)+<span class="sr">[^<]+, may be played<'
    assert re.search(legal, article)


def test_a_cases_citations_keep_its_profile_and_its_laws_link_to_their_pages(get, app):
    case = next(c for c in LIBRARY.scenarios if c.question.get("profile") == "french"
                and c.question.get("kind") == "exchange")
    article = get(f"/casebook/{case.id}").html
    assert '<div class="cites">' in article
    cites = re.findall(r'<div class="cites">.*?</div>', article, flags=re.S)[0]
    rules = re.findall(r'href="(/rules[^"#]*)#', cites)
    assert rules and all(re.fullmatch(r"/rules/part/[\w-]+(/\d+)?\?profile=french", link) for link in rules)
    ruled = next(e for e in entries(app) if e.answer.get("laws"))
    article = get(f"/casebook/{ruled.scenario.id}").html
    for number in ruled.answer["laws"]:
        assert f'<a href="/laws/{number}">Law {number} — ' in article


def other_cases_section(html):
    match = re.search(r'<section class="other-cases".*?</section>', html, flags=re.S)
    assert match, "every case page ends with the other cases under its law"
    return match.group(0)


def test_every_case_links_to_its_law_and_the_other_cases_under_it(get, app):
    for entry in entries(app):
        section = other_cases_section(get(f"/casebook/{entry.scenario.id}").html)
        links = re.findall(r'href="([^"]+)"', section)
        if entry.law is None:
            assert f"/casebook/?kind={entry.kind}" in links, entry.scenario.id
            continue
        assert f"/laws/{entry.law}" in links, entry.scenario.id
        cases = [link.removeprefix("/casebook/") for link in links if link.startswith("/casebook/")
                 and "?" not in link]
        assert entry.scenario.id not in cases, "the other cases, not this one again"
        with app.app_context():
            under = app.extensions["ecarte_tutor"].casebook().under_law(entry.law, besides=entry.scenario.id)
        assert cases == [e.scenario.id for e in under[:6]], entry.scenario.id


def test_the_law_filter_lists_the_cases_of_a_law_and_refuses_a_law_that_is_not(get, app):
    page = get("/casebook/?law=43")
    assert page.status == 200
    assert "Cases under Law 43 — Revoking, or not winning a trick when able" in page.text
    listed = re.findall(r'<li class="case" id="([^"]+)"', page.html)
    with app.app_context():
        casebook = app.extensions["ecarte_tutor"].casebook()
    assert listed and all(43 in casebook.get(case_id).laws for case_id in listed)
    assert casebook.get(listed[0]).law == 43, "the law's own cases first"
    for bad in ("99", "0", "x", "-1"):
        refused = get(f"/casebook/?law={bad}")
        assert refused.status == 400 and "no law" in refused.text


@pytest.mark.parametrize("query, law", [("two cards turned", 11), ("renege", 43), ("faced card", 12)])
def test_the_reported_searches_rank_the_right_law_first(get, app, query, law):
    page = get(f"/casebook/?q={query.replace(' ', '+')}")
    first = re.search(r'<li class="case" id="([^"]+)"', page.html).group(1)
    with app.app_context():
        assert app.extensions["ecarte_tutor"].casebook().get(first).law == law


def test_a_search_that_matches_no_case_fully_offers_the_nearest(get):
    page = get("/casebook/?q=revoke+zzzz")
    assert "No case matches every word" in page.text
    assert '<li class="case"' in page.html


def test_the_casebook_has_a_jump_list_by_law(get, app):
    page = get("/casebook/")
    jump = re.search(r'<nav class="jump".*?</nav>', page.html, flags=re.S).group(0)
    with app.app_context():
        laws = app.extensions["ecarte_tutor"].casebook().laws()
    assert re.findall(r'href="/casebook/\?law=(\d+)"', jump) == [str(n) for n in laws]
