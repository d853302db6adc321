"""The interview against whole hands told as stories (issue 20): a true story is never refused,
never asked a fact it cannot answer, and gets a ruling whose window holds at the moment the
irregularity came to light; a story with one fact told against it is refused as impossible."""
import pytest
from data_under_test import BOOK
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecarte_tutor import ask
from ecarte_tutor.agreements import read_agreements
from ecarte_tutor.engine.disputes.rows import decision_rows

from .deciding import remedy
from .stories import INJECTORS, DrawChooser, contradicted, interview, opening, tell, window_holds

STORY_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large])


def told_and_interviewed(irregularity, data):
    c = DrawChooser(data, st)
    story = tell(c, irregularity)
    return story, interview(story, ask, BOOK, opening(c, story))


def ruling_row(story, case: str):
    params = BOOK.params(story.profile, read_agreements({"agreements": list(story.agreements)}, BOOK))
    return next(row for row in decision_rows(BOOK, params) if row.case == case)


@pytest.mark.parametrize("irregularity", sorted(INJECTORS))
@STORY_SETTINGS
@given(data=st.data())
def test_a_true_story_gets_a_ruling_whose_window_holds(irregularity, data):
    story, ended = told_and_interviewed(irregularity, data)
    assert ended.end == "ruling", \
        f"a true story ended in {ended.end!r}: {ended.answer.get('error') or ended.answer.get('need')}; " \
        f"facts {ended.facts}; the witness knew {story.witness()}"
    wrong = window_holds(story, ruling_row(story, ended.answer["case"]).decision["window"])
    assert wrong == [], f"{ended.answer['case']} ruled, but when it came to light {wrong}; facts {ended.facts}"


@pytest.mark.parametrize("irregularity", sorted(INJECTORS))
@STORY_SETTINGS
@given(data=st.data())
def test_the_whole_story_told_at_once_gets_the_same_ruling(irregularity, data):
    """Told every fact it knows at once, the witness gets the ruling the interview reached: the same row, or
    (the interview ruling as soon as no answer could change the remedy, issue 39) a row for what it was told
    that rules alike: the same chooser, options, consequences and points."""
    story, ended = told_and_interviewed(irregularity, data)
    everything = {**story.witness(), **{k: v for k, v in ended.facts.items() if k == "discovered"}}
    whole = ask(story.question(everything), BOOK)
    if whole.get("case") != ended.answer.get("case"):
        assert remedy(whole) is not None and remedy(whole) == remedy(ended.answer), \
            f"told at once: {whole.get('error') or whole.get('case')}; interviewed: {ended.answer.get('case')}"


@pytest.mark.parametrize("irregularity", sorted(INJECTORS))
@STORY_SETTINGS
@given(data=st.data())
def test_a_story_with_one_fact_contradicted_is_refused(irregularity, data):
    c = DrawChooser(data, st)
    story = tell(c, irregularity)
    against = contradicted(c, story)
    if against is None:
        return
    name, value = against
    facts = {**story.witness(), name: value}
    answer = ask(story.question(facts), BOOK)
    assert answer.get("error", {}).get("code") == "conflicting-facts", \
        f"{name}={value!r} told against the story, yet: {answer.get('error') or answer.get('case')}"
    assert name in answer["error"]["clash"]
