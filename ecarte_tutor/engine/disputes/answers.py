"""The two answers of the interview: the next question (``need``) and the ruling."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, NotRequired, TypedDict

from ...bookwords import FACT, key_of
from ...fields import SEATS
from ...i18n import DEFAULT_LANG, current, marked, tr, trn
from ...rulebook import LAW_SECTION, FactChoice, FactValue, Params, RuleBook, reading_conditions
from ...wording import Words, seat_name
from ..citing import Citing, Reasons
from ..saying import Saying
from .conditions import matches
from .knowledge import Conflict, Forced, Knowledge, close, moments
from .points import GIVEN_UP, option_points, points_reason, specs
from .rows import Row, resolve_seat

# Said of an option whose points wait for the hand to be played out (a lesson says it once, in its own words).
POINTS_LATER = marked("its points are worked out once the hand has been played out")
# A ruling that rests on a reading of ours says so (rules/laws/shuffling.yaml, the law section's says).
OUR_READING = Saying(LAW_SECTION, "our-reading", "where", "topic", "reading")
# The words that join the laws and rules a disagreement names (said through the catalogue, each language its own).
AND = marked("%(first)s and %(then)s")
AND_WITH = marked("%(first)s and with %(then)s")
CLUB_CODE_AUTHORITY = 1  # rules/sources.yaml: the club code's own texts (Cavendish, Hoffmann's reprint)


class TimelineEntry(TypedDict):
    """A moment of the timeline, established (``timeline``)."""

    moment: str
    happened: FactValue
    label: str


class NeedFact(TypedDict):
    """The fact the interview asks for next, as a form shows it."""

    fact: str
    question: str
    choices: list[FactChoice]
    type: str
    min: NotRequired[int]
    max: NotRequired[int]
    help: NotRequired[str]
    moment: NotRequired[bool]


class Need(TypedDict):
    """The answer as sent while a fact is missing (``status: need``)."""

    status: Literal["need"]
    need: NeedFact
    laws: list[int]
    cites: list[str]
    explanation: str
    facts_used: dict[str, FactValue]
    timeline: list[TimelineEntry]


class RulingOption(TypedDict):
    """A remedy as the ruling gives it: ``points`` by seat when it lets the hand stand and they are known."""

    id: str
    label: str
    consequence: str
    points: NotRequired[dict[str, int]]


class Ruling(TypedDict):
    """The ruling as sent (``status: ruling``), its fields in the order the API gives them."""

    status: Literal["ruling"]
    case: str
    laws: list[int]
    cites: list[str]
    authority: dict[str, str]
    compulsory: bool
    chooser: str | None
    options: list[RulingOption]
    points: NotRequired[dict[str, int]]
    explanation: str
    window: str
    facts_used: dict[str, FactValue]
    timeline: list[TimelineEntry]
    law_text: list[dict[str, object]]
    disagreements: list[dict[str, object]]
    readings: list[ReadingTaken]


class ReadingTaken(TypedDict):
    """A reading of ours the ruling rests on, where the rules are silent: the rule that holds it."""

    rule: str
    topic: str
    reading: str


@dataclass(frozen=True, slots=True)
class NeedAnswer:
    """The ``dispute`` kind's answer while a fact is missing: the fact asked for, the agreement that makes it
    asked (``cites``), the facts given so far and the moments they establish."""

    need: NeedFact
    cites: list[str]
    facts_used: dict[str, FactValue]
    timeline: list[TimelineEntry]

    def as_json(self) -> Need:
        return {"status": "need", "need": self.need, "laws": [], "cites": self.cites,
                "explanation": tr("To rule, I need to know one more thing: %(question)s",
                                  question=self.need["question"]),
                "facts_used": self.facts_used, "timeline": self.timeline}


@dataclass(frozen=True, slots=True)
class RulingAnswer:
    """The ``dispute`` kind's ruling: the case, the laws and rules (the deciding rule first) and the authority of
    each, whether the penalty is compulsory, who chooses among which options, the points where they are fixed,
    why, the window the law allows, the facts it rests on, the timeline, and the laws' text."""

    case: str
    citing: Citing
    authority: dict[str, str]
    compulsory: bool
    chooser: str | None
    options: list[RulingOption]
    points: dict[str, int] | None
    explanation: str
    window: str
    facts_used: dict[str, FactValue]
    timeline: list[TimelineEntry]
    law_text: list[dict[str, object]]
    disagreements: list[dict[str, object]]
    readings: list[ReadingTaken]

    def as_json(self) -> Ruling:
        """The ruling, its fields in the order the API gives them (``points`` only where they are fixed)."""
        points: _Points = {} if self.points is None else {"points": self.points}
        return {"status": "ruling", "case": self.case, "laws": self.citing["laws"], "cites": self.citing["cites"],
                "authority": self.authority, "compulsory": self.compulsory, "chooser": self.chooser,
                "options": self.options, **points, "explanation": self.explanation, "window": self.window,
                "facts_used": self.facts_used, "timeline": self.timeline, "law_text": self.law_text,
                "disagreements": self.disagreements, "readings": self.readings}


class _Points(TypedDict, total=False):
    points: dict[str, int]


def timeline(book: RuleBook, known: Knowledge, story: Knowledge | Conflict) -> list[TimelineEntry]:
    """The moments established so far, in the order they happen, each as a player would say it: those the story
    told settles (``story``: what the answers alone settle, without the table's agreements; a moment the
    agreements alone settle, with nothing told, is no part of the story)."""
    settled = story if isinstance(story, Knowledge) else known
    strip: list[TimelineEntry] = []
    lang = current()
    for name in moments(book):
        if name in known and name in settled:
            words = book.facts[name]["moment"]
            english, said = (words["happened"], "happened") if known[name] else (words["pending"], "pending")
            strip.append({"moment": name, "happened": known[name], "label": english if lang == DEFAULT_LANG
                          else book.words(f"{FACT}{name}", f"moment.{said}", lang, english)})
    return strip


def need_answer(book: RuleBook, name: str, given: Mapping[str, FactValue], known: Knowledge | None,
                table: Forced | None = None, story: Knowledge | Conflict | None = None) -> NeedAnswer:
    spec = book.facts[name]
    # only the answers that can be true of this hand are offered ("All five" tricks won is no answer for a hand
    # given up while cards were left): one the facts already given (or the table's agreements) refuse would
    # only be refused in turn
    possible = [c for c in spec["choices"]
                if known is None or isinstance(close(book, {**given, name: c["value"]}, table), Knowledge)]
    lang, key = current(), f"{FACT}{name}"
    need: NeedFact = {"fact": name, "question": book.words(key, "question", lang, spec["question"].strip()),
            "choices": [{"value": c["value"], "label": book.words(key, f"choices.{key_of(c['value'])}", lang,
                                                                  c["label"])} for c in possible or spec["choices"]],
            "type": spec["type"]}
    if "min" in spec:
        need["min"] = spec["min"]
    if "max" in spec:
        need["max"] = spec["max"]
    if "help" in spec:
        need["help"] = book.words(key, "help", lang, spec["help"])
    if "moment" in spec:
        need["moment"] = True
    # a fact asked because of an agreement the table made: that agreement takes part in the answer
    cites = [book.agreements[spec["agreement"]].id] if "agreement" in spec else []
    strip = timeline(book, known, known if story is None else story) if known else []
    return NeedAnswer(need, cites, dict(given), strip)


def authority(book: RuleBook, rule_id: str, params: Params) -> str:
    """``club-code`` for a rule the club code decides, ``profile`` for the profile's own rule,
    ``agreement`` for the rule of an agreement the players made."""
    rule = book.rules[rule_id]
    if rule.section == LAW_SECTION:
        return "club-code"
    if any(book.agreements[name].id == rule_id for name, _value in params.agreements):
        return "agreement"
    if rule.variant:
        sources = rule.variant["profiles"][params.profile]["sources"]
        names = [cite["source"] for cite in sources]
    else:
        # a rule written for some profiles only is theirs; so is an optional rule in force without
        # its agreement, which fills a gap of the code from the profile's sources (the bystanders)
        if rule.profiles is not None or rule.optional:
            return "profile"
        names = [cite.source for cite in rule.sources]
    club = any(book.sources[name].get("authority") == CLUB_CODE_AUTHORITY for name in names)
    return "club-code" if club else "profile"


def ruling_answer(book: RuleBook, row: Row, known: Knowledge, used: set[str], params: Params,
                  story: Knowledge | Conflict) -> RulingAnswer:
    """The ruling of ``row`` (``story``: what the answers alone settle, for the timeline)."""
    decision = row.decision
    reasons = Reasons(book).add(row.rule.id)
    reasons.add(*(book.laws[n].id for n in decision.get("laws", ()) if n in book.laws))
    reasons.add(*decision.get("cites", ()))
    reasons.add(*(params.rule_for(name) for name in decision.get("params", {})))
    chooser = resolve_seat(decision["chooser"], known)
    rule_id, lang, row_at = row.rule.id, params.lang, f"decisions.{decision['case']}"
    explanation = [book.words(rule_id, f"{row_at}.explanation", lang, decision["explanation"].strip())]
    points = None
    scored = option_points(row, known, params, book)
    for result in scored.values():
        reasons.add(*result.reasons.ids)
    options: list[RulingOption] = []
    for option in decision["options"]:
        option_at = f"{row_at}.options.{option['id']}"
        shown: RulingOption = {"id": option["id"], "label": book.words(rule_id, f"{option_at}.label", lang,
                                                                       option["label"]),
                               "consequence": book.words(rule_id, f"{option_at}.consequence", lang,
                                                         option["consequence"].strip())}
        if option["id"] in scored:
            shown["points"] = scored[option["id"]].points
        options.append(shown)
    if row.concedes:
        points = scored[decision["options"][0]["id"]].points
        explanation.append(points_reason(row, GIVEN_UP, known, params, book))  # worded only from the facts known
    elif isinstance(fixed := decision.get("points"), dict):  # points by seat (not a concession's)
        points = {seat: 0 for seat in SEATS}
        for ref, value in fixed.items():
            points[resolve_seat(ref, known)] += value
    # the deciding rule first, then the laws by number, then the other rules in the order applied
    cites = [row.rule.id] + sorted((c for c in reasons.ids[1:] if book.rules[c].section == LAW_SECTION),
                                   key=lambda c: book.rules[c].law or 0) + \
        [c for c in reasons.ids[1:] if book.rules[c].section != LAW_SECTION]
    laws = reasons.laws
    if chooser:
        explanation.append(chooser_sentence(chooser))
    if not row.concedes:
        spec_of = dict(specs(row))
        for shown in options:
            if "points" in shown:  # the reason worded only from the facts known, as for a concession
                reason = points_reason(row, spec_of[shown["id"]], known, params, book)
                explanation.append(tr("%(option)s: %(points)s. %(reason)s", option=shown["label"],
                                      points=_marks(shown["points"]), reason=reason))
            elif shown["id"] in spec_of:  # the tricks of a hand still in play are not known yet
                explanation.append(tr("%(option)s: %(later)s.", option=shown["label"], later=tr(POINTS_LATER)))
    if points is not None and not row.concedes:
        explanation += [tr("%(seat)s marks %(points)s.", seat=seat_name(seat).capitalize(), points=n)
                        for seat, n in points.items() if n]
    readings = readings_taken(book, row.case, known, lang)
    explanation += [OUR_READING.say(params, where=Words(book).rule(taken["rule"]), topic=taken["topic"],
                                    reading=taken["reading"]) for taken in readings]
    disagreements = book.disagreements_of(cites, lang)
    explanation += _other_sources(book, disagreements)
    return RulingAnswer(row.case, {"cites": cites, "laws": laws}, {c: authority(book, c, params) for c in cites},
                        decision["compulsory"], chooser, options, points, " ".join(explanation),
                        book.words(rule_id, f"{row_at}.window", lang, decision["window"]["says"]),
                        {name: known[name] for name in sorted(used, key=list(book.facts).index)},
                        timeline(book, known, story),
                        book.law_text([book.rules[c].law for c in cites if book.rules[c].law in laws], lang),
                        disagreements, readings)


def readings_taken(book: RuleBook, case: str, known: Knowledge, lang: str = DEFAULT_LANG) -> list[ReadingTaken]:
    """The readings of ours the row ``case`` rests on (a rule's readings name their rows), those whose
    conditions the facts known meet, in ``lang``."""
    return [{"rule": rule_id, "topic": book.words(rule_id, f"{at}.topic", lang, reading["topic"]),
             "reading": book.words(rule_id, f"{at}.reading", lang, " ".join(reading["reading"].split()))}
            for rule_id, reading in book.readings_of.get(case, ())
            for at in [f"readings.{book.rules[rule_id].readings.index(reading)}"]
            if not (alternatives := reading_conditions(reading)) or any(
                all(name in known and matches(condition, known[name]) for name, condition in conditions.items())
                for conditions in alternatives)]


def chooser_sentence(seat: str) -> str:
    """The ruling's sentence naming who chooses (a lesson says it once, beside the remedies, in its stead)."""
    return tr("Here the choice belongs to %(seat)s.", seat=seat_name(seat))


def _other_sources(book: RuleBook, disagreements: list[dict[str, object]]) -> list[str]:
    """A sentence naming the rules applied on which other sources rule otherwise (what they say is in the
    answer's ``disagreements`` and beside the ruling on the site): a ruling never picks one source silently."""
    disputed = list(dict.fromkeys(str(found["rule"]) for found in disagreements))
    if not disputed:
        return []
    laws = [str(book.rules[rule_id].law) for rule_id in disputed if book.rules[rule_id].law]
    named = ([trn("law %(numbers)s", "laws %(numbers)s", len(laws), numbers=_joined(laws, AND))]
             if laws else []) + \
        [tr("the rule “%(rule)s”", rule=Words(book).rule(rule_id))
         for rule_id in disputed if not book.rules[rule_id].law]
    return [tr("Not every source agrees with %(named)s: the rule book's “Where the sources disagree” gives what the "
               "others rule.", named=_joined(named, AND_WITH))]


def _joined(items: list[str], pair: str) -> str:
    """``items`` said one after the other through the catalogue's ``pair`` template (``%(first)s and %(then)s``)."""
    said = items[0]
    for more in items[1:]:
        said = tr(pair, first=said, then=more)
    return said


def _marks(points: Mapping[str, int]) -> str:
    """Who marks what for the tricks, in words."""
    scoring = [tr("%(seat)s marks %(points)s", seat=seat_name(seat), points=n) for seat, n in points.items() if n]
    if not scoring:
        return tr("nobody marks anything for the tricks")
    return _joined(scoring, AND)
