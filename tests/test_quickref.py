"""The quick reference (rules/course/quick.yaml): every fact filled by the engine, every line linked."""
import pytest
from data_under_test import BOOK

from ecarte_tutor import ask
from ecarte_tutor.errors import DataError
from ecarte_tutor.lessons.quickref import QUICK_FILE, load_quick, quick_reference
from ecarte_tutor.lessons.vouched import Vouched, asked
from ecarte_tutor.yamlio import load_yaml

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
    assert "claim a fresh deal or let the deal stand (the non-dealer's choice)" in text


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


# --- every line agrees with `ask` for every moment it covers (issue 39) -----------------------------

def entries():
    document = load_yaml(BOOK.root / QUICK_FILE)
    return [entry for section in document["sections"] for entry in section["lines"] if "asks" in entry]


def rulings(question: dict) -> list[tuple[dict, dict]]:
    """Every ruling the interview reaches from the question's facts, answering its questions every way."""
    answer = ask(question, BOOK)
    if "error" in answer:
        return []
    if answer["status"] == "ruling":
        return [(question["facts"], answer)]
    name = answer["need"]["fact"]
    return [found for choice in answer["need"]["choices"]
            for found in rulings({**question, "facts": {**question["facts"], name: choice["value"]}})]


def readings(entry: dict, profile: str, name: str, facts: dict) -> dict[str, dict]:
    """The line as each ruling reachable from ``facts`` (for question ``name``) would fill it: text -> facts."""
    params = BOOK.params(profile)
    questions = {n: {**q, "profile": profile} for n, q in entry["asks"].items()}
    answers = {**asked(questions, BOOK), "dealer_then": "-"}
    out: dict[str, dict] = {}
    for reached, answer in rulings({**questions[name], "facts": facts}):
        out.setdefault(Vouched(BOOK, params, None, {**answers, name: answer}).fill(entry["says"]), reached)
    return out


@pytest.mark.parametrize("profile", sorted(BOOK.profiles))
def test_every_line_is_the_ruling_for_every_moment_it_covers(profile):
    """A referee's report: "two cards turned up: choose the trump or claim a fresh deal" was printed although law 11
    makes a fresh deal compulsory once the non-dealer has looked. Every answer the interview could still be given
    to a line's question fills the line alike, and a fact the question fixes that would change it is said."""
    wrong = []
    for entry in entries():
        states = entry.get("states", {})
        wrong += [f"{entry['says']!r} does not say {phrase!r}" for phrases in states.values() for phrase in phrases
                  if phrase not in entry["says"]]
        for name, question in entry["asks"].items():
            if question["kind"] != "dispute":
                continue
            facts = question["facts"]
            if len(found := readings(entry, profile, name, facts)) > 1:
                wrong.append(f"{name}: the moments {list(found.values())} read {list(found)}")
            for fact in facts:
                if fact == "irregularity" or fact in states:
                    continue
                if len(readings(entry, profile, name, {k: v for k, v in facts.items() if k != fact})) > 1:
                    wrong.append(f"{entry['says']!r} ({name}) fixes {fact}, which changes the ruling, unsaid")
    assert wrong == [], "\n".join(wrong)


def test_the_lines_the_referee_named_say_what_the_rulings_say():
    lines = {line.rule: line.text for line in QUICK.lines}
    assert "once he looks, until the next turn-up, fresh deal (compulsory: nobody chooses)" in lines["law.11"]
    assert "once he looks, the deal stands (compulsory: nobody chooses)" in lines["law.13"]
    assert "before the non-dealer looks" in lines["law.9"]
    assert "if the non-dealer holds it, no penalty" in lines["law.25"]
    assert "” or “Have the hand played over”" in lines["law.25"]  # the two options apart
