"""Issue 42's machinery: the question's language, the French words of the engine, the catalogues and their check."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ecarte_tutor import ask
from ecarte_tutor.bookwords import Entry, Translation
from ecarte_tutor.cards import Card, Suit, parse_card, said, shown
from ecarte_tutor.i18n import catalogue, read_lang, speaking, trn
from ecarte_tutor.languages import (
    Pair,
    book_problems,
    catalogue_problems,
    extracted,
    glossary_problems,
    problems,
    write_catalogue,
)
from ecarte_tutor.rulebook import default_rulebook

PLAY = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S"], "card": "7S"}


def test_french_cards_are_written_and_said_the_french_way():
    assert shown(Card("K", Suit.H), "fr") == "R♥"
    assert shown(parse_card("QS"), "fr") == "D♠" and shown(parse_card("JC"), "fr") == "V♣"
    assert shown(parse_card("AD"), "fr") == "A♦" and shown(parse_card("10D"), "fr") == "10♦"
    assert said(Card("K", Suit.H), "fr") == "roi de cœur"
    assert said(parse_card("JS"), "fr") == "valet de pique"
    assert shown(parse_card("QS")) == "Q♠" and said(parse_card("QS")) == "queen of spades"


def test_a_french_answer_is_the_english_answer_in_french_words():
    english, french = ask(PLAY), ask({**PLAY, "lang": "fr"})
    assert {k: v for k, v in french.items() if k != "explanation"} == \
        {k: v for k, v in english.items() if k != "explanation"}  # ids, cards and laws never change
    assert french["legal_cards"] == ["QS"]  # the API's notation, whatever the language
    assert french["explanation"] == ("7♠ n'est pas permise. V♠ est entamé et vous avez du pique : vous devez fournir "
                                     "et monter sur V♠ si vous le pouvez, et D♠ le bat. Vous pourriez jouer D♠ à la "
                                     "place.")


@pytest.mark.parametrize("question", [
    {"kind": "play", "trump": "H", "led": "JS", "hand": ["AS", "7S"]},
    {"kind": "play", "trump": "H", "led": "JS", "hand": ["KH", "7D"], "card": "7D"},
    {"kind": "play", "trump": "H", "led": "JS", "hand": ["7D", "8C"]},
    {"kind": "play", "trump": "H", "led": "JH", "hand": ["7D", "8C"]},
    {"kind": "play", "trump": "H", "hand": ["7D", "8C"]},
    {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "KS", "7S"]},
    {"kind": "play", "trump": "H", "led": "JS", "hand": ["9S"]},
    {"kind": "trick", "trump": "H", "led": "JS", "followed": "QS"},
    {"kind": "trick", "trump": "H", "led": "JS", "followed": "7H"},
    {"kind": "trick", "trump": "H", "led": "JH", "followed": "KS"},
    {"kind": "trick", "trump": "H", "led": "JS", "followed": "KD"},
])
def test_every_outcome_of_play_and_trick_is_said_in_french(question):
    french = ask({**question, "lang": "fr"})["explanation"]
    assert french != ask(question)["explanation"]
    for english_word in (" you ", " the ", " was ", " trump ", " hold ", "K♠", "Q♠", "J♠"):
        assert english_word not in f" {french} "


def test_english_and_absent_are_the_same_answer():
    assert ask({**PLAY, "lang": "en"}) == ask(PLAY) == ask({**PLAY, "lang": None})
    assert ask({**PLAY, "lang": " FR "}) == ask({**PLAY, "lang": "fr"})  # any case, as the profile


@pytest.mark.parametrize("value", ["de", "", "français", 5, ["fr"]])
def test_an_unknown_language_is_refused_by_name(value):
    error = ask({**PLAY, "lang": value})["error"]
    assert (error["code"], error["field"]) == ("unknown-lang", "lang")
    assert error["message"].startswith("Unknown language ") and error["message"].endswith("choose one of en, fr.")


def test_the_errors_on_the_way_of_a_play_question_are_french():
    said_ = ask({**PLAY, "card": "8S", "lang": "fr"})["error"]
    assert said_ == {"code": "card-not-in-hand", "message": "8♠ n'est pas dans votre main (D♠, 7♠).", "field": "card"}
    assert ask({**PLAY, "hand": ["QS", "QS"], "lang": "fr"})["error"]["message"].startswith("D♠ figure deux fois")
    assert ask({**PLAY, "led": "QS", "lang": "fr"})["error"]["message"] == \
        "La carte entamée, D♠, ne peut pas être aussi dans votre main."
    assert ask({**PLAY, "card": "ZZ", "lang": "fr"})["error"]["message"].startswith(
        "'ZZ' n'est pas une carte du jeu de piquet")
    assert ask({"kind": "nothing", "lang": "fr"})["error"]["message"].startswith("Genre de question inconnu")


def test_plurals_come_from_the_catalogue():
    with speaking("fr"):
        one = trn("'%(field)s' holds %(count)d card; at least %(least)d are needed.",
                  "'%(field)s' holds %(count)d cards; at least %(least)d are needed.", 1, field="hand", least=2)
        two = trn("'%(field)s' holds %(count)d card; at least %(least)d are needed.",
                  "'%(field)s' holds %(count)d cards; at least %(least)d are needed.", 2, field="hand", least=3)
    assert one == "'hand' contient 1 carte ; il en faut au moins 2."
    assert two == "'hand' contient 2 cartes ; il en faut au moins 3."


def test_the_language_is_read_as_the_profile_is():
    assert read_lang("fr") == read_lang(" FR ") == "fr"
    assert read_lang("xx") is None and read_lang(None) is None
    assert catalogue("fr").gettext("Home") == "Accueil"
    assert catalogue("en").gettext("Home") == "Home"


def test_the_command_line_answers_in_the_language_asked():
    line = json.dumps(PLAY) + "\n" + json.dumps({**PLAY, "lang": "en"}) + "\n"
    out = subprocess.run([sys.executable, "-m", "ecarte_tutor.cli", "ask", "--lang", "fr"], input=line,
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert json.loads(out[0])["explanation"].startswith("7♠ n'est pas permise.")
    assert json.loads(out[1])["explanation"].startswith("7♠ is not allowed.")  # the question's own lang wins


# --- the check -------------------------------------------------------------------------------------------------


def test_the_bundled_languages_have_no_defect():
    report = problems(default_rulebook())
    assert report.problems == []
    assert report.messages["fr"] == report.said  # every message of the code in French


def _said(*messages: str) -> dict:
    return {(None, message): ["somewhere.py:1"] for message in messages}


def _po(tmp_path, monkeypatch, body: str):
    path = tmp_path / "fr" / "LC_MESSAGES" / "messages.po"
    path.parent.mkdir(parents=True)
    path.write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n\n' + body,
                    encoding="utf-8")
    monkeypatch.setattr("ecarte_tutor.languages.po_file", lambda lang: path)
    return path


def test_check_names_a_message_missing_in_french_or_in_english(tmp_path, monkeypatch):
    _po(tmp_path, monkeypatch, 'msgid "Home"\nmsgstr "Accueil"\n\nmsgid "Gone"\nmsgstr "Parti"\n\n'
                               'msgid "Play"\nmsgstr ""\n')
    found = catalogue_problems("fr", _said("Home", "Play", "Learn"))
    assert any("'Learn'" in line and "missing in fr" in line for line in found)
    assert any("'Play'" in line and "no fr translation yet" in line for line in found)
    assert any("'Gone'" in line and "missing in English" in line for line in found)
    assert not any("'Home'" in line for line in found)


def test_check_names_a_slot_missing_or_extra(tmp_path, monkeypatch):
    _po(tmp_path, monkeypatch, 'msgid "Play %(card)s."\nmsgstr "Jouez."\n\n'
                               'msgid "Lead %(card)s."\nmsgstr "Entamez %(card)s %(suit)s."\n')
    found = catalogue_problems("fr", _said("Play %(card)s.", "Lead %(card)s."))
    assert any("'Play %(card)s.'" in line and "slots none in fr" in line for line in found)
    assert any("'Lead %(card)s.'" in line and "card, suit in fr" in line for line in found)


def test_check_holds_the_rule_books_translation_to_its_ids_texts_and_slots():
    book = default_rulebook()
    entries = {
        "play.follow-suit": Entry("rules/fr/play.yaml", {"title": "Fournir", "label": "?"},
                                  {"follow": "{led} est entamé : fournissez.", "nothing": "x"}),
        "play.no-such-rule": Entry("rules/fr/play.yaml", {"title": "Rien"}, {}),
    }
    found, _pairs, left = book_problems(book, Translation("fr", entries, {"rules/fr/play.yaml": ("rules/play.yaml",
                                                                                                 True)}))
    text = "\n".join(found)
    assert "play.no-such-rule: no rule of the English rule book has this id" in text
    assert "play.follow-suit › label: the English has no label" in text
    assert "says.nothing: the English has no outcome 'nothing'" in text
    assert "says.follow: the slots are led, and led, suit in English" in text
    assert ("rules/fr/play.yaml › play.lead: complete, but relations.0.how, relations.1.how, relations.2.how, "
            "says.leading, statement, title not translated") in text  # its relations are its texts too
    assert left["rules/deal.yaml"] > 0


def test_the_glossary_is_held_over_the_french_texts():
    found = glossary_problems("fr", [
        Pair("a", "He won the vole.", "Il a gagné le campagnol."),
        Pair("b", "He revokes.", "Il ne suit pas."),
        Pair("c", "You must follow suit.", "Vous devez fournir."),
    ])
    assert any(line.startswith("a: “campagnol” is never said for la vole") for line in found)
    assert any(line.startswith("b: the English says “revokes”; the fr says la renonce") for line in found)
    assert not any(line.startswith("c:") for line in found)


def test_a_word_the_glossary_forbids_is_found_as_a_word_not_inside_another():
    found = glossary_problems("fr", [
        Pair("d", "The dealer turns up a card.", "Le donneur a retourné la carte : la retourne est retournée."),
        Pair("e", "The dealer makes a mistake.", "Le donneur se trompe."),
        Pair("f", "He plays a trump.", "Il joue la trompe, un atout."),
    ])
    assert not any(line.startswith(("d:", "e:")) for line in found)
    assert any(line.startswith("f: “la trompe” is never said for l'atout") for line in found)


def test_every_message_the_code_says_is_extracted_with_its_place():
    said_ = extracted()
    assert (None, "Is this legal?") in said_  # a template's
    assert (None, "%(card)s is not in your hand (%(hand)s).") in said_  # the engine's
    assert ("rank letter", "K") in said_  # a card's word, in its context


def test_a_catalogue_is_kept_without_dates_or_line_numbers(tmp_path):
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="fr")
    catalog.add("Home", "Accueil", locations=[("x.py", 3)])
    path = tmp_path / "messages.po"
    write_catalogue(path, catalog)
    text = path.read_text(encoding="utf-8")
    assert "Creation-Date" not in text and "Revision-Date" not in text and "x.py" not in text
    assert 'msgstr "Accueil"' in text


def test_the_schema_states_the_languages_so_unknown_lang_is_no_rule_of_the_game():
    """Every kind's schema names the languages (a pattern filled from i18n.LANGS, as the profiles'), so a question the
    OpenAPI document allows never meets unknown-lang: schemathesis' refused_only_by_a_rule needs no new code, and
    a question it sends with another language is refused as any schema-breaking one is."""
    import re as regex

    from ecarte_tutor.engine.kinds import KINDS
    from ecarte_tutor.questions.report import RULE_CODES
    from ecarte_tutor.questions.schemas import common_schema, kind_schema

    book = default_rulebook()
    pattern = common_schema(book)["$defs"]["lang"]["pattern"]
    assert regex.search(pattern, " FR ") and regex.search(pattern, "en") and not regex.search(pattern, "de")
    for kind in KINDS.values():
        assert kind_schema(book, kind.schema)["properties"]["lang"] == {"$ref": "common.schema.json#/$defs/lang"}
    assert "unknown-lang" not in RULE_CODES


def test_a_translation_older_than_its_english_is_named_until_stamped(rules_copy):
    """The English of a translated rule reworded: `lang` names the translation as older than its English; once the
    translator has checked it, `lang stamp` writes the new fingerprint in place, the file's layout kept."""
    from ecarte_tutor.languages import stale, stamp
    from ecarte_tutor.rulebook import load_rulebook

    english = rules_copy / "play.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("    title: Follow suit\n",
                                                                   "    title: Follow the suit led\n"),
                       encoding="utf-8")
    book = load_rulebook(rules_copy)
    old = stale(book, book.translations["fr"])
    assert len(old) == 1 and old[0].startswith("rules/fr/play.yaml › play.follow-suit: its English changed")
    french = rules_copy / "fr" / "play.yaml"
    before = french.read_text(encoding="utf-8")
    assert stamp(book, book.translations["fr"], book.root) == 1
    after = french.read_text(encoding="utf-8")
    assert [a for a, b in zip(after.splitlines(), before.splitlines(), strict=True) if a != b] == \
        [f"    of: {__import__('ecarte_tutor.languages').languages.fingerprint(book, 'play.follow-suit')}"]
    book = load_rulebook(rules_copy)
    assert stale(book, book.translations["fr"]) == []


def test_every_bundled_translation_is_stamped_with_its_english():
    report = problems(default_rulebook())
    assert report.stale == []


def test_every_kind_takes_the_language_field():
    """No kind refuses ``lang`` as a field it does not have (analyse checks its fields itself)."""
    from ecarte_tutor.engine.kinds import KINDS

    for kind in KINDS:
        answer = ask({"kind": kind, "lang": "fr"})
        assert answer.get("error", {}).get("field") != "lang", (kind, answer)
