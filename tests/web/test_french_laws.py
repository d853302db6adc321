"""The laws pages in French (issue 42): /laws, its parts and each law's page, with every statement, ruling, reading,
the other sources' views and the laws it works with from rules/fr/laws/.

Left out of the comparison, by their section and only they: the sources' titles and locators (bibliographic
references to English books, cited as written), the casebook's case titles (scenarios/fr/ is not written yet) and
"Where this rule is used" (the engineers' index of ecarte_tutor.trace, folded away, whose lesson and drill titles come
from the lessons' own files).
"""
from __future__ import annotations

import re

import pytest
from test_french_pages import NEVER_FRENCH, SHARED, visible_words

from ecarte_tutor.rulebook import default_rulebook

SAME_IN_FRENCH = SHARED | {"face", "page", "part", "on", "surplus", "incorrect", "points", "vole", "non", "moment",
                           "innocent", "note", "propose", "condition", "guide", "abandon", "correction", "triple",
                           "jouer", "ou", "marque",  # French words the English pages quote
                           "Turf", "Portland", "London", "Foster", "Hoyle", "Britannica", "Americana", "Cyclopaedia",
                           "Board", "Game", "Arena"}
"""Words both languages write alike, the French words the English quotes, and the clubs' and sources' names."""
NOT_YET = (r'<p class="sources">.*?</p>', r'<section class="other-cases".*?</section>',
           r'<details class="referee" id="where-used">.*?</details>')


def without_references(page: str) -> str:
    for pattern in NOT_YET:
        page = re.sub(pattern, " ", page, flags=re.S)
    return page


LAW_PAGES = ["/laws", *(f"/laws/{n}" for n in (1, 3, 9, 11, 17, 22, 25, 29, 37, 38, 41, 42, 43, 45, 49, 51)),
             "/laws/part/dealing", "/laws/part/discarding", "/laws/part/playing", "/laws/part/scoring"]


@pytest.mark.parametrize("url", LAW_PAGES)
def test_the_laws_pages_in_french_keep_no_english_word(app, url):
    client = app.test_client()
    english = client.get(url)
    french = client.get(f"{url}?lang=fr")
    assert french.status_code == english.status_code == 200
    page = french.get_data(as_text=True)
    assert '<html lang="fr">' in page
    words = set(visible_words(without_references(page)))
    left = sorted((set(visible_words(english.get_data(as_text=True))) & words) - SAME_IN_FRENCH)
    assert left == [], f"English left on {url}?lang=fr: {left}"
    assert sorted(words & NEVER_FRENCH) == [], url


def test_a_laws_page_says_its_rulings_readings_and_relations_in_french(client):
    import html

    page = html.unescape(client.get("/laws/9?lang=fr").get_data(as_text=True))
    assert "<h1>Loi 9 — La donne : un nombre de cartes faux ou un ordre des paquets rompu</h1>" in page
    assert "Faire réparer l'erreur par le donneur ; Exiger une nouvelle donne" in page  # a ruling line
    assert "Une fois que le premier en cartes a regardé" in page  # a reading's topic
    assert "La loi 8 fixe cinq cartes par main et l'ordre des paquets que protège la loi 9." in page  # a relation
    assert "Changer l'ordre des paquets" not in page  # law 8's disagreement stays on law 8's page


def test_the_english_laws_pages_are_unchanged_in_their_words(app):
    for url in LAW_PAGES:
        page = app.test_client().get(url).get_data(as_text=True)
        assert '<html lang="en">' in page
        for french in ("donneur", "premier en cartes", "Ses décisions", "atout", "Pourquoi"):
            assert french not in page, (url, french)


def test_every_law_has_its_french_rows_relations_and_readings():
    book = default_rulebook()
    french = book.translations["fr"]
    for rule in book.laws.values():
        for n, _relation in enumerate(rule.relations):
            assert french.text(rule.id, f"relations.{n}.how"), (rule.id, n)
        for decision in rule.decisions:
            assert french.text(rule.id, f"decisions.{decision['case']}.explanation"), (rule.id, decision["case"])
