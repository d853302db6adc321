"""The quick reference (rules/course/quick.yaml): every fact filled by the engine, every line linked."""
import pytest
from data_under_test import BOOK

from ecarte_tutor.errors import DataError
from ecarte_tutor.lessons.quickref import load_quick, quick_reference

QUICK = quick_reference(BOOK)


def test_it_covers_what_a_player_needs_at_the_table():
    titles = [section.title for section in QUICK.sections]
    assert titles[:5] == ["The pack", "The deal", "The exchange", "The play", "Scoring"]
    irregularities = QUICK.sections[-1]
    assert len(irregularities.lines) == 10
    assert all(BOOK.rules[line.rule].law for line in irregularities.lines), "each links to its law"
    assert all(line.rule in BOOK.rules for line in QUICK.lines)


def test_its_facts_are_the_engines_not_fixed_words():
    assert QUICK.problems() == []
    assert all("{" not in line.text for line in QUICK.lines)
    text = " ".join(line.text for line in QUICK.lines)
    assert "the point, 1; all five: the vole, 2" in text
    assert "the deal is void; compulsory: nobody chooses" in text
    assert "claim a fresh deal or let the deal stand; the non-dealer's choice" in text


def test_another_profile_gets_its_own_facts():
    french = " ".join(line.text for line in quick_reference(BOOK, "french").lines)
    london = " ".join(line.text for line in QUICK.lines)
    assert "the dealer then takes what is left" in french and "plays his hand as it stands" in london
    assert "then the dealer 0 to 5" in french and "then the dealer 1 to 5" in london


def test_a_fixed_number_is_a_defect(tmp_path):
    path = tmp_path / "quick.yaml"
    path.write_text("title: At a glance\nsections:\n  - title: Scoring\n    lines:\n"
                    "      - {says: 'All five tricks: the vole, 2.', rule: scoring.vole}\n", encoding="utf-8")
    assert load_quick(path, BOOK).problems() == [
        "quick.yaml: “All five tricks: the vole, 2.” states a score in fixed words (“vole, 2”)"]
    path.write_text("title: At a glance\nsections:\n  - title: Scoring\n    lines:\n"
                    "      - {says: 'The vole: {p.no_such_thing}.', rule: scoring.vole}\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"sections\[0\]\.lines\[0\].*no_such_thing"):
        load_quick(path, BOOK)


@pytest.mark.parametrize("profile", sorted(BOOK.profiles))
def test_it_is_filled_under_every_profile(profile):
    """Each profile's engine answers every question the reference asks (under the modern rules a refused
    proposal changes what a vole given up scores, and the page once failed there)."""
    quick = quick_reference(BOOK, profile)
    assert quick is not None and quick.problems() == []


def test_the_check_fills_it_under_every_profile(monkeypatch):
    """A question one profile cannot answer is a defect of `ecarte-tutor check`, not a page that fails."""
    from ecarte_tutor.lessons import checks

    def failing(book, profile=None):
        if profile == "modern":
            raise DataError("quick.yaml", "the question 'law42' is incomplete")
        return quick_reference(book, profile)

    monkeypatch.setattr(checks, "quick_reference", failing)
    assert any("(under the modern profile)" in p for p in checks._quick_problems(BOOK))
