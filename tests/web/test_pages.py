"""Every page answers, with its content, its security headers and its friendly errors."""
import pytest

from ecarte_tutor.web import create_app
from ecarte_tutor.web.security import CONTENT_SECURITY_POLICY, HEADERS

PAGES = {
    "/": "Settle a dispute",
    "/legal/": "Is this legal?",
    "/legal/trick": "Who wins this trick?",
    "/legal/score": "What does this hand score?",
    "/legal/exchange": "The stock runs short",
    "/dispute/": "What went wrong at the table?",
    "/rules": "The rule book",
    "/rules/disagreements": "Where the sources disagree",
    "/rules/pack.rank-order": "King high",
    "/laws": "The laws of Écarté",
    "/casebook/": "The casebook",
    "/lessons/": "Learn Écarté",
    "/lessons/01-pack-and-ranking/": "The pack and its ranking",
    "/lessons/01-pack-and-ranking/4": "Which of your cards may you play?",
    "/legal/?trump=H&led=JS&hand=QS&hand=7S&card=7S": "may not be played",
    "/dispute/?irregularity=wrong-card-count&discovered=before-turn-up&elder_looked=true&hand=elder&count=3":
        "What the law says",
}


@pytest.mark.parametrize("url", PAGES)
def test_page_renders(get, url):
    page = get(url)
    assert page.status == 200
    assert PAGES[url] in page.text
    assert page.response.mimetype == "text/html"


@pytest.mark.parametrize("url", [*PAGES, "/api/openapi.json", "/api/nowhere", "/static/css/site.css", "/nowhere"])
def test_security_headers_on_every_response(client, url):
    response = client.get(url)
    response.close()
    headers = response.headers
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]


def test_policy_allows_no_inline_script_and_no_other_origin():
    directives = dict(part.strip().split(" ", 1) for part in CONTENT_SECURITY_POLICY.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert "http" not in CONTENT_SECURITY_POLICY


@pytest.mark.parametrize("url", PAGES)
def test_pages_have_no_inline_script_or_style_and_load_nothing_remote(get, url):
    html = get(url).html
    assert "<script>" not in html and "<script " not in html.replace('<script src="/static/', "")
    assert " style=" not in html and "<style" not in html
    assert "onclick=" not in html and "javascript:" not in html
    for attribute in ('src="http', 'href="//', 'src="//'):
        assert attribute not in html
    assert '<link rel="stylesheet" href="https' not in html


def test_images_come_from_this_origin_only():
    directives = dict(part.strip().split(" ", 1) for part in CONTENT_SECURITY_POLICY.split(";"))
    assert directives["img-src"] == "'self'"
    from pathlib import Path

    import ecarte_tutor.web as web

    package = Path(web.__file__).resolve().parents[1]
    for path in [*package.joinpath("static").rglob("*.*"), *package.joinpath("templates").rglob("*.html")]:
        assert "data:" not in path.read_text(encoding="utf-8"), f"{path} uses a data: URI, which the policy refuses"


def test_a_security_header_a_response_sets_is_kept_and_the_others_added():
    app = create_app({"TESTING": True, "SECRET_KEY": "x"})

    @app.get("/framed")
    def framed():
        return "ok", 200, {"X-Frame-Options": "SAMEORIGIN"}

    headers = app.test_client().get("/framed").headers
    assert headers.get_all("X-Frame-Options") == ["SAMEORIGIN"]
    for name, value in HEADERS.items():
        if name != "X-Frame-Options":
            assert headers[name] == value


def lesson_answer_headers(app):
    return app.test_client().post("/lessons/01-pack-and-ranking/4", data={"cards": ["QS"], "seq": "0"}).headers


def test_secure_cookies_and_hsts_are_off_by_default(monkeypatch):
    monkeypatch.delenv("ECARTE_TUTOR_SECURE_COOKIES", raising=False)
    app = create_app({"TESTING": True, "SECRET_KEY": "x"})
    headers = lesson_answer_headers(app)
    assert "Secure" not in headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in headers


@pytest.mark.parametrize("how", ["environment", "config"])
def test_secure_cookies_and_hsts_behind_https(monkeypatch, how):
    if how == "environment":
        monkeypatch.setenv("ECARTE_TUTOR_SECURE_COOKIES", "1")
        app = create_app({"TESTING": True, "SECRET_KEY": "x"})
    else:
        monkeypatch.delenv("ECARTE_TUTOR_SECURE_COOKIES", raising=False)
        app = create_app({"TESTING": True, "SECRET_KEY": "x", "SESSION_COOKIE_SECURE": True})
    assert app.config["SESSION_COOKIE_SECURE"] is True
    headers = lesson_answer_headers(app)
    assert "; Secure" in headers["Set-Cookie"]
    assert headers["Strict-Transport-Security"].startswith("max-age=")
    assert app.test_client().get("/nowhere").headers["Strict-Transport-Security"]


def test_unknown_page_is_a_friendly_404(get):
    page = get("/no/such/page")
    assert page.status == 404
    assert "Page not found" in page.text and 'href="/"' in page.html


def test_unknown_rule_is_a_404_naming_it(get):
    page = get("/rules/play.no-such-rule")
    assert page.status == 404
    assert "play.no-such-rule" in page.text


def test_a_fault_gives_the_friendly_500_page():
    app = create_app({"TESTING": False, "SECRET_KEY": "friendly-500-test-key-8e2b6d0c4a9f1357",
                      "PROPAGATE_EXCEPTIONS": False})

    @app.get("/boom")
    def boom():
        raise RuntimeError("kaboom")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    text = response.get_data(as_text=True)
    assert "Something went wrong" in text and "kaboom" not in text
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_a_request_too_large_gets_a_page_saying_so():
    app = create_app({"TESTING": True, "SECRET_KEY": "x"})

    @app.post("/upload")
    def upload():
        from flask import request
        return str(len(request.get_data()))

    response = app.test_client().post("/upload", data=b"x" * (65 * 1024))
    assert response.status_code == 413
    assert "larger than 64 KiB" in response.get_data(as_text=True)


def test_home_has_three_doors(get):
    page = get("/")
    for href in ("/lessons/", "/legal/", "/dispute/"):
        assert href in page.links()


def test_static_files_are_served_locally(client):
    for path in ("css/site.css", "js/site.js", "img/icon.svg"):
        with client.get(f"/static/{path}") as response:
            assert response.status_code == 200
        with client.get(f"/static/{path}", headers={"Accept-Encoding": "gzip"}) as response:
            assert response.status_code == 200


def test_pages_are_compressed_when_the_browser_accepts_gzip(client):
    import gzip

    plain = client.get("/rules")
    packed = client.get("/rules", headers={"Accept-Encoding": "gzip, deflate"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert "Content-Encoding" not in plain.headers
