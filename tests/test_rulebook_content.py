"""The non-law part of the rule book: coverage, sources, the profile table, and own words."""
import re
from pathlib import Path

import pytest
from data_under_test import PROFILES

from ecarte_tutor.rulebook import LAW_SECTION

SHARED = Path(__file__).resolve().parents[2] / "shared"
NGRAM = 10

# The parameter table every profile must resolve to (see rules/variants.yaml).
PROFILE_TABLE = {
    "elder_min_discard": {"london": 1, "french": 1, "modern": 0, "finnish": 1},
    "dealer_min_discard": {"london": 1, "french": 0, "modern": 0, "finnish": 1},
    "elder_vulnerable_without_proposal": {"london": True, "french": True, "modern": False, "finnish": True},
    "elder_committed_after_acceptance": {"london": False, "french": False, "modern": False, "finnish": True},
    "vulnerable_vole_value": {"london": 2, "french": 2, "modern": 3, "finnish": 2},
    "king_window": {"london": "before-own-first-card", "french": "before-first-lead",
                    "modern": "before-first-lead", "finnish": "before-first-lead"},
    "short_stock_dealer": {"london": "plays-without-exchange", "french": "takes-what-remains",
                           "modern": "takes-what-remains", "finnish": "takes-what-remains"},
    "game_value": {"london": "single", "french": "single", "modern": "single", "finnish": "by-loser-score"},
}

# Parameters shared by every profile, and the rule that must set each.
COMMON = {
    "pack_size": ("pack.piquet-pack", 32),
    "rank_order": ("pack.rank-order", ["K", "Q", "J", "A", "10", "9", "8", "7"]),
    "hand_size": ("deal.five-cards", 5),
    "stock_size": ("deal.turn-up", 21),
    "king_points": ("king.turned-up", 1),
    "elder_max_discard": ("exchange.discard-limits", 5),
    "dealer_max_discard": ("exchange.discard-limits", 5),
    "must_follow_suit": ("play.follow-suit", True),
    "must_head_trick": ("play.head-the-trick", True),
    "must_trump_when_void": ("play.trump-when-void", True),
    "point_tricks": ("scoring.point", 3),
    "point_value": ("scoring.point", 1),
    "rubber_games": ("scoring.rubber", 2),
    "vole_value": ("scoring.vole", 2),
    "vulnerable_point_value": ("scoring.penalty", 2),
    "dealer_vulnerable_on_first_refusal": ("scoring.penalty", True),
    "claim_order": ("scoring.claim-order", ["turned-king", "announced-king", "tricks"]),
    "game_target": ("scoring.game", 5),
    "game_value_scale": ("scoring.game-value-scale", [{"loser_at_most": 0, "value": 3},
                                                      {"loser_at_most": 2, "value": 2},
                                                      {"loser_at_most": 4, "value": 1}]),
}

OPTIONAL_AGREEMENTS = ("variant.ace-high", "variant.treble-double-single", "variant.doubling",
                       "variant.offering-the-point", "variant.pool-ecarte", "variant.french-bystanders",
                       "variant.single-exchange")


def _non_law_rules(book):
    return [rule for rule in book.rules.values() if rule.section != LAW_SECTION]


def test_at_least_forty_rules_outside_the_laws(book):
    assert len(_non_law_rules(book)) >= 40


def test_every_rule_cites_a_source(book):
    for rule in book.rules.values():
        assert rule.sources, rule.id


def test_every_variant_covers_the_four_profiles_with_sources(book):
    assert len(book.variants) >= 8
    for rule in book.variants:
        profiles = rule.variant["profiles"]
        assert set(profiles) == set(PROFILES), rule.id
        for name, choice in profiles.items():
            assert choice["sources"] and choice["says"].strip(), f"{rule.id} / {name}"


@pytest.mark.parametrize("name", sorted(PROFILE_TABLE))
def test_profile_parameters_match_the_table(book, name):
    for profile, value in PROFILE_TABLE[name].items():
        assert book.params(profile)[name] == value, f"{name} under {profile}"


def test_examples_from_the_brief(book):
    assert book.params("modern").dealer_min_discard == 0
    assert book.params("finnish").game_value == "by-loser-score"
    assert book.params().king_window == "before-own-first-card"


@pytest.mark.parametrize("name", sorted(COMMON))
def test_common_parameters_and_their_rules(book, name):
    rule_id, value = COMMON[name]
    for profile in PROFILES:
        params = book.params(profile)
        assert params[name] == value, f"{name} under {profile}"
        assert params.rule_for(name) == rule_id


def test_the_profiles_and_default(book):
    assert {book.profiles[p].id for p in PROFILES} == {f"profile.{p}" for p in PROFILES}
    assert book.default_profile == "london"


def test_optional_agreements(book):
    for rule_id in OPTIONAL_AGREEMENTS:
        rule = book.rules[rule_id]
        assert rule.optional and not rule.variant, rule_id
        agreement = rule.agreement
        if agreement and "value" in agreement:
            # off by default in every profile: agreeing is what changes the parameter
            assert all(book.params(p)[agreement["parameter"]] != agreement["value"] for p in PROFILES
                       if p != "finnish" or agreement["name"] != "treble-double-single"), rule_id
    assert book.rules["scoring.rubber"].optional
    contract = {"ace-high", "doubling", "offer-the-point", "treble-double-single", "single-exchange", "game-target"}
    added = {"bystanders-advise"}  # names may be added to the API contract's, never renamed or dropped
    assert set(book.agreements) == contract | added


def test_disagreements_cite_sources(book):
    assert any(r.disagreements for r in book.rules.values())
    for rule in book.rules.values():
        for item in rule.disagreements:
            assert item["sources"], rule.id


def test_prose_names_sources_in_words_not_file_numbers(book):
    """A referee's report: "seed 000", "seed 002" stood in pages players read; a source is named by its title."""
    seed = re.compile(r"\bseeds? 00\d\b")
    found = [f"{rule.id} {where}" for rule in book.rules.values() for where, text in _texts(rule) if seed.search(text)]
    found += [f"{rule.id} reading" for rule in book.rules.values() for r in rule.readings
              if seed.search(r["reading"] + r["because"])]
    found += [f"{rule.id} {d['case']}" for rule in book.rules.values() for d in rule.decisions
              if seed.search(d["explanation"] + " ".join(o["consequence"] for o in d["options"]))]
    found += [f"profile {name}" for name, profile in book.profiles.items() if seed.search(str(profile))]
    assert found == []


def test_the_bystanders_ruling_does_not_deny_what_other_sources_say(book):
    """A referee's report: "no source we hold gives [a penalty]", though the old Hoyle and Foster name penalties for
    other conduct of onlookers; the club code's own laws are what is missing, and the rule cites both books."""
    rule = book.rules["variant.french-bystanders"]
    texts = [rule.statement] + [o["consequence"] for d in rule.decisions for o in d["options"]]
    assert not any("no source we hold" in text for text in texts)
    assert {"old-hoyle", "foster-hoyle"} <= {s.source for s in rule.sources}


# --- own words -----------------------------------------------------------------------------

WORD = re.compile(r"[\w']+", re.UNICODE)


def _words(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]


def _source_grams() -> dict:
    grams = {}
    for folder in ("seeds", "reference"):
        for path in sorted((SHARED / folder).glob("*")):
            if path.is_file():
                words = _words(path.read_text(encoding="utf-8", errors="ignore"))
                for i in range(len(words) - NGRAM + 1):
                    grams.setdefault(tuple(words[i:i + NGRAM]), path.name)
    return grams


def _texts(rule):
    yield "statement", rule.statement
    yield "title", rule.title
    for i, item in enumerate(rule.disagreements):
        yield f"disagreements[{i}]", item["says"]
    if rule.variant:
        for name, choice in rule.variant["profiles"].items():
            yield f"variant.{name}", choice["says"]


@pytest.mark.skipif(not (SHARED / "seeds").is_dir(), reason="../shared/seeds is not available")
def test_no_ten_word_run_is_copied_from_a_source(book):
    """Statements, titles, disagreements, variant choices and intros, across line breaks."""
    grams = _source_grams()
    copied = []
    for rule in book.rules.values():
        for where, text in _texts(rule):
            words = _words(text)
            for i in range(len(words) - NGRAM + 1):
                source = grams.get(tuple(words[i:i + NGRAM]))
                if source:
                    copied.append(f"{rule.id} {where}: {' '.join(words[i:i + NGRAM])!r} ({source})")
                    break
    for section in book.sections:
        words = _words(section.intro)
        for i in range(len(words) - NGRAM + 1):
            source = grams.get(tuple(words[i:i + NGRAM]))
            if source:
                copied.append(f"{section.file} intro: {' '.join(words[i:i + NGRAM])!r} ({source})")
                break
    assert copied == []
