"""schemathesis holds the server to /api/openapi.json, in-process (WSGI: no socket, no network).

It sends requests the document allows and requests it forbids, and checks every answer:
no 5xx, only documented statuses and content types, bodies that match the response
schemas, and every request that breaks the document refused. A question that meets its
schema may still break a rule of the game no JSON Schema can state (the same card in two
notations, tricks that do not add up to five); the server may refuse it, but only with one
of the codes the document names for that (``RULE_CODES``): that replaces schemathesis's own
"valid data must be accepted" check, which would call every such refusal a mismatch.

Cards, suits, seats and profiles are generated from the patterns of the document (which state
exactly the notations the engine reads), so odd spellings such as " t \ufe0f♥" are sent too.
The number of examples is bounded (``EXAMPLES``) so the suite stays quick; raise it locally
with ``ECARTE_TUTOR_SCHEMATHESIS_EXAMPLES=3000`` for a longer hunt.
"""
from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance
from schemathesis.config import SchemathesisConfig

from ecarte_tutor.questions.report import RULE_CODES
from ecarte_tutor.web import create_app

EXAMPLES = int(os.environ.get("ECARTE_TUTOR_SCHEMATHESIS_EXAMPLES", "150"))


# The coverage phase (boundary values of every keyword, worked out when the tests are collected) takes
# about a minute on these schemas; the fuzzing phase, valid and schema-breaking requests both, is kept.
CONFIG = SchemathesisConfig.from_dict({"phases": {"coverage": {"enabled": False}}})
# An app of its own, made at collection: schemathesis's lazy fixture loader does not work under pytest 9.
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", create_app({"TESTING": True, "SECRET_KEY": "test"}),
                                        config=CONFIG)


def refused_only_by_a_rule(ctx, response, case):
    """A request the document allows is answered, or refused with one of the document's rule codes."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    code = (response.json().get("error") or {}).get("code")
    assert code in RULE_CODES, (f"a request the document allows was refused with {code!r}, which is no rule of "
                                f"the game: {response.text[:300]}")
    return None


def test_the_rule_check_fails_a_schema_refusal():
    """The replacement check is not vacuous: a 400 of another code on valid data is a failure."""
    class Mode:
        is_positive = True

    class Case:
        meta = type("Meta", (), {"generation": type("Generation", (), {"mode": Mode})})

    class Response:
        status_code = 400
        text = '{"error": {"code": "unknown-field"}}'

        @staticmethod
        def json():
            return {"error": {"code": "unknown-field", "message": "", "field": "x"}}

    with pytest.raises(AssertionError, match="unknown-field"):
        refused_only_by_a_rule(None, Response, Case)
    Response.json = staticmethod(lambda: {"error": {"code": "bad-tricks"}})
    assert refused_only_by_a_rule(None, Response, Case) is None


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
def test_the_server_keeps_to_its_openapi_document(case):
    case.call_and_validate(excluded_checks=[positive_data_acceptance], additional_checks=[refused_only_by_a_rule])
