"""Mistakes mended: corrections and removals with every version kept, within laws 50 and 51, never breaking a
later entry; and the sheet's words all in its catalogue."""
import re
from datetime import timedelta
from pathlib import Path

import pytest

from ecarte_tutor.marque import SheetError, add_entry, correct_entry, read_entry, remove_entry
from ecarte_tutor.marque.editing import window
from ecarte_tutor.marque.words import catalogue
from marque.test_scorer import BOOK, NOW, enter, sheet


def hand(data, **form):
    return read_entry({"proposals": "exchanged", "king": "none", "outcome": "played", **form}, data["players"])


def test_the_last_hand_may_be_put_right_either_way_and_its_history_is_kept():
    data, standing = enter(sheet(), dealer="Anne", tricks_elder="3", tricks_dealer="2")
    assert window(standing, 1) == ("open", "law.50")
    later = NOW + timedelta(minutes=1)
    data, standing = correct_entry(data, 1, hand(data, dealer="Anne", tricks_elder="0", tricks_dealer="5"), BOOK,
                                   later)
    versions = data["entries"][0]["versions"]
    assert [v["did"] for v in versions] == ["entered", "corrected"]
    assert versions[0]["entry"]["tricks"] == {"elder": 3, "dealer": 2}, "what was entered first is kept"
    assert versions[1]["at"] == later.isoformat() and versions[1]["law"] == "law.50"
    assert standing.current.score == {"Anne": 2, "Bob": 0}


def test_an_earlier_hand_only_comes_down_when_admitted_and_never_goes_up():
    data, _ = enter(sheet(), dealer="Anne", tricks_elder="5", tricks_dealer="0")
    data, standing = enter(data, dealer="Bob", tricks_elder="3", tricks_dealer="2")
    assert window(standing, 1) == ("lower", "law.51")
    lower = hand(data, dealer="Anne", tricks_elder="3", tricks_dealer="2")
    with pytest.raises(SheetError, match="admits"):
        correct_entry(data, 1, lower, BOOK, NOW)
    changed, standing = correct_entry(data, 1, lower, BOOK, NOW, admitted=True)
    assert standing.current.score == {"Anne": 1, "Bob": 1} and changed["entries"][0]["versions"][-1]["admitted"]
    higher = hand(data, dealer="Anne", tricks_elder="0", tricks_dealer="5", king="turned")
    with pytest.raises(SheetError, match="law 50"):
        correct_entry(changed, 1, higher, BOOK, NOW)
    agreed, _ = correct_entry(changed, 1, higher, BOOK, NOW, agreed=True)
    assert agreed["entries"][0]["versions"][-1]["agreed"] is True
    assert data["entries"][0]["versions"][-1]["did"] == "entered", "a refused change leaves the sheet as it was"


def test_a_finished_game_stands_unless_the_players_agree():
    data = sheet(match="rubber")
    for dealer, elder in (("Anne", "0"), ("Bob", "5"), ("Anne", "0"), ("Bob", "3")):
        data, standing = enter(data, dealer=dealer, tricks_elder=elder, tricks_dealer=str(5 - int(elder)))
    assert window(standing, 1) == ("closed", "law.51")
    with pytest.raises(SheetError, match="law 51"):
        remove_entry(data, 1, BOOK, NOW, admitted=True)


def test_a_change_that_makes_a_later_entry_impossible_is_refused_with_its_number():
    data = sheet()
    for dealer, elder in (("Anne", "0"), ("Bob", "5"), ("Anne", "0")):
        data, standing = enter(data, dealer=dealer, tricks_elder=elder, tricks_dealer=str(5 - int(elder)))
    data2, _ = remove_entry(data, 3, BOOK, NOW)
    data2, _ = add_entry(data2, hand(data2, dealer="Anne", king="turned", outcome="not-played"), BOOK, NOW)
    with pytest.raises(SheetError) as refused:  # with hand 2 lowered, the king no longer ends the game
        correct_entry(data2, 2, hand(data2, dealer="Bob", tricks_elder="3", tricks_dealer="2"), BOOK, NOW,
                      agreed=True)
    assert refused.value.n == 4


def test_a_removed_entry_stays_with_its_history_and_cannot_be_removed_twice():
    data, _ = enter(sheet(), dealer="Anne", tricks_elder="3", tricks_dealer="2")
    data, standing = remove_entry(data, 1, BOOK, NOW)
    assert standing.lines[0].entry is None and len(data["entries"][0]["versions"]) == 2
    assert standing.next_dealer == "Anne"
    with pytest.raises(SheetError, match="removed already"):
        remove_entry(data, 1, BOOK, NOW)
    with pytest.raises(SheetError, match="no entry 7"):
        remove_entry(data, 7, BOOK, NOW)


def test_every_sentence_the_sheet_says_is_in_its_catalogue():
    words = catalogue()
    package = Path(__file__).resolve().parents[2] / "ecarte_tutor"
    used = set()
    for path in [*package.joinpath("marque").glob("*.py"), package / "web" / "marque.py"]:
        used |= set(re.findall(r'say\("([a-z-]+)", "([a-z0-9-]+)"', path.read_text()))
    assert used, "the sheet says something"
    missing = [f"{group}.{key}" for group, key in used if key not in words.get(group, {})]
    assert missing == []


def test_a_ruling_goes_on_the_sheet_and_a_deal_set_aside_is_dealt_again_by_the_same_dealer():
    data, _ = enter(sheet(), dealer="Anne", tricks_elder="3", tricks_dealer="2")
    ruling = {"kind": "ruling", "dealer": "Bob", "case": "law.17/x", "laws": [17], "option": "fresh-deal",
              "label": "A fresh deal", "points": {"elder": 0, "dealer": 0}}
    data, standing = add_entry(data, ruling, BOOK, NOW)
    assert standing.next_dealer == "Bob", "a fresh deal: the same dealer deals again"
    marked = {**ruling, "option": "mark-points", "label": "The adversary marks points",
              "points": {"elder": 1, "dealer": 0}, "laws": [43]}
    data, standing = add_entry(data, marked, BOOK, NOW)
    assert standing.lines[-1].points == {"Anne": 1, "Bob": 0} and standing.lines[-1].laws == [43]
    assert "Ruled by the referee" in standing.lines[-1].awards[0]["reason"]
    assert standing.current.score == {"Anne": 1, "Bob": 1} and standing.next_dealer == "Anne"


def test_a_sheet_and_an_entry_have_their_limits(monkeypatch):
    import ecarte_tutor.marque.editing as editing

    monkeypatch.setattr(editing, "MOST_ENTRIES", 2)
    monkeypatch.setattr(editing, "MOST_VERSIONS", 2)
    data, _ = enter(sheet(), dealer="Anne", tricks_elder="3", tricks_dealer="2")
    data, _ = correct_entry(data, 1, hand(data, dealer="Anne", tricks_elder="2", tricks_dealer="3"), BOOK, NOW)
    with pytest.raises(SheetError, match="at most 2 times"):
        correct_entry(data, 1, hand(data, dealer="Anne", tricks_elder="3", tricks_dealer="2"), BOOK, NOW)
    data, _ = enter(data, dealer="Bob", tricks_elder="3", tricks_dealer="2")
    with pytest.raises(SheetError, match="at most 2 entries"):
        enter(data, dealer="Anne", tricks_elder="3", tricks_dealer="2")


def test_a_refused_new_hand_is_not_named_by_a_number_it_never_got():
    with pytest.raises(SheetError) as refused:
        enter(sheet(), dealer="Anne", tricks_elder="5", tricks_dealer="5")
    assert refused.value.n is None
