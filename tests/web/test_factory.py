"""``create_app``: configuration, the rule book loaded once, the secret key."""
import pytest

from ecarte_tutor.errors import DataError
from ecarte_tutor.web import MAX_BODY, create_app
from ecarte_tutor.web.security import secret_key_from_environment


def test_app_keeps_the_rule_book(app):
    site = app.extensions["ecarte_tutor"]
    assert site.book.rules and site.book.laws
    assert app.config["MAX_CONTENT_LENGTH"] == MAX_BODY == 64 * 1024


def test_config_overrides_defaults():
    app = create_app({"SECRET_KEY": "abc", "TESTING": True})
    assert app.testing and app.config["SECRET_KEY"] == "abc"


def test_secret_key_from_the_environment(monkeypatch, capsys):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("ECARTE_TUTOR_SECRET_KEY", "from-env")
    assert create_app().config["SECRET_KEY"] == "from-env"
    monkeypatch.delenv("ECARTE_TUTOR_SECRET_KEY")
    monkeypatch.setenv("SECRET_KEY", "plain")
    assert secret_key_from_environment() == "plain"
    assert capsys.readouterr().err == ""


def test_missing_secret_key_is_generated_with_a_warning(monkeypatch, capsys):
    monkeypatch.delenv("ECARTE_TUTOR_SECRET_KEY", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first, second = secret_key_from_environment(), secret_key_from_environment()
    assert len(first) >= 32 and first != second
    assert "warning" in capsys.readouterr().err


def test_a_broken_rule_book_stops_the_start(tmp_path):
    with pytest.raises(DataError):
        create_app({"SECRET_KEY": "x", "RULES_DIR": str(tmp_path / "nothing-here")})


def test_flask_finds_the_factory():
    import ecarte_tutor.web as web

    assert callable(web.create_app)
