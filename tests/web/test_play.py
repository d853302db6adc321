"""/play: a whole game through plain links and forms, the signed token, refusals, the referee, reviews."""
from __future__ import annotations

import base64
import html
import json
import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from itsdangerous import URLSafeSerializer
from werkzeug.datastructures import MultiDict

from ecarte_tutor.table import Game
from ecarte_tutor.table.truth import truth as drill_truth
from ecarte_tutor.web import tokens


def forms(page) -> list[dict]:
    """The page's GET forms: action, hidden fields, submit buttons (name, value), checkboxes."""
    found = []
    for attrs, body in re.findall(r"<form ([^>]*)>(.*?)</form>", page.html, flags=re.S):
        # (a fragment in the action only says where the next page opens)
        action = html.unescape(re.search(r'action="([^"]*)"', attrs).group(1)).split("#")[0]
        hidden = [(n, html.unescape(v)) for n, v in
                  re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body)]
        buttons = [(html.unescape(n), html.unescape(v)) for n, v in
                   re.findall(r'<button type="submit"(?: class="[^"]*")? name="([^"]+)" value="([^"]*)"', body)]
        plain = len(re.findall(r'<button type="submit"(?: class="[^"]*")?>', body))
        boxes = re.findall(r'<input type="checkbox" name="([^"]+)" value="([^"]+)"', body)
        method = re.search(r'method="([^"]*)"', attrs)
        found.append({"action": action, "hidden": hidden, "buttons": buttons, "plain": plain, "boxes": boxes,
                      "method": method.group(1).lower() if method else "get"})
    return found


def submit(get, form: dict, extra=()):
    """Send a form as a browser does: a move (a POST) with its fields in the body, any other in the query."""
    if form.get("method") == "post":
        return get.post(form["action"], data=MultiDict([*form["hidden"], *extra]))
    query = urlencode([*form["hidden"], *extra])
    return get(f"{form['action']}?{query}")


def token_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["g"][0]


def moves(form_list) -> list[dict]:
    return [f for f in form_list if f["action"] in ("/play/move", "/play/rule")]


def start(client, **settings) -> str:
    query = {"level": "beginner", "dealer": "tutor", "seed": 0, **settings}
    response = client.get("/play/new?" + urlencode(query, doseq=True))
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return response.headers["Location"]


def step(get, url: str):
    """Make the first move the page offers (the first legal card, the first button, the fewest cards thrown)."""
    page = get(url)
    assert page.status == 200, page.text[:300]
    offered = moves(forms(page))
    assert offered, "a game page in progress offers a move"
    form = offered[0]
    if form["boxes"]:  # a discard: throw out the first card offered
        response = submit(get, form, [form["boxes"][0]])
    elif form["buttons"]:
        response = submit(get, form, [form["buttons"][0]])
    else:
        response = submit(get, form)
    assert response.status == 303, response.text[:400]
    return response.response.headers["Location"]


def play_out(get, url: str, limit: int = 400) -> str:
    for _ in range(limit):
        if "The game is over" in get(url).text:
            return url
        url = step(get, url)
    raise AssertionError("the game did not end")


def test_the_start_form(get):
    page = get("/play/")
    assert page.status == 200
    for words in ("The tutor plays", "The first deal", "Agreements at this table", "Irregularity drills",
                  "Law 43 — "):
        assert words in page.text


def test_bad_settings_come_back_with_their_messages_and_the_input_kept(get):
    page = get("/play/new?level=grandmaster&dealer=tutor&seed=abc&drills=juggling&profile=london")
    assert page.status == 400
    assert "is not a level" in page.text and "is not a drill" in page.text and "whole number" in page.text
    assert 'value="abc"' in page.html  # what was typed stays


def test_a_whole_game_by_links_and_forms(client, get):
    url = play_out(get, start(client))
    page = get(url)
    assert "You win" in page.text or "The tutor wins" in page.text
    header = re.search(r"You (\d+) · Tutor (\d+)", page.text).groups()
    winner, won, lost = re.search(r"(You win|The tutor wins), (\d+) to (\d+)", page.text).groups()
    assert header == ((won, lost) if winner == "You win" else (lost, won))  # the score line agrees with the result
    assert int(won) > int(lost)  # the winner's score is said first
    said = re.search(r'id="announce" role="status" data-say="([^"]*)"', page.html).group(1)
    assert f"{winner}, {won} to {lost}." in html.unescape(said) and "is over: you score" in html.unescape(said)
    assert get(url).html == page.html  # the link replays the same game, the same page
    summary = get(f"/play/summary?g={token_of(url)}")
    assert summary.status == 200 and "Your mistakes by rule" in summary.text
    reviews = [link for link in summary.links() if link.startswith("/play/review")]
    assert reviews and all(get(link).status == 200 for link in reviews)


def test_the_page_shows_cards_and_words_not_ids(client, get):
    page = get(start(client, level="club"))
    assert re.search(r'<span class="card [^"]*">.*?<span class="sr">\w+ of \w+</span>', page.html)
    visible = page.text.split("For referees")[0]
    assert not re.search(r"\b(law|play|king|exchange|strategy)\.[a-z0-9-]+", visible)
    assert "Call the referee" in visible and "Why? One line for each choice" in visible


@pytest.mark.parametrize("change", ["flip", "cut", "garbage", "other-key", "bad-record", "long"])
def test_a_tampered_token_is_a_clear_400(client, get, app, change):
    token = token_of(start(client))
    if change == "flip":
        token = token[:-3] + ("A" if token[-3] != "A" else "B") + token[-2:]
    elif change == "cut":
        token = token[: len(token) // 2]
    elif change == "garbage":
        token = "not a token"
    elif change == "other-key":
        token = URLSafeSerializer("another key", salt=tokens.SALT).dumps({"v": 1})
    elif change == "bad-record":
        with app.test_request_context():
            token = URLSafeSerializer(app.config["SECRET_KEY"], salt=tokens.SALT).dumps(
                {"v": 1, "seed": 1, "profile": "london", "level": "club", "agreements": [], "dealer": "tutor",
                 "moves": "Lq"})
    else:
        token = "x" * (tokens.MAX_TOKEN + 1)
    for path in ("/play/game", "/play/move", "/play/referee", "/play/review", "/play/summary", "/play/rule"):
        page = get(f"{path}?g={token}&do=stand&deal=1")
        assert page.status == 400, path
        assert "game link" in page.text
    for path in ("/play/move", "/play/rule"):  # the moves themselves are POSTs
        page = get.post(path, data={"g": token, "do": "stand"})
        assert page.status == 400, path
        assert "game link" in page.text
    assert get("/play/game").status == 400


def test_an_illegal_attempt_is_refused_with_the_rule_and_nothing_changes(client, get):
    url = start(client)
    for _ in range(60):  # play plainly until the learner must follow a lead with a card he may not play
        page = get(url + "&try=1")
        hand_form = next((f for f in forms(page) if ("do", "card") in f["hidden"]), None)
        if hand_form and len(hand_form["buttons"]) > 1 and "Play to the trick" in page.text:
            legal = set(re.findall(r'class="cardbtn" name="card" value="([^"]+)"', get(url).html))
            tried = [b for b in hand_form["buttons"] if b[1] not in legal]
            if tried:
                refused = submit(get, hand_form, [tried[0]])
                assert refused.status == 200 and "The referee refuses" in refused.text
                assert "Law " in refused.text.split("The referee refuses")[-1]
                assert token_of(url) in refused.html  # the same game, unchanged
                return
        url = step(get, url)
    pytest.fail("no position with an illegal card to try")


def test_bad_moves_are_clear_errors(client, get):
    url = start(client)
    token = token_of(url)
    assert get.post("/play/move", data={"g": token, "do": "juggle"}).status == 400
    assert get.post("/play/move", data={"g": token, "do": "card", "card": "ZZ"}).status == 400


def test_a_move_is_a_post_and_its_old_link_changes_nothing(client, get):
    """A move is an act (a finished game is kept): a GET of its old address shows the game as its link has it."""
    url = start(client)
    token = token_of(url)
    old = client.get(f"/play/move?g={token}&do=card&card=QS")
    assert old.status_code == 303 and token_of(old.headers["Location"]) == token
    assert get(f"/play/review?g={token}&deal=9").status == 400
    assert get(f"/play/review?g={token}&deal=x").status == 400


def test_the_king_is_offered_only_while_its_window_is_open(book, client, get):
    for seed in range(60):  # a game where the learner, elder, holds the king of trumps
        hp = Game.start(book, seed=seed, level="beginner").current
        king = f"K{hp.state.trump.letter}"
        if king in [str(c) for c in hp.state.hands[hp.seats["learner"]]] and hp.deal.turn_up.rank != "K":
            break
    url = start(client, seed=seed)
    page = get(url)
    assert "Announce the king" in page.text and "Until when" in page.text  # law 23: until his first card
    for _ in range(30):  # never announce it; play on until he has played a card
        page = get(url)
        if "You play" in page.text:
            assert "Announce the king" not in page.text or f'value="{king}"' not in page.html
            break
        offered = [f for f in moves(forms(page)) if ("do", "announce-king") not in f["hidden"]]
        form = offered[0]
        extra = [form["boxes"][0]] if form["boxes"] else [next(b for b in form["buttons"] if b[1] != king)] \
            if form["buttons"] else []
        url = submit(get, form, extra).response.headers["Location"]
    else:
        pytest.fail("the learner never played a card")


def test_a_discard_of_six_cards_or_more_is_a_clear_400(client, get):
    url = start(client, seed=3)
    for _ in range(30):
        offered = moves(forms(get(url)))
        if offered and offered[0]["boxes"]:
            break
        url = step(get, url)
    else:
        pytest.fail("no discard came")
    form = offered[0]
    held = {value for _, value in form["boxes"]}
    extra = [("cards", card) for card in ("AS", "AH", "AD", "AC", "7S", "8H") if card not in held][:2]
    for more in (extra[:1], extra):
        page = submit(get, form, [*form["boxes"], *more])
        assert page.status == 400, page.text[:300]
        assert f"at most the 5 cards in your hand, not {5 + len(more)}" in page.text


def test_calling_the_referee_on_a_drill_grades_the_answers_and_carries_out_the_ruling(book, client, get):
    page = answered_truly(book, get, token_of(start(client, drills="dealer-six")))
    assert "You saw it right" in page.text and "Law 17" in page.text
    after = get(rule(get, page, "fresh-deal"))
    assert "The referee has ruled (Law 17" in after.text and "Deal 2" in after.text


def answered_truly(book, get, token: str):
    """The referee's page once every question it asks is answered with what really happened."""
    game = tokens_game(book, token)
    truth = drill_truth(game, game.open)
    page = get(f"/play/referee?g={token}")
    answers = []
    for _ in range(12):
        need = re.search(r'<button type="submit" name="([a-z_]+)"', page.html)
        if 'id="question"' not in page.html:
            break
        name = need.group(1)
        value = truth[name]
        answers.append((name, str(value).lower() if isinstance(value, bool) else str(value)))
        page = get(f"/play/referee?g={token}&{urlencode(answers)}")
    return page


def rule(get, page, option: str) -> str:
    """The game's address once the learner chose ``option`` of the ruling."""
    form = next(f for f in forms(page) if f["action"] == "/play/rule")
    chosen = next(b for b in form["buttons"] if b[1] == option)
    response = submit(get, form, [chosen])
    assert response.status == 303
    return response.response.headers["Location"]


def test_the_card_drawn_out_of_six_which_the_ruling_lets_the_learner_see_is_on_the_page(book, client, get):
    token = token_of(start(client, drills="dealer-six"))
    page = answered_truly(book, get, token)
    url = rule(get, page, "draw-surplus")
    after, hand = get(url), tokens_game(book, token_of(url)).current
    drawn = hand.incident.cards[1]  # the extra card dealt, then the one drawn out of the six
    assert drawn not in hand.state.hands["dealer"] and len(hand.state.hands["dealer"]) == 5
    assert f"You draw {drawn.pretty}" in after.text
    # the card drawn is out of play: the stock shows what can still be drawn, 32 cards in all on the table
    shown = int(re.search(r'<span class="label">Stock</span> (\d+)', after.html).group(1))
    assert shown == 32 - 5 - 5 - 1 - 1
    assert drawn not in hand.state.stock and hand.deal.out_of_play == (drawn,) and len(hand.state.stock) == shown
    assert re.search(r'id="out-of-play">.*?<span class="sr">[^<]*out of play', after.html), "drawn out of play, seen"


def said(page) -> str:
    """What the page's live region says once it has loaded."""
    return html.unescape(re.search(r'id="announce" role="status" data-say="([^"]*)"', page.html).group(1))


def tokens_game(book, token: str) -> Game:
    return Game.replay(tokens.opened(token, "test-secret"), book)


def test_a_wrong_answer_is_shown_with_the_fact(client, get):
    token = token_of(start(client, drills="dealer-six"))
    page = get(f"/play/referee?g={token}&irregularity=wrong-card-count&discovered=after-turn-up&hand=elder&count=4")
    assert page.status == 200 and "Not quite" in page.text and "in fact:" in page.text


def test_a_false_alarm_changes_nothing_but_is_noted(client, get):
    url = start(client)
    page = get(f"/play/referee?g={token_of(url)}&irregularity=revoke&discovered=play&offender=dealer"
               "&corrected_before_next_lead=true")
    assert "Nothing irregular happened" in page.text
    form = next(f for f in forms(page) if f["action"] == "/play/rule")
    after = get(submit(get, form).response.headers["Location"])
    assert "Nothing irregular had happened" in after.text


def test_an_interview_link_naming_unknown_facts_is_refused(client, get):
    token = token_of(start(client))
    assert get(f"/play/referee?g={token}&colour=red").status == 400


def test_a_finished_game_is_kept_once_with_its_review_and_its_mistakes_go_to_review(app, client, get):
    from conftest import progress_of

    from ecarte_tutor.lessons.drills import drillable

    drillable_rules = drillable(app.extensions["ecarte_tutor"].book)
    for seed in range(12):  # the first game whose review names a rule a drill can practise
        url = play_out(get, start(client, seed=seed))
        listing = get("/progress/games")
        kept = re.findall(r'href="/progress/games/(\d+)"', listing.html)
        assert len(kept) == seed + 1, "each finished game is kept, once"
        reviewing = set(progress_of(app, client).reviews)
        if reviewing:
            break
    else:
        raise AssertionError("no game of the first twelve made a mistake a drill can practise")
    assert reviewing <= drillable_rules
    page = get(f"/progress/games/{kept[0]}")
    summary = get(f"/play/summary?g={token_of(url)}")
    assert page.status == 200 and summary.status == 200
    score = re.search(r"You <strong>(\d+)</strong> · Tutor <strong>(\d+)</strong>", summary.html).groups()
    assert f"you {score[0]} · tutor {score[1]}" in page.text.replace("  ", " ")
    assert f"g={token_of(url)}" in page.html.replace("&amp;", "&"), "it can be reviewed again"
    assert "/play/?seed=" in page.html, "and played again from the same cards"
    get(f"/play/summary?g={token_of(url)}")  # opening the summary again keeps nothing more
    assert len(re.findall(r'href="/progress/games/(\d+)"', get("/progress/games").html)) == len(kept)


def test_a_game_link_opened_by_someone_else_is_not_kept_as_theirs(client, app, get):
    url = play_out(get, start(client, seed=3))
    other = app.test_client()
    assert other.get(url).status_code == 200 and other.get(f"/play/summary?g={token_of(url)}").status_code == 200
    assert "No game finished yet" in other.get("/progress/games").get_data(as_text=True)


def test_a_forged_link_carrying_a_huge_record_gets_a_short_error(app, get):
    serializer = URLSafeSerializer(app.config["SECRET_KEY"], salt=tokens.SALT)
    token = serializer.dumps({"v": 1, "seed": 1, "profile": "london", "level": "club", "agreements": [],
                              "dealer": "tutor", "drills": ["x" * 5000], "moves": ""})
    page = get(f"/play/game?g={token}")
    assert page.status == 400 and "x" * 300 not in page.html and len(page.html) < 20_000


def test_a_game_link_reveals_nothing_and_still_replays(app, client, get):
    """Anyone can read a signed token: the sealed one holds neither the seed nor the tutor's discards."""
    url = play_out(get, start(client, seed=123456789))
    token = token_of(url)
    game = tokens_game(BOOK_OF(app), token)
    assert game.settings.seed == 123456789 and game.over
    tutor_discards = [word for word in game.record()["moves"].split() if word.startswith("Td")]
    assert tutor_discards, "the tutor discarded in this game"
    raw = base64.urlsafe_b64decode(token[2:] + "=" * (-len(token[2:]) % 4))
    for secret in [b"123456789", b"moves", b"seed", *(word.encode() for word in tutor_discards)]:
        assert secret not in raw and secret.decode() not in token
    with client.session_transaction() as session:
        assert "123456789" not in json.dumps(dict(session))
    assert token_of(start(client, seed=123456789)) == token_of(start(client, seed=123456789)), "links are stable"
    old_style = URLSafeSerializer(app.config["SECRET_KEY"], salt=tokens.SALT).dumps(game.record())
    assert get(f"/play/game?g={old_style}").status == 200, "a link made before the seal still opens"
    for bad in (token[:-3], token[:10] + ("A" if token[10] != "A" else "B") + token[11:],
                tokens.seal(game.record(), "another key"), "s.!!!"):
        assert get(f"/play/game?g={bad}").status == 400


def BOOK_OF(app):  # noqa: N802 -- read as a constant
    from ecarte_tutor.web.site import get_book

    with app.app_context():
        return get_book()


def test_tokens_stay_small(client, get):
    url = play_out(get, start(client))
    assert len(token_of(url)) < 4000


def test_with_doubling_and_offering_agreed_the_learner_may_double_offer_and_answer(client, get):
    url = start(client, agree=["doubling", "offer-the-point"], level="club")
    assert "agreed:" in get(url).text
    seen = set()
    for _ in range(300):
        page = get(url)
        if "The game is over" in page.text:
            break
        offered = moves(forms(page))
        wager = next((f for f in offered if any(("do", verb) in f["hidden"] for verb in (
            "double", "offer-point", "accept-double", "decline-double", "accept-offer", "decline-offer"))), None)
        if wager is not None:
            verb = dict(wager["hidden"])["do"]
            seen.add(verb)
            response = submit(get, wager)
            assert response.status == 303, response.text[:300]
            url = response.response.headers["Location"]
            continue
        url = step(get, url)
    assert {"double", "offer-point"} & seen, seen


def test_no_play_page_shows_a_player_an_id_or_a_card_code(client, get):
    from test_words import offenders

    url = start(client, drills="all", level="club")
    token = token_of(url)
    urls = ["/play/", url, url + "&try=1", f"/play/referee?g={token}",
            f"/play/referee?g={token}&irregularity=revoke&discovered=play&offender=dealer&corrected_before_next_lead=true",
            f"/play/referee?g={token}&irregularity=wrong-card-count&discovered=after-turn-up&hand=dealer&count=6"
            "&dealer_took_up_hand=true", f"/play/referee?g={token}&colour=red",
            "/play/new?level=grandmaster", "/play/game?g=broken", f"/play/summary?g={token}"]
    for _ in range(120):  # on to the end of the game, with a refusal and every review on the way
        page = get(url)
        if "The game is over" in page.text:
            break
        url = step(get, url)
    token = token_of(url)
    urls += [url, f"/play/summary?g={token}"] + [link for link in get(f"/play/summary?g={token}").links()
                                                 if link.startswith("/play/review")]
    seen = {u: found for u in urls if (found := offenders(get(u).html))}
    assert seen == {}


def test_a_stale_move_from_the_back_button_is_refused_and_the_game_shown_as_it_stands(client, get):
    first = start(client)
    old_form = moves(forms(get(first)))[0]
    now = step(get, first)  # a move made: the game has moved on
    again = submit(get, old_form, [old_form["buttons"][0]] if old_form["buttons"] else [])
    assert again.status == 409
    assert "earlier page of this game" in again.text and "nothing was changed" in again.text
    assert token_of(now) in again.html  # the page shows the game as it stands, not the old one
    earlier = get(first)  # the old page itself says it is an earlier moment, and offers to play on from it
    assert "This page shows an earlier moment of the game" in earlier.text
    fork = next(link for link in earlier.links() if "from_here=1" in link)
    abandoned = moves(forms(get(now)))[0]  # drawn before the fork: it belongs to the line given up
    offered = moves(forms(get(fork)))
    assert len(offered) > 1 and all(("from_here", "1") in f["hidden"] for f in offered)
    forked = offered[-1]  # another move than the one made first: a line of its own
    assert forked["hidden"] != old_form["hidden"]
    assert submit(get, forked, [forked["buttons"][-1]] if forked["buttons"] else []).status == 303
    back_again = submit(get, abandoned, [abandoned["buttons"][0]] if abandoned["buttons"] else [])
    assert back_again.status == 409 and "nothing was changed" in back_again.text


def test_a_form_whose_move_counter_does_not_match_its_link_is_refused(client, get):
    form = moves(forms(get(start(client))))[0]
    hidden = [(n, "99" if n == "n" else v) for n, v in form["hidden"]]
    page = submit(get, {**form, "hidden": hidden}, [form["buttons"][0]] if form["buttons"] else [])
    assert page.status == 400 and "does not match the game link" in page.text


def test_the_header_adds_up_the_sheet_with_the_turned_king(client, get):
    page = get(start(client, seed=9, dealer="tutor"))  # deal 1 turns up a king: the tutor, dealing, marks it
    header = re.search(r"You (\d+) · Tutor (\d+)", page.text).groups()
    assert header == ("0", "1")
    sheet = page.html[page.html.index('id="sheet"'):]
    assert "Nothing scored yet" not in sheet and "A king was turned up" in sheet and "(this deal, so far)" in sheet


def test_the_hand_is_sorted_by_suit_trumps_first(client, get):
    for seed in range(6):
        url = start(client, seed=seed)
        page = get(url)
        hand = page.html[page.html.index('id="your-hand"'):]
        hand = hand[:hand.index("</section>")]
        shown = re.findall(r'class="card [^"]*".*?<span class="sr">([^<,]+)', hand)[:5]
        with client.application.test_request_context():
            game = tokens.read(token_of(url))
        state = game.current.state
        mine = state.hands[game.current.seats["learner"]]
        trumps_first = sorted(game.params.ranking.sort(mine), key=lambda c: c.suit is not state.trump)
        assert shown == [c.spoken for c in trumps_first]


def test_the_tutor_says_why_and_a_deal_ends_with_its_summary(client, get):
    url = start(client, level="club")
    for _ in range(80):
        page = get(url)
        if "deal-summary" in page.ids():
            break
        url = step(get, url)
    assert "deal-summary" in page.ids()
    box = page.html[page.html.index('id="deal-summary"'):page.html.index("</section>", page.html.index(
        'id="deal-summary"'))]
    assert "Tricks: you" in box and "Score now" in box
    deal = re.search(r"Deal (\d+) is over: you (\d+), the tutor (\d+)", box).groups()
    assert said(page).startswith("Deal {} is over: you score {}, the tutor {}.".format(*deal))  # the live region
    review = get(next(link for link in page.links() if link.startswith("/play/review")))
    assert "The tutor's decisions, and why" in review.text
    assert "You led" in review.text or "The tutor led" in review.text
    assert "could not see them" in review.text or "From what you could know" in review.text
    story = get(url)
    assert "Why:" in story.text


def test_the_guided_first_hand_explains_each_step_before_the_learner_acts(client, get):
    response = client.get("/play/guided")
    assert response.status_code == 303
    url = response.headers["Location"]
    assert "guide=1" in url
    seen = []
    for _ in range(40):
        page = get(url)
        if "guide" not in page.ids():
            break
        guide = page.html[page.html.index('id="guide"'):page.html.index("</section>", page.html.index('id="guide"'))]
        if "The guided hand is over" in guide:
            seen.append("over")
            break
        for words in ("What you hold", "What the rules let you do", "What the advice suggests, and why"):
            assert words in guide
        seen.append(re.search(r"step (\d+)", guide).group(1))
        url = step(get, url)
        assert "guide=1" in url
    assert seen[0] == "1" and seen[-1] == "over" and len(seen) > 4
    assert "guided first hand" in get("/play/").text and "/play/guided" in get("/lessons/").html


def test_let_me_try_keeps_the_guided_hand_its_guide(client, get):
    url = client.get("/play/guided").headers["Location"]
    for _ in range(10):
        page = get(url)
        if "let-me-try" in page.ids():
            break
        url = step(get, url)
    trying = html.unescape(re.search(r'<a href="([^"]+)" id="let-me-try"', page.html).group(1))
    assert "guide=1" in trying and "try=1" in trying
    tried = get(trying)
    assert "guide" in tried.ids() and "The guided hand, step" in tried.text
    back = html.unescape(re.search(r'<a href="([^"]+)">Show only the legal cards</a>', tried.html).group(1))
    assert "guide=1" in back and "guide" in get(back).ids()
    # a card refused in "let me try" mode keeps the guide too (the form carries it)
    form = next(f for f in moves(forms(tried)) if f["buttons"])
    assert ("guide", "1") in form["hidden"]


def test_every_way_from_the_guided_hand_and_back_keeps_its_guide(client, get):
    """The guide was lost on the way to the referee (issue 41) as it had been on the way to "Let me try": every link
    and form between the table's pages carries it on — the referee's questions, its ruling, the way back, the
    deal's review and the summary."""
    url = client.get("/play/guided").headers["Location"]
    page = get(url)
    referee = html.unescape(re.search(r'<a class="button-link" href="([^"]+)" id="call-referee"', page.html).group(1))
    assert "guide=1" in referee
    asked = get(referee)
    assert asked.status == 200 and "Call the referee" in asked.text
    back = html.unescape(re.search(r'<a href="([^"]+)">back to the game without calling</a>', asked.html).group(1))
    assert "guide=1" in back and "guide" in get(back).ids()
    question = next(f for f in forms(asked) if f["action"].startswith("/play/referee"))
    assert ("guide", "1") in question["hidden"], "each answer to the referee carries the guide on"
    summary = url.replace("/play/game", "/play/summary")  # the summary, reached from the guided hand
    assert "guide=1" in summary
    again = html.unescape(re.search(r'<a href="([^"]+)">Back to the game</a>', get(summary).html).group(1))
    assert "guide=1" in again and "guide" in get(again).ids()


def test_the_score_line_opens_the_part_of_the_page_a_move_lands_on(client, get):
    page = get(start(client))
    answer = page.html.index('<div id="answer">')
    assert page.html.index('id="score"', answer) == page.html.index('id="score"')  # inside #answer, at its head
    assert all(f["action"] == "/play/move" for f in moves(forms(page)))
    assert '/play/move#answer"' in page.html or "/play/move#answer'" in page.html
