"""Searching the casebook: word endings, synonyms kept as data, and the law whose title matches first."""
import pytest
from data_under_test import LIBRARY

from ecarte_tutor.casebook import Casebook
from ecarte_tutor.casesearch import Searchable, Synonyms, Term, load_synonyms, normalised, rank, stem
from ecarte_tutor.errors import DataError


@pytest.fixture(scope="module")
def casebook():
    return Casebook(LIBRARY, LIBRARY.synonyms)


def first_laws(casebook, query, n=3):
    found, exact = casebook.search(query)
    assert exact, f"{query!r}: some case should match every word"
    return [entry.law for entry in found[:n]]


@pytest.mark.parametrize("a, b", [("turned", "turns"), ("turning", "turn"), ("cutting", "cut"), ("dealt", "deal"),
                                  ("exposed", "exposes"), ("revoking", "revoke"), ("cards", "card")])
def test_word_endings_meet(a, b):
    assert stem(a) == stem(b)


def test_accents_and_case_do_not_matter():
    assert normalised("Écarté RULES") == normalised("ecarte rule")


def test_the_reported_query_two_cards_turned_finds_law_11_first(casebook):
    assert first_laws(casebook, "two cards turned") == [11, 11, 11]
    found, _ = casebook.search("two cards turned")
    assert "packet" not in found[0].scenario.title.lower(), "no longer the broken packet order first"


def test_the_dealer_is_not_the_non_dealer(casebook):
    """Issue 23: "dealer six cards" ranked the non-dealer's six cards (law 15) first."""
    assert normalised("the non-dealer") != normalised("the dealer") and " deal " not in normalised("non-dealer")
    assert first_laws(casebook, "dealer six cards")[0] == 17
    assert first_laws(casebook, "non-dealer six cards")[0] == 15


@pytest.mark.parametrize("query", ["renege", "renounce", "revoke", "did not follow suit"])
def test_renege_and_its_synonyms_find_the_revoke_cases(casebook, query):
    assert first_laws(casebook, query) == [43, 43, 43]


@pytest.mark.parametrize("query, law", [("faced card", 12), ("exposed card", 12), ("misdeal", 9), ("deck", 12),
                                        ("law 17", 17), ("laws 43", 43), ("forgot to score", 50), ("gave up", 42),
                                        ("dealt too many cards", 15), ("jack led", 43)])
def test_a_players_words_reach_the_law_that_rules(casebook, query, law):
    found, _ = casebook.search(query)
    assert found and found[0].law == law, [(e.law, e.scenario.title) for e in found[:5]]


def test_a_case_is_found_by_its_title_and_summary_words(casebook):
    case = LIBRARY.scenarios[0]
    found, _ = casebook.search(case.title)
    assert found[0].scenario is case


def test_every_word_must_match_else_the_nearest_are_offered(casebook):
    found, exact = casebook.search("revoke zzzzz")
    assert not exact and found and "revoke" in found[0].scenario.title.lower()
    found, exact = casebook.search("zzzzz qqqqq")
    assert found == []


def test_filters_by_kind_and_law(casebook):
    found, _ = casebook.search("", kind="play")
    assert found and all(entry.kind == "play" for entry in found)
    found, _ = casebook.search("", law=19)
    assert found and all(19 in entry.laws for entry in found)
    own = [entry.law == 19 for entry in found]
    assert own == sorted(own, reverse=True) and not all(own), "the law's own cases first, then those it joins"


def test_the_cases_of_a_law_list_its_own_cases_first(casebook):
    cases = casebook.under_law(19)
    own = [e.law == 19 for e in cases]
    assert own == sorted(own, reverse=True), "the law's own cases, then those it took part in"
    assert any(not flag for flag in own), "law 19 takes part in rulings decided by other laws"
    besides = cases[0].scenario.id
    assert besides not in [e.scenario.id for e in casebook.under_law(19, besides=besides)]


def test_a_case_still_asking_a_question_belongs_to_the_law_it_leads_to(casebook):
    asking = casebook.get("dispute.law-11.asks-if-elder-looked")
    assert asking.answer["status"] == "need" and asking.laws == (11,)


def test_the_law_whose_title_matches_ranks_first_even_over_a_better_title_match():
    entries = [Searchable({"title": normalised("two cards turned"), "law": normalised("packets")}, (9,)),
               Searchable({"title": normalised("a hand"), "law": normalised("more than one card turned up")}, (11,))]
    synonyms = Synonyms([["two cards", "more than one card"]])
    order, exact = rank(entries, synonyms.terms("two cards turned"), {9: "packets", 11: "More than one card turned up"})
    assert exact and order == [1, 0]


def test_terms_take_the_longest_phrase_and_law_numbers():
    synonyms = Synonyms([["two cards", "more than one card"], ["card", "pip"]])
    assert synonyms.terms("law 12 two cards") == [Term(law=12), Term(forms=(" two card ", " mor than one card "))]
    assert synonyms.terms("the card") == [Term(forms=(" card ", " pip "))], "stopwords are dropped"


@pytest.mark.parametrize("query", ["law 0", "laws 00", "the law 0"])
def test_law_number_0_is_a_term_like_any_other(query):
    # Term(law=0) was taken for a word (``t.law or t.forms[0]``) and raised IndexError: a 500 on /casebook/?q=law+0
    assert Synonyms().terms(query) == [Term(law=0)]


def test_the_synonyms_file_is_checked(tmp_path):
    path = tmp_path / "synonyms.yaml"
    path.write_text("groups:\n  - [renege, revoke]\n  - [revoking, renounce]\n", encoding="utf-8")
    with pytest.raises(DataError, match="one group only"):
        load_synonyms(path)
    path.write_text("groups:\n  - [lonely]\n", encoding="utf-8")
    with pytest.raises(DataError):
        load_synonyms(path)
    assert load_synonyms(tmp_path / "missing.yaml").groups == []


def test_the_bundled_synonyms_hold_the_reported_words():
    forms = {form.strip() for group in LIBRARY.synonyms.groups for form in group}
    for word in ("reneg", "renounc", "misdeal", "fac", "shuffl", "deck", "jack"):
        assert word in forms, word
