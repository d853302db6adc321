"""Every kind names the agreements that decided its answer (API: ``agreements``), as ``play`` and ``trick`` do.

For every worked case of every kind, asked again with each agreement in turn: when the agreement
changes the answer (anything but the wording, the citations and the list of agreements itself),
the answer must name it in ``agreements`` and cite its rule, and show the rule's authority as an
agreement where the answer gives authorities. An agreement that changes nothing may be named or
not (doubling named by a hand that could have been doubled), but never one the question did not make.
"""
from __future__ import annotations

import pytest

from ecarte_tutor import ask
from ecarte_tutor.scenarios import load_scenarios

WORDING = {"explanation", "cites", "laws", "agreements", "authority", "law_text", "profile", "reason"}
# lists whose order follows the rank order, not the ruling (a pack's missing and doubled cards: by suit, then rank)
LISTED = {"next", "legal_alternatives", "legal_cards", "missing", "duplicates"}
AGREEMENTS: list[object] = ["ace-high", "doubling", "offer-the-point", "treble-double-single", "single-exchange",
                            {"game-target": 3}, {"game-target": 9}, "bystanders-advise"]


def _decided(answer: object, key: str = "") -> object:
    """The answer without its wording, at every depth: what an agreement may change."""
    if isinstance(answer, dict):
        return {k: _decided(v, k) for k, v in answer.items() if k not in WORDING}
    if isinstance(answer, list):
        items = [_decided(v) for v in answer]
        return sorted(items, key=repr) if key in LISTED else items
    return answer


def _name(agreement: object) -> str:
    return agreement if isinstance(agreement, str) else next(iter(agreement))


CASES = [case for case in load_scenarios() if "agreements" not in case.question]


@pytest.mark.parametrize("agreement", AGREEMENTS, ids=_name)
def test_an_agreement_that_changes_an_answer_is_named_and_cited(book, agreement):
    silent, changed = [], 0
    rule = book.agreements[_name(agreement)].id
    for case in CASES:
        plain = ask(case.question, book)
        agreed = ask({**case.question, "agreements": [agreement]}, book)
        if "error" in plain or "error" in agreed:
            continue
        names = [_name(a) for a in agreed["agreements"]]
        assert set(names) <= {_name(agreement)}, case.id
        if _decided(plain) == _decided(agreed):
            continue
        changed += 1
        if _name(agreement) not in names or rule not in agreed.get("cites", []):
            silent.append(case.id)
        elif "authority" in agreed:
            assert agreed["authority"][rule] == "agreement", case.id
    assert not silent, f"{agreement}: the answer changed but does not name it in {len(silent)} cases: {silent[:10]}"
