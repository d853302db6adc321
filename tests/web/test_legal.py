"""``/legal``: the referee forms (play, trick, score, short stock) rule, cite, keep input and re-rule."""
import re
from urllib.parse import urlencode

import pytest

PLAY = "/legal/?" + urlencode([("trump", "H"), ("led", "JS"), ("hand", "QS"), ("hand", "7S"), ("hand", "8D"),
                               ("card", "7S")])


def test_blank_form_offers_the_trump_and_the_whole_pack_for_the_hand(get):
    page = get("/legal/")
    assert page.status == 200
    assert page.html.count('type="radio" name="trump"') == 4
    assert page.html.count('type="checkbox" name="hand" value=') == 32  # one grid: the hand
    assert 'id="field-hand-typed"' in page.tag("field-hand-typed") and 'name="hand"' in page.tag("field-hand-typed")
    assert 'aria-label="queen of spades"' in page.html
    assert 'name="led"' not in page.html and 'name="card"' not in page.html, "the led card and the card come next"
    assert '<button type="submit" name="step" value="2">' in page.html
    assert "I lead" not in page.text and "say you lead" in page.text


def the_form(page) -> str:
    """The page's question form (not the verdict's *Rule again* form)."""
    return re.search(r'<form class="ask".*?</form>', page.html, flags=re.S).group(0)


def hidden(page, name: str) -> list[str]:
    """The values of the form's hidden fields named ``name``, in order."""
    return re.findall(rf'<input type="hidden" name="{re.escape(name)}" value="([^"]*)">', the_form(page))


def offered(page, name: str) -> list[str]:
    """The card codes a picker of the form named ``name`` offers (its radios and boxes that carry a card)."""
    return re.findall(rf'<input type="(?:radio|checkbox)" name="{re.escape(name)}" value="([^"]+)"(?![^>]* disabled)',
                      the_form(page))


def test_the_second_step_carries_the_hand_and_offers_the_other_cards_as_led_and_the_hand_to_play(get):
    page = get("/legal/?trump=H&hand=QS&hand=7S&hand=8D&step=2")
    assert page.status == 200
    assert 'id="verdict"' not in page.html, "no ruling before the card led is given"
    assert hidden(page, "trump") == ["H"] and hidden(page, "hand") == ["QS", "7S", "8D"]
    led = offered(page, "led")
    assert len(led) == 29 and not {"QS", "7S", "8D"} & set(led), "your own cards cannot have been led"
    assert 'aria-label="queen of spades, in your hand" disabled>' in page.html  # said, dimmed, not sent
    assert page.checked("led") == {""} and "I lead" in page.text  # leading, until a card is tapped
    assert offered(page, "card") == ["QS", "7S", "8D"] and page.checked("card") == {""}
    assert offered(page, "hand") == [], "the hand is given: no grid for it"
    assert '<button type="submit">Is it legal?</button>' in page.html
    given = page.html[page.html.index('id="given"'):]
    assert '<span class="sr">queen of spades</span>' in given[:given.index("</div>")]


def test_the_second_step_sent_is_an_old_address_ruled_as_before(get):
    """The second step's fields (hidden and picked) make the very query every shared link has."""
    second = get("/legal/?trump=H&hand=QS&hand=7S&hand=8D&step=2")
    query = [(name, value) for name in ("trump", "hand") for value in hidden(second, name)]
    query += [("led", "JS"), ("card", "7S"), ("profile", "london"), ("agree", "")]
    ruled = get("/legal/?" + urlencode(query))
    assert ruled.status == 200 and "No:" in ruled.text
    assert offered(ruled, "card") == ["QS", "7S", "8D"] and ruled.checked("card") == {"7S"}
    assert ruled.checked("led") == {"JS"} and hidden(ruled, "hand") == ["QS", "7S", "8D"]


def test_a_hand_typed_in_the_text_box_is_read_into_the_second_step(get):
    page = get("/legal/?" + urlencode([("trump", "hearts"), ("hand", ""), ("hand", "q♠ 7S, 10d"), ("step", "2")]))
    assert page.status == 200
    assert hidden(page, "trump") == ["H"] and hidden(page, "hand") == ["QS", "7S", "10D"]


def test_the_change_link_opens_the_first_step_with_everything_kept(get):
    verdict = get(PLAY + "&profile=french")
    change = next(link for link in verdict.links() if "step=1" in link)
    page = get(change)
    assert page.status == 200
    assert page.checked("hand") == {"QS", "7S", "8D"} and page.checked("trump") == {"H"}
    assert 'selected>French' in page.html.replace('"french" selected', "selected")
    # the second step's cards wait in text boxes, as a player writes them
    assert re.search(r'id="field-led" name="led" value="J♠"', page.html)
    assert re.search(r'id="field-card" name="card" value="7♠"', page.html)
    assert '<button type="submit" name="step" value="2">' in page.html


def test_a_wrong_card_carried_through_the_first_step_keeps_its_message_by_its_box(get):
    page = get("/legal/?trump=H&led=1S&hand=ZZ")
    assert page.status == 400
    targets = dict(page.summary_links())
    assert {"field-hand", "field-led"} <= set(targets)
    assert 'aria-invalid="true"' in page.tag("field-led") and 'value="1S"' in page.tag("field-led")


def test_a_card_led_that_is_in_the_hand_is_still_shown_chosen(get):
    page = get("/legal/?trump=H&led=QS&hand=QS&hand=7S")
    assert page.status == 400 and "cannot also be in your hand" in page.text
    assert page.checked("led") == {"QS"}, "what was given is never dropped"


def test_a_step_that_is_no_step_is_a_400_page(get):
    page = get("/legal/?trump=H&hand=QS&step=3")
    assert page.status == 400 and "The field 'step'" in page.text and 'class="ask"' not in page.html


def test_the_trick_in_two_steps(get):
    first = get("/legal/trick")
    assert first.html.count('type="radio" name="led"') == 32 and 'name="followed"' not in first.html
    second = get("/legal/trick?trump=H&led=KS&step=2")
    assert second.status == 200 and 'id="verdict"' not in second.html
    assert hidden(second, "trump") == ["H"] and hidden(second, "led") == ["KS"]
    followed = offered(second, "followed")
    assert len(followed) == 31 and "KS" not in followed
    bad = get("/legal/trick?trump=H&led=KX&step=2")
    assert bad.status == 400 and bad.html.count('type="radio" name="led"') == 32
    back = get("/legal/trick?trump=H&led=KS&followed=7H&step=1")
    assert back.checked("led") == {"KS"} and re.search(r'id="field-followed" name="followed" value="7♥"', back.html)


def test_illegal_card_is_refused_with_the_legal_one_and_its_rules(get, app):
    page = get(PLAY)
    assert page.status == 200
    assert "No:" in page.text and "may not be played" in page.text
    verdict = page.html[page.html.index('id="verdict-hand"'):]
    assert re.search(r'class="card black legal[^"]*">(?:<span[^>]*aria-hidden="true">[^<]*</span>)+'
                     r'<span class="sr">queen of spades, may be played</span>', verdict)
    assert '<span class="sr">seven of spades, may not be played</span>' in verdict
    assert "Q♠" in page.text  # the explanation names the card that was legal


def test_citations_link_to_their_anchor_on_the_rules_page(get, app):
    page = get(PLAY)
    book = app.extensions["ecarte_tutor"].book
    cited = [link.split("#", 1) for link in page.links() if link.startswith("/rules/part/")]
    assert cited, "the verdict must cite rules"
    anchors = get("/rules").ids()
    for part, rule_id in cited:  # the part of the rule book that shows the rule, at its anchor
        assert rule_id in book.rules
        assert rule_id in anchors and f'id="{rule_id}"' in get(part).html


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
    assert "Ruled under French (explicit conventions)" in page.text
    rerule = page.html[page.html.index('class="rerule"'):]
    rerule = rerule[:rerule.index("</form>")]
    for field in ('name="trump" value="H"', 'name="hand" value="QS"', 'name="card" value="7S"'):
        assert field in rerule
    assert 'name="profile"' in rerule and '<button type="submit">Rule again</button>' in rerule


def test_no_select_submits_its_form_by_itself(get, client):
    # WCAG 3.2.2: changing a select must not change the page; the button is there.
    page = get(PLAY + "&profile=french")
    assert "data-autosubmit" not in page.html
    with client.get("/static/js/site.js") as response:
        script = response.get_data(as_text=True)
    assert "submit(" not in script and "requestSubmit" not in script


@pytest.mark.parametrize("query, field, message", [
    ("trump=H&led=JS&hand=ZZ&hand=7S", "hand", "'ZZ' is not a card"),
    ("trump=H&led=1S&hand=QS", "led", "'1S' is not a card"),
    ("trump=X&led=JS&hand=QS", "trump", "'X' is not a suit"),
    ("trump=H&led=JS", "hand", "Choose the cards in your hand"),
    ("trump=H&led=JS&hand=QS&card=KD", "card", "K♦ is not in your hand (Q♠)"),
    ("trump=H&led=QS&hand=QS", "form", "The card led, Q♠, cannot also be in your hand"),
    ("trump=H&hand=QS&hand=KS&hand=7S&hand=8S&hand=9S&hand=10S", "hand", "6"),
    # the first step sent by its Next: checked by the engine as a question of its own, with the same messages
    ("trump=H&hand=QS&hand=KS&hand=7S&hand=8S&hand=9S&hand=10S&step=2", "hand", "6"),
    ("trump=H&hand=QS&hand=6H&step=2", "hand", "'6H' is not a card"),
    ("hand=QS&step=2", "trump", "Choose the trump suit"),
    ("trump=H&step=2", "hand", "Choose the cards in your hand"),
])
def test_bad_input_comes_back_400_with_the_message_and_the_input_kept(get, query, field, message):
    page = get("/legal/?" + query)
    assert page.status == 400
    assert "Please check the form" in page.text
    assert message in page.text
    if field != "form":
        assert f"field-{field}" in dict(page.summary_links())
    if "hand=7S" in query:
        assert "7S" in page.checked("hand")
    if field in ("trump", "hand"):  # a message on a first-step field shows that step again, the hand ticked
        assert offered(page, "led") == [] and offered(page, "hand")
        assert "hand=QS" not in query or "QS" in page.checked("hand")


ERROR_QUERIES = [
    "/legal/?trump=H&led=JS&hand=ZZ&hand=7S&card=KD&profile=mars",
    "/legal/?trump=X&led=1S",
    "/legal/trick?trump=H&led=KS",
    "/legal/score?elder_tricks=seven&king_announced_by=someone&before_elder=9&before_dealer=x",
    "/legal/score?elder_tricks=3&king_announced_by=&before_elder=2",
    "/legal/score?elder_tricks=3&king_announced_by=&elder_played_without_proposing=on"
    "&dealer_refused_first_proposal=on",
    "/legal/score?elder_tricks=3&king_announced_by=elder&king_turned=on",
    "/legal/score?elder_tricks=3&profile=mars",
    "/legal/exchange?stock=40&elder_discards=x&dealer_discards=9",
    "/legal/exchange?stock=3&elder_discards=0",
]


@pytest.mark.parametrize("url", ERROR_QUERIES)
def test_every_error_link_leads_to_its_field_which_shows_the_message(get, url):
    page = get(url)
    assert page.status == 400
    links = page.summary_links()
    assert links, "the messages link to their fields"
    for target, message in links:
        assert target.startswith("field-")
        name = target[len("field-"):]
        field = page.tag(target)
        assert field is not None, f"no element with id {target}"
        assert f'aria-describedby="error-{name}"' in field
        by_field = re.search(rf'<p class="error" id="error-{re.escape(name)}"[^>]*>(.*?)</p>', page.html, flags=re.S)
        assert by_field and by_field.group(1) == message, f"the message of {name} is shown by its field"


def test_a_flag_the_engine_rejects_gets_its_message_by_the_checkbox(get):
    page = get("/legal/score?elder_tricks=3&elder_played_without_proposing=on&dealer_refused_first_proposal=on")
    assert page.summary_links()[0][0] == "field-dealer_refused_first_proposal"
    assert 'aria-invalid="true"' in page.tag("field-dealer_refused_first_proposal")


@pytest.mark.parametrize("url, name", [
    ("/legal/exchange?stock=40&elder_discards=3", "stock"),
    ("/legal/score?elder_tricks=3&before_elder=9&before_dealer=1", "before_elder"),
])
def test_number_boxes_keep_their_message_outside_the_label(get, url, name):
    page = get(url)
    field = page.tag(f"field-{name}")
    assert field.startswith("<input") and 'aria-invalid="true"' in field
    assert f'aria-describedby="error-{name}"' in field
    assert f'<label for="field-{name}">' in page.html
    for label in re.findall(r"<label[^>]*>.*?</label>", page.html, flags=re.S):
        assert 'class="error"' not in label


def test_a_field_without_error_is_not_marked_invalid(get):
    page = get("/legal/exchange?stock=40&elder_discards=3")
    assert "aria-invalid" not in page.tag("field-elder_discards")
    assert "aria-describedby" not in page.tag("field-elder_discards")


def test_an_optional_card_left_empty_stays_out_of_the_question(app):
    from werkzeug.datastructures import MultiDict

    from ecarte_tutor.web import forms

    form = forms.FormData()
    forms.read_one_card(MultiDict({"card": "", "led": "none"}), form, "card", what="the card", required=False)
    forms.read_one_card(MultiDict({"card": "", "led": "none"}), form, "led", what="the card led", required=False)
    assert form.question == {} and form.ok
    forms.read_one_card(MultiDict({"led": ""}), form, "led", what="the card led")
    assert form.errors == {"led": "Choose the card led."}


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


def test_trick_winner(get):
    page = get("/legal/trick?trump=H&led=KS&followed=7H")
    assert page.status == 200
    heard = r'<span class="card [^>]*>(?:<span[^>]*>[^<]*</span>)*<span class="sr">{}<'  # drawn, and said once
    assert re.search("The follower's " + heard.format("seven of hearts"), page.html)
    assert "/rules#" in page.html
    led_wins = get("/legal/trick?trump=H&led=KS&followed=7S")
    assert re.search("The leader's " + heard.format("king of spades"), led_wins.html)


def test_score_of_a_hand(get):
    page = get("/legal/score?elder_tricks=3&king_announced_by=&before_elder=2&before_dealer=1")
    assert page.status == 200
    assert "This hand: elder hand 1, dealer 0" in page.text
    assert "/rules#" in page.html


def test_score_awards_are_listed_in_claim_order_with_those_not_scored(get):
    # The dealer reaches 5 with the turned king: the elder's point for the tricks comes too late.
    page = get("/legal/score?elder_tricks=3&king_turned=on&before_elder=0&before_dealer=4")
    assert page.status == 200
    awards = page.html[page.html.index('<ol class="awards">'):]
    awards = awards[:awards.index("</ol>")]
    assert awards.index("award-turned-king") < awards.index("award-tricks")
    assert "<strong>1 to the dealer</strong>: A king was turned up" in awards
    assert "<s>1 to the elder hand (non-dealer)</s> (not scored" in awards
    assert "Game: the dealer wins." in page.text


def test_a_bad_score_before_is_one_message_not_two(get):
    page = get("/legal/score?elder_tricks=3&before_elder=9&before_dealer=1")
    assert [target for target, _ in page.summary_links()] == ["field-before_elder"]
    assert "both scores" not in page.text


def test_short_stock(get):
    page = get("/legal/exchange?stock=2&elder_discards=3&dealer_discards=2")
    assert page.status == 200
    assert "Elder hand draws 2" in page.text
    assert "law" in page.text.lower()


@pytest.mark.parametrize("url, message", [
    ("/legal/?trump=H&led=JS&hand=QS&profile=mars", "mars"),
    ("/legal/trick?trump=H&led=KS", "Choose the card played to it"),
    ("/legal/score?elder_tricks=3&king_announced_by=&before_elder=2", "both scores"),
    ("/legal/score?elder_tricks=seven&king_announced_by=", "whole number"),
    ("/legal/exchange?stock=40&elder_discards=3", "from 0 to 21"),
])
def test_a_form_the_engine_cannot_rule_on_is_a_400_saying_why(get, url, message):
    page = get(url)
    assert page.status == 400
    assert message in page.text


@pytest.mark.parametrize("url, named, meant", [
    ("/legal/?trump=H&led=JS&hand=QS&crad=7S", "crad", "card"),
    ("/legal/?colour=red", "colour", None),
    ("/legal/trick?trump=H&led=KS&folowed=QS", "folowed", "followed"),
    ("/legal/score?elder_tricks=4&dealer_refused=on", "dealer_refused", "dealer_refused_first_proposal"),
    ("/legal/exchange?stock=3&elder_discards=2&dealer_discard=1", "dealer_discard", "dealer_discards"),
])
def test_a_parameter_the_page_does_not_read_is_a_400_page_naming_it(get, url, named, meant):
    page = get(url)
    assert page.status == 400
    assert f"This page has no field '{named}'" in page.text
    assert (f"did you mean '{meant}'" in page.text) == bool(meant)
    assert 'class="ask"' not in page.html, "refused before the form is rendered"


def test_an_over_long_or_over_repeated_value_is_a_400_page(get):
    page = get("/legal/?trump=H&hand=" + "K" * 201)
    assert page.status == 400 and "longer than 200 characters" in page.text
    page = get("/legal/?trump=H&hand=QS&hand=" + "&hand=".join(["7S"] * 40))
    assert page.status == 400 and "given 41 times" in page.text


def test_every_field_a_form_submits_is_read(get):
    """The forms' own fields, and the re-rule forms' copies of them, pass the check."""
    for url in (PLAY, "/legal/trick?trump=H&led=KS&followed=QS&profile=french",
                "/legal/score?elder_tricks=2&elder_played_without_proposing=on&dealer_refused_first_proposal="
                "&king_turned=on&king_announced_by=&before_elder=1&before_dealer=3",
                "/legal/exchange?stock=3&elder_discards=2&dealer_discards=1&profile=modern",
                "/legal/?trump=H&hand=" + "&hand=".join(["KS"] * 33)):
        page = get(url)
        assert page.status == 200, (url, page.text[:300])
        fields = set(re.findall(r'<(?:input|select)[^>]*\bname="([^"]+)"', page.html))
        page = get(url.split("?")[0] + "?" + "&".join(f"{name}=" for name in sorted(fields)))
        assert page.status in (200, 400) and "has no field" not in page.text, url


def test_a_card_typed_twice_is_a_message_not_a_smaller_hand(get):
    page = get("/legal/?" + urlencode([("trump", "H"), ("hand", "JS JS 7H"), ("step", "2")]))
    assert page.status == 400
    assert "you typed J♠ twice" in page.text
    assert page.checked("hand") == {"JS", "7H"}  # what read is kept, ticked
    # A card both ticked and typed is one card, as meant.
    both = get("/legal/?" + urlencode([("trump", "H"), ("hand", "JS"), ("hand", "JS 7H"), ("step", "2")]))
    assert both.status == 200 and hidden(both, "hand") == ["JS", "7H"]


def test_the_engines_messages_name_fields_in_words(get):
    page = get("/legal/?" + urlencode([("trump", "H"), ("hand", "JS 7H 8H 9H 10H QS"), ("step", "2")]))
    assert page.status == 400
    assert "Your hand holds 6 cards" in page.text and "'hand'" not in page.text


def test_each_form_answers_with_a_trailing_slash_too(get):
    for path in ("/legal/trick", "/legal/score", "/legal/pool", "/legal/exchange"):
        assert get(path + "/").status == 200, path
