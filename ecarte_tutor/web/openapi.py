"""The OpenAPI 3.1 description of the JSON API (served at ``/api/openapi.json``).

It follows ../shared/API.md: one schema per question kind, the fields every
answer carries, and the error object.
"""
from __future__ import annotations

from .. import __version__
from ..engine.kinds import KINDS

REF = "#/components/schemas/"

CARD = {"type": "string", "description": "Rank then suit, any case: K Q J A 10 9 8 7 (T for 10) and "
                                         "S H D C or ♠ ♥ ♦ ♣. Answers use the canonical form, e.g. \"10H\".",
        "examples": ["QS", "10H", "j♠"]}
SUIT = {"type": "string", "description": "S H D C, ♠ ♥ ♦ ♣, or spades hearts diamonds clubs (any case).",
        "examples": ["H", "♠", "clubs"]}
SEAT = {"enum": ["elder", "dealer"], "description": "elder is the non-dealer."}
SEAT_NUMBERS = {"type": "object", "properties": {"elder": {"type": "integer"}, "dealer": {"type": "integer"}},
                "required": ["elder", "dealer"]}


def _ref(name: str) -> dict:
    return {"$ref": REF + name}


def _question(kind: str, description: str, properties: dict, required: list[str]) -> dict:
    return {
        "type": "object",
        "description": description,
        "properties": {"kind": {"const": kind}, "profile": _ref("Profile"), **properties},
        "required": ["kind", *required],
    }


QUESTIONS = {
    "PlayQuestion": _question("play", "May this card be played? Answer: legal_cards, and legal when card is given.", {
        "trump": _ref("Suit"),
        "hand": {"type": "array", "items": _ref("Card"), "minItems": 1, "maxItems": 5},
        "led": {"anyOf": [_ref("Card"), {"type": "null"}], "description": "null or absent: this player leads."},
        "card": {"anyOf": [_ref("Card"), {"type": "null"}],
                 "description": "The card to judge (in hand); null or absent: just list the legal cards."},
    }, ["trump", "hand"]),
    "TrickQuestion": _question("trick", "Who wins this trick? Answer: winner, leader or follower.", {
        "trump": _ref("Suit"), "led": _ref("Card"), "followed": _ref("Card"),
    }, ["trump", "led", "followed"]),
    "ScoreQuestion": _question("score", "What does this hand score? Answer: points, and with score_before "
                                        "score_after and winner.", {
        "tricks": SEAT_NUMBERS,
        "elder_played_without_proposing": {"type": "boolean", "default": False},
        "dealer_refused_first_proposal": {"type": "boolean", "default": False},
        "dealer_refused_later_proposal": {"type": "boolean", "default": False},
        "king_turned": {"type": "boolean", "default": False},
        "king_announced_by": {"anyOf": [_ref("Seat"), {"type": "null"}]},
        "score_before": SEAT_NUMBERS,
    }, ["tricks"]),
    "ExchangeQuestion": _question("exchange", "The stock runs short. Answer: elder_draws, elder_takes_back, "
                                              "dealer_draws, dealer_takes_back, exchange_over.", {
        "stock": {"type": "integer", "minimum": 0, "maximum": 21},
        "elder_discards": {"type": "integer", "minimum": 0, "maximum": 5,
                           "description": "The least the elder may discard depends on the profile: 1, or 0 under "
                                          "modern; below it is the error out-of-range."},
        "dealer_discards": {"type": "integer", "minimum": 0, "maximum": 5},
    }, ["stock", "elder_discards"]),
    "HandQuestion": _question("hand", "Referee a whole hand. Answer: legal, first_illegal, state, next, score.", {
        "deal": {"type": "object", "properties": {
            "elder": {"type": "array", "items": _ref("Card")}, "dealer": {"type": "array", "items": _ref("Card")},
            "turn_up": _ref("Card"), "stock": {"type": "array", "items": _ref("Card")}},
            "required": ["elder", "dealer", "turn_up", "stock"]},
        "actions": {"type": "array", "items": {"type": "object", "properties": {
            "by": _ref("Seat"),
            "do": {"enum": ["propose", "stand", "accept", "refuse", "discard", "announce-king", "card", "double",
                            "accept-double", "decline-double", "offer-point", "accept-offer", "decline-offer"]},
            "cards": {"type": "array", "items": _ref("Card")}, "card": _ref("Card"),
            "condition": {"const": "enough-cards"}},
            "required": ["by", "do"]}},
        "score_before": SEAT_NUMBERS,
    }, ["deal", "actions"]),
    "RecordQuestion": _question("record", "What does a record of the tricks prove? Answer: proven, clean.", {
        "trump": _ref("Suit"),
        "tricks": {"type": "array", "items": {"type": "object", "properties": {
            "leader": _ref("Seat"), "led": _ref("Card"), "followed": _ref("Card")}, "required": ["leader", "led"]}},
    }, ["trump", "tricks"]),
    "PoolQuestion": _question("pool", "Pool écarté for three. Answer: games, seated, sitting_out, streak, winner.", {
        "players": {"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 3},
        "first": {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
        "results": {"type": "array", "items": {"type": "string"}},
    }, ["players"]),
    "DisputeQuestion": _question("dispute", "Rule on an irregularity by the club code. Answer: status need (the "
                                            "next fact to ask) or status ruling.", {
        "facts": {"type": "object", "description": "irregularity, discovered, hand, offender, count, ... "
                                                   "(see API.md); may be partial.",
                  "properties": {"irregularity": {"type": "string"}, "discovered": {"type": "string"}}},
    }, ["facts"]),
    "PackQuestion": _question("pack", "Inspect a pack. Answer: size, correct, missing, duplicates, foreign.", {
        "cards": {"type": "array", "items": {"type": "string"}},
    }, ["cards"]),
    "AdviceQuestion": _question("advice", "Should this hand be played without proposing (for the dealer: the "
                                          "proposal refused)? Strategy, not law: Hoffmann's jeux de règle. Answer: "
                                          "advice, play_without_proposing, pattern, trumps, seat.", {
        "trump": _ref("Suit"),
        "hand": {"type": "array", "items": _ref("Card"), "minItems": 5, "maxItems": 5},
        "seat": {"anyOf": [_ref("Seat"), {"type": "null"}], "default": "elder",
                 "description": "Whose hand it is: elder (proposes or plays) or dealer (accepts or refuses)."},
    }, ["trump", "hand"]),
}

# analyse: the same deal and actions as hand, and the player whose knowledge limits the analysis
QUESTIONS["AnalyseQuestion"] = _question(
    "analyse", "What does best play give from here? The deal and actions as for hand, reaching the play (else the "
               "error not-in-play). Answer: to_act, cards (each legal card with tricks; with view, expected_tricks "
               "and p_point), best, point, vole; with view also holdings, exact, margin.", {
        "deal": QUESTIONS["HandQuestion"]["properties"]["deal"],
        "actions": QUESTIONS["HandQuestion"]["properties"]["actions"],
        "view": {"anyOf": [_ref("Seat"), {"type": "null"}],
                 "description": "Analyse with only this player's knowledge; absent or null: every card known."},
    }, ["deal", "actions"])

KIND_SCHEMA = {"play": "PlayQuestion", "trick": "TrickQuestion", "score": "ScoreQuestion",
               "exchange": "ExchangeQuestion", "hand": "HandQuestion", "dispute": "DisputeQuestion",
               "pack": "PackQuestion", "advice": "AdviceQuestion", "record": "RecordQuestion",
               "pool": "PoolQuestion", "analyse": "AnalyseQuestion"}


def openapi_document(book) -> dict:
    """The whole OpenAPI document (built once per rule book); every kind ``ask()`` answers must have its schema."""
    found = book.derived.get(("openapi",))
    if found is None:
        found = book.derived[("openapi",)] = _document(book)
    return found


def _document(book) -> dict:
    missing = [kind for kind in KINDS if kind not in KIND_SCHEMA]
    if missing:
        raise LookupError(f"the OpenAPI document has no question schema for kind {', '.join(missing)}")
    named = {kind: KIND_SCHEMA[kind] for kind in KINDS}
    schemas = {
        "Card": CARD,
        "Suit": SUIT,
        "Seat": SEAT,
        "Profile": {"enum": list(book.profiles), "default": book.default_profile,
                    "description": "Which rule set decides; an unknown name is the error unknown-profile."},
        **{name: QUESTIONS[name] for name in named.values()},
        "Question": {
            "description": "One question; kind chooses its shape.",
            "oneOf": [_ref(name) for name in named.values()],
            "discriminator": {"propertyName": "kind", "mapping": {k: REF + v for k, v in named.items()}},
        },
        "Answer": {
            "type": "object",
            "description": "Every answer carries these fields, plus those of its kind (API.md).",
            "properties": {
                "cites": {"type": "array", "items": {"type": "string"},
                          "description": "Ids of the rules that decided, in order; each is shown at /rules#<id>."},
                "explanation": {"type": "string"},
                "laws": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": book.club_code_laws}},
                "profile": _ref("Profile"),
            },
            "required": ["cites", "explanation", "laws", "profile"],
            "additionalProperties": True,
        },
        "ErrorObject": {
            "type": "object",
            "properties": {"error": {
                "type": "object",
                "properties": {
                    "code": {"type": "string", "description": "A slug: bad-json, empty-body, not-an-object, "
                                                              "missing-field, unknown-kind, unknown-profile, "
                                                              "bad-card, duplicate-card, too-large, ..."},
                    "message": {"type": "string", "description": "One clear sentence."},
                    "field": {"type": ["string", "null"], "description": "Where, e.g. hand[2], or null."},
                },
                "required": ["code", "message", "field"],
            }},
            "required": ["error"],
        },
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
                           "playing without proposing. Every answer cites the rules that decided it.",
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
                    "400": {"description": "Malformed JSON or a question that cannot be answered as asked.",
                            "content": error_content},
                    "413": {"description": "The body is larger than 64 KiB.", "content": error_content},
                },
            }},
        },
        "components": {"schemas": schemas},
    }
