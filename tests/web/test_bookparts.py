"""The cutting of long pages into parts: what stands before a section's first rule counts against its budget."""
from ecarte_tutor.web import bookparts
from ecarte_tutor.web.site import get_book


def test_a_sections_introduction_takes_its_share_of_the_first_part(app):
    with app.app_context():
        book = get_book()
    rules = next(s for s in book.sections if s.name == "strategy").rules
    weight = lambda rule: 1000  # noqa: E731 -- three rules to a part, two with a long lead
    assert [len(run) for run in bookparts.pages(rules[:6], weight, budget=3000)] == [3, 3]
    assert [len(run) for run in bookparts.pages(rules[:6], weight, budget=3000, lead=1500)] == [1, 3, 2]


def test_no_part_of_the_rule_book_outweighs_its_budget_with_its_introduction(app):
    with app.app_context():
        book = get_book()
    for section in book.sections:
        found = [p for p in bookparts.parts(book)["rules"] if p.name == section.name and p.number == 1]
        if found and len(found[0].rules) > 1:
            used = len(section.intro) + sum(bookparts._shown(r) + bookparts.OVERHEAD["rules"] for r in found[0].rules)
            assert used <= bookparts.BUDGET, section.name
