"""The OpenAPI 3.1 description of the JSON API (served at ``/api/openapi.json``).

The request schemas are the kinds' own (``ecarte_tutor/schemas/questions/``, the schemas
``ask()`` checks questions against): each kind's schema becomes ``<Kind>Question``, the
shared definitions and each kind's local ones become components of their own, and the
references are pointed at them. What this module writes itself is the answer's common
fields, the error object and the operations.
"""
from __future__ import annotations

import copy

from .. import __version__
from ..engine.kinds import KINDS
from ..questions.report import RULE_CODES
from ..questions.schemas import COMMON, QUESTIONS_DIR, common_schema, kind_schema

REF = "#/components/schemas/"
DROPPED = ("$schema", "$id", "$defs", "x-properties-from", "x-pattern-from")


def _ref(name: str) -> dict:
    return {"$ref": REF + name}


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace("-", "_").split("_"))


def _component(schema: dict, local_prefix: str) -> dict:
    """A schema with its references pointed at the components (common: ``Card``; local: ``HandDeal``)."""
    def move(node):
        if isinstance(node, dict):
            out = {key: move(value) for key, value in node.items() if key not in DROPPED}
            if "$ref" in node:
                file, _, pointer = node["$ref"].partition("#")
                name = pointer.rsplit("/", 1)[1]
                out["$ref"] = REF + (_camel(name) if file == COMMON else local_prefix + _camel(name))
            return out
        if isinstance(node, list):
            return [move(value) for value in node]
        return node
    return move(copy.deepcopy(schema))


def question_components(book) -> dict:
    """``<Kind>Question`` for every kind, its local definitions, and the shared ones."""
    missing = [name for name, kind in KINDS.items() if not (QUESTIONS_DIR / kind.schema).is_file()]
    if missing:
        raise LookupError(f"no question schema for the kind(s) {', '.join(missing)}")
    common = common_schema(book)
    components = {_camel(name): _component(schema, "") for name, schema in common["$defs"].items()}
    components["Profile"] = {**components["Profile"], "default": book.default_profile,
                             "examples": list(book.profiles)}
    for name, kind in KINDS.items():
        schema = kind_schema(book, kind.schema)
        prefix = _camel(name)
        for local, sub in schema.get("$defs", {}).items():
            components[prefix + _camel(local)] = _component(sub, prefix)
        components[prefix + "Question"] = _component(schema, prefix)
    return components


def openapi_document(book) -> dict:
    """The whole OpenAPI document; every kind ``ask()`` answers must have its schema. (The API keeps the bytes
    it serves, worked out on first use: web/api.py.)"""
    return _document(book)


def _answer_schemas(book) -> dict:
    return {
        "Answer": {
            "type": "object",
            "description": "Every answer carries these fields, plus those of its kind (docs/api.md).",
            "properties": {
                "cites": {"type": "array", "items": {"type": "string"},
                          "description": "Ids of the rules that decided, in order; each is shown at /rules#<id>."},
                "explanation": {"type": "string"},
                "laws": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": book.club_code_laws}},
                "profile": {"enum": list(book.profiles)},
            },
            "required": ["cites", "explanation", "laws", "profile"],
            "additionalProperties": True,
        },
        "ErrorObject": {
            "type": "object",
            "properties": {"error": {
                "type": "object",
                "properties": {
                    "code": {"type": "string", "description": "A slug naming the problem; docs/api.md lists them."},
                    "message": {"type": "string", "description": "One clear sentence."},
                    "field": {"type": ["string", "null"], "description": "Where, e.g. hand[2], or null."},
                },
                "required": ["code", "message", "field"],
            }},
            "required": ["error"],
        },
    }


def _document(book) -> dict:
    questions = question_components(book)
    mapping = {name: REF + _camel(name) + "Question" for name in KINDS}
    schemas = {
        **questions,
        "Question": {
            "description": "One question; kind chooses its shape.",
            "oneOf": [{"$ref": ref} for ref in mapping.values()],
            "discriminator": {"propertyName": "kind", "mapping": mapping},
        },
        **_answer_schemas(book),
    }
    error_content = {"application/json": {"schema": _ref("ErrorObject")}}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Écarté Tutor API",
            "version": __version__,
            "description": "Ask whether a card may be played, who wins a trick, what a hand scores, how a short "
                           "stock is shared, whether a whole hand was played legally, how a dispute is ruled "
                           "under the London club code, whether a pack is correct, and whether a hand is worth "
                           "playing without proposing. Every answer cites the rules that decided it. The "
                           "notations (formats card, suit, seat, profile, playing-card) and every field are "
                           "described in the project's docs/api.md.",
        },
        "paths": {
            "/api/ask": {"post": {
                "operationId": "ask",
                "summary": "Answer one question",
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": _ref("Question"),
                    "examples": {"play": {"value": {"kind": "play", "trump": "H", "led": "JS",
                                                    "hand": ["QS", "7S", "8D"], "card": "7S"}}}}}},
                "responses": {
                    "200": {"description": "The answer.",
                            "content": {"application/json": {"schema": _ref("Answer")}}},
                    "400": {"description": "A body that is not JSON text (code bad-json), JSON with a key written "
                                           "twice in one object (invalid-json), a question that breaks its schema, "
                                           "or one that meets "
                                           "it but breaks a rule of the game a schema cannot state; the latter "
                                           "only with the codes " + ", ".join(RULE_CODES) + ".",
                            "content": error_content},
                    "413": {"description": "The body is larger than 64 KiB.", "content": error_content},
                },
            }},
        },
        "components": {"schemas": schemas},
    }
