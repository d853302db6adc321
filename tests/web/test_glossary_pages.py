"""``/glossary``: every term defined once; every term a lesson page uses links to its entry."""
import pytest
from data_under_test import BOOK, LIBRARY

from ecarte_tutor.lessons.glossary import glossary_of

GLOSSARY = glossary_of(BOOK)
STEPS = [(lesson, step) for lesson in LIBRARY.lessons for step in lesson.steps]


def test_the_glossary_page_has_an_entry_for_every_term(get):
    page = get("/glossary")
    assert page.status == 200
    for term in GLOSSARY.terms:
        assert term.id in page.ids(), term.id
        assert " ".join(term.definition.split())[:40] in page.text
    assert "/lessons/01-pack-and-ranking/" in page.links(), "each term says where the course first meets it"
    assert "/rules/scoring.vole" in page.links(), "and links its rules"


def test_the_lessons_link_the_glossary(get):
    assert "/glossary" in get("/lessons/").links()


@pytest.mark.parametrize("lesson, step", STEPS, ids=[f"{lesson.id}/{step.index}" for lesson, step in STEPS])
def test_every_term_on_a_lesson_page_links_to_its_entry(get, lesson, step):
    page = get(f"/lessons/{lesson.id}/{step.index}")
    texts = [step.body] + ([step.exercise.prompt, step.exercise.hint] if step.exercise else [])
    links = page.links()
    for term in GLOSSARY.used(texts):
        assert f"/glossary#{term.id}" in links, f"{term.term} is not linked"


def test_the_quick_reference_page_links_every_line(get):
    page = get("/rules/quick")
    assert page.status == 200 and "Écarté at a glance" in page.text
    assert "/laws/43" in page.links() and "/rules/scoring.point" in page.links()
    assert "/rules/quick" in get("/rules").links()
    assert get("/rules/quick?profile=french").status == 200
