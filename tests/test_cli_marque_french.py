"""``ecarte-tutor marque --lang fr``: the score sheet at the terminal told in French (issue 42)."""
import re

from ecarte_tutor.cli import main


def test_a_sheet_at_the_terminal_in_french(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("ECARTE_TUTOR_DATABASE_URL", raising=False)
    where = ["--instance", str(tmp_path), "--lang", "fr"]
    assert main(["marque", "new", "--players", "Anne", "Bob", "--match", "rubber", *where]) == 0
    out = capsys.readouterr().out
    code = re.search(r"code de reprise : ([0-9A-Z-]+)", out).group(1)
    assert "Anne – Bob : une partie liée (la meilleure de trois parties) ; règles london" in out
    assert "Anne donne ensuite ; Bob est premier en cartes." in out and "deals next" not in out
    me = [*where, "--code", code]
    assert main(["marque", "hand", "1", "--tricks", "1", "4", "--proposals", "played-without-proposing",
                 "--king", "turned", *me]) == 0
    out = capsys.readouterr().out
    assert "Main 1 : Anne a donné." in out and "Lois : " in out and "Partie 1 : Anne 3, Bob 0" in out
    assert "Hand 1" not in out and "Laws:" not in out
    assert main(["marque", "hand", "1", "--tricks", "2", "2", "--dealer", "Nobody", *me]) == 1
    assert "ecarte-tutor marque : non portée" in capsys.readouterr().err
