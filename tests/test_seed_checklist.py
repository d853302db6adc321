"""Every rule point of the five seed documents is mapped to rules that exist in the rule book."""
from pathlib import Path

import pytest
import yaml

CHECKLIST = Path(__file__).parent / "data" / "seed-checklist.yaml"
SEEDS = ("000_f339bf3fbe17f421.txt", "001_d6b316de8f0e03fa.txt", "002_d9fc179f4930552c.plain.txt",
         "003_78d1d904dd10fd30.txt", "004_66b5ce0da29977b6.txt")
SHARED_SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def _checklist() -> dict:
    return yaml.safe_load(CHECKLIST.read_text(encoding="utf-8"))["seeds"]


def test_every_seed_has_entries():
    checklist = _checklist()
    assert sorted(checklist) == sorted(SEEDS)
    for seed in SEEDS:
        assert len(checklist[seed]) >= 10, f"{seed}: too few rule points"


@pytest.mark.parametrize("seed", SEEDS)
def test_entries_are_well_formed(seed):
    for entry in _checklist()[seed]:
        assert set(entry) == {"point", "rules"}, entry
        assert isinstance(entry["point"], str) and len(entry["point"]) >= 10, entry
        assert entry["rules"] and all(isinstance(r, str) for r in entry["rules"]), entry


@pytest.mark.parametrize("seed", SEEDS)
def test_every_mapped_rule_exists(seed, book):
    missing = sorted({rule for entry in _checklist()[seed] for rule in entry["rules"] if rule not in book})
    assert missing == [], f"{seed}: unknown rule ids {missing}"


def test_london_laws_1_to_15_of_seed_000_are_mapped():
    mapped = {rule for entry in _checklist()[SEEDS[0]] for rule in entry["rules"]}
    assert {f"law.{n}" for n in range(1, 16)} <= mapped


@pytest.mark.skipif(not SHARED_SEEDS.is_dir(), reason="../shared/seeds is not available")
def test_checklist_names_the_real_seed_files():
    for seed in SEEDS:
        assert (SHARED_SEEDS / seed).is_file(), seed
