"""``POST /api/ask``: 200 answers, 400 error objects, 413 over 64 KiB, and never a 500."""
import dataclasses
import importlib
import json
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ecarte_tutor import ask

PLAY = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S"], "card": "7S"}


def post(client, body, content_type="application/json"):
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post("/api/ask", data=data, content_type=content_type)


def assert_error_object(response, status=400, code=None):
    assert response.status_code == status
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"code", "message", "field"}
    assert body["error"]["message"].strip()
    if code:
        assert body["error"]["code"] == code
    return body["error"]


def test_a_question_gets_the_same_answer_as_ask(client):
    response = post(client, PLAY)
    assert response.status_code == 200
    assert response.get_json() == ask(PLAY)
    assert response.get_json()["legal"] is False


def test_content_type_is_not_required(client):
    assert post(client, json.dumps(PLAY), content_type="text/plain").status_code == 200


@pytest.mark.parametrize("body, code", [
    (b"", "empty-body"),
    (b"{", "bad-json"),
    (b"\xff\xfe\x00", "bad-encoding"),
    (b"NaN", "bad-json"),
    (b'{"kind": "play", "x": Infinity}', "bad-json"),
    (b'{"kind": "exchange", "stock": 1e400, "elder_discards": 1}', "bad-json"),
    (b'{"kind": "dispute", "facts": {"irregularity": "revoke", "count": -1e400}}', "bad-json"),
    (b"[1, 2]", "not-an-object"),
    (b'"play"', "not-an-object"),
    (b"{}", "missing-field"),
    (b'{"kind": "teleport"}', "unknown-kind"),
    (b'{"kind": "play", "trump": "H", "hand": ["6H"]}', "bad-card"),
    (b'{"kind": "play", "trump": "H", "hand": ["QS"], "profile": "mars"}', "unknown-profile"),
    (b"[" * 30000 + b"]" * 30000, None),
    (b"1" * 6000, "bad-json"),
    (b'{"kind": "play", "trump": "H", "hand": ["KH"], "trump": "S"}', "invalid-json"),
    (b'{"kind": "dispute", "facts": {"irregularity": "revoke", "irregularity": "misdeal"}}', "invalid-json"),
])
def test_malformed_questions_get_a_400_error_object(client, body, code):
    assert_error_object(post(client, body), 400, code)


def test_a_key_written_twice_is_invalid_json_naming_the_key_and_where(client):
    """JSON text whose object repeats a key is no question (RFC 8259): invalid-json, not the text-level bad-json."""
    error = assert_error_object(post(client, b'{"kind": "play", "trump": "H",\n "hand": ["KH"], "trump": "S"}'),
                                400, "invalid-json")
    assert '"trump" appears twice' in error["message"] and "line 2, column 18" in error["message"]


def test_error_names_the_field(client):
    error = assert_error_object(post(client, {"kind": "play", "trump": "H", "hand": ["QS", "ZZ"]}))
    assert error["field"] == "hand[1]"


def test_over_64_kib_is_413(client):
    body = json.dumps({"kind": "pack", "cards": ["KS"] * 20000})
    assert len(body) > 64 * 1024
    assert_error_object(post(client, body), 413, "too-large")


def test_just_under_64_kib_is_read(client):
    body = json.dumps({"kind": "play", "pad": "x" * (60 * 1024), "trump": "H", "hand": ["QS"]})
    assert post(client, body).status_code in (200, 400)


def test_wrong_method_and_unknown_address_are_json(client):
    assert_error_object(client.get("/api/ask"), 405, "method-not-allowed")
    assert_error_object(client.post("/api/nothing"), 404, "not-found")


KINDS = importlib.import_module("ecarte_tutor.engine.kinds").KINDS


@pytest.mark.parametrize("fault", [ZeroDivisionError("boom"), ImportError("No module named boom")])
def test_a_fault_inside_the_tutor_is_a_400_not_a_500(client, monkeypatch, fault):
    def broken(question, book, params):
        raise fault

    monkeypatch.setitem(KINDS, "play", dataclasses.replace(KINDS["play"], answer=broken))
    error = assert_error_object(post(client, PLAY), 400, "internal-error")
    assert "boom" not in error["message"]


def test_a_fault_in_the_view_is_logged_and_answered_with_a_400(client, monkeypatch, caplog):
    import ecarte_tutor.web.api as api

    def broken(question, book=None):
        raise RuntimeError("boom")

    monkeypatch.setattr(api, "ask", broken)
    error = assert_error_object(post(client, PLAY), 400, "internal-error")
    assert "boom" not in error["message"]
    assert any(record.name == "ecarte_tutor.web.api" and record.exc_info and "boom" in str(record.exc_info[1])
               for record in caplog.records), "logged with its traceback"


def test_an_answer_that_is_no_json_is_a_400_not_a_500(client, monkeypatch):
    monkeypatch.setitem(KINDS, "play", dataclasses.replace(KINDS["play"],
                                                           answer=lambda question, book, params: SimpleNamespace(
                                                               as_json=lambda: {"odd": float("inf")})))
    assert_error_object(post(client, PLAY), 400, "internal-error")


def test_openapi_document(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    doc = response.get_json()
    assert doc["openapi"].startswith("3.1")
    operation = doc["paths"]["/api/ask"]["post"]
    assert set(operation["responses"]) >= {"200", "400", "413"}
    schemas = doc["components"]["schemas"]
    kinds = {s["properties"]["kind"]["const"] for name, s in schemas.items() if name.endswith("Question")
             and "properties" in s}
    assert {"play", "trick", "score", "exchange", "hand", "dispute", "pack", "advice"} <= kinds
    assert set(schemas["Question"]["discriminator"]["mapping"]) == set(KINDS)
    assert schemas["ErrorObject"]["properties"]["error"]["required"] == ["code", "message", "field"]
    refs = set()

    def collect(node):
        if isinstance(node, dict):
            if "$ref" in node:
                refs.add(node["$ref"].rsplit("/", 1)[1])
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    collect(doc)
    assert refs <= set(schemas), "every $ref resolves"


def test_every_kind_ask_answers_needs_its_schema(monkeypatch):
    import ecarte_tutor.web.openapi as openapi
    from ecarte_tutor.rulebook import load_rulebook

    monkeypatch.setitem(KINDS, "advice", dataclasses.replace(KINDS["advice"], schema="nowhere.schema.json"))
    with pytest.raises(LookupError, match="advice"):
        openapi.openapi_document(load_rulebook())  # a fresh book: nothing worked out yet


def test_the_request_schemas_are_the_kinds_own(client, book):
    """/api/openapi.json serves the schema ask() checks against, references moved to the components."""
    from ecarte_tutor.questions.schemas import kind_schema

    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    stored = kind_schema(book, KINDS["score"].schema)
    served = schemas["ScoreQuestion"]
    assert set(served["properties"]) == set(stored["properties"])
    assert served["properties"]["tricks"] == {"$ref": "#/components/schemas/ScoreTricks"}
    assert served["properties"]["profile"] == {"$ref": "#/components/schemas/Profile"}
    assert served["additionalProperties"] is False
    facts = schemas["DisputeQuestion"]["properties"]["facts"]["properties"]
    assert list(facts) == list(book.facts)


@pytest.mark.parametrize("question, valid", [
    ({"kind": "exchange", "profile": "modern", "stock": 3, "elder_discards": 0}, True),
    ({"kind": "exchange", "stock": 3, "elder_discards": 6}, False),
    ({"kind": "play", "trump": "H", "hand": ["QS", "7S"], "led": None, "card": None}, True),
    ({"kind": "advice", "trump": "H", "hand": ["KS", "QS", "JS", "8H", "8D"], "seat": "dealer"}, True),
    ({"kind": "advice", "trump": "H", "hand": ["KS"]}, False),
    ({"kind": "play", "trump": "H", "hand": ["QS"], "profile": None}, True),
    ({"kind": "play", "trump": "H", "hand": ["QS", "QS"]}, False),
    ({"kind": "score", "tricks": {"elder": 1, "dealer": 4}, "dealer_refused": True}, False),
])
def test_questions_ask_answers_match_the_openapi_schemas(client, question, valid):
    from jsonschema import Draft202012Validator

    doc = client.get("/api/openapi.json").get_json()
    validator = Draft202012Validator({"$ref": "#/components/schemas/Question", "components": doc["components"]})
    assert validator.is_valid(question) == valid
    if valid:
        assert "error" not in ask(question)


def test_openapi_schemas_are_valid_json_schema(client):
    from jsonschema import Draft202012Validator

    doc = client.get("/api/openapi.json").get_json()
    for schema in doc["components"]["schemas"].values():
        Draft202012Validator.check_schema({k: v for k, v in schema.items() if k != "discriminator"})


# Random bodies: objects, arrays, strings, and questions with random fields and card-ish strings.
cardish = st.one_of(st.sampled_from(["KS", "10H", "T♥", "j♠", "6H", "1S", "ZZ", "", "QS ", "10", "♣"]),
                    st.text(max_size=4))
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10, 40), st.floats(allow_nan=False, allow_infinity=False),
                    cardish)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=5)),
                      max_leaves=20)
kinds = st.sampled_from(["play", "trick", "score", "exchange", "hand", "dispute", "pack", "advice", "x", None, 3])
fields = st.sampled_from(["trump", "led", "hand", "card", "followed", "tricks", "stock", "elder_discards",
                          "dealer_discards", "facts", "deal", "actions", "cards", "profile", "score_before",
                          "king_announced_by", "king_turned"])
questions = st.builds(lambda kind, extra: {"kind": kind, **extra}, kinds,
                      st.dictionaries(fields, values, max_size=6))
bodies = st.one_of(questions, values)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(body=bodies)
def test_no_body_gives_a_500(client, body):
    response = post(client, json.dumps(body))
    assert response.status_code in (200, 400), response.get_data(as_text=True)
    answer = response.get_json()
    assert isinstance(answer, dict)
    assert ("error" in answer) == (response.status_code == 400)
