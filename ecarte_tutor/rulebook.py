"""The rule book: every rule, law, source, profile and variant, loaded strictly from ``rules/``.

Each file is validated against its JSON Schema, then cross-checked (unique ids,
cited ids and sources exist, each engine parameter defined exactly once).
A defect raises :class:`DataError` naming the file, rule id and key.
"""
from __future__ import annotations

import threading
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from string import Formatter
from types import MappingProxyType
from typing import Any, Generic, Literal, NotRequired, Protocol, TypeAlias, TypedDict, TypeVar, cast

from . import paths
from .bookshapes import Bounds as Bounds
from .bookshapes import Condition as Condition
from .bookshapes import Fact as Fact
from .bookshapes import FactChoice as FactChoice
from .bookshapes import FactValue as FactValue
from .bookshapes import Moment as Moment
from .bookshapes import Source as Source
from .bookwords import Translation, load_translation
from .cards import Ranking, parse_card
from .errors import CardNotationError, DataError
from .i18n import DEFAULT_LANG, LANGS
from .marks import fact_name
from .schemas import explain, key_path, schema_errors, validator
from .strategy import PATTERNS_FILE, Strategy, load_strategy
from .yamlio import load_yaml

LAWS_FOLDER = "laws"
LAW_SECTION = "law"
SOURCES_FILE = "sources.yaml"
FACTS_FILE = "dispute-facts.yaml"
SHORTCUT_FACT = fact_name("discovered")  # a dispute fact that only settles moments of the timeline


# --- the shapes of the files (rulefile, sources and facts schemas), as loaded --------------------
# (Those of the sources and the dispute facts are in bookshapes, below this module's layer, for the
# player's vocabulary (wording) to name them too; they are imported above as part of this module.)

class CitationEntry(TypedDict):
    """A citation as a file writes it (inside variants and disagreements)."""

    source: str
    locator: str
    law: NotRequired[int]
    page: NotRequired[str]


class VariantChoice(TypedDict):
    value: object  # the parameter's value under this profile (params.schema.json gives its type)
    says: str
    sources: list[CitationEntry]


class Variant(TypedDict):
    """A parameter the profiles set differently: its name, and each profile's value."""

    parameter: str
    profiles: dict[str, VariantChoice]


class ProfileEntry(TypedDict):
    name: str
    default: NotRequired[bool]


class Relation(TypedDict):
    law: int
    how: str


class Disagreement(TypedDict):
    topic: NotRequired[str]
    says: str
    sources: list[CitationEntry]


class Reading(TypedDict):
    topic: str
    reading: str
    because: str
    cases: NotRequired[list[str]]  # the rows whose ruling rests on it: "case" of its rule, or "rule id/case"
    when: NotRequired[dict[str, Condition] | list[dict[str, Condition]]]  # only where the facts known meet these


class AgreementRange(TypedDict):
    min: int
    max: int


class Agreement(TypedDict):
    """An optional agreement: its name, the parameter it changes, and its value or the range of one."""

    name: str
    label: str  # how a player names it on a form
    parameter: str
    value: NotRequired[object]  # a value of the parameter's type (params.schema.json)
    range: NotRequired[AgreementRange]


class OptionPoints(TypedDict):
    """What an option that lets the hand stand scores (docs/laws-and-disputes.md): the tricks as played
    (``played``, known once the hand is over) or as given up (``given-up``), each seat's share cut by
    the points of ``cut`` (laws 25 and 43: the offender scores one less for what he wins)."""

    tricks: Literal["played", "given-up"]
    cut: NotRequired[dict[str, int]]  # seat reference -> points taken off what that seat wins by tricks


class Option(TypedDict):
    id: str
    label: str
    consequence: str
    points: NotRequired[OptionPoints]


class Window(TypedDict):
    after: NotRequired[list[str]]
    before: NotRequired[list[str]]
    says: str


class Decision(TypedDict):
    """One row of a law's decision table (docs/laws-and-disputes.md)."""

    case: str
    irregularity: str | list[str]
    when: NotRequired[dict[str, Condition]]
    window: Window
    compulsory: bool
    picks: NotRequired[dict[str, str]]  # a choice within the remedy: {"seat": ..., "what": ...}
    chooser: str | None
    options: list[Option]
    points: NotRequired[dict[str, int] | Literal["concession"]]
    laws: NotRequired[list[int]]
    cites: NotRequired[list[str]]
    explanation: str
    profiles: NotRequired[list[str]]
    params: NotRequired[dict[str, Condition]]
    precedes: NotRequired[list[str]]  # rows (rule id/case) this one takes precedence over where both match


class DrillEntry(TypedDict):
    """A drill of the practice table, beside its law's decision rows (rules/laws/*.yaml): the
    irregularity the tutor commits on purpose, what the learner sees, the facts of the interview it
    makes true, what the table does for each remedy, and the tutor's options when the choice is his."""

    code: str
    what: str
    seen: NotRequired[str]  # a template: {card}, {second}, {suit}
    seating: NotRequired[Literal["tutor-deals", "learner-deals"]]
    blocking: NotRequired[bool]
    lingers: NotRequired[bool]
    hidden: NotRequired[bool]
    facts: dict[str, FactValue]
    observed: NotRequired[list[str]]
    remedies: dict[str, str]  # option id -> the table's effect
    let_pass: NotRequired[str]  # the table's effect when the learner lets it pass
    tutor_prefers: NotRequired[list[str]]
    shows: NotRequired[dict[str, str]]  # option id -> the words that show the learner the card he may see
    replay_scored_as: NotRequired[str]


DRILL_PLACES = ("card", "second", "suit")  # what a drill's `seen` may name: its cards and the suit named


class Presupposition(TypedDict):
    """What an irregularity presupposes of the hand (a law's ``presupposes``, docs/laws-and-disputes.md)."""

    irregularity: str | list[str]
    when: NotRequired[dict[str, Condition]]
    then: dict[str, Condition]
    says: str


# "if" is a keyword, hence the functional form.
ImplicationEntry = TypedDict("ImplicationEntry", {"if": dict[str, Condition], "then": dict[str, Condition],
                                                 "says": NotRequired[str]})
"""One implication of rules/dispute-facts.yaml: a bound in ``then`` comes with ``says``, why it must hold."""

_Entry = TypeVar("_Entry", bound=Mapping[str, object])


def read_only(entry: _Entry) -> _Entry:
    """``entry`` behind a read-only view (``MappingProxyType``), of the same shape to the type checker."""
    return cast(_Entry, MappingProxyType(entry))


_Key = TypeVar("_Key", bound=Hashable)
_Value = TypeVar("_Value")


class Keeps(Protocol):
    """A rule book, or one set of its parameters: what the modules above work out from it alone is kept on it."""

    kept: dict[Kept[Any, Any], dict[Any, Any]]


class Kept(Generic[_Key, _Value]):
    """What one module works out from a rule book (or a set of parameters) alone, kept beside it by key.

    The module that works it out declares it, typed, and owns it:
    ``_ROWS: Kept[tuple[str, Agreed], tuple[Row, ...]] = Kept("dispute rows")``; ``_ROWS.of(book)`` is then
    that book's ``dict`` of them. A book and its parameters never change once made, so a value worked out
    once serves for good; keys are chosen by the module, never by a question.
    """

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name  # what it keeps, for a reader of the code

    def of(self, holder: Keeps) -> dict[_Key, _Value]:
        found = holder.kept.get(self)
        if found is None:
            found = holder.kept[self] = {}
        return found

    def __repr__(self) -> str:
        return f"Kept({self.name!r})"


@dataclass(frozen=True)
class Citation:
    """Where a rule comes from: a source id and a locator inside it."""

    source: str
    locator: str
    law: int | None = None
    page: str | None = None


@dataclass(frozen=True)
class Rule:
    """One rule (or club-code law): id, title, statement and sources, plus structured data."""

    id: str
    title: str
    statement: str
    sources: tuple[Citation, ...]
    section: str
    file: str
    law: int | None = None
    remedy: bool = False
    optional: bool = False
    profiles: tuple[str, ...] | None = None  # the profiles it applies in; None: every one
    params: MappingProxyType[str, object] = field(default_factory=lambda: MappingProxyType({}))
    variant: Variant | None = None
    profile: ProfileEntry | None = None
    see_also: tuple[str, ...] = ()
    relations: tuple[Relation, ...] = ()
    decisions: tuple[Decision, ...] = ()
    presupposes: tuple[Presupposition, ...] = ()
    disagreements: tuple[Disagreement, ...] = ()
    example: str | None = None
    readings: tuple[Reading, ...] = ()
    agreement: Agreement | None = None  # an optional agreement: its name, parameter and value (or range)
    says: MappingProxyType[str, str] = field(default_factory=lambda: MappingProxyType({}))  # outcome -> template
    drills: tuple[DrillEntry, ...] = ()  # the practice table's drills of this law

    def applies_in(self, profile: str) -> bool:
        """Does the rule apply under ``profile``?"""
        return self.profiles is None or profile in self.profiles


@dataclass(frozen=True)
class TableDrill:
    """A drill of the practice table with the law it drills (the rule it is written beside)."""

    rule: Rule
    entry: DrillEntry

    @property
    def code(self) -> str:
        return self.entry["code"]

    @property
    def law(self) -> int:
        assert self.rule.law is not None  # drills sit beside a law's decision rows (_check_drill)
        return self.rule.law

    @property
    def what(self) -> str:
        return self.entry["what"]

    @property
    def tutor_prefers(self) -> tuple[str, ...]:
        return tuple(self.entry.get("tutor_prefers", ()))


@dataclass(frozen=True)
class Section:
    """One file of the rule book."""

    name: str
    title: str
    order: int
    intro: str
    file: str
    rules: tuple[Rule, ...]
    says: MappingProxyType[str, str] = field(default_factory=lambda: MappingProxyType({}))  # outcome -> template


Agreed: TypeAlias = tuple[tuple[str, Hashable], ...]
"""Agreements as (name, value) pairs, sorted: a key of the parameters they give."""


class ScaleStep(TypedDict):
    loser_at_most: int
    value: int


class Params(dict[str, object]):
    """The engine parameters in force under one profile and the players' agreements.

    ``origin`` maps each parameter to the id of the rule that set it (an agreement's rule where
    one changed it); ``agreements`` are the (name, value) pairs agreed.
    """

    # Each parameter of params.schema.json with its type, for the engine that reads them as
    # attributes (a test checks the two lists agree). The values are set by __init__ below.
    rank_order: Sequence[str]
    pack_size: int
    hand_size: int
    must_follow_suit: bool
    must_head_trick: bool
    must_trump_when_void: bool
    point_tricks: int
    point_value: int
    vole_value: int
    king_points: int
    king_window: Literal["before-own-first-card", "before-first-lead"]
    claim_order: Sequence[Literal["turned-king", "announced-king", "tricks"]]
    elder_vulnerable_without_proposal: bool
    dealer_vulnerable_on_first_refusal: bool
    elder_committed_after_acceptance: bool
    dealer_committed_on_later_refusal: bool
    vulnerable_point_value: int
    vulnerable_vole_value: int
    game_target: int
    game_value: Literal["single", "by-loser-score"]
    game_value_scale: Sequence[ScaleStep]
    rubber_games: int
    stock_size: int
    elder_min_discard: int
    elder_max_discard: int
    dealer_min_discard: int
    dealer_max_discard: int
    doubling: bool
    offer_the_point: bool
    doubling_factor: int
    declined_offer_points: int
    single_exchange: bool
    bystanders_advise: bool
    short_stock_dealer: Literal["plays-without-exchange", "takes-what-remains"]

    origin: dict[str, str]
    profile: str
    agreements: Agreed
    says: Mapping[tuple[str, str], str]
    lang: str
    kept: dict[Kept[Any, Any], dict[Any, Any]]

    def __init__(self, values: Mapping[str, object], origin: dict[str, str], profile: str, agreements: Agreed = (),
                 says: Mapping[tuple[str, str], str] = MappingProxyType({}), lang: str = DEFAULT_LANG):
        super().__init__(values)
        # Also as attributes, so that ``params.must_follow_suit`` is a plain lookup: the
        # referee reads several per answer. A name that would hide a method is refused.
        hidden = sorted(set(values) & (set(dir(Params)) | {"origin", "profile", "agreements", "says",
                                                           "kept", "lang"}))
        if hidden:
            raise ValueError(f"parameter names {hidden} are taken by the Params class; rename them")
        self.__dict__.update(values)
        self.origin = origin
        self.profile = profile
        self.agreements = tuple(agreements)
        self.says = says  # the rule book's words for the engine's outcomes (RuleBook.says), in ``lang``
        self.lang = lang  # the language of the engine's explanations made under these parameters (ecarte_tutor.i18n)
        # What the engine works out from these parameters alone and keeps (Kept), as on the rule book.
        self.kept = {}

    def __getattr__(self, name: str) -> object:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def rule_for(self, name: str) -> str:
        """The id of the rule (or variant) that set parameter ``name``."""
        return self.origin[name]

    @cached_property
    def ranking(self) -> Ranking:
        return Ranking(self.rank_order)


@dataclass(frozen=True, slots=True)
class OptionOutcome:
    """What a remedy option says beside its label: the options its own consequence also says, and whether it is a
    penalty (``True``), says that there is none (``False``), or neither (``None``)."""

    includes: tuple[str, ...] = ()
    penalty: bool | None = None


class RuleBook:
    """All rules by id, sections in order, sources, dispute facts and the four profiles."""

    def __init__(self, root: Path, sections: Iterable[Section], sources: dict[str, Source], facts: dict[str, Fact],
                 option_labels: dict[str, str] | None = None, implications: Iterable[ImplicationEntry] = (),
                 strategy: Strategy | None = None):
        self.root = root
        self.sections = tuple(sorted(sections, key=lambda s: (s.order, s.name)))
        self.sources = sources
        self.facts = facts  # dispute fact name -> its entry, in the order the interview asks them
        self.option_labels = option_labels or {}  # remedy option id -> short label (dispute-facts.yaml)
        # remedy option id -> what it says beside its label (dispute-facts.yaml): a drill's wrong choices read it
        self.option_outcomes: dict[str, OptionOutcome] = {}
        self.implications = tuple(implications)  # what follows from what (dispute-facts.yaml)
        self.strategy = strategy  # the jeux de règle (rules/strategy/patterns.yaml), or None
        self.rules = {rule.id: rule for section in self.sections for rule in section.rules}
        # (rule id or section name, outcome) -> the template the engine fills (engine/saying.py)
        self.says: Mapping[tuple[str, str], str] = MappingProxyType(
            {(section.name, outcome): text for section in self.sections for outcome, text in section.says.items()}
            | {(rule.id, outcome): text for rule in self.rules.values() for outcome, text in rule.says.items()})
        # every rule of the law section has its number (_load_section)
        self.laws = {rule.law: rule for rule in self.rules.values() if rule.section == LAW_SECTION and rule.law}
        self.profiles = {rule.profile["name"]: rule for rule in self.rules.values() if rule.profile}
        self.default_profile: str = next(  # "" when none is: a book _cross_check refuses
            (name for name, rule in self.profiles.items() if rule.profile and rule.profile.get("default")), "")
        self.variants = [rule for rule in self.rules.values() if rule.variant]
        # "rule id/case" -> the readings its ruling rests on, each with the rule that holds it (a reading's cases)
        self.readings_of: dict[str, list[tuple[str, Reading]]] = {}
        for rule in self.rules.values():
            for reading in rule.readings:
                for case in reading.get("cases", ()):
                    key = case if "/" in case else f"{rule.id}/{case}"
                    self.readings_of.setdefault(key, []).append((rule.id, reading))
        self.agreements = {rule.agreement["name"]: rule for rule in self.rules.values() if rule.agreement}
        # the practice table's drills by code, in the order of the laws they drill
        self.table_drills = {entry["code"]: TableDrill(rule, entry)
                             for rule in sorted(self.laws.values(), key=lambda r: r.law or 0) for entry in rule.drills}
        # agreement name -> how a player names it on a form (the vocabulary reads these)
        self.agreement_labels = {name: rule.agreement["label"] for name, rule in self.agreements.items()
                                 if rule.agreement}
        # how many laws the club code has: its texts in rules/sources.yaml say (Hoffmann: 51)
        self.club_code_laws = max((source.get("laws", 0) for source in sources.values()), default=0)
        self._params = {name: self._resolve_params(name) for name in self.profiles}
        # What the modules above work out from the book alone, each in a Kept of its own.
        self.kept: dict[Kept[Any, Any], dict[Any, Any]] = {}
        # The book's words in each other language (rules/<lang>/, ecarte_tutor/bookwords.py); set by load_rulebook.
        self.translations: dict[str, Translation] = {}

    def text(self, key: str, name: str, lang: str = DEFAULT_LANG) -> str:
        """The text ``name`` (title, statement, example, label) of a rule in ``lang``: the translation where it is
        given, else the English. ``key``: a rule id."""
        found = self.translations[lang].text(key, name) if lang in self.translations else None
        if found is not None:
            return found
        rule = self.rules[key]
        english = rule.agreement.get("label") if name == "label" and rule.agreement else getattr(rule, name, None)
        return str(english or "")

    def words(self, key: str, name: str, lang: str, english: str) -> str:
        """A text kept below an entry in ``lang`` (a decision row's ``decisions.<case>.explanation``, a dispute fact's
        ``question`` under the key ``fact:<name>``, a remedy's label under ``options``: bookwords), else
        ``english``, the text as the English file gives it."""
        if lang == DEFAULT_LANG:
            return english
        translation = self.translations.get(lang)
        found = translation.text(key, name) if translation else None
        return english if found is None else found

    def section_text(self, section: Section, name: str, lang: str = DEFAULT_LANG) -> str:
        """A section's ``title`` or ``intro`` in ``lang`` (else the English)."""
        found = self.translations[lang].text(f"{section.file}#section", name) if lang in self.translations else None
        return found if found is not None else str(getattr(section, name))

    def says_in(self, lang: str) -> Mapping[tuple[str, str], str]:
        """The engine's templates in ``lang``: each translated one, the English where none is yet."""
        if lang == DEFAULT_LANG or lang not in self.translations:
            return self.says
        kept = _SAYS.of(self)
        found = kept.get(lang)
        if found is None:
            translation = self.translations[lang]
            owners = {section.file: section.name for section in self.sections}
            said = dict(self.says)
            for key, entry in translation.entries.items():
                owner = owners.get(key.removesuffix("#section")) if key.endswith("#section") else key
                said.update({(owner, outcome): text for outcome, text in entry.says.items() if owner})
            found = kept[lang] = MappingProxyType(said)
        return found

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules

    def params(self, profile: str | None = None, agreements: Agreed = (), lang: str = DEFAULT_LANG) -> Params:
        """The parameters in force under ``profile`` (default: the default profile) and ``agreements``,
        a tuple of (agreement name, value) pairs as :func:`ecarte_tutor.agreements.read_agreements` gives;
        the engine explains itself under them in ``lang``."""
        if lang != DEFAULT_LANG:
            return self._params_in(self.params(profile, agreements), lang)
        base = self._params[profile or self.default_profile]
        if not agreements:
            return base
        agreed = _AGREED.of(self)
        found = agreed.get((base.profile, agreements))
        if found is None:
            values, origin = dict(base), dict(base.origin)
            for name, value in agreements:
                parameter = self.agreement(name)["parameter"]
                values[parameter] = value
                origin[parameter] = self.agreements[name].id
            found = agreed[base.profile, agreements] = Params(values, origin, base.profile, agreements, self.says)
        return found

    def _params_in(self, params: Params, lang: str) -> Params:
        """The same parameters, the engine's words in ``lang`` (kept: the engine keeps its work per parameters)."""
        kept = _IN_LANG.of(self)
        found = kept.get((params.profile, params.agreements, lang))
        if found is None:
            found = kept[params.profile, params.agreements, lang] = Params(
                dict(params), dict(params.origin), params.profile, params.agreements, self.says_in(lang), lang)
        return found

    def agreement(self, name: str) -> Agreement:
        """The agreement called ``name`` (a key of ``agreements``), as its rule states it."""
        agreement = self.agreements[name].agreement
        assert agreement is not None  # self.agreements holds the rules that have one
        return agreement

    def disagreements_of(self, rule_ids: Iterable[str], lang: str = DEFAULT_LANG) -> list[dict[str, object]]:
        """Where other sources rule otherwise than the rules ``rule_ids`` (shown beside a ruling, so that it never
        silently picks one source): each rule's ``disagreements``, with the rule and its law, in ``lang``."""
        return [{"rule": rule.id, "law": rule.law,
                 "topic": self.words(rule.id, f"disagreements.{n}.topic", lang, found["topic"])
                 if found.get("topic") else found.get("topic"),
                 "says": self.words(rule.id, f"disagreements.{n}.says", lang, found["says"].strip()),
                 "sources": [citation["source"] for citation in found["sources"]]}
                for rule in (self.rules[i] for i in rule_ids if i in self.rules)
                for n, found in enumerate(rule.disagreements)]

    def law_text(self, numbers: Iterable[int | None], lang: str = DEFAULT_LANG) -> list[dict[str, object]]:
        """The number, title and statement of each law in ``numbers`` (shown beside a ruling), in ``lang``."""
        return [{"law": n, "title": self.text(self.laws[n].id, "title", lang),
                 "statement": self.text(self.laws[n].id, "statement", lang)}
                for n in numbers if n in self.laws]

    def _resolve_params(self, profile: str) -> Params:
        values: dict[str, object] = {}
        origin: dict[str, str] = {}
        for rule in self.rules.values():
            for name, value in rule.params.items():
                values[name], origin[name] = value, rule.id
            if rule.variant:
                name = rule.variant["parameter"]
                values[name] = rule.variant["profiles"][profile]["value"]
                origin[name] = rule.id
        return Params(values, origin, profile, (), self.says)


_AGREED: Kept[tuple[str, Agreed], Params] = Kept("the parameters of a profile under agreements")
_IN_LANG: Kept[tuple[str, Agreed, str], Params] = Kept("the parameters of a profile under agreements, in a language")
_SAYS: Kept[str, Mapping[tuple[str, str], str]] = Kept("the engine's templates in a language")


# --- loading -----------------------------------------------------------------------------------


def _validate(schema: str, document: object, path: Path) -> None:
    for error in schema_errors(schema, document):
        rule_id = None
        parts = list(error.absolute_path)
        if len(parts) >= 2 and parts[0] == "rules" and isinstance(document, dict):
            try:
                rule_id = document["rules"][parts[1]].get("id")
            except (AttributeError, IndexError, TypeError):
                rule_id = None
        raise DataError(path, explain(error), rule_id=rule_id, key=key_path(error))


def _load_sources(root: Path) -> dict[str, Source]:
    path = root / SOURCES_FILE
    document = load_yaml(path)
    _validate("sources", document, path)
    sources: dict[str, Source] = {}
    for entry in document["sources"]:
        if entry["id"] in sources:
            raise DataError(path, "source id is used twice", rule_id=entry["id"], key="id")
        sources[entry["id"]] = read_only(entry)
    return sources


def _load_facts(root: Path) -> tuple[dict[str, Fact], dict[str, str], list[ImplicationEntry],
                                    dict[str, OptionOutcome]]:
    """The dispute facts by name, the label of every remedy option id, the implications, and what each option
    says beside its label (what it includes, whether it is a penalty)."""
    path = root / FACTS_FILE
    if not path.exists():
        return {}, {}, [], {}
    document = load_yaml(path)
    _validate("facts", document, path)
    facts: dict[str, Fact] = {}
    for entry in document["facts"]:
        if entry["name"] in facts:
            raise DataError(path, "fact is defined twice", key=entry["name"])
        facts[entry["name"]] = read_only(entry)
    labels: dict[str, str] = {}
    for i, option in enumerate(document.get("options", ())):
        if option["id"] in labels:
            raise DataError(path, f"option '{option['id']}' is listed twice", key=f"options[{i}].id")
        labels[option["id"]] = option["label"]
    outcomes = {option["id"]: OptionOutcome(tuple(option.get("includes", ())), option.get("penalty"))
                for option in document.get("options", ())}
    for i, option in enumerate(document.get("options", ())):
        for other in option.get("includes", ()):
            if other not in labels or other == option["id"]:
                raise DataError(path, f"includes '{other}', which is no other option", key=f"options[{i}].includes")
    implications: list[ImplicationEntry] = document.get("implications", [])
    _check_facts(path, facts, implications)
    return facts, labels, implications, outcomes


FACT_TYPES: dict[str, type] = {"boolean": bool, "integer": int, "choice": str}
"""The Python type of the values of each type of dispute fact."""


def _condition_problem(facts: Mapping[str, Fact], name: str, condition: Condition) -> str | None:
    """What is wrong with a condition on a dispute fact (unknown fact, or a value it cannot take)."""
    fact = facts.get(name)
    if fact is None:
        return f"unknown fact '{name}' (see rules/{FACTS_FILE})"
    if isinstance(condition, dict):
        return None if fact["type"] == "integer" else \
            f"a {{min, max}} condition needs a whole-number fact; '{name}' is not one"
    for value in condition if isinstance(condition, list) else [condition]:
        if type(value) is not FACT_TYPES[fact["type"]]:
            return f"{value!r} is not a {fact['type']} value for fact '{name}'"
        if fact["type"] == "choice" and value not in {c["value"] for c in fact["choices"]}:
            return f"'{value}' is not a value of fact '{name}'"
    return None


def _check_stages(path: Path, name: str, fact: Fact) -> None:
    """Where a fact groups its choices by stage, every choice stands in exactly one stage."""
    if "stages" not in fact:
        return
    staged = [value for stage in fact["stages"] for value in stage["choices"]]
    values = [choice["value"] for choice in fact["choices"]]
    for value in staged:
        if value not in values:
            raise DataError(path, f"stage choice {value!r} is not a value of the fact", key=f"{name}.stages")
        if staged.count(value) > 1:
            raise DataError(path, f"choice {value!r} stands in more than one stage", key=f"{name}.stages")
    for value in values:
        if value not in staged:
            raise DataError(path, f"choice {value!r} stands in no stage", key=f"{name}.stages")


def _check_facts(path: Path, facts: dict[str, Fact], implications: list[ImplicationEntry]) -> None:
    """A fact's choices are values of its type; moments require only earlier moments; implications
    speak of known facts and values."""
    seen_moments: list[str] = []
    for name, fact in facts.items():
        for i, choice in enumerate(fact["choices"]):
            # the question schemas read a choice fact's values as names (questions.schemas.fact_schema)
            if type(choice["value"]) is not FACT_TYPES[fact["type"]]:
                raise DataError(path, f"{choice['value']!r} is not a {fact['type']} value", key=f"{name}.choices[{i}]")
        _check_stages(path, name, fact)
        if "moment" not in fact:
            continue
        if fact["type"] != "boolean":
            raise DataError(path, "a moment of the timeline is a true/false fact", key=f"{name}.type")
        for earlier in fact["moment"].get("requires", ()):
            if earlier not in seen_moments:
                raise DataError(path, f"moment '{name}' requires '{earlier}', which is not an earlier moment "
                                      "of the timeline", key=f"{name}.moment.requires")
        seen_moments.append(name)
    for i, item in enumerate(implications):
        for part in ("if", "then"):
            for name, condition in item[part].items():
                if part == "then" and isinstance(condition, (dict, list)) and not item.get("says"):
                    # a single value follows; a list or bounds only has to hold, and the player is told why not
                    raise DataError(path, "an implication's `then` gives single values, or bounds with `says` (why "
                                          "they must hold)", key=f"implications[{i}].then")
                problem = _condition_problem(facts, name, condition)
                if problem:
                    raise DataError(path, problem, key=f"implications[{i}].{part}.{name}")


def _rule_from(entry: dict[str, Any], section: str, path: Path, rel: str) -> Rule:
    return Rule(
        id=entry["id"],
        title=entry["title"].strip(),
        statement=entry["statement"].strip(),
        sources=tuple(Citation(**c) for c in entry["sources"]),
        section=section,
        file=rel,
        law=entry.get("law"),
        remedy=entry.get("remedy", False),
        optional=entry.get("optional", False),
        profiles=tuple(entry["profiles"]) if "profiles" in entry else None,
        params=MappingProxyType(dict(entry.get("params", {}))),
        variant=entry.get("variant"),
        profile=entry.get("profile"),
        see_also=tuple(entry.get("see_also", ())),
        relations=tuple(entry.get("relations", ())),
        decisions=tuple(entry.get("decisions", ())),
        presupposes=tuple(entry.get("presupposes", ())),
        disagreements=tuple(entry.get("disagreements", ())),
        example=entry.get("example"),
        readings=tuple(entry.get("readings", ())),
        agreement=entry.get("agreement"),
        says=MappingProxyType({name: " ".join(text.split()) for name, text in entry.get("says", {}).items()}),
        drills=tuple(read_only(d) for d in entry.get("drills", ())),
    )


def _load_section(path: Path, root: Path) -> Section:
    document = load_yaml(path)
    if not isinstance(document, dict):
        raise DataError(path, "must be a mapping with section, title and rules")
    _validate("rulefile", document, path)
    rel = path.relative_to(root.parent).as_posix() if root.parent in path.parents else path.name
    in_laws = path.parent.name == LAWS_FOLDER
    section = document["section"]
    if in_laws and section != LAW_SECTION:
        raise DataError(path, f"files in rules/{LAWS_FOLDER}/ must have section '{LAW_SECTION}'", key="section")
    rules: list[Rule] = []
    for index, entry in enumerate(document["rules"]):
        if entry["id"].split(".")[0] != section:
            raise DataError(path, f"id must start with the section name '{section}.'", rule_id=entry["id"],
                            key=f"rules[{index}].id")
        if in_laws and "law" not in entry:
            raise DataError(path, "every club-code law needs its law number", rule_id=entry["id"],
                            key=f"rules[{index}].law")
        rules.append(_rule_from(entry, section, path, rel))
    says = MappingProxyType({name: " ".join(text.split()) for name, text in document.get("says", {}).items()})
    return Section(section, document["title"], document.get("order", 100), document.get("intro", ""),
                   rel, tuple(rules), says)


def _cross_check(book: RuleBook, files: dict[str, str]) -> None:
    ids = [rule.id for section in book.sections for rule in section.rules]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        dup = sorted(duplicates)[0]
        raise DataError(files[dup], "rule id is used more than once in the rule book", rule_id=dup, key="id")
    law_numbers = [r.law for r in book.rules.values() if r.section == LAW_SECTION and r.law]
    for number in law_numbers:
        if number > book.club_code_laws:
            rule = book.laws[number]
            raise DataError(rule.file, f"the club code has {book.club_code_laws} laws (rules/{SOURCES_FILE}), "
                                       f"not {number}", rule_id=rule.id, key="law")
        if law_numbers.count(number) > 1:
            rule = book.laws[number]
            raise DataError(rule.file, f"law {number} is given twice", rule_id=rule.id, key="law")
    param_defs: dict[str, str] = {}
    param_schema = _param_schema()
    for rule in book.rules.values():
        for i, cite in enumerate(rule.sources):
            if cite.source not in book.sources:
                raise DataError(rule.file, f"unknown source '{cite.source}' (see rules/{SOURCES_FILE})",
                                rule_id=rule.id, key=f"sources[{i}].source")
        for target in rule.see_also:
            if target not in book.rules:
                raise DataError(rule.file, f"see_also names unknown rule '{target}'", rule_id=rule.id, key="see_also")
        names = list(rule.params)
        if rule.variant:
            name = rule.variant["parameter"]
            if name not in param_schema:
                raise DataError(rule.file, f"unknown parameter '{name}'", rule_id=rule.id, key="variant.parameter")
            for profile, choice in rule.variant["profiles"].items():
                for error in validator("params").iter_errors({name: choice["value"]}):
                    raise DataError(rule.file, explain(error), rule_id=rule.id,
                                    key=f"variant.profiles.{profile}.value")
                for i, entry in enumerate(choice["sources"]):
                    if entry["source"] not in book.sources:
                        raise DataError(rule.file, f"unknown source '{entry['source']}'", rule_id=rule.id,
                                        key=f"variant.profiles.{profile}.sources[{i}].source")
            names.append(name)
        if rule.agreement:
            _check_agreement(book, rule, rule.agreement, param_schema)
        for name in names:
            if name in param_defs:
                raise DataError(rule.file, f"parameter '{name}' is already set by rule {param_defs[name]}",
                                rule_id=rule.id, key=f"params.{name}")
            param_defs[name] = rule.id
        for d_index, decision in enumerate(rule.decisions):
            _check_decision(book, rule, decision, f"decisions[{d_index}]")
        for d_index, drill in enumerate(rule.drills):
            _check_drill(book, rule, drill, f"drills[{d_index}]")
        for r_index, reading in enumerate(rule.readings):
            _check_reading(book, rule, reading, f"readings[{r_index}]")
        for p_index, presupposition in enumerate(rule.presupposes):
            _check_presupposition(book, rule, presupposition, f"presupposes[{p_index}]")
        for i, dis in enumerate(rule.disagreements):
            for j, entry in enumerate(dis["sources"]):
                if entry["source"] not in book.sources:
                    raise DataError(rule.file, f"unknown source '{entry['source']}'", rule_id=rule.id,
                                    key=f"disagreements[{i}].sources[{j}].source")
        if rule.example:
            for word in rule.example.replace(",", " ").split():
                if word.startswith("card:"):
                    try:
                        parse_card(word[5:])
                    except CardNotationError as exc:
                        raise DataError(rule.file, str(exc), rule_id=rule.id, key="example") from None
    for name, fact in book.facts.items():
        # a book without agreements (a test fixture) can never ask such a fact; any other must know it
        if "agreement" in fact and book.agreements and fact["agreement"] not in book.agreements:
            raise DataError(book.root / FACTS_FILE, f"fact '{name}' names the agreement '{fact['agreement']}', "
                                                    "which no rule of the rule book makes", key=f"{name}.agreement")
    missing = [name for name in param_schema if name not in param_defs]
    if missing:
        raise DataError(book.root, f"no rule sets the parameter(s) {', '.join(missing)}")
    if not book.profiles:
        raise DataError(book.root, "the rule book defines no profile (rules/profiles.yaml)")
    defaults = [n for n, r in book.profiles.items() if r.profile and r.profile.get("default")]
    if len(defaults) != 1:
        raise DataError(book.root, "exactly one profile must be the default")
    try:
        for profile in book.profiles:
            book.params(profile).ranking  # noqa: B018 - validates the rank order
    except ValueError as exc:
        raise DataError(book.params().rule_for("rank_order"), str(exc), key="params.rank_order") from None


def _param_schema() -> Mapping[str, object]:
    """The properties of params.schema.json: each engine parameter, with its schema."""
    schema = validator("params").schema
    assert isinstance(schema, Mapping)  # the file is an object (jsonschema also allows true/false)
    properties: Mapping[str, object] = schema["properties"]
    return properties


def _check_agreement(book: RuleBook, rule: Rule, agreement: Agreement, param_schema: Mapping[str, object]) -> None:
    """An agreement names a parameter of the engine and gives it a value that parameter accepts."""
    name = agreement["parameter"]
    if name not in param_schema:
        raise DataError(rule.file, f"unknown parameter '{name}'", rule_id=rule.id, key="agreement.parameter")
    samples = [agreement["value"]] if "value" in agreement else list(agreement["range"].values())
    for value in samples:
        for error in validator("params").iter_errors({name: value}):
            raise DataError(rule.file, explain(error), rule_id=rule.id, key="agreement")
    if [r.id for r in book.rules.values() if r.agreement and r.agreement["name"] == agreement["name"]] != [rule.id]:
        raise DataError(rule.file, f"agreement name '{agreement['name']}' is used by another rule too",
                        rule_id=rule.id, key="agreement.name")


def reading_conditions(reading: Reading) -> list[dict[str, Condition]]:
    """A reading's conditions as alternatives (any one met will do); none: it always holds."""
    when = reading.get("when")
    return [] if when is None else [when] if isinstance(when, dict) else list(when)


def _check_reading(book: RuleBook, rule: Rule, reading: Reading, where: str) -> None:
    """A reading's cases are decision rows of the book, and its conditions name facts and their values."""
    for case in reading.get("cases", ()):
        rule_id, _, name = case.rpartition("/")
        owner = book.rules.get(rule_id or rule.id)
        if owner is None or name not in {d["case"] for d in owner.decisions}:
            raise DataError(rule.file, f"case '{case}' is no decision row (case, or rule id/case)", rule_id=rule.id,
                            key=f"{where}.cases")
    for conditions in reading_conditions(reading):
        for name, condition in conditions.items():
            _check_row_fact(book, rule, name, condition, f"{where}.when.{name}")


def _check_decision(book: RuleBook, rule: Rule, decision: Decision, where: str) -> None:
    irregularity = decision["irregularity"]
    irregularities = [irregularity] if isinstance(irregularity, str) else irregularity
    for value in irregularities:
        _check_row_fact(book, rule, "irregularity", value, f"{where}.irregularity")
    for name, condition in decision.get("when", {}).items():
        if name == SHORTCUT_FACT:
            raise DataError(rule.file, f"'{SHORTCUT_FACT}' is a shortcut for the moments of the timeline: state "
                                       "the row's window with `window: after/before` instead",
                            rule_id=rule.id, key=f"{where}.when.{name}")
        _check_row_fact(book, rule, name, condition, f"{where}.when.{name}")
    window = decision["window"]
    for side, moments in (("after", window.get("after", [])), ("before", window.get("before", []))):
        for moment in moments:
            fact = book.facts.get(moment)
            if fact is None or "moment" not in fact:
                raise DataError(rule.file, f"window uses '{moment}', which is not a moment on the timeline "
                                           f"(rules/{FACTS_FILE})", rule_id=rule.id, key=f"{where}.window.{side}")
    param_schema = _param_schema()
    for name in decision.get("params", {}):
        if name not in param_schema:
            raise DataError(rule.file, f"unknown engine parameter '{name}'", rule_id=rule.id,
                            key=f"{where}.params.{name}")
    if book.option_labels:
        for i, option in enumerate(decision["options"]):
            if option["id"] not in book.option_labels:
                raise DataError(rule.file, f"option '{option['id']}' is not listed under options in "
                                           f"rules/{FACTS_FILE}", rule_id=rule.id, key=f"{where}.options[{i}].id")
    for cite in decision.get("cites", []):
        if cite not in book.rules:
            raise DataError(rule.file, f"cites unknown rule '{cite}'", rule_id=rule.id, key=f"{where}.cites")
    for other in decision.get("precedes", []):
        other_rule, _, case = other.partition("/")
        if other_rule not in book.rules or case not in {d["case"] for d in book.rules[other_rule].decisions}:
            raise DataError(rule.file, f"precedes '{other}', which is no decision row (rule id/case)", rule_id=rule.id,
                            key=f"{where}.precedes")


def _check_drill(book: RuleBook, rule: Rule, drill: DrillEntry, where: str) -> None:
    """A drill sits beside a law with decision rows, makes true facts the interview knows, and names only
    options of that law's rows and the places its words may fill."""
    if rule.section != LAW_SECTION or not rule.decisions:
        raise DataError(rule.file, "a drill sits beside a law's decision rows", rule_id=rule.id, key=where)
    if sum(d["code"] == drill["code"] for r in book.rules.values() for d in r.drills) != 1:
        raise DataError(rule.file, f"drill code '{drill['code']}' is used twice", rule_id=rule.id, key=f"{where}.code")
    for name, value in drill["facts"].items():
        _check_row_fact(book, rule, name, value, f"{where}.facts.{name}")
    for name in drill.get("observed", ()):
        if name not in book.facts:
            raise DataError(rule.file, f"observed fact '{name}' is not a fact of rules/{FACTS_FILE}", rule_id=rule.id,
                            key=f"{where}.observed")
    options = {option["id"] for decision in rule.decisions for option in decision["options"]}
    named = [*drill["remedies"], *drill.get("tutor_prefers", ()), *drill.get("shows", {}),
             *([drill["replay_scored_as"]] if "replay_scored_as" in drill else [])]
    for option in named:
        if option not in options:
            raise DataError(rule.file, f"option '{option}' is not an option of law {rule.law}'s rulings",
                            rule_id=rule.id, key=where)
    words_of = [("seen", drill.get("seen", "")), *((f"shows.{o}", w) for o, w in drill.get("shows", {}).items())]
    for key, words in words_of:
        for place in _places(words):
            if place not in DRILL_PLACES:
                raise DataError(rule.file, f"'{{{place}}}' is not something a drill's words can name "
                                           f"({', '.join(DRILL_PLACES)})", rule_id=rule.id, key=f"{where}.{key}")


def _places(template: str) -> list[str]:
    """The names of the ``{places}`` of a template."""
    return [name for _text, name, _spec, _conv in Formatter().parse(template) if name is not None]


def _check_presupposition(book: RuleBook, rule: Rule, presupposition: Presupposition, where: str) -> None:
    irregularity = presupposition["irregularity"]
    for value in [irregularity] if isinstance(irregularity, str) else irregularity:
        _check_row_fact(book, rule, "irregularity", value, f"{where}.irregularity")
    for part, conditions in (("when", presupposition.get("when", {})), ("then", presupposition["then"])):
        for name, condition in conditions.items():
            _check_row_fact(book, rule, name, condition, f"{where}.{part}.{name}")


def _check_row_fact(book: RuleBook, rule: Rule, name: str, condition: Condition, key: str) -> None:
    problem = _condition_problem(book.facts, name, condition)
    if problem:
        raise DataError(rule.file, problem, rule_id=rule.id, key=key)


def load_rulebook(root: Path | str | None = None) -> RuleBook:
    """Read, validate and cross-check every file under ``root`` (default: the bundled ``rules/``)."""
    root = Path(root) if root else paths.rules_dir()
    if not root.is_dir():
        raise DataError(root, "no rule book folder here")
    sources = _load_sources(root)
    facts, option_labels, implications, outcomes = _load_facts(root)
    sections: list[Section] = []
    files: dict[str, str] = {}
    for path in sorted(root.glob("*.yaml")) + sorted((root / LAWS_FOLDER).glob("*.yaml")):
        if path.name in (SOURCES_FILE, FACTS_FILE):
            continue
        section = _load_section(path, root)
        sections.append(section)
        for rule in section.rules:
            files.setdefault(rule.id, section.file)
    patterns = root / PATTERNS_FILE
    strategy = load_strategy(patterns) if patterns.exists() else None
    book = RuleBook(root, sections, sources, facts, option_labels, implications, strategy)
    book.option_outcomes = outcomes
    book.translations = {lang: load_translation(root, lang) for lang in LANGS if lang != DEFAULT_LANG}
    _cross_check(book, files)
    if strategy:
        unknown = sorted(strategy.rule_ids() - set(book.rules))
        if unknown:
            raise DataError(patterns, f"cites rule(s) not in the rule book: {', '.join(unknown)}", key="rule")
    return book


_default: list[RuleBook] = []  # the bundled rule book, once loaded (see default_rulebook)
_default_lock = threading.Lock()


def default_rulebook() -> RuleBook:
    """The bundled rule book, loaded on first use and then kept.

    The one piece of data the package keeps for the whole process, so that ``ask(question)``
    works with no library given; the site, the command line and the tests that use other
    folders load their own (:func:`ecarte_tutor.library.load_library`) and pass it explicitly.
    """
    if not _default:
        with _default_lock:
            if not _default:
                _default.append(load_rulebook())
    return _default[0]
