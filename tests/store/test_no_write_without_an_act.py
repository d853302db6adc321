"""No stranger fills the store: reading any page writes nothing, on SQLite and on PostgreSQL (issue 40).

Every page family the site's links reach is read without a cookie (tests/web/crawl.py), with the pages no link
reaches: a game at its last move and the old GET address of that move, the resume link, a legacy cookie's
pages. Then the learners are counted in the database itself. A POST from another site is refused before it
acts; the JSON API answers without touching the store or the cookie.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from ecarte_tutor.web import create_app
from store.databases import BACKENDS, database

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from crawl import crawl  # noqa: E402 - the site's own crawler, beside the web tests

STEP = "/lessons/01-pack-and-ranking/4"


@pytest.fixture(scope="module", params=BACKENDS)
def site(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("acts")
    with database(request.param, folder) as url:
        app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "DATABASE_URL": url,
                          "INSTANCE_PATH": str(folder / "instance")})
        yield app, url
        app.extensions["ecarte_tutor_store"].close()


def rows(url: str, table: str = "learners") -> int:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return connection.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
    finally:
        engine.dispose()


def last_move(client) -> tuple[str, dict]:
    """A game one move from its end: its page, and the form of the move that ends it."""
    from ecarte_tutor.table import Game
    from ecarte_tutor.web import tokens

    location = client.get("/play/new?level=beginner&dealer=tutor&seed=3").headers["Location"]
    for _ in range(400):
        page = client.get(location).get_data(as_text=True)
        form = re.search(r'<form [^>]*method="post" action="/play/move#answer"[^>]*>(.*?)</form>', page, re.S)
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(1)))
        button = re.search(r'<button type="submit"[^>]* name="([^"]+)" value="([^"]*)"', form.group(1))
        box = re.search(r'<input type="checkbox" name="([^"]+)" value="([^"]+)"', form.group(1))
        data = {**fields, **({button.group(1): button.group(2)} if button else {}),
                **({box.group(1): box.group(2)} if box and not button else {})}
        with client.application.test_request_context():
            after = tokens.read(fields["g"])
            after.play({key: value for key, value in data.items() if key in ("do", "card")} |
                       ({"cards": [data["cards"]]} if "cards" in data else {}))
            if after.over:
                return location, data
        location = client.post("/play/move", data=data).headers["Location"]
    raise AssertionError(f"no end to the game ({Game.__name__})")


def test_reading_every_page_makes_no_learner_and_writes_no_row(site):
    app, url = site
    before = {table: rows(url, table) for table in ("learners", "lesson_steps", "review_items", "games")}
    player = app.test_client()
    game_page, final = last_move(player)  # played by one browser, whose moves are acts: not counted below
    before = {table: rows(url, table) for table in before}
    pages = [sampled.url for sampled in crawl(app, ["/", game_page, "/progress/resume", "/progress/export.json"],
                                              per_family=1, explore=2)]
    assert len(pages) > 30, "every family of pages was read"
    stranger = app.test_client()
    for page in [game_page, "/play/move?" + "&".join(f"{k}={v}" for k, v in final.items()), "/progress/",
                 "/progress/export.json", "/progress/games", "/lessons/01-pack-and-ranking/1", "/lessons/practice/"]:
        assert stranger.get(page).status_code in (200, 303), page
    assert {table: rows(url, table) for table in before} == before, "a GET wrote to the store"


def test_a_cross_site_post_is_refused_before_it_acts(site):
    app, url = site
    before = rows(url)
    client = app.test_client()
    for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://elsewhere.example"}):
        response = client.post(STEP, data={"cards": ["QS"], "seq": "0"}, headers=headers)
        assert response.status_code == 403, headers
        assert "Set-Cookie" not in response.headers
    assert rows(url) == before
    assert client.post(STEP, data={"cards": ["QS"], "seq": "0"},
                       headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200
    assert rows(url) == before + 1, "an act from the site's own page makes the learner"


def test_the_json_api_touches_neither_the_store_nor_the_cookie(site):
    app, url = site
    before = rows(url)
    question = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S"]}
    response = app.test_client().post("/api/ask", data=json.dumps(question),
                                      headers={"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"})
    assert response.status_code == 200 and response.get_json()["legal_cards"] == ["QS"]
    assert "Set-Cookie" not in response.headers and rows(url) == before
