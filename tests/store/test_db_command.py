"""``ecarte-tutor db status`` and ``db upgrade`` on each database, as an operator runs them."""
from ecarte_tutor.cli import main
from ecarte_tutor.store.sql import head_revision


def test_status_then_upgrade_then_status(database_url, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("ECARTE_TUTOR_DATABASE_URL", database_url)
    assert main(["db", "status", "--instance", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "migration: none" in out and "run ecarte-tutor db upgrade" in out
    assert main(["db", "upgrade", "--instance", str(tmp_path)]) == 0
    assert f"migrated from nothing to {head_revision()}" in capsys.readouterr().out
    assert main(["db", "upgrade", "--instance", str(tmp_path)]) == 0
    assert "already at the latest migration" in capsys.readouterr().out
    assert main(["db", "status", "--instance", str(tmp_path)]) == 0
    assert "learners: 0" in capsys.readouterr().out


def test_without_a_url_the_sqlite_file_is_in_the_instance_folder(monkeypatch, tmp_path, capsys):
    monkeypatch.delenv("ECARTE_TUTOR_DATABASE_URL", raising=False)
    assert main(["db", "upgrade", "--instance", str(tmp_path)]) == 0
    assert (tmp_path / "ecarte-tutor.sqlite3").exists() and str(tmp_path) in capsys.readouterr().out


def test_a_database_it_cannot_reach_is_one_line(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("ECARTE_TUTOR_DATABASE_URL", "postgresql+psycopg://u:pw@127.0.0.1:1/x?connect_timeout=2")
    assert main(["db", "status", "--instance", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "cannot be used" in err and ":pw@" not in err
