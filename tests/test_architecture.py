"""The package root imports lazily; the layer contracts themselves run as `lint-imports` (pyproject.toml)."""
import subprocess
import sys


def test_importing_the_cards_loads_neither_the_engine_nor_the_web():
    probe = ("import sys, ecarte_tutor.cards; "
             "print(sorted(m for m in sys.modules if m.startswith(('ecarte_tutor.', 'flask', 'yaml'))))")
    loaded = eval(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout)
    # the cards' words in each language (ecarte_tutor.i18n), whose catalogues are read on first use only
    assert loaded == ["ecarte_tutor.cards", "ecarte_tutor.errors", "ecarte_tutor.i18n"]


def test_the_root_still_offers_ask_and_the_library():
    import ecarte_tutor
    assert callable(ecarte_tutor.ask) and callable(ecarte_tutor.load_library)
