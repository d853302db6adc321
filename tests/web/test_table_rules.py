"""The rules at this table on the site: agreements on the /legal forms, pool for three, a club's house rules."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from conftest import Page
from data_under_test import LIBRARY

from ecarte_tutor.errors import DataError
from ecarte_tutor.web import create_app

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "rules" / "houses" / "cercle-exemple.yaml"


def headline(page: Page) -> str:
    match = re.search(r'class="headline">(.*?)</h2>', page.html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", match.group(1))).replace(" ♠", "♠").strip() if match else ""


# --- agreements -----------------------------------------------------------------------------------

def test_ace_high_is_ticked_and_changes_who_wins_the_trick(get):
    plain = get("/legal/trick?trump=H&led=AS&followed=KS")
    agreed = get("/legal/trick?trump=H&led=AS&followed=KS&agree=&agree=ace-high")
    assert plain.status == agreed.status == 200
    assert "K♠" in headline(plain) and "A♠" in headline(agreed)
    assert agreed.checked("agree") == {"ace-high"} and plain.checked("agree") == set()
    assert "The ace ranks high, above the king" in agreed.text  # the agreement in words, not its name


def test_a_game_target_agreed_moves_the_score_fields_limits(get):
    page = get("/legal/score?elder_tricks=3&before_elder=6&before_dealer=0&agree=&agree-game-target=7")
    assert page.status == 200, page.text
    assert "wins the game" in page.text and "Points needed to win a game: 7" in page.text
    refused = get("/legal/score?elder_tricks=3&before_elder=6&before_dealer=0")
    assert refused.status == 400 and "from 0 to 4" in refused.text


@pytest.mark.parametrize(("query", "field", "words"), [
    ("agree=&agree-game-target=99", "agree-game-target", "from 3 to 15, not 99"),
    ("agree=&agree-game-target=seven", "agree-game-target", "not 'seven'"),
    ("agree=&agree=ace-hihg", "agreements", "Did you mean 'ace-high'?"),
    ("agree=&agree=doubling&agree=single-exchange&agree-game-target=2", "agree-game-target", "from 3 to 15"),
])
def test_a_bad_agreement_is_refused_naming_it_and_keeping_the_input(get, query, field, words):
    page = get(f"/legal/trick?trump=H&led=AS&followed=KS&{query}")
    assert page.status == 400
    assert any(target == f"field-{field}" or field in target for target, _ in page.summary_links()) or \
        f'id="error-{field}"' in page.html
    assert words in page.text
    if "agree=doubling" in query:
        assert page.checked("agree") == {"doubling", "single-exchange"}  # nothing the user ticked is lost


def test_rule_again_keeps_the_agreements(get):
    page = get("/legal/trick?trump=H&led=AS&followed=KS&agree=&agree=ace-high")
    rerule = re.search(r'<form class="rerule".*?</form>', page.html, flags=re.S)
    assert rerule and 'name="agree" value="ace-high"' in rerule.group(0)


def test_each_casebook_case_with_agreements_reopens_in_a_form_that_rules_it_the_same(client):
    cases = [case for case in LIBRARY.scenarios if isinstance(case.question, dict) and "error" not in case.expect
             and case.question.get("agreements") and case.question.get("kind") in ("play", "trick", "score")]
    assert cases, "the scenarios exercise agreements through the forms"
    app = client.application
    with app.test_request_context():
        from ecarte_tutor.web.casebook import reopen_url
        urls = {case.id: reopen_url(case.question) for case in cases}
    for case in cases:
        url = urls[case.id]
        assert url, case.id
        query = dict(parse_qsl(urlsplit(url).query, keep_blank_values=True))
        assert "agree" in query, case.id
        page = Page(client.get(url))
        assert page.status == 200, (case.id, page.text[:300])


# --- pool ------------------------------------------------------------------------------------------

def test_the_pool_form_says_who_plays_next_and_who_has_won(get):
    page = get("/legal/pool?players=Anne, Bertrand, Claude&results=Anne")
    assert page.status == 200 and headline(page) == "Next: Anne against Claude; Bertrand sits out"
    won = get("/legal/pool?players=Anne, Bertrand, Claude&results=Anne%0AClaude%0AClaude")
    assert headline(won) == "Claude wins the pool"


def test_the_pool_form_refuses_a_winner_who_sat_out_and_keeps_the_names(get):
    page = get("/legal/pool?players=Anne, Bertrand, Claude&results=Claude")
    assert page.status == 400 and "sitting out game 1" in page.text
    assert 'value="Anne, Bertrand, Claude"' in page.html


# --- a club's house rules --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def house_client():
    app = create_app({"TESTING": True, "SECRET_KEY": "house", "HOUSE_FILE": str(HOUSE)})
    return app.test_client()


TITLE = "Rules of the Cercle de l'Exemple"


@pytest.mark.parametrize("url", ["/", "/legal/", "/rules", "/dispute/", "/casebook/", "/lessons/"])
def test_every_page_of_a_house_site_carries_its_banner(house_client, url):
    page = Page(house_client.get(url))
    assert page.status == 200 and TITLE in page.text


def test_a_house_ruling_follows_the_house_and_says_so(house_client):
    page = Page(house_client.get("/legal/score?elder_tricks=3&before_elder=6&before_dealer=0"))
    assert page.status == 200 and f"Ruled under {TITLE}" in page.text
    assert "wins the game" in page.text  # seven points up: 6 + 1 ends it
    blank = Page(house_client.get("/legal/score"))
    assert blank.checked("agree") == {"treble-double-single"}
    assert 'name="agree-game-target"' in blank.html and 'value="7"' in blank.html


def test_unticking_the_house_agreements_plays_without_them(house_client):
    page = Page(house_client.get("/legal/score?elder_tricks=3&before_elder=6&before_dealer=0&agree="))
    assert page.status == 400 and "from 0 to 4" in page.text


def test_a_house_dispute_ruling_and_an_api_answer_name_the_house(house_client):
    page = Page(house_client.get("/dispute/?irregularity=wrong-pack"))
    assert page.status == 200
    while "The ruling" not in page.text:  # answer each question with its first choice until the ruling
        question = re.search(r'<button type="submit" name="([^"]+)" value="([^"]*)"', page.html)
        assert question, page.text[:500]
        page = Page(house_client.get(f"/dispute/?{page.response.request.query_string.decode()}"
                                     f"&{question.group(1)}={question.group(2)}"))
        assert page.status == 200, page.text[:500]
    assert f"Ruled under {TITLE}" in page.text
    answer = house_client.post("/api/ask", json={"kind": "trick", "trump": "H", "led": "KS", "followed": "7H"}).json
    assert answer["house"] == TITLE


def test_a_broken_house_file_stops_the_site_naming_the_file(tmp_path):
    broken = tmp_path / "house.yaml"
    broken.write_text("title: Le Cercle\nprofile: london\nagreements: [aces-up]\n", encoding="utf-8")
    with pytest.raises(DataError, match="house.yaml.*aces-up"):
        create_app({"TESTING": True, "SECRET_KEY": "x", "HOUSE_FILE": str(broken)})
