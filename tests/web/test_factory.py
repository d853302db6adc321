"""``create_app``: configuration, the rule book loaded once, the secret key (given and checked, or made and kept)."""
import secrets
import stat
import string

import pytest

from ecarte_tutor.errors import DataError, StartError
from ecarte_tutor.web import MAX_BODY, create_app
from ecarte_tutor.web.keys import KEY_FILE, MIN_BITS, VARIABLES, entropy_bits, kept_key, secret_key, weakness

GOOD = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_app_keeps_the_rule_book(app):
    site = app.extensions["ecarte_tutor"]
    assert site.book.rules and site.book.laws
    assert app.config["MAX_CONTENT_LENGTH"] == MAX_BODY == 64 * 1024


def test_config_overrides_defaults():
    app = create_app({"SECRET_KEY": "abc", "TESTING": True})
    assert app.testing and app.config["SECRET_KEY"] == "abc", "an app made for tests may use any key"


def no_key_in_the_environment(monkeypatch):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_secret_key_from_the_environment(monkeypatch, tmp_path, capsys):
    no_key_in_the_environment(monkeypatch)
    monkeypatch.setenv("ECARTE_TUTOR_SECRET_KEY", GOOD)
    assert create_app({"INSTANCE_PATH": str(tmp_path)}).config["SECRET_KEY"] == GOOD
    monkeypatch.delenv("ECARTE_TUTOR_SECRET_KEY")
    monkeypatch.setenv("SECRET_KEY", GOOD.upper())
    assert secret_key(None, tmp_path) == GOOD.upper()
    assert capsys.readouterr().err == ""
    assert not (tmp_path / KEY_FILE).exists(), "a key given is never written down"


def test_without_a_key_one_is_made_once_and_kept_with_mode_0600(monkeypatch, tmp_path):
    no_key_in_the_environment(monkeypatch)
    first = create_app({"INSTANCE_PATH": str(tmp_path)}).config["SECRET_KEY"]
    again = create_app({"INSTANCE_PATH": str(tmp_path)}).config["SECRET_KEY"]
    assert first == again and weakness(first) is None
    assert stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode) == 0o600
    assert secret_key(None, tmp_path / "elsewhere") != first
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == [], "no draft left behind"


def test_a_kept_key_others_can_read_is_closed_to_them(monkeypatch, tmp_path):
    no_key_in_the_environment(monkeypatch)
    key = kept_key(tmp_path)
    (tmp_path / KEY_FILE).chmod(0o644)
    assert kept_key(tmp_path) == key and stat.S_IMODE((tmp_path / KEY_FILE).stat().st_mode) == 0o600


@pytest.mark.parametrize("weak", ["secret", "x" * 31, "a" * 64, "abab" * 16, "changeme" * 4,
                                  "192b9bdd22ab9ed4d12e236c78afcb9a393ec15f71bbf5dc987d54727823bcbf",
                                  "  0123456789ABCDEF0123456789ABCDEF  ", "0123456789abcdef0123456789abcdef0",
                                  "0123456789" * 10, "your-secret-key-here-change-me-please",
                                  "my-super-secret-key-that-no-one-knows", "django-insecure-change-me-in-production",
                                  "passwordpasswordpasswordpassword", "abcdefghijklmnopqrstuvwxyz012345"])
def test_a_weak_key_given_stops_the_start_in_one_line(monkeypatch, tmp_path, weak):
    no_key_in_the_environment(monkeypatch)
    monkeypatch.setenv("ECARTE_TUTOR_SECRET_KEY", weak)
    with pytest.raises(StartError) as refused:
        create_app({"INSTANCE_PATH": str(tmp_path)})
    message = str(refused.value)
    assert "ECARTE_TUTOR_SECRET_KEY" in message and "secrets.token_hex(32)" in message and "\n" not in message
    assert len(weak.strip()) < 8 or weak.strip() not in message, "the key is never echoed"
    with pytest.raises(StartError):
        create_app({"SECRET_KEY": weak, "INSTANCE_PATH": str(tmp_path)})  # in the config too, but for tests


def test_serve_refuses_a_weak_key_with_one_line(monkeypatch, tmp_path, capsys):
    from ecarte_tutor.cli import main

    no_key_in_the_environment(monkeypatch)
    monkeypatch.setenv("ECARTE_TUTOR_SECRET_KEY", "secret")
    monkeypatch.setenv("ECARTE_TUTOR_INSTANCE_PATH", str(tmp_path))
    assert main(["serve", "--port", "0"]) == 2
    preparing, *refusal = capsys.readouterr().err.strip().splitlines()
    assert "preparing the site" in preparing  # said at once, before the key is read
    assert len(refusal) == 1 and "too easy to guess" in refusal[0] and "token_hex" in refusal[0]


@pytest.mark.parametrize("draw", [lambda: secrets.token_hex(16), lambda: secrets.token_hex(32),
                                  lambda: secrets.token_urlsafe(32), lambda: secrets.token_urlsafe(24),
                                  lambda: "".join(secrets.choice(string.ascii_lowercase) for _ in range(32))])
def test_keys_drawn_at_random_are_taken_whatever_their_alphabet(draw):
    """Judged by entropy, not by a list: 200 random keys of each kind pass, each scored near its true bits."""
    for _ in range(200):
        key = draw()
        assert weakness(key) is None, key
        assert entropy_bits(key) >= MIN_BITS


def test_a_broken_rule_book_stops_the_start(tmp_path):
    with pytest.raises(DataError):
        create_app({"SECRET_KEY": "x", "TESTING": True, "RULES_DIR": str(tmp_path / "nothing-here")})


def test_flask_finds_the_factory():
    import ecarte_tutor.web as web

    assert callable(web.create_app)
