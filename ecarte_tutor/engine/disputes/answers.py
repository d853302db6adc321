"""The two answers of the interview: the next question (``need``) and the ruling."""
from __future__ import annotations

from ...fields import SEAT_NAMES, SEATS, other
from ...rulebook import LAW_SECTION, Params, RuleBook
from ..citing import Reasons
from .concession import concession_points
from .interview import concession_facts
from .knowledge import Knowledge, moments
from .rows import ADVERSARY_OF, CONCESSION_FACTS, Row, seat_fact

CLUB_CODE_AUTHORITY = 1  # rules/sources.yaml: the club code's own texts (Cavendish, Hoffmann's reprint)


def timeline(book: RuleBook, known: Knowledge) -> list[dict]:
    """The moments established so far, in the order they happen, each as a player would say it."""
    strip = []
    for name in moments(book):
        if name in known:
            words = book.facts[name]["moment"]
            strip.append({"moment": name, "happened": known[name],
                          "label": words["happened"] if known[name] else words["pending"]})
    return strip


def need_answer(book: RuleBook, name: str, given: dict, known: Knowledge | None) -> dict:
    spec = book.facts[name]
    need = {"fact": name, "question": spec["question"].strip(),
            "choices": [{"value": c["value"], "label": c["label"]} for c in spec["choices"]],
            "type": spec["type"]}
    for key in ("min", "max", "help"):
        if key in spec:
            need[key] = spec[key]
    if "moment" in spec:
        need["moment"] = True
    return {"status": "need", "need": need, "laws": [], "cites": [],
            "explanation": f"To rule, I need to know one more thing: {need['question']}",
            "facts_used": dict(given), "timeline": timeline(book, known) if known else []}


def resolve_seat(ref, known: Knowledge):
    """A seat reference made concrete: ``adversary-of-offender`` with offender dealer -> elder."""
    name = seat_fact(ref)
    if name is None:
        return ref
    seat = known[name]
    return other(seat) if ref.startswith(ADVERSARY_OF) else seat


def authority(book: RuleBook, rule_id: str, params: Params) -> str:
    """``club-code`` for a rule the club code decides, ``profile`` for the profile's own rule."""
    rule = book.rules[rule_id]
    if rule.section == LAW_SECTION:
        return "club-code"
    if rule.variant:
        sources = rule.variant["profiles"][params.profile]["sources"]
        names = [cite["source"] for cite in sources]
    else:
        if rule.profiles is not None:  # a rule written for some profiles only is theirs
            return "profile"
        names = [cite.source for cite in rule.sources]
    club = any(book.sources[name].get("authority") == CLUB_CODE_AUTHORITY for name in names)
    return "club-code" if club else "profile"


def ruling_answer(book: RuleBook, row: Row, known: Knowledge, used: set[str], params: Params) -> dict:
    decision = row.decision
    reasons = Reasons(book).add(row.rule.id)
    reasons.add(*(book.laws[n].id for n in decision.get("laws", ()) if n in book.laws))
    reasons.add(*decision.get("cites", ()))
    reasons.add(*(params.rule_for(name) for name in decision.get("params", {})))
    chooser = resolve_seat(decision["chooser"], known)
    explanation = [decision["explanation"].strip()]
    answer: dict = {"status": "ruling", "case": row.case}
    points = None
    if row.concedes:
        # only the vulnerability facts that change the points are read (the others may be unknown)
        relevant = concession_facts(row, known, params, book)
        vulnerability = {name: name in relevant and known[name] for name in CONCESSION_FACTS}
        conceded = concession_points(row, known, vulnerability, params, book)
        points = conceded.points
        reasons.add(*conceded.reasons.ids)
        explanation.append(conceded.reason)
    elif "points" in decision:
        points = {seat: 0 for seat in SEATS}
        for ref, value in decision["points"].items():
            points[resolve_seat(ref, known)] += value
    # the deciding rule first, then the laws by number, then the other rules in the order applied
    cites = [row.rule.id] + sorted((c for c in reasons.ids[1:] if book.rules[c].section == LAW_SECTION),
                                   key=lambda c: book.rules[c].law) + \
        [c for c in reasons.ids[1:] if book.rules[c].section != LAW_SECTION]
    laws = reasons.laws
    answer.update(laws=laws, cites=cites, authority={c: authority(book, c, params) for c in cites},
                  compulsory=decision["compulsory"], chooser=chooser,
                  options=[{"id": o["id"], "label": o["label"], "consequence": o["consequence"].strip()}
                           for o in decision["options"]])
    if chooser:
        explanation.append(f"Here the choice belongs to {SEAT_NAMES[chooser]}.")
    if points is not None:
        answer["points"] = points
        if not row.concedes:
            explanation += [f"{SEAT_NAMES[seat].capitalize()} marks {n}." for seat, n in points.items() if n]
    answer["explanation"] = " ".join(explanation)
    answer["window"] = decision["window"]["says"]
    answer["facts_used"] = {name: known[name] for name in sorted(used, key=list(book.facts).index)}
    answer["timeline"] = timeline(book, known)
    answer["law_text"] = book.law_text([book.rules[c].law for c in cites if book.rules[c].law in laws])
    return answer
