"""``ecarte-tutor db status`` and ``db upgrade`` on each database, as an operator runs them."""
from ecarte_tutor.cli import main
from ecarte_tutor.store.sql import head_revision
from store.databases import a_learner_last_seen


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


def test_expire_removes_the_learners_nobody_came_back_to(database_url, monkeypatch, tmp_path, capsys):
    from ecarte_tutor.store import open_store

    monkeypatch.setenv("ECARTE_TUTOR_DATABASE_URL", database_url)
    gone = a_learner_last_seen(database_url, days_ago=40)
    store = open_store(database_url)
    kept = store.new_learner().key
    assert main(["db", "expire", "--days", "30", "--instance", str(tmp_path)]) == 0
    assert "removed 1 learner whose progress had not changed since" in capsys.readouterr().out
    assert store.learner(gone) is None and store.learner(kept) is not None
    store.close()
    assert main(["db", "expire", "--days", "none", "--instance", str(tmp_path)]) == 2
    assert "whole number of days" in capsys.readouterr().err
