"""The API's one transport: a WSGI app mounted at /api, with the site's headers, methods and limits."""
import gzip
import io
import json

import pytest

from ecarte_tutor.web.api import Api
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

    def readinto(self, buffer):
        raise AssertionError("the body was read")


def call(app, environ):
    statuses = []
    body = b"".join(app(environ, lambda status, headers, exc_info=None: statuses.append((status, dict(headers)))))
    return statuses[0][0], statuses[0][1], body


def environ_for(body_stream, **extra):
    return {"REQUEST_METHOD": "POST", "PATH_INFO": "/ask", "wsgi.input": body_stream, **extra}


def test_a_declared_length_over_the_limit_is_refused_unread(app):
    api = Api(None, limit=64 * 1024)
    status, headers, body = call(api, environ_for(Unreadable(), CONTENT_LENGTH=str(1 << 30)))
    assert status.startswith("413") and json.loads(body)["error"]["code"] == "too-large"


def test_an_undeclared_length_is_read_only_past_the_limit(app):
    """A chunked body (the server says the stream ends) is read at most one chunk past the limit."""
    stream = io.BytesIO(b"[" + b"1," * 100_000 + b"1]")
    status, _, body = call(Api(None, limit=1024), environ_for(stream, **{"wsgi.input_terminated": True}))
    assert status.startswith("413") and json.loads(body)["error"]["code"] == "too-large"
    assert stream.tell() < 200_000


def test_an_answer_is_the_same_under_any_mount(app):
    api = Api(app.extensions["ecarte_tutor"].book)
    body = json.dumps(PLAY).encode()
    status, headers, answer = call(api, environ_for(io.BytesIO(body), CONTENT_LENGTH=str(len(body))))
    assert status == "200 OK" and headers["Content-Type"] == "application/json"
    assert json.loads(answer)["legal"] is False


@pytest.mark.parametrize(("method", "path", "part"), [("POST", "/ask", "read_body"),
                                                      ("GET", "/openapi.json", "dispatch"),
                                                      ("POST", "/nowhere", "dispatch")])
def test_a_fault_anywhere_in_the_api_is_a_400_error_object(app, monkeypatch, method, path, part):
    """A fault in the routing, or in a question's handler (its first step, reading the body)."""
    import ecarte_tutor.web.api as api_module

    api = Api(app.extensions["ecarte_tutor"].book)
    monkeypatch.setattr(api if part == "dispatch" else api_module, part, lambda *args: 1 / 0)
    status, _, body = call(api, environ_for(io.BytesIO(b"{}"), REQUEST_METHOD=method, PATH_INFO=path))
    assert status.startswith("400") and json.loads(body)["error"]["code"] == "internal-error"


def test_an_answer_that_is_no_json_and_its_fallback_are_bytes(monkeypatch, app):
    """The fallback for an answer that cannot be written is itself already bytes (it was once encoded twice)."""
    import ecarte_tutor.web.api as api_module

    monkeypatch.setattr(api_module, "ask", lambda question, book: {"odd": float("nan")})
    status, _, body = call(Api(None), environ_for(io.BytesIO(b"{}"), CONTENT_LENGTH="2"))
    assert status.startswith("400") and json.loads(body)["error"]["code"] == "internal-error"


def test_pages_keep_allow_on_405(client):
    response = client.delete("/lessons/")
    assert response.status_code == 405 and "GET" in response.headers["Allow"]


def ask_bytes(api, body: bytes):
    return call(api, environ_for(io.BytesIO(body), CONTENT_LENGTH=str(len(body))))


def test_a_question_asked_again_is_answered_from_memory_with_the_same_bytes(app):
    api = Api(app.extensions["ecarte_tutor"].book)
    body = json.dumps(PLAY).encode()
    first, again = ask_bytes(api, body), ask_bytes(api, body)
    assert first == again and json.loads(again[2])["legal"] is False
    assert api.remembered.cache_info().hits == 1
    other = json.dumps({**PLAY, "card": "QS"}).encode()  # other bytes: asked of the engine
    assert json.loads(ask_bytes(api, other)[2])["legal"] is True
    assert api.remembered.cache_info().misses == 2


def test_a_reply_made_from_a_template_has_the_headers_of_one_asked(app, monkeypatch):
    """The second question of a holding and verdict is made from the first one's reply: its status and headers are
    those a reply worked out by ask() gets, its length its own."""
    import ecarte_tutor.web.api as api_module

    api, other = Api(app.extensions["ecarte_tutor"].book), Api(app.extensions["ecarte_tutor"].book)
    first = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D"], "card": "7S"}
    second = {**first, "hand": ["8D", "7S", "QS"], "card": "8D"}  # 8D is refused as 7S is
    asked = ask_bytes(other, json.dumps(second).encode())
    ask_bytes(api, json.dumps(first).encode())
    monkeypatch.setattr(api_module, "ask", lambda question, book: 1 / 0)  # no more worked out by ask()
    made = ask_bytes(api, json.dumps(second).encode())
    assert made[0] == asked[0] == "200 OK"
    assert made[1] == asked[1] and made[1]["Content-Length"] == str(len(made[2]))
    assert made[2] == asked[2]


def test_a_fault_is_not_remembered(app, monkeypatch):
    """A passing fault must not stand for the answer: the next asker of the same question gets the answer."""
    import ecarte_tutor.web.api as api_module

    real_ask = api_module.ask
    api = Api(app.extensions["ecarte_tutor"].book)
    body = json.dumps(PLAY).encode()
    monkeypatch.setattr(api_module, "ask", lambda question, book: {"odd": float("nan")})  # cannot be written
    assert json.loads(ask_bytes(api, body)[2])["error"]["code"] == "internal-error"
    monkeypatch.setattr(api_module, "ask", lambda question, book: {
        "error": {"code": "internal-error", "message": "a defect", "field": None}})
    assert json.loads(ask_bytes(api, body)[2])["error"]["code"] == "internal-error"
    monkeypatch.setattr(api_module, "ask", real_ask)
    assert json.loads(ask_bytes(api, body)[2])["legal"] is False
    assert api.remembered.cache_info().currsize == 1


class CutOff(io.RawIOBase):
    """A body the server's reader fails on though its length was declared: a client gone mid-body."""

    def readable(self):
        return True

    def readinto(self, buffer):
        raise ConnectionResetError("the client went away")


@pytest.mark.parametrize("declared", ["40", "0040", "4000"])  # the short path (a remembered length), and read_body
def test_a_body_cut_off_is_a_400_in_words_on_every_path(declared):
    status, _, body = call(Api(None), environ_for(io.BufferedReader(CutOff()), CONTENT_LENGTH=declared))
    assert status.startswith("400") and json.loads(body)["error"]["code"] == "bad-body"
    assert b"went away" not in body


@pytest.mark.parametrize("declared", ["100", "0100"])
def test_a_short_declared_length_over_a_small_limit_is_refused_unread(declared):
    """The short path's lengths stop at the limit: one over it is refused as read_body refuses it."""
    status, _, body = call(Api(None, limit=64), environ_for(Unreadable(), CONTENT_LENGTH=declared))
    assert status.startswith("413") and json.loads(body)["error"]["code"] == "too-large"


def test_a_length_written_with_leading_zeros_is_read_as_its_number(app):
    api = Api(app.extensions["ecarte_tutor"].book)
    body = json.dumps(PLAY).encode()
    status, _, answer = call(api, environ_for(io.BytesIO(body), CONTENT_LENGTH="00" + str(len(body))))
    assert status == "200 OK" and answer == ask_bytes(api, body)[2]


def test_a_fault_on_a_long_question_is_its_own_reply(app, monkeypatch):
    import ecarte_tutor.web.api as api_module

    monkeypatch.setattr(api_module, "ask", lambda question, book: {"odd": float("nan")})  # cannot be written
    api = Api(app.extensions["ecarte_tutor"].book)
    status, _, answer = ask_bytes(api, json.dumps({**PLAY, "profile": "london" + " " * 3000}).encode())
    assert status.startswith("400") and json.loads(answer)["error"]["code"] == "internal-error"
    assert api.remembered.cache_info().currsize == 0


def test_a_long_question_is_answered_but_not_remembered(app):
    api = Api(app.extensions["ecarte_tutor"].book)
    body = json.dumps({**PLAY, "profile": "london" + " " * 3000}).encode()
    assert ask_bytes(api, body) == ask_bytes(api, body)
    assert api.remembered.cache_info().currsize == 0


def test_the_site_mounts_one_api_that_remembers(client, app):
    from ecarte_tutor.web.api import mounted_api

    for _ in range(3):
        assert client.post("/api/ask", json=PLAY).get_json()["legal"] is False
    assert mounted_api(app).remembered.cache_info().hits == 2


@pytest.mark.parametrize("method", ["POST", "GET"])
@pytest.mark.parametrize(("path", "to", "script", "rest"), [
    ("/api/ask", "api", "/api", "/ask"), ("/api", "api", "/api", ""), ("/api/", "api", "/api", "/"),
    ("/api//ask", "api", "/api", "//ask"), ("/api/ask/", "api", "/api", "/ask/"),
    ("/apiary", "pages", "", "/apiary"), ("/", "pages", "", "/"), ("/lessons/api", "pages", "", "/lessons/api")])
def test_the_mount_sends_only_addresses_under_api_to_the_api(path, to, script, rest, method):
    """The mount init_app makes (api.Front): the mount point moves to SCRIPT_NAME, as werkzeug's
    DispatcherMiddleware moves it (both are asked, and must agree); a question goes to the Api's handler of
    questions at once, with the environ as the server wrote it (that handler reads neither), any other address
    under the mount to the Api."""
    from werkzeug.middleware.dispatcher import DispatcherMiddleware

    from ecarte_tutor.web.api import MOUNT, Front

    seen = []

    class Called:
        def __init__(self, name):
            self.name = name

        def __call__(self, environ, start_response):
            seen.append((self.name, environ["SCRIPT_NAME"], environ["PATH_INFO"]))
            return []

        def question(self, environ, start_response):
            return Called(self.name + " (question)")(environ, start_response)

    def environ():
        return {"PATH_INFO": path, "SCRIPT_NAME": "", "REQUEST_METHOD": method}

    DispatcherMiddleware(Called("pages"), {MOUNT: Called("api")})(environ(), None)
    Front(Called("pages"), Called("api"))(environ(), None)  # type: ignore[arg-type]
    if path == "/api/ask" and method == "POST":
        assert seen == [(to, script, rest), (to + " (question)", "", path)]
    else:
        assert seen == [(to, script, rest), (to, script, rest)]
