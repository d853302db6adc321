"""``ecarte-tutor marque``: a sheet kept in the site's store under a resume code, hands scored as on the site."""
import re

from ecarte_tutor.cli import main
from ecarte_tutor.commands.db import code_key_of
from ecarte_tutor.store import database_url, open_store


def test_a_sheet_at_the_terminal_is_the_sites(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("ECARTE_TUTOR_DATABASE_URL", raising=False)
    where = ["--instance", str(tmp_path)]
    assert main(["marque", "new", "--players", "Anne", "Bob", "--match", "rubber", *where]) == 0
    out = capsys.readouterr().out
    code = re.search(r"resume code: ([0-9A-Z-]+)", out).group(1)
    assert "Anne deals next; Bob is the elder hand." in out
    me = [*where, "--code", code]
    assert main(["marque", "hand", "1", "--tricks", "1", "4", "--proposals", "played-without-proposing",
                 "--king", "turned", *me]) == 0
    out = capsys.readouterr().out
    assert "Anne 3, Bob 0" in out and "49 (" in out and "Bob deals next" in out

    assert main(["marque", "hand", "1", "--tricks", "5", "5", *me]) == 1
    refused = capsys.readouterr()
    assert "must add up to 5" in refused.err and "Traceback" not in refused.err

    assert main(["marque", "correct", "1", "1", "--dealer", "Anne", "--tricks", "3", "2", *me]) == 0
    assert "(corrected)" in capsys.readouterr().out

    store = open_store(database_url(str(tmp_path)), code_key=code_key_of(str(tmp_path)))  # the site's own key
    learner = store.by_resume_code(code)
    [kept] = store.sheets(learner.key)
    assert [v["did"] for v in kept.data["entries"][0]["versions"]] == ["entered", "corrected"]
    store.close()

    assert main(["marque", "list", *me]) == 0
    assert "Anne – Bob" in capsys.readouterr().out
    assert main(["marque", "show", "99", *me]) == 2
    assert main(["marque", "list", *where, "--code", "0000-0000-0000-0000-0000"]) == 2


def test_a_rubber_at_the_terminal_says_its_result_once_and_what_its_games_count(tmp_path, capsys, monkeypatch):
    """Finnish rules: Bob wins a game to love (it counts 3), Anne the next two; the rubber is hers on games, and
    the sheet says what each player's games count for the stakes (scoring.rubber), the result said once."""
    monkeypatch.delenv("ECARTE_TUTOR_DATABASE_URL", raising=False)
    where = ["--instance", str(tmp_path)]
    assert main(["marque", "new", "--players", "Anne", "Bob", "--match", "rubber", "--profile", "finnish",
                 *where]) == 0
    me = [*where, "--code", re.search(r"resume code: ([0-9A-Z-]+)", capsys.readouterr().out).group(1)]
    bob_to_love = [("Anne", "5"), ("Bob", "0"), ("Anne", "4")]  # Bob 2, 4, 5 (each the dealer's or the elder's)
    anne_to_love = [("Bob", "5"), ("Anne", "0"), ("Bob", "4")]
    for dealer, elder in bob_to_love + anne_to_love + anne_to_love:
        assert main(["marque", "hand", "1", "--dealer", dealer, "--tricks", elder, str(5 - int(elder)), *me]) == 0
    out = capsys.readouterr().out.split("Anne – Bob:")[-1]  # the sheet as the last hand left it
    assert out.count("Anne wins the rubber, 2 games to 1.") == 1
    assert "for the stakes the games count Anne 6, Bob 3." in out
