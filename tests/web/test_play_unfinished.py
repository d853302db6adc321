"""Unfinished games at /play: kept after each move of the learner's, listed on /play and /progress, taken up
where they were left (after a restart too), closed when abandoned, and gone from the list once finished."""
from __future__ import annotations

import json
import re

from conftest import Page
from test_play import play_out, start, step, token_of, tokens_game

from ecarte_tutor.web import create_app


def listed(page) -> list[str]:
    """The resume links of the unfinished games a page lists."""
    return list(dict.fromkeys(re.findall(r'href="(/play/resume/\d+)"', page.html)))


def test_a_game_is_listed_once_the_learner_has_moved_and_resumes_where_it_was(book, client, get):
    url = start(client, seed=5)
    assert listed(get("/play/")) == [], "a game only dealt is not yet a game left unfinished"
    url = step(get, step(get, url))
    on_play, on_progress = get("/play/"), get("/progress/")
    assert len(listed(on_play)) == 1 and listed(on_progress) == listed(on_play)
    assert "You have 1 unfinished game" in on_play.text
    assert "Your unfinished games" in on_play.text and "Take up the game begun" in on_play.text
    resumed = client.get(listed(on_play)[0])
    assert resumed.status_code == 303
    assert tokens_game(book, token_of(resumed.headers["Location"])).moves == tokens_game(book, token_of(url)).moves
    later = step(get, url)  # played on: the same game, kept as it now stands
    again = client.get(listed(get("/play/"))[0]).headers["Location"]
    assert len(listed(get("/play/"))) == 1
    assert tokens_game(book, token_of(again)).moves == tokens_game(book, token_of(later)).moves


def test_a_finished_game_is_no_longer_unfinished(client, get):
    url = step(get, start(client, seed=3))
    assert len(listed(get("/play/"))) == 1
    play_out(get, url)
    assert listed(get("/play/")) == [] and listed(get("/progress/")) == []
    assert "/progress/games/" in get("/progress/").html  # kept among the finished ones instead


def test_an_abandoned_game_is_closed_and_no_one_else_can_close_or_resume_it(app, client, get):
    step(get, start(client, seed=7))
    step(get, start(client, seed=8))
    links = listed(get("/progress/"))
    assert len(links) == 2
    number = links[1].rsplit("/", 1)[1]
    stranger = app.test_client()
    assert stranger.post(f"/play/close/{number}", data={"back": "progress"}).status_code == 404
    assert stranger.get(f"/play/resume/{number}").status_code == 404
    closed = client.post(f"/play/close/{number}", data={"back": "progress"})
    assert closed.status_code == 303 and closed.headers["Location"].endswith("/progress/?closed=1#closed")
    page = get("/progress/?closed=1")
    assert listed(page) == links[:1] and "The game is closed" in page.text
    assert client.post(f"/play/close/{number}").status_code == 404, "closed once"
    assert client.post(f"/play/close/{links[0].rsplit('/', 1)[1]}", data={"back": "elsewhere"}) \
        .headers["Location"].endswith("/play/?closed=1#closed")
    assert "no unfinished game left" in get("/play/?closed=1").text


def test_unfinished_games_are_in_the_export_and_erased_with_everything(client, get):
    url = step(get, start(client, seed=9))
    exported = json.loads(client.get("/progress/export.json").get_data(as_text=True))
    [kept] = exported["unfinished_games"]
    assert kept["record"]["seed"] == 9 and kept["deal"] == 1 and kept["record"]["moves"]
    assert client.post("/progress/erase", data={"confirm": "yes"}).status_code == 200
    assert listed(get("/play/")) == [] and get(url).status == 200  # the link still replays the game


def test_an_unfinished_game_is_found_after_a_restart(tmp_path):
    config = {"TESTING": True, "SECRET_KEY": "restart-secret", "DATABASE_URL": f"sqlite:///{tmp_path / 'db'}"}
    first = create_app(config).test_client()
    url = first.get("/play/new?level=beginner&dealer=tutor&seed=11").headers["Location"]
    def fetch(u, **kw):
        return Page(first.get(u, **kw))
    fetch.post = lambda u, **kw: Page(first.post(u, **kw))  # a move is a POST, as the conftest's ``get`` sends it
    moved = step(fetch, url)
    with first.session_transaction() as cookie:
        kept = dict(cookie)
    again = create_app(config).test_client()  # the server restarted: the same database, the same cookie
    with again.session_transaction() as cookie:
        cookie.update(kept)
    [link] = listed(Page(again.get("/play/")))
    assert again.get(link).headers["Location"] == moved


def test_a_store_that_cannot_be_reached_stops_neither_a_move_nor_the_start_page(app, client, get, monkeypatch):
    from ecarte_tutor.store import StoreUnavailable
    from ecarte_tutor.web.progress import STORE

    def down(*args, **kwargs):
        raise StoreUnavailable("the progress store cannot be used: no answer")

    url = step(get, start(client, seed=12))
    store = app.extensions[STORE]
    monkeypatch.setattr(store, "keep_unfinished", down)
    monkeypatch.setattr(store, "unfinished", down)
    assert get(step(get, url)).status == 200, "the move is made; only the list waits"
    start_page = get("/play/")
    assert start_page.status == 200 and listed(start_page) == []


def test_the_guided_hand_taken_up_again_goes_on_with_its_guide(client, get):
    url = client.get("/play/guided").headers["Location"]
    moved = step(get, url)
    assert "guide=1" in moved
    [link] = listed(get("/play/"))
    again = client.get(link).headers["Location"]
    assert "guide=1" in again and "guide" in get(again).ids()
