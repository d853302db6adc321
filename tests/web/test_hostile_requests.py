"""Requests built to break the site get a 400 in words: over-long numbers, unreadable bodies; share links never
take the request's Host (issue 22, L1-L3)."""
import io

import pytest
from werkzeug.test import EnvironBuilder, run_wsgi_app

from ecarte_tutor.web import create_app

BIG = "9" * 5000  # over Python's 4,300-digit limit for int()


@pytest.mark.parametrize("url", [
    f"/casebook/?law={BIG}", f"/lessons/01-pack-and-ranking/{BIG}", f"/laws/{BIG}", f"/casebook/?page={BIG}",
    f"/lessons/practice/x/{BIG}", f"/legal/score?elder_tricks={BIG}",
    f"/dispute/?irregularity=wrong-card-count&count={BIG}",
])
def test_an_over_long_number_in_an_address_is_a_400_in_words(client, url):
    response = client.get(url)
    assert response.status_code == 400
    assert BIG[:100] not in response.get_data(as_text=True)


def test_an_over_long_number_as_a_lesson_is_no_lesson(client):
    assert client.get(f"/lessons/{BIG}/").status_code == 404


def test_an_over_long_number_in_a_lesson_form_is_a_400_in_words(client):
    response = client.post("/lessons/09-scoring-a-hand/2", data={"points_elder": BIG, "points_dealer": "0", "seq": "0"})
    assert response.status_code == 400
    assert "whole number" in response.get_data(as_text=True)


class Broken(io.RawIOBase):
    """A body the server cannot read: what gunicorn's reader does with a malformed chunk."""

    def readable(self):
        return True

    def readinto(self, buffer):
        raise ValueError("Invalid chunk size: 'zz'")


@pytest.mark.parametrize("path, content_type", [
    ("/api/ask", "application/json"), ("/lessons/09-scoring-a-hand/2", "application/x-www-form-urlencoded"),
])
def test_a_body_the_server_cannot_read_is_a_400_without_a_traceback(app, path, content_type):
    environ = EnvironBuilder(path=path, method="POST", content_type=content_type,
                             headers={"Transfer-Encoding": "chunked"}).get_environ()
    environ.update({"wsgi.input": io.BufferedReader(Broken()), "wsgi.input_terminated": True})
    environ.pop("CONTENT_LENGTH", None)
    body, status, _ = run_wsgi_app(app, environ, buffered=True)
    text = b"".join(body).decode()
    assert status.startswith("400")
    assert "Traceback" not in text and "Invalid chunk size" not in text and "could not be read" in text
    if path.startswith("/api"):
        assert '"bad-body"' in text


def test_share_links_never_carry_the_requests_host(client):
    evil = {"Host": "evil.example"}
    ruling = client.get("/dispute/?irregularity=wrong-card-count&discovered=before-turn-up&elder_looked=true"
                        "&hand=elder&count=3", headers=evil).get_data(as_text=True)
    assert 'id="share-link"' in ruling and "evil.example" not in ruling
    assert 'value="/dispute/?irregularity=' in ruling


def test_share_links_use_the_configured_public_address(monkeypatch):
    monkeypatch.setenv("ECARTE_TUTOR_PUBLIC_URL", "https://ecarte.example.org/")
    app = create_app({"TESTING": True, "SECRET_KEY": "x"})
    page = app.test_client().get("/dispute/?irregularity=wrong-card-count&discovered=before-turn-up"
                                 "&elder_looked=true&hand=elder&count=3", headers={"Host": "evil.example"})
    html = page.get_data(as_text=True)
    assert 'value="https://ecarte.example.org/dispute/?irregularity=' in html and "evil.example" not in html


def test_a_public_address_that_is_no_address_is_ignored_with_a_warning(monkeypatch, capsys):
    monkeypatch.setenv("ECARTE_TUTOR_PUBLIC_URL", "javascript:alert(1)")
    app = create_app({"TESTING": True, "SECRET_KEY": "x"})
    assert app.config["PUBLIC_URL"] is None and "ECARTE_TUTOR_PUBLIC_URL" in capsys.readouterr().err
