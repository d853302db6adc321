"""``/progress``: the course, the reviews and the games; a resume code and its QR code; export; erase."""
import json
import re

import pytest
from conftest import Page, progress_of

STEP = "/lessons/01-pack-and-ranking/4"  # QS right, 7S wrong (it breaks play.head-the-trick)


def wrong_answer(client):
    assert client.post(STEP, data={"cards": ["7S"], "seq": "0"}).status_code == 200


def made_code(client, **kwargs) -> Page:
    """The page that shows a new resume code, once (pressing "Make a resume code" on /progress)."""
    page = Page(client.post("/progress/code", **kwargs))
    assert page.status == 200, page.text[:300]
    return page


def code_on(page) -> str:
    return re.search(r'id="resume-code">([^<]+)<', page.html).group(1)


def test_a_browser_with_nothing_kept_is_told_so_and_keeps_nothing(app, client, get):
    page = get("/progress/")
    assert page.status == 200 and "Nothing is kept for this browser yet" in page.text
    assert "Your resume code" not in page.text and progress_of(app, client).seq == 0
    with client.session_transaction() as session:
        assert "learner" not in session, "looking makes no learner"


def test_the_page_shows_the_course_the_reviews_and_a_resume_code(app, client, get):
    wrong_answer(client)
    page = get("/progress/")
    assert re.search(r"1 of \d+ lessons started, 0 finished", page.text)
    assert "The pack and its ranking — started, no step done yet" in page.text
    assert "1 rule due for review now" in page.text and "— due now" in page.text
    assert 'id="make-code"' in page.html and 'id="resume-code"' not in page.html, "a code is made on request"
    app.config["SERVED_URL"] = "http://192.168.1.20:5000"
    try:
        shown = made_code(client)
    finally:
        app.config.pop("SERVED_URL")
    code = code_on(shown)
    assert re.fullmatch(r"[0-9A-Z]{4}(-[0-9A-Z]{4}){4}", code) and "shown this once" in shown.text
    svg = re.search(r"<svg[^>]*class=\"qr\".*?</svg>", shown.html, flags=re.S).group(0)
    assert "<title>" in svg and "style=" not in svg and "<script" not in svg, "inline SVG the CSP allows"
    assert shown.response.headers["Cache-Control"] == "private, no-store"
    assert page.response.headers["Cache-Control"] == "private, no-store"
    assert "play.head-the-trick" not in page.text, "rules by title, not id"
    again = get("/progress/")
    assert code not in again.html and 'id="has-code"' in again.html, "shown once, then never again"


def test_a_new_code_retires_the_old_one(client):
    wrong_answer(client)
    first, second = code_on(made_code(client)), code_on(made_code(client))
    assert first != second
    other = Page(client.application.test_client().post("/progress/resume", data={"code": first}))
    assert other.status == 400 and "No progress has this resume code" in other.text


def test_the_resume_link_uses_the_configured_public_address(app, client):
    wrong_answer(client)
    app.config["PUBLIC_URL"] = "https://ecarte.example.org/"
    try:
        page = made_code(client)
    finally:
        app.config.pop("PUBLIC_URL")
    link = re.search(r'id="resume-link">([^<]+)<', page.html).group(1)
    assert link == f"https://ecarte.example.org/progress/resume#code={code_on(page)}" and "localhost" not in page.html


def _resume_page(app, client, served_url=None, host="localhost"):
    """The resume link as a browser at ``host`` sees it, the site served at ``served_url``."""
    assert client.post(STEP, data={"cards": ["7S"], "seq": "0"}, base_url=f"http://{host}").status_code == 200
    app.config["SERVED_URL"] = served_url
    try:
        page = made_code(client, base_url=f"http://{host}")
    finally:
        app.config.pop("SERVED_URL")
    return re.search(r'id="resume-link">([^<]+)<', page.html).group(1), page


def test_a_site_on_the_network_links_to_the_machines_network_address(app, client):
    """A phone cannot open 127.0.0.1: the link and its QR code carry the address serve gives out."""
    link, page = _resume_page(app, client, served_url="http://192.168.1.20:5000", host="127.0.0.1:5000")
    assert link.startswith("http://192.168.1.20:5000/progress/resume#code=") and 'class="qr"' in page.html
    assert 'id="resume-only-here"' not in page.html


def test_a_site_on_loopback_only_says_the_link_opens_on_this_computer_alone(app, client):
    link, page = _resume_page(app, client, served_url="http://127.0.0.1:5000", host="127.0.0.1:5000")
    assert link.startswith("http://127.0.0.1:5000/progress/resume#code=")
    assert 'id="resume-only-here"' in page.html and "--host 0.0.0.0" in page.text


def test_the_link_never_comes_from_the_host_header(app, client):
    """The Host header is the client's to choose; a link to another device is the site's own, or relative."""
    link, page = _resume_page(app, client, host="attacker.example:80")
    assert link.startswith("/progress/resume#code=") and "attacker.example" not in page.html
    assert 'class="qr"' not in page.html, "no QR code of a link a phone could not follow"
    link, page = _resume_page(app, client, served_url="http://192.168.1.20:5000", host="forger.example:80")
    assert link.startswith("http://192.168.1.20:5000/") and "forger.example" not in page.html


def test_the_code_never_travels_in_a_url_the_server_sees(client):
    """The link carries it in its fragment (never sent); the form sends it in a POST's body."""
    wrong_answer(client)
    page = made_code(client)
    link = re.search(r'id="resume-link">([^<]+)<', page.html).group(1)
    assert "?" not in link and link.split("#")[1] == f"code={code_on(page)}"
    form = Page(client.get("/progress/resume"))
    assert 'method="post"' in form.html and "data-fragment-code" in form.html


def test_export_gives_everything_as_json(client):
    wrong_answer(client)
    response = client.get("/progress/export.json")
    assert response.mimetype == "application/json" and "attachment" in response.headers["Content-Disposition"]
    data = json.loads(response.get_data(as_text=True))
    assert data["format"] == "ecarte-tutor progress" and data["learner"]["has_resume_code"] is False
    assert "resume_code" not in data["learner"], "only its hash is kept: there is no code to export"
    assert data["progress"]["lessons"]["01-pack-and-ranking"]["missed"] == [4]
    assert [item["rule"] for item in data["progress"]["reviews"]] == ["play.head-the-trick"]
    assert data["progress"]["reviews"][0]["state"] == 1 and data["games"] == []


def test_erasing_needs_the_box_ticked_then_takes_everything(app, client, get):
    wrong_answer(client)
    assert "Erase everything" in get("/progress/").text
    assert "Yes, erase everything" in get("/progress/erase").text
    refused = Page(client.post("/progress/erase", data={}))
    assert refused.status == 400 and "Tick the box" in refused.text and progress_of(app, client).seq == 2
    with client.session_transaction() as session:
        key = session["learner"]
    done = Page(client.post("/progress/erase", data={"confirm": "yes"}))
    assert done.status == 200 and "Everything kept for this browser is gone" in done.text
    assert app.extensions["ecarte_tutor_store"].learner(key) is None
    with client.session_transaction() as session:
        assert "learner" not in session
    assert "Nothing is kept for this browser yet" in get("/progress/").text


def test_a_resume_code_mistyped_or_unknown_is_a_400_with_the_code_kept(client, get):
    bad = Page(client.post("/progress/resume", data={"code": "ABC<b>"}))
    assert bad.status == 400 and "20 letters and digits" in bad.text and 'value="ABC&lt;b&gt;"' in bad.html
    unknown = Page(client.post("/progress/resume", data={"code": "0000-0000-0000-0000-0000"}))
    assert unknown.status == 400 and "No progress has this resume code" in unknown.text


def test_resuming_asks_first_and_says_what_becomes_of_this_browsers_progress(app, client, get):
    wrong_answer(client)
    own = code_on(made_code(client))
    other = app.test_client()
    assert other.post(STEP, data={"cards": ["QS"], "seq": "0"}).status_code == 200
    theirs = code_on(made_code(other))
    asked = Page(client.post("/progress/resume", data={"code": theirs}))
    assert asked.status == 200 and 'id="replace-warning"' in asked.html
    assert "Its own progress is not erased" in asked.text and "1 rule under review" in asked.text
    assert progress_of(app, client) != progress_of(app, other), "nothing switched before the answer"
    assert client.post("/progress/resume", data={"code": theirs, "confirm": "yes"}).status_code == 303
    assert progress_of(app, client) == progress_of(app, other)
    assert client.post("/progress/resume", data={"code": own, "confirm": "yes"}).status_code == 303  # and back
    assert progress_of(app, client).lesson("01-pack-and-ranking").missed == {4}


def test_a_browser_with_nothing_of_its_own_resumes_at_once(app, client):
    other = app.test_client()
    assert other.post(STEP, data={"cards": ["QS"], "seq": "0"}).status_code == 200
    theirs = code_on(made_code(other))
    assert client.post("/progress/resume", data={"code": theirs}).status_code == 303
    assert progress_of(app, client) == progress_of(app, other)


@pytest.mark.parametrize("headers", [{"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                                     {"Origin": "https://attacker.example"}, {"Origin": "null"}])
def test_a_resume_forged_by_another_site_does_not_switch_learners(app, client, headers):
    wrong_answer(client)
    mine = progress_of(app, client)
    attacker = app.test_client()
    assert attacker.post(STEP, data={"cards": ["QS"], "seq": "0"}).status_code == 200
    theirs = code_on(made_code(attacker))
    forged = Page(client.post("/progress/resume", data={"code": theirs, "confirm": "yes"}, headers=headers))
    assert forged.status == 403 and "Nothing was changed" in forged.text
    assert progress_of(app, client) == mine


def test_a_form_from_the_site_itself_is_taken(app, client):
    wrong_answer(client)
    for headers in ({"Sec-Fetch-Site": "same-origin"}, {"Origin": "http://localhost"}, {}):
        response = client.post(STEP, data={"cards": ["QS"], "seq": str(progress_of(app, client).seq)},
                               headers=headers)
        assert response.status_code in (200, 409), headers


def test_every_form_that_acts_refuses_another_sites_post_and_only_the_api_takes_one(app):
    """web.origin guards each blueprint but the API's: every address that answers a POST, whatever its blueprint,
    answers another site's with the 403 page before acting."""
    from werkzeug.routing import IntegerConverter

    client = app.test_client()
    posted = [rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())]
    assert len(posted) > 10
    urls = app.url_map.bind("localhost")
    for rule in posted:
        address = urls.build(rule.endpoint, {name: 1 if isinstance(converter, IntegerConverter) else "x"
                                             for name, converter in rule._converters.items()}, method="POST")
        response = client.post(address, data={"seq": "0"}, headers={"Sec-Fetch-Site": "cross-site"})
        if rule.endpoint.startswith("api."):
            assert response.status_code != 403, address
        else:
            assert response.status_code == 403 and "another site" in response.get_data(as_text=True), address
