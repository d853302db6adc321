"""The points of a ruling whose hand stands or is given up (laws 25, 42, 43), worked out by the
same scoring as ``kind: score``, so that the two kinds agree.

An option that lets the hand stand says so in its row (``points: {tricks, cut}``, rules/laws/*.yaml;
a row that ``concedes`` gives its one option the tricks as given up):

- ``given-up``: the offender keeps the ``tricks_won`` he had and his adversary is given the rest
  (law 42: with none won the adversary has the vole, with one or two the point);
- ``played``: the tricks as the hand was played out, known only once it is over (``hand_over``);
- ``cut``: each seat named scores that many points less for what it wins by tricks, never below
  nothing (laws 25 and 43: a point scores nothing, a vole one). A king is not a trick: its point
  (law 47) is never cut.

What those tricks are worth comes from the profile and the table's agreements: law 49 (or the
profile's own rule) raises the point against a player who played without proposing or refused
the first proposal, a doubled hand scores double, and a player who declined the point offered
had to win every trick. Only the facts that change the points are asked (:func:`points_needs`).
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import product

from ...errors import QuestionError
from ...fields import SEATS, other
from ...i18n import tr, trc
from ...rulebook import FactValue, Kept, OptionPoints, Params, RuleBook
from ...wording import NUMBER_WORDS, Words, number_word, seat_name
from .. import scoring
from ..citing import Reasons
from ..saying import Saying
from .knowledge import Knowledge, facts_naming
from .rows import CONCESSION_FACTS, Row, resolve_seat

HAND_OVER, TRICKS_WON, OFFENDER = "hand_over", "tricks_won", "offender"
GIVEN_UP: OptionPoints = {"tricks": "given-up"}  # a conceding row's one option
NOBODY = "none"  # the value of a seat fact that names no seat (point_declined_by)
CUT = Saying("law.43", "cut", "Seat", "taken", "left")
# Laws 25 and 43 give the cut's figures for hands worth one or two, neither doubled nor offered: a
# hand worth more under a profile or an agreement is cut by our reading, and the reason says so.
CUT_READ = Saying("law.43", "cut-read", "before")
_ENGLISH_NUMBERS = dict(enumerate(NUMBER_WORDS))  # the facts' labels are English (rules/dispute-facts.yaml)
_NUMBERS_IN_ENGLISH = {word: count for count, word in _ENGLISH_NUMBERS.items()}
_RANGE = re.compile(r"(\w+) or (\w+)")
CLUB_CODE_FIGURES = 2


@dataclass(frozen=True)
class Worked:
    """The points of one option, the reason in words, and the rules behind them."""

    points: dict[str, int]
    reason: str
    reasons: Reasons


def specs(row: Row) -> list[tuple[str, OptionPoints]]:
    """The options of the row that score the hand, with what they score."""
    options = row.decision["options"]
    if row.concedes:
        return [(option["id"], GIVEN_UP) for option in options]
    return [(option["id"], option["points"]) for option in options if "points" in option]


def active(row: Row, known: Knowledge) -> list[tuple[str, OptionPoints]]:
    """The options whose points can be worked out now: a hand played out only once it is over."""
    return [(option, spec) for option, spec in specs(row)
            if spec["tricks"] == "given-up" or (HAND_OVER in known and known[HAND_OVER] is True)]


def wager_facts(book: RuleBook, params: Params) -> tuple[str, ...]:
    """The facts of the agreements the table made that change what a hand scores (``agreement`` in
    rules/dispute-facts.yaml)."""
    made = {name for name, _value in params.agreements}
    return tuple(name for name, agreement in facts_naming(book, "agreement") if agreement in made)


_UNUSED: Kept[tuple[()], dict[str, FactValue]] = Kept("the facts of scoring, read as not holding")


def refuse_unmade(given: Mapping[str, FactValue], book: RuleBook, params: Params) -> None:
    """A fact of an agreement the table did not make cannot be true of its hand: a clear error, rather
    than a ruling that quietly leaves it out."""
    made = wager_facts(book, params)
    for name in given:
        agreement = book.facts[name].get("agreement")
        if agreement and name not in made:
            # in words, not ids: the message reaches a player's page too (the field names the fact for the API)
            raise QuestionError("agreement-not-made", tr(
                "“%(question)s” is asked only at a table that plays with the agreement “%(agreement)s”, which this "
                "question does not make: make that agreement, or leave the answer out.",
                question=Words(book).fact(name), agreement=Words(book).agreement_label(agreement)), f"facts.{name}")


def worked(spec: OptionPoints, known: Knowledge, values: dict[str, FactValue], params: Params,
           book: RuleBook) -> Worked:
    """What the tricks of the hand give each seat under ``spec``, the facts of scoring as ``values``."""
    offender, won = known[OFFENDER], known[TRICKS_WON]
    assert isinstance(offender, str) and isinstance(won, int)  # a seat, and a whole number (dispute-facts)
    declined = values.get("point_declined_by", NOBODY)
    said = _tricks_said(book, won)
    facts = scoring.HandFacts({offender: won, other(offender): params.hand_size - won},
                              values["elder_played_without_proposing"] is True,
                              values["dealer_refused_first_proposal"] is True,
                              dealer_refused_later_proposal=values["dealer_refused_later_proposal"] is True,
                              doubled=values.get("hand_doubled") is True,
                              offer_declined_by=None if declined == NOBODY else str(declined),
                              # the adversary is given the tricks the offender gave up (law 42)
                              conceded_to=other(offender) if spec["tricks"] == "given-up" else None,
                              tricks_said=((offender, said),) if said else ())
    reasons = Reasons(book)
    award = scoring.wager_claim(facts, params, reasons)
    points = {seat: 0 for seat in SEATS}
    points[award.seat] = award.points
    reason = award.reason
    for ref, cut in spec.get("cut", {}).items():
        seat = resolve_seat(ref, known)
        before = points[seat]
        taken = min(cut, before)
        if taken:
            points[seat] -= taken
            reason += " " + CUT.say(params, Seat=seat_name(seat).capitalize(), taken=taken,
                                    left=points[seat] or trc("points", "nothing"))
            if before > CLUB_CODE_FIGURES or facts.doubled or facts.offer_declined_by is not None:
                reason += " " + CUT_READ.say(params, before=before)
    return Worked(points, reason, reasons)


def _tricks_said(book: RuleBook, won: int) -> str | None:
    """The offender's tricks as the referee told them, where his answer gave a range ("three or four"):
    a sentence must not say more than he did."""
    label = next((str(choice["label"]) for choice in book.facts[TRICKS_WON]["choices"] if choice["value"] == won),
                 None)
    if label is None or label.lower() == _ENGLISH_NUMBERS.get(won):
        return None
    # The label is the facts' English ("Three or four"): a range of counts is said again in the answer's words.
    found = _RANGE.fullmatch(label.lower())
    low, high = (_NUMBERS_IN_ENGLISH.get(word) for word in found.groups()) if found else (None, None)
    if low is None or high is None:
        return label.lower()
    return tr("%(low)s or %(high)s", low=number_word(low), high=number_word(high))


def _domains(book: RuleBook, known: Knowledge | None, params: Params) -> dict[str, list[FactValue]]:
    """Every fact of scoring with the values it may take: its known one, or any of its values; the
    facts of an agreement the table did not make have their one value of "not agreed"."""
    wagers = wager_facts(book, params)
    unset = _unused(book)
    out: dict[str, list[FactValue]] = {}
    for name in unset:
        if known is not None and name in known:
            out[name] = [known[name]]
        elif name in CONCESSION_FACTS or name in wagers:
            out[name] = [choice["value"] for choice in book.facts[name]["choices"]]
        else:
            out[name] = [unset[name]]
    return out


def _assignments(domains: dict[str, list[FactValue]]) -> Iterator[dict[str, FactValue]]:
    """Every combination of values, at most one of the vulnerabilities holding (no proposal, the
    first refused, or a later one refused)."""
    names = list(domains)
    for combo in product(*(domains[n] for n in names)):
        values = dict(zip(names, combo, strict=True))
        if sum(values[n] is True for n in CONCESSION_FACTS) <= 1:
            yield values


_RELEVANT: Kept[tuple[object, ...], list[str]] = Kept("the facts of scoring that change a row's points")


def relevant(row: Row, known: Knowledge, params: Params, book: RuleBook) -> list[str]:
    """The facts of scoring that change the points of some option of the row, the others as known
    (or either way when unknown), in the order of rules/dispute-facts.yaml. Under each profile only
    some matter (law 49 raises the point but not the vole; the modern guide never makes the elder
    vulnerable...): those are asked, and only those are used."""
    options = active(row, known)
    if not options or TRICKS_WON not in known or OFFENDER not in known:
        return []
    fixed = _domains(book, known, params)
    key = (params.profile, params.agreements, row.case, known[OFFENDER], known[TRICKS_WON],
           tuple((name, tuple(values)) for name, values in fixed.items()))
    kept = _RELEVANT.of(book)
    found = kept.get(key)
    if found is None:
        free = _domains(book, None, params)
        found = []
        scored: dict[tuple[FactValue, ...], tuple[object, ...]] = {}  # the options' points by values of scoring

        def points_at(values: dict[str, FactValue]) -> tuple[object, ...]:
            # the assignments of one fact's turn overlap the others' (all but it as they may still be); each place
            # of the key is one fact, of one type
            held = tuple(values.values())
            if held not in scored:
                scored[held] = tuple(tuple(worked(spec, known, values, params, book).points.items())
                                     for _option, spec in options)
            return scored[held]

        for name in book.facts:
            if name not in free:
                continue
            # the fact takes each of its values, the others only what they may still be
            results: dict[tuple[FactValue, ...], set[object]] = {}
            for values in _assignments({**fixed, name: free[name]}):
                rest = tuple(v for n, v in values.items() if n != name)
                results.setdefault(rest, set()).add(points_at(values))
            if any(len(outcomes) > 1 for outcomes in results.values()):
                found.append(name)
        kept[key] = found
    return list(found)


def points_needs(row: Row, known: Knowledge, params: Params, book: RuleBook) -> list[str]:
    """The facts the points of the row's options still need, the first to ask first."""
    options = specs(row)
    if not options:
        return []
    if any(spec["tricks"] == "played" for _o, spec in options) and HAND_OVER not in known:
        return [HAND_OVER]
    if not active(row, known):
        return []
    whose = [name for name in (TRICKS_WON, OFFENDER) if name not in known]  # the tricks, then whose they are
    if whose:
        return whose[:1]
    return [name for name in relevant(row, known, params, book) if name not in known]


def points_used(row: Row, known: Knowledge, params: Params, book: RuleBook) -> set[str]:
    """The facts the points of the row's options rest on."""
    options = specs(row)
    used = {HAND_OVER} if any(spec["tricks"] == "played" for _o, spec in options) else set()
    if active(row, known):
        used |= {OFFENDER, TRICKS_WON, *relevant(row, known, params, book)}
    return used & set(known.values)


def option_points(row: Row, known: Knowledge, params: Params, book: RuleBook) -> dict[str, Worked]:
    """The points of every option of the row that can be worked out, by option id."""
    used = relevant(row, known, params, book)
    # a fact that changes nothing is read as not holding, so that it adds no reason of its own
    values = {name: known[name] if name in used else fallback for name, fallback in _unused(book).items()}
    out: dict[str, Worked] = {}
    for option, spec in active(row, known):
        result = worked(spec, known, values, params, book)
        for name in used:
            agreement = book.facts[name].get("agreement")
            if agreement:  # a fact asked because of an agreement: the agreement took part
                result.reasons.add(book.agreements[agreement].id)
        out[option] = result
    return out


def _unused(book: RuleBook) -> dict[str, FactValue]:
    """The value a fact of scoring that changes nothing is read with: none of them holds (once per rule book;
    read only)."""
    kept = _UNUSED.of(book)
    found = kept.get(())
    if found is None:
        found = kept[()] = {name: False for name in CONCESSION_FACTS}
        for name, _agreement in facts_naming(book, "agreement"):
            found[name] = False if book.facts[name]["type"] == "boolean" else NOBODY
    return found


def points_reason(row: Row, spec: OptionPoints, known: Knowledge, params: Params, book: RuleBook) -> str:
    """Why the tricks score what they do under ``spec`` (a hand given up, or played and perhaps cut),
    stating only what the question told.

    A commitment fact given is read as given, even where it changes no point. One left unknown was not
    asked because no answer changes the points (:func:`relevant`); the reason then keeps only what every
    answer would say, and when each answer would say more, names the question left open instead of
    presuming an answer (under the Finnish profile, playing without proposing and an accepted exchange
    both commit the elder, for different reasons).
    """
    used = relevant(row, known, params, book)
    base = {name: known[name] if name in used else fallback for name, fallback in _unused(book).items()}
    unknown = [name for name in CONCESSION_FACTS if name not in known]
    fixed = {name: known[name] for name in CONCESSION_FACTS if name in known}
    found: dict[tuple[bool, ...], Worked] = {}
    for combo in product([True, False], repeat=len(unknown)):
        values = {**base, **fixed, **dict(zip(unknown, combo, strict=True))}
        if sum(values[name] is True for name in CONCESSION_FACTS) <= 1:  # at most one commitment holds
            found[combo] = worked(spec, known, values, params, book)
    results = list(found.values())
    first = results[0]
    assert all(c.points == first.points for c in results)  # the facts that change the points were asked
    told = [s for s in _sentences(first.reason) if all(s in _sentences(c.reason) for c in results)]
    if any(_sentences(c.reason) == told for c in results):
        return " ".join(told)  # some answer would add nothing to it
    words = Words(book)
    open_ = [i for i in range(len(unknown))
             if any(_flip(combo, i) in found and found[_flip(combo, i)].reason != found[combo].reason
                    for combo in found)] or list(range(len(unknown)))
    seat = max(first.points, key=lambda s: first.points[s])
    questions = joined([tr("“%(question)s”", question=words.fact(unknown[i])) for i in open_])
    told = told or [tr("%(seat)s marks %(points)s for the tricks conceded.", seat=seat_name(seat).capitalize(),
                       points=first.points[seat])]
    if len(open_) == 1:  # one question left open: what each answer would have said
        (i,) = open_
        # each answer by what it alone would add, in clauses: one sentence that states no answer as fact
        semicolon = trc("list", "; ")
        each = {combo[i]: semicolon.join(_clause(s) for s in _sentences(c.reason) if s not in told)
                or tr("nothing more") for combo, c in found.items()}
        answers = [tr("if “%(answer)s”, %(then)s", answer=words.fact_value(unknown[i], value), then=each[value])
                   for value in (True, False)]
        told.append(tr("That holds whatever the answer to %(questions)s, which was therefore not asked: %(each)s.",
                       questions=questions, each=semicolon.join(answers)))
    else:
        told.append(tr("That holds whatever the answers to %(questions)s, which were therefore not asked.",
                       questions=questions))
    return " ".join(told)


def joined(items: list[str]) -> str:
    """Items said one after the other: ``A and B`` (each language joins them its way; the interview's too)."""
    said = items[0]
    for more in items[1:]:
        said = tr("%(first)s and %(then)s", first=said, then=more)
    return said


def _flip(combo: tuple[bool, ...], i: int) -> tuple[bool, ...]:
    return combo[:i] + (not combo[i],) + combo[i + 1:]


def _clause(sentence: str) -> str:
    """A sentence as a clause of a longer one: out of its brackets, no full stop, lower case unless a law."""
    text = sentence.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    text = text.rstrip(".")
    return text if text.startswith("Law ") else text[:1].lower() + text[1:]


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.)])\s+(?=[A-ZÀ-Ý(])", text) if s]
