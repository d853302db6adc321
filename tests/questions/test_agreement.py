"""ask() keeps to the question schemas: what breaks a schema is refused, what meets it is answered or
refused only for a rule of the game no schema can state (RULE_CODES). The same property schemathesis
checks over HTTP (tests/web/test_openapi_conformance.py), here in-process and with many more questions."""
from hypothesis import HealthCheck, event, given, settings

from ecarte_tutor import ask
from ecarte_tutor.engine.kinds import KINDS
from ecarte_tutor.questions.check import question_check
from ecarte_tutor.questions.report import RULE_CODES

from .mutations import near_questions


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(question=near_questions())
def test_ask_keeps_to_the_schemas(book, question):
    answer = ask(question, book)
    kind = question.get("kind")
    if kind not in KINDS:
        assert "error" in answer
        return
    valid = question_check(book, kind, KINDS[kind].schema).validator.is_valid(question)
    event("meets its schema" if valid else "breaks its schema")
    if not valid:
        assert "error" in answer, (question, answer)
    elif "error" in answer:
        assert answer["error"]["code"] in RULE_CODES, (question, answer)
    assert "error" not in answer or answer["error"]["code"] != "internal-error"


def test_a_fact_the_agreements_settle_is_refused_by_the_schema_and_in_words(book):
    """Giving such a fact is refused (knowledge.refuse_table_facts): the schema says so too, or a question it
    allowed would be refused with a code that is no rule (schemathesis found facts.single_exchange)."""
    check = question_check(book, "dispute", KINDS["dispute"].schema)
    settled = [name for name, spec in book.facts.items() if isinstance(spec.get("table"), str)]
    assert "single_exchange" in settled
    for name in settled:
        question = {"kind": "dispute", "facts": {"irregularity": "new-cards-called", "to_correct": "nothing",
                                                 name: "false"}}
        assert not check.validator.is_valid(question) and not check.passes(question)
        error = ask(question, book)["error"]
        assert error["field"] == f"facts.{name}" and "agreement" in error["message"]
        assert "error" not in ask({**question, "facts": {**question["facts"], name: None}}, book)
