"""The codes of the practice table's irregularity drills, one per drill (``drills`` in rules/laws/*.yaml).

Each drill's law, facts and words are data beside its law; what cannot be data is how the tutor stages
it (:mod:`.drills`), and these names are what that code, the game record (``T!<code>``) and the settings
go by. ``check`` holds them to the rule book's drills both ways (:func:`code_defects`).
"""
from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum


class IncidentCode(StrEnum):
    """A drill of the practice table, by the code its YAML entry gives it (and the record writes)."""

    TWO_TURNED = "two-turned"
    DEAL_OUT_OF_TURN = "deal-out-of-turn"
    ELDER_FOUR = "elder-four"
    DEALER_SIX = "dealer-six"
    ACCEPTANCE_RETRACTED = "acceptance-retracted"
    EXPOSED_IN_EXCHANGE = "exposed-in-exchange"
    LEAD_OUT_OF_TURN = "lead-out-of-turn"
    NAMED_SUIT = "named-suit"
    ABANDONED = "abandoned"
    REVOKE = "revoke"
    FALSE_KING = "false-king"
    OVERSCORE = "overscore"


def code_defects(drill_codes: Iterable[str]) -> list[str]:
    """What keeps the rule book's drill codes and the table's from being the same set."""
    given = set(drill_codes)
    problems = [f"rules/laws: the drill '{code}' has no staging at the practice table "
                "(ecarte_tutor/table/incident_codes.py)" for code in sorted(given - set(IncidentCode))]
    problems += [f"ecarte_tutor/table/incident_codes.py: the drill '{code}' is in no law's drills (rules/laws)"
                 for code in IncidentCode if code not in given]
    return problems
