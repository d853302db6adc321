"""The referee's words in French (issue 42): the law files' decision rows, readings, drills, the other sources' views
and presuppositions, and the dispute facts, each held by `check` as the rule book's other texts are."""
from __future__ import annotations

import pytest

from ecarte_tutor import ask
from ecarte_tutor.bookwords import Entry, Translation, load_translation
from ecarte_tutor.errors import DataError
from ecarte_tutor.languages import book_problems, glossary_problems, stale
from ecarte_tutor.rulebook import default_rulebook, load_rulebook

ROW = "decisions.elder-chooses-before-looking"


def test_a_decision_rows_translation_is_held_to_its_english_row():
    book = default_rulebook()
    entries = {"law.9": Entry("rules/fr/laws/dealing.yaml", {f"{ROW}.explanation": "Le donneur s'est trompé.",
                                                              "decisions.no-such-case.window": "jamais"}, {})}
    files = {"rules/fr/laws/dealing.yaml": ("rules/laws/dealing.yaml", True)}
    found, pairs, left = book_problems(book, Translation("fr", entries, files))
    text = "\n".join(found)
    assert "law.9 › decisions.no-such-case.window: the English has no decisions.no-such-case.window" in text
    assert f"{ROW}.options.rectify.consequence" in text and f"{ROW}.window" in text  # complete, but not translated
    assert left["rules/laws/dealing.yaml"] > 0
    assert any(pair.where.endswith(f"{ROW}.explanation") for pair in pairs)  # the glossary reads it too


def test_the_dispute_facts_translation_is_held_and_counted():
    book = default_rulebook()
    entries = {"fact:trump_turned": Entry("rules/fr/dispute-facts.yaml", {"question": "L'atout était-il tourné ?",
                                                                          "choices.maybe": "Peut-être"}, {}),
               "fact:no_such_fact": Entry("rules/fr/dispute-facts.yaml", {"question": "?"}, {})}
    files = {"rules/fr/dispute-facts.yaml": ("rules/dispute-facts.yaml", False)}
    found, _pairs, left = book_problems(book, Translation("fr", entries, files))
    text = "\n".join(found)
    assert "fact:no_such_fact: no rule of the English rule book has this id" in text
    assert "fact:trump_turned › choices.maybe: the English has no choices.maybe" in text
    assert left["rules/dispute-facts.yaml"] > 100  # every other question, answer, moment and remedy


def test_the_glossary_holds_a_decision_row():
    found = glossary_problems("fr", [__import__("ecarte_tutor.languages").languages.Pair(
        "rules/fr/laws/dealing.yaml › law.9 › decisions.x.explanation", "The non-dealer chooses.",
        "Le non-donneur choisit.")])
    assert any("le non-donneur" in line for line in found)


def test_a_reworded_row_makes_its_translation_older_than_its_english(rules_copy):
    english = rules_copy / "laws" / "dealing.yaml"
    text = english.read_text(encoding="utf-8")
    assert "            label: Have the dealer put it right\n" in text
    english.write_text(text.replace("            label: Have the dealer put it right\n",
                                    "            label: Let the dealer put it right\n"), encoding="utf-8")
    book = load_rulebook(rules_copy)
    assert [line.split(":")[0] for line in stale(book, book.translations["fr"])] == \
        ["rules/fr/laws/dealing.yaml › law.9"]


def test_a_text_not_translated_falls_back_to_its_english():
    book = default_rulebook()
    english = "The deal stands"
    assert book.words("law.9", "decisions.no-such-case.window", "fr", english) == english
    assert book.words("law.9", f"{ROW}.window", "en", english) == english
    assert book.words("law.9", f"{ROW}.window", "fr", english).startswith("avant que l'atout")


def test_a_malformed_facts_translation_is_a_clear_error(rules_copy):
    (rules_copy / "fr" / "dispute-facts.yaml").write_text("facts: [1, 2]\n", encoding="utf-8")
    with pytest.raises(DataError, match="facts must map each fact's name to its words"):
        load_translation(rules_copy, "fr")
    (rules_copy / "fr" / "dispute-facts.yaml").write_text("questions: {}\n", encoding="utf-8")
    with pytest.raises(DataError, match="holds complete, facts, options and implications"):
        load_translation(rules_copy, "fr")


def test_a_contradiction_is_refused_in_french_with_its_reason():
    facts = {"irregularity": "stock-short", "answer_awaited": True}
    english = ask({"kind": "dispute", "facts": facts})["error"]
    french = ask({"kind": "dispute", "facts": facts, "lang": "fr"})["error"]
    assert (french["code"], french["field"]) == (english["code"], english["field"]) == \
        ("conflicting-facts", english["field"])
    assert english["message"].startswith("These answers cannot all be true of one hand: “What went wrong")
    assert french["message"].startswith("Ces réponses ne peuvent pas toutes être vraies d'un même coup : "
                                        "« Qu'est-ce qui s'est mal passé à la table ? » Le talon ne suffit pas")
    assert "Le talon ne manque que pendant qu'on donne des cartes" in french["message"]  # law 38's presupposition
    assert french["message"].endswith("Corrigez l'une d'elles.")


def test_a_french_ruling_names_the_other_sources_in_french():
    facts = {"irregularity": "wrong-card-count", "trump_turned": True, "hand": "dealer", "dealer_answered": False,
             "dealer_played": False, "count_error": "too-many", "dealer_took_up_hand": True}
    answer = ask({"kind": "dispute", "facts": facts, "lang": "fr"})
    assert answer["disagreements"] and all(item["says"] != english["says"] for item, english in zip(
        answer["disagreements"], ask({"kind": "dispute", "facts": facts})["disagreements"], strict=True))
    assert "Toutes les sources ne s'accordent pas avec la loi 17" in answer["explanation"]
    assert answer["disagreements"][0]["topic"].startswith("Le surplus du donneur")


def test_a_stamp_that_reads_as_a_number_is_written_quoted():
    """``of: 06404174`` would read back as a number (an octal one, even): the stamp quotes such a fingerprint."""
    from ecarte_tutor.yamlio import text_scalar as _scalar

    assert _scalar("06404174") == '"06404174"' and _scalar("12345678") == '"12345678"'
    assert _scalar("1a2b3c4d") == "1a2b3c4d"
