"""``/dispute``: the interview asks one question a page, keeps the facts in the URL, and rules."""
import re
from urllib.parse import parse_qsl, urlsplit

import pytest

from ecarte_tutor.web.dispute import law_texts, typed_value

# A path through the interview that ends in a ruling (laws 9 and 16: too few cards, found before the turn-up).
FACTS = [("irregularity", "wrong-card-count"), ("discovered", "before-turn-up"), ("elder_looked", "true"),
         ("hand", "elder"), ("count", "3")]


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
    assert "/rules#law.16" in page.links()
    assert "profile london" in page.text


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
    assert "profile french" in page.text
    step = get("/dispute/?profile=french&irregularity=revoke")
    assert 'name="profile" value="french"' in step.html


@pytest.mark.parametrize("query, words", [
    ("irregularity=nonsense", "nonsense"),
    ("irregularity=revoke&planet=mars", "planet"),
    ("irregularity=wrong-card-count&discovered=cutting", "wrong-card-count"),
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


def test_law_texts_come_from_the_ruling(app):
    book = app.extensions["ecarte_tutor"].book
    number = min(book.laws)
    texts = law_texts({"laws": [number], "law_text": [{"law": number, "statement": "Text."}]}, book)
    assert texts == [{"law": number, "rule": book.laws[number], "text": "Text."}]


def test_an_assumed_fact_is_shown_with_a_link_that_rules_again(get):
    page = get("/dispute/?irregularity=turned-king-not-marked")
    assert page.status == 200 and "What I assumed" in page.text
    link = page.html.split('id="assumed-next_trump_turned"')[1].split('href="')[1].split('"')[0]
    changed = get(link.replace("&amp;", "&"))
    assert changed.status == 200 and "What I assumed" not in changed.text
    assert "next_trump_turned=true" in link
