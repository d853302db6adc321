"""The API's one transport: a blueprint at /api, with the site's headers, methods and limits."""
import gzip
import io
import json

import pytest

from ecarte_tutor.web.security import HEADERS

PLAY = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S"], "card": "7S"}


def error_code(response):
    return response.get_json()["error"]["code"]


@pytest.mark.parametrize("method, url, allow", [
    ("GET", "/api/ask", "POST, OPTIONS"),
    ("PUT", "/api/ask", "POST, OPTIONS"),
    ("HEAD", "/api/ask", "POST, OPTIONS"),
    ("POST", "/api/openapi.json", "GET, HEAD, OPTIONS"),
    ("DELETE", "/api/openapi.json", "GET, HEAD, OPTIONS"),
])
def test_another_method_is_405_with_allow(client, method, url, allow):
    response = client.open(url, method=method)
    assert response.status_code == 405
    assert response.headers["Allow"] == allow
    if method != "HEAD":
        assert error_code(response) == "method-not-allowed"


@pytest.mark.parametrize("url, allow", [("/api/ask", "POST, OPTIONS"), ("/api/openapi.json", "GET, HEAD, OPTIONS")])
def test_options_lists_only_the_methods_that_exist(client, url, allow):
    response = client.options(url)
    assert response.status_code == 204
    assert response.headers["Allow"] == allow
    assert response.get_data() == b""
    for method in allow.split(", "):  # each method advertised is answered, not refused
        assert client.open(url, method=method, data=json.dumps(PLAY)).status_code != 405


@pytest.mark.parametrize("url", ["/api/ping", "/api", "/api/", "/api/ask/", "/api/openapi.json/x"])
def test_no_other_address_under_api(client, url):
    for method in ("GET", "POST", "OPTIONS"):
        response = client.open(url, method=method)
        assert response.status_code == 404 and error_code(response) == "not-found"


def test_the_openapi_document_describes_no_route_the_site_lacks(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    assert set(paths) == {"/api/ask"}
    for path, operations in paths.items():
        for method in operations:
            assert client.open(path, method=method.upper(), data=json.dumps(PLAY)).status_code in (200, 400)


def test_the_openapi_document_is_gzipped_for_browsers_that_accept_it(client):
    plain = client.get("/api/openapi.json")
    packed = client.get("/api/openapi.json", headers={"Accept-Encoding": "gzip, br"})
    assert packed.headers["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain.headers
    assert gzip.decompress(packed.get_data()) == plain.get_data()
    assert plain.headers["Vary"] == packed.headers["Vary"] == "Accept-Encoding"
    head = client.head("/api/openapi.json")
    assert head.get_data() == b"" and head.headers["Content-Length"] == plain.headers["Content-Length"]


@pytest.mark.parametrize("method, url", [("POST", "/api/ask"), ("GET", "/api/ask"), ("GET", "/api/openapi.json"),
                                         ("GET", "/api/nothing"), ("OPTIONS", "/api/ask")])
def test_api_responses_carry_the_site_security_headers(client, method, url):
    response = client.open(url, method=method, data=b"{}")
    for name, value in HEADERS.items():
        assert response.headers[name] == value


class Unreadable(io.RawIOBase):
    """A body stream that fails if read: a refusal by Content-Length must not touch it."""

    def readable(self):
        return True

    def readinto(self, buffer):
        raise AssertionError("the body was read")


class CutOff(io.RawIOBase):
    """A body the server's reader fails on though its length was declared: a client gone mid-body."""

    def readable(self):
        return True

    def readinto(self, buffer):
        raise ConnectionResetError("the client went away")


def post(client, stream, length=None, **environ):
    """POST /api/ask reading its body from ``stream``, of a declared ``length`` (None: none declared)."""
    environ = {"wsgi.input": stream, **({} if length is None else {"CONTENT_LENGTH": length}), **environ}
    return client.open("/api/ask", method="POST", environ_overrides=environ)


def test_a_declared_length_over_the_limit_is_refused_unread(client):
    response = post(client, Unreadable(), str(1 << 30))
    assert response.status_code == 413 and error_code(response) == "too-large"


def test_an_undeclared_length_is_read_only_past_the_limit(client):
    """A chunked body (the server says the stream ends) is read at most a little past the limit."""
    stream = io.BytesIO(b"[" + b"1," * 100_000 + b"1]")
    response = post(client, stream, **{"wsgi.input_terminated": True})
    assert response.status_code == 413 and error_code(response) == "too-large"
    assert stream.tell() < 150_000


@pytest.mark.parametrize("declared", ["40", "0040", "4000"])
def test_a_body_cut_off_is_a_400_in_words(client, declared):
    response = post(client, io.BufferedReader(CutOff()), declared)
    assert response.status_code == 400 and error_code(response) == "bad-body"
    assert b"went away" not in response.get_data()


def test_a_length_written_with_leading_zeros_is_read_as_its_number(client):
    body = json.dumps(PLAY).encode()
    response = post(client, io.BytesIO(body), "00" + str(len(body)))
    assert response.status_code == 200 and response.get_json()["legal"] is False


@pytest.mark.parametrize("declared", ["forty", "-1", "4 0"])
def test_a_length_that_is_no_number_reads_no_body(client, declared):
    response = post(client, io.BytesIO(json.dumps(PLAY).encode()), declared)
    assert response.status_code == 400 and error_code(response) == "empty-body"


def test_a_chunked_body_with_a_length_too_is_read_as_chunked(client):
    """Transfer-Encoding: chunked overrides a Content-Length (RFC 9112, 6.3): the body is read to its end."""
    body = json.dumps(PLAY).encode()
    response = post(client, io.BytesIO(body), "3", HTTP_TRANSFER_ENCODING="chunked", **{"wsgi.input_terminated": True})
    assert response.status_code == 200 and response.get_json()["legal"] is False


def test_an_api_request_without_cookies_gets_none_and_stays_cacheable(client):
    response = client.post("/api/ask", json=PLAY)
    assert response.status_code == 200
    assert "Set-Cookie" not in response.headers and "Vary" not in response.headers
    assert response.headers.get("Cache-Control") != "private, no-store"


def test_a_fault_while_answering_is_a_400_error_object(client, monkeypatch):
    import ecarte_tutor.web.api as api_module

    monkeypatch.setattr(api_module, "ask", lambda question, library: 1 / 0)
    response = client.post("/api/ask", json=PLAY)
    assert response.status_code == 400 and error_code(response) == "internal-error"


def test_a_fault_outside_the_question_is_a_400_error_object(client, app, monkeypatch):
    import ecarte_tutor.web.api as api_module

    monkeypatch.delitem(app.extensions, "ecarte_tutor.openapi", raising=False)
    monkeypatch.setattr(api_module, "openapi_document", lambda book: 1 / 0)
    response = client.get("/api/openapi.json")
    assert response.status_code == 400 and error_code(response) == "internal-error"
    for name, value in HEADERS.items():
        assert response.headers[name] == value


def test_an_answer_that_is_no_json_is_a_400_error_object(client, monkeypatch):
    import ecarte_tutor.web.api as api_module

    monkeypatch.setattr(api_module, "ask", lambda question, library: {"odd": float("nan")})
    response = client.post("/api/ask", json=PLAY)
    assert response.status_code == 400 and error_code(response) == "internal-error"


def test_pages_keep_allow_on_405(client):
    response = client.delete("/lessons/")
    assert response.status_code == 405 and "GET" in response.headers["Allow"]


def test_a_question_asked_again_gets_the_same_bytes(client):
    first, again = client.post("/api/ask", json=PLAY), client.post("/api/ask", json=PLAY)
    assert first.get_data() == again.get_data() and again.get_json()["legal"] is False


def test_the_api_never_reads_or_sets_the_session_cookie(app, monkeypatch):
    """A browser's question carries the site's cookie: the API has no session (web.security.CookieSessions), so the
    cookie is not even read, and none is set."""
    from ecarte_tutor.web import api, security

    assert security.API_PATHS == api.MOUNT + "/"
    browser = app.test_client()
    assert browser.get("/play/new").headers.get("Set-Cookie"), "a page that keeps its state in the cookie"

    def unreadable(*args):
        raise AssertionError("the API read the session cookie")

    monkeypatch.setattr(security.CookieSessions, "get_signing_serializer", unreadable)
    response = browser.post("/api/ask", json=PLAY)
    cookieless = app.test_client().post("/api/ask", json=PLAY)
    assert response.status_code == 200 and response.get_json() == cookieless.get_json()
    assert "Set-Cookie" not in response.headers and "Vary" not in response.headers
