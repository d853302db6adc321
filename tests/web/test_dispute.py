"""``/dispute``: the interview asks one question a page, keeps the facts in the URL, and rules."""
import re
from urllib.parse import parse_qsl, urlsplit

import pytest

from ecarte_tutor import ask
from ecarte_tutor.web.dispute import fact_text, typed_value

# A path through the interview that ends in a ruling (laws 9 and 16: too few cards, found before the turn-up).
FACTS = [("irregularity", "wrong-card-count"), ("trump_turned", "false"), ("elder_looked", "true"),
         ("hand", "elder"), ("count_error", "too-few")]


def url(pairs):
    return "/dispute/?" + "&".join(f"{k}={v}" for k, v in pairs)


def question_of(page):
    match = re.search(r'<h2 id="question">(.*?)</h2>', page.html)
    return match.group(1) if match else None


def test_first_question_is_what_went_wrong(get):
    page = get("/dispute/")
    assert page.status == 200
    assert question_of(page) == "What went wrong at the table?"
    assert 'name="irregularity" value="revoke"' in page.html


def walk(get):
    """Answer the interview by following its own buttons until a ruling (or 8 steps)."""
    pairs, page = [], get("/dispute/")
    for _ in range(8):
        if question_of(page) is None:
            return pairs, page
        fact = re.search(r'<button type="submit" name="([^"]+)"', page.html).group(1)
        value = dict(FACTS).get(fact) or re.search(
            rf'<button type="submit" name="{fact}" value="([^"]+)"', page.html).group(1)
        pairs.append((fact, value))
        page = get(url(pairs))
    return pairs, page


def test_walking_the_interview_reaches_a_ruling(get):
    pairs, page = walk(get)
    assert page.status == 200, page.text
    assert "The ruling" in page.text
    assert "What the law says" in page.text
    assert "Law 16" in page.text
    assert "chooses" in page.text
    assert "Claim a fresh deal" in page.text  # an option with its consequence
    assert "/laws/16" in page.links(), "a law mentioned in a ruling links to the law's own page"
    assert "Ruled under London (the club code) — the default" in page.text


def test_each_step_keeps_earlier_answers_and_offers_a_back_link(get):
    page = get(url(FACTS[:3]))
    assert question_of(page) is not None
    hidden = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]+)"', page.html)
    assert hidden[:3] == FACTS[:3]
    back = re.search(r'<a href="([^"]+)" rel="prev">', page.html).group(1).replace("&amp;", "&")
    assert parse_qsl(urlsplit(back).query) == FACTS[:2]


def test_a_ruling_is_a_shareable_url(get):
    first = get(url(FACTS))
    again = get(url(FACTS))
    assert first.status == again.status == 200
    assert first.html == again.html
    assert 'id="share-link"' in first.html


def test_profile_rides_along_and_rules_again(get):
    page = get("/dispute/?profile=french&" + url(FACTS).split("?", 1)[1])
    assert page.status == 200
    assert "Ruled under French (explicit conventions)" in page.text
    step = get("/dispute/?profile=french&irregularity=revoke")
    assert 'name="profile" value="french"' in step.html


@pytest.mark.parametrize("query, words", [
    ("irregularity=nonsense", "“nonsense” is not one of the answers to “What went wrong at the table?”"),
    ("irregularity=revoke&planet=mars", "planet"),
    ("irregularity=wrong-card-count&discovered=cutting", "A hand was dealt (or holds) too many or too few cards"),
    ("profile=mars&irregularity=revoke", "mars"),
])
def test_facts_that_cannot_be_ruled_give_a_400_page_with_a_way_back(get, query, words):
    page = get("/dispute/?" + query)
    assert page.status == 400
    assert words in page.text
    assert "Start again" in page.text


def test_user_text_in_facts_is_escaped(get):
    page = get("/dispute/?irregularity=%3Cimg%20src=x%20onerror=alert(1)%3E")
    assert page.status == 400
    assert "<img src=x" not in page.html


def test_fact_values_are_read_as_their_type(app):
    facts = app.extensions["ecarte_tutor"].book.facts
    assert typed_value(facts.get("elder_looked"), "true") is True
    assert typed_value(facts.get("count"), "6") == 6
    assert typed_value(facts.get("count"), "six") == "six"
    assert typed_value(None, "x") == "x"


def test_the_ruling_page_shows_the_answers_law_texts_laws_and_reasons(get, app, monkeypatch):
    facts = dict(FACTS)
    answer = ask({"kind": "dispute", "facts": {**facts, "elder_looked": True, "count": 3}})
    assert answer["status"] == "ruling" and answer["law_text"]
    page = get(url(FACTS))
    for item in answer["law_text"]:
        assert f"Law {item['law']} — {item['title']}" in page.text
    # The reasons under every verdict (m.verdict_reasons): explanation, citations, re-ruling; the laws line only
    # for a law the citations leave out (each cited law is named once, by number and title, in "Decided by").
    cites = page.html.split('class="cites"')[1].split("</div>")[0]
    assert all(f"/laws/{n}" in cites or f"law.{n}" in cites or f"Law {n}" in cites for n in answer["laws"])
    assert ('class="laws"' in page.html) == any(f"law.{n}" not in answer["cites"] for n in answer["laws"])
    assert 'class="cites"' in page.html and 'class="rerule"' in page.html
    assert page.html.count('class="explanation"') == 1
    # The titles are the answer's: a title changed in the answer shows on the page.
    import ecarte_tutor.web.dispute as dispute

    def renamed(question, book=None):
        changed = ask(question, book)
        for item in changed.get("law_text", []):
            item["title"] = f"Title from the answer {item['law']}"
        return changed

    monkeypatch.setattr(dispute, "ask", renamed)
    page = get(url(FACTS))
    assert "Law 16 — Title from the answer 16" in page.text


def test_the_question_page_is_drawn_from_the_answers_need(get, monkeypatch):
    import ecarte_tutor.web.dispute as dispute

    def need(question, book=None):
        return {"status": "need", "need": {"fact": "count", "question": "How many, asked by the answer?",
                                           "choices": [{"value": True, "label": "Yes from the answer"}],
                                           "type": "integer", "min": 2, "max": 9, "help": "Help from the answer."},
                "laws": [], "cites": [], "explanation": "", "profile": "london"}

    monkeypatch.setattr(dispute, "ask", need)
    page = get("/dispute/?irregularity=wrong-card-count")
    assert question_of(page) == "How many, asked by the answer?"
    assert "Help from the answer." in page.text
    assert '<button type="submit" name="count" value="true">Yes from the answer</button>' in page.html
    assert 'min="2"' in page.html and 'max="9"' in page.html


def test_fact_values_are_written_as_the_query_string_reads_them(app):
    assert (fact_text(True), fact_text(False), fact_text(3), fact_text("revoke")) == ("true", "false", "3", "revoke")
    with app.app_context():
        assert app.jinja_env.globals["fact_text"] is fact_text


def test_the_timeline_established_so_far_is_shown_in_a_players_words(get):
    page = get("/dispute/?irregularity=wrong-card-count&discovered=after-proposal&hand=dealer&count=6"
               "&dealer_answered=false")
    assert page.status == 200 and question_of(page) == "Had the dealer taken up the hand dealt to him?"
    strip = page.html.split('<section class="timeline"')[1].split("</section>")[0]
    assert "the non-dealer proposed" in strip and "the dealer had not yet answered the first proposal" in strip
    assert strip.index("the trump card was turned") < strip.index("the non-dealer proposed")
    ruling = get("/dispute/?irregularity=wrong-card-count&discovered=after-proposal&hand=dealer&count=6"
                 "&dealer_answered=false&dealer_took_up_hand=true")
    assert "Law 17" in ruling.text and "the dealer had not yet answered the first proposal" in ruling.text


def test_a_profiles_own_rule_is_named_on_the_ruling(get):
    page = get("/dispute/?profile=french&irregularity=stock-short&accepted_conditionally=false")
    assert page.status == 200
    assert "Where this profile has its own rule" in page.text
    assert "The dealer when the stock runs short" in page.text


def test_unknown_facts_are_refused_before_rendering_with_a_short_page(client):
    """A short URL of many long unknown facts: a 400 of a few kB, not a page listing every one."""
    query = "&".join(f"made_up_{i}={'x' * 150}" for i in range(1300))  # about 200 KB
    assert len(query) > 200_000
    response = client.get(f"/dispute/?irregularity=revoke&{query}")
    assert response.status_code == 400
    assert len(response.get_data()) < 10_000
    text = response.get_data(as_text=True)
    assert "made_up_0" in text and "1297 more" in text
    assert "made_up_5" not in text


@pytest.mark.parametrize("query", [
    "irregularity=" + "r" * 41,
    "irregularity=revoke&discovered=" + "p" * 500,
])
def test_over_long_values_are_refused(client, query):
    response = client.get(f"/dispute/?{query}")
    assert response.status_code == 400
    assert "longer than any answer" in response.get_data(as_text=True)


def test_every_value_a_fact_offers_fits_under_the_cap(app):
    from ecarte_tutor.web.dispute import MAX_VALUE

    for name, fact in app.extensions["ecarte_tutor"].book.facts.items():
        for choice in fact.get("choices", []):
            assert len(str(choice["value"]).lower()) <= MAX_VALUE, name


def test_a_ruling_links_to_its_law_and_the_other_cases_under_it(get, app):
    page = get("/dispute/?irregularity=revoke&corrected_before_next_lead=false&offender=elder&hand_over=false")
    section = re.search(r'<section class="other-cases".*?</section>', page.html, flags=re.S).group(0)
    links = re.findall(r'href="([^"]+)"', section)
    assert "/laws/43" in links
    with app.app_context():
        under = app.extensions["ecarte_tutor"].casebook().under_law(43)
    assert [link for link in links if link.startswith("/casebook/") and "?" not in link] == \
        [f"/casebook/{e.scenario.id}" for e in under[:3]], "the first three (a ruling is read on a phone)"
    assert "/casebook/?law=43" in links, "and all of them when there are more"


# --- the agreements at the table --------------------------------------------------------------------

BYSTANDERS = "agree=&agree=bystanders-advise"


def test_the_first_page_offers_the_agreements_at_this_table(get):
    page = get("/dispute/")
    assert 'name="agree" value="bystanders-advise"' in page.html
    assert "Agreements at this table" in page.text


def test_the_agreements_travel_with_every_answer_and_decide_the_ruling(get):
    page = get(f"/dispute/?{BYSTANDERS}&irregularity=bystander-advice")
    assert question_of(page) == "Who gave the advice or made the remark?", "the custom's facts are asked"
    hidden = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page.html)
    assert ("agree", "bystanders-advise") in hidden and ("irregularity", "bystander-advice") in hidden
    ruling = get(f"/dispute/?{BYSTANDERS}&irregularity=bystander-advice&bystander=backer&advice_by=pointing")
    assert ruling.status == 200
    assert "The advice was allowed; the player need not follow it" in ruling.text
    assert "Where the players' agreement decides" in ruling.text
    assert "Agreements that took part in this answer" in ruling.text
    back = dict(parse_qsl(urlsplit(re.search(r'href="([^"]+)" rel="prev"', ruling.html).group(1).replace("&amp;", "&"))
                          .query, keep_blank_values=True))
    assert back.get("agree") == "bystanders-advise" and "advice_by" not in back


def test_without_the_agreement_the_english_rule_decides_and_no_penalty_is_invented(get):
    page = get("/dispute/?irregularity=bystander-advice")
    assert page.status == 200 and question_of(page) is None, "nothing more to ask: the English rule forbids any remark"
    assert "The remark was out of order, but no penalty is known" in page.text
    assert "not recovered" in page.text
    assert "Where the players' agreement decides" not in page.text


def test_an_unknown_agreement_is_refused_with_a_clear_message(get):
    page = get("/dispute/?agree=&agree=bystanders-advic&irregularity=bystander-advice")
    assert page.status == 400
    assert "Did you mean 'bystanders-advise'?" in page.text


def test_the_ruling_page_shows_where_other_sources_rule_differently(get):
    answer = ask({"kind": "dispute", "facts": {"irregularity": "deal-out-of-turn", "discovered": "after-turn-up"}})
    page = get(url([("irregularity", "deal-out-of-turn"), ("discovered", "after-turn-up")]))
    assert "Where other sources rule differently" in page.text
    for found in answer["disagreements"]:
        assert found["topic"] in page.text and found["says"].split(":")[0] in page.text
