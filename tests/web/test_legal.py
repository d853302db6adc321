"""``/legal``: the referee forms (play, trick, score, short stock) rule, cite, keep input and re-rule."""
import re
from urllib.parse import urlencode

import pytest

PLAY = "/legal/?" + urlencode([("trump", "H"), ("led", "JS"), ("hand", "QS"), ("hand", "7S"), ("hand", "8D"),
                               ("card", "7S")])


def test_blank_form_offers_every_card_and_suit(get):
    page = get("/legal/")
    assert page.status == 200
    for name in ("trump", "led", "hand", "card"):
        assert f'name="{name}"' in page.html
    assert page.html.count('type="checkbox" name="hand" value=') == 32
    assert 'aria-label="queen of spades"' in page.html
    assert "I lead" in page.text


def test_illegal_card_is_refused_with_the_legal_one_and_its_rules(get, app):
    page = get(PLAY)
    assert page.status == 200
    assert "No:" in page.text and "may not be played" in page.text
    verdict = page.html[page.html.index('id="verdict-hand"'):]
    assert re.search(r'class="card black legal[^"]*" role="img" aria-label="queen of spades, may be played"', verdict)
    assert 'aria-label="seven of spades, may not be played"' in verdict
    assert "Q♠" in page.text  # the explanation names the card that was legal


def test_citations_link_to_their_anchor_on_the_rules_page(get, app):
    page = get(PLAY)
    book = app.extensions["ecarte_tutor"].book
    cited = [link.split("#", 1)[1] for link in page.links() if link.startswith("/rules#")]
    assert cited, "the verdict must cite rules"
    anchors = get("/rules").ids()
    for rule_id in cited:
        assert rule_id in book.rules
        assert rule_id in anchors


def test_a_legal_card_says_yes(get):
    page = get("/legal/?trump=H&led=JS&hand=QS&hand=7S&card=QS")
    assert page.status == 200
    assert "Yes:" in page.text


def test_leading_with_no_card_chosen_lists_the_legal_cards(get):
    page = get("/legal/?trump=H&led=&hand=QS&hand=7D&card=")
    assert page.status == 200
    assert "You may play" in page.text


def test_ruling_names_its_profile_and_can_be_re_ruled(get):
    page = get(PLAY + "&profile=french")
    assert "profile french" in page.text
    rerule = page.html[page.html.index('class="rerule"'):]
    rerule = rerule[:rerule.index("</form>")]
    for field in ('name="trump" value="H"', 'name="hand" value="QS"', 'name="card" value="7S"'):
        assert field in rerule
    assert 'name="profile"' in rerule and "data-autosubmit" in rerule


@pytest.mark.parametrize("query, field, message", [
    ("trump=H&led=JS&hand=ZZ&hand=7S", "hand", "'ZZ' is not a card"),
    ("trump=H&led=1S&hand=QS", "led", "'1S' is not a card"),
    ("trump=X&led=JS&hand=QS", "trump", "'X' is not a suit"),
    ("trump=H&led=JS", "hand", "Choose the cards in your hand"),
    ("trump=H&led=JS&hand=QS&card=KD", "card", "KD"),
    ("trump=H&led=QS&hand=QS", "form", "QS"),
    ("trump=H&hand=QS&hand=KS&hand=7S&hand=8S&hand=9S&hand=10S", "hand", "6"),
])
def test_bad_input_comes_back_400_with_the_message_and_the_input_kept(get, query, field, message):
    page = get("/legal/?" + query)
    assert page.status == 400
    assert "Please check the form" in page.text
    assert message in page.text
    if "hand=7S" in query:
        assert "7S" in page.checked("hand")


def test_a_bad_typed_card_is_given_back_in_the_text_box(get):
    page = get("/legal/?trump=H&led=JS&hand=QS&hand=6H")
    assert page.status == 400
    assert page.checked("hand") == {"QS"}
    assert 'name="hand" value="6H"' in page.html  # the text box keeps what did not read


def test_user_text_is_escaped(get):
    page = get("/legal/?trump=H&led=JS&hand=%3Cscript%3Ealert(1)%3C/script%3E")
    assert page.status == 400
    assert "<script>alert" not in page.html
    assert "&lt;script&gt;" in page.html


def test_unknown_profile_is_a_400_form(get):
    page = get("/legal/?trump=H&led=JS&hand=QS&profile=mars")
    assert page.status == 400
    assert "mars" in page.text


def test_trick_winner(get):
    page = get("/legal/trick?trump=H&led=KS&followed=7H")
    assert page.status == 200
    assert "follower" in page.text and "wins" in page.text
    assert "/rules#" in page.html


def test_trick_needs_both_cards(get):
    page = get("/legal/trick?trump=H&led=KS")
    assert page.status == 400
    assert "Choose the card played to it" in page.text


def test_score_of_a_hand(get):
    page = get("/legal/score?elder_tricks=3&king_announced_by=&before_elder=2&before_dealer=1")
    assert page.status == 200
    assert "This hand: elder hand 1, dealer 0" in page.text
    assert "/rules#" in page.html


def test_score_with_one_score_before_is_refused(get):
    page = get("/legal/score?elder_tricks=3&king_announced_by=&before_elder=2")
    assert page.status == 400
    assert "both scores" in page.text


def test_score_bad_number(get):
    page = get("/legal/score?elder_tricks=seven&king_announced_by=")
    assert page.status == 400
    assert "whole number" in page.text


def test_short_stock(get):
    page = get("/legal/exchange?stock=2&elder_discards=3&dealer_discards=2")
    assert page.status == 200
    assert "Elder hand draws 2" in page.text
    assert "law" in page.text.lower()


def test_short_stock_out_of_range(get):
    page = get("/legal/exchange?stock=40&elder_discards=3")
    assert page.status == 400
    assert "from 0 to 21" in page.text
