"""/marque: a sheet started, hands entered and scored by the engine, a refusal kept in its form, corrections with
their history, the referee's ruling on the sheet, the read-only follow link, the print page, export and erase."""
import re
from urllib.parse import urlsplit

from conftest import Page

from ecarte_tutor import ask


def start(client, **extra):
    data = {"player1": "Anne", "player2": "Bob", "match": "game", "first_dealer": "player1", "profile": "london",
            **extra}
    response = client.post("/marque/", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return urlsplit(response.headers["Location"]).path


def hand(client, sheet, **fields):
    data = {"proposals": "exchanged", "king": "none", "outcome": "played", **fields}
    return client.post(sheet + "/hands", data=data)


def test_a_sheet_starts_and_says_who_deals(client, get):
    assert get("/marque/").status == 200
    sheet = start(client)
    page = get(sheet)
    assert page.status == 200 and "Anne deals next; Bob is the elder hand." in page.text
    assert page.checked("dealer") == {"Anne"}, "the next dealer is chosen in the form"


def test_a_hand_is_scored_by_the_engine_with_its_reasons_and_laws(client, get):
    sheet = start(client)
    assert hand(client, sheet, dealer="Anne", tricks_elder="1", tricks_dealer="4",
                proposals="played-without-proposing", king="turned").status_code == 303
    page = get(sheet)
    engine = ask({"kind": "score", "tricks": {"elder": 1, "dealer": 4}, "elder_played_without_proposing": True,
                  "king_turned": True, "score_before": {"elder": 0, "dealer": 0}})
    for award in engine["awards"]:
        assert award["reason"] in page.text
    assert "Anne 3" in page.text and "Bob 0" in page.text
    for law in engine["laws"]:
        assert f"/laws/{law}" in " ".join(page.links())
    assert "Bob deals next" in page.text


def test_an_impossible_hand_is_refused_and_kept_in_the_form(client, get):
    sheet = start(client)
    response = hand(client, sheet, dealer="Anne", tricks_elder="5", tricks_dealer="5", king="turned")
    page = Page(response)
    assert page.status == 400 and "must add up to 5" in page.text
    assert page.checked("dealer") == {"Anne"} and page.checked("king") == {"turned"}
    assert 'value="5"' in page.tag("field-tricks_elder") and 'role="alert"' in page.html
    assert "Hand 1" not in get(sheet).text, "nothing was entered"
    six = Page(hand(client, sheet, dealer="Anne", tricks_elder="6", tricks_dealer="0"))
    assert six.status == 400 and "from 0 to 5" in six.text


def test_a_king_ends_the_game_before_the_tricks(client, get):
    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="0", tricks_dealer="5")  # Anne, dealing, the vole: 2
    hand(client, sheet, dealer="Bob", tricks_elder="5", tricks_dealer="0")  # Anne, elder, the vole: 4
    not_yet = Page(hand(client, sheet, dealer="Anne", king="none", outcome="not-played"))
    assert not_yet.status == 400 and "did not end the game" in not_yet.text
    assert hand(client, sheet, dealer="Anne", king="turned", outcome="not-played").status_code == 303
    page = get(sheet)
    assert "Anne wins game 1, 5 to 0." in page.text and "hand-form" not in page.ids()
    assert "The sheet is finished" not in page.text or "match-over" in page.ids()
    after = Page(hand(client, sheet, dealer="Bob", tricks_elder="3", tricks_dealer="2"))
    assert after.status == 400 and "finished" in after.text


def test_a_rubber_goes_on_to_a_second_game_and_the_pool_seats_the_third(client, get):
    sheet = start(client, match="rubber")
    for dealer, elder in (("Anne", "0"), ("Bob", "5"), ("Anne", "0")):  # Anne 2, 4, 6: game 1 hers
        hand(client, sheet, dealer=dealer, tricks_elder=elder, tricks_dealer=str(5 - int(elder)))
    page = get(sheet)
    assert "Game 2" in page.text and "Games won: Anne 1, Bob 0." in page.text
    pool = start(client, match="pool", player3="Carl")
    for dealer, elder in (("Anne", "0"), ("Bob", "5"), ("Anne", "0")):
        hand(client, pool, dealer=dealer, tricks_elder=elder, tricks_dealer=str(5 - int(elder)))
    text = get(pool).text
    assert "Game 2: Anne 0, Carl 0" in text and "Bob sits out" in text


def test_a_rubber_shows_what_its_games_count_for_the_stakes_on_the_sheet_and_the_print(client, get):
    """Finnish profile: games count by the loser's score (law 46). Bob's game to love counts 3, yet the rubber
    goes on games (scoring.rubber); the sheet and its print say what each player's games count."""
    sheet = start(client, match="rubber", profile="finnish")
    for dealer, elder in (("Anne", "5"), ("Bob", "0"), ("Anne", "3")):  # Bob 2, 4, 5: game 1, to love
        assert hand(client, sheet, dealer=dealer, tricks_elder=elder, tricks_dealer=str(5 - int(elder))).status_code \
            == 303
    page = get(sheet)
    stakes = "for the stakes the games count Anne 0, Bob 3."
    assert "Bob wins game 1, 5 to 0; it counts 3." in page.text and stakes in page.text
    assert len(re.findall(r'id="match-state"', page.html)) == 1  # two lines of the match's state, one id
    assert stakes in get(sheet + "/print").text


def test_a_corrected_hand_keeps_its_history(client, get):
    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="3", tricks_dealer="2")
    entry = get(sheet + "/entries/1")
    assert entry.status == 200 and "Law 50" in entry.text
    response = client.post(sheet + "/entries/1", data={"action": "correct", "dealer": "Anne", "proposals": "exchanged",
                                                        "king": "none", "outcome": "played", "tricks_elder": "2",
                                                        "tricks_dealer": "3"})
    assert response.status_code == 303
    page = get(sheet + "/entries/1")
    assert page.text.count("UTC:") == 2 and "entered" in page.text and "corrected" in page.text
    assert "Anne 1" in get(sheet).text


def test_a_score_marked_too_high_comes_off_only_when_admitted(client, get):
    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="5", tricks_dealer="0")
    hand(client, sheet, dealer="Bob", tricks_elder="3", tricks_dealer="2")
    lower = {"action": "correct", "dealer": "Anne", "proposals": "exchanged", "king": "none", "outcome": "played",
             "tricks_elder": "3", "tricks_dealer": "2"}
    refused = Page(client.post(sheet + "/entries/1", data=lower))
    assert refused.status == 400 and "admits" in refused.text and refused.checked("dealer") == {"Anne"}
    assert client.post(sheet + "/entries/1", data={**lower, "admitted": "yes"}).status_code == 303
    higher = {**lower, "tricks_elder": "5", "tricks_dealer": "0"}
    too_late = Page(client.post(sheet + "/entries/1", data=higher))
    assert too_late.status == 400 and "law 50" in too_late.text.lower()
    assert client.post(sheet + "/entries/1", data={**higher, "agreed": "yes"}).status_code == 303


def test_a_removed_hand_is_kept_in_the_history(client, get):
    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="3", tricks_dealer="2")
    assert client.post(sheet + "/entries/1", data={"action": "remove"}).status_code == 303
    page = get(sheet)
    assert "Entry 1: removed" in page.text and "Anne deals next" in page.text
    assert "removed" in get(sheet + "/entries/1").text


def ruled(call: str, known: dict, facts: dict) -> str:  # noqa: D401
    """The interview's URL once every fact it asks is answered (the first answer offered, unless given)."""
    given = {**known, **facts}
    while True:
        answer = ask({"kind": "dispute", "facts": given})
        if answer.get("status") != "need":
            assert answer.get("status") == "ruling", answer
            break
        need = answer["need"]
        given[need["fact"]] = need["choices"][0]["value"] if need.get("choices") else need.get("min", 0)
    from urllib.parse import urlencode
    return call + "&" + urlencode({name: str(value).lower() if isinstance(value, bool) else value
                                   for name, value in given.items() if name not in known})


def test_the_referee_is_called_with_what_the_sheet_knows_and_its_ruling_goes_on_the_sheet(client, get):
    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="3", tricks_dealer="2", proposals="played-without-proposing")
    page = get(sheet)
    call = next(link for link in page.links() if link.startswith("/dispute") and "marque_hand=1" in link)
    assert "elder_played_without_proposing=true" in call and "profile=london" in call
    asked = get(call)
    assert asked.status == 200, asked.text[:500]
    known = {"elder_played_without_proposing": True, "dealer_refused_first_proposal": False,
             "dealer_refused_later_proposal": False}
    url = ruled(call, known, {"irregularity": "revoke", "offender": "dealer", "tricks_won": 2, "hand_over": True,
                              "corrected_before_next_lead": False, "next_trump_turned": False})
    ruling = get(url)
    assert ruling.status == 200 and "to-sheet" in ruling.ids(), ruling.text[:1500]
    query = re.search(r'name="query" value="([^"]*)"', ruling.html).group(1).replace("&amp;", "&")
    assert "score-as-played" in re.findall(r'name="option" value="([^"]+)"', ruling.html)
    response = client.post(sheet + "/ruling", data={"query": query, "option": "score-as-played", "points": "9"})
    assert response.status_code == 303, Page(response).text[:800]
    after = get(sheet)
    assert "Ruling 1" in after.text and "Ruled by the referee under the club code (laws 43, 48 and 49)" in after.text
    assert "Bob 1" in after.text and "/laws/43" in " ".join(after.links())
    assert "corrected" in get(sheet + "/entries/1").text, "the hand as entered stays in its history"


def test_the_follow_link_shows_the_sheet_read_only(client, get, app):
    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="3", tricks_dealer="2")
    page = get(sheet)
    follow = urlsplit(next(link for link in page.links() if "/marque/follow/" in link)).path
    other = app.test_client()
    seen = Page(other.get(follow))
    assert seen.status == 200 and "read-only" not in seen.text or "only he can enter hands" in seen.text
    assert "hand-form" not in seen.ids() and "/entries/" not in seen.html
    assert other.get(sheet).status_code == 404, "the sheet itself is its owner's alone"
    assert other.get("/marque/follow/nothing-like-a-code").status_code == 404


def test_the_print_page_holds_the_game(client, get):
    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="3", tricks_dealer="2")
    page = get(sheet + "/print")
    assert page.status == 200 and "@page" not in page.html and "Game 1" in page.text and "Anne" in page.text


def test_a_sheet_is_listed_on_progress_exported_and_erased(client, get):
    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="3", tricks_dealer="2")
    progress = get("/progress/")
    assert sheet in progress.links() and "Bob 1" in progress.text
    data = client.get("/progress/export.json").get_json()
    [exported] = data["sheets"]
    assert exported["sheet"]["players"] == ["Anne", "Bob"]
    assert exported["sheet"]["entries"][0]["versions"][0]["entry"]["tricks"] == {"elder": 3, "dealer": 2}
    follow = urlsplit(next(link for link in get(sheet).links() if "/marque/follow/" in link)).path
    assert client.post("/progress/erase", data={"confirm": "yes"}).status_code == 200
    assert client.get(sheet).status_code == 404 and client.get(follow).status_code == 404
    assert "sheet-count" in get("/progress/").ids()


def test_a_sheet_is_found_again_after_a_restart(app, client, get):
    from ecarte_tutor.web import create_app

    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="3", tricks_dealer="2")
    again = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "INSTANCE_PATH": app.instance_path})
    with client.session_transaction() as session:
        cookie = dict(session)
    other = again.test_client()
    with other.session_transaction() as session:
        session.update(cookie)
    assert "Bob 1" in Page(other.get(sheet)).text


def test_bad_numbers_and_forms_are_clear_errors_not_tracebacks(client, get):
    sheet = start(client)
    assert client.get("/marque/99999999999").status_code == 404
    assert client.get(sheet + "/entries/99999999999").status_code == 404
    assert client.get(sheet + "/entries/3").status_code == 404
    refused = Page(client.post("/marque/", data={"player1": "Anne", "player2": "anne", "match": "game",
                                                 "first_dealer": "player1"}))
    assert refused.status == 400 and "different names" in refused.text and 'value="anne"' in refused.html
    odd = Page(client.post(sheet + "/hands", data={"dealer": "Anne", "king": "<b>odd</b>"}))
    assert odd.status == 400 and "<b>odd</b>" not in odd.html
    assert client.post(sheet + "/ruling", data={"query": "irregularity=nonsense"}).status_code == 400


def put_on_sheet(client, get, sheet, call, known, facts, option=None):
    ruling = get(ruled(call, known, facts))
    assert ruling.status == 200 and "to-sheet" in ruling.ids(), ruling.text[:800]
    assert "called-from-sheet" in ruling.ids()
    query = re.search(r'name="query" value="([^"]*)"', ruling.html).group(1).replace("&amp;", "&")
    options = re.findall(r'name="option" value="([^"]+)"', ruling.html)
    return client.post(sheet + "/ruling", data={"query": query, "option": option or (options[0] if options else "")})


def test_an_overscore_ruled_opens_the_hands_correction_and_a_ruling_without_points_changes_nothing(client, get):
    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="5", tricks_dealer="0")
    hand(client, sheet, dealer="Bob", tricks_elder="3", tricks_dealer="2")
    call = next(link for link in get(sheet).links() if link.startswith("/dispute") and "marque_hand=1" in link)
    asked = get(call)
    assert "called-from-sheet" in asked.ids() and "Anne dealt; Bob was the elder hand." in asked.text
    known = {"elder_played_without_proposing": False, "dealer_refused_first_proposal": False,
             "dealer_refused_later_proposal": False}
    response = put_on_sheet(client, get, sheet, call, known, {"irregularity": "overscore", "admitted": True,
                                                              "game_over": False})
    assert response.status_code == 303 and "/entries/1" in response.headers["Location"]
    mend = get(urlsplit(response.headers["Location"]).path + "?" + urlsplit(response.headers["Location"]).query)
    assert "ruled" in mend.ids() and "The referee allows it" in mend.text
    before = get(sheet).text
    nothing = Page(put_on_sheet(client, get, sheet, call.replace("marque_hand=1", "marque_hand=next"), {},
                                {"irregularity": "bystander-advice"}))
    assert nothing.status == 200 and "changes no score" in nothing.text
    assert get(sheet).text.count("Ruling") == before.count("Ruling")


def test_the_follow_link_has_a_qr_code_under_an_address_a_phone_can_reach():
    from ecarte_tutor.web import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "PUBLIC_URL": "https://ecarte.example.org/"})
    client = app.test_client()
    sheet = start(client)
    page = Page(client.get(sheet))
    link = next(link for link in page.links() if "/marque/follow/" in link)
    assert link.startswith("https://ecarte.example.org/marque/follow/") and "<svg" in page.html
    assert Page(client.get(urlsplit(link).path)).status == 200


def test_the_referee_called_on_the_hand_being_played_keeps_the_sheet_through_the_first_question(client, get):
    sheet = start(client)
    call = next(link for link in get(sheet).links() if link.startswith("/dispute") and "marque_hand=next" in link)
    first = get(call)
    assert "called-from-sheet" in first.ids() and "Anne is the dealer; Bob is the elder hand." in first.text
    hidden = dict(re.findall(r'<input type="hidden" name="(marque[a-z_]*)" value="([^"]*)"', first.html))
    assert hidden == {"marque": sheet.rsplit("/", 1)[1], "marque_hand": "next"}
    assert first.html.count('name="profile"') == 1, "the profile is sent once, by its own control"


def test_a_kept_sheet_that_no_longer_adds_up_is_a_clear_error(app, client, get):
    from ecarte_tutor.web.progress import LEARNER, STORE

    sheet = start(client)
    hand(client, sheet, dealer="Anne", tricks_elder="3", tricks_dealer="2")
    with client.session_transaction() as session:
        key = session[LEARNER]

    def broken(data):  # as if the rule book had changed under a kept sheet
        data["entries"][0]["versions"][-1]["entry"]["dealer"] = "Zoe"
        return data

    app.extensions[STORE].change_sheet(key, int(sheet.rsplit("/", 1)[1]), broken)
    page = get(sheet)
    assert page.status == 409 and "Entry 1: Zoe is not playing this game" in page.text
    assert "Anne – Bob" in get("/progress/").text, "the list of sheets still shows it"
